import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, real, ureal, userFunction, type UserFunctionValue } from '../../registry/parameters.ts';
import { MarkerPair, positionMarkers } from './connectorBase.ts';
import { PointMarkerShortcuts } from './pointMarkerShortcuts.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { float64Views, zeroArray } from '../../linalg/arrays.ts';

/**
 * Spring force user function: returns the scalar force F (positive = tension) for the elongation
 * deltaL = L − L0 and the elongation rate deltaL_t = L̇ − velocityOffset; stiffness, damping and force are the parameters.
 */
export type SpringForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, deltaL: number, deltaL_t: number, stiffness: number, damping: number, force: number], number>;

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1].', 2),
  referenceLength: ureal(0, 'Reference (unstretched) length L0 [m] of the spring.'),
  stiffness: ureal(0, 'Stiffness k [N/m]; the force acts against L − L0.'),
  damping: ureal(0, 'Damping d [N s/m]; the force acts against L̇ − velocityOffset.'),
  force: real(0, 'Additional constant force [N] in the spring direction; positive = tension (like shortening L0 by force/k).'),
  velocityOffset: real(0, 'Velocity offset L̇0 [m/s] of the damper (time derivative of the reference length).'),
  activeConnector: bool(true, 'If false, the connector has no effect.'),
  springForceUserFunction: userFunction<SpringForceUserFunction>('Replaces the scalar force law; only evaluated if activeConnector is true.', '(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force) => force'),
};

type Values = {
  referenceLength: number; stiffness: number; damping: number; force: number; velocityOffset: number;
  activeConnector: boolean; springForceUserFunction: UserFunctionValue<SpringForceUserFunction>;
};

/** Run-time model of a spring-damper along the line between two points. */
class SpringDamperModel implements Only<ObjectModel, SpringDamperModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** Analytic position Jacobian; absent with a user function (the model then differentiates numerically). */
  readonly ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  /** Analytic velocity Jacobian; absent with a user function. */
  readonly ode2Lhs_u?: (s: ItemState, d: LocalMatrixAccumulator, factor: number) => void;
  /** Both analytic Jacobians from one evaluation (the blocks of ode2Lhs_q and ode2Lhs_u); absent with a user function. */
  readonly ode2Lhs_qu?: (s: ItemState, acc: LocalMatrixAccumulator, factorQ: number, factorU: number) => void;
  /** The shared dense work array of the local matrices (n_local × n_local, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private nLocal = 0;
  private readonly markers: MarkerPair;
  /** The shortcuts of fixed markers and points (set in bind). */
  private readonly points = new PointMarkerShortcuts();
  /**
   * Active, without a user function, on a pair of {@link PointMarkerShortcuts.points}: ode2Lhs and the Jacobians take
   * the point path ({@link SpringDamperModel.pointEvaluate}; set in bind).
   */
  private pointPath = false;
  /** Spring length L of the last evaluation. */
  private length = 0;
  /** Scalar force F of the last evaluation. */
  private scalarForce = 0;
  /** Unit direction n (Δp/L; Δv/|Δv| or 0 at L = 0). */
  private readonly direction: Float64Array;
  private readonly forceVector: Float64Array;
  private readonly matrix: Float64Array;
  /** ∂(F n)/∂Δv (3×3 row-major), for the configuration dependence of the marker velocities. */
  private readonly velocityMatrix: Float64Array;

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: Values) {
    [this.direction, this.forceVector, this.matrix, this.velocityMatrix] = float64Views([3, 3, 9, 9]);
    this.markers = new MarkerPair(label, markerNumbers, positionMarkers);
    if (v.springForceUserFunction === 0) {
      this.ode2Lhs_q = (s, acc, factor) => {
        if (this.pointPath) {
          this.addPointJacobians(s, acc, factor, 0, 1);
          return;
        }
        const k = this.localMatrix;
        zeroArray(k);
        this.addStiffnessJacobian(s, k, factor);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, k, 0, this.nLocal, 1);
      };
      this.ode2Lhs_u = (s, acc, factor) => {
        if (this.pointPath) {
          this.addPointJacobians(s, acc, 0, factor, 2);
          return;
        }
        const d = this.localMatrix;
        zeroArray(d);
        this.addDampingJacobian(s, d, factor);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, d, 0, this.nLocal, 1);
      };
      this.ode2Lhs_qu = (s, acc, factorQ, factorU) => {
        if (this.pointPath) {
          this.addPointJacobians(s, acc, factorQ, factorU, 3);
          return;
        }
        const m = this.localMatrix;
        zeroArray(m);
        this.addStiffnessJacobian(s, m, factorQ);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, m, 0, this.nLocal, 1);
        zeroArray(m);
        // the damping block of addDampingJacobian: evaluate, the marker Jacobians and d n nᵀ (velocityMatrix) are current
        if (this.v.activeConnector) this.markers.addProjectedMatrix(this.velocityMatrix, factorU, m);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, m, 0, this.nLocal, 1);
      };
    }
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.points.bind(this.markers);
    this.pointPath = this.points.points && this.v.activeConnector && this.v.springForceUserFunction === 0;
    this.localNodes = this.markers.localNodes;
    this.nLocal = this.markers.n0 + this.markers.n1;
    this.localMatrix = denseLocalMatrix(this.nLocal);
  }

  /**
   * Length L = |Δp| and direction n = Δp/L of the markers' relative position (at L = 0 the direction of Δv, or Δv itself
   * if it is 0), from the relative kinematics the caller has evaluated.
   */
  private lengthAndDirection(): void {
    const { markers: { dp, dv }, direction: n } = this;
    const length = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    this.length = length;
    if (length !== 0) {
      const inv = 1 / length;
      for (let i = 0; i < 3; i++) n[i] = inv * dp[i];
    } else {
      const speed = Math.sqrt(dv[0] * dv[0] + dv[1] * dv[1] + dv[2] * dv[2]);
      const inv = speed !== 0 ? 1 / speed : 1;
      for (let i = 0; i < 3; i++) n[i] = inv * dv[i];
    }
  }

  /** Updates length, direction and scalar force from the state. */
  private evaluate(s: ItemState): void {
    const { markers, direction: n, v } = this;
    markers.evaluateRelative(s);
    this.lengthAndDirection();
    const dv = markers.dv;
    const length = this.length;
    this.scalarForce = 0;
    if (!v.activeConnector) return;
    const elongation = length - v.referenceLength;
    const elongationRate = dv[0] * n[0] + dv[1] * n[1] + dv[2] * n[2] - v.velocityOffset;
    if (v.springForceUserFunction === 0) {
      this.scalarForce = v.stiffness * elongation + (v.damping * elongationRate + v.force);
      return;
    }
    const force = v.springForceUserFunction(s.mbs, s.t, this.label.index, elongation, elongationRate, v.stiffness, v.damping, v.force);
    if (typeof force !== 'number' || !Number.isFinite(force)) itemError(this.label, 'springForceUserFunction', `must return a finite number, got ${describeValue(force)}`);
    this.scalarForce = force;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (this.pointPath) {
      this.pointEvaluate(s);
      for (let i = 0; i < 3; i++) this.forceVector[i] = this.scalarForce * this.direction[i];
      this.points.addForcePair(this.markers, this.forceVector, f);
      return;
    }
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    for (let i = 0; i < 3; i++) this.forceVector[i] = this.scalarForce * this.direction[i];
    this.markers.addForcePairAt(s, this.forceVector, f);
  }

  /**
   * evaluate on the {@link SpringDamperModel.pointPath} (active, no user function): the kinematics of the points'
   * shortcuts, then evaluate's numbers (the force law without the user function, a method of its own beside evaluate).
   */
  private pointEvaluate(s: ItemState): void {
    const { markers, direction: n, v } = this;
    this.points.evaluateRelative(markers, s);
    this.lengthAndDirection();
    const dv = markers.dv;
    const length = this.length;
    const elongation = length - v.referenceLength;
    const elongationRate = dv[0] * n[0] + dv[1] * n[1] + dv[2] * n[2] - v.velocityOffset;
    this.scalarForce = v.stiffness * elongation + (v.damping * elongationRate + v.force);
  }

  /**
   * The Jacobian blocks on the {@link SpringDamperModel.pointPath} (blocks 1: position, 2: velocity, 3: both, in the
   * order of ode2Lhs_qu): the numbers of addStiffnessJacobian and addDampingJacobian, whose terms of null directions,
   * ∂v/∂q and Jacobian derivatives the points do not have.
   */
  private addPointJacobians(s: ItemState, acc: LocalMatrixAccumulator, factorQ: number, factorU: number, blocks: number): void {
    const m = this.localMatrix, nLocal = this.nLocal;
    this.pointEvaluate(s);
    if (blocks !== 2) {
      zeroArray(m);
      // addStiffnessJacobian's ∂(F n)/∂Δp
      this.stiffnessMatrix(this.matrix);
      this.points.addProjectedMatrix(this.markers, this.matrix, factorQ, m);
      acc.addBlock(0, 0, nLocal, nLocal, m, 0, nLocal, 1);
    }
    if (blocks !== 1) {
      zeroArray(m);
      this.dampingMatrix(this.velocityMatrix);
      this.points.addProjectedMatrix(this.markers, this.velocityMatrix, factorU, m);
      acc.addBlock(0, 0, nLocal, nLocal, m, 0, nLocal, 1);
    }
  }

  /**
   * ∂(F n)/∂Δp = (F/L)(I − n nᵀ) + k n nᵀ + (d/L) n Δvᵀ(I − n nᵀ); at L = 0: k I. Adds Jᵀ (∂(F n)/∂Δp) (J + N) (N: the
   * markers' ∂p/∂q along the radial Euler-parameter direction, which J leaves out), the
   * velocity term Jᵀ d n nᵀ ∂Δv/∂q and the derivative of the marker Jacobians times F n, as far as the markers provide them.
   */
  private addStiffnessJacobian(s: ItemState, k: Float64Array, factor: number): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    const { direction: n, matrix: S, scalarForce: F } = this;
    this.stiffnessMatrix(S);
    this.markers.evaluateJacobians(s);
    this.markers.addProjectedMatrix(S, factor, k);
    this.markers.addNullDirectionProjectedMatrix(s, S, factor, k);
    this.dampingMatrix(this.velocityMatrix);
    this.markers.addVelocityProjectedMatrix(s, this.velocityMatrix, factor, k);
    for (let i = 0; i < 3; i++) this.forceVector[i] = F * n[i];
    this.markers.addJacobianTransposedForce_q(s, this.forceVector, factor, k);
  }

  /**
   * Writes ∂(F n)/∂Δp = (F/L)(I − n nᵀ) + k n nᵀ + (d/L) n Δvᵀ(I − n nᵀ) (k I at L = 0) into S; needs
   * {@link SpringDamperModel.evaluate} or pointEvaluate.
   */
  private stiffnessMatrix(S: Float64Array): void {
    const { direction: n, length, scalarForce: F } = this;
    const { stiffness, damping } = this.v;
    if (length === 0) {
      S.fill(0);
      S[0] = S[4] = S[8] = stiffness;
    } else {
      const dv = this.markers.dv;
      const inv = 1 / length;
      const vn = dv[0] * n[0] + dv[1] * n[1] + dv[2] * n[2];
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          const projector = inv * ((i === j ? 1 : 0) - n[i] * n[j]);
          const dvProjected = inv * (dv[j] - vn * n[j]);
          S[3 * i + j] = F * projector + stiffness * n[i] * n[j] + damping * n[i] * dvProjected;
        }
      }
    }
  }

  /** Writes ∂(F n)/∂Δv = d n nᵀ (d I at L = 0) into S; needs {@link SpringDamperModel.evaluate}. */
  private dampingMatrix(S: Float64Array): void {
    const { direction: n, length } = this;
    const damping = this.v.damping;
    if (length === 0) {
      S.fill(0);
      S[0] = S[4] = S[8] = damping;
    } else {
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) S[3 * i + j] = damping * n[i] * n[j];
    }
  }

  /** ∂(F n)/∂Δv = d n nᵀ; at L = 0: d I. */
  private addDampingJacobian(s: ItemState, d: Float64Array, factor: number): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    this.dampingMatrix(this.matrix);
    this.markers.evaluateJacobians(s);
    this.markers.addProjectedMatrix(this.matrix, factor, d);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    const { dp, dv } = this.markers;
    switch (variable) {
      case OutputVariableType.Distance: return [this.length];
      case OutputVariableType.Displacement: return Array.from(dp);
      case OutputVariableType.Velocity: return Array.from(dv);
      case OutputVariableType.Force: return Array.from(this.direction, (n) => this.scalarForce * n);
      case OutputVariableType.ForceLocal: return [this.scalarForce];
      default: return undefined;
    }
  }
}

/** A spring-damper between two position markers (Exudyn's ObjectConnectorSpringDamper). */
export const objectConnectorSpringDamperDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorSpringDamper',
  aliases: ['SpringDamper'],
  description: 'A spring-damper acting along the line between two position markers. Scalar force F = k (L − L0) + d (L̇ − velocityOffset) + force '
    + '(or the user function), L = |p1 − p0|, L̇ = Δvᵀn; the force vector F n, n = (p1 − p0)/L, acts with +F n on marker 1 and −F n on marker 0 '
    + '(left-hand side). At L = 0 the direction falls back to Δv/|Δv| (no force if Δv = 0 as well).',
  parameters,
  outputVariables: [OutputVariableType.Distance, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Force, OutputVariableType.ForceLocal],
  equations: 'LHS = [−J0ᵀ; J1ᵀ] F n. Analytic Jacobian without user function: ∂(F n)/∂Δp = (F/L)(I − n nᵀ) + k n nᵀ + (d/L) n Δvᵀ(I − n nᵀ), '
    + '∂(F n)/∂Δv = d n nᵀ (k I and d I at L = 0); ∂LHS/∂q = Jᵀ ∂(F n)/∂Δp J + Jᵀ d n nᵀ ∂Δv/∂q + ∂([−J0ᵀ; J1ᵀ] F n)/∂q at fixed F n '
    + '(the last two from the markers\' velocity_q and jacobianTransposedVector_q where they provide them); with a user function the Jacobian is numerical. '
    + 'Force returns the 3D vector F n, ForceLocal the scalar F.',
  example: (mbs) => {
    const ground = mbs.addObject({ objectType: 'Ground', referencePosition: [0, 0, 0] });
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [1, 0.2, 0.1], initialVelocities: [0.5, 1, -0.3] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const m0 = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0, 0] });
    const m1 = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node });
    return mbs.addObject({ objectType: 'ConnectorSpringDamper', markerNumbers: [m0, m1], referenceLength: 0.8, stiffness: 50, damping: 3, force: 2, velocityOffset: 0.1 });
  },
  create: (v, label) => new SpringDamperModel(label, v.markerNumbers, v),
};

/** Factory for a spring-damper between two points. */
export const ObjectConnectorSpringDamper = makeFactory(objectConnectorSpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorSpringDamper}. */
export const SpringDamper = ObjectConnectorSpringDamper;
