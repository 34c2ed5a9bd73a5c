import type { BindContext, ItemState, NodeModel, SuperElementMeshNodeMap, SuperElementModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../registry/errors.ts';

/** Tolerance of the weight check: |Σ w_i − 1| ≤ weightSumTolerance. */
export const weightSumTolerance = 1e-10;

/** The super element of bodyNumber, with the mesh node numbers and weights checked (count, range, Σ w = 1). */
export function bindSuperElement(label: ItemLabel, context: BindContext, bodyNumber: number, meshNodes: readonly number[], weights: ArrayLike<number>): SuperElementModel {
  const object = context.object(bodyNumber, 'bodyNumber');
  const se = object.superElement;
  if (se === undefined) {
    itemError(label, 'bodyNumber', `must refer to a super element (ObjectFFRF, ObjectFFRFreducedOrder), got ${object.label.category}${object.label.typeName} #${bodyNumber}`);
  }
  if (meshNodes.length === 0) itemError(label, 'meshNodeNumbers', 'must list at least one mesh node, got []');
  if (weights.length !== meshNodes.length) {
    itemError(label, 'weightingFactors', `must have one weight per mesh node (${meshNodes.length} entries, as meshNodeNumbers), got ${weights.length}`);
  }
  meshNodes.forEach((k, i) => {
    if (!(k >= 0 && k < se.meshNodeCount)) itemError(label, 'meshNodeNumbers', `entry ${i} must be a mesh node number of body #${bodyNumber} (0 … ${se.meshNodeCount - 1}), got ${k}`);
  });
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i];
  if (Math.abs(sum - 1) > weightSumTolerance) itemError(label, 'weightingFactors', `must sum to 1 (within ${weightSumTolerance}), got sum ${sum}`);
  return se;
}

/**
 * Kinematics of a body-fixed point p̄ = x̄₀ + y (y = map value, 3 rows) of a super element: p = p_r + A p̄,
 * v = v_r + A (ω̄ × p̄ + ẏ) and the position Jacobian [J_r − (A p̄)~ J_rot,r | A J_y] over the marker's nodes
 * (reference node first, then the map's nodes). Without a reference node p_r = 0 and A = I. Allocation-free.
 */
export class SuperElementPoint {
  /** Nodes of the marker: the reference node (if any) followed by the map's nodes. */
  readonly nodes: readonly NodeModel[];
  /** Σ n_u of the nodes. */
  readonly nLocalU: number;
  /** Rotation matrix of the reference frame at the last call of {@link SuperElementPoint.frame}. */
  readonly a = new Float64Array(9);
  private readonly local = new Float64Array(3);
  private readonly work = new Float64Array(3);
  private readonly work2 = new Float64Array(3);
  private readonly refJac: Float64Array;
  private readonly refRot: Float64Array;
  private readonly nRef: number;

  constructor(readonly se: SuperElementModel, readonly map: SuperElementMeshNodeMap, readonly base: Float64Array) {
    const ref = se.referenceNode;
    this.nodes = ref === undefined ? map.nodes : [ref, ...map.nodes];
    this.nRef = ref === undefined ? 0 : ref.nu;
    this.nLocalU = this.nRef + map.nU;
    this.refJac = new Float64Array(3 * this.nRef);
    this.refRot = new Float64Array(3 * this.nRef);
  }

  /** Writes A of the reference frame into this.a (identity without reference node). */
  frame(s: ItemState): Float64Array {
    const ref = this.se.referenceNode;
    if (ref === undefined) { this.a.fill(0); this.a[0] = 1; this.a[4] = 1; this.a[8] = 1; } else ref.orientation!(s, this.a);
    return this.a;
  }

  /** Body-fixed position p̄ = base + y. */
  localPosition(s: ItemState, out: Float64Array): Float64Array {
    this.map.value(s, out);
    out[0] += this.base[0]; out[1] += this.base[1]; out[2] += this.base[2];
    return out;
  }

  position(s: ItemState, out: Float64Array): void {
    const a = this.frame(s), p = this.localPosition(s, this.local);
    const ref = this.se.referenceNode;
    if (ref === undefined) out.fill(0); else ref.position!(s, out);
    for (let i = 0; i < 3; i++) out[i] += a[3 * i] * p[0] + a[3 * i + 1] * p[1] + a[3 * i + 2] * p[2];
  }

  velocity(s: ItemState, out: Float64Array): void {
    const a = this.frame(s), p = this.localPosition(s, this.local), w = this.work, v = this.work2;
    const ref = this.se.referenceNode;
    this.map.rate(s, v);
    if (ref === undefined) { out.fill(0); } else {
      ref.angularVelocityLocal!(s, w);
      v[0] += w[1] * p[2] - w[2] * p[1]; v[1] += w[2] * p[0] - w[0] * p[2]; v[2] += w[0] * p[1] - w[1] * p[0];
      ref.velocity!(s, out);
    }
    for (let i = 0; i < 3; i++) out[i] += a[3 * i] * v[0] + a[3 * i + 1] * v[1] + a[3 * i + 2] * v[2];
  }

  /** Writes [J_r − (A p̄)~ J_rot,r | A J_y] (3 × nLocalU). */
  positionJacobian(s: ItemState, out: Float64Array): void {
    const a = this.frame(s), n = this.nLocalU, nRef = this.nRef;
    const ref = this.se.referenceNode;
    if (ref !== undefined) {
      const p = this.localPosition(s, this.local), x = this.work;
      for (let i = 0; i < 3; i++) x[i] = a[3 * i] * p[0] + a[3 * i + 1] * p[1] + a[3 * i + 2] * p[2];
      ref.positionJacobian!(s, this.refJac);
      ref.rotationJacobian!(s, this.refRot);
      const jr = this.refRot;
      for (let c = 0; c < nRef; c++) {
        const r0 = jr[c], r1 = jr[nRef + c], r2 = jr[2 * nRef + c];
        // −x̃ r = r × x
        out[c] = this.refJac[c] + (r1 * x[2] - r2 * x[1]);
        out[n + c] = this.refJac[nRef + c] + (r2 * x[0] - r0 * x[2]);
        out[2 * n + c] = this.refJac[2 * nRef + c] + (r0 * x[1] - r1 * x[0]);
      }
    }
    this.addFrameTimesMap(a, this.map.jacobian, 1, out);
  }

  /** out[:, nRef…] = factor·A·B for a 3 × nU matrix B (flexible columns of a 3 × nLocalU matrix). */
  addFrameTimesMap(a: Float64Array, b: Float64Array, factor: number, out: Float64Array): void {
    const n = this.nLocalU, nRef = this.nRef, nU = this.map.nU;
    for (let i = 0; i < 3; i++) {
      for (let c = 0; c < nU; c++) {
        out[i * n + nRef + c] = factor * (a[3 * i] * b[c] + a[3 * i + 1] * b[nU + c] + a[3 * i + 2] * b[2 * nU + c]);
      }
    }
  }
}
