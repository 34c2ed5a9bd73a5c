import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only, type PostNewtonOutput } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, preal, real, uint, ureal, vector } from '../../registry/parameters.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { bindDataNode } from './connectorBase.ts';
import { contactStepState, dataGap, dataPlasticPenetration, updateContactData } from './contactKernel.ts';
import { PenaltyContactPair, contactInData, contactOutput } from './penaltyContactPair.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two markers [m0, m1] at the centres of sphere 0 and sphere 1: position markers, rigid markers when dynamicFriction ≠ 0.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 4 data coordinates [gap, tangential velocity, impact velocity, plastic penetration]; '
    + 'initialize the gap with the initial gap (positive: no contact at the start).'),
  spheresRadii: vector([-1, -1], 'Radii [r0, r1] [m] of the two spheres (both > 0).', 2),
  isHollowSphere1: bool(false, 'If true, sphere 1 is a hollow sphere (r1 > r0) in which sphere 0 moves: contact when |p1 − p0| > r1 − r0.'),
  dynamicFriction: ureal(0, 'Dynamic friction coefficient μ (regularized Coulomb friction at the contact point; needs rigid markers).'),
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

/** What the pair's marker positions and velocities and the geometry were last computed for (see evaluatedFor). */
const evaluatedElsewhere = 0, evaluatedForResidual = 1, evaluatedForPostNewton = 2;

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
  /** The markers, relative velocity, force, torques and Jacobians (rigid markers with friction). */
  private readonly pair: PenaltyContactPair;
  /** The data node's first data coordinate (its address is fixed at bind: set before the items bind, kept by run-time changes), −1 before bind. */
  private start = -1;
  /** +1, or −1 for a hollow sphere 1. */
  private readonly hollowSign: number;
  /** Δp = p1 − p0 and its length L of the last evaluation. */
  private readonly dp = new Float64Array(3);
  private distance = 0;
  private readonly stepState = contactStepState();
  /**
   * What the pair's marker positions and velocities, Δp, gap, normal and levers were last computed for, and at which state
   * object: a residual evaluation (ode2Lhs), which the post-Newton step may take when Newton ended with it
   * (PostNewtonOutput.stateOfLastResidual), or the post-Newton step, which the outputs may take while the step loop records
   * the step (ItemState.postNewtonKept); any other evaluation (a Jacobian, an output elsewhere) makes them its own.
   */
  private evaluatedFor = evaluatedElsewhere;
  private evaluatedState: ItemState | undefined = undefined;
  /** Relative position p1 − p0 at the start of the step (tunnelling check). */
  private readonly startRelativePosition = new Float64Array(3);
  private localMatrix = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    const friction = v.dynamicFriction !== 0 ? 'for the friction torques (dynamicFriction ≠ 0)' : undefined;
    this.pair = new PenaltyContactPair(label, v.markerNumbers, [friction, friction]);
    this.hollowSign = v.isHollowSphere1 ? -1 : 1;
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
    this.localMatrix = denseLocalMatrix(this.pair.n);
    const dataNode = bindDataNode(context, this.label, this.v.nodeNumber, 4, 'for the contact state');
    this.start = dataNode === undefined ? -1 : dataNode.dataIndex;
  }

  private dataStart(): number {
    const start = this.start;
    if (start < 0) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData with 4 data coordinates (parameters changed after assemble?), got -1 (none)');
    return start;
  }

  /**
   * Gap, normal and relative velocity of state s (with {@link ContactSphereSphereModel.geometry}); the velocities of the
   * contact points include the rotations (with friction) only with rotation (the angular velocities are evaluated only then).
   * kept: the positions, velocities and geometry computed last are those of s (only the relative velocity is formed).
   */
  private kinematics(s: ItemState, rotation: boolean, kept = false): void {
    const pair = this.pair, markers = pair.markers;
    if (!kept) {
      this.geometry(s);
      markers.marker0.velocity(s, markers.v0);
      markers.marker1.velocity(s, markers.v1);
    }
    if (rotation) pair.evaluateAngularVelocities(s);
    pair.relativeVelocity(rotation);
  }

  /**
   * Positions, Δp, gap and normal of state s, and with rigid markers the levers: the contact point lies midway in the
   * overlap, at (r0 + gap/2) n0 from sphere 0 and (−h r1 − gap/2) n0 from sphere 1 (velocity and torque levers, which
   * only the rotation terms of rigid markers read).
   */
  private geometry(s: ItemState): void {
    const { pair, v, dp } = this, n = pair.normal, markers = pair.markers;
    this.evaluatedFor = evaluatedElsewhere;
    const p0 = markers.p0, p1 = markers.p1;
    markers.marker0.position(s, p0);
    markers.marker1.position(s, p1);
    for (let i = 0; i < 3; i++) dp[i] = p1[i] - p0[i];
    const h = this.hollowSign;
    const distance = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    this.distance = distance;
    const gap = h * distance - (v.spheresRadii[0] + h * v.spheresRadii[1]);
    pair.gap = gap;
    // h/L, or h itself (as h/1: a choice between a quotient and the small integer h would be a boxed number, one per call)
    const scale = h / (distance !== 0 ? distance : 1);
    for (let i = 0; i < 3; i++) n[i] = scale * dp[i];
    if (pair.rigid0 === undefined && pair.rigid1 === undefined) return;
    const a0 = v.spheresRadii[0] + 0.5 * gap, a1 = -h * v.spheresRadii[1] - 0.5 * gap;
    for (let i = 0; i < 3; i++) {
      pair.velocityLever0[i] = a0 * n[i];
      pair.velocityLever1[i] = a1 * n[i];
      pair.torqueLever0[i] = -a0 * n[i];
      pair.torqueLever1[i] = a1 * n[i];
    }
  }

  /**
   * Kinematics and, if the data node's gap says contact, the force −F_c n0 + F_t on sphere 1 (left-hand side) and the
   * torques; with derivatives also the friction law's derivatives (for the Jacobians).
   */
  private evaluate(s: ItemState, derivatives: boolean, kept = false): void {
    this.kinematics(s, true, kept);
    this.pair.contactForce(this.v, s.data, this.dataStart(), derivatives);
  }

  /**
   * The contact force's generalized forces; without contact in the data nothing (and no kinematics: the kinematics kept
   * from an earlier residual are then not those of this residual's state).
   */
  ode2LhsActive(s: ItemState): boolean {
    const active = contactInData(this.v, s.data, this.dataStart());
    if (!active) this.evaluatedFor = evaluatedElsewhere;
    return active;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!contactInData(this.v, s.data, this.dataStart())) {
      this.evaluatedFor = evaluatedElsewhere;
      return;
    }
    this.evaluate(s, false);
    this.evaluatedFor = evaluatedForResidual;
    this.evaluatedState = s;
    this.pair.addLhs(s, f);
  }

  /**
   * ∂(ode2Lhs)/∂q at fixed data coordinates: ∂Δp = [−J_p0, J_p1] (plus the markers' radial Euler-parameter direction), with it ∂gap, ∂n0 = (h/L)(I − n0 n0ᵀ)∂Δp and the levers
   * ∂μ0 = −∂ℓ0 = n0 ∂gap/2 + (r0 + gap/2) ∂n0, ∂μ1 = ∂ℓ1 = −n0 ∂gap/2 − (h r1 + gap/2) ∂n0; the rest in PenaltyContactPair.
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const { pair } = this;
    // without contact the block is zero: its positions only, so that the sparse pattern stays the same
    if (!contactInData(this.v, s.data, this.dataStart())) {
      acc.addZeros(0, 0, pair.n, pair.n);
      return;
    }
    const k = this.localMatrix;
    zeroArray(k);
    this.evaluate(s, true);
    pair.evaluateJacobians(s);
    const { n0, n1, n, jp0, jp1, dDp, dGap, dNormal, normal } = pair;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < n0; j++) dDp[i * n + j] = -jp0[i * n0 + j];
      for (let j = 0; j < n1; j++) dDp[i * n + n0 + j] = jp1[i * n1 + j];
    }
    pair.addPositionNullDirections(s);
    pair.normalDerivatives(this.distance !== 0 ? this.hollowSign / this.distance : 0);
    const a0 = this.v.spheresRadii[0] + 0.5 * pair.gap, a1 = -this.hollowSign * this.v.spheresRadii[1] - 0.5 * pair.gap;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < n; j++) {
        const ij = i * n + j, half = 0.5 * normal[i] * dGap[j];
        pair.dVelocityLever0[ij] = half + a0 * dNormal[ij];
        pair.dTorqueLever0[ij] = -pair.dVelocityLever0[ij];
        pair.dVelocityLever1[ij] = -half + a1 * dNormal[ij];
        pair.dTorqueLever1[ij] = pair.dVelocityLever1[ij];
      }
    }
    pair.addJacobian(s, k, factor, false, this.v);
    acc.addBlock(0, 0, pair.n, pair.n, k, 0, pair.n, 1);
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const { pair } = this;
    if (!contactInData(this.v, s.data, this.dataStart())) {
      acc.addZeros(0, 0, pair.n, pair.n);
      return;
    }
    const d = this.localMatrix;
    zeroArray(d);
    this.evaluate(s, true);
    pair.evaluateJacobians(s);
    pair.addJacobian(s, d, factor, true, this.v);
    acc.addBlock(0, 0, pair.n, pair.n, d, 0, pair.n, 1);
  }

  /**
   * Exudyn's post-Newton step: stores gap, tangential speed (of the contact points, with the rotations in contact) and
   * plastic penetration; a change of the contact state gives the error |k·gap| and recommends the step |gap_start/v_n|
   * that reaches the contact; a stick/slip switch adds |μ F_c (|Δv_t| − v_reg)/v_reg|; on impact (gap > 0 at the start of
   * the step, ≤ 0 now) it stores the impact velocity −v_n, else keeps the start-of-step value.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    const v = this.v, pair = this.pair;
    // Newton ended with a residual at s that evaluated the contact: its kinematics hold (the residual's, with rotation terms
    // in the relative velocity, which kinematics forms again without them)
    const kept = out.stateOfLastResidual && this.evaluatedFor === evaluatedForResidual && this.evaluatedState === s;
    this.evaluatedFor = evaluatedElsewhere;
    if (!v.activeConnector) return 0;
    const start = this.dataStart();
    const data = s.data, data0 = startOfStep.data;
    const gapAtStart = data0[start + dataGap];
    const sweep = gapAtStart > 0 && !v.isHollowSphere1;
    if (sweep) {
      // the positions at the start of the step (kinematics overwrites p0, p1 next)
      const markers = pair.markers, p0 = markers.p0, p1 = markers.p1;
      markers.marker0.position(startOfStep, p0);
      markers.marker1.position(startOfStep, p1);
      for (let i = 0; i < 3; i++) this.startRelativePosition[i] = p1[i] - p0[i];
    }
    this.kinematics(s, false, kept && !sweep);
    this.evaluatedFor = evaluatedForPostNewton;
    this.evaluatedState = s;
    const gap = pair.gap;
    if (gapAtStart > 0) this.checkTunnelling(s, sweep);
    if (gap < 0 && v.dynamicFriction !== 0) {
      pair.evaluateAngularVelocities(s);
      pair.relativeVelocity(true);
    }
    let plastic = 0;
    const ratio = v.contactPlasticityRatio;
    if (gap < 0 && ratio !== 0) {
      // r^(1/n)·δ: the square root for n = 2 is the power's value (r ≥ 0) without its library call, once per step; each
      // branch multiplies (a choice between r itself and a root would be a boxed number: V8 allocated one per step)
      const exponent = v.contactStiffnessExponent, penetration = -gap;
      plastic = exponent === 2 ? Math.sqrt(ratio) * penetration : exponent === 1 ? ratio * penetration : ratio ** (1 / exponent) * penetration;
      plastic = Math.max(plastic, data0[start + dataPlasticPenetration]);
    }
    const state = this.stepState, dvt = pair.dvt;
    state.gap = gap;
    state.normalVelocity = pair.normalVelocity;
    state.tangentialSpeed = Math.sqrt(dvt[0] ** 2 + dvt[1] ** 2 + dvt[2] ** 2);
    state.plasticPenetration = plastic;
    state.frictionForceScale = 0;
    if (gap < 0 && v.dynamicFriction !== 0) {
      pair.law.penetration = -gap;
      pair.law.normalVelocity = pair.normalVelocity;
      pair.law.evaluate(v, data, start);
      state.frictionForceScale = v.dynamicFriction * pair.law.force;
    }
    return updateContactData(data, data0, start, state, v.contactStiffness, v.frictionProportionalZone, out);
  }

  /**
   * Tunnelling of a step that starts separated: the penetration at the end of the step, and for two full spheres the
   * deepest one on the way, with the relative position interpolated linearly from the start of the step (sweep), must
   * not exceed the smaller radius (the inner sphere's for a hollow sphere 1, whose deepest point is an end of the step).
   * So a sphere that passes through the other within one step is caught as well. Needs kinematics of the end state (s;
   * its time only for the message: a double argument would be boxed in every post-Newton step).
   */
  private checkTunnelling(s: ItemState, sweep: boolean): void {
    const v = this.v, gap = this.pair.gap;
    const limit = v.isHollowSphere1 ? v.spheresRadii[0] : Math.min(v.spheresRadii[0], v.spheresRadii[1]);
    let penetration = -gap;
    let passedThrough = false;
    if (sweep) {
      const a = this.startRelativePosition, dp = this.dp;
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
        passedThrough = gap > 0;
      }
    }
    if (penetration > limit) {
      itemError(this.label, 'spheresRadii', `penetration ${penetration} exceeds the sphere radius ${limit} within one step at t = ${s.t}${passedThrough ? ' (the spheres pass through each other)' : ''} (tunnelling): `
        + 'reduce the step size (timeIntegration.numberOfSteps or discontinuous.useRecommendedStepSize) or check the initial gap');
    }
  }

  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
    // the geometry needs the positions only; Velocity the velocities with the rotation terms, Force and Torque the force;
    // while the step loop records the step at the state of the post-Newton step, that step's kinematics hold
    const kept = s.postNewtonKept === true && this.evaluatedFor === evaluatedForPostNewton && this.evaluatedState === s;
    if (variable === OutputVariableType.Force || variable === OutputVariableType.Torque) this.evaluate(s, false, kept);
    else if (variable === OutputVariableType.Velocity) this.kinematics(s, true, kept);
    else if (!kept) this.geometry(s);
    return contactOutput(this.pair, variable, this.v.spheresRadii[0], this.dp, into);
  }
}

/** Contact between two spheres with impact models (Exudyn's ObjectContactSphereSphere). */
export const objectContactSphereSphereDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactSphereSphere',
  description: 'Penalty contact between two spheres at markers (sphere 1 optionally hollow, containing sphere 0). The contact '
    + 'state is the gap stored in the 4 data coordinates of a NodeGenericData (nodeNumber): [gap, tangential speed, impact velocity, '
    + 'plastic penetration], updated only in the post-Newton step (discontinuous iteration, which also recommends the step size '
    + 'that reaches the contact). Normal force laws: impactModel 0 linear spring-damper k δ^n + d v_n, with contactPlasticityRatio ≠ 0 '
    + 'the adhesive elasto-plastic model (loading k δ^n, unloading k/(1 − r)(δ^n − δ_p^n), adhesion −k_adh δ^x, pull-off force f0); '
    + 'impactModel 1 Hunt–Crossley and 2 Gonthier/Carvalho–Martins with hysteresis damping λ δ^n v_n scaled by the stored impact '
    + 'velocity so that the rebound velocity is e times the impact velocity. Friction (dynamicFriction ≠ 0, rigid markers): regularized '
    + 'Coulomb friction μ F_c at the contact point midway in the overlap, with the zone (proportional below v_reg or sliding) from the '
    + 'stored tangential speed of the contact points, and its torques on both spheres. Jacobians are analytic at fixed data '
    + 'coordinates. Penetration beyond a sphere radius within one step (tunnelling), at its end or on the way (spheres passing '
    + 'through each other), is an error.',
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
    // a mass point in a fixed sphere's contact (position markers, no friction), two rigid spheres with friction in the
    // proportional zone, and a sphere sliding inside a hollow one (stored speed above v_reg)
    const ground = mbs.addObject({ objectType: 'Ground', referencePosition: [0, 0, 0] });
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0.17, 0.05, -0.02], initialVelocities: [-0.5, 0.3, 0.2] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const rigid = (nodeType: string, position: number[]) => {
      const ep = nodeType === 'RigidBodyEP';
      const body = mbs.addObject({
        objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.01, 0.01, 0.01, 0, 0, 0],
        nodeNumber: mbs.addNode({ nodeType, referenceCoordinates: [...position, ...(ep ? [1, 0, 0, 0] : [0, 0, 0])] }),
      });
      return mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.04, -0.03, 0.02] });
    };
    const contact = (markerNumbers: number[], data: number[], parameters: Record<string, unknown>) => mbs.addObject({
      objectType: 'ContactSphereSphere', markerNumbers, nodeNumber: mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4, initialCoordinates: data }),
      contactStiffness: 1e4, contactDamping: 5, contactStiffnessExponent: 1.5, impactModel: 2, restitutionCoefficient: 0.7, ...parameters,
    });
    const m0 = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0, 0] });
    contact([m0, mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node })], [-0.01, 0, 2, 0], { spheresRadii: [0.1, 0.1] });
    const friction = { dynamicFriction: 0.3, frictionProportionalZone: 0.5 };
    contact([rigid('RigidBodyEP', [3, 0, 0]), rigid('RigidBodyRotVecLG', [3.6, 0.5, 0.3])], [-0.01, 5, 1.5, 0], { spheresRadii: [0.3, 1], isHollowSphere1: true, ...friction });
    return contact([rigid('RigidBodyEP', [0, 2, 0]), rigid('RigidBodyRotVecLG', [0.5, 2.6, 0.4])], [-0.01, 0, 2, 0], { spheresRadii: [0.6, 0.6], ...friction });
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
  },
  create: (v, label) => new ContactSphereSphereModel(label, v),
};

/** Factory for the sphere-sphere contact. */
export const ObjectContactSphereSphere = makeFactory(objectContactSphereSphereDefinition);
