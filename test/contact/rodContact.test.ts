import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/random.ts';
import {
  SystemContainer, SimulationSettings, MarkerBodyRigid, MarkerNodeRigid, ObjectGround, GenericJoint, Force, FlexdynError, ContactTypeIndex,
  LinearSolverType, OutputVariableType, LoadMassProportional, MarkerBodyMass, type MainSystem,
} from '../../src/index.ts';
import { contactJacobianErrors } from './contactJacobian.ts';
import { SegmentPair } from '../../src/contact/segmentPair.ts';
import { SweptSegmentCrossing } from '../../src/contact/rodTunnelling.ts';

/** A rod's section: EA, GA, GJ, EI of a solid circle of radius r, E = 1e7 Pa, G = E/3 (stiff, light). */
function section(r: number, E = 1e7) {
  const A = Math.PI * r * r, I = Math.PI * r ** 4 / 4, G = E / 3;
  return {
    physicsAxialShearStiffness: [E * A, G * A, G * A], physicsBendingTorsionStiffness: [2 * G * I, E * I, E * I],
    physicsMassPerLength: 1000 * A, physicsInertiaPerLength: [2000 * I, 1000 * I, 1000 * I],
  };
}

/**
 * Clamps node `node` at position p to the ground with a GenericJoint (constrainedAxes as given, in global axes);
 * rotation: the node's reference orientation (rotationMarker0 on the ground side).
 */
function clamp(mbs: MainSystem, node: number, p: number[], constrainedAxes = [1, 1, 1, 1, 1, 1], rotation = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]): void {
  const ground = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(ObjectGround({})), localPosition: p }));
  mbs.addObject(GenericJoint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }))], constrainedAxes, rotationMarker0: rotation }));
}

function staticSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.newton.relativeTolerance = 1e-10;
  return settings;
}

describe('SweptSegmentCrossing: two segments that pass through each other within a step', () => {
  /** The end points [A_0, A_1, B_0, B_1] at the time fraction τ of the linear motion from x0 to x1. */
  const at = (x0: Float64Array, x1: Float64Array, tau: number) => x0.map((v, k) => v + tau * (x1[k] - v));

  it('agrees with the smallest distance over the step sampled finely (random motions), and places the crossing', () => {
    const next = mulberry32(11);
    const crossing = new SweptSegmentCrossing(), pair = new SegmentPair();
    let crossed = 0, checked = 0;
    for (let trial = 0; trial < 400; trial++) {
      // segments of length ≈ 1 moving by ≈ 1: about a third of the trials cross
      const x0 = Float64Array.from({ length: 12 }, () => next() - 0.5);
      const x1 = x0.map((v) => v + 1.2 * (next() - 0.5));
      // the smallest distance: sampled at 1000 instants, then refined by a ternary search around the smallest sample
      const distance = (tau: number) => { pair.evaluate(at(x0, x1, tau), 0, 6); return pair.distance; };
      let where = 0;
      for (let m = 1; m <= 1000; m++) if (distance(m / 1000) < distance(where)) where = m / 1000;
      let lo = Math.max(0, where - 2e-3), hi = Math.min(1, where + 2e-3);
      for (let iteration = 0; iteration < 100; iteration++) {
        const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (distance(m1) < distance(m2)) hi = m2; else lo = m1;
      }
      const smallest = distance(0.5 * (lo + hi));
      // segments that met have a distance of round-off there (< 1e-9); grazing trials (1e-9 … 1e-6) are left out
      if (smallest > 1e-9 && smallest < 1e-6) continue;
      checked++;
      const found = crossing.find(x0, x1, 0, 6);
      expect(found).toBe(smallest <= 1e-9);
      if (!found) continue;
      crossed++;
      // at τ the points A(s) and B(t) coincide (the root is bisected to 1e-13 in τ)
      const x = at(x0, x1, crossing.tau);
      for (let k = 0; k < 3; k++) {
        const a = x[k] + crossing.s * (x[3 + k] - x[k]), b = x[6 + k] + crossing.t * (x[9 + k] - x[6 + k]);
        expect(Math.abs(a - b)).toBeLessThan(1e-9);
      }
    }
    expect(checked).toBeGreaterThan(390);
    expect(crossed).toBeGreaterThan(40);
  });

  it('finds shallow crossings, crossings near a segment end and through a node, and not a touch or a parallel pass', () => {
    const crossing = new SweptSegmentCrossing();
    const find = (x0: number[], x1: number[]) => crossing.find(Float64Array.from(x0), Float64Array.from(x1), 0, 6);
    // B at 2° to A, 1 cm above it, moves 2 cm down: the old check (sine ≥ 0.1) skipped this
    const c = Math.cos(0.035), sn = Math.sin(0.035);
    expect(find([0, 0, 0, 1, 0, 0, 0.5 - c / 2, -sn / 2, 0.01, 0.5 + c / 2, sn / 2, 0.01], [0, 0, 0, 1, 0, 0, 0.5 - c / 2, -sn / 2, -0.01, 0.5 + c / 2, sn / 2, -0.01])).toBe(true);
    expect(crossing.tau).toBeCloseTo(0.5, 12);
    expect(crossing.s).toBeCloseTo(0.5, 9);
    // B crosses A at s = 0.999 (the closest points at the start and at the end of the step are A's end point)
    expect(find([0, 0, 0, 1, 0, 0, 0.999, -0.5, 0.3, 0.999, 0.5, 0.3], [0, 0, 0, 1, 0, 0, 0.999, -0.5, -0.3, 0.999, 0.5, -0.3])).toBe(true);
    expect(crossing.s).toBeCloseTo(0.999, 9);
    // B sweeps through A's end node exactly (s = 1): counted (the next segment of a rod shares the node)
    expect(find([0, 0, 0, 1, 0, 0, 1, -0.5, 0.3, 1, 0.5, 0.3], [0, 0, 0, 1, 0, 0, 1, -0.5, -0.3, 1, 0.5, -0.3])).toBe(true);
    // B passes beside A's end (s would be 1.01): no crossing
    expect(find([0, 0, 0, 1, 0, 0, 1.01, -0.5, 0.3, 1.01, 0.5, 0.3], [0, 0, 0, 1, 0, 0, 1.01, -0.5, -0.3, 1.01, 0.5, -0.3])).toBe(false);
    // B turns about an axis through A's line so that it touches A's line at the middle of the step without crossing it:
    // its ends move from (0.5, ∓0.5, 0.2) to (0.5, ±0.5, 0.2)… linear paths through the plane z = 0.2 never reach A
    expect(find([0, 0, 0, 1, 0, 0, 0.5, -0.5, 0.2, 0.5, 0.5, 0.2], [0, 0, 0, 1, 0, 0, 0.5, 0.5, 0.2, 0.5, -0.5, 0.2])).toBe(false);
    // B dips onto A's end point and leaves it (A's line touched beyond the segment: the root's s = 1.2 is outside)
    expect(find([0, 0, 0, 1, 0, 0, 1.2, -0.5, 0.1, 1.2, 0.5, 0.1], [0, 0, 0, 1, 0, 0, 1.2, -0.5, -0.1, 1.2, 0.5, -0.1])).toBe(false);
    // B parallel to A, 1 cm beside it, slides along: coplanar all the time (f ≡ 0), no crossing
    expect(find([0, 0, 0, 1, 0, 0, -0.5, 0.01, 0, 0.5, 0.01, 0], [0, 0, 0, 1, 0, 0, 0.5, 0.01, 0, 1.5, 0.01, 0])).toBe(false);
    // B crosses A and A's next segment shares the node: the crossing through the node is found on the segment A
    expect(find([0, 0, 0, 1, 0, 0, 0.25, -0.5, 0.1, 0.25, 0.5, 0.1], [0, 0, 0, 1, 0, 0, 0.25, -0.5, -0.1, 0.25, 0.5, -0.1])).toBe(true);
    expect(crossing.s).toBeCloseTo(0.25, 9);
  });
});

describe('SegmentPair: closest points of two segments', () => {
  it('matches a brute-force minimum over a fine grid of (s, t), and ∂s/∂z, ∂t/∂z match central differences', () => {
    const next = mulberry32(7);
    const pair = new SegmentPair(), probe = new SegmentPair();
    let interiorBoth = 0;
    for (let trial = 0; trial < 200; trial++) {
      const x = Float64Array.from({ length: 12 }, () => 2 * next() - 1);
      pair.evaluate(x, 0, 6);
      // brute force: the minimum over a 201 × 201 grid is at most the true minimum + O(h²|a||b|)
      let best = Infinity;
      for (let i = 0; i <= 200; i++) {
        for (let j = 0; j <= 200; j++) {
          const s = i / 200, t = j / 200;
          let sq = 0;
          for (let k = 0; k < 3; k++) { const d = x[6 + k] + t * (x[9 + k] - x[6 + k]) - x[k] - s * (x[3 + k] - x[k]); sq += d * d; }
          best = Math.min(best, Math.sqrt(sq));
        }
      }
      expect(pair.distance).toBeLessThanOrEqual(best + 1e-12);
      expect(best - pair.distance).toBeLessThan(2e-4);
      if (pair.s > 0 && pair.s < 1 && pair.t > 0 && pair.t < 1) interiorBoth++;
      pair.derivatives();
      const h = 1e-6;
      for (let c = 0; c < 12; c++) {
        const xp = x.slice(), xm = x.slice();
        xp[c] += h; xm[c] -= h;
        probe.evaluate(xp, 0, 6); const sp = probe.s, tp = probe.t;
        probe.evaluate(xm, 0, 6); const sm = probe.s, tm = probe.t;
        // away from the clamping switches (|s − 0|, |s − 1| ≫ h): central differences to O(h²) ≈ 1e-9
        if (Math.min(pair.s, 1 - pair.s, pair.t, 1 - pair.t) > 1e-3 || (pair.s === 0 || pair.s === 1) && Math.min(pair.t, 1 - pair.t) > 1e-3) {
          expect(Math.abs((sp - sm) / (2 * h) - pair.s_z[c])).toBeLessThan(1e-5 * (1 + Math.abs(pair.s_z[c])));
          expect(Math.abs((tp - tm) / (2 * h) - pair.t_z[c])).toBeLessThan(1e-5 * (1 + Math.abs(pair.t_z[c])));
        }
      }
    }
    expect(interiorBoth).toBeGreaterThan(20);
  });
});

/** The rod element of {@link crossingRods}. */
type RodElement = 'R12 displacement' | 'default';

/**
 * Two straight rods of radius r crossing at a right angle: A along x at z = 0, B along y at height zB, both of length
 * L centred over the origin (shifted by offsetA, offsetB along their axes), n elements of degree p, m segments per element.
 */
function crossingRods(options: { zB: number; p?: number; n?: number; m?: number; mu?: number; damping?: number; offsetA?: number; offsetB?: number; r?: number; L?: number; k?: number; E?: number; element?: RodElement }) {
  const { zB, p = 1, n = 5, m = 1, mu = 0, damping = 0, offsetA = 0, offsetB = 0, r = 0.01, L = 0.5, k = 1e5, E = 1e7, element = 'R12 displacement' } = options;
  // seed 000's element, or the defaults (quaternion, mixed: stresses on a node of their own, which the contact never touches)
  const pin = element === 'default' ? {} : { interpolation: 'R12', formulation: 'displacement' } as const;
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setFrictionPairings([[mu]]);
  contact.frictionProportionalZone = 0.01;
  const rodA = mbs.createCosseratRod({ ...pin, centerline: { type: 'Straight', start: [-L / 2 + offsetA, 0, 0], direction: [1, 0, 0], length: L }, numberOfElements: n, polynomialDegree: p, ...section(r, E) });
  const rodB = mbs.createCosseratRod({ ...pin, centerline: { type: 'Straight', start: [0, -L / 2 + offsetB, zB], direction: [0, 1, 0], length: L }, numberOfElements: n, polynomialDegree: p, ...section(r, E) });
  contact.addCosseratRod(rodA.objectNumber, r, k, damping, 0, m);
  contact.addCosseratRod(rodB.objectNumber, r, k, damping, 0, m);
  return { mbs, contact, rodA, rodB, r, L, k };
}

describe('GeneralContact: rod–rod contact', () => {
  for (const [name, options] of [
    ['linear elements, frictionless, no damping', { p: 1, m: 1 }],
    ['quadratic elements, 3 segments per element, damping and friction', { p: 2, m: 3, mu: 0.3, damping: 20 }],
    ['linear elements, 2 segments per element, friction (sliding regime)', { p: 1, m: 2, mu: 0.5, damping: 5 }],
  ] as const) for (const element of ['R12 displacement', 'default'] as const) {
    it(`${name}, ${element}: analytic Jacobians against central differences`, () => {
      const next = mulberry32(name.length);
      const { mbs, contact } = crossingRods({ zB: 0.019, offsetA: 0.013, offsetB: -0.021, element, ...options });
      mbs.assemble();
      const s = mbs.compiled().data.current;
      for (let k = 0; k < s.q.length; k++) s.q[k] += 4e-4 * (next() - 0.5);
      for (let k = 0; k < s.u.length; k++) s.u[k] += 0.2 * (next() - 0.5);
      const pairs = contact.rodContacts();
      expect(pairs.length).toBeGreaterThan(0);
      const mu = options.mu ?? 0;
      for (const { force, normal, normalForce, slipVelocity } of pairs) {
        // the slip is tangential; the friction (force minus its normal part −F n) opposes it with μ|F| at most
        const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        expect(Math.abs(dot(slipVelocity, normal))).toBeLessThan(1e-12);
        const friction = force.map((f, k) => f + normalForce * normal[k]);
        expect(Math.hypot(...friction)).toBeLessThanOrEqual(mu * Math.abs(normalForce) * (1 + 1e-12) + 1e-12);
        if (mu > 0) expect(dot(friction, slipVelocity)).toBeLessThan(0);
      }
      const errors = contactJacobianErrors(mbs, contact);
      expect(errors.force).toBeGreaterThan(1); // in contact: k/2·1 mm ≈ 50 N
      // central differences with step 1e-7 of forces ≈ 1e2 with entries ≈ 1e5: truncation and round-off ≲ 1e-7 relative
      expect(errors.q).toBeLessThan(1e-6);
      // without damping and friction the forces do not depend on the velocities
      if (options.damping === undefined) expect(errors.scaleU).toBe(0);
      else expect(errors.u).toBeLessThan(1e-6);
    });
  }

  for (const element of ['R12 displacement', 'default'] as const) it(`two crossing rods pressed together (${element}): static contact force = load, gap = −P/k_eff (penalty law), deflection of the clamped rod vs Timoshenko`, () => {
    // A clamped at both ends; B guided at both ends (free in z only) and pushed down at its middle by P: statics gives a
    // contact force P, the penalty law the gap −P/k_eff with k_eff = k/2 (two equal springs in series), and A's middle
    // deflects by the clamped–clamped beam's P L³/(192 EI) + P L/(4 κGA) (Timoshenko; the rod's shear stiffness GA).
    const P = 0.05, E = 1e7; // deflection ≈ 0.4 mm ≪ r = 10 mm: linear beam theory holds (membrane stiffening ~ (δ/r)²)
    // B starts 0.1 mm into A, so that the contact holds B from the first Newton iteration (B is free in z)
    const { mbs, contact, rodA, rodB, r, L, k } = crossingRods({ zB: 0.0199, p: 2, n: 15, m: 3, element });
    const last = rodA.nodeNumbers.length - 1;
    clamp(mbs, rodA.nodeNumbers[0], [-L / 2, 0, 0]); clamp(mbs, rodA.nodeNumbers[last], [L / 2, 0, 0]);
    // B's sections are turned by 90° about z (its axis is y): the joints' frames on the ground side too
    const turned = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
    clamp(mbs, rodB.nodeNumbers[0], [0, -L / 2, 0.0199], [1, 1, 0, 1, 1, 1], turned); clamp(mbs, rodB.nodeNumbers[last], [0, L / 2, 0.0199], [1, 1, 0, 1, 1, 1], turned);
    const middleB = rodB.nodeNumbers[(rodB.nodeNumbers.length - 1) / 2];
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerNodeRigid({ nodeNumber: middleB })), loadVector: [0, 0, -P] }));
    mbs.assemble();
    const settings = staticSettings();
    // one load step: at a fraction of P the contact would push B off A, which is free in z (a singular system)
    settings.staticSolver.numberOfLoadSteps = 1;
    mbs.solveStatic(settings);
    const contacts = contact.rodContacts();
    expect(contacts).toHaveLength(1);
    const [c] = contacts;
    const kEff = k / 2;
    // Newton converged to 1e-10 relative: force balance and the law hold to that
    expect(Math.abs(c.normalForce + P) / P).toBeLessThan(1e-7);
    expect(Math.abs(c.gap + P / kEff) / (P / kEff)).toBeLessThan(1e-7);
    expect(c.force[2]).toBeCloseTo(P, 6); // the contact force on B (the rod added second) holds it up
    const I = Math.PI * r ** 4 / 4, GA = (E / 3) * Math.PI * r * r;
    const deflection = P * L ** 3 / (192 * E * I) + P * L / (4 * GA);
    const zMiddle = (mbs.getNodeOutput(rodA.nodeNumbers[last / 2], OutputVariableType.Displacement) as number[])[2];
    // A's middle node under the contact converges as h² to the beam (measured 2.0 %, 0.59 %, 0.24 % with 5, 9, 15
    // quadratic elements): with 15, within 3e-3
    expect(Math.abs(-zMiddle - deflection) / deflection).toBeLessThan(3e-3);
    // the closest centerline points are 2r − P/k_eff apart
    const distance = Math.hypot(c.pointB[0] - c.pointA[0], c.pointB[1] - c.pointA[1], c.pointB[2] - c.pointA[2]);
    expect(Math.abs(distance - (2 * r - P / kEff))).toBeLessThan(1e-12);
    // B's middle (straight: load and contact at the same place) lies on A's middle plus 2r − P/k_eff plus the sag of A's
    // contact segment above its bent centerline, κh²/8 with κ = PL/(8EI) and the segment length h = L/45
    const zB = (mbs.getNodeOutput(middleB, OutputVariableType.Displacement) as number[])[2] + 0.0199;
    const sag = (P * L / (8 * E * I)) * (L / 45) ** 2 / 8;
    expect(Math.abs(zB - (zMiddle + 2 * r - P / kEff) - sag)).toBeLessThan(0.1 * sag);
    // global contact indices: rod segments come after spheres, cables and triangles (none here)
    expect(contact.getActiveContacts(ContactTypeIndex.IndexRodSegments, c.segmentA)).toEqual([c.segmentB]);
  });

  it('a rod falling across a clamped rod (generalized-α): no pass-through, energy never above the initial energy, dissipated at the impacts', () => {
    // B (r = 1 cm, L = 0.5 m, 0.157 kg, E = 1e9 Pa) falls from 3 cm above contact onto A (clamped at both ends) at
    // 0.77 m/s; the contact k = 1e5 N/m per rod (5e4 in series), d = 50 N s/m per rod (ζ ≈ 0.56 of the bounce): impact
    // penetration ≈ v√(m/k_eff) ≈ 1.4 mm ≪ r
    const g = 9.81, drop = 0.03;
    const { mbs, contact, rodA, rodB, r, L } = crossingRods({ zB: 0.02 + drop, p: 1, n: 5, m: 3, damping: 50, mu: 0.2, E: 1e9 });
    const last = rodA.nodeNumbers.length - 1;
    clamp(mbs, rodA.nodeNumbers[0], [-L / 2, 0, 0]); clamp(mbs, rodA.nodeNumbers[last], [L / 2, 0, 0]);
    const massB = 1000 * Math.PI * r * r * L;
    mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: rodB.objectNumber })), loadVector: [0, 0, -g] }));
    mbs.assemble();
    const heightOfB = () => {
      // the mean height of B's centerline (linear elements, equal lengths: the trapezoidal rule is exact)
      const z = rodB.nodeNumbers.map((node) => (mbs.getNodeOutput(node, OutputVariableType.Position) as number[])[2]);
      return z.reduce((sum, zi, i) => sum + (i === 0 || i === z.length - 1 ? 0.5 : 1) * zi, 0) / (z.length - 1);
    };
    const energy = () => [rodA.objectNumber, rodB.objectNumber].reduce((sum, rod) => sum
      + (mbs.getObjectOutput(rod, OutputVariableType.KineticEnergy) as number[])[0] + (mbs.getObjectOutput(rod, OutputVariableType.PotentialEnergy) as number[])[0], 0)
      + massB * g * heightOfB();
    const E0 = energy();
    let largestEnergy = -Infinity, deepest = 0, lowestGap = Infinity;
    const middleHeight = (rod: number) => (mbs.getObjectOutputBody(rod, OutputVariableType.Position, [L / 2, 0, 0]) as number[])[2];
    mbs.setPostStepUserFunction(() => {
      largestEnergy = Math.max(largestEnergy, energy());
      for (const c of contact.rodContacts()) deepest = Math.max(deepest, -c.gap);
      // B's middle stays above A's middle (a pass-through would flip the sign)
      lowestGap = Math.min(lowestGap, middleHeight(rodB.objectNumber) - middleHeight(rodA.objectNumber));
    });
    const settings = new SimulationSettings();
    settings.linearSolverType = LinearSolverType.EigenSparse;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0;
    settings.timeIntegration.endTime = 0.4;
    settings.timeIntegration.numberOfSteps = 400;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
    const statistics = mbs.solveDynamic(settings);
    // generalized-α (ρ∞ = 0.8) and the contact damping dissipate: the energy never rises above E0 (round-off 1e-9 E0)
    expect(largestEnergy).toBeLessThanOrEqual(E0 + 1e-9 * Math.abs(E0));
    expect(deepest).toBeGreaterThan(0); // it hit
    expect(deepest).toBeLessThan(0.3 * r);
    expect(lowestGap).toBeGreaterThan(2 * r - deepest - 1e-3);
    // B bounces (its bending vibration returns the energy; the rods have no material damping), but each impact
    // dissipates in the contact damper: measured E0 − E = 0.035 J of the 0.046 J of the drop after three impacts
    expect(E0 - energy()).toBeGreaterThan(0.02);
    expect(statistics.newtonIterations / 400).toBeLessThan(6);
  });

  it('self contact: a helix whose turns overlap touches itself (analytic Jacobians against central differences); a straight rod does not', () => {
    // helix radius 0.1, pitch 0.019 < 2r = 0.02: neighbouring turns overlap by 1 mm (arc distance 0.63 ≫ πr, not excluded)
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    contact.setFrictionPairings([[0.3]]);
    contact.frictionProportionalZone = 0.01;
    const helix = mbs.createCosseratRod({ centerline: { type: 'Helix', radius: 0.1, pitch: 0.019, turns: 2 }, numberOfElements: 24, polynomialDegree: 2, ...section(0.01) });
    const rod = contact.addCosseratRod(helix.objectNumber, 0.01, 1e5, 10, 0, 2);
    // a straight rod of 4 segments per element (segments 5 mm long, all within 2r of their neighbours): excluded
    const straight = mbs.createCosseratRod({ centerline: { type: 'Straight', start: [1, 0, 0], length: 0.4 }, numberOfElements: 20, polynomialDegree: 1, ...section(0.01) });
    contact.addCosseratRod(straight.objectNumber, 0.01, 1e5, 10, 0, 4);
    mbs.assemble();
    const pairs = contact.rodContacts();
    const { first, count } = contact.rodSegments(rod);
    expect(count).toBe(48);
    // about one pair per segment of the lower turn under the upper one (24 segments per turn)
    expect(pairs.length).toBeGreaterThan(15);
    for (const pair of pairs) {
      expect(pair.segmentA).toBeGreaterThanOrEqual(first);
      expect(pair.segmentB).toBeLessThan(first + count);
      expect(pair.gap).toBeCloseTo(-0.001, 4);
    }
    const next = mulberry32(5);
    const s = mbs.compiled().data.current;
    for (let k = 0; k < s.q.length; k++) s.q[k] += 2e-4 * (next() - 0.5);
    for (let k = 0; k < s.u.length; k++) s.u[k] += 0.2 * (next() - 0.5);
    const errors = contactJacobianErrors(mbs, contact);
    expect(errors.force).toBeGreaterThan(1);
    expect(errors.q).toBeLessThan(1e-6);
    expect(errors.u).toBeLessThan(1e-6);
  });

  it('self contact: a rod bent tighter than its radius touches itself between near neighbours (contact distance 2r sin(Δs/2r)); bent wider it does not', () => {
    // 3 elements of ℓ = 25 mm, r = 25 mm, nodes on a circle of radius R: segments 0 and 2 (Δs = ℓ apart along the rod) are
    // closest at nodes 1 and 2, the chord 2R sin(ℓ/2R); they touch where it is below 2r sin(ℓ/2r), i.e. for R < r. The
    // closest point of segment 0 is its end node 1, whose next segment 1 is segment 2's neighbour: the pair (0, 2) carries it
    const gapAt = (R: number) => {
      const mbs = new SystemContainer().addSystem();
      const contact = mbs.addGeneralContact();
      const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length: 0.075 }, numberOfElements: 3, polynomialDegree: 1, ...section(0.025) });
      rod.nodeNumbers.forEach((node, k) => {
        const phi = 0.025 * k / R;
        mbs.modifyNode(node, { initialCoordinates: [R * Math.sin(phi) - 0.025 * k, R * (1 - Math.cos(phi)), 0, 0, 0, 0, 0] });
      });
      const index = contact.addCosseratRod(rod.objectNumber, 0.025, 1e4, 0, 0, 1, true);
      mbs.assemble();
      const { first } = contact.rodSegments(index);
      const pairs = contact.rodContacts();
      expect(pairs.every((p) => p.segmentA === first && p.segmentB === first + 2)).toBe(true);
      return pairs.length === 0 ? undefined : pairs[0].gap;
    };
    const chord = (R: number) => 2 * R * Math.sin(0.025 / (2 * R));
    expect(gapAt(0.9 * 0.025)).toBeCloseTo(chord(0.9 * 0.025) - chord(0.025), 14);
    expect(gapAt(0.9 * 0.025)!).toBeLessThan(-1e-4);
    expect(gapAt(1.1 * 0.025)).toBeUndefined();
  });

  it('bad input: named errors for radius, stiffness, segments; a radius larger than the element length with self contact', () => {
    const { mbs, contact, rodA } = crossingRods({ zB: 0.1 });
    expect(() => contact.addCosseratRod(rodA.objectNumber, 0, 1e5, 0, 0)).toThrow(/radius must be a finite number > 0/);
    expect(() => contact.addCosseratRod(rodA.objectNumber, 0.01, -1, 0, 0)).toThrow(/contactStiffness must be a finite number > 0/);
    expect(() => contact.addCosseratRod(rodA.objectNumber, 0.01, 1e5, -1, 0)).toThrow(/contactDamping must be a finite number ≥ 0/);
    expect(() => contact.addCosseratRod(rodA.objectNumber, 0.01, 1e5, 0, 0, 0)).toThrow(/segmentsPerElement must be an integer ≥ 1/);
    const thick = new SystemContainer().addSystem();
    const rod = thick.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length: 1 }, numberOfElements: 20, polynomialDegree: 1, ...section(0.01) });
    thick.addGeneralContact().addCosseratRod(rod.objectNumber, 0.06, 1e5, 0, 0);
    expect(() => thick.assemble()).toThrow(FlexdynError);
    expect(() => thick.assemble()).toThrow(/must have a radius ≤ its element length .* got radius 0.06 > length 0.05/);
    void mbs;
  });

  /** One step of 1 ms (fixed steps, or adaptive steps that start at 1 ms). */
  function oneStep(adaptiveStep: boolean): SimulationSettings {
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.endTime = 1e-3;
    settings.timeIntegration.numberOfSteps = 1;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.adaptiveStep = adaptiveStep;
    return settings;
  }

  it('a rod that passes through another within a fixed step is reported (the contact at the step ends cannot see it)', () => {
    // B at 5 cm above A falls at 100 m/s: one step of 1 ms ends 5 cm below A
    const { mbs, rodB } = crossingRods({ zB: 0.05, offsetA: 0.013, offsetB: -0.021 });
    for (const node of rodB.nodeNumbers) mbs.modifyNode(node, { initialVelocities: [0, 0, -100, 0, 0, 0] });
    mbs.assemble();
    expect(() => mbs.solveDynamic(oneStep(false))).toThrow(/GeneralizedAlpha failed at t = 0\.001 .*rod segments \d+ \(rod 0, at arc length ≈ 0\.237\d*\) and \d+ \(rod 1, at ≈ 0\.271\d*\) passed through each other within the step ending at t = 0\.001.*the state of t = 0 is kept/);
  });

  it('with adaptive steps, a step in which a rod passes through another is rejected and retried smaller: the contact catches it', () => {
    // as above, with a contact stiff enough to stop B within the radius (½ m v² = 785 J): the 1 ms step passes B through A and
    // is rejected; in the smaller steps the contact sees B, which (both rods free, no damping) hands its momentum to A and
    // springs back: at 1 ms B's point over the crossing is above A's by more than the two radii and moves up relative to it
    const { mbs, rodA, rodB, r } = crossingRods({ zB: 0.05, offsetA: 0.013, offsetB: -0.021, k: 1e9 });
    for (const node of rodB.nodeNumbers) mbs.modifyNode(node, { initialVelocities: [0, 0, -100, 0, 0, 0] });
    mbs.assemble();
    const statistics = mbs.solveDynamic(oneStep(true));
    expect(statistics.rejectedSteps).toBeGreaterThan(0);
    const atCrossing = (rod: number, arc: number, type: OutputVariableType) => mbs.getObjectOutputBody(rod, type, [arc, 0, 0])[2];
    expect(atCrossing(rodB.objectNumber, 0.271, OutputVariableType.Position) - atCrossing(rodA.objectNumber, 0.237, OutputVariableType.Position)).toBeGreaterThan(2 * r);
    expect(atCrossing(rodB.objectNumber, 0.271, OutputVariableType.Velocity) - atCrossing(rodA.objectNumber, 0.237, OutputVariableType.Velocity)).toBeGreaterThan(0);
  });

  it('a penetration deeper than the radius at the end of a step is reported with the segments, the places along the rods and the time', () => {
    // B starts 15 mm into A (r = 10 mm) with a soft contact: the first step ends deeper than the radius; with adaptive steps
    // every smaller step does too, down to the minimum step size
    const { mbs } = crossingRods({ zB: 0.005, k: 10 });
    mbs.assemble();
    const reason = /rod segments 2 \(rod 0, at arc length ≈ 0\.250000\) and 7 \(rod 1, at ≈ 0\.250000\) penetrate by 0\.01\d+, deeper than the cross-section radius, at t = /;
    expect(() => mbs.solveDynamic(oneStep(false))).toThrow(new RegExp(reason.source + '0\\.001'));
    expect(() => mbs.solveDynamic(oneStep(true))).toThrow(new RegExp(`step size 1e-8\\): .*${reason.source}1e-8`));
  });
});
