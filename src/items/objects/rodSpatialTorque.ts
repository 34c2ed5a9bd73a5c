/**
 * The run-time model shared by the torques on a rod whose axis is fixed in space (ObjectRodUniformTorque,
 * ObjectRodGlobalMuscleTorque): global torques T_k at points s_k of the rod (Gauss points, and for a muscle the two ends),
 * Q = Σ_k J_rot(s_k)ᵀ Aᵀ(s_k) T_k (the cross-section-frame torque Aᵀ T_k turns against the rod), with the exact load
 * Jacobian Σ_k ∂(J_rotᵀ Aᵀ T_k)/∂Δq at fixed T_k from the rod, one element block per point.
 * @module
 */

import type { BindContext, BodyModel, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';

/** The body capabilities the torque reads (optional in BodyModel; checked in bind). */
type LineBody = Required<Pick<BodyModel, 'linePoints' | 'rotationJacobian' | 'jacobianTransposedVector_q' | 'nodesAt'>> & BodyModel;

/**
 * Base of the spatial torques on a rod: points, Jacobian work arrays, ode2Lhs and ode2Lhs_q; every point's torque is a
 * multiple of one global vector (the axis), a subclass gives the multiple.
 */
export abstract class RodSpatialTorqueModel implements Only<ObjectModel, RodSpatialTorqueModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = false;
  localNodes: readonly NodeModel[] = [];
  private rod: LineBody | undefined;
  /** Points [s, 0, 0]: the Gauss points, then (withEnds) s = 0 and s = L. */
  protected positions: Float64Array[] = [];
  /** Reference lengths ds_k of the Gauss points. */
  protected lengths: Float64Array = new Float64Array(0);
  /** Local column offset of each point's element. */
  private offsets = new Int32Array(0);
  /** Columns of a point (6(p + 1)). */
  private nPoint = 0;
  private jRot = new Float64Array(0);
  private block = new Float64Array(0);
  /** The global torque of the current point (torqueAt). */
  private readonly pointTorque = new Float64Array(3);
  /** The global vector every point's torque is a multiple of. */
  private readonly axis: Float64Array;

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, private readonly pointsPerElement: number, private readonly withEnds: boolean,
    axis: ArrayLike<number>) {
    this.axis = Float64Array.from(axis);
  }

  bind(context: BindContext): void {
    const body = context.body(this.bodyNumber, 'bodyNumber');
    const missing = (['linePoints', 'rotationJacobian', 'jacobianTransposedVector_q', 'nodesAt'] as const).filter((name) => body[name] === undefined);
    if (missing.length > 0) {
      itemError(this.label, 'bodyNumber', `must refer to a rod (a CosseratRod: a line body with ${missing.join(', ')}), got object #${this.bodyNumber} without them`);
    }
    const rod = body as LineBody;
    this.rod = rod;
    this.localNodes = body.nodes;
    const { arc, length } = rod.linePoints(this.pointsPerElement);
    this.positions = Array.from(arc, (s) => Float64Array.of(s, 0, 0));
    this.lengths = length;
    if (this.withEnds) {
      let total = 0;
      for (let k = 0; k < length.length; k++) total += length[k];
      this.positions.push(Float64Array.of(0, 0, 0), Float64Array.of(total, 0, 0));
    }
    const columns = new Map<NodeModel, number>();
    let offset = 0;
    for (const node of body.nodes) { columns.set(node, offset); offset += node.nu; }
    if (body.nodes.some((node) => node.nu !== 6)) {
      itemError(this.label, 'bodyNumber', `must refer to a rod whose nodes have 6 coordinates [r, φ] each, got nodes with ${body.nodes.map((node) => node.nu).join(', ')}`);
    }
    this.offsets = Int32Array.from(this.positions, (p) => columns.get(rod.nodesAt(p)[0])
      ?? itemError(this.label, 'bodyNumber', `must refer to a line body whose points depend on its own nodes, got a point at s = ${p[0]} on a node outside them`));
    const pointNodes = rod.nodesAt(this.positions[0]);
    this.nPoint = pointNodes.reduce((sum, node) => sum + node.nu, 0);
    this.jRot = new Float64Array(3 * this.nPoint);
    this.block = new Float64Array(this.nPoint * this.nPoint);
    this.pointsBound();
  }

  /** Called at the end of bind, when positions and lengths are known. */
  protected pointsBound(): void {}

  /** Called before the points of an evaluation at state s (time-dependent factors). */
  protected prepare(_s: ItemState): void {}

  /** The multiple of the axis that is the global torque at point k (times the static load factor). */
  protected abstract torqueScale(s: ItemState, k: number): number;

  /** The global torque T_k = torqueScale(s, k)·axis at point k. */
  private torqueAt(s: ItemState, k: number): Float64Array {
    const scale = this.torqueScale(s, k), t = this.pointTorque, axis = this.axis;
    t[0] = scale * axis[0]; t[1] = scale * axis[1]; t[2] = scale * axis[2];
    return t;
  }

  private get line(): LineBody {
    return this.rod ?? itemError(this.label, 'bodyNumber', 'is not bound (assemble the system first)');
  }

  /** ode2Lhs −= Σ_k J_rot(s_k)ᵀ T_k (an applied torque is a right-hand side). */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    const body = this.line, np = this.nPoint, jRot = this.jRot;
    this.prepare(s);
    for (let k = 0; k < this.positions.length; k++) {
      const t = this.torqueAt(s, k), o = this.offsets[k];
      body.rotationJacobian(s, this.positions[k], jRot);
      for (let j = 0; j < np; j++) f[o + j] -= jRot[j] * t[0] + jRot[np + j] * t[1] + jRot[2 * np + j] * t[2];
    }
  }

  /**
   * −factor·Σ_k ∂(J_rotᵀ T_k)/∂Δq at fixed global T_k (the rod's kernel), summed over the consecutive points of an element
   * and added as the element's (φ_i, φ_j) 3 × 3 blocks, the only ones the rod's kernel writes (its nodes are [r, φ], the
   * rotation of every interpolation depends on the nodal rotations alone): (p + 1)²·9 entries instead of (6(p + 1))², the
   * same blocks in every call (a fixed sparse pattern).
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const body = this.line, np = this.nPoint, block = this.block, offsets = this.offsets, count = this.positions.length;
    this.prepare(s);
    block.fill(0);
    for (let k = 0; k < count; k++) {
      body.jacobianTransposedVector_q(s, this.positions[k], undefined, this.torqueAt(s, k), block, -factor);
      if (k + 1 === count || offsets[k + 1] !== offsets[k]) {
        const o = offsets[k];
        for (let i = 3; i < np; i += 6) for (let j = 3; j < np; j += 6) acc.addBlock(o + i, o + j, 3, 3, block, i * np + j, np, 1);
        block.fill(0);
      }
    }
  }

  output(): undefined {
    return undefined;
  }
}
