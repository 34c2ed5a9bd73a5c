import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, FlexdynError, Point2DS1, Cable2D, NodePointGround, NodePoint2D,
  MarkerNodeCoordinate, MarkerBodyPosition, CoordinateSpringDamper, Force, type MainSystem,
} from '../../src/index.ts';
import type { ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { computeODE2EigenvaluesTest } from '../../testModels/computeODE2EigenvaluesTest.ts';
import { testModelError } from '../../testModels/testModel.ts';
import { dense } from '../helpers/denseMatrix.ts';

type CableOptions = Record<string, unknown>;

/** One cable element between two Point2DS1 nodes with the given reference coordinates. */
function singleElement(ref0: number[], ref1: number[], options: CableOptions): { mbs: MainSystem; object: ObjectModel; s: SystemState } {
  const mbs = new SystemContainer().addSystem();
  const n0 = mbs.addNode(Point2DS1({ referenceCoordinates: ref0 }));
  const n1 = mbs.addNode(Point2DS1({ referenceCoordinates: ref1 }));
  const index = mbs.addObject(Cable2D({ nodeNumbers: [n0, n1], ...options }));
  mbs.assemble();
  const model = mbs.compiled();
  return { mbs, object: model.objects[index], s: model.data.current };
}

/** A bent, stretched element with damping, reference strain/curvature and a half-relative curved reference. */
const bentOptions = {
  physicsLength: 0.5, physicsMassPerLength: 2, physicsAxialStiffness: 1e4, physicsBendingStiffness: 50,
  physicsAxialDamping: 30, physicsBendingDamping: 0.7, physicsReferenceAxialStrain: 0.01, physicsReferenceCurvature: 0.4,
  strainIsRelativeToReference: 0.5,
};
const bentRef0 = [0.1, -0.2, 0.9, 0.3];
const bentRef1 = [0.55, 0.05, 0.6, 0.85];
const bentQ = [0.02, 0.03, 0.15, -0.1, -0.04, 0.06, -0.2, 0.12];
const bentU = [0.3, -0.5, 1.1, 0.7, -0.9, 0.2, -1.4, 0.8];

function lhs(object: ObjectModel, s: SystemState): Float64Array {
  const f = new Float64Array(8);
  object.ode2Lhs!(s, f);
  return f;
}

/** max |analytic − central difference| / max |analytic| over the 8 × 8 matrix; perturbs s.q (or s.u) entry j by ±h. */
function centralDifferenceError(object: ObjectModel, s: SystemState, analytic: Float64Array, velocity: boolean, h: number): number {
  const values = velocity ? s.u : s.q;
  let error = 0;
  let scale = 0;
  for (let j = 0; j < 8; j++) {
    const saved = values[j];
    values[j] = saved + h;
    const plus = lhs(object, s);
    values[j] = saved - h;
    const minus = lhs(object, s);
    values[j] = saved;
    for (let i = 0; i < 8; i++) {
      error = Math.max(error, Math.abs((plus[i] - minus[i]) / (2 * h) - analytic[i * 8 + j]));
      scale = Math.max(scale, Math.abs(analytic[i * 8 + j]));
    }
  }
  return error / scale;
}

/** A straight cable of nElements along x from 0 to L; returns the node indices and the last element. */
function straightCable(mbs: MainSystem, nElements: number, L: number, options: CableOptions): { nodes: number[]; last: number } {
  const lElem = L / nElements;
  const nodes: number[] = [];
  for (let i = 0; i <= nElements; i++) nodes.push(mbs.addNode(Point2DS1({ referenceCoordinates: [i * lElem, 0, 1, 0] })));
  let last = -1;
  for (let i = 0; i < nElements; i++) last = mbs.addObject(Cable2D({ physicsLength: lElem, nodeNumbers: [nodes[i], nodes[i + 1]], ...options }));
  return { nodes, last };
}

/** Newton for the first root of 1 + cos β cosh β = 0 (clamped-free beam), β₁ = 1.8751040687119611. */
function cantileverBeta1(): number {
  let beta = 1.875;
  for (let i = 0; i < 20; i++) {
    const f = 1 + Math.cos(beta) * Math.cosh(beta);
    const df = -Math.sin(beta) * Math.cosh(beta) + Math.cos(beta) * Math.sinh(beta);
    beta -= f / df;
  }
  return beta;
}

/**
 * Tip position (x, y)/L of the extensible elastica, clamped at s = 0 and loaded by a dead tip force
 * (0, −P), k = PL²/EI, a = EA L²/EI: θ' = κ, EI θ'' = (1 + ε) P cos θ, ε = −P sin θ/EA,
 * r' = (1 + ε)(cos θ, sin θ); θ(0) = 0, θ'(L) = 0 by bisection on θ'(0); RK4 with 4000 steps.
 */
function elasticaTip(k: number, a: number): [number, number] {
  const integrate = (slope0: number): number[] => {
    const n = 4000;
    const h = 1 / n;
    let z = [0, slope0, 0, 0];
    const rate = (y: number[]) => {
      const stretch = 1 - k * Math.sin(y[0]) / a;
      return [y[1], k * stretch * Math.cos(y[0]), stretch * Math.cos(y[0]), stretch * Math.sin(y[0])];
    };
    for (let i = 0; i < n; i++) {
      const k1 = rate(z);
      const k2 = rate(z.map((v, j) => v + h / 2 * k1[j]));
      const k3 = rate(z.map((v, j) => v + h / 2 * k2[j]));
      const k4 = rate(z.map((v, j) => v + h * k3[j]));
      z = z.map((v, j) => v + h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]));
    }
    return z;
  };
  let low = -2 * k;
  let high = 0;
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (low + high);
    if (integrate(mid)[1] > 0) high = mid; else low = mid;
  }
  const z = integrate(0.5 * (low + high));
  return [z[2], z[3]];
}

/**
 * Cantilever (L = 1, EI = 1e4, EA = 1e6) of nElements under a dead tip force (0, −k EI/L²), clamped at
 * x = 0 by coordinate springs k_c = 1e14 on x, y and the slope y' of node 0; static solution, tip position / L.
 */
function cantileverTip(nElements: number, k: number, loadSteps: number): [number, number] {
  const mbs = new SystemContainer().addSystem();
  const L = 1;
  const EI = 1e4;
  const { nodes, last } = straightCable(mbs, nElements, L, {
    physicsMassPerLength: 1, physicsBendingStiffness: EI, physicsAxialStiffness: 100 * EI / L ** 2, useReducedOrderIntegration: 1,
  });
  const ground = mbs.addNode(NodePointGround({}));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  for (const coordinate of [0, 1, 3]) {
    const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodes[0], coordinate }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, marker], stiffness: 1e14 }));
  }
  const tipMarker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: last, localPosition: [L / nElements, 0, 0] }));
  mbs.addLoad(Force({ markerNumber: tipMarker, loadVector: [0, -k * EI / L ** 2, 0] }));
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.staticSolver.numberOfLoadSteps = loadSteps;
  mbs.solveStatic(settings);
  const tip = mbs.getNodeOutput(nodes[nElements], OutputVariableType.Position);
  return [tip[0] / L, tip[1] / L];
}

describe('ObjectANCFCable2D', () => {
  for (const rule of [0, 1, 2]) {
    it(`analyticJacobiansEqualCentralDifferencesOnABentStretchedDampedElement (useReducedOrderIntegration ${rule})`, () => {
      const { mbs, object, s } = singleElement(bentRef0, bentRef1, { ...bentOptions, useReducedOrderIntegration: rule });
      mbs.systemData.setODE2Coordinates(bentQ);
      mbs.systemData.setODE2Coordinates_t(bentU);
      expect(object.ode2LhsDependsOnVelocity).toBe(true);
      const stiffness = new Float64Array(64);
      object.ode2Lhs_q!(s, dense(stiffness), 1);
      const damping = new Float64Array(64);
      object.ode2Lhs_u!(s, dense(damping), 1);
      // Stiffness: truncation error of central differences ~ h²·f''' (measured 2e-10 relative at h = 1e-5,
      // 2e-8 at h = 1e-4: the expected h² scaling), round-off ~ ε|f|/(h|K|) ≈ 1e-16·700/(1e-5·2e4) ≈ 4e-13.
      // Axial forces are ~10 % of EA here (N ≈ 1e3), so the geometric terms N·∂²ε/∂q², M·∂²K/∂q² and the
      // damping terms d·(∂²s/∂q²)·u are percent-level parts of K: leaving any out fails 1e-8 by orders.
      expect(centralDifferenceError(object, s, stiffness, false, 1e-5)).toBeLessThan(1e-8);
      // Damping: ode2Lhs is linear in u, so central differences are exact up to round-off ε|f|/(h|D|) ≈ 1e-16·700/(1e-4·80) ≈ 1e-11.
      expect(centralDifferenceError(object, s, damping, true, 1e-4)).toBeLessThan(1e-9);
      // factor scales the contribution.
      const scaled = new Float64Array(64);
      object.ode2Lhs_q!(s, dense(scaled), -2.5);
      for (let i = 0; i < 64; i++) expect(scaled[i]).toBeCloseTo(-2.5 * stiffness[i], 9);
    });
  }

  it('stiffnessIsSymmetricWithoutDampingAndHasNoVelocityDependence', () => {
    // Without damping the forces derive from a potential, so ∂Q/∂q is its Hessian: symmetric up to round-off (entries ~2e4).
    const { mbs, object, s } = singleElement(bentRef0, bentRef1, { ...bentOptions, physicsAxialDamping: 0, physicsBendingDamping: 0, useReducedOrderIntegration: 0 });
    mbs.systemData.setODE2Coordinates(bentQ);
    expect(object.ode2LhsDependsOnVelocity).toBe(false);
    const k = new Float64Array(64);
    object.ode2Lhs_q!(s, dense(k), 1);
    const largest = Math.max(...Array.from(k, Math.abs));
    for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) expect(Math.abs(k[i * 8 + j] - k[j * 8 + i])).toBeLessThan(1e-13 * largest);
  });

  it('massMatrixIsTheConsistentHermiteMatrix', () => {
    // ρA L/420·[[156, 22L, 54, −13L], [22L, 4L², 13L, −3L²], [54, 13L, 156, −22L], [−13L, −3L², −22L, 4L²]] for x and y
    // separately; 4-point Gauss is exact for the degree-6 products, so only round-off (1e-15 relative) remains.
    const L = 0.7;
    const rhoA = 3.2;
    const { object, s } = singleElement([0, 0, 1, 0], [L, 0, 1, 0], { physicsLength: L, physicsMassPerLength: rhoA });
    const m = new Float64Array(64);
    object.massMatrix!(s, dense(m));
    const hermite = [[156, 22 * L, 54, -13 * L], [22 * L, 4 * L * L, 13 * L, -3 * L * L], [54, 13 * L, 156, -22 * L], [-13 * L, -3 * L * L, -22 * L, 4 * L * L]];
    for (let a = 0; a < 8; a++) {
      for (let b = 0; b < 8; b++) {
        const expected = a % 2 === b % 2 ? rhoA * L / 420 * hermite[a >> 1][b >> 1] : 0;
        expect(Math.abs(m[a * 8 + b] - expected)).toBeLessThan(1e-15 * rhoA * L);
      }
    }
    expect(object.hasConstantMassMatrix).toBe(true);
  });

  it('massProportionalForceIsTheIntegralOfTheShapeFunctions', () => {
    // ∫ρA S dx = ρA [L/2, L²/12, L/2, −L²/12] per component; total force ρA L b.
    const L = 0.7;
    const rhoA = 3.2;
    const { object, s } = singleElement([0, 0, 1, 0], [L, 0, 1, 0], { physicsLength: L, physicsMassPerLength: rhoA });
    const f = new Float64Array(8);
    object.body!.massProportionalForce!(s, [0.5, -9.81, 0], f);
    const integrals = [L / 2, L * L / 12, L / 2, -L * L / 12];
    for (let j = 0; j < 4; j++) {
      expect(f[2 * j]).toBeCloseTo(rhoA * integrals[j] * 0.5, 14);
      expect(f[2 * j + 1]).toBeCloseTo(rhoA * integrals[j] * -9.81, 13);
    }
  });

  it('reproducesStrainAndCurvatureOfAnExactlyRepresentedParabola', () => {
    // r(x) = (x, c x²) is cubic, so the Hermite element represents it exactly: r' = (1, 2cx), r'' = (0, 2c),
    // ε = √(1 + 4c²x²) − 1, K = 2c/(1 + 4c²x²). Outputs agree to round-off.
    const L = 0.8;
    const c = 0.6;
    const EA = 1e3;
    const EI = 20;
    const { mbs } = singleElement([0, 0, 1, 0], [L, c * L * L, 1, 2 * c * L], { physicsLength: L, physicsAxialStiffness: EA, physicsBendingStiffness: EI, physicsReferenceCurvature: 0.1 });
    const x = 0.3 * L;
    const w = 4 * c * c * x * x;
    const out = (variable: OutputVariableType, localPosition = [x, 0, 0]) => mbs.getObjectOutputBody(0, variable, localPosition);
    expect(out(OutputVariableType.StrainLocal)[0]).toBeCloseTo(Math.sqrt(1 + w) - 1, 14);
    expect(out(OutputVariableType.CurvatureLocal)[0]).toBeCloseTo(2 * c / (1 + w), 14);
    expect(out(OutputVariableType.ForceLocal)[0]).toBeCloseTo(EA * (Math.sqrt(1 + w) - 1), 11);
    expect(out(OutputVariableType.TorqueLocal)[0]).toBeCloseTo(EI * (2 * c / (1 + w) - 0.1), 12);
    expect(out(OutputVariableType.Rotation)[0]).toBeCloseTo(Math.atan(2 * c * x), 14);
    const p = out(OutputVariableType.Position);
    expect(p[0]).toBeCloseTo(x, 15);
    expect(p[1]).toBeCloseTo(c * x * x, 15);
    // Off the axis: p = r + y n with n = (−2cx, 1)/√(1 + w); strain there ε − yK.
    const y = 0.05;
    const q = out(OutputVariableType.Position, [x, y, 0]);
    expect(q[0]).toBeCloseTo(x - y * 2 * c * x / Math.sqrt(1 + w), 15);
    expect(q[1]).toBeCloseTo(c * x * x + y / Math.sqrt(1 + w), 15);
    expect(out(OutputVariableType.StrainLocal, [x, y, 0])[0]).toBeCloseTo(Math.sqrt(1 + w) - 1 - y * 2 * c / (1 + w), 14);
    // Displacement is measured from the reference, which here is the parabola itself.
    for (const value of out(OutputVariableType.Displacement, [x, y, 0])) expect(value).toBe(0);
  });

  it('bodyKinematicsAreConsistentOnAndOffTheAxis', () => {
    // The position Jacobian equals central differences of the position (truncation ~h²·|p'''| ≈ 1e-12 at h = 1e-6,
    // round-off ~1e-16/1e-6 = 1e-10), velocity equals J u exactly (v = dp/dt), AngularVelocity is ω = (r'×ṙ')/|r'|²,
    // and Acceleration/AngularAcceleration equal central differences in time along q(t) = q + t u + t²/2 a: truncation
    // scales with dt² (measured 4e-6 for ω̇ ≈ 15 at dt = 1e-4, so 4e-8 at dt = 1e-5), round-off ε|ω|/dt ≈ 2e-10.
    const { mbs, object, s } = singleElement(bentRef0, bentRef1, bentOptions);
    mbs.systemData.setODE2Coordinates(bentQ);
    mbs.systemData.setODE2Coordinates_t(bentU);
    const accelerations = [0.4, -0.2, 0.9, -1.3, 0.5, 0.8, -0.6, 0.3];
    s.a.set(accelerations);
    const body = object.body!;
    for (const localPosition of [[0.17, 0, 0], [0.31, 0.04, 0]]) {
      const jacobian = new Float64Array(24);
      body.positionJacobian(s, localPosition, jacobian);
      const h = 1e-6;
      for (let j = 0; j < 8; j++) {
        const plus = new Float64Array(3);
        const minus = new Float64Array(3);
        const saved = s.q[j];
        s.q[j] = saved + h; body.position(s, localPosition, plus);
        s.q[j] = saved - h; body.position(s, localPosition, minus);
        s.q[j] = saved;
        for (let c = 0; c < 3; c++) expect(Math.abs((plus[c] - minus[c]) / (2 * h) - jacobian[c * 8 + j])).toBeLessThan(1e-9);
      }
      const v = body.outputBody(OutputVariableType.Velocity, s, localPosition)!;
      for (let c = 0; c < 2; c++) {
        let ju = 0;
        for (let j = 0; j < 8; j++) ju += jacobian[c * 8 + j] * bentU[j];
        expect(v[c]).toBeCloseTo(ju, 13);
      }
      const trajectory = (t: number, variable: OutputVariableType) => {
        const saved = Float64Array.from(s.q);
        const savedU = Float64Array.from(s.u);
        for (let j = 0; j < 8; j++) {
          s.q[j] = bentQ[j] + t * bentU[j] + 0.5 * t * t * accelerations[j];
          s.u[j] = bentU[j] + t * accelerations[j];
        }
        const value = Array.from(body.outputBody(variable, s, localPosition)!);
        s.q.set(saved);
        s.u.set(savedU);
        return value;
      };
      const dt = 1e-5;
      const a = body.outputBody(OutputVariableType.Acceleration, s, localPosition)!;
      const vPlus = trajectory(dt, OutputVariableType.Velocity);
      const vMinus = trajectory(-dt, OutputVariableType.Velocity);
      for (let c = 0; c < 2; c++) expect(Math.abs(a[c] - (vPlus[c] - vMinus[c]) / (2 * dt))).toBeLessThan(1e-7);
      const alpha = body.outputBody(OutputVariableType.AngularAcceleration, s, localPosition)!;
      const omegaPlus = trajectory(dt, OutputVariableType.AngularVelocity);
      const omegaMinus = trajectory(-dt, OutputVariableType.AngularVelocity);
      expect(Math.abs(alpha[2] - (omegaPlus[2] - omegaMinus[2]) / (2 * dt))).toBeLessThan(1e-7);
      const phiPlus = trajectory(dt, OutputVariableType.Rotation);
      const phiMinus = trajectory(-dt, OutputVariableType.Rotation);
      const omega = body.outputBody(OutputVariableType.AngularVelocity, s, localPosition)!;
      expect(Math.abs(omega[2] - (phiPlus[0] - phiMinus[0]) / (2 * dt))).toBeLessThan(1e-7);
    }
  });

  it('referenceConfigurationIsStressFreeWithStrainIsRelativeToReference', () => {
    // f_ref = 1: ε_ref, K_ref are the reference configuration's own strain and curvature at the same points, so the
    // elastic forces vanish exactly at q = 0; with f_ref = 0 the curved reference is stressed.
    for (const relative of [1, 0]) {
      const { object, s } = singleElement(bentRef0, bentRef1, { ...bentOptions, strainIsRelativeToReference: relative, physicsReferenceAxialStrain: 0, physicsReferenceCurvature: 0 });
      const f = lhs(object, s);
      const size = Math.max(...Array.from(f, Math.abs));
      if (relative === 1) expect(size).toBe(0); else expect(size).toBeGreaterThan(100);
    }
  });

  it('userFunctionsWithTheLinearLawReproduceTheBuiltInForcesAndUseNumericalJacobians', () => {
    const calls = { axial: 0, bending: 0 };
    const { mbs, object, s } = singleElement(bentRef0, bentRef1, {
      ...bentOptions,
      axialForceUserFunction: (_m: unknown, _t: number, _i: number, xi: number, e: number, e_t: number, eRef: number, EA: number, dA: number) => {
        calls.axial++;
        expect(xi).toBeGreaterThanOrEqual(0);
        expect(xi).toBeLessThanOrEqual(1);
        return EA * (e - eRef) + dA * e_t;
      },
      bendingMomentUserFunction: (_m: unknown, _t: number, _i: number, _xi: number, k: number, k_t: number, kRef: number, EI: number, dK: number) => {
        calls.bending++;
        return EI * (k - kRef) + dK * k_t;
      },
    });
    const builtIn = singleElement(bentRef0, bentRef1, bentOptions);
    for (const system of [mbs, builtIn.mbs]) {
      system.systemData.setODE2Coordinates(bentQ);
      system.systemData.setODE2Coordinates_t(bentU);
    }
    const f = lhs(object, s);
    const g = lhs(builtIn.object, builtIn.s);
    for (let i = 0; i < 8; i++) expect(f[i]).toBeCloseTo(g[i], 10);
    expect(calls).toEqual({ axial: 5, bending: 3 });
    expect(object.ode2Lhs_q).toBeUndefined();
    expect(object.ode2Lhs_u).toBeUndefined();
    expect(object.ode2LhsDependsOnVelocity).toBe(true);
    expect(builtIn.object.ode2Lhs_q).toBeDefined();
  });

  it('reportsBadParametersAtAssemble', () => {
    const build = (options: CableOptions, node1 = 'slope') => {
      const mbs = new SystemContainer().addSystem();
      const n0 = mbs.addNode(Point2DS1({}));
      const n1 = node1 === 'slope' ? mbs.addNode(Point2DS1({ referenceCoordinates: [1, 0, 1, 0] })) : mbs.addNode(NodePoint2D({}));
      mbs.addObject(Cable2D({ physicsLength: 1, nodeNumbers: [n0, n1], ...options }));
      return () => mbs.assemble();
    };
    expect(build({ physicsLength: 0 })).toThrow(/ObjectANCFCable2D #0: physicsLength must be positive, got 0/);
    expect(build({ useReducedOrderIntegration: 3 })).toThrow(/useReducedOrderIntegration must be 0, 1 or 2, got 3/);
    expect(build({}, 'point')).toThrow(FlexdynError);
    expect(build({}, 'point')).toThrow(/nodeNumbers entry 1 must refer to a Point2DSlope1 node, got NodePoint2D #1/);
    expect(build({})).not.toThrow();
  });

  it('cantileverFirstEigenfrequencyMatchesEulerBernoulli', () => {
    // Clamped at x = 0 by removing x, y and y' of node 0 (constrainedCoordinates). ω₁ = β₁² √(EI/(ρA L⁴)).
    // Consistent-mass Hermite elements overestimate ω by (kh)⁴/1440 to leading order (k = β₁/L, h = L/n; the same
    // estimate gives the 3.3e-7 of the free-free Exudyn test): 2.096e-6 for 8 elements. The next order is
    // O((kh)²) = 5 % of that; measured: 0.994 of the estimate, 16.0× smaller error for 16 elements.
    const beta1 = cantileverBeta1();
    expect(beta1).toBeCloseTo(1.8751040687119611, 15);
    const frequency = (nElements: number) => {
      const mbs = new SystemContainer().addSystem();
      straightCable(mbs, nElements, 1.5, { physicsMassPerLength: 3, physicsBendingStiffness: 40, physicsAxialStiffness: 4e5, useReducedOrderIntegration: 1 });
      mbs.assemble();
      const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { constrainedCoordinates: [0, 1, 3], numberOfEigenvalues: 1 });
      return Math.sqrt(values[0]);
    };
    const exact = beta1 ** 2 * Math.sqrt(40 / (3 * 1.5 ** 4));
    const error8 = frequency(8) / exact - 1;
    const estimate8 = (beta1 / 8) ** 4 / 1440;
    expect(error8 / estimate8).toBeGreaterThan(0.97);
    expect(error8 / estimate8).toBeLessThan(1.03);
    const error16 = frequency(16) / exact - 1;
    expect(error8 / error16).toBeGreaterThan(14);
    expect(error8 / error16).toBeLessThan(18);
  });

  it('freeFreeCableHasThreeRigidBodyModesAndBeamFrequencies', () => {
    // The port of Exudyn's computeODE2EigenvaluesTest (tolerance justified there), plus: the 3 rigid-body eigenvalues
    // are round-off of the eigensolver, |λ| ≲ ε‖L⁻¹KL⁻ᵀ‖ = 2.2e-16·6.2e10 ≈ 1.4e-5 (measured ≤ 4e-6), against
    // λ₁ = 6919; the next two bending frequencies match the analytic ones to the (kh)⁴/1440 discretization estimate (±10 %).
    expect(testModelError(computeODE2EigenvaluesTest, computeODE2EigenvaluesTest.run())).toBeLessThan(computeODE2EigenvaluesTest.tolerance);
    const mbs = new SystemContainer().addSystem();
    const E = 2.07e11;
    const A = 1e-4;
    const I = 1e-8 / 12;
    straightCable(mbs, 32, 2, { physicsMassPerLength: 7800 * A, physicsBendingStiffness: E * I, physicsAxialStiffness: 0.1 * E * A, useReducedOrderIntegration: 1 });
    mbs.assemble();
    const { values, vectors } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { numberOfEigenvalues: 6 });
    for (let i = 0; i < 3; i++) expect(values[i]).toBeLessThan(1.4e-5);
    expect(vectors[0]).toHaveLength(132);
    const betas = [4.730040744862704, 7.853204624095838, 10.99560783800167];
    betas.forEach((beta, i) => {
      const exact = (beta / 2) ** 2 * Math.sqrt(E * I / (7800 * A));
      const ratio = (Math.sqrt(values[3 + i]) / exact - 1) / ((beta / 32) ** 4 / 1440);
      expect(ratio).toBeGreaterThan(0.9);
      expect(ratio).toBeLessThan(1.1);
    });
  });

  it('staticCantileverUnderSmallTipLoadMatchesBeamTheory', () => {
    // k = PL²/EI = 1e-3. Cubic Hermite elements contain the exact linear solution, so the FE tip deflection equals the
    // elastica up to the clamp springs (relative 3EI/(L³k_c) + 3EI/(L k_c) = 6e-10) and Newton (rel. 1e-8 of the residual,
    // quadratic convergence). The elastica itself differs from PL³/(3EI) by the geometric O(k²) term (−1.06e-7 relative).
    const [x, y] = cantileverTip(8, 1e-3, 1);
    const [xRef, yRef] = elasticaTip(1e-3, 100);
    expect(Math.abs(y / yRef - 1)).toBeLessThan(2e-9);
    expect(Math.abs(x - xRef)).toBeLessThan(1e-12);
    expect(Math.abs(y / (-1e-3 / 3) - 1)).toBeLessThan(2e-7);
  });

  it('staticCantileverUnderLargeTipLoadConvergesToTheElastica', () => {
    // k = PL²/EI = 1: tip deflection 0.30 L, rotation 0.46 rad; EA L²/EI = 100 (axial strain up to 1e-2, included in the
    // extensible elastica reference). The error is discretization, O(h⁴): measured |Δy| = 5.0e-5, 3.1e-6, 1.9e-7 L for
    // 4, 8, 16 elements (ratios 16.2, 16.3). Bound for 8 elements: 5e-6; the 4→8 ratio must show fourth order (> 12).
    const reference = elasticaTip(1, 100);
    const tip4 = cantileverTip(4, 1, 10);
    const tip8 = cantileverTip(8, 1, 10);
    expect(reference[1]).toBeCloseTo(-0.3037, 4);
    const error8 = Math.hypot(tip8[0] - reference[0], tip8[1] - reference[1]);
    const error4 = Math.hypot(tip4[0] - reference[0], tip4[1] - reference[1]);
    expect(error8).toBeLessThan(5e-6);
    expect(error4 / error8).toBeGreaterThan(12);
  });
});
