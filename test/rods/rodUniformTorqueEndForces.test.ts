import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ObjectGround, MarkerBodyRigid, MarkerNodeRigid, MarkerBodyMass, MarkerNodePosition,
  GenericJoint, LoadForceVector, LoadSinusoidalEndForces, ObjectRodUniformTorque, SensorLoad, SensorNode, type MainSystem,
} from '../../src/index.ts';

const EI = 5, GA = 1e3, EA = 1e4;

/** A straight rod along x (length L, p = 2), clamped at s = 0 by a GenericJoint (bending and torsion stiffness EI). */
function clampedRod(L: number, numberOfElements: number): { mbs: MainSystem; rod: number; nodes: number[]; massMarker: number } {
  const mbs = new SystemContainer().addSystem();
  const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', length: L }, numberOfElements, polynomialDegree: 2,
    physicsAxialShearStiffness: [EA, GA, GA], physicsBendingTorsionStiffness: [EI, EI, EI], physicsMassPerLength: 1, physicsInertiaPerLength: [1e-3, 1e-3, 1e-3],
  });
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: [0, 0, 0] }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: rod.nodeNumbers[0] }))] }));
  return { mbs, rod: rod.objectNumber, nodes: rod.nodeNumbers, massMarker: mbs.addMarker(MarkerBodyMass({ bodyNumber: rod.objectNumber })) };
}

function staticSettings(loadSteps: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.numberOfLoadSteps = loadSteps;
  settings.staticSolver.newton.relativeTolerance = 1e-12;
  return settings;
}

/** Rotation matrix (row-major) of angle θ about the unit axis a (Rodrigues). */
function axisRotation(a: number[], theta: number): number[] {
  const c = Math.cos(theta), s = Math.sin(theta), v = 1 - c, [x, y, z] = a;
  return [c + x * x * v, x * y * v - z * s, x * z * v + y * s, y * x * v + z * s, c + y * y * v, y * z * v - x * s, z * x * v - y * s, z * y * v + x * s, c + z * z * v];
}

describe('ObjectRodUniformTorque (PyElastica UniformTorques)', () => {
  it('cantileverUnderAGlobalTorqueDensityTurnsAboutTheTorqueAxisByTauTimesLsMinusHalfSSquaredOverEI', () => {
    // Closed form: without forces n ≡ 0, so m' + τ = 0 gives the global moment m(s) = τ (L − s). With B = EI·I (bending and
    // torsion equal) the global curvature is m/EI, of fixed direction τ̂: the section at s is the rotation about τ̂ by
    // θ(s) = |τ|(L s − s²/2)/EI and r(s) = ∫ R(τ̂, θ) e_x ds (no stretch, no shear); τ̂ twists and bends the rod at once.
    // (Rotations about τ̂ leave τ̂ fixed, so a body-fixed density of the same components has the same solution here.)
    // Reference position by Simpson's rule on 4000 intervals (error ~1e-14). p = 2, 16 elements: measured tip errors
    // 2.6e-6 (rotation matrix, max entry) and 1.0e-6 L (position), with 32 elements 1.6e-7 and 6.3e-8 L (order 4 in h:
    // the discretization error, not a modelling difference); asserted 4e-6 and 2e-6.
    const L = 1.5, thetaTip = 1.4, axis = [1 / Math.SQRT2, 0, 1 / Math.SQRT2], tau = 2 * EI * thetaTip / (L * L);
    const { mbs, rod, nodes } = clampedRod(L, 16);
    mbs.addObject(ObjectRodUniformTorque({ bodyNumber: rod, torquePerLength: axis.map((a) => tau * a) }));
    mbs.assemble();
    mbs.solveStatic(staticSettings(4));
    const theta = (s: number) => tau * (L * s - s * s / 2) / EI;
    const tip = nodes[nodes.length - 1];
    const rotation = Array.from(mbs.getNodeOutput(tip, OutputVariableType.RotationMatrix));
    const exactRotation = axisRotation(axis, thetaTip);
    const rotationError = Math.max(...rotation.map((r, i) => Math.abs(r - exactRotation[i])));
    const intervals = 4000, h = L / intervals, exactTip = [0, 0, 0];
    for (let i = 0; i <= intervals; i++) {
      const w = (i === 0 || i === intervals ? 1 : i % 2 === 1 ? 4 : 2) * h / 3, R = axisRotation(axis, theta(i * h));
      for (let d = 0; d < 3; d++) exactTip[d] += w * R[3 * d];
    }
    const position = mbs.getNodeOutput(tip, OutputVariableType.Position);
    const positionError = Math.hypot(position[0] - exactTip[0], position[1] - exactTip[1], position[2] - exactTip[2]);
    console.log(`RodUniformTorque: tip rotation error ${rotationError.toExponential(2)}, tip position error ${(positionError / L).toExponential(2)} L`);
    expect(rotationError).toBeLessThan(4e-6);
    expect(positionError / L).toBeLessThan(2e-6);
  });

  it('aPlanarTipRotationEqualsTauLSquaredOverTwoEIScaledByTheLoadFactorAtEveryLoadStep', () => {
    // τ about z: planar, θ(L) = λ τL²/(2EI) at load factor λ = k/3 of load step k (the static solver's load factor scales τ).
    const L = 1, tau = 0.8, { mbs, rod, nodes } = clampedRod(L, 8);
    mbs.addObject(ObjectRodUniformTorque({ bodyNumber: rod, torquePerLength: [0, 0, tau] }));
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: nodes[nodes.length - 1], outputVariableType: OutputVariableType.RotationMatrix, storeInternal: true }));
    mbs.assemble();
    mbs.solveStatic(staticSettings(3));
    const rows = mbs.getSensorStoredData(sensor).filter((row) => row[0] > 0);
    expect(rows.map((row) => row[0])).toEqual([1 / 3, 2 / 3, 1].map((t) => expect.closeTo(t, 12)));
    // p = 2, 8 elements: θ(s) is quadratic in s; measured errors 1.9e-10, 1.5e-9, 5.2e-9 rad (rotation interpolation); asserted 1e-7
    const errors = rows.map((row) => Math.abs(Math.atan2(row[4], row[1]) - row[0] * tau * L * L / (2 * EI)));
    console.log(`planar tip rotation errors ${errors.map((e) => e.toExponential(1)).join(", ")}`);
    for (const error of errors) expect(error).toBeLessThan(1e-7);
  });

  it('rejectsABodyThatIsNotARodAndPointsPerElementOutOfRange', () => {
    const mbs = new SystemContainer().addSystem();
    const mass = mbs.addObject({ objectType: 'MassPoint', nodeNumber: mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0, 0, 0] }), physicsMass: 1 });
    mbs.addObject(ObjectRodUniformTorque({ bodyNumber: mass, torquePerLength: [0, 0, 1] }));
    expect(() => mbs.assemble()).toThrow(/ObjectRodUniformTorque #1: bodyNumber must refer to a rod .*got object #0 without them/);
    const { mbs: rodSystem, rod } = clampedRod(1, 2);
    expect(() => rodSystem.addObject(ObjectRodUniformTorque({ bodyNumber: rod, pointsPerElement: 11 }))).toThrow(/pointsPerElement must be 1 … 10, got 11/);
  });
});

describe('LoadSinusoidalEndForces (PyElastica EndpointForcesSinusoidal)', () => {
  const options = { startForceMagnitude: 0.5, endForceMagnitude: -0.8, rampUpTime: 0.3, tangentDirection: [1, 0, 0], normalDirection: [0, 0, 1] };
  /** PyElastica's law: −2 n̂ before t_r, then cos(½π(t − t_r)) r̂ + sin(½π(t − t_r)) n̂ with r̂ = n̂ × t̂ = e_y here. */
  const direction = (t: number) => t < options.rampUpTime ? [0, 0, -2]
    : [0, Math.cos(0.5 * Math.PI * (t - options.rampUpTime)), Math.sin(0.5 * Math.PI * (t - options.rampUpTime))];

  it('forcesFollowPyElasticasTimeLawAndActOnTheEndNodesLikeNodalForces', () => {
    // Two models integrated with the same settings: the sinusoidal end forces, and LoadForceVector user functions with
    // the law written out on MarkerNodePosition of the end nodes. The generalized forces are the same numbers, so the
    // trajectories agree to round-off (asserted 1e-12 relative); the load sensor reports [F_start, F_end] of the law.
    const run = (withItem: boolean) => {
      const { mbs, nodes, massMarker } = clampedRod(1, 4);
      let sensor = -1;
      if (withItem) {
        const load = mbs.addLoad(LoadSinusoidalEndForces({ markerNumber: massMarker, ...options }));
        sensor = mbs.addSensor(SensorLoad({ loadNumber: load, storeInternal: true }));
      } else {
        for (const [node, magnitude] of [[nodes[0], options.startForceMagnitude], [nodes[nodes.length - 1], options.endForceMagnitude]] as const) {
          mbs.addLoad(LoadForceVector({ markerNumber: mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), loadVectorUserFunction: (_m, t) => direction(t).map((d) => magnitude * d) }));
        }
      }
      mbs.assemble();
      const settings = new SimulationSettings();
      settings.solutionSettings.writeSolutionToFile = false;
      settings.timeIntegration.verboseMode = 0;
      settings.timeIntegration.endTime = 1;
      settings.timeIntegration.numberOfSteps = 50;
      mbs.solveDynamic(settings);
      return { tip: mbs.getNodeOutput(nodes[nodes.length - 1], OutputVariableType.Position), rows: sensor >= 0 ? mbs.getSensorStoredData(sensor) : [] };
    };
    const withItem = run(true), reference = run(false);
    const size = Math.hypot(...Array.from(reference.tip));
    for (let d = 0; d < 3; d++) expect(Math.abs(withItem.tip[d] - reference.tip[d]) / size).toBeLessThan(1e-12);
    expect(withItem.rows.length).toBeGreaterThan(40);
    for (const row of withItem.rows) {
      const d = direction(row[0]);
      for (let i = 0; i < 3; i++) {
        expect(row[1 + i]).toBeCloseTo(options.startForceMagnitude * d[i], 14);
        expect(row[4 + i]).toBeCloseTo(options.endForceMagnitude * d[i], 14);
      }
    }
    // the rotating phase has begun (t = 1: a quarter turn is at t = 1.3) and the ramp phase was recorded
    expect(withItem.rows.some((row) => row[0] < options.rampUpTime)).toBe(true);
  });

  it('staticTipForceDeflectsTheCantileverByPL3Over3EIPlusPLOverGA', () => {
    // A static solve runs the load steps over the time [loadStepStart, loadStepStart + loadStepDuration] = [0, 1], so the law is
    // evaluated at t = 1: with rampUpTime 1 the tip force is F_e r̂ = F_e e_y (r̂ = n̂ × t̂). Timoshenko: δ = PL³/(3EI) + PL/GA;
    // geometric nonlinearity ~(PL²/EI)² = 1.6e-7 relative; measured 8e-8; asserted 1e-6.
    const L = 1, P = 2e-3, { mbs, nodes, massMarker } = clampedRod(L, 8);
    mbs.addLoad(LoadSinusoidalEndForces({ markerNumber: massMarker, startForceMagnitude: 3, endForceMagnitude: P, rampUpTime: 1, tangentDirection: [1, 0, 0], normalDirection: [0, 0, 1] }));
    mbs.assemble();
    mbs.solveStatic(staticSettings(1));
    const exact = P * L ** 3 / (3 * EI) + P * L / GA;
    const tip = mbs.getNodeOutput(nodes[nodes.length - 1], OutputVariableType.Position);
    console.log(`SinusoidalEndForces static tip: ${tip[1]} vs ${exact} (relative ${(tip[1] / exact - 1).toExponential(2)})`);
    expect(Math.abs(tip[1] / exact - 1)).toBeLessThan(1e-6);
    expect(Math.abs(tip[2])).toBeLessThan(1e-15);
  });

  it('rejectsAMarkerThatIsNotOnARod', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0, 0, 0] });
    const mass = mbs.addObject({ objectType: 'MassPoint', nodeNumber: node, physicsMass: 1 });
    mbs.addLoad(LoadSinusoidalEndForces({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: mass })), endForceMagnitude: 1 }));
    expect(() => mbs.assemble()).toThrow(/LoadSinusoidalEndForces.*markerNumber.*MarkerBodyMass on a rod/);
  });
});
