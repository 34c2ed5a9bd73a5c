import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, real, userFunction, vector, type UserFunctionValue, type VectorValue } from '../../registry/parameters.ts';
import { checkScalarSpringDamper } from '../../registry/physicalChecks.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';
import { mat3MulVecInto } from '../../rotations/skew.ts';
import { RigidMarkerPair } from './connectorBase.ts';
import { zeroArray } from '../../linalg/arrays.ts';

/**
 * Spring force user function: returns the scalar force f_SD along the axis for the displacement Δx (offset not
 * subtracted) and velocity Δv, with the parameters stiffness, damping and offset (Exudyn's signature).
 */
export type LinearSpringForceUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, displacement: number, velocity: number, stiffness: number, damping: number, offset: number], number>;

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1]; the axis turns with marker 0.', 2),
  stiffness: real(0, 'Stiffness k [N/m] against Δx − offset.'),
  damping: real(0, 'Damping d [N s/m] against Δv − velocityOffset.'),
  axisMarker0: vector([1, 0, 0], 'Axis d̄ of the spring-damper in the frame of marker 0 (co-moving with marker 0).', 3, 'Vector3D'),
  offset: real(0, 'Offset x_off of the spring (e.g. a position control input).'),
  velocityOffset: real(0, 'Velocity offset v_off of the damper (e.g. a velocity control input).'),
  force: real(0, 'Constant force f_c [N] added to the spring-damper force (actuation).'),
  activeConnector: bool(true, 'If false, the connector has no effect.'),
  springForceUserFunction: userFunction<LinearSpringForceUserFunction>('Replaces the force law f_SD; only evaluated if activeConnector is true.', '(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) => force'),
};

type Values = {
  stiffness: number; damping: number; axisMarker0: VectorValue; offset: number; velocityOffset: number; force: number;
  activeConnector: boolean; springForceUserFunction: UserFunctionValue<LinearSpringForceUserFunction>;
};

/**
 * Run-time model of a linear spring-damper along an axis w = A0 d̄ of marker 0: Δx = wᵀ(p1 − p0), Δv = wᵀ(v1 − v0),
 * f_SD = k (Δx − x_off) + d (Δv − v_off) + f_c, the force f_SD w applied through the markers' position Jacobians only
 * (as in Exudyn: the turning axis adds no torque on marker 0).
 */
class LinearSpringDamperModel implements Only<ObjectModel, LinearSpringDamperModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** Analytic Jacobians; absent with a user function (the model then differentiates numerically). */
  readonly ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  readonly ode2Lhs_u?: (s: ItemState, d: LocalMatrixAccumulator, factor: number) => void;
  /** The shared dense work array of the local matrices (n_local × n_local, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private nLocal = 0;
  private readonly markers: RigidMarkerPair;
  /** Global axis w = A0 d̄ of the last evaluation. */
  private readonly axis = new Float64Array(3);
  private displacement = 0;
  private velocity = 0;
  private scalarForce = 0;
  private readonly forceVector = new Float64Array(3);
  /** w wᵀ scaled (3×3), and [−J0, J1]ᵀ w (n entries), w × Δp, w × Δv: work arrays of the Jacobians. */
  private readonly matrix = new Float64Array(9);
  private projectedAxis = new Float64Array(0);
  private readonly rotationRow = new Float64Array(3);
  /** ∂w/∂q0 along marker 0's rotation-Jacobian null directions (3 × n0, radial Euler parameters; set in bind). */
  private nullAxis = new Float64Array(0);

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: Values) {
    this.markers = new RigidMarkerPair(label, markerNumbers);
    if (v.springForceUserFunction === 0) {
      this.ode2Lhs_q = (s, acc, factor) => {
        const k = this.localMatrix;
        zeroArray(k);
        this.addStiffnessJacobian(s, k, factor);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, k, 0, this.nLocal, 1);
      };
      this.ode2Lhs_u = (s, acc, factor) => {
        const d = this.localMatrix;
        zeroArray(d);
        this.addDampingJacobian(s, d, factor);
        acc.addBlock(0, 0, this.nLocal, this.nLocal, d, 0, this.nLocal, 1);
      };
    }
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.projectedAxis = new Float64Array(this.markers.n0 + this.markers.n1);
    this.nullAxis = new Float64Array(this.markers.marker0.addRotatedVectorNullDirection === undefined ? 0 : 3 * this.markers.n0);
    this.nLocal = this.markers.n0 + this.markers.n1;
    this.localMatrix = denseLocalMatrix(this.nLocal);
  }

  /** Updates axis, displacement, velocity and the scalar force from the state. */
  private evaluate(s: ItemState): void {
    const { markers, axis: w, v } = this;
    markers.evaluateRelative(s);
    markers.marker0.orientation(s, markers.a0);
    mat3MulVecInto(w, markers.a0, v.axisMarker0);
    const { dp, dv } = markers;
    this.displacement = w[0] * dp[0] + w[1] * dp[1] + w[2] * dp[2];
    this.velocity = w[0] * dv[0] + w[1] * dv[1] + w[2] * dv[2];
    if (v.springForceUserFunction === 0) {
      this.scalarForce = v.stiffness * (this.displacement - v.offset) + v.damping * (this.velocity - v.velocityOffset) + v.force;
      return;
    }
    const force = v.springForceUserFunction(s.mbs, s.t, this.label.index, this.displacement, this.velocity, v.stiffness, v.damping, v.offset);
    if (typeof force !== 'number' || !Number.isFinite(force)) itemError(this.label, 'springForceUserFunction', `must return a finite number, got ${describeValue(force)}`);
    this.scalarForce = force;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    for (let i = 0; i < 3; i++) this.forceVector[i] = this.scalarForce * this.axis[i];
    this.markers.evaluateJacobians(s);
    this.markers.addForcePair(this.forceVector, f);
  }

  /** Writes scale·w wᵀ into matrix. */
  private axisProjector(scale: number): Float64Array {
    const { axis: w, matrix: S } = this;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) S[3 * i + j] = scale * w[i] * w[j];
    return S;
  }

  /**
   * ∂(Jᵀ w f)/∂q with J = [−J0, J1], G0 the rotation Jacobian of marker 0, δw = −w̃ G0 δq0:
   * Jᵀ (k w wᵀ) J + Jᵀ (d w wᵀ) ∂Δv/∂q + (Jᵀ w)(k (w × Δp) + d (w × Δv))ᵀ G0 − f Jᵀ w̃ G0 + ∂(Jᵀ F)/∂q at fixed F = f w,
   * the marker-dependent terms as far as the markers provide them, and Δp's and w's derivatives along the markers' null
   * directions (radial Euler parameters, which J and G0 leave out).
   */
  private addStiffnessJacobian(s: ItemState, k: Float64Array, factor: number): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    const { markers, axis: w, scalarForce: f, projectedAxis: a, rotationRow: b } = this;
    const { stiffness, damping } = this.v;
    markers.evaluateJacobians(s);
    const projected = this.axisProjector(stiffness);
    markers.addProjectedMatrix(projected, factor, k);
    markers.addNullDirectionProjectedMatrix(s, projected, factor, k);
    markers.addVelocityProjectedMatrix(s, this.axisProjector(damping), factor, k);
    for (let i = 0; i < 3; i++) this.forceVector[i] = f * w[i];
    markers.addJacobianTransposedForce_q(s, this.forceVector, factor, k);
    const { n0, n1, jacobian0: j0, jacobian1: j1 } = markers;
    if (n0 === 0) return;
    // the turning axis: columns of marker 0's coordinates
    markers.evaluateRotationJacobians(s);
    const g0 = markers.rotationJacobian0;
    const n = n0 + n1;
    for (let i = 0; i < n0; i++) a[i] = -(j0[i] * w[0] + j0[n0 + i] * w[1] + j0[2 * n0 + i] * w[2]);
    for (let i = 0; i < n1; i++) a[n0 + i] = j1[i] * w[0] + j1[n1 + i] * w[1] + j1[2 * n1 + i] * w[2];
    const { dp, dv } = markers;
    // b = k (w × Δp) + d (w × Δv)
    b[0] = stiffness * (w[1] * dp[2] - w[2] * dp[1]) + damping * (w[1] * dv[2] - w[2] * dv[1]);
    b[1] = stiffness * (w[2] * dp[0] - w[0] * dp[2]) + damping * (w[2] * dv[0] - w[0] * dv[2]);
    b[2] = stiffness * (w[0] * dp[1] - w[1] * dp[0]) + damping * (w[0] * dv[1] - w[1] * dv[0]);
    for (let j = 0; j < n0; j++) {
      const gx = g0[j], gy = g0[n0 + j], gz = g0[2 * n0 + j];
      const scalar = factor * (b[0] * gx + b[1] * gy + b[2] * gz);
      // −f w̃ g_j = f (g_j × w)
      const cx = factor * f * (gy * w[2] - gz * w[1]);
      const cy = factor * f * (gz * w[0] - gx * w[2]);
      const cz = factor * f * (gx * w[1] - gy * w[0]);
      for (let i = 0; i < n0; i++) k[i * n + j] += a[i] * scalar - (j0[i] * cx + j0[n0 + i] * cy + j0[2 * n0 + i] * cz);
      for (let i = 0; i < n1; i++) k[(n0 + i) * n + j] += a[n0 + i] * scalar + j1[i] * cx + j1[n1 + i] * cy + j1[2 * n1 + i] * cz;
    }
    // the axis also turns along marker 0's null directions (radial Euler parameters: δw = N δq0, G0 N = 0): the same
    // terms with δw = N_j, (kΔp + dΔv)·δw in Jᵀw and f Jᵀ δw
    const nw = this.nullAxis;
    if (nw.length === 0) return;
    nw.fill(0);
    markers.marker0.addRotatedVectorNullDirection!(s, this.v.axisMarker0, nw);
    const c0 = stiffness * dp[0] + damping * dv[0], c1 = stiffness * dp[1] + damping * dv[1], c2 = stiffness * dp[2] + damping * dv[2];
    for (let j = 0; j < n0; j++) {
      const nx = nw[j], ny = nw[n0 + j], nz = nw[2 * n0 + j];
      if (nx === 0 && ny === 0 && nz === 0) continue;
      const scalar = factor * (c0 * nx + c1 * ny + c2 * nz);
      const cx = factor * f * nx, cy = factor * f * ny, cz = factor * f * nz;
      for (let i = 0; i < n0; i++) k[i * n + j] += a[i] * scalar - (j0[i] * cx + j0[n0 + i] * cy + j0[2 * n0 + i] * cz);
      for (let i = 0; i < n1; i++) k[(n0 + i) * n + j] += a[n0 + i] * scalar + j1[i] * cx + j1[n1 + i] * cy + j1[2 * n1 + i] * cz;
    }
  }

  /** ∂(Jᵀ w f)/∂u = Jᵀ (d w wᵀ) J. */
  private addDampingJacobian(s: ItemState, d: Float64Array, factor: number): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    this.markers.evaluateJacobians(s);
    this.markers.addProjectedMatrix(this.axisProjector(this.v.damping), factor, d);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    switch (variable) {
      case OutputVariableType.DisplacementLocal: return [this.displacement];
      case OutputVariableType.VelocityLocal: return [this.velocity];
      case OutputVariableType.ForceLocal: return [this.v.activeConnector ? this.scalarForce : 0];
      default: return undefined;
    }
  }
}

/** A spring-damper along an axis of marker 0 (Exudyn's ObjectConnectorLinearSpringDamper, alias LinearSpringDamper). */
export const objectConnectorLinearSpringDamperDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorLinearSpringDamper',
  aliases: ['LinearSpringDamper'],
  description: 'A linear spring-damper acting on the relative translation of two rigid markers along the axis d̄ of marker 0 '
    + '(co-moving with marker 0), e.g. inside a prismatic joint. f_SD = k (Δx − offset) + d (Δv − velocityOffset) + force, '
    + 'or springForceUserFunction(mbs, t, i, Δx, Δv, k, d, offset). Analytic Jacobians without user function, numerical with one.',
  parameters,
  outputVariables: [OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal],
  equations: 'w = A_m0 d̄, Δx = wᵀ(p_m1 − p_m0), Δv = wᵀ(v_m1 − v_m0) (the time derivative of Δx only when the markers do not '
    + 'rotate relative to each other). LHS = [−J_m0ᵀ; J_m1ᵀ] f_SD w with the position Jacobians J: as in Exudyn, the force acts '
    + 'through the position Jacobians only, with no torque on marker 0 from the turning axis. Jacobian: '
    + 'Jᵀ(k w wᵀ)J + Jᵀ(d w wᵀ)∂Δv/∂q + (Jᵀw)(k (w × Δp) + d (w × Δv))ᵀ G_m0 − f_SD Jᵀ w̃ G_m0 + ∂(Jᵀ F)/∂q at fixed F = f_SD w '
    + '(G_m0 the rotation Jacobian of marker 0); ∂LHS/∂u = Jᵀ(d w wᵀ)J. Outputs: DisplacementLocal Δx, VelocityLocal Δv, '
    + 'ForceLocal f_SD (0 when inactive).',
  example: (mbs) => {
    // a rigid body on a spring along a turned axis of another rigid body: every term (turning axis, velocities) is non-zero
    const nodes = [[0, 0, 0], [1, 0.3, -0.2]].map((p, i) => mbs.addNode({
      nodeType: 'RigidBodyEP', referenceCoordinates: [...p, 1, 0, 0, 0],
      initialCoordinates: i === 0 ? [0, 0, 0, 0, 0, 0, 0] : [0.05, -0.1, 0.02, 0, 0, 0, 0],
      initialVelocities: i === 0 ? [0.1, -0.2, 0.3, 0, 0.1, -0.2, 0.15] : [0.4, 0.2, -0.1, 0, -0.05, 0.1, 0.2],
    }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 2, physicsInertia: [1, 2, 3, 0, 0, 0], nodeNumber: node }));
    const m0 = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: bodies[0], localPosition: [0.2, -0.1, 0.3] });
    const m1 = mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: nodes[1] });
    return mbs.addObject({
      objectType: 'ConnectorLinearSpringDamper', markerNumbers: [m0, m1], stiffness: 300, damping: 4, axisMarker0: [0.6, 0.8, 0],
      offset: 0.1, velocityOffset: 0.05, force: 3,
    });
  },
  validate: (v, label) => checkScalarSpringDamper(label, v.stiffness, v.damping, v.springForceUserFunction),
  create: (v, label) => new LinearSpringDamperModel(label, v.markerNumbers, v),
};

/** Factory for a linear spring-damper. */
export const ObjectConnectorLinearSpringDamper = makeFactory(objectConnectorLinearSpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorLinearSpringDamper}. */
export const LinearSpringDamper = ObjectConnectorLinearSpringDamper;
