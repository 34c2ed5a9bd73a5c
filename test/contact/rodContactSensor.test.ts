import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/random.ts';
import {
  SystemContainer, SimulationSettings, MarkerBodyRigid, MarkerNodeRigid, ObjectGround, GenericJoint, Force, FlexdynError,
  LinearSolverType, type MainSystem,
} from '../../src/index.ts';

/** A rod's section: EA, GA, GJ, EI of a solid circle of radius r, E = 1e7 Pa, G = E/3 (as in rodContact.test.ts). */
function section(r: number, E = 1e7) {
  const A = Math.PI * r * r, I = Math.PI * r ** 4 / 4, G = E / 3;
  return {
    physicsAxialShearStiffness: [E * A, G * A, G * A], physicsBendingTorsionStiffness: [2 * G * I, E * I, E * I],
    physicsMassPerLength: 1000 * A, physicsInertiaPerLength: [2000 * I, 1000 * I, 1000 * I],
  };
}

/** Clamps node `node` at p to the ground with a GenericJoint (constrainedAxes in global axes, rotation on the ground side). */
function clamp(mbs: MainSystem, node: number, p: number[], constrainedAxes = [1, 1, 1, 1, 1, 1], rotation = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]): void {
  const ground = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: p }));
  mbs.addObject(GenericJoint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }))], constrainedAxes, rotationMarker0: rotation }));
}

/**
 * Two straight rods of radius r = 1 cm crossing at a right angle (the set-up of rodContact.test.ts): A along x at z = 0,
 * B along y at height zB, both of length L centred over the origin, with a rod-contact sensor on their GeneralContact.
 */
function crossingRods(zB: number, mu = 0) {
  const r = 0.01, L = 0.5, k = 1e5;
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setFrictionPairings([[mu]]);
  contact.frictionProportionalZone = 0.01;
  const rod = { interpolation: 'R12', formulation: 'displacement', numberOfElements: 15, polynomialDegree: 2, ...section(r) } as const;
  const rodA = mbs.createCosseratRod({ ...rod, centerline: { type: 'Straight', start: [-L / 2, 0, 0], direction: [1, 0, 0], length: L } });
  const rodB = mbs.createCosseratRod({ ...rod, centerline: { type: 'Straight', start: [0, -L / 2, zB], direction: [0, 1, 0], length: L } });
  contact.addCosseratRod(rodA.objectNumber, r, k, 0, 0, 3);
  contact.addCosseratRod(rodB.objectNumber, r, k, 0, 0, 3);
  const sensor = mbs.createRodContactSensor({ generalContactNumber: 0, storeInternal: true, writeToFile: false });
  return { mbs, contact, rodA, rodB, r, L, k, sensor };
}

describe('createRodContactSensor: the rod contacts of a GeneralContact as a sensor', () => {
  it('two crossing rods pressed together statically: total force = load, one contact, minimum gap = −P/k_eff, no slip', () => {
    // A clamped at both ends, B guided at both ends (free in z) and pushed down at its middle by P: the contact force on
    // B (the rod added second) is +P e_z by statics, the gap −P/k_eff with k_eff = k/2 by the penalty law
    const P = 0.05, zB0 = 0.0199;
    const { mbs, contact, rodA, rodB, L, k, sensor } = crossingRods(zB0);
    const last = rodA.nodeNumbers.length - 1;
    clamp(mbs, rodA.nodeNumbers[0], [-L / 2, 0, 0]); clamp(mbs, rodA.nodeNumbers[last], [L / 2, 0, 0]);
    const turned = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
    clamp(mbs, rodB.nodeNumbers[0], [0, -L / 2, zB0], [1, 1, 0, 1, 1, 1], turned); clamp(mbs, rodB.nodeNumbers[last], [0, L / 2, zB0], [1, 1, 0, 1, 1, 1], turned);
    const middleB = rodB.nodeNumbers[(rodB.nodeNumbers.length - 1) / 2];
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: middleB })), loadVector: [0, 0, -P] }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.linearSolverType = LinearSolverType.EigenSparse;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0;
    settings.staticSolver.verboseMode = 0;
    settings.staticSolver.newton.relativeTolerance = 1e-10;
    settings.staticSolver.numberOfLoadSteps = 1;
    mbs.solveStatic(settings);

    const rows = mbs.getSensorStoredData(sensor);
    expect(rows).toHaveLength(2); // the initial state and the one load step
    // initial row: B starts 0.1 mm into A at the crossing, rods straight: one pair, gap −1e-4, force k_eff·1e-4 upward on B
    const kEff = k / 2, initialGap = zB0 - 0.02;
    const [t0, fx0, fy0, fz0, n0, gap0, slip0] = rows[0];
    expect(t0).toBe(0);
    expect(n0).toBe(1);
    expect(Math.abs(gap0 - initialGap)).toBeLessThan(1e-15);
    expect(Math.abs(fz0 - kEff * -initialGap) / (kEff * -initialGap)).toBeLessThan(1e-12);
    expect(Math.hypot(fx0, fy0)).toBeLessThan(1e-12);
    expect(slip0).toBe(0);

    // solved row: Newton converged to 1e-10 relative, so force balance and the penalty law hold to 1e-7
    const [, fx, fy, fz, n, gap, slip] = rows[1];
    expect(n).toBe(1);
    expect(Math.abs(fz - P) / P).toBeLessThan(1e-7);
    expect(Math.hypot(fx, fy) / P).toBeLessThan(1e-7);
    expect(Math.abs(gap + P / kEff) / (P / kEff)).toBeLessThan(1e-7);
    expect(slip).toBe(0); // a static solve has zero velocities
    // the sensor records exactly what the query gives
    const [query] = contact.rodContacts();
    expect([fx, fy, fz, gap]).toEqual([...query.force, query.gap]);
    expect(mbs.getSensorValues(sensor)).toEqual(rows[1].slice(1));
  });

  it('sums several pairs, takes the smallest gap and the largest slip speed, and records zeros without contact', () => {
    const next = mulberry32(3);
    const { mbs, contact, sensor } = crossingRods(0.019, 0.3);
    mbs.assemble();
    const s = mbs.compiled().data.current;
    // perturbed positions and velocities: several segment pairs in contact with different gaps and slips
    for (let i = 0; i < s.q.length; i++) s.q[i] += 4e-4 * (next() - 0.5);
    for (let i = 0; i < s.u.length; i++) s.u[i] += 0.2 * (next() - 0.5);
    const pairs = contact.rodContacts();
    expect(pairs.length).toBeGreaterThan(1);
    const [fx, fy, fz, n, gap, slip] = mbs.getSensorValues(sensor);
    expect(n).toBe(pairs.length);
    const sum = [0, 1, 2].map((c) => pairs.reduce((total, pair) => total + pair.force[c], 0));
    // the same sum in the same order: equal to the last bit
    expect([fx, fy, fz]).toEqual(sum);
    expect(gap).toBe(Math.min(...pairs.map((pair) => pair.gap)));
    expect(slip).toBe(Math.max(...pairs.map((pair) => Math.hypot(...pair.slipVelocity))));
    expect(slip).toBeGreaterThan(0);

    // rods 1 cm apart (gap 1 cm): no contact, a row of zeros
    const apart = crossingRods(0.03);
    apart.mbs.assemble();
    expect(apart.contact.rodContacts()).toHaveLength(0);
    expect(apart.mbs.getSensorValues(apart.sensor)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('bad input: a GeneralContact that does not exist, a wrong option; nothing is added', () => {
    const mbs = new SystemContainer().addSystem();
    expect(() => mbs.createRodContactSensor({ generalContactNumber: 0 })).toThrow(/createRodContactSensor: generalContactNumber must be the index of a GeneralContact \(none was added.*got number 0/);
    mbs.addGeneralContact();
    const error = (() => { try { mbs.createRodContactSensor({ generalContactNumber: 1 }); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(FlexdynError);
    expect((error as FlexdynError).message).toMatch(/createRodContactSensor: generalContactNumber must be the index of a GeneralContact \(0 … 0\), got number 1/);
    expect((error as FlexdynError).parameter).toBe('generalContactNumber');
    expect(() => mbs.createRodContactSensor({ generalContactNumber: 0.5 })).toThrow(/generalContactNumber.*got number 0\.5/);
    expect(() => mbs.createRodContactSensor({ generalContactNumber: 0, storeInternal: 1 as unknown as boolean })).toThrow(/createRodContactSensor: storeInternal must be a boolean, got number 1/);
    expect(() => mbs.createRodContactSensor({ generalContactNumber: 0, contactNumber: 0 } as never)).toThrow(/contactNumber.*an option of createRodContactSensor/);
    expect(mbs.numberOfSensors).toBe(0);
  });
});
