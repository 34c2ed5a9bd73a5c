import { EntryAccumulator, type SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SystemState } from '../model/SystemState.ts';

/**
 * The magnitude the residual's round-off scales with: w_i = Σ_j |∂r_i/∂x_j|·|x_j| over the stiffness and constraint
 * terms (each item's contribution taken by its absolute value), ‖w‖₂ returned by {@link ResidualMagnitude.norm}.
 * Items evaluate their forces from absolute coordinates (reference + displacement), so a force term K x carries an
 * error of about ε·|K|·|x| however small the resulting force is: a steel rod's axial force EA·(|r'| − 1) has an
 * error of ε·EA·|r|/L_e. The magnitudes |x_j| are: a node's position norm for its position coordinates (rows of a
 * rotated body mix all components), 1 for the rotation increments of Lie-group nodes (rotation matrices have entries
 * of size 1), |reference + q| for all other coordinates, and |λ| for the multipliers (columns of C_qᵀ in the ODE2
 * rows). The AE rows get |C_q|·|x|. Mass, damping and load terms are not included (their round-off is below the
 * elastic one in stiff problems and covered by the relative tolerance otherwise).
 */
export class ResidualMagnitude {
  private readonly magnitudes: Float64Array;
  private readonly sums: Float64Array;
  private readonly position = new Float64Array(3);
  /** Accumulates |value|·|x_col| into row (the assembler's Jacobian calls write here). */
  private readonly entries: EntryAccumulator;

  constructor(private readonly model: CompiledModel, private readonly assembler: SystemAssembler) {
    const n = model.nu + model.nAE;
    this.magnitudes = new Float64Array(n);
    this.sums = new Float64Array(n);
    const { magnitudes, sums } = this;
    this.entries = new EntryAccumulator((row, col, value) => { sums[row] += Math.abs(value) * magnitudes[col]; });
  }

  /** ‖w‖₂ at state s; useIndex2 selects the velocity-level constraint Jacobian, as in the residual. */
  norm(s: SystemState, useIndex2: boolean): number {
    const { model, magnitudes, sums, position } = this;
    const nu = model.nu;
    const q = s.q;
    for (const node of model.nodes) {
      if (node.nu === 0) continue;
      let start = 0;
      if (node.positionDimension > 0 && node.position !== undefined) {
        node.position(s, position);
        const size = Math.sqrt(position[0] * position[0] + position[1] * position[1] + position[2] * position[2]);
        for (; start < node.positionDimension; start++) magnitudes[node.uIndex + start] = size;
      }
      const lieGroup = node.composeIncrement !== undefined || node.nq !== node.nu;
      for (let k = start; k < node.nu; k++) {
        magnitudes[node.uIndex + k] = lieGroup ? 1 : Math.abs(node.referenceCoordinates[k] + q[node.qIndex + k]);
      }
    }
    for (let i = 0; i < model.nAE; i++) magnitudes[nu + i] = Math.abs(s.lambda[i]);
    sums.fill(0);
    this.assembler.addODE2LhsJacobian(s, this.entries, 1, 0);
    if (model.nAE > 0) this.assembler.addConstraintJacobian(s, this.entries, 1, 1, 1, 1, useIndex2);
    let sum = 0;
    for (let i = 0; i < sums.length; i++) sum += sums[i] * sums[i];
    return Math.sqrt(sum);
  }
}
