import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkScalarSpringDamper } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, real, userFunction, type MatrixValue, type UserFunctionValue } from '../../registry/parameters.ts';
import { hypot2 } from '../../rotations/skew.ts';
import { rotationMarkerParameter } from './jointKernel.ts';
import { NodeMarkerInputs, RigidMarkerPair, bindDataNode, nodeMarkerKind } from './connectorBase.ts';
import { torsionalSpringDamperSetupDoubles, torsionalSpringDamperSlot, type TorsionalSpringDamperKernels } from './torsionalSpringDamperKernels.ts';
import type { KernelRegion } from './kernelRegions.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Spring torque user function: returns the scalar torque about the J0 z axis for the relative angle and angular velocity (offsets not subtracted). */
export type TorsionalSpringTorqueUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [t: number, itemNumber: number, rotation: number, angularVelocity: number, stiffness: number, damping: number, offset: number], number>;

const parameters = {
  markerNumbers: markerIndexArray('Two orientation markers [m0, m1].', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 1 data coordinate holding the continuous angle (unlimited rotations: full turns are counted); -1: the angle wraps at ±π.'),
  stiffness: real(0, 'Torsional stiffness k [N m/rad] against the relative rotation about the J0 z axis.'),
  damping: real(0, 'Torsional damping d [N m s/rad].'),
  rotationMarker0: rotationMarkerParameter('Rotation of the joint frame J0 relative to marker 0 (A0all = A0·rotationMarker0); its z axis is the spring axis.'),
  rotationMarker1: rotationMarkerParameter('Rotation of the joint frame J1 relative to marker 1 (A1all = A1·rotationMarker1).'),
  offset: real(0, 'Rotation offset θ_off [rad] at which the spring is relaxed.'),
  velocityOffset: real(0, 'Angular velocity offset ω_off [rad/s] of the damper.'),
  torque: real(0, 'Constant torque τ_c [N m] added to the spring-damper torque.'),
  activeConnector: bool(true, 'If false, the connector exerts no torque (outputs still evaluate the torque law, as in Exudyn).'),
  springTorqueUserFunction: userFunction<TorsionalSpringTorqueUserFunction>('Replaces the torque law.', '(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset) => torque'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; stiffness: number; damping: number; rotationMarker0: MatrixValue; rotationMarker1: MatrixValue;
  offset: number; velocityOffset: number; torque: number; activeConnector: boolean;
  springTorqueUserFunction: UserFunctionValue<TorsionalSpringTorqueUserFunction>;
};

/** The parameters {@link TorsionalSpringDamperModel.updateParameter} changes in place: the scalars the torque law reads at each evaluation. */
const inPlaceParameters: ReadonlySet<string> = new Set(['stiffness', 'damping', 'offset', 'velocityOffset', 'torque', 'activeConnector']);

/**
 * Run-time model of a torsional spring-damper about the J0 z axis; the Jacobian is numerical, as in Exudyn. With a data
 * node the angle continues the one of the last converged step (its data coordinate) by whole turns, and the post-Newton
 * step stores the new angle there.
 */
class TorsionalSpringDamperModel implements Only<ObjectModel, TorsionalSpringDamperModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  private readonly markers: RigidMarkerPair;
  private readonly work3 = new Float64Array(3);
  /**
   * The kernel slot of a connector without data node and user function whose markers are fixed or on Euler-parameter
   * nodes (nodeMarkerKind ≥ 0, set in bind): ode2Lhs then evaluates by torsionalSpringDamperKernels.ts; undefined for
   * the others.
   */
  private nodeSlot: KernelRegion<TorsionalSpringDamperKernels> | undefined = undefined;
  /** The markers' kinds, nodes and constants of {@link TorsionalSpringDamperModel.nodeSlot}. */
  private readonly nodeInputs = new NodeMarkerInputs();
  /**
   * Angle, angular velocity and torque of the last evaluation (NaN before the first: a double from the start, so that the
   * first evaluation, t = 2.5 in rotatingTableTest, does not change the fields' representation under compiled code).
   */
  private angle = Number.NaN;
  private omega = Number.NaN;
  private torqueValue = Number.NaN;

  /** The parameters (a copy of the dictionary's values: {@link TorsionalSpringDamperModel.updateParameter} changes them). */
  private readonly v: Values;

  constructor(readonly label: ItemLabel, values: Values) {
    this.markers = new RigidMarkerPair(label, values.markerNumbers, values);
    this.v = { ...values };
  }

  /**
   * Stiffness, damping, offsets, constant torque and activeConnector are read at each evaluation: a new value (validated)
   * takes effect in place, without a new model and its binding (a pre-step function that sets the damping while running).
   */
  updateParameter(name: string, value: unknown): boolean {
    if (!inPlaceParameters.has(name) || typeof value !== typeof this.v[name as keyof Values]) return false;
    (this.v as Record<string, unknown>)[name] = value;
    if (this.nodeSlot !== undefined) this.writeTorqueLaw(this.nodeSlot.region);
    return true;
  }

  private dataNode: NodeModel | undefined;

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.dataNode = bindDataNode(context, this.label, this.v.nodeNumber, 1, undefined);
    const { marker0, marker1, n0, n1 } = this.markers;
    const kind0 = nodeMarkerKind(marker0, n0), kind1 = nodeMarkerKind(marker1, n1);
    this.nodeSlot = undefined;
    this.nodeInputs.unbind();
    if (this.dataNode !== undefined || this.v.springTorqueUserFunction !== 0 || kind0 < 0 || kind1 < 0) return;
    const slot = torsionalSpringDamperSlot(), region = slot.region;
    region.set(this.markers.r0, 0);
    region.set(this.markers.r1, 14);
    this.writeTorqueLaw(region);
    this.nodeSlot = slot;
    this.nodeInputs.bind(this.markers, kind0, kind1, region.subarray(torsionalSpringDamperSetupDoubles));
  }

  /** The torque law's k, d, θ_off, ω_off and τ_c into a kernel slot's set-up (at 9…13). */
  private writeTorqueLaw(region: Float64Array): void {
    const v = this.v;
    region[9] = v.stiffness;
    region[10] = v.damping;
    region[11] = v.offset;
    region[12] = v.velocityOffset;
    region[13] = v.torque;
  }

  /**
   * angle = RotXYZ(A0allᵀA1all)_z, omega = [A0allᵀ(A1ω̄1 − A0ω̄0)]_z, torque = k(angle − θ_off) + d(omega − ω_off) + τ_c (or
   * the user function). Only the six entries of M = A0allᵀA1all the z angle reads are formed, and only the z angle and
   * the z component of the angular velocity (the operations of mat3TransposeMulInto, rotationMatrix2RotXYZInto and
   * mat3TransposeMulVecInto for these entries, in their order: the same bits).
   */
  private evaluate(s: ItemState): void {
    const { markers, work3, v } = this;
    markers.evaluateFrames(s);
    markers.evaluateAngularVelocities(s);
    const b = markers.a0All, c = markers.a1All;
    const m00 = b[0] * c[0] + b[3] * c[3] + b[6] * c[6], m01 = b[0] * c[1] + b[3] * c[4] + b[6] * c[7];
    const m10 = b[1] * c[0] + b[4] * c[3] + b[7] * c[6], m11 = b[1] * c[1] + b[4] * c[4] + b[7] * c[7];
    const m12 = b[1] * c[2] + b[4] * c[5] + b[7] * c[8], m22 = b[2] * c[2] + b[5] * c[5] + b[8] * c[8];
    // RotXYZ's θ2: atan2(−M01, M00), at the singularity of θ1 (hypot(M12, M22) ≤ 1e-14) atan2(M10, M11)
    let angle = hypot2(m12, m22) > 1e-14 ? Math.atan2(-m01, m00) : Math.atan2(m10, m11);
    if (angle > Math.PI) angle -= 2 * Math.PI;
    if (this.dataNode !== undefined) {
      // continue the angle of the last converged step by whole turns (Exudyn's continuous rotation)
      const previous = s.data[this.dataNode.dataIndex];
      if (Math.abs(angle - previous) > Math.PI) angle += Math.round((previous - angle) / (2 * Math.PI)) * 2 * Math.PI;
    }
    const w = markers.relativeAngularVelocity(work3);
    const omega = b[2] * w[0] + b[5] * w[1] + b[8] * w[2];
    this.angle = angle;
    this.omega = omega;
    const uf = v.springTorqueUserFunction;
    if (uf === 0) {
      this.torqueValue = v.stiffness * (angle - v.offset) + v.damping * (omega - v.velocityOffset) + v.torque;
      return;
    }
    const torque = uf(s.mbs, s.t, this.label.index, angle, omega, v.stiffness, v.damping, v.offset);
    if (typeof torque !== 'number' || !Number.isFinite(torque)) itemError(this.label, 'springTorqueUserFunction', `must return a finite number, got ${describeValue(torque)}`);
    this.torqueValue = torque;
  }

  /**
   * T = A0all [0, 0, torque]: lhs(m1) += G1ᵀT, lhs(m0) −= G0ᵀT. Without stiffness, damping, constant torque and user
   * function (a connector that only measures the angle) the torque is 0·angle + 0·ω + 0 and T adds only zeros: nothing
   * is evaluated.
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    const v = this.v;
    if (!v.activeConnector) return;
    if (v.springTorqueUserFunction === 0 && v.stiffness === 0 && v.damping === 0 && v.torque === 0) return;
    const slot = this.nodeSlot;
    if (slot !== undefined) {
      // by the kernel (in this function, not one of its own: a callee compiled before its caller is compiled again inlined)
      const k = slot.kernels, { n0, n1 } = this.markers, nodeInputs = this.nodeInputs;
      nodeInputs.write(s, k.nodes);
      k.loads(slot.address, n0, n1, nodeInputs.kind0, nodeInputs.kind1, this.markers.r0FromLeft ? 1 : 0);
      const out = k.out;
      for (let i = 0, n = n0 + n1; i < n; i++) f[i] += out[i];
      return;
    }
    this.evaluate(s);
    const a = this.markers.a0All;
    const tx = a[2] * this.torqueValue, ty = a[5] * this.torqueValue, tz = a[8] * this.torqueValue;
    const { markers } = this;
    const { n0, n1 } = markers;
    markers.evaluateRotationJacobians(s);
    const g0 = markers.rotationJacobian0, g1 = markers.rotationJacobian1;
    for (let k = 0; k < n0; k++) f[k] -= g0[k] * tx + g0[n0 + k] * ty + g0[2 * n0 + k] * tz;
    for (let k = 0; k < n1; k++) f[n0 + k] += g1[k] * tx + g1[n1 + k] * ty + g1[2 * n1 + k] * tz;
  }

  /** Stores the continuous angle in the data node (also when inactive, as Exudyn); no discontinuous error. */
  postNewtonStep(s: ItemState): number {
    if (this.dataNode === undefined) return 0;
    this.evaluate(s);
    s.data[this.dataNode.dataIndex] = this.angle;
    return 0;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    switch (variable) {
      case OutputVariableType.Rotation: return [this.angle];
      case OutputVariableType.AngularVelocityLocal: return [this.omega];
      case OutputVariableType.TorqueLocal: return [this.torqueValue];
      default: return undefined;
    }
  }
}

/** A torsional spring-damper (Exudyn's ObjectConnectorTorsionalSpringDamper, alias TorsionalSpringDamper). */
export const objectConnectorTorsionalSpringDamperDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorTorsionalSpringDamper',
  aliases: ['TorsionalSpringDamper'],
  description: 'A torsional spring-damper about the z axis of the joint frame J0 between two orientation markers, e.g. on top of a '
    + 'revolute joint: τ = k(Δθ − θ_off) + d(Δω − ω_off) + τ_c (or the user function). The angle Δθ is the z Tait–Bryan angle of the '
    + 'relative rotation and wraps at ±π (the torque jumps there), unless a data node (nodeNumber, NodeGenericData with 1 data '
    + 'coordinate) keeps the angle of the last step: then the angle continues by whole turns (unlimited rotations; the data node '
    + 'holds the angle, initialize it with the initial angle). The Jacobian is numerical, as in Exudyn.',
  parameters,
  outputVariables: [OutputVariableType.Rotation, OutputVariableType.AngularVelocityLocal, OutputVariableType.TorqueLocal],
  equations: 'A0all = A0 R0, A1all = A1 R1; Δθ = RotXYZ(A0allᵀA1all)_z ∈ (−π, π]; with a data node d: Δθ += 2π round((d − Δθ)/2π) '
    + 'if |Δθ − d| > π, and the post-Newton step sets d = Δθ; Δω = [A0allᵀ(A1ω̄1 − A0ω̄0)]_z; '
    + 'T = A0all [0, 0, τ]; LHS(m1) = G1ᵀT, LHS(m0) = −G0ᵀT (G = rotation Jacobians). Outputs: Rotation Δθ, AngularVelocityLocal Δω, '
    + 'TorqueLocal τ (evaluated also when inactive, as in Exudyn).',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [i, 0.1 * i, 0, 1, 0, 0, 0], initialVelocities: [0.1, 0, 0.2 * i, 0, 0.1, -0.2 * i, 0.3] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1, -0.05 * i] }));
    // a data node one turn ahead: the angle continues at Δθ + 2π
    const turns = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 1, initialCoordinates: [2 * Math.PI] });
    return mbs.addObject({ objectType: 'ConnectorTorsionalSpringDamper', markerNumbers: markers, nodeNumber: turns, stiffness: 20, damping: 0.5, rotationMarker1: [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]], offset: 0.1, velocityOffset: 0.2, torque: 0.3 });
  },
  validate: (v, label) => checkScalarSpringDamper(label, v.stiffness, v.damping, v.springTorqueUserFunction),
  create: (v, label) => new TorsionalSpringDamperModel(label, v),
};

/** Factory for a torsional spring-damper. */
export const ObjectConnectorTorsionalSpringDamper = makeFactory(objectConnectorTorsionalSpringDamperDefinition);
/** Exudyn's alias of {@link ObjectConnectorTorsionalSpringDamper}. */
export const TorsionalSpringDamper = ObjectConnectorTorsionalSpringDamper;
