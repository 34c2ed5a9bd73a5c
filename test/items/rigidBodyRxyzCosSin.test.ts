import { describe, expect, it } from 'vitest';
import { SystemContainer, NodeRigidBodyRxyz, NodeRigidBody2D } from '../../src/index.ts';
import type { RigidBodyNode } from '../../src/items/nodes/rigidNodeBase.ts';
import {
  rotXYZ2GInto, rotXYZ2GLocal_tInto, rotXYZ2GLocalInto, rotXYZ2G_tInto, rotXYZ2RotationMatrixInto,
} from '../../src/rotations/rotationMatrices.ts';
import { randomSequence } from '../helpers/random.ts';

/** The node's A, G, G_l, Ġ_lθ̇ and angular acceleration, each written into a fresh array. */
/** The node calls the signed-zero tests read (orientation: Rxyz; cosSin: RigidBody2D). */
interface SignedZeroNode { qIndex: number; orientation(s: unknown, out: Float64Array): void; cosSin?(s: unknown, out: Float64Array): void }

function nodeValues(node: RigidBodyNode, s: Parameters<RigidBodyNode['orientation']>[0]): Float64Array[] {
  const a = new Float64Array(9), g = new Float64Array(9), gl = new Float64Array(9), gld = new Float64Array(3), alpha = new Float64Array(3);
  node.orientation(s, a);
  node.gGlobal(s, g);
  node.gLocal(s, gl);
  node.gLocalDotRates!(s, gld);
  node.angularAcceleration(s, alpha);
  return [a, g, gl, gld, alpha];
}

/** The same values through the rotation kernels on the angles (cosines and sines formed in every call). */
function kernelValues(angles: number[], rates: number[], accelerations: number[]): Float64Array[] {
  const a = rotXYZ2RotationMatrixInto(new Float64Array(9), angles);
  const g = rotXYZ2GInto(new Float64Array(9), angles);
  const gl = rotXYZ2GLocalInto(new Float64Array(9), angles);
  const gldm = rotXYZ2GLocal_tInto(new Float64Array(9), angles, rates);
  const gld = new Float64Array(3), alpha = new Float64Array(3);
  for (let r = 0; r < 3; r++) gld[r] = gldm[3 * r] * rates[0] + gldm[3 * r + 1] * rates[1] + gldm[3 * r + 2] * rates[2];
  for (let r = 0; r < 3; r++) {
    let sum = 0;
    for (let j = 0; j < 3; j++) sum += g[3 * r + j] * accelerations[j];
    alpha[r] = sum;
  }
  const gd = rotXYZ2G_tInto(new Float64Array(9), angles, rates);
  for (let r = 0; r < 3; r++) alpha[r] += gd[3 * r] * rates[0] + gd[3 * r + 1] * rates[1] + gd[3 * r + 2] * rates[2];
  return [a, g, gl, gld, alpha];
}

describe('NodeRigidBodyRxyz (and NodeRigidBody2D): the cosines and sines kept between calls', () => {
  it('rxyzCosSinMemoMatchesKernelsBitForBit', () => {
    const mbs = new SystemContainer().addSystem();
    const reference = [0.1, -0.2, 0.3, 0.4, -0.3, 0.2];
    const index = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: reference }));
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    const node = model.nodes[index] as unknown as RigidBodyNode;
    const random = randomSequence(7);
    const angleSets: number[][] = [];
    for (let k = 0; k < 30; k++) angleSets.push([random() - 0.5, random() - 0.5, random() - 0.5]);
    // one angle changed at a time (the memo per angle), the same state twice, and zeros of both signs (sin(−0) = −0)
    angleSets.push([...angleSets[29]], [angleSets[29][0], 0.7, angleSets[29][2]], [-0.4, 0.7, angleSets[29][2]]);
    angleSets.push([-reference[3], -reference[4], -reference[5]]);
    angleSets.push([-reference[3] - 0, -0 - reference[4], -reference[5] - 0]);
    for (const delta of angleSets) {
      for (let i = 0; i < 3; i++) s.q[node.qIndex + 3 + i] = delta[i];
      for (let i = 0; i < 3; i++) s.u[node.uIndex + 3 + i] = random() - 0.5;
      for (let i = 0; i < 3; i++) s.a[node.uIndex + 3 + i] = random() - 0.5;
      const angles = [0, 1, 2].map((i) => reference[3 + i] + s.q[node.qIndex + 3 + i]);
      const rates = [0, 1, 2].map((i) => s.u[node.uIndex + 3 + i]);
      const accelerations = [0, 1, 2].map((i) => s.a[node.uIndex + 3 + i]);
      const expected = kernelValues(angles, rates, accelerations);
      for (let repeat = 0; repeat < 2; repeat++) {
        const actual = nodeValues(node, s);
        for (let k = 0; k < expected.length; k++) {
          for (let i = 0; i < expected[k].length; i++) expect(Object.is(actual[k][i], expected[k][i])).toBe(true);
        }
      }
    }
  });

  // reference angle −0: q = +0 gives the total angle +0, q = −0 gives −0 (equal by ===, the sine differs in sign)
  it.each([
    { node: 'NodeRigidBodyRxyz', item: NodeRigidBodyRxyz({ referenceCoordinates: [0, 0, 0, 0, -0, 0] }), coordinate: 4,
      // A[2] = sin θ1
      sine: (node: SignedZeroNode, s: unknown) => { const a = new Float64Array(9); node.orientation(s, a); return a[2]; } },
    { node: 'NodeRigidBody2D', item: NodeRigidBody2D({ referenceCoordinates: [0, 0, -0] }), coordinate: 2,
      sine: (node: SignedZeroNode, s: unknown) => { const cs = new Float64Array(2); node.cosSin!(s, cs); return cs[1]; } },
  ])('$node cos/sin memo forms the sine of a signed zero angle again', ({ item, coordinate, sine }) => {
    const mbs = new SystemContainer().addSystem();
    const index = mbs.addNode(item);
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    const node = model.nodes[index] as unknown as SignedZeroNode;
    s.q[node.qIndex + coordinate] = 0;
    expect(Object.is(sine(node, s), 0)).toBe(true);
    s.q[node.qIndex + coordinate] = -0;
    expect(Object.is(sine(node, s), -0)).toBe(true);
  });
});
