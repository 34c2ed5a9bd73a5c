import { describe, expect, it } from 'vitest';
import {
  LoadForceVector, LoadTorqueVector, MarkerNodeRigid, ObjectGround, ObjectConnectorRigidBodySpringDamper, SimulationSettings, MarkerBodyPosition, MarkerBodyRigid,
  NodeRigidBodyEP, NodeRigidBodyRxyz, ObjectRigidBody, SystemContainer,
} from '../../src/index.ts';
import type { PositionMarkerModel } from '../../src/registry/capabilities.ts';
import { dropRadialLever } from '../helpers/eulerParameterLever.ts';

/** Unit Euler parameters of a general rotation (all four entries nonzero). */
const p = [0.9, 0.2, -0.3, 0.25].map((v, _i, a) => v / Math.hypot(...a));

/** A load kind on a rigid body: force or torque, global or bodyFixed, on a body marker off the node or on the node's frame. */
interface LoadCase {
  readonly action: 'force' | 'torque';
  readonly bodyFixed: boolean;
  readonly marker: 'bodyPosition' | 'bodyRigid' | 'nodeRigid';
}

/** Every force and torque kind with a rotation derivative: global and bodyFixed, on body markers off the node and on the node's frame (a global force on the node's frame, Q = [f; 0], has none). */
const loadCases: readonly LoadCase[] = [
  { action: 'force', bodyFixed: false, marker: 'bodyPosition' },
  { action: 'force', bodyFixed: false, marker: 'bodyRigid' },
  { action: 'force', bodyFixed: true, marker: 'bodyRigid' },
  { action: 'force', bodyFixed: true, marker: 'nodeRigid' },
  { action: 'torque', bodyFixed: false, marker: 'bodyRigid' },
  { action: 'torque', bodyFixed: false, marker: 'nodeRigid' },
  { action: 'torque', bodyFixed: true, marker: 'bodyRigid' },
  { action: 'torque', bodyFixed: true, marker: 'nodeRigid' },
];

/**
 * Largest |K − central differences| over the rotation columns of the analytic load Jacobian (a force at the body point
 * [0.8, −0.5, 0.6] or on the node, or a torque), and the largest |K| entry there; central differences along each
 * coordinate direction in turn, or along the given directions.
 */
function loadJacobianError(node: 'EP' | 'Rxyz', load: LoadCase, directions?: readonly (readonly number[])[]): { error: number; scale: number } {
  const mbs = new SystemContainer().addSystem();
  const n = mbs.addNode(node === 'EP'
    ? NodeRigidBodyEP({ referenceCoordinates: [0.1, -0.2, 0.3, ...p] })
    : NodeRigidBodyRxyz({ referenceCoordinates: [0.1, -0.2, 0.3, 0.4, -0.7, 1.1] }));
  const body = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [1, 2, 3, 0, 0, 0], nodeNumber: n }));
  const localPosition = [0.8, -0.5, 0.6];
  const marker = mbs.addMarker(load.marker === 'nodeRigid' ? MarkerNodeRigid({ nodeNumber: n })
    : load.marker === 'bodyRigid' ? MarkerBodyRigid({ bodyNumber: body, localPosition }) : MarkerBodyPosition({ bodyNumber: body, localPosition }));
  const loadVector = [3, -7, 5];
  const index = mbs.addLoad(load.action === 'force' ? LoadForceVector({ markerNumber: marker, loadVector, bodyFixed: load.bodyFixed })
    : LoadTorqueVector({ markerNumber: marker, loadVector, bodyFixed: load.bodyFixed }));
  mbs.assemble();
  const model = mbs.compiled();
  const s = model.data.current;
  const item = model.loads[index];
  expect(item.coordinateDependence).toBe('analytic');
  const nu = model.nu;
  const k = new Float64Array(nu * nu);
  item.addGeneralizedLoad_q!(s, k, 1);
  const dirs = directions ?? Array.from({ length: nu - 3 }, (_, j) => Array.from({ length: nu - 3 }, (_, i) => (i === j ? 1 : 0)));
  const h = 1e-6;
  let error = 0, scale = 0;
  for (const d of dirs) {
    const q0 = Float64Array.from(s.q);
    const residual = (sign: number) => {
      for (let j = 0; j < d.length; j++) s.q[3 + j] = q0[3 + j] + sign * h * d[j];
      const r = new Float64Array(nu);
      item.addGeneralizedLoad(s, r);
      s.q.set(q0);
      return r;
    };
    const rp = residual(1), rm = residual(-1);
    for (let r = 0; r < nu; r++) {
      let kd = 0;
      for (let j = 0; j < d.length; j++) kd += k[r * nu + 3 + j] * d[j];
      error = Math.max(error, Math.abs((rp[r] - rm[r]) / (2 * h) - kd));
      scale = Math.max(scale, Math.abs(kd));
    }
  }
  return { error, scale };
}

describe('ObjectRigidBody load Jacobians of forces and torques', () => {
  // central differences with h = 1e-6 of a generalized load |Q| ≲ 20: round-off 2.2e-16·20/1e-6 ≈ 4e-9, truncation
  // h²|Q'''| ≈ 1e-11; the radial terms (the lever of a force at a body point, the rotated vector of a bodyFixed load)
  // 2|G_lᵀ(x × (A − I)ᵀf)| and 2|Jᵀ(A − I)v_local| are O(|x||f|) ≈ 10 where they were missing
  it('matchesCentralDifferencesInAllFourEulerParameterDirections', () => {
    for (const load of loadCases) {
      const { error, scale } = loadJacobianError('EP', load);
      expect(scale, JSON.stringify(load)).toBeGreaterThan(1);
      expect(error, JSON.stringify(load)).toBeLessThan(1e-7);
    }
  });

  it('matchesCentralDifferencesAlongTheRadialEulerParameterDirection', () => {
    // the direction p itself, where G p = 0 and only the nodes' null-direction terms contribute beyond the on-manifold
    // formulas (a global torque's Gᵀτ is linear in p and changes along p, through the node's ∂(Gᵀτ)/∂p)
    for (const load of loadCases) {
      const { error, scale } = loadJacobianError('EP', load, [p]);
      expect(scale, JSON.stringify(load)).toBeGreaterThan(1);
      expect(error, JSON.stringify(load)).toBeLessThan(1e-7);
    }
  });

  it('matchesCentralDifferencesForRxyzRotationParameters', () => {
    for (const load of loadCases) {
      const { error, scale } = loadJacobianError('Rxyz', load);
      expect(scale, JSON.stringify(load)).toBeGreaterThan(1);
      expect(error, JSON.stringify(load)).toBeLessThan(1e-7);
    }
  });
});

/**
 * A cantilever rigid body (Euler parameters) held at its node by a 6-DOF spring to ground, a large force at its free
 * end 1 m off the node (global, or bodyFixed: a follower force given in the body frame), solved statically in one load
 * step; Newton iterations and the solution. `without` restores former kernels: without the radial term of the lever
 * (before session 6) or of the rotated vector (before session 7).
 */
function staticCantilever(bodyFixed: boolean, without?: 'lever' | 'rotatedVector'): { iterations: number; q: number[] } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const n = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }));
  const body = mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: n }));
  const anchor = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  const root = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0, 0, 0] }));
  const tip = mbs.addMarker(bodyFixed ? MarkerBodyRigid({ bodyNumber: body, localPosition: [1, 0, 0] }) : MarkerBodyPosition({ bodyNumber: body, localPosition: [1, 0, 0] }));
  const diagonal = [1e4, 1e4, 1e4, 100, 100, 100];
  mbs.addObject(ObjectConnectorRigidBodySpringDamper({ markerNumbers: [anchor, root], stiffness: diagonal.map((d, i) => diagonal.map((_, j) => (i === j ? d : 0))) }));
  mbs.addLoad(LoadForceVector({ markerNumber: tip, loadVector: bodyFixed ? [0, -40, 20] : [0, -150, 60], bodyFixed }));
  mbs.assemble();
  const model = mbs.compiled();
  if (without === 'lever') dropRadialLever(model.markers[tip] as PositionMarkerModel);
  if (without === 'rotatedVector') (model.markers[tip] as unknown as { addRotatedVectorNullDirection: undefined }).addRotatedVectorNullDirection = undefined;
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.adaptiveStep = false;
  settings.staticSolver.newton.maxIterations = 100;
  settings.staticSolver.newton.relativeTolerance = 1e-10;
  const statistics = mbs.solveStatic(settings);
  return { iterations: statistics.newtonIterations, q: mbs.systemData.getODE2Coordinates() };
}

describe('static solve with an off-centre force on an Euler-parameter body', () => {
  it('convergesInFewerNewtonIterationsToTheSameSolution', () => {
    const full = staticCantilever(false), former = staticCantilever(false, 'lever');
    // a large rotation (Δp₃ ≈ −0.42): measured 6 iterations with the radial term, 8 without
    // (Newton loses its quadratic rate near the solution); the same equilibrium to the residual tolerance 1e-10
    // relative (measured 1.8e-13)
    expect(full.iterations).toBeLessThan(former.iterations);
    expect(Math.abs(full.q[6])).toBeGreaterThan(0.3);
    expect(Math.max(...full.q.map((x, i) => Math.abs(x - former.q[i])))).toBeLessThan(1e-9);
  });

  it('convergesInFewerNewtonIterationsUnderAFollowerForce', () => {
    const full = staticCantilever(true), former = staticCantilever(true, 'rotatedVector');
    // a follower force [0, −40, 20] in the body frame (Δp₃ ≈ −0.20): measured 4 iterations with the rotated vector's
    // radial term, 6 without; the same equilibrium (measured 2.5e-12 apart, residual tolerance 1e-10 relative)
    expect(Math.abs(full.q[6])).toBeGreaterThan(0.1);
    expect(full.iterations).toBeLessThan(former.iterations);
    expect(Math.max(...full.q.map((x, i) => Math.abs(x - former.q[i])))).toBeLessThan(1e-9);
  });
});

describe('ObjectRigidBody.addPointForce', () => {
  const bits = (x: Float64Array) => Array.from(new BigUint64Array(Float64Array.from(x).buffer));

  it('adds factor·J_posᵀf bit for bit as the product with positionJacobian, off the reference point only', () => {
    for (const node of ['EP', 'Rxyz'] as const) {
      const mbs = new SystemContainer().addSystem();
      const n = mbs.addNode(node === 'EP'
        ? NodeRigidBodyEP({ referenceCoordinates: [0.1, -0.2, 0.3, ...p] })
        : NodeRigidBodyRxyz({ referenceCoordinates: [0.1, -0.2, 0.3, 0.4, -0.7, 1.1] }));
      const body = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [1, 2, 3, 0, 0, 0], nodeNumber: n }));
      const offPoint = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0.8, -0.5, 0.6] }));
      const atReference = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0, 0, 0] }));
      mbs.assemble();
      const model = mbs.compiled();
      const s = model.data.current, marker = model.markers[offPoint] as PositionMarkerModel, nu = marker.nLocalU;
      expect((model.markers[atReference] as PositionMarkerModel).addPointForce).toBeUndefined();
      for (let trial = 0; trial < 20; trial++) {
        for (let i = 0; i < s.q.length; i++) s.q[i] = 0.05 * Math.sin(3 * trial + 7 * i);
        const force = [Math.cos(trial), -2 * Math.sin(5 * trial), trial === 3 ? 0 : 0.3 * trial - 1], factor = trial === 5 ? 1 : 0.25 + 0.1 * trial;
        const direct = Float64Array.from({ length: nu }, (_, k) => 0.1 * k - 0.3);
        const product = Float64Array.from(direct);
        marker.addPointForce!(s, force, factor, direct);
        const j = new Float64Array(3 * nu);
        marker.positionJacobian(s, j);
        for (let k = 0; k < nu; k++) product[k] += factor * (j[k] * force[0] + j[nu + k] * force[1] + j[2 * nu + k] * force[2]);
        expect(bits(direct)).toEqual(bits(product));
      }
    }
  });
});
