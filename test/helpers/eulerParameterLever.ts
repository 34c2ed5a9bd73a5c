/**
 * The Euler-parameter body's load Jacobian without the radial direction of its lever term (as before session 6), for
 * tests that show what that term adds: ObjectRigidBody's kernel eulerParameterLoadJacobian adds it in the same call as
 * the rest, so a test takes it out again afterwards.
 * @module
 */

import type { ItemState, PositionMarkerModel } from '../../src/registry/capabilities.ts';

/** The parts of a body marker on an Euler-parameter body that the wrapper reads. */
interface EulerParameterBodyMarker {
  readonly localPosition: Float64Array;
  readonly nodes: readonly { readonly qIndex: number; readonly referenceCoordinates: Float64Array; orientation(s: ItemState, out: Float64Array): void }[];
}

/**
 * Replaces the marker's jacobianTransposedVector_q by one that subtracts the radial term w pᵀ, w = 2·factor/(p·p)·G_lᵀ(x ×
 * (A − I)ᵀf), from the rotation block (7 × 7 block, a force at x ≠ 0).
 */
export function dropRadialLever(marker: PositionMarkerModel): void {
  const { localPosition: x, nodes } = marker as unknown as EulerParameterBodyMarker;
  const node = nodes[0], kernel = marker.jacobianTransposedVector_q!;
  const a = new Float64Array(9);
  marker.jacobianTransposedVector_q = (s, force, torque, k, factor) => {
    kernel(s, force, torque, k, factor);
    if (force === undefined || (x[0] === 0 && x[1] === 0 && x[2] === 0)) return;
    const r = node.referenceCoordinates, i = node.qIndex + 3;
    const p = [r[3] + s.q[i], r[4] + s.q[i + 1], r[5] + s.q[i + 2], r[6] + s.q[i + 3]];
    node.orientation(s, a);
    const b = [0, 1, 2].map((j) => a[j] * force[0] + a[3 + j] * force[1] + a[6 + j] * force[2] - force[j]);
    const v = [x[1] * b[2] - x[2] * b[1], x[2] * b[0] - x[0] * b[2], x[0] * b[1] - x[1] * b[0]];
    const [e0, e1, e2, e3] = p.map((pi) => 2 * pi);
    // the columns of G_l = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0]
    const columns = [[-e1, -e2, -e3], [e0, -e3, e2], [e3, e0, -e1], [-e2, e1, e0]];
    const scale = 2 * factor / (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
    for (let row = 0; row < 4; row++) {
      const w = scale * (columns[row][0] * v[0] + columns[row][1] * v[1] + columns[row][2] * v[2]);
      for (let c = 0; c < 4; c++) k[(3 + row) * 7 + 3 + c] -= w * p[c];
    }
  };
}
