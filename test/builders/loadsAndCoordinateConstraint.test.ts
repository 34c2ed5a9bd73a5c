import { describe, it, expect } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, InertiaCuboid, RotationMatrixZ, CircularCrossSection, rodStiffnessFromMaterial, FlexdynError,
  type MainSystem,
} from '../../src/index.ts';

/** One dynamic step of h = 1e-5 s from rest; the velocities are then a·h to O(h·ω) = 0 (the body starts at rest). */
function oneStep(mbs: MainSystem): void {
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.endTime = 1e-5;
  settings.timeIntegration.numberOfSteps = 1;
  settings.timeIntegration.verboseMode = 0;
  mbs.solveDynamic(settings);
}

/** A 2 kg brick 1 × 0.2 × 0.1 m (Izz = m(1 + 0.04)/12), free, no gravity, rotated by angle about z. */
function brick(angle = 0): { mbs: MainSystem; body: number; node: number; mass: number; Izz: number } {
  const mbs = new SystemContainer().addSystem();
  const inertia = InertiaCuboid({ density: 100, sideLengths: [1, 0.2, 0.1] });
  const result = mbs.createRigidBody({ inertia, referencePosition: [0, 0, 0], referenceRotationMatrix: RotationMatrixZ(angle), returnDict: true });
  return { mbs, body: result.bodyNumber, node: result.nodeNumber, mass: inertia.mass, Izz: inertia.mass * (1 + 0.04) / 12 };
}

describe('createForce, createTorque (Exudyn CreateForce, CreateTorque)', () => {
  it('a force off the center of mass accelerates and turns the body: a = F/m, α = I⁻¹ (r × F)', () => {
    const { mbs, body, node, mass, Izz } = brick();
    const load = mbs.createForce({ bodyNumber: body, loadVector: [0, 3, 0], localPosition: [0.5, 0, 0], name: 'push' });
    expect(mbs.getLoad(load).loadType).toBe('ForceVector');
    expect(mbs.getMarker(mbs.getLoad(load).markerNumber as number).markerType).toBe('BodyPosition');
    oneStep(mbs);
    const h = 1e-5;
    const v = mbs.getNodeOutput(node, OutputVariableType.Velocity), w = mbs.getNodeOutput(node, OutputVariableType.AngularVelocity);
    // relative 1e-9: generalized-α reproduces a constant acceleration over one step; the rotation in the step is ω h = 1e-10
    expect(v[1] / (3 / mass * h)).toBeCloseTo(1, 9);
    expect(w[2] / (0.5 * 3 / Izz * h)).toBeCloseTo(1, 9);
    expect(Math.abs(v[0]) + Math.abs(v[2]) + Math.abs(w[0]) + Math.abs(w[1])).toBeLessThan(1e-15);
  });

  it('bodyFixed turns the force with the body; a torque spins it: ω = τ h / Izz', () => {
    const turned = brick(Math.PI / 2);
    turned.mbs.createForce({ bodyNumber: turned.body, loadVector: [1, 0, 0], bodyFixed: true });
    oneStep(turned.mbs);
    const v = turned.mbs.getNodeOutput(turned.node, OutputVariableType.Velocity);
    expect(v[1] / (1 / turned.mass * 1e-5)).toBeCloseTo(1, 9); // body x = global y
    expect(Math.abs(v[0])).toBeLessThan(1e-15);

    const spun = brick();
    const torque = spun.mbs.createTorque({ bodyNumber: spun.body, loadVector: [0, 0, 2] });
    expect(spun.mbs.getLoad(torque).loadType).toBe('TorqueVector');
    oneStep(spun.mbs);
    expect(spun.mbs.getNodeOutput(spun.node, OutputVariableType.AngularVelocity)[2] / (2 * 1e-5 / spun.Izz)).toBeCloseTo(1, 9);
    expect(spun.mbs.getNodeOutput(spun.node, OutputVariableType.Velocity).every((x) => Math.abs(x) < 1e-15)).toBe(true);
  });

  it('names bad input before adding anything', () => {
    const { mbs, body } = brick();
    const before = [mbs.numberOfMarkers, mbs.numberOfLoads];
    expect(() => mbs.createForce({ bodyNumber: -1 as never })).toThrow('createForce: bodyNumber must be an object index (the body the load acts on), got number -1');
    expect(() => mbs.createTorque({ bodyNumber: body, localPosition: [0, 0] })).toThrow(/^createTorque: localPosition must be a vector of 3 finite numbers/);
    expect(() => mbs.createForce({ bodyNumber: body, loadVector: [1, 2] })).toThrow(FlexdynError);
    // an unknown option (Exudyn would raise a TypeError; a JS object would be silently ignored)
    expect(() => mbs.createForce({ bodyNumber: body, loadVektor: [0, 1, 0] } as never)).toThrow(/^createForce: 'loadVektor' is not an option of createForce \(did you mean 'loadVector'\?\)/);
    expect(() => mbs.createTorque({ bodyNumber: body, bodyfixed: true } as never)).toThrow(/^createTorque: 'bodyfixed' is not an option of createTorque \(did you mean 'bodyFixed'\?\)/);
    expect([mbs.numberOfMarkers, mbs.numberOfLoads]).toEqual(before);
  });
});

describe('createCoordinateConstraint (Exudyn CreateCoordinateConstraint)', () => {
  it('holds a coordinate against the ground and couples two bodies: factorValue1·c1 − c0 = offset', () => {
    const mbs = new SystemContainer().addSystem();
    const m0 = mbs.createMassPoint({ referencePosition: [0, 0, 0], physicsMass: 1, gravity: [0, -9.81, 0] });
    const m1 = mbs.createMassPoint({ referencePosition: [1, 0, 0], physicsMass: 2, gravity: [0, -9.81, 0] });
    const ground = mbs.createGround();
    // y of m0 held by the ground (null side), y of m1 = y of m0 / 2 + 0.1 (factor 2, offset 0.2: 2 y1 − y0 = 0.2)
    const held = mbs.createCoordinateConstraint({ bodyNumbers: [null, m0], coordinates: [null, 1], name: 'hold' });
    mbs.createCoordinateConstraint({ bodyNumbers: [m0, m1], coordinates: [1, 1], factorValue1: 2, offset: 0.2 });
    // x and z of both: held by the ground object as side 0
    for (const [m, c] of [[m0, 0], [m0, 2], [m1, 0], [m1, 2]]) mbs.createCoordinateConstraint({ bodyNumbers: [ground, m], coordinates: [null, c] });
    const markers = mbs.getObject(held).markerNumbers as number[];
    expect(mbs.getMarker(markers[0]).name).toBe('Marker0:hold');
    expect(mbs.getNode(mbs.getMarker(markers[0]).nodeNumber as number).nodeType).toBe('PointGround');
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.verboseMode = 0;
    mbs.solveStatic(settings);
    const y = (m: number) => mbs.getNodeOutput(mbs.getObject(m).nodeNumber as number, OutputVariableType.Displacement)[1];
    expect(y(m0)).toBe(0);
    expect(2 * y(m1) - y(m0)).toBeCloseTo(0.2, 14);
  });

  it("counts a body's coordinates over its nodes, and names bad input", () => {
    const mbs = new SystemContainer().addSystem();
    const rodParameters = rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.01 }), E: 1e9, nu: 0.3, density: 1000 });
    const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length: 1 }, numberOfElements: 1, polynomialDegree: 1, rodParameters });
    // two quaternion nodes of 7 coordinates: coordinate 9 is node 1's coordinate 2
    const c = mbs.createCoordinateConstraint({ bodyNumbers: [null, rod.objectNumber], coordinates: [null, 9] });
    const marker = mbs.getMarker((mbs.getObject(c).markerNumbers as number[])[1]);
    expect([marker.nodeNumber, marker.coordinate]).toEqual([rod.nodeNumbers[1], 2]);
    const counts = () => [mbs.numberOfNodes, mbs.numberOfMarkers, mbs.numberOfObjects];
    const before = counts();
    expect(() => mbs.createCoordinateConstraint({ bodyNumbers: [null, rod.objectNumber], coordinates: [null, 14] }))
      .toThrow('createCoordinateConstraint: coordinates[1] must be in 0 … 13 (the coordinates of CosseratRod #0\'s nodes), got 14');
    expect(() => mbs.createCoordinateConstraint({ bodyNumbers: [null, null], coordinates: [null, null] }))
      .toThrow(/^createCoordinateConstraint: bodyNumbers must name at least one body that is not the ground/);
    expect(() => mbs.createCoordinateConstraint({ bodyNumbers: [rod.objectNumber], coordinates: [0, 0] } as never)).toThrow(/^createCoordinateConstraint: bodyNumbers must be \[body0, body1\]/);
    expect(() => mbs.createCoordinateConstraint({ bodyNumbers: [null, rod.objectNumber], coordinates: [null, 1.5] })).toThrow(/^createCoordinateConstraint: coordinates\[1\] must be a coordinate index/);
    expect(() => mbs.createCoordinateConstraint({ bodyNumbers: [null, rod.objectNumber], coordinates: [null, 0], factorValue1: 'x' as never })).toThrow(FlexdynError);
    expect(() => mbs.createCoordinateConstraint({ bodyNumbers: [null, rod.objectNumber], coordinates: [null, 0], factor: 2 } as never))
      .toThrow(/^createCoordinateConstraint: 'factor' is not an option of createCoordinateConstraint/);
    expect(counts()).toEqual(before);
  });
});
