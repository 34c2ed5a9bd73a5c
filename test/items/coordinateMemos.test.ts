import { describe, expect, it } from 'vitest';
import { SystemContainer, NodeRigidBodyEP, ObjectRigidBody, ObjectGround, MarkerBodyRigid, ObjectJointRollingDisc } from '../../src/index.ts';
import { CoordinateKey } from '../../src/items/nodes/coordinateKey.ts';
import { eulerParameters2GLocalInto } from '../../src/rotations/rotationMatrices.ts';
import type { NodeModel, ObjectModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { randomSequence } from '../helpers/random.ts';

/** A disc on an Euler-parameter node rolling on the ground through an ObjectJointRollingDisc (assembled). */
function rollingDisc() {
  const mbs = new SystemContainer().addSystem();
  const p = [0.9, 0.3, 0.3, 0.1].map((x) => x / Math.hypot(0.9, 0.3, 0.3, 0.1));
  const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.5, ...p], initialVelocities: [0.1, 0.3, -0.2, 0.2, -0.1, 0.3, 0.1] }));
  const body = mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
  const ground = mbs.addObject(ObjectGround({}));
  const markers = [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0.1, -0.2, 0.05] })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0, 0, 0] }))];
  const joint = mbs.addObject(ObjectJointRollingDisc({ markerNumbers: markers, discRadius: 0.4 }));
  mbs.assemble();
  const model = mbs.compiled();
  return { model, s: model.data.current, node: model.nodes[node], joint: model.objects[joint] as ObjectModel };
}

/** Random coordinates and velocities of the node (amplitude 0.1; the Euler parameters stay near unit length). */
function perturb(s: SystemState, node: NodeModel, seed: number): void {
  const random = randomSequence(seed);
  for (let i = 0; i < node.nq; i++) s.q[node.qIndex + i] = 0.1 * random();
  for (let i = 0; i < node.nu; i++) s.u[node.uIndex + i] = random();
}

describe('CoordinateKey', () => {
  it('matches only the confirmed values bit for bit, and stores at residuals only while Jacobians follow them (after a warm-up)', () => {
    const { s, node } = rollingDisc();
    const key = new CoordinateKey();
    key.bind([node]);
    perturb(s, node, 3);
    expect(key.matchesForResidual(s)).toBe(false);
    expect(key.matchesForJacobian(s)).toBe(false); // stored but not confirmed (the computation did not finish)
    expect(key.matchesForResidual(s)).toBe(false);
    key.confirm();
    expect(key.matchesForJacobian(s)).toBe(true);
    expect(key.matchesForResidual(s)).toBe(true);
    // a zero of the other sign, or any changed entry of q or u, is another state
    s.u[node.uIndex + 2] = 0;
    expect(key.matchesForResidual(s)).toBe(false);
    key.confirm();
    s.u[node.uIndex + 2] = -0;
    expect(key.matchesForJacobian(s)).toBe(false);
    s.q[node.qIndex + 6] += 1e-16;
    expect(key.matchesForResidual(s)).toBe(false);
    key.confirm();
    expect(key.matchesForJacobian(s)).toBe(true);
    key.invalidate();
    expect(key.matchesForJacobian(s)).toBe(false);
    // a new key stores at every residual for a while (so the store path runs before V8 optimizes the item's residual),
    // then only at the first two since a Jacobian
    let rounds = 0;
    for (; rounds < 100; rounds++) {
      for (let k = 0; k < 3; k++) {
        perturb(s, node, 100 + 3 * rounds + k);
        expect(key.matchesForResidual(s)).toBe(false);
        key.confirm();
      }
      if (!key.matchesForJacobian(s)) break;
    }
    expect(rounds).toBeGreaterThan(0);
    expect(rounds).toBeLessThan(100);
    // the third residual since the last Jacobian stores nothing (modified Newton): its values are not kept
    for (let k = 0; k < 3; k++) {
      perturb(s, node, 10 + k);
      expect(key.matchesForResidual(s)).toBe(false);
      key.confirm();
    }
    expect(key.matchesForJacobian(s)).toBe(false);
    perturb(s, node, 20);
    expect(key.matchesForResidual(s)).toBe(false);
    key.confirm();
    expect(key.matchesForJacobian(s)).toBe(true);
  });

  it('matches (a post-Newton step) compares without counting a residual or storing', () => {
    const { s, node } = rollingDisc();
    const key = new CoordinateKey();
    key.bind([node]);
    perturb(s, node, 5);
    expect(key.matches(s)).toBe(false); // nothing stored
    expect(key.matchesForResidual(s)).toBe(false);
    expect(key.matches(s)).toBe(false); // stored, not confirmed
    key.confirm();
    expect(key.matches(s)).toBe(true);
    const u0 = s.u[node.uIndex];
    s.u[node.uIndex] = u0 + 1e-3;
    expect(key.matches(s)).toBe(false);
    // nothing was stored: the confirmed values are still those of the residual
    s.u[node.uIndex] = u0;
    expect(key.matches(s)).toBe(true);
    // full Newton's sequence after a post-Newton step: the next step's first residual still stores (the count is 2, not 3)
    for (let rounds = 0; rounds < 40; rounds++) {
      perturb(s, node, 200 + rounds);
      expect(key.matchesForResidual(s)).toBe(false);
      key.confirm();
      expect(key.matchesForJacobian(s)).toBe(true);
      perturb(s, node, 300 + rounds);
      expect(key.matchesForResidual(s)).toBe(false);
      key.confirm();
      expect(key.matches(s)).toBe(true);
    }
  });
});

describe('NodeRigidBodyEP: ω̄ kept for the same coordinates, the Euler-parameter constraint with its reaction', () => {
  it('gives G_l ṗ as the base class sums it, for every state in turn', () => {
    const { s, node } = rollingDisc();
    const g = new Float64Array(12), w = new Float64Array(3);
    for (let trial = 0; trial < 4; trial++) {
      perturb(s, node, 40 + trial);
      if (trial === 3) s.u[node.uIndex + 4] = -0;
      const p = [0, 1, 2, 3].map((k) => node.referenceCoordinates[3 + k] + s.q[node.qIndex + 3 + k]);
      eulerParameters2GLocalInto(g, p);
      const expected = [0, 1, 2].map((r) => { let sum = 0; for (let j = 0; j < 4; j++) sum += g[4 * r + j] * s.u[node.uIndex + 3 + j]; return sum; });
      for (let repeat = 0; repeat < 2; repeat++) {
        node.angularVelocityLocal!(s, w);
        expect(Array.from(w)).toEqual(expected); // bit for bit (toEqual tells −0 from +0)
      }
    }
  });

  it('adds C_qᵀλ as the product of ae\'s Jacobian with λ adds it, bit for bit', () => {
    const { s, node } = rollingDisc();
    perturb(s, node, 7);
    for (const useIndex2 of [false, true]) {
      for (const lambda of [0.37, -2.5, 0, Number.NaN]) {
        const multipliers = Float64Array.of(0, lambda);
        const c = new Float64Array(7), g = new Float64Array(1), gReaction = new Float64Array(1);
        node.ae!(s, g, useIndex2, c);
        const start = [-0, 0.5, -0, 1.25, -0.75, 0, 2];
        const expected = Float64Array.from([0.1, ...start]);
        if (lambda !== 0) for (let k = 0; k < 7; k++) expected[1 + k] += c[k] * lambda;
        const r = Float64Array.from([0.1, ...start]);
        node.aeAndReaction!(s, gReaction, useIndex2, multipliers, 1, r.subarray(1));
        expect(gReaction[0]).toBe(g[0]);
        expect(Array.from(r)).toEqual(Array.from(expected));
      }
    }
  });
});

describe('ObjectJointRollingDisc: kinematics kept from the residual for the Jacobian at the same state', () => {
  it('writes the Jacobian of a fresh evaluation after residuals at this and other states', () => {
    const { s, node, joint } = rollingDisc();
    const n = joint.localNodes.reduce((sum, item) => sum + item.nu, 0);
    const lambda = new Float64Array(s.lambda.length).fill(0.3);
    const r = new Float64Array(s.u.length), g = new Float64Array(3), ltg = Int32Array.from({ length: n }, (_, k) => k);
    const jacobianAt = (seed: number, residuals: number[]) => {
      for (const other of residuals) {
        perturb(s, node, other);
        joint.aeAndReaction!(s, g, false, lambda, 0, r, ltg);
      }
      perturb(s, node, seed);
      joint.aeAndReaction!(s, g, false, lambda, 0, r, ltg);
      const c = new Float64Array(3 * n), values = new Float64Array(3);
      joint.ae!(s, values, false, c);
      expect(Array.from(values)).toEqual(Array.from(g));
      return Array.from(c);
    };
    const fresh = (seed: number) => {
      const other = rollingDisc();
      perturb(other.s, other.node, seed);
      const c = new Float64Array(3 * n);
      other.joint.ae!(other.s, new Float64Array(3), false, c);
      return Array.from(c);
    };
    expect(jacobianAt(5, [])).toEqual(fresh(5));
    expect(jacobianAt(6, [1, 2, 3])).toEqual(fresh(6));
    expect(jacobianAt(7, [8])).toEqual(fresh(7));
  });
});
