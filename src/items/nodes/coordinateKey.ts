import type { ItemState, NodeModel } from '../../registry/capabilities.ts';
import { sameBits } from '../../linalg/arrays.ts';

/**
 * The values of some nodes' position and velocity coordinates at an item's residual evaluation, for an item that keeps
 * results computed from them (kinematics, marker Jacobians) and reuses them in the Jacobian evaluation at the same state:
 * full Newton evaluates each Jacobian at the state of the residual before it. Values compare bit for bit (zeros by
 * sign, NaN never equal), so no rule has to say when the state changed. Storing the values costs about as much as a
 * small kinematics evaluation, so residual evaluations store them only while Jacobians follow residuals: full Newton has
 * at most two residual evaluations without a Jacobian between them (the last of a step and the first of the next), modified
 * Newton has more, and from the third on nothing is stored until the next Jacobian — except in the key's first
 * {@link WARM_UP_STORES} residual evaluations, which all store: so the store path has run, leaving type feedback, before
 * V8's optimizing compiler compiles the item's residual (inlining this key); otherwise, under modified Newton, whose
 * Jacobians come seldom, the first Jacobian after that compile deoptimizes the residual, which then runs unoptimized
 * until its recompilation (docs/benchmarks.md, rot23). Storing more often changes no result: a match is bit for bit.
 * Usage: `if (!key.matchesForResidual(s)) { compute(s); key.confirm(); }` (and matchesForJacobian) — a computation that
 * throws leaves the key unconfirmed, and the next call computes again.
 */
/** Residual evaluations at the start of a key's life that store their values whatever the count (see CoordinateKey). */
const WARM_UP_STORES = 32;

export class CoordinateKey {
  /** The q indices of the nodes' position coordinates, node by node. */
  private qIndices = new Int32Array(0);
  /** The u indices of the nodes' velocity coordinates, node by node. */
  private uIndices = new Int32Array(0);
  /**
   * The stored values: the q entries (in the order of qIndices), then the u entries. Flat loops over index lists, not a
   * loop over nodes with loops over their coordinates: the nested loops made the TurboFan jobs of the key's callers
   * larger (loop peeling per inner loop) in short runs.
   */
  private values = new Float64Array(0);
  /** 0: nothing stored; 1: values stored, results not yet computed; 2: the results of the stored values are computed. */
  private stage = 0;
  /** Residual evaluations since the last Jacobian evaluation (the first two store their values). */
  private residualsSinceJacobian = 0;
  /** Stores left before the rule "the first two residuals since a Jacobian" applies (counts down to 0). */
  private warmUpStores = WARM_UP_STORES;

  /** Keys on the coordinates of nodes (their q and u entries); forgets the stored values. */
  bind(nodes: readonly NodeModel[]): void {
    this.qIndices = Int32Array.from(nodes.flatMap((node) => Array.from({ length: node.nq }, (_, k) => node.qIndex + k)));
    this.uIndices = Int32Array.from(nodes.flatMap((node) => Array.from({ length: node.nu }, (_, k) => node.uIndex + k)));
    this.values = new Float64Array(this.qIndices.length + this.uIndices.length);
    this.stage = 0;
  }

  /**
   * At an evaluation for a residual: true if the results of s's values are computed; otherwise false, and the values are
   * stored (unconfirmed) while Jacobians follow residuals (the caller computes and then calls {@link CoordinateKey.confirm}).
   */
  matchesForResidual(s: ItemState): boolean {
    const count = ++this.residualsSinceJacobian;
    if (this.stage === 2 && this.holds(s.q, s.u)) return true;
    if (count <= 2 || this.warmUpStores > 0) this.store(s.q, s.u);
    else this.stage = 0;
    return false;
  }

  /** At an evaluation for a Jacobian: true if the results of s's values are computed (nothing is stored otherwise). */
  matchesForJacobian(s: ItemState): boolean {
    this.residualsSinceJacobian = 0;
    if (this.stage === 2 && this.holds(s.q, s.u)) return true;
    this.stage = 0;
    return false;
  }

  /**
   * Outside the residual–Jacobian sequence (a post-Newton step at the state of Newton's last residual): true if the
   * results of s's values are computed; counts no evaluation and stores nothing.
   */
  matches(s: ItemState): boolean {
    return this.stage === 2 && this.holds(s.q, s.u);
  }

  /** The results for the stored values are computed (nothing if no values are stored). */
  confirm(): void {
    if (this.stage === 1) this.stage = 2;
  }

  /** Forgets the stored values (the item overwrote its results with those of another state, e.g. for an output). */
  invalidate(): void {
    this.stage = 0;
  }

  /** Stores the node's entries of q and u (stage 1). */
  private store(q: Float64Array, u: Float64Array): void {
    const { qIndices, uIndices, values } = this;
    const nq = qIndices.length;
    for (let k = 0; k < nq; k++) values[k] = q[qIndices[k]];
    for (let k = 0; k < uIndices.length; k++) values[nq + k] = u[uIndices[k]];
    this.stage = 1;
    if (this.warmUpStores > 0) this.warmUpStores--;
  }

  /** True if q and u hold the stored values (the velocities first: they differ in more calls). */
  private holds(q: Float64Array, u: Float64Array): boolean {
    const { qIndices, uIndices, values } = this;
    const nq = qIndices.length;
    for (let k = 0; k < uIndices.length; k++) if (!sameBits(u[uIndices[k]], values[nq + k])) return false;
    for (let k = 0; k < nq; k++) if (!sameBits(q[qIndices[k]], values[k])) return false;
    return true;
  }
}
