import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only, type PostNewtonOutput } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, preal, real, uint, ureal, vector } from '../../registry/parameters.ts';
import { MarkerPair, bindDataNode, positionMarkers } from './connectorBase.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { NormalContactForce, contactStepState, dataGap, dataPlasticPenetration, updateContactData } from './contactKernel.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1] at the centres of sphere 0 and sphere 1.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 4 data coordinates [gap, tangential velocity, impact velocity, plastic penetration]; '
    + 'initialize the gap with the initial gap (positive: no contact at the start).'),
  spheresRadii: vector([-1, -1], 'Radii [r0, r1] [m] of the two spheres (both > 0).', 2),
  isHollowSphere1: bool(false, 'If true, sphere 1 is a hollow sphere (r1 > r0) in which sphere 0 moves: contact when |p1 − p0| > r1 − r0.'),
  dynamicFriction: ureal(0, 'Dynamic friction coefficient μ (not supported yet: must be 0).'),
  frictionProportionalZone: ureal(1e-3, 'Regularization velocity [m/s] of the friction law (used with friction).'),
  contactStiffness: ureal(0, 'Contact stiffness k [N/m^n] of the normal force k δ^n, δ = −gap the penetration.'),
  contactDamping: ureal(0, 'Linear contact damping d [N s/m] against the normal relative velocity.'),
  contactStiffnessExponent: preal(1, 'Exponent n of the penetration in the normal force (1: linear, 1.5: Hertz).'),
  constantPullOffForce: ureal(0, 'Constant pull-off (adhesion) force f0 [N] of the adhesive elasto-plastic model (impactModel 0, contactPlasticityRatio ≠ 0).'),
  contactPlasticityRatio: ureal(0, 'Ratio r ∈ [0, 1) of plastic to total deformation in the adhesive elasto-plastic model (0: elastic).'),
  adhesionCoefficient: ureal(0, 'Adhesion coefficient k_adh [N/m^x] of the adhesive elasto-plastic model.'),
  adhesionExponent: preal(1, 'Exponent x of the penetration in the adhesion force k_adh δ^x.'),
  restitutionCoefficient: real(1, 'Coefficient of restitution e ∈ (0, 1] of impactModel 1 and 2.'),
  minimumImpactVelocity: ureal(0, 'Lower bound [m/s] of the impact velocity used by impactModel 1 and 2 (prevents infinite damping at zero impact velocity).'),
  impactModel: uint(0, 'Impact model: 0 linear spring-damper (adhesive elasto-plastic with contactPlasticityRatio ≠ 0), 1 Hunt–Crossley, 2 Gonthier/Carvalho–Martins.'),
  activeConnector: bool(true, 'If false, the contact exerts no force.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; spheresRadii: ArrayLike<number>; isHollowSphere1: boolean; dynamicFriction: number;
  frictionProportionalZone: number; contactStiffness: number; contactDamping: number; contactStiffnessExponent: number;
  constantPullOffForce: number; contactPlasticityRatio: number; adhesionCoefficient: number; adhesionExponent: number;
  restitutionCoefficient: number; minimumImpactVelocity: number; impactModel: number; activeConnector: boolean;
};

/** Run-time model of the sphere-sphere contact. */
class ContactSphereSphereModel implements Only<ObjectModel, ContactSphereSphereModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  private readonly markers: MarkerPair;
  private dataNode: NodeModel | undefined;
  /** +1, or −1 for a hollow sphere 1. */
  private readonly hollowSign: number;
  /** Gap (negative: penetration) of the last evaluation. */
  private gap = 0;
  /** Distance |p1 − p0| of the last evaluation. */
  private distance = 0;
  /** Normal relative velocity n·Δv of the last evaluation. */
  private normalVelocity = 0;
  /** True if the data node's gap says contact (the force acts). */
  private inContact = false;
  /** Normal contact force F_c (positive: pushes the spheres apart) and ∂F_c/∂δ, ∂F_c/∂(n·Δv). */
  private contactForce = 0;
  private contactForce_penetration = 0;
  private contactForce_normalVelocity = 0;
  /** Contact normal n0 (from sphere 0 to sphere 1; inwards for a hollow sphere 1). */
  private readonly normal = new Float64Array(3);
  private readonly forceVector = new Float64Array(3);
  private readonly matrix = new Float64Array(9);
  private readonly law = new NormalContactForce();
  private readonly stepState = contactStepState();
  /** Relative position p1 − p0 at the start of the step (tunnelling check). */
  private readonly startRelativePosition = new Float64Array(3);
  /** The shared dense work array of the local matrices (n_local × n_local, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private nLocal = 0;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.markers = new MarkerPair(label, v.markerNumbers, positionMarkers);
    this.hollowSign = v.isHollowSphere1 ? -1 : 1;
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.nLocal = this.markers.n0 + this.markers.n1;
    this.localMatrix = denseLocalMatrix(this.nLocal);
    this.dataNode = bindDataNode(context, this.label, this.v.nodeNumber, 4, 'for the contact state');
  }

  private dataStart(): number {
    const node = this.dataNode;
    if (node === undefined) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData with 4 data coordinates (parameters changed after assemble?), got -1 (none)');
    return node.dataIndex;
  }

  /** Gap, normal and normal velocity of state s (markers evaluated). */
  private kinematics(s: ItemState): void {
    const { markers, normal: n, v } = this;
    markers.evaluateRelative(s);
    const dp = markers.dp, dv = markers.dv;
    const h = this.hollowSign;
    const distance = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    this.distance = distance;
    this.gap = h * distance - (v.spheresRadii[0] + h * v.spheresRadii[1]);
    const scale = distance !== 0 ? h / distance : h;
    for (let i = 0; i < 3; i++) n[i] = scale * dp[i];
    this.normalVelocity = n[0] * dv[0] + n[1] * dv[1] + n[2] * dv[2];
  }

  /**
   * Kinematics and, if the data node's gap says contact, the normal force F_c(δ, n·Δv) with its partial derivatives at
   * fixed data coordinates (Exudyn's force laws; δ = −gap).
   */
  private evaluate(s: ItemState): void {
    this.kinematics(s);
    const start = this.dataStart();
    this.inContact = this.v.activeConnector && s.data[start + dataGap] < 0;
    this.contactForce = this.contactForce_penetration = this.contactForce_normalVelocity = 0;
    if (!this.inContact) return;
    const law = this.law;
    law.evaluate(this.v, -this.gap, this.normalVelocity, s.data, start);
    this.contactForce = law.force;
    this.contactForce_penetration = law.force_penetration;
    this.contactForce_normalVelocity = law.force_normalVelocity;
  }

  /** Force on sphere 1 moved to the left-hand side: −F_c n. */
  private updateForceVector(): void {
    for (let i = 0; i < 3; i++) this.forceVector[i] = -this.contactForce * this.normal[i];
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.evaluate(s);
    if (!this.inContact) return;
    this.updateForceVector();
    this.markers.evaluateJacobians(s);
    this.markers.addForcePair(this.forceVector, f);
  }

  /**
   * ∂(−F_c n)/∂Δp = F_c' n nᵀ − (∂F_c/∂v_n)(h/L) n Δvᵀ(I − n nᵀ) − F_c (h/L)(I − n nᵀ) (δ = −gap, ∂δ/∂Δp = −nᵀ), projected with
   * the marker Jacobians; plus the velocity and marker-Jacobian derivative terms as for the spring-damper.
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const k = this.localMatrix;
    zeroArray(k);
    this.evaluate(s);
    if (this.inContact) this.addStiffnessJacobian(s, k, factor);
    // the block is added also without contact (zeros), so that the sparse pattern stays the same
    acc.addBlock(0, 0, this.nLocal, this.nLocal, k, 0, this.nLocal, 1);
  }

  /** Adds factor·∂(ode2Lhs)/∂q into the dense local matrix k (in contact; needs evaluate). */
  private addStiffnessJacobian(s: ItemState, k: Float64Array, factor: number): void {
    const { normal: n, matrix: S, distance, contactForce: F } = this;
    const dv = this.markers.dv;
    const scale = distance !== 0 ? this.hollowSign / distance : 0;
    const vn = this.normalVelocity;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const projector = scale * ((i === j ? 1 : 0) - n[i] * n[j]);
        const dvProjected = scale * (dv[j] - vn * n[j]);
        S[3 * i + j] = this.contactForce_penetration * n[i] * n[j] - this.contactForce_normalVelocity * n[i] * dvProjected - F * projector;
      }
    }
    this.markers.evaluateJacobians(s);
    this.markers.addProjectedMatrix(S, factor, k);
    this.velocityMatrix(S);
    this.markers.addVelocityProjectedMatrix(s, S, factor, k);
    this.updateForceVector();
    this.markers.addJacobianTransposedForce_q(s, this.forceVector, factor, k);
  }

  /** ∂(−F_c n)/∂Δv = −(∂F_c/∂v_n) n nᵀ. */
  private velocityMatrix(S: Float64Array): void {
    const n = this.normal;
    const c = -this.contactForce_normalVelocity;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) S[3 * i + j] = c * n[i] * n[j];
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const d = this.localMatrix;
    zeroArray(d);
    this.evaluate(s);
    if (this.inContact) {
      this.velocityMatrix(this.matrix);
      this.markers.evaluateJacobians(s);
      this.markers.addProjectedMatrix(this.matrix, factor, d);
    }
    acc.addBlock(0, 0, this.nLocal, this.nLocal, d, 0, this.nLocal, 1);
  }

  /**
   * Exudyn's post-Newton step: stores gap, tangential speed and plastic penetration; a change of the contact state gives
   * the error |k·gap| and recommends the step |gap_start/v_n| that reaches the contact; on impact (gap > 0 at the start
   * of the step, ≤ 0 now) it stores the impact velocity −v_n, else keeps the start-of-step value.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    const v = this.v;
    if (!v.activeConnector) return 0;
    const start = this.dataStart();
    const data = s.data, data0 = startOfStep.data;
    const gapAtStart = data0[start + dataGap];
    const sweep = gapAtStart > 0 && !v.isHollowSphere1;
    if (sweep) {
      this.markers.evaluateRelative(startOfStep);
      this.startRelativePosition.set(this.markers.dp);
    }
    this.kinematics(s);
    const gap = this.gap, vn = this.normalVelocity, n = this.normal, dv = this.markers.dv;
    if (gapAtStart > 0) this.checkTunnelling(s.t, sweep);
    let plastic = 0;
    const ratio = v.contactPlasticityRatio;
    if (gap < 0 && ratio !== 0) {
      plastic = (v.contactStiffnessExponent !== 1 ? ratio ** (1 / v.contactStiffnessExponent) : ratio) * -gap;
      plastic = Math.max(plastic, data0[start + dataPlasticPenetration]);
    }
    let tangential = 0;
    for (let i = 0; i < 3; i++) tangential += (dv[i] - vn * n[i]) ** 2;
    const state = this.stepState;
    state.gap = gap;
    state.normalVelocity = vn;
    state.tangentialSpeed = Math.sqrt(tangential);
    state.plasticPenetration = plastic;
    state.frictionForceScale = 0; // no friction (dynamicFriction = 0, validated)
    return updateContactData(data, data0, start, state, v.contactStiffness, v.frictionProportionalZone, out);
  }

  /**
   * Tunnelling of a step that starts separated: the penetration at the end of the step, and for two full spheres the
   * deepest one on the way, with the relative position interpolated linearly from the start of the step (sweep), must
   * not exceed the smaller radius (the inner sphere's for a hollow sphere 1, whose deepest point is an end of the step).
   * So a sphere that passes through the other within one step is caught as well. Needs kinematics of the end state.
   */
  private checkTunnelling(t: number, sweep: boolean): void {
    const v = this.v;
    const limit = v.isHollowSphere1 ? v.spheresRadii[0] : Math.min(v.spheresRadii[0], v.spheresRadii[1]);
    let penetration = -this.gap;
    let passedThrough = false;
    if (sweep) {
      const a = this.startRelativePosition, dp = this.markers.dp;
      let aa = 0, ae = 0, ee = 0;
      for (let i = 0; i < 3; i++) {
        const e = dp[i] - a[i];
        aa += a[i] * a[i]; ae += a[i] * e; ee += e * e;
      }
      const tau = ee > 0 ? Math.min(1, Math.max(0, -ae / ee)) : 0;
      const closest = Math.sqrt(Math.max(0, aa + 2 * tau * ae + tau * tau * ee));
      const deepest = v.spheresRadii[0] + v.spheresRadii[1] - closest;
      if (deepest > penetration) {
        penetration = deepest;
        passedThrough = this.gap > 0;
      }
    }
    if (penetration > limit) {
      itemError(this.label, 'spheresRadii', `penetration ${penetration} exceeds the sphere radius ${limit} within one step at t = ${t}${passedThrough ? ' (the spheres pass through each other)' : ''} (tunnelling): `
        + 'reduce the step size (timeIntegration.numberOfSteps or discontinuous.useRecommendedStepSize) or check the initial gap');
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    this.updateForceVector();
    const { normal: n, gap, forceVector: f } = this;
    switch (variable) {
      case OutputVariableType.Position: {
        const p0 = this.markers.p0, a = this.v.spheresRadii[0] + 0.5 * gap;
        return [p0[0] + a * n[0], p0[1] + a * n[1], p0[2] + a * n[2]];
      }
      case OutputVariableType.Displacement: return Array.from(this.markers.dp);
      case OutputVariableType.DisplacementLocal: return [gap];
      case OutputVariableType.Velocity: return Array.from(this.markers.dv);
      case OutputVariableType.Director1: return Array.from(n);
      case OutputVariableType.Force: return Array.from(f);
      case OutputVariableType.Torque: {
        // torque of the force on sphere 1 about the centre of sphere 0: r × f with r = (r0 + gap/2)(−n) as Exudyn
        const a = -(this.v.spheresRadii[0] + 0.5 * gap);
        return [a * (n[1] * f[2] - n[2] * f[1]), a * (n[2] * f[0] - n[0] * f[2]), a * (n[0] * f[1] - n[1] * f[0])];
      }
      default: return undefined;
    }
  }
}

/** Contact between two spheres with impact models (Exudyn's ObjectContactSphereSphere). */
export const objectContactSphereSphereDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactSphereSphere',
  description: 'Penalty contact between two spheres at position markers (sphere 1 optionally hollow, containing sphere 0). The contact '
    + 'state is the gap stored in the 4 data coordinates of a NodeGenericData (nodeNumber): [gap, tangential speed, impact velocity, '
    + 'plastic penetration], updated only in the post-Newton step (discontinuous iteration, which also recommends the step size '
    + 'that reaches the contact). Normal force laws: impactModel 0 linear spring-damper k δ^n + d v_n, with contactPlasticityRatio ≠ 0 '
    + 'the adhesive elasto-plastic model (loading k δ^n, unloading k/(1 − r)(δ^n − δ_p^n), adhesion −k_adh δ^x, pull-off force f0); '
    + 'impactModel 1 Hunt–Crossley and 2 Gonthier/Carvalho–Martins with hysteresis damping λ δ^n v_n scaled by the stored impact '
    + 'velocity so that the rebound velocity is e times the impact velocity. Jacobians are analytic at fixed data coordinates. '
    + 'Friction (dynamicFriction ≠ 0) is not supported yet. Penetration beyond a sphere radius within one step (tunnelling), at its end or on the way (spheres passing through each other), is an error.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.DisplacementLocal, OutputVariableType.Velocity,
    OutputVariableType.Director1, OutputVariableType.Force, OutputVariableType.Torque],
  equations: 'Δp = p1 − p0, L = |Δp|, h = −1 for a hollow sphere 1 else 1; gap = hL − (r0 + h r1), δ = −gap, n0 = hΔp/L, v_n = n0ᵀ(v1 − v0); '
    + 'in contact (data gap < 0): F_c = k δ^n − d v_n (impactModel 0, r = 0); adhesive elasto-plastic (r ≠ 0): F_c = k δ^n if k2(δ^n − δ_p^n) ≥ k δ^n, '
    + 'else k2(δ^n − δ_p^n) if above −k_adh δ^x, else −k_adh δ^x, k2 = k/(1 − r), then F_c += −f0 − d v_n; impactModel 1/2: '
    + 'F_c = k δ^n − d v_n + λ δ^n v_n, λ = k/max(v_min, v_impact)·c(e), c = 3/2 (e − 1) (Hunt–Crossley), 3/2 (e − 1)(11 − e)/(1 + 9e) '
    + '(e > 1/3) or (e² − 1)/e (Gonthier/Carvalho–Martins); LHS = [−J0ᵀ; J1ᵀ](−F_c n0). Post-Newton step: data gap ← gap, '
    + 'δ_p ← max(r^{1/n} δ, δ_p,start), v_impact ← −v_n on impact; error |k gap| on a change of contact.',
  example: (mbs) => {
    const ground = mbs.addObject({ objectType: 'Ground', referencePosition: [0, 0, 0] });
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0.17, 0.05, -0.02], initialVelocities: [-0.5, 0.3, 0.2] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const m0 = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0, 0] });
    const m1 = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node });
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4, initialCoordinates: [-0.01, 0, 2, 0] });
    return mbs.addObject({
      objectType: 'ContactSphereSphere', markerNumbers: [m0, m1], nodeNumber: data, spheresRadii: [0.1, 0.1], contactStiffness: 1e4,
      contactDamping: 5, contactStiffnessExponent: 1.5, impactModel: 2, restitutionCoefficient: 0.7,
    });
  },
  validate: (v, label) => {
    for (let i = 0; i < 2; i++) if (!(v.spheresRadii[i] > 0)) itemError(label, 'spheresRadii', `entry ${i} must be a radius > 0, got ${v.spheresRadii[i]}`);
    if (v.isHollowSphere1 && !(v.spheresRadii[1] > v.spheresRadii[0])) {
      itemError(label, 'spheresRadii', `must have r1 > r0 for a hollow sphere 1 (isHollowSphere1), got [${v.spheresRadii[0]}, ${v.spheresRadii[1]}]`);
    }
    if (v.impactModel > 2) itemError(label, 'impactModel', `must be 0 (linear / adhesive elasto-plastic), 1 (Hunt–Crossley) or 2 (Gonthier/Carvalho–Martins), got ${v.impactModel}`);
    if (!(v.restitutionCoefficient > 0 && v.restitutionCoefficient <= 1)) {
      itemError(label, 'restitutionCoefficient', `must lie in (0, 1], got ${v.restitutionCoefficient}`);
    }
    if (!(v.contactPlasticityRatio < 1)) itemError(label, 'contactPlasticityRatio', `must lie in [0, 1), got ${v.contactPlasticityRatio}`);
    if (v.dynamicFriction !== 0) itemError(label, 'dynamicFriction', `must be 0: friction of ContactSphereSphere is not supported yet, got ${v.dynamicFriction}`);
  },
  create: (v, label) => new ContactSphereSphereModel(label, v),
};

/** Factory for the sphere-sphere contact. */
export const ObjectContactSphereSphere = makeFactory(objectContactSphereSphereDefinition);
