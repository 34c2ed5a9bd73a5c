import type { BindContext, FrameNodeModel, ItemState, NodeModel, SuperElementMeshNodeMap, SuperElementModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';

/** Tolerance of the weight check: |Σ w_i − 1| ≤ weightSumTolerance. */
export const weightSumTolerance = 1e-10;

/** The super element of bodyNumber, with the mesh node numbers and weights checked (count, range, Σ w = 1). */
export function bindSuperElement(label: ItemLabel, context: BindContext, bodyNumber: number, meshNodes: readonly number[], weights: ArrayLike<number>): SuperElementModel {
  const object = context.object(bodyNumber, 'bodyNumber');
  const se = object.superElement;
  if (se === undefined) {
    itemError(label, 'bodyNumber', `must refer to a super element (ObjectFFRF, ObjectFFRFreducedOrder, ObjectGenericODE2 of Point nodes), got ${object.label.category}${object.label.typeName} #${bodyNumber}`);
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
  /** ∂ω/∂q_r of the reference node (3 × nRef), the node's block of ∂(J_rotᵀτ)/∂q_r (nRef × nRef) and a 3 × nLocalU work matrix. */
  private readonly refOmegaQ: Float64Array;
  private readonly refBlock: Float64Array;
  private readonly work3n: Float64Array;
  private readonly nRef: number;
  /** True if {@link SuperElementPoint.velocity_q} is available (no reference node, or one with angularVelocity_q). */
  readonly hasVelocity_q: boolean;
  /** True if {@link SuperElementPoint.jacobianTransposedVector_q} is available (no reference node, or one with jacobianTransposedVector_q). */
  readonly hasJacobianTransposedVector_q: boolean;
  /** The reference node's ∂ω/∂Δq and load-Jacobian kernel, if it has them. */
  private readonly refAngularVelocity_q: NodeModel['angularVelocity_q'];
  private readonly refJacobianTransposedVector_q: NodeModel['jacobianTransposedVector_q'];

  constructor(readonly se: SuperElementModel, readonly map: SuperElementMeshNodeMap, readonly base: Float64Array) {
    const ref = se.referenceNode;
    this.nodes = ref === undefined ? map.nodes : [ref, ...map.nodes];
    this.nRef = ref === undefined ? 0 : ref.nu;
    this.nLocalU = this.nRef + map.nU;
    this.refJac = new Float64Array(3 * this.nRef);
    this.refRot = new Float64Array(3 * this.nRef);
    this.refOmegaQ = new Float64Array(3 * this.nRef);
    this.refBlock = new Float64Array(this.nRef * this.nRef);
    this.work3n = new Float64Array(3 * this.nLocalU);
    this.refAngularVelocity_q = ref?.angularVelocity_q?.bind(ref);
    this.refJacobianTransposedVector_q = ref?.jacobianTransposedVector_q?.bind(ref);
    this.hasVelocity_q = ref === undefined || this.refAngularVelocity_q !== undefined;
    this.hasJacobianTransposedVector_q = ref === undefined || this.refJacobianTransposedVector_q !== undefined;
  }

  /** Writes A of the reference frame into this.a (identity without reference node). */
  frame(s: ItemState): Float64Array {
    const ref = this.se.referenceNode;
    if (ref === undefined) { this.a.fill(0); this.a[0] = 1; this.a[4] = 1; this.a[8] = 1; } else ref.orientation(s, this.a);
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
    if (ref === undefined) out.fill(0); else ref.position(s, out);
    for (let i = 0; i < 3; i++) out[i] += a[3 * i] * p[0] + a[3 * i + 1] * p[1] + a[3 * i + 2] * p[2];
  }

  velocity(s: ItemState, out: Float64Array): void {
    const a = this.frame(s), p = this.localPosition(s, this.local), w = this.work, v = this.work2;
    const ref = this.se.referenceNode;
    this.map.rate(s, v);
    if (ref === undefined) { out.fill(0); } else {
      ref.angularVelocityLocal(s, w);
      v[0] += w[1] * p[2] - w[2] * p[1]; v[1] += w[2] * p[0] - w[0] * p[2]; v[2] += w[0] * p[1] - w[1] * p[0];
      ref.velocity(s, out);
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
      ref.positionJacobian(s, this.refJac);
      ref.rotationJacobian(s, this.refRot);
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

  /** x = A p̄ into this.work and the reference node's rotation Jacobian into this.refRot; returns x. */
  private rotatedPointAndRotationJacobian(s: ItemState, a: Float64Array, ref: FrameNodeModel): Float64Array {
    const p = this.localPosition(s, this.local), x = this.work;
    for (let i = 0; i < 3; i++) x[i] = a[3 * i] * p[0] + a[3 * i + 1] * p[1] + a[3 * i + 2] * p[2];
    ref.rotationJacobian(s, this.refRot);
    return x;
  }

  /**
   * Writes ∂v/∂Δq at fixed u (3 × nLocalU) for v = v_r + ω × x + A ẏ, x = A p̄: reference columns c with rotation
   * r_c = J_rot[:, c] give (∂ω/∂q_c) × x + ω × (r_c × x) + r_c × (A ẏ), flexible columns ω × (A J_y). Requires
   * {@link SuperElementPoint.hasVelocity_q}.
   */
  velocity_q(s: ItemState, out: Float64Array): void {
    const ref = this.se.referenceNode, omega_q = this.refAngularVelocity_q;
    if (ref === undefined || omega_q === undefined) { out.fill(0, 0, 3 * this.nLocalU); return; }
    const n = this.nLocalU, nRef = this.nRef, a = this.frame(s);
    const x = this.rotatedPointAndRotationJacobian(s, a, ref), r = this.refRot, wq = this.refOmegaQ;
    const w = this.work2, z = this.local;
    this.map.rate(s, z);
    const z0 = a[0] * z[0] + a[1] * z[1] + a[2] * z[2], z1 = a[3] * z[0] + a[4] * z[1] + a[5] * z[2], z2 = a[6] * z[0] + a[7] * z[1] + a[8] * z[2];
    ref.angularVelocity(s, w);
    omega_q(s, wq);
    for (let c = 0; c < nRef; c++) {
      const r0 = r[c], r1 = r[nRef + c], r2 = r[2 * nRef + c];
      const o0 = wq[c], o1 = wq[nRef + c], o2 = wq[2 * nRef + c];
      const y0 = r1 * x[2] - r2 * x[1], y1 = r2 * x[0] - r0 * x[2], y2 = r0 * x[1] - r1 * x[0];
      out[c] = o1 * x[2] - o2 * x[1] + w[1] * y2 - w[2] * y1 + r1 * z2 - r2 * z1;
      out[n + c] = o2 * x[0] - o0 * x[2] + w[2] * y0 - w[0] * y2 + r2 * z0 - r0 * z2;
      out[2 * n + c] = o0 * x[1] - o1 * x[0] + w[0] * y1 - w[1] * y0 + r0 * z1 - r1 * z0;
    }
    this.addFrameTimesMap(a, this.map.jacobian, 1, out);
    crossColumns(w[0], w[1], w[2], out, n, nRef);
  }

  /**
   * Adds factor·∂(Jᵀ F)/∂Δq (nLocalU × nLocalU) for a fixed global force F. With x = A p̄, J_x = ∂x/∂q = [−x̃ R | A J_y]
   * (R = J_rot of the reference node) and Jᵀ F = [J_rᵀ F + Rᵀ (x × F); J_yᵀ Aᵀ F]: the reference node's own
   * ∂(Rᵀ τ)/∂q_r for τ = x × F, the rows −Rᵀ F̃ J_x and the flexible-row, reference-column block J_yᵀ Aᵀ F̃ R.
   * Requires {@link SuperElementPoint.hasJacobianTransposedVector_q}.
   */
  jacobianTransposedVector_q(s: ItemState, force: ArrayLike<number>, k: Float64Array, factor: number): void {
    const ref = this.se.referenceNode, refKernel = this.refJacobianTransposedVector_q;
    if (ref === undefined || refKernel === undefined) return;
    const n = this.nLocalU, nRef = this.nRef, nU = this.map.nU, a = this.frame(s);
    const x = this.rotatedPointAndRotationJacobian(s, a, ref), r = this.refRot, jx = this.work3n, tau = this.work2;
    const f0 = force[0], f1 = force[1], f2 = force[2];
    tau[0] = x[1] * f2 - x[2] * f1; tau[1] = x[2] * f0 - x[0] * f2; tau[2] = x[0] * f1 - x[1] * f0;
    const block = this.refBlock;
    block.fill(0);
    refKernel(s, undefined, tau, block, 1);
    addScaledLeadingBlock(k, n, block, nRef, factor);
    // jx = F̃ J_x, column by column
    for (let c = 0; c < nRef; c++) {
      const r0 = r[c], r1 = r[nRef + c], r2 = r[2 * nRef + c];
      jx[c] = r1 * x[2] - r2 * x[1]; jx[n + c] = r2 * x[0] - r0 * x[2]; jx[2 * n + c] = r0 * x[1] - r1 * x[0];
    }
    this.addFrameTimesMap(a, this.map.jacobian, 1, jx);
    crossColumns(f0, f1, f2, jx, n, 0);
    subtractRotationRows(k, n, r, nRef, jx, factor);
    // flexible rows, reference columns: J_yᵀ (Aᵀ F̃ R); b = Aᵀ F̃ R (3 × nRef) in the refJac work array
    const b = this.refJac;
    for (let c = 0; c < nRef; c++) {
      const r0 = r[c], r1 = r[nRef + c], r2 = r[2 * nRef + c];
      const g0 = f1 * r2 - f2 * r1, g1 = f2 * r0 - f0 * r2, g2 = f0 * r1 - f1 * r0;
      b[c] = a[0] * g0 + a[3] * g1 + a[6] * g2; b[nRef + c] = a[1] * g0 + a[4] * g1 + a[7] * g2; b[2 * nRef + c] = a[2] * g0 + a[5] * g1 + a[8] * g2;
    }
    addFlexibleRows(k, n, this.map.jacobian, nU, b, nRef, factor);
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

// The loops of SuperElementPoint's Jacobian kernels, in functions of their own: a kernel called once per Jacobian
// would otherwise gather V8's optimization ticks from these loops and get a TurboFan job near the end of a short run
// (docs/decisions.md, "A short run's once-per-step code keeps its coordinate loops in functions of their own").

/** k[i·n + j] += factor·block[i·m + j] for i, j < m (the leading m × m block of the n-column matrix k). */
function addScaledLeadingBlock(k: Float64Array, n: number, block: Float64Array, m: number, factor: number): void {
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) k[i * n + j] += factor * block[i * m + j];
}

/** Replaces the columns from … n − 1 of the 3 × n matrix m by w × column (w = (w0, w1, w2)). */
function crossColumns(w0: number, w1: number, w2: number, m: Float64Array, n: number, from: number): void {
  for (let c = from; c < n; c++) {
    const b0 = m[c], b1 = m[n + c], b2 = m[2 * n + c];
    m[c] = w1 * b2 - w2 * b1; m[n + c] = w2 * b0 - w0 * b2; m[2 * n + c] = w0 * b1 - w1 * b0;
  }
}

/** Rows 0 … nRef − 1 of the n-column matrix k: k[row, :] −= factor·R[:, row]ᵀ jx (R 3 × nRef, jx 3 × n); zero columns of R skipped. */
function subtractRotationRows(k: Float64Array, n: number, r: Float64Array, nRef: number, jx: Float64Array, factor: number): void {
  for (let row = 0; row < nRef; row++) {
    const r0 = r[row], r1 = r[nRef + row], r2 = r[2 * nRef + row];
    if (r0 === 0 && r1 === 0 && r2 === 0) continue;
    for (let c = 0; c < n; c++) k[row * n + c] -= factor * (r0 * jx[c] + r1 * jx[n + c] + r2 * jx[2 * n + c]);
  }
}

/** Rows nRef + j of the n-column matrix k, columns 0 … nRef − 1: += factor·J_y[:, j]ᵀ b (J_y 3 × nU, b 3 × nRef); zero columns of J_y skipped. */
function addFlexibleRows(k: Float64Array, n: number, jy: Float64Array, nU: number, b: Float64Array, nRef: number, factor: number): void {
  for (let j = 0; j < nU; j++) {
    const y0 = jy[j], y1 = jy[nU + j], y2 = jy[2 * nU + j];
    if (y0 === 0 && y1 === 0 && y2 === 0) continue;
    const row = (nRef + j) * n;
    for (let c = 0; c < nRef; c++) k[row + c] += factor * (y0 * b[c] + y1 * b[nRef + c] + y2 * b[2 * nRef + c]);
  }
}
