/**
 * Exudyn's beamTutorial: two 2 m steel strips (5 mm × 10 mm) along x under gravity, each of 16 elements made by
 * generateStraightBeam —
 *
 * - a geometrically exact beam (ObjectBeamGeometricallyExact2D, `Beam2D`) clamped at x = 0, swinging about its static
 *   deflection (bending damping 0.02·EI),
 * - an ANCF cable (ObjectANCFCable2D, `Cable2D`) held at its first node by a GenericJoint (x, y and the rotation about z
 *   constrained; MarkerNodeRigid on the Point2DSlope1 node) whose offset user function moves the node by 0.5 m along x
 *   between t = 2 and 4 s and turns the ground frame by π between t = 5 and 10 s (SmoothStep).
 *
 * At t = 0 both are the same clamped cantilever, so their static tip deflections agree up to shear and discretization
 * (printed). Then 2000 steps of 5 ms to t = 10 s (modified Newton, EigenSparse), as Exudyn's script.
 *
 * Run `npx tsx examples/beamTutorial.ts`.
 * @module
 */

import { pathToFileURL } from 'node:url';
import {
  SystemContainer, SimulationSettings, LinearSolverType, OutputVariableType, Beam2D, Cable2D, MarkerBodyRigid, MarkerNodeRigid,
  GenericJoint, SmoothStep, generateStraightBeam, type MainSystem,
} from '../src/node.ts';

/** Strip length L [m]. */
export const length = 2;
const E = 2e11, rho = 7800, h = 0.005, b = 0.01, nu = 0.3;
const A = b * h, I = b * h ** 3 / 12;
/** Bending stiffness EI [N m²]. */
export const EI = E * I;
const EA = E * A, rhoA = rho * A, rhoI = rho * I;
const ks = 10 * (1 + nu) / (12 + 11 * nu);
const GA = ks * E / (2 * (1 + nu)) * A;
/** Gravity [m/s²]. */
export const gravity = [0, -9.81, 0];

/** The tutorial's model and the items the checks use. */
export interface BeamTutorialModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** Nodes of the geometrically exact beam (RigidBody2D) and of the cable (Point2DSlope1), first to last. */
  beamNodes: number[];
  cableNodes: number[];
}

/** Builds the tutorial's two strips and the driven joint (numberOfElements per strip, default 16). */
export function buildBeamTutorial(numberOfElements = 16): BeamTutorialModel {
  const mbs = new SystemContainer().addSystem();
  const [beamNodes] = generateStraightBeam(mbs, {
    positionOfNode0: [0, 0, 0], positionOfNode1: [length, 0, 0], numberOfElements,
    beamTemplate: Beam2D({
      nodeNumbers: [-1, -1], physicsMassPerLength: rhoA, physicsCrossSectionInertia: rhoI, physicsBendingStiffness: EI,
      physicsAxialStiffness: EA, physicsShearStiffness: GA, physicsBendingDamping: 0.02 * EI, visualization: { drawHeight: h },
    }),
    gravity, fixedConstraintsNode0: [1, 1, 1],
  });
  const [cableNodes] = generateStraightBeam(mbs, {
    positionOfNode0: [0, 0, 0], positionOfNode1: [length, 0, 0], numberOfElements,
    beamTemplate: Cable2D({
      nodeNumbers: [-1, -1], physicsMassPerLength: rhoA, physicsBendingStiffness: EI, physicsAxialStiffness: EA,
      physicsBendingDamping: 0.02 * EI, visualization: { drawHeight: h },
    }),
    gravity,
  });
  const ground = mbs.createGround({ referencePosition: [0, 0, 0] });
  const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  const mCable = mbs.addMarker(MarkerNodeRigid({ nodeNumber: cableNodes[0] }));
  mbs.addObject(GenericJoint({
    markerNumbers: [mGround, mCable], constrainedAxes: [1, 1, 0, 0, 0, 1],
    // translate in the joint frame, then turn the frame of the ground marker
    offsetUserFunction: (_mbs, t) => [SmoothStep(t, 2, 4, 0, 0.5), 0, 0, 0, 0, SmoothStep(t, 5, 10, 0, Math.PI)],
    visualization: { axesRadius: 0.01, axesLength: 0.02 },
  }));
  mbs.assemble();
  return { mbs, beamNodes, cableNodes };
}

/** Exudyn's simulation settings of the tutorial: 2000 steps of 5 ms, EigenSparse, modified Newton. */
export function tutorialSettings(endTime = 10, stepSize = 0.005): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = Math.round(endTime / stepSize);
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.verboseMode = 1;
  settings.solutionSettings.solutionWritePeriod = 0.005;
  settings.solutionSettings.writeSolutionToFile = true;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.newton.useModifiedNewton = true;
  return settings;
}

/** Tip displacement in y of the last node of a node list. */
export function tipDeflection(mbs: MainSystem, nodes: number[]): number {
  return mbs.getNodeOutput(nodes[nodes.length - 1], OutputVariableType.Displacement)[1];
}

function main(): void {
  const model = buildBeamTutorial();
  const settings = tutorialSettings();
  settings.staticSolver.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  model.mbs.solveStatic(settings);
  const beam = tipDeflection(model.mbs, model.beamNodes), cable = tipDeflection(model.mbs, model.cableNodes);
  console.log(`static tip deflection: geometrically exact beam ${beam.toFixed(6)} m, ANCF cable ${cable.toFixed(6)} m (relative difference ${Math.abs(beam / cable - 1).toExponential(2)})`);
  const dynamic = tutorialSettings();
  model.mbs.solveDynamic(dynamic);
  const p = model.mbs.getNodeOutput(model.cableNodes[0], OutputVariableType.Position);
  console.log(`t = 10 s: cable node 0 at [${p[0].toFixed(6)}, ${p[1].toFixed(6)}] (prescribed: the ground frame turned by π carries the 0.5 m offset to [−0.5, 0])`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
