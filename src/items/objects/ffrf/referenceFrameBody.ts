import type { BodyModel, ItemState, NodeModel, Only } from '../../../registry/capabilities.ts';
import { OutputVariableType } from '../../../registry/enums.ts';
import { rotationMatrix2RotXYZInto } from '../../../rotations/rotationMatrices.ts';
import type { RigidNodeModel } from '../../nodes/rigidNodeBase.ts';
import { RigidFrameKinematics } from '../rigidBodyBase.ts';

/** Body outputs of a floating-frame body at a local position of its reference frame. */
export const referenceFrameBodyOutputs = [
  OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.RotationMatrix,
  OutputVariableType.Rotation, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
] as const;

/** How the FFRF object sets up its reference-frame body at bind. */
interface ReferenceFrameSetup {
  /** Binds the reference node, total mass and centre of mass. */
  set(node: RigidNodeModel, mass: number, com: ArrayLike<number>): void;
}

/**
 * The body capability of a floating-frame (FFRF) body: kinematics of points fixed in the reference frame, node 0
 * only (Exudyn: MarkerBodyPosition / MarkerBodyRigid act on the reference frame, not on the deformation). Mass-
 * proportional loads (MarkerBodyMass) act with the total mass m at the centre of mass χ through the reference
 * frame's coordinates: Q_t = m b, Q_θ = G_lᵀ (m χ × Aᵀ b). Its nodes are [reference node], nLocalU = 7.
 */
export class ReferenceFrameBody extends RigidFrameKinematics<RigidNodeModel> implements Only<BodyModel & ReferenceFrameSetup, ReferenceFrameBody> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  /** True if χ ≠ 0 (then mass-proportional loads turn with the frame). */
  massProportionalForceDependsOnCoordinates = false;
  private mass = 0;
  private readonly com = new Float64Array(3);
  private readonly gl = new Float64Array(12);

  /**
   * Sets node, total mass and centre of mass (at bind of the object); outputs KineticEnergy and PotentialEnergy
   * come from the object's callbacks.
   */
  constructor(private readonly energy: (variable: OutputVariableType, s: ItemState) => number | undefined) {
    super();
  }

  /** Binds the reference node, total mass and centre of mass. */
  set(node: RigidNodeModel, mass: number, com: ArrayLike<number>): void {
    this.node = node;
    this.nodes = [node];
    this.nLocalU = node.nu;
    this.mass = mass;
    this.com.set(com);
    this.massProportionalForceDependsOnCoordinates = !(com[0] === 0 && com[1] === 0 && com[2] === 0);
  }

  nodesAt(): readonly NodeModel[] {
    return this.nodes;
  }

  /** [I₃ | −A x̃ G_l], 3 × 7. */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const n = this.nLocalU, nr = n - 3, g = this.gl, a = this.rotation;
    this.node.gLocal(s, g);
    this.node.orientation(s, a);
    const x = -localPosition[0], y = -localPosition[1], z = -localPosition[2];
    for (let r = 0; r < 3; r++) {
      out[r * n] = 0; out[r * n + 1] = 0; out[r * n + 2] = 0;
      out[r * n + r] = 1;
    }
    for (let j = 0; j < nr; j++) {
      const g0 = g[j], g1 = g[nr + j], g2 = g[2 * nr + j];
      const s0 = -z * g1 + y * g2, s1 = z * g0 - x * g2, s2 = -y * g0 + x * g1;
      for (let r = 0; r < 3; r++) out[r * n + 3 + j] = a[3 * r] * s0 + a[3 * r + 1] * s1 + a[3 * r + 2] * s2;
    }
  }

  /** Q_t += m b; Q_θ += G_lᵀ (m χ × Aᵀ b). */
  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    const m = this.mass;
    f[0] += m * loadPerMass[0]; f[1] += m * loadPerMass[1]; f[2] += m * loadPerMass[2];
    if (!this.massProportionalForceDependsOnCoordinates) return;
    const a = this.rotation, g = this.gl, c = this.com, nr = this.nLocalU - 3;
    this.node.orientation(s, a);
    this.node.gLocal(s, g);
    const b0 = a[0] * loadPerMass[0] + a[3] * loadPerMass[1] + a[6] * loadPerMass[2];
    const b1 = a[1] * loadPerMass[0] + a[4] * loadPerMass[1] + a[7] * loadPerMass[2];
    const b2 = a[2] * loadPerMass[0] + a[5] * loadPerMass[1] + a[8] * loadPerMass[2];
    const t0 = m * (c[1] * b2 - c[2] * b1), t1 = m * (c[2] * b0 - c[0] * b2), t2 = m * (c[0] * b1 - c[1] * b0);
    for (let j = 0; j < nr; j++) f[3 + j] += g[j] * t0 + g[nr + j] * t1 + g[2 * nr + j] * t2;
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: return this.displacement(s, localPosition, out);
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.RotationMatrix: { const a = new Float64Array(9); this.node.orientation(s, a); return a; }
      case OutputVariableType.Rotation: {
        const a = new Float64Array(9);
        this.node.orientation(s, a);
        return rotationMatrix2RotXYZInto(out, a);
      }
      case OutputVariableType.AngularVelocity: this.node.angularVelocity(s, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.node.angularVelocityLocal(s, out); return out;
      default: {
        const e = this.energy(variable, s);
        return e === undefined ? undefined : [e];
      }
    }
  }
}
