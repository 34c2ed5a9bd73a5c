import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkNonNegativeEntries } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, userFunction, vector, type UserFunctionValue, type VectorValue } from '../../registry/parameters.ts';
import { MarkerPair, positionMarkers } from './connectorBase.ts';
import { PointMarkerShortcuts } from './pointMarkerShortcuts.ts';
import { float64Views } from '../../linalg/arrays.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { zeroArray } from '../../linalg/arrays.ts';

/**
 * Cartesian spring force user function: returns the global force vector (3 entries) for the relative
 * displacement (p1 − p0 − offset) and relative velocity (v1 − v0); stiffness, damping and offset are the parameters.
 */
export type CartesianSpringForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [
  t: number, itemNumber: number, displacement: Float64Array, velocity: Float64Array,
  stiffness: Float64Array, damping: Float64Array, offset: Float64Array,
], ArrayLike<number>>;

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1].', 2),
  stiffness: vector([0, 0, 0], 'Stiffnesses [N/m] of the springs in global x, y and z direction.', 3, 'Vector3D'),
  damping: vector([0, 0, 0], 'Damping coefficients [N s/m] of the dampers in global x, y and z direction.', 3, 'Vector3D'),
  offset: vector([0, 0, 0], 'Offset [m]: the springs are relaxed at p1 − p0 = offset.', 3, 'Vector3D'),
  springForceUserFunction: userFunction<CartesianSpringForceUserFunction>('Replaces the force law; only evaluated if activeConnector is true.', '(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) => [fx, fy, fz]'),
  activeConnector: bool(true, 'If false, the connector has no effect.'),
};

/** Run-time model of three global-axis spring-dampers between two points. */
class CartesianSpringDamperModel implements Only<ObjectModel, CartesianSpringDamperModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** Analytic position Jacobian; absent with a user function (the model then differentiates numerically). */
  readonly ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  /** Analytic velocity Jacobian; absent with a user function. */
  readonly ode2Lhs_u?: (s: ItemState, d: LocalMatrixAccumulator, factor: number) => void;
  /** The shared dense work array of the local matrices (n_local × n_local, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private nLocal = 0;
  private readonly markers: MarkerPair;
  /** The shortcuts of fixed markers and points (set in bind). */
  private readonly points = new PointMarkerShortcuts();
  /** Active, without a user function, on a pair of {@link PointMarkerShortcuts.points}: ode2Lhs and the Jacobians take the shortcuts (set in bind). */
  private pointPath = false;
  private readonly stiffness: Float64Array;
  private readonly damping: Float64Array;
  private readonly offset: Float64Array;
  /** diag(stiffness) and diag(damping), row-major 3×3. */
  private readonly stiffnessMatrix: Float64Array;
  private readonly dampingMatrix: Float64Array;
  /** Displacement p1 − p0 − offset of the last evaluation. */
  private readonly displacement: Float64Array;
  private readonly force: Float64Array;
  /**
   * Argument buffers handed to the user function (refreshed before each call, so user changes do not leak); made only
   * with a user function.
   */
  private readonly argument?: { displacement: Float64Array; velocity: Float64Array; stiffness: Float64Array; damping: Float64Array; offset: Float64Array };

  constructor(
    readonly label: ItemLabel,
    markerNumbers: readonly number[],
    v: { stiffness: VectorValue; damping: VectorValue; offset: VectorValue },
    private readonly activeConnector: boolean,
    private readonly userFunction: UserFunctionValue<CartesianSpringForceUserFunction>,
  ) {
    this.markers = new MarkerPair(label, markerNumbers, positionMarkers);
    // all work arrays of the item in one buffer (issue 12, build memory)
    [this.stiffness, this.damping, this.offset, this.stiffnessMatrix, this.dampingMatrix, this.displacement, this.force] = float64Views([3, 3, 3, 9, 9, 3, 3]);
    this.stiffness.set(v.stiffness);
    this.damping.set(v.damping);
    this.offset.set(v.offset);
    for (let i = 0; i < 3; i++) {
      this.stiffnessMatrix[4 * i] = this.stiffness[i];
      this.dampingMatrix[4 * i] = this.damping[i];
    }
    if (userFunction === 0) {
      this.ode2Lhs_q = (s, acc, factor) => {
        const k = this.localMatrix;
        zeroArray(k);
        // points: Jᵀ diag(k) J alone (no null directions, no ∂v/∂q, constant Jacobians)
        if (this.pointPath) this.points.addProjectedMatrix(this.markers, this.stiffnessMatrix, factor, k);
        else this.addPositionJacobian(s, k, factor);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, k, 0, this.nLocal, 1);
      };
      this.ode2Lhs_u = (s, acc, factor) => {
        const d = this.localMatrix;
        zeroArray(d);
        if (this.pointPath) this.points.addProjectedMatrix(this.markers, this.dampingMatrix, factor, d);
        else this.addVelocityJacobian(s, d, factor);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, d, 0, this.nLocal, 1);
      };
    } else {
      const [displacement, velocity, stiffness, damping, offset] = float64Views([3, 3, 3, 3, 3]);
      this.argument = { displacement, velocity, stiffness, damping, offset };
    }
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.points.bind(this.markers);
    this.pointPath = this.points.points && this.activeConnector && this.userFunction === 0;
    this.localNodes = this.markers.localNodes;
    this.nLocal = this.markers.n0 + this.markers.n1;
    this.localMatrix = denseLocalMatrix(this.nLocal);
  }

  /** Updates displacement, relative velocity and force (zero if inactive). */
  private evaluate(s: ItemState): void {
    const { markers, displacement: u, force } = this;
    markers.evaluateRelative(s);
    const dv = markers.dv;
    for (let i = 0; i < 3; i++) u[i] = markers.dp[i] - this.offset[i];
    // three stores, not TypedArray.prototype.fill (a builtin call: ≈ 2–3 % of rigidBody2Dtest's step)
    force[0] = 0; force[1] = 0; force[2] = 0;
    if (!this.activeConnector) return;
    if (this.userFunction === 0) {
      for (let i = 0; i < 3; i++) force[i] = this.stiffness[i] * u[i] + this.damping[i] * dv[i];
      return;
    }
    const a = this.argument!;
    a.displacement.set(u);
    a.velocity.set(dv);
    a.stiffness.set(this.stiffness);
    a.damping.set(this.damping);
    a.offset.set(this.offset);
    const result = this.userFunction(s.mbs, s.t, this.label.index, a.displacement, a.velocity, a.stiffness, a.damping, a.offset);
    if (result === null || typeof result !== 'object' || result.length !== 3) {
      itemError(this.label, 'springForceUserFunction', `must return 3 numbers, got ${describeValue(result)}`);
    }
    for (let i = 0; i < 3; i++) {
      if (typeof result[i] !== 'number' || !Number.isFinite(result[i])) itemError(this.label, 'springForceUserFunction', `must return finite numbers, got ${describeValue(result[i])} at entry ${i}`);
      force[i] = result[i];
    }
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (this.pointPath) {
      this.pointLhs(s, f);
      return;
    }
    if (!this.activeConnector) return;
    this.evaluate(s);
    this.markers.addForcePairAt(s, this.force, f);
  }

  /** ode2Lhs on the {@link CartesianSpringDamperModel.pointPath}: evaluate's numbers without a user function, the force pair of the points. */
  private pointLhs(s: ItemState, f: Float64Array): void {
    const { markers, displacement: u, force, offset, stiffness, damping } = this;
    this.points.evaluateRelative(markers, s);
    const dp = markers.dp, dv = markers.dv;
    for (let i = 0; i < 3; i++) {
      u[i] = dp[i] - offset[i];
      force[i] = stiffness[i] * u[i] + damping[i] * dv[i];
    }
    this.points.addForcePair(markers, force, f);
  }

  /**
   * Adds factor·∂LHS/∂q: Jᵀ diag(k) (J + N) (N: the markers' ∂p/∂q along the radial Euler-parameter direction, which J
   * leaves out), Jᵀ diag(d) ∂Δv/∂q (the velocity of markers on rotating bodies depends on q)
   * and the derivative of the marker Jacobians times the force, as far as the markers provide them (the force is
   * evaluated only then: markers with constant Jacobians, such as on mass points, need none).
   */
  private addPositionJacobian(s: ItemState, target: Float64Array, factor: number): void {
    if (!this.activeConnector) return;
    const markers = this.markers;
    const forceTerm = markers.addsJacobianTransposedForce_q;
    if (forceTerm) this.evaluate(s);
    markers.evaluateJacobians(s);
    markers.addProjectedMatrix(this.stiffnessMatrix, factor, target);
    markers.addNullDirectionProjectedMatrix(s, this.stiffnessMatrix, factor, target);
    markers.addVelocityProjectedMatrix(s, this.dampingMatrix, factor, target);
    if (forceTerm) markers.addJacobianTransposedForce_q(s, this.force, factor, target);
  }

  /** Adds factor·Jᵀ diag(d) J = factor·∂LHS/∂u. */
  private addVelocityJacobian(s: ItemState, target: Float64Array, factor: number): void {
    if (!this.activeConnector) return;
    this.markers.evaluateJacobians(s);
    this.markers.addProjectedMatrix(this.dampingMatrix, factor, target);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    const u = this.displacement;
    switch (variable) {
      case OutputVariableType.Displacement: return Array.from(u);
      case OutputVariableType.Distance: return [Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2])];
      case OutputVariableType.Velocity: return Array.from(this.markers.dv);
      case OutputVariableType.Force: return Array.from(this.force);
      default: return undefined;
    }
  }
}

/** Spring-dampers in the three global directions between two position markers (Exudyn's ObjectConnectorCartesianSpringDamper). */
export const objectConnectorCartesianSpringDamperDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorCartesianSpringDamper',
  aliases: ['CartesianSpringDamper'],
  description: 'Three spring-dampers along the global axes between two position markers: force f_i = k_i (p1 − p0 − offset)_i + d_i (v1 − v0)_i '
    + '(or the user function), acting with +f on marker 1 and −f on marker 0 (left-hand side).',
  parameters,
  outputVariables: [OutputVariableType.Displacement, OutputVariableType.Distance, OutputVariableType.Velocity, OutputVariableType.Force],
  equations: 'LHS = [−J0ᵀ; J1ᵀ] f. Analytic Jacobian without user function, J = [−J0, J1]: ∂LHS/∂q = Jᵀ diag(k) J + Jᵀ diag(d) ∂(v1 − v0)/∂q '
    + '+ ∂([−J0ᵀ; J1ᵀ] f)/∂q at fixed f (the last two from the markers\' velocity_q and jacobianTransposedVector_q where they provide them), '
    + '∂LHS/∂u = Jᵀ diag(d) J; '
    + 'numerical with a user function. The user function receives the displacement with the offset already subtracted. '
    + 'Displacement and Distance refer to p1 − p0 − offset.',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'RigidBodyRxyz', referenceCoordinates: [0.5, 0.1, 0, 0.3, -0.2, 0.5], initialVelocities: [0.2, 0, 0.1, 1, -1, 2] });
    const body = mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node });
    const ground = mbs.addObject({ objectType: 'Ground' });
    const markers = [mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0.3, 0] }), mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: body, localPosition: [0.2, -0.1, 0.3] })];
    return mbs.addObject({ objectType: 'ConnectorCartesianSpringDamper', markerNumbers: markers, stiffness: [20, 30, 40], damping: [1, 2, 3], offset: [0.1, -0.2, 0.05] });
  },
  validate: (v, label) => {
    // Without a user function the values are springs and dampers; with one they are only its arguments.
    if (v.springForceUserFunction !== 0) return;
    checkNonNegativeEntries(label, 'stiffness', v.stiffness, 'a spring with negative stiffness pushes away from its rest position');
    checkNonNegativeEntries(label, 'damping', v.damping, 'a damper with negative damping adds energy');
  },
  create: (v, label) => new CartesianSpringDamperModel(label, v.markerNumbers, v, v.activeConnector, v.springForceUserFunction),
};

/** Factory for a Cartesian spring-damper. */
export const ObjectConnectorCartesianSpringDamper = makeFactory(objectConnectorCartesianSpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorCartesianSpringDamper}. */
export const CartesianSpringDamper = ObjectConnectorCartesianSpringDamper;
