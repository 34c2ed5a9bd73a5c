import type { PostNewtonOutput } from '../../registry/capabilities.ts';

/*
 * The shared kernel of Exudyn's penalty contact items on a data node (ObjectContactSphereSphere,
 * ObjectContactSphereTriangle): the normal-force laws with their impact models, the regularized Coulomb friction law and
 * the post-Newton update of the data coordinates. Each item computes its own geometry (gap, normal, relative velocity)
 * and hands it to these functions, so that the force laws and the switching logic exist once.
 */

/** Index of the gap (negative: penetration) among a contact's 4 data coordinates (Exudyn's order). */
export const dataGap = 0;
/** Index of the tangential relative speed (stick/slip state of the friction law) among the data coordinates. */
export const dataTangentVelocity = 1;
/** Index of the impact velocity (normal approach speed when the contact closed) among the data coordinates. */
export const dataImpactVelocity = 2;
/** Index of the plastic penetration (adhesive elasto-plastic model) among the data coordinates. */
export const dataPlasticPenetration = 3;

/**
 * sign(x)|x|^e and its derivative e|x|^(e−1) (exactly x and 1 for e = 1). For e = 2 the products |x|·|x| and 2|x|, which
 * are what the power gives (a correctly rounded square, |x|¹ = |x|) without its library call.
 */
export function signedPower(x: number, e: number, derivative: Float64Array): number {
  if (e === 1) {
    derivative[0] = 1;
    return x;
  }
  const magnitude = Math.abs(x);
  if (e === 2) {
    derivative[0] = 2 * magnitude;
    return Math.sign(x) * (magnitude * magnitude);
  }
  derivative[0] = magnitude === 0 ? 0 : e * magnitude ** (e - 1); // (the infinite slope of e < 1 at 0 is taken as 0)
  return Math.sign(x) * magnitude ** e;
}

/**
 * Factor of the hysteresis damping λ = factor·k/v_impact of the restitution models (Exudyn): Hunt–Crossley 3/2 (e − 1),
 * Gonthier/Carvalho–Martins 3/2 (e − 1)(11 − e)/(1 + 9e) for e > 1/3, else (e² − 1)/e.
 */
export function restitutionDampingFactor(impactModel: number, e: number): number {
  if (impactModel === 1) return 1.5 * (e - 1);
  return e > 1 / 3 ? 1.5 * (e - 1) * (11 - e) / (1 + 9 * e) : (e * e - 1) / e;
}

/** The parameters of the normal-force law (Exudyn's names); the adhesive elasto-plastic ones only where the item has them. */
export interface NormalForceParameters {
  readonly contactStiffness: number;
  readonly contactDamping: number;
  readonly contactStiffnessExponent: number;
  /** 0 linear spring-damper (adhesive elasto-plastic with contactPlasticityRatio ≠ 0), 1 Hunt–Crossley, 2 Gonthier/Carvalho–Martins. */
  readonly impactModel: number;
  readonly restitutionCoefficient: number;
  readonly minimumImpactVelocity: number;
  readonly contactPlasticityRatio?: number;
  readonly constantPullOffForce?: number;
  readonly adhesionCoefficient?: number;
  readonly adhesionExponent?: number;
}

/**
 * Exudyn's normal contact force F_c(δ, v_n) of a contact (positive: pushes the bodies apart) with its partial derivatives
 * at fixed data coordinates: impactModel 0 linear spring-damper k δ^n − d v_n or, with contactPlasticityRatio ≠ 0, the
 * adhesive elasto-plastic model; impactModel 1/2 the restitution models with hysteresis damping λ δ^n v_n scaled by the
 * stored impact velocity. δ is the penetration (−gap), v_n the normal relative velocity (positive: separating).
 */
export class NormalContactForce {
  /** F_c of the last evaluation. */
  force = 0;
  /** ∂F_c/∂δ. */
  force_penetration = 0;
  /** ∂F_c/∂v_n. */
  force_normalVelocity = 0;
  /**
   * Input of evaluate: the penetration δ (−gap). The inputs are fields, not arguments: a double passed to a call the
   * optimizer does not inline is boxed (a heap number per call and argument).
   */
  penetration = 0;
  /** Input of evaluate: the normal velocity v_n (positive: separating). */
  normalVelocity = 0;
  private readonly slope = new Float64Array(1);

  /**
   * Evaluates the law for the penetration δ and the normal velocity v_n of the input fields; the plastic penetration and
   * the impact velocity are the data coordinates data[start + 3], data[start + 2].
   */
  evaluate(v: NormalForceParameters, data: Float64Array, start: number): void {
    const penetration = this.penetration, vn = this.normalVelocity;
    const k = v.contactStiffness, exponent = v.contactStiffnessExponent;
    const slope = this.slope;
    const elastic = signedPower(penetration, exponent, slope);
    const elasticSlope = slope[0];
    const damping = -v.contactDamping * vn;
    let force = k * elastic + damping;
    let force_d = k * elasticSlope;
    let force_v = -v.contactDamping;
    const ratio = v.contactPlasticityRatio ?? 0;
    if (v.impactModel === 0) {
      if (ratio !== 0) {
        const k2 = k / (1 - ratio);
        const plastic = signedPower(data[start + dataPlasticPenetration], exponent, slope);
        const unloading = k2 * (elastic - plastic);
        if (unloading >= k * elastic) {
          force = k * elastic; // loading
        } else {
          const adhesion = -(v.adhesionCoefficient ?? 0) * signedPower(penetration, v.adhesionExponent ?? 1, slope);
          const adhesionSlope = -(v.adhesionCoefficient ?? 0) * slope[0];
          if (unloading > adhesion) {
            force = unloading;
            force_d = k2 * elasticSlope;
          } else if (adhesion > unloading) {
            force = adhesion;
            force_d = adhesionSlope;
          }
        }
        force += damping - (v.constantPullOffForce ?? 0);
      }
    } else {
      const impactVelocity = Math.max(v.minimumImpactVelocity, data[start + dataImpactVelocity]);
      if (impactVelocity > 0) {
        const lambda = k / impactVelocity * restitutionDampingFactor(v.impactModel, v.restitutionCoefficient);
        force += lambda * elastic * vn;
        force_d += lambda * elasticSlope * vn;
        force_v += lambda * elastic;
      }
    }
    this.force = force;
    this.force_penetration = force_d;
    this.force_normalVelocity = force_v;
  }
}

/**
 * Exudyn's regularized Coulomb friction of the sphere contacts: with the tangential relative velocity Δv_t (of body 1
 * against body 0) and the normal force F_c, the friction force moved to the left-hand side on body 1 is
 * μ F_c Δv_t / v_reg in the proportional zone and μ F_c Δv_t / |Δv_t| outside it (0 at Δv_t = 0). The zone is taken from
 * the data coordinate (stored tangential speed < v_reg) during Newton, so that the law is smooth within a step, and from
 * the current speed in the post-Newton step; v_reg = 0 means pure Coulomb friction.
 */
export class FrictionForce {
  /** Friction force of the last evaluation (left-hand side, on body 1). */
  readonly force = new Float64Array(3);
  /** ∂force/∂Δv_t (3×3 row-major). */
  readonly force_tangentVelocity = new Float64Array(9);
  /** ∂force/∂F_c. */
  readonly force_normalForce = new Float64Array(3);
  /** Input of evaluate: the friction coefficient μ (inputs are fields, see {@link NormalContactForce.penetration}). */
  coefficient = 0;
  /** Input of evaluate: the regularization velocity v_reg (0: pure Coulomb friction). */
  regularization = 0;
  /** Input of evaluate: the normal force F_c. */
  normalForce = 0;

  /**
   * Evaluates the law for the friction coefficient μ, regularization velocity v_reg and normal force F_c of the input
   * fields, the zone (proportional: true) and the tangential velocity vt; the derivatives (force_tangentVelocity,
   * force_normalForce) only with derivatives (a residual needs the force alone; they keep their last values otherwise).
   */
  evaluate(proportional: boolean, vt: ArrayLike<number>, derivatives: boolean): void {
    const mu = this.coefficient, regularization = this.regularization, normalForce = this.normalForce;
    const { force, force_tangentVelocity: dv, force_normalForce: dn } = this;
    if (derivatives) for (let m = 0; m < 9; m++) dv[m] = 0;
    if (proportional && regularization !== 0) {
      const c = mu * normalForce / regularization;
      for (let i = 0; i < 3; i++) force[i] = c * vt[i];
      if (derivatives) {
        for (let i = 0; i < 3; i++) {
          dn[i] = mu / regularization * vt[i];
          dv[4 * i] = c;
        }
      }
      return;
    }
    const speed = Math.sqrt(vt[0] * vt[0] + vt[1] * vt[1] + vt[2] * vt[2]);
    if (speed === 0) {
      force[0] = 0; force[1] = 0; force[2] = 0;
      if (derivatives) { dn[0] = 0; dn[1] = 0; dn[2] = 0; }
      return;
    }
    const c = mu * normalForce / speed;
    for (let i = 0; i < 3; i++) force[i] = c * vt[i];
    if (!derivatives) return;
    for (let i = 0; i < 3; i++) {
      dn[i] = mu * vt[i] / speed;
      for (let j = 0; j < 3; j++) dv[3 * i + j] = c * ((i === j ? 1 : 0) - vt[i] * vt[j] / (speed * speed));
    }
  }
}

/**
 * The contact state a post-Newton step found (an item keeps one and overwrites it each step): the current gap, normal
 * and tangential speed, plastic penetration.
 */
export interface ContactStepState {
  /** Current gap (negative: penetration). */
  gap: number;
  /** Normal relative velocity v_n (positive: separating). */
  normalVelocity: number;
  /** Tangential relative speed |Δv_t|. */
  tangentialSpeed: number;
  /** Plastic penetration to store (0 without the elasto-plastic model). */
  plasticPenetration: number;
  /** μ·F_c at the current state (0 without friction): scales the error of a stick/slip switch. */
  frictionForceScale: number;
}

/** A zeroed {@link ContactStepState}. */
export function contactStepState(): ContactStepState {
  return { gap: 0, normalVelocity: 0, tangentialSpeed: 0, plasticPenetration: 0, frictionForceScale: 0 };
}

/**
 * Exudyn's post-Newton step of a penalty contact on its data coordinates data[start…start + 3] (s.data, with the
 * start-of-step values data0): stores gap, tangential speed and plastic penetration; a change of the contact state gives
 * the error |k·gap| and recommends the step |gap_start/v_n| that reaches the contact (only for a step that started
 * separated); a stick/slip switch of the friction zone in contact adds |μ F_c (|Δv_t| − v_reg)/v_reg|; the impact velocity
 * −v_n is stored on the step that closes the contact, else the start-of-step value is kept. Returns the error.
 */
export function updateContactData(
  data: Float64Array, data0: Float64Array, start: number, state: ContactStepState, contactStiffness: number, frictionProportionalZone: number,
  out: PostNewtonOutput,
): number {
  const { gap, normalVelocity: vn, tangentialSpeed } = state;
  const lastGap = data[start + dataGap];
  const lastTangentialSpeed = data[start + dataTangentVelocity];
  const gapAtStart = data0[start + dataGap];
  data[start + dataGap] = gap;
  data[start + dataTangentVelocity] = tangentialSpeed;
  data[start + dataPlasticPenetration] = state.plasticPenetration;
  let error = 0;
  if ((gap > 0 && lastGap <= 0) || (gap <= 0 && lastGap > 0)) {
    error = Math.abs(gap * contactStiffness);
    if (vn !== 0 && gapAtStart > 0) out.recommendedStepSize = Math.abs(gapAtStart / vn);
  }
  const zone = frictionProportionalZone;
  if (gap < 0 && zone !== 0 && ((tangentialSpeed < zone && lastTangentialSpeed > zone) || (tangentialSpeed > zone && lastTangentialSpeed < zone))) {
    error += Math.abs(state.frictionForceScale / zone * (tangentialSpeed - zone));
  }
  data[start + dataImpactVelocity] = gapAtStart > 0 && gap <= 0 ? -vn : data0[start + dataImpactVelocity];
  return error;
}

/**
 * Exudyn's StribeckFunction (exudyn.physics): μ(v) = (μ_d + μ_so) v/v_reg inside |v| ≤ v_reg (v_reg ≠ 0), else
 * sign(v)(μ_d + μ_so e^{−(|v|−v_reg)/v_exp} + μ_v (|v| − v_reg)) (v_exp = 0: e^… taken as 1, as Exudyn). With slope,
 * writes ∂μ/∂v to slope[0] (0 at v = 0 outside a regularization zone).
 */
export function stribeckFunction(
  velocity: number, muDynamic: number, muStaticOffset: number, muViscous: number, expVel: number, regVel: number, slope?: Float64Array,
): number {
  if (Math.abs(velocity) <= regVel && regVel !== 0) {
    if (slope !== undefined) slope[0] = (muDynamic + muStaticOffset) / regVel;
    return (muDynamic + muStaticOffset) * velocity / regVel;
  }
  const sign = Math.sign(velocity);
  const excess = Math.abs(velocity) - regVel;
  const decay = expVel !== 0 ? Math.exp(-excess / expVel) : 1;
  if (slope !== undefined) slope[0] = sign === 0 ? 0 : (expVel !== 0 ? -muStaticOffset / expVel * decay : 0) + muViscous;
  return sign * (muDynamic + muStaticOffset * decay + muViscous * excess);
}

/**
 * The chain rule of a contact's Jacobian: m (nL × nL row-major) += factor·Oᵀ B R for its outputs z (nZ: forces, torques)
 * with ∂z/∂y = B (nZ × nY), the rows ∂y/∂x = R (nY × nL) of its kinematic inputs y and the rows O (nZ × nL) that map z to
 * the generalized forces (Q = Oᵀz); work: nZ × nL. Zero entries of B and O are skipped.
 */
export function addChainRule(m: Float64Array, nL: number, O: Float64Array, B: Float64Array, R: Float64Array, nZ: number, nY: number, work: Float64Array, factor: number): void {
  for (let a = 0; a < nZ; a++) {
    for (let col = 0; col < nL; col++) {
      let sum = 0;
      for (let k = 0; k < nY; k++) {
        const b = B[a * nY + k];
        if (b !== 0) sum += b * R[k * nL + col];
      }
      work[a * nL + col] = sum;
    }
  }
  for (let a = 0; a < nZ; a++) {
    for (let row = 0; row < nL; row++) {
      const o = O[a * nL + row];
      if (o === 0) continue;
      const scale = factor * o;
      for (let col = 0; col < nL; col++) m[row * nL + col] += scale * work[a * nL + col];
    }
  }
}
