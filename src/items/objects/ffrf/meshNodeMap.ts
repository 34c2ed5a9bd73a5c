import type { ItemState, NodeModel, Only, SuperElementMeshNodeMap } from '../../../registry/capabilities.ts';

/** A weighted map of mesh-node displacements: y = Σ_j C_j ū⁽ᵏʲ⁾, with the point nodes' coordinates read from the state. */
class PointMeshNodeMap implements Only<SuperElementMeshNodeMap, PointMeshNodeMap> {
  readonly nU: number;
  readonly jacobian: Float64Array;
  private readonly qIndex: Int32Array;
  private readonly uIndex: Int32Array;

  constructor(readonly nodes: readonly NodeModel[], coefficients: ArrayLike<number>, readonly rows: number) {
    this.nU = 3 * nodes.length;
    this.jacobian = Float64Array.from(coefficients);
    this.qIndex = Int32Array.from(nodes, (n) => n.qIndex);
    this.uIndex = Int32Array.from(nodes, (n) => n.uIndex);
  }

  private apply(x: Float64Array, index: Int32Array, out: Float64Array): void {
    const m = index.length, J = this.jacobian, nU = this.nU;
    for (let r = 0; r < this.rows; r++) {
      let sum = 0;
      for (let j = 0; j < m; j++) {
        const k = index[j], c = r * nU + 3 * j;
        sum += J[c] * x[k] + J[c + 1] * x[k + 1] + J[c + 2] * x[k + 2];
      }
      out[r] = sum;
    }
  }

  value(s: ItemState, out: Float64Array): void {
    this.apply(s.q, this.qIndex, out);
  }

  rate(s: ItemState, out: Float64Array): void {
    this.apply(s.u, this.uIndex, out);
  }
}

/**
 * The {@link SuperElementMeshNodeMap} of a super element whose mesh node i is the 3D point node pointNodes[i] (ObjectFFRF's
 * flexible nodes, ObjectGenericODE2's nodes): mesh nodes listed twice are merged (their coefficient blocks added), so each
 * node appears once among the map's nodes.
 */
export function createPointMeshNodeMap(pointNodes: readonly NodeModel[], meshNodes: ArrayLike<number>, coefficients: ArrayLike<number>, rows: number): SuperElementMeshNodeMap {
  const order: number[] = [];
  const position = new Map<number, number>();
  for (let j = 0; j < meshNodes.length; j++) if (!position.has(meshNodes[j])) { position.set(meshNodes[j], order.length); order.push(meshNodes[j]); }
  const m = meshNodes.length, mu = order.length;
  const c = new Float64Array(rows * 3 * mu);
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j < m; j++) {
      const col = 3 * position.get(meshNodes[j])!;
      for (let d = 0; d < 3; d++) c[r * 3 * mu + col + d] += coefficients[r * 3 * m + 3 * j + d];
    }
  }
  return new PointMeshNodeMap(order.map((i) => pointNodes[i]), c, rows);
}
