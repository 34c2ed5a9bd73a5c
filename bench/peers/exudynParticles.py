"""The particle box of bench/particles.bench.ts in Exudyn's API, for the side-by-side harness (bench/peers/sideBySide.mjs):

    python3 exudynParticles.py <spheres> <timed steps>

n mass points with contact spheres of radius r0*(0.999 + 0.002*u), u from the same seeded mulberry32 generator as
the bench (test/helpers/random.ts, seed 1), in a cubic lattice 0.5 % tighter than the spheres, ten layers high, in an
open box of five Exudyn bricks (graphics.Brick, merged, 60 triangles on the ground's rigid-body marker), initial velocity
-1 m/s in z, gravity; GeneralContact with k = 2e3, d = 4, no friction, the bench's search-tree box and cells;
explicit Euler, h = 1e-4, computeEndOfStepAccelerations = False, linearSolverType EigenSparse (the mass matrix is
factorized once by a sparse LU, as in Flexdyn's explicit solver), no solution file, one thread
(simulationSettings.parallel.numberOfThreads = 1, which also sets GeneralContact's threads). One solve of
steps + 1 steps; timed (as in the bench) are the steps after the first: from the second call of a pre-step user
function to the end of SolveDynamic. Prints `PEERS_RESULT {json}` with the seconds, steps and the lowest sphere centre.
"""
import json
import math
import sys
import time

import numpy as np
import exudyn as exu
import exudyn.graphics as graphics
from exudyn.itemInterface import (ObjectGround, MarkerBodyRigid, NodePoint, MassPoint, MarkerNodePosition, Force)

n = int(sys.argv[1])
steps = int(sys.argv[2])

r0 = 0.05
inset = 0.995 * r0
spacing = 2 * inset
mass = 0.05
k = 2e3
d = 4
h = 1e-4
layers = 10


def mulberry32(seed):
    """The bench's seeded generator (test/helpers/random.ts): uniform numbers in [0, 1)."""
    state = [seed & 0xFFFFFFFF]

    def imul(a, b):
        return (a * b) & 0xFFFFFFFF

    def next_value():
        state[0] = (state[0] + 0x6D2B79F5) & 0xFFFFFFFF
        t = state[0]
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296
    return next_value


random = mulberry32(1)
row = math.ceil(math.sqrt(n / layers))
width = (row - 1) * spacing + 2 * inset
wall = 2 * r0
height = (math.ceil(n / (row * row)) + 1) * spacing

SC = exu.SystemContainer()
mbs = SC.AddSystem()
contact = mbs.AddGeneralContact()
contact.SetFrictionPairings(np.zeros((1, 1)))

c = 0.5 * width
box = graphics.Brick(centerPoint=[c, c, -0.5 * wall], size=[width + 2 * wall, width + 2 * wall, wall], addNormals=False)
for x, y, sx, sy in [[-0.5 * wall, c, wall, width], [width + 0.5 * wall, c, wall, width],
                     [c, -0.5 * wall, width + 2 * wall, wall], [c, width + 0.5 * wall, width + 2 * wall, wall]]:
    box = graphics.MergeTriangleLists(box, graphics.Brick(centerPoint=[x, y, 0.5 * height], size=[sx, sy, height], addNormals=False))
ground = mbs.AddObject(ObjectGround(referencePosition=[0, 0, 0]))
points, triangles = graphics.ToPointsAndTrigs(box)
contact.AddTrianglesRigidBodyBased(rigidBodyMarkerIndex=mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground)), contactStiffness=k,
                                   contactDamping=d, frictionMaterialIndex=0, pointList=points, triangleList=triangles)
nodes = []
for i in range(n):
    ix = i % row
    iy = (i // row) % row
    iz = i // (row * row)
    node = mbs.AddNode(NodePoint(referenceCoordinates=[inset + ix * spacing, inset + iy * spacing, inset + iz * spacing],
                                 initialVelocities=[0, 0, -1]))
    mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(Force(markerNumber=marker, loadVector=[0, 0, -mass * 9.81]))
    contact.AddSphereWithMarker(marker, radius=r0 * (0.999 + 0.002 * random()), contactStiffness=k, contactDamping=d,
                                frictionMaterialIndex=0)
    nodes.append(node)
contact.SetSearchTreeBox(pMin=[-wall, -wall, -wall], pMax=[width + wall, width + wall, height])
contact.SetSearchTreeCellSize(numberOfCells=[row + 2, row + 2, math.ceil(n / (row * row)) + 2])
mbs.Assemble()

settings = exu.SimulationSettings()
settings.solutionSettings.writeSolutionToFile = False
settings.timeIntegration.verboseMode = 0
settings.timeIntegration.numberOfSteps = steps + 1
settings.timeIntegration.endTime = (steps + 1) * h
settings.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = False
settings.parallel.numberOfThreads = 1
settings.linearSolverType = exu.LinearSolverType.EigenSparse  # the constant mass matrix by a sparse LU, as ours (the default dense LU: 4 s/step at 10 000 spheres)

calls = [0, 0.0]


def pre_step(mbs, t):
    """Starts the clock at the second step."""
    calls[0] += 1
    if calls[0] == 2:
        calls[1] = time.perf_counter()
    return True


mbs.SetPreStepUserFunction(pre_step)
mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.ExplicitEuler)
seconds = time.perf_counter() - calls[1]
solver = mbs.sys['dynamicSolver']
lowest = min(mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[2] for node in nodes)
print('PEERS_RESULT ' + json.dumps({'seconds': seconds, 'steps': solver.it.currentStepIndex - 2, 'newton': 0, 'jacobians': 0,
                                    'solves': 1, 'preStepCalls': calls[0], 'result': lowest, 'exudyn': exu.__version__,
                                    'threads': [settings.parallel.numberOfThreads]}), flush=True)
