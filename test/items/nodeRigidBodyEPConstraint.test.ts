import { describe, expect, it } from 'vitest';
import { SystemContainer, NodeRigidBodyEP, ObjectRigidBody } from '../../src/index.ts';
import type { NodeModel } from '../../src/registry/capabilities.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { bitPatterns, kernelValues } from '../helpers/kernelValues.ts';

/** A body on an Euler-parameter node in a system of two (the node's coordinates not at index 0), assembled. */
function epNode() {
  const mbs = new SystemContainer().addSystem();
  const first = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }));
  mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 2, 3, 0, 0, 0], nodeNumber: first }));
  const p = [0.9, 0.3, 0.3, 0.1].map((x) => x / Math.hypot(0.9, 0.3, 0.3, 0.1));
  const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.5, ...p] }));
  mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
  mbs.assemble();
  const model = mbs.compiled();
  return { s: model.data.current, node: model.nodes[node] as NodeModel & Required<Pick<NodeModel, 'ae' | 'aeAndReaction' | 'addRotatedVectorNullDirection'>> };
}

/** The total Euler parameters p = p_ref + q of the node, as the former work array held them. */
function eulerParameters(s: SystemState, node: NodeModel): number[] {
  const r = node.referenceCoordinates, i = node.qIndex + 3;
  return [r[3] + s.q[i], r[4] + s.q[i + 1], r[5] + s.q[i + 2], r[6] + s.q[i + 3]];
}

/** The former constraint value (through the work array of p). */
function formerValue(s: SystemState, node: NodeModel, useIndex2: boolean): number {
  const p = eulerParameters(s, node), u = s.u, i = node.uIndex + 3;
  return useIndex2 ? 2 * p[0] * u[i] + 2 * p[1] * u[i + 1] + 2 * p[2] * u[i + 2] + 2 * p[3] * u[i + 3]
    : p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3] - 1;
}

/** The former addRotatedVectorNullDirection: A from orientation, p from the work array, loops over rows and columns. */
function formerNullDirection(s: SystemState, node: NodeModel, vLocal: number[], out: Float64Array, n: number): void {
  const a = new Float64Array(9);
  node.orientation!(s, a);
  const p = eulerParameters(s, node);
  const scale = 2 / (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
  for (let r = 0; r < 3; r++) {
    const w = scale * (a[3 * r] * vLocal[0] + a[3 * r + 1] * vLocal[1] + a[3 * r + 2] * vLocal[2] - vLocal[r]);
    for (let c = 0; c < 4; c++) out[r * n + 3 + c] += w * p[c];
  }
}

/** Random q and u of the node (and λ), with special values among them. */
function randomize(s: SystemState, node: NodeModel, next: () => number): void {
  for (let i = 0; i < node.nq; i++) s.q[node.qIndex + i] = next();
  for (let i = 0; i < node.nu; i++) s.u[node.uIndex + i] = next();
}

describe('NodeRigidBodyEP constraint and null direction in locals', () => {
  it('ae and aeAndReaction give the former values, Jacobian row and reaction bit for bit, for index 3 and index 2', () => {
    const { s, node } = epNode();
    const next = kernelValues(71, { decades: 4 });
    const lambda = new Float64Array(3);
    for (let trial = 0; trial < 2000; trial++) {
      randomize(s, node, next);
      for (const useIndex2 of [false, true]) {
        const g = new Float64Array(1), c = new Float64Array(7).fill(-0);
        node.ae(s, g, useIndex2, c);
        const p = eulerParameters(s, node);
        expect(bitPatterns(g)).toEqual(bitPatterns([formerValue(s, node, useIndex2)]));
        expect(bitPatterns(c)).toEqual(bitPatterns([0, 0, 0, 2 * p[0], 2 * p[1], 2 * p[2], 2 * p[3]]));
        lambda[1] = trial % 5 === 0 ? 0 : next();
        const r = Float64Array.from({ length: node.uIndex + 9 }, () => next()), expected = r.slice();
        const gr = new Float64Array(1);
        node.aeAndReaction(s, gr, useIndex2, lambda, 1, r);
        const l = lambda[1];
        if (l !== 0) for (let k = 0; k < 7; k++) expected[node.uIndex + k] += (k < 3 ? 0 : 2 * p[k - 3]) * l;
        expect(bitPatterns(gr)).toEqual(bitPatterns(g));
        expect(bitPatterns(r)).toEqual(bitPatterns(expected));
      }
    }
  });

  it('addRotatedVectorNullDirection adds the former loops\' entries bit for bit', () => {
    const { s, node } = epNode();
    const next = kernelValues(72, { decades: 4 });
    for (let trial = 0; trial < 2000; trial++) {
      randomize(s, node, next);
      const n = trial % 2 === 0 ? 7 : 14;
      const v = [next(), next(), next()];
      const out = Float64Array.from({ length: 3 * n }, () => next()), expected = out.slice();
      node.addRotatedVectorNullDirection(s, v, out, n);
      formerNullDirection(s, node, v, expected, n);
      expect(bitPatterns(out)).toEqual(bitPatterns(expected));
    }
  });
});
