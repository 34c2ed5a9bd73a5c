import { NodePoint } from './items/nodes/NodePoint.ts';
import { ObjectGround } from './items/objects/ObjectGround.ts';
import { ObjectMassPoint } from './items/objects/ObjectMassPoint.ts';
import { MarkerBodyMass } from './items/markers/MarkerBodyMass.ts';
import { LoadMassProportional } from './items/loads/LoadMassProportional.ts';
import { MarkerBodyPosition } from './items/markers/MarkerBodyPosition.ts';
import { MarkerNodePosition } from './items/markers/MarkerNodePosition.ts';
import { ObjectConnectorSpringDamper, type SpringForceUserFunction } from './items/objects/ObjectConnectorSpringDamper.ts';
import { ObjectConnectorCartesianSpringDamper, type CartesianSpringForceUserFunction } from './items/objects/ObjectConnectorCartesianSpringDamper.ts';
import { ObjectConnectorDistance } from './items/objects/ObjectConnectorDistance.ts';
import { NodeRigidBodyEP } from './items/nodes/NodeRigidBodyEP.ts';
import { NodeRigidBodyRxyz } from './items/nodes/NodeRigidBodyRxyz.ts';
import { NodeRigidBodyRotVecLG } from './items/nodes/NodeRigidBodyRotVecLG.ts';
import { NodeRigidBodyQuaternion } from './items/nodes/NodeRigidBodyQuaternion.ts';
import { NodeRigidBody2D } from './items/nodes/NodeRigidBody2D.ts';
import { ObjectRigidBody } from './items/objects/ObjectRigidBody.ts';
import { ObjectRigidBody2D } from './items/objects/ObjectRigidBody2D.ts';
import { MarkerBodyRigid } from './items/markers/MarkerBodyRigid.ts';
import { MarkerNodeRigid } from './items/markers/MarkerNodeRigid.ts';
import { ObjectJointRevoluteZ } from './items/objects/ObjectJointRevoluteZ.ts';
import { ObjectJointPrismaticX } from './items/objects/ObjectJointPrismaticX.ts';
import { ObjectJointSpherical } from './items/objects/ObjectJointSpherical.ts';
import { ObjectJointGeneric } from './items/objects/ObjectJointGeneric.ts';
import type { JointOffsetUserFunction } from './items/objects/jointKernel.ts';
import { ObjectConnectorRigidBodySpringDamper, type RigidBodySpringForceTorqueUserFunction } from './items/objects/ObjectConnectorRigidBodySpringDamper.ts';
import { ObjectConnectorTorsionalSpringDamper, type TorsionalSpringTorqueUserFunction } from './items/objects/ObjectConnectorTorsionalSpringDamper.ts';
import { OutputVariableType } from './registry/enums.ts';
import type { ReferenceOutputs } from './model/referenceModel.ts';
import { describeValue, FlexdynError } from './core/errors.ts';
import type { LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex, VectorValue } from './registry/parameters.ts';
import type { LoadInput, MarkerInput, NodeInput, ObjectInput, SensorInput } from './registry/itemDictionaries.ts';
import {
  RigidBodyInertia, RotationMatrix2EulerParameters, AngularVelocity2EulerParameters_t, RotationMatrix2RotXYZ, AngularVelocity2RotXYZ_t,
  RotationMatrix2RotationVector, ComputeOrthonormalBasis, mat3Mul, mat3TransposeMul, mat3TransposeMulVec, mat3MulInto, mat3MulVecInto,
  mat3TransposeMulVecInto,
} from './rotations/index.ts';
import { toMatrixArray, toNestedArray, type Matrix3Like } from './rotations/skew.ts';
import { rotationMatrix2EulerParametersInto } from './rotations/rotationMatrices.ts';
import { ObjectCosseratRod } from './items/objects/ObjectCosseratRod.ts';
import { rodCenterline, type CenterlineOptions } from './rods/centerlines.ts';
import type { RodStiffness } from './rods/crossSections.ts';

/** Options of createMassPoint (Exudyn's keyword arguments). */
export interface CreateMassPointOptions {
  /** Item name prefix. */
  name?: string;
  /** Reference position. */
  referencePosition?: VectorValue;
  /** Initial displacement. */
  initialDisplacement?: VectorValue;
  /** Initial velocity. */
  initialVelocity?: VectorValue;
  /** Mass. */
  physicsMass?: number;
  /** Gravity vector, applied as mass-proportional load when non-zero. */
  gravity?: VectorValue;
  /** Graphics data for viewers. */
  graphicsDataList?: unknown[];
  /** Draw the mass. */
  show?: boolean;
}

/** Options of createGround. */
export interface CreateGroundOptions {
  /** Item name. */
  name?: string;
  /** Position of the ground frame. */
  referencePosition?: VectorValue;
  /** Graphics data for viewers. */
  graphicsDataList?: unknown[];
  /** Draw the ground. */
  show?: boolean;
}

/**
 * One end of a connector created by createSpringDamper and friends: a body (its object index, with
 * localPosition0/1 in the body frame), a node ({ nodeNumber }) or an existing position marker ({ markerNumber }).
 * Exudyn tells these apart by the index type (ObjectIndex, NodeIndex, MarkerIndex); here nodes and markers are tagged.
 */
export type BodyNodeOrMarker = ObjectIndex | {
  /** A node: a MarkerNodePosition is added on it. */
  readonly nodeNumber: NodeIndex;
} | {
  /** An existing position marker, used as it is. */
  readonly markerNumber: MarkerIndex;
};

/** Options shared by the connector helpers (Exudyn's keyword arguments). */
export interface CreateConnectorOptions {
  /** Connector name; the created markers are named 'Marker0:name' and 'Marker1:name'. */
  name?: string;
  /** The two ends [end0, end1]; a MarkerBodyPosition is added for bodies, a MarkerNodePosition for nodes. */
  bodyNumbers?: readonly BodyNodeOrMarker[];
  /** Alternative to bodyNumbers (used when bodyNumbers is not given). */
  bodyOrNodeList?: readonly BodyNodeOrMarker[];
  /** Local position on body 0 (must be [0, 0, 0] for a node or marker). */
  localPosition0?: VectorValue;
  /** Local position on body 1 (must be [0, 0, 0] for a node or marker). */
  localPosition1?: VectorValue;
  /** Draw the connector. */
  show?: boolean;
  /** Drawing size; -1 means the default size. */
  drawSize?: number;
  /** RGBA color; [-1, -1, -1, -1] means the default color. */
  color?: readonly number[];
}

/** Options of createSpringDamper. */
export interface CreateSpringDamperOptions extends CreateConnectorOptions {
  /** Reference length L0; default: the distance of the two points in the reference configuration. */
  referenceLength?: number;
  /** Stiffness k. */
  stiffness?: number;
  /** Damping d. */
  damping?: number;
  /** Additional constant force (positive = tension). */
  force?: number;
  /** Velocity offset of the damper. */
  velocityOffset?: number;
  /** Replaces the scalar force law. */
  springForceUserFunction?: SpringForceUserFunction | 0;
}

/** Options of createCartesianSpringDamper. */
export interface CreateCartesianSpringDamperOptions extends CreateConnectorOptions {
  /** Stiffnesses in global x, y, z. */
  stiffness?: VectorValue;
  /** Damping coefficients in global x, y, z. */
  damping?: VectorValue;
  /** Offset vector (springs relaxed at p1 − p0 = offset). */
  offset?: VectorValue;
  /** Replaces the force law. */
  springForceUserFunction?: CartesianSpringForceUserFunction | 0;
}

/** Options of createDistanceConstraint. */
export interface CreateDistanceConstraintOptions extends CreateConnectorOptions {
  /** Prescribed distance; default: the distance of the two points in the reference configuration. */
  distance?: number;
}

/**
 * Rotation parametrization of the node that createRigidBody adds (the rigid-body members of Exudyn's
 * exu.NodeType, plus Flexdyn's quaternion node).
 */
export const NodeType = {
  /** NodeRigidBodyEP: Euler parameters (7 coordinates, norm constraint); Exudyn's default. */
  RotationEulerParameters: 'RotationEulerParameters',
  /** NodeRigidBodyRxyz: Tait–Bryan angles xyz (6 coordinates; singular at θ1 = ±π/2). */
  RotationRxyz: 'RotationRxyz',
  /** NodeRigidBodyRotVecLG: rotation vector, Lie-group node whose rotation velocities are the body-fixed ω̄. */
  RotationRotationVector: 'RotationRotationVector',
  /** NodeRigidBodyQuaternion (Flexdyn): unit quaternion, 7 position and 6 velocity coordinates, Lie-group update. */
  RotationQuaternion: 'RotationQuaternion',
} as const;
/** One member of {@link NodeType}. */
export type NodeType = (typeof NodeType)[keyof typeof NodeType];

/** Options of createRigidBody (Exudyn's keyword arguments of mbs.CreateRigidBody). */
export interface CreateRigidBodyOptions {
  /** Body name; the node is named 'Node:' + name. */
  name?: string;
  /** Reference position of the body's reference point (3D, also for create2D). */
  referencePosition?: VectorValue;
  /** Reference rotation matrix (3×3, also for create2D: a rotation about z only). */
  referenceRotationMatrix?: Matrix3Like;
  /** Initial velocity of the reference point (global). */
  initialVelocity?: VectorValue;
  /** Initial angular velocity (global). */
  initialAngularVelocity?: VectorValue;
  /** Initial displacement relative to the reference position. */
  initialDisplacement?: VectorValue;
  /**
   * Initial rotation relative to the reference rotation (3D: applied from the right, A = A_ref·A_init; with create2D,
   * as in Exudyn, the initial angle is angle(A_init) − angle(A_ref)).
   */
  initialRotationMatrix?: Matrix3Like;
  /** Mass, COM and inertia tensor about the reference point (required). */
  inertia: RigidBodyInertia;
  /** Gravity vector; when non-zero a MarkerBodyMass and a LoadMassProportional are added. */
  gravity?: VectorValue;
  /** Rotation parametrization of the node; default NodeType.RotationEulerParameters. */
  nodeType?: NodeType;
  /** Graphics data for viewers. */
  graphicsDataList?: unknown[];
  /** Graphics user function for viewers (0: none). */
  graphicsDataUserFunction?: unknown;
  /** Drawing size of the node; -1 means the default size. */
  drawSize?: number;
  /** RGBA color of the node; [-1, -1, -1, -1] means the default color. */
  color?: readonly number[];
  /** Draw the body. */
  show?: boolean;
  /** Create NodeRigidBody2D and ObjectRigidBody2D (planar body in the x-y plane). */
  create2D?: boolean;
  /** Return the indices of all created items instead of the body index. */
  returnDict?: boolean;
}

/** What createRigidBody returns with returnDict: true. */
export interface CreateRigidBodyResult {
  /** The rigid-body node. */
  nodeNumber: NodeIndex;
  /** The rigid body. */
  bodyNumber: ObjectIndex;
  /** The MarkerBodyMass of the gravity load (only with non-zero gravity). */
  markerBodyMass?: MarkerIndex;
  /** The gravity load (only with non-zero gravity). */
  loadNumber?: LoadIndex;
}

/**
 * One side of a joint created by createRevoluteJoint and friends: a body (its object index) or an existing
 * marker ({ markerNumber }); Exudyn tells them apart by the index type.
 */
export type BodyOrMarker = ObjectIndex | {
  /** An existing marker, used as it is; its reference position defines the joint position. */
  readonly markerNumber: MarkerIndex;
};

/** Options shared by the joint helpers (Exudyn's keyword arguments). */
export interface CreateJointOptions {
  /** Joint name; the created markers are named 'Marker0:name' and 'Marker1:name'. */
  name?: string;
  /** The two bodies (or markers) [body0, body1]. */
  bodyNumbers: readonly BodyOrMarker[];
  /** Joint position (global, or local to body0 if useGlobalFrame is false); must be omitted when a marker is given. */
  position?: VectorValue;
  /** Position and axes are global (true) or in the reference frame of body0 (false). */
  useGlobalFrame?: boolean;
  /** Draw the joint. */
  show?: boolean;
  /** RGBA color; [-1, -1, -1, -1] means the default color. */
  color?: readonly number[];
}

/** Options of createRevoluteJoint and createPrismaticJoint. */
export interface CreateAxisJointOptions extends CreateJointOptions {
  /** Rotation (revolute) or sliding (prismatic) axis, global or local to body0. */
  axis: VectorValue;
  /** Drawing radius of the axis. */
  axisRadius?: number;
  /** Drawing length of the axis. */
  axisLength?: number;
}

/** Options of createSphericalJoint. */
export interface CreateSphericalJointOptions extends CreateJointOptions {
  /** Which global translations are constrained (1) or free (0). */
  constrainedAxes?: readonly number[];
  /** Drawing radius of the joint. */
  jointRadius?: number;
}

/** Options of createGenericJoint. */
export interface CreateGenericJointOptions extends CreateJointOptions {
  /** Joint axes (columns), global or relative to body0's reference frame. */
  rotationMatrixAxes?: Matrix3Like;
  /** Constrained (1) or free (0) translations x, y, z and rotations about x, y, z of the joint frame. */
  constrainedAxes?: readonly number[];
  /** Offset user function of ObjectJointGeneric (0: none). */
  offsetUserFunction?: JointOffsetUserFunction | 0;
  /** Time derivative of the offset user function (0: none). */
  offsetUserFunction_t?: JointOffsetUserFunction | 0;
  /** Drawing radius of the axes. */
  axesRadius?: number;
  /** Drawing length of the axes. */
  axesLength?: number;
}

/** Options of createRigidBodySpringDamper. */
export interface CreateRigidBodySpringDamperOptions extends CreateConnectorOptions {
  /** 6×6 stiffness matrix (translations, then Tait–Bryan rotations of the joint frame). */
  stiffness?: readonly (readonly number[])[];
  /** 6×6 damping matrix. */
  damping?: readonly (readonly number[])[];
  /** Offset of the 6 displacements and rotations. */
  offset?: VectorValue;
  /** Joint frame (global, or relative to body0's reference frame if useGlobalFrame is false). */
  rotationMatrixJoint?: Matrix3Like;
  /** rotationMatrixJoint is global (true) or local to body0 (false). */
  useGlobalFrame?: boolean;
  /** Intrinsic (SE(3)) formulation; note: default true here, false in the connector itself (as in Exudyn). */
  intrinsicFormulation?: boolean;
  /** Replaces the force and torque law (0: none). */
  springForceTorqueUserFunction?: RigidBodySpringForceTorqueUserFunction | 0;
  /** Exudyn's post-Newton step user function; not available in Flexdyn (only 0 is accepted). */
  postNewtonStepUserFunction?: 0;
}

/** Options of createTorsionalSpringDamper. */
export interface CreateTorsionalSpringDamperOptions extends CreateJointOptions {
  /** Rotation axis, global or local to body0. */
  axis: VectorValue;
  /** Torsional stiffness. */
  stiffness?: number;
  /** Torsional damping. */
  damping?: number;
  /** Angle at which the spring is relaxed. */
  offset?: number;
  /** Angular velocity offset of the damper. */
  velocityOffset?: number;
  /** Additional constant torque. */
  torque?: number;
  /** Replaces the torque law (0: none). */
  springTorqueUserFunction?: TorsionalSpringTorqueUserFunction | 0;
  /** Count full turns with a NodeGenericData (Exudyn's default true; not available in Flexdyn yet) or let the angle wrap at ±π (false). */
  unlimitedRotations?: boolean;
  /** Drawing size; -1 means the default size. */
  drawSize?: number;
}

/** Options of createCosseratRod. */
export interface CreateCosseratRodOptions {
  /** Rod name; node k is named 'Node<k>:' + name. */
  name?: string;
  /**
   * Reference centerline with cross-section frames (x tangent): { type: 'Straight', start, direction, length, up },
   * { type: 'CircularArc', start, direction, towardCenter, radius, angle }, { type: 'Helix', radius, pitch, turns,
   * center, rotationMatrix } or { type: 'Curve', length, position(s), rotationMatrix(s) }.
   */
  centerline: CenterlineOptions;
  /** Number of elements n_el ≥ 1. */
  numberOfElements: number;
  /** Polynomial degree p (1 … 6); default 1. The rod gets p·n_el + 1 nodes. */
  polynomialDegree?: number;
  /** Stiffness and inertia, e.g. rodStiffnessFromMaterial(...); alternative to the four physics… options. */
  rodParameters?: RodStiffness;
  /** [EA, GA₂, GA₃] (when rodParameters is not given). */
  physicsAxialShearStiffness?: VectorValue;
  /** [GI_p, EI₂, EI₃] (when rodParameters is not given). */
  physicsBendingTorsionStiffness?: VectorValue;
  /** Mass per length ρA (when rodParameters is not given); default 0. */
  physicsMassPerLength?: number;
  /** Rotary inertia per length ρ[I_p, I₂, I₃] (when rodParameters is not given); default [0, 0, 0]. */
  physicsInertiaPerLength?: VectorValue;
  /** Strain-rate damping D_γ; default [0, 0, 0]. */
  physicsAxialShearDamping?: VectorValue;
  /** Curvature-rate damping D_κ; default [0, 0, 0]. */
  physicsBendingTorsionDamping?: VectorValue;
  /** Quadrature of the internal forces: 'reduced' (default) or 'full'. */
  integration?: 'reduced' | 'full';
  /** Gravity vector; when non-zero a MarkerBodyMass and a LoadMassProportional are added. */
  gravity?: VectorValue;
  /** Draw the rod. */
  show?: boolean;
}

/** What createCosseratRod returns. */
export interface CreateCosseratRodResult {
  /** The RigidBodyQuaternion nodes from s = 0 to s = L (p·n_el + 1). */
  nodeNumbers: NodeIndex[];
  /** The ObjectCosseratRod. */
  objectNumber: ObjectIndex;
  /** Arc length L of the reference centerline (the rod's physicsLength: markers at [s, 0, 0], s ∈ [0, L]). */
  length: number;
  /** The MarkerBodyMass of the gravity load (only with non-zero gravity). */
  markerBodyMass?: MarkerIndex;
  /** The gravity load (only with non-zero gravity). */
  loadNumber?: LoadIndex;
}

/**
 * Exudyn's main-system helpers (mbs.CreateGround, mbs.CreateMassPoint, …) that add
 * several items in one call; implemented on top of the add... methods.
 */
export abstract class MainSystemCreateHelpers {
  /** Adds a node; returns its index. */
  abstract addNode(item: NodeInput): NodeIndex;
  /** Adds an object; returns its index. */
  abstract addObject(item: ObjectInput): ObjectIndex;
  /** Adds a marker; returns its index. */
  abstract addMarker(item: MarkerInput): MarkerIndex;
  /** Adds a load; returns its index. */
  abstract addLoad(item: LoadInput): LoadIndex;
  /** Adds a sensor; returns its index. */
  abstract addSensor(item: SensorInput): SensorIndex;
  /**
   * Outputs of the items in the reference configuration, computed from the items they depend on without assembling
   * the system; the helpers read joint frames and reference lengths with it.
   */
  abstract referenceOutputs(): ReferenceOutputs;
  /** The dictionary of an object. */
  abstract getObject(index: number): Record<string, unknown>;

  /** Adds a ground object; returns its object index. */
  createGround(options: CreateGroundOptions = {}): ObjectIndex {
    return this.addObject(ObjectGround({
      name: options.name ?? '',
      referencePosition: options.referencePosition ?? [0, 0, 0],
      visualization: { show: options.show ?? true, graphicsData: options.graphicsDataList ?? [] },
    }));
  }

  /** Adds a NodePoint, an ObjectMassPoint and, if gravity is non-zero, a gravity load; returns the object index. */
  createMassPoint(options: CreateMassPointOptions = {}): ObjectIndex {
    const name = options.name ?? '';
    const node = this.addNode(NodePoint({
      name: name === '' ? '' : `${name}_node`,
      referenceCoordinates: options.referencePosition ?? [0, 0, 0],
      initialCoordinates: options.initialDisplacement ?? [0, 0, 0],
      initialVelocities: options.initialVelocity ?? [0, 0, 0],
    }));
    const body = this.addObject(ObjectMassPoint({
      name,
      physicsMass: options.physicsMass ?? 0,
      nodeNumber: node,
      visualization: { show: options.show ?? true, graphicsData: options.graphicsDataList ?? [] },
    }));
    const gravity = options.gravity ?? [0, 0, 0];
    if (Array.from(gravity).some((g) => g !== 0)) {
      const marker = this.addMarker(MarkerBodyMass({ bodyNumber: body }));
      this.addLoad(LoadMassProportional({ markerNumber: marker, loadVector: gravity }));
    }
    return body;
  }

  /**
   * Adds a position marker at each end and an ObjectConnectorSpringDamper between them; returns the
   * connector's object index. Without referenceLength the spring is relaxed in the reference configuration.
   */
  createSpringDamper(options: CreateSpringDamperOptions = {}): ObjectIndex {
    const where = 'createSpringDamper';
    const [m0, m1] = addConnectorMarkers(this, where, options);
    const referenceLength = options.referenceLength ?? referenceDistance(this, where, 'referenceLength', m0, m1);
    return this.addObject(ObjectConnectorSpringDamper({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      referenceLength,
      stiffness: options.stiffness ?? 0,
      damping: options.damping ?? 0,
      force: options.force ?? 0,
      velocityOffset: options.velocityOffset ?? 0,
      springForceUserFunction: options.springForceUserFunction ?? 0,
      visualization: connectorVisualization(options),
    }));
  }

  /** Adds a position marker at each end and an ObjectConnectorCartesianSpringDamper between them; returns its object index. */
  createCartesianSpringDamper(options: CreateCartesianSpringDamperOptions = {}): ObjectIndex {
    const [m0, m1] = addConnectorMarkers(this, 'createCartesianSpringDamper', options);
    return this.addObject(ObjectConnectorCartesianSpringDamper({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      stiffness: options.stiffness ?? [0, 0, 0],
      damping: options.damping ?? [0, 0, 0],
      offset: options.offset ?? [0, 0, 0],
      springForceUserFunction: options.springForceUserFunction ?? 0,
      visualization: connectorVisualization(options),
    }));
  }

  /**
   * Adds a position marker at each end and an ObjectConnectorDistance between them; returns its object index.
   * Without distance the reference-configuration distance is kept.
   * A zero distance is an error (Exudyn would create a SphericalJoint instead).
   */
  createDistanceConstraint(options: CreateDistanceConstraintOptions = {}): ObjectIndex {
    const where = 'createDistanceConstraint';
    const [m0, m1] = addConnectorMarkers(this, where, options);
    const distance = options.distance ?? referenceDistance(this, where, 'distance', m0, m1);
    if (distance === 0) throw new FlexdynError(`${where}: distance must be positive (for coinciding points use a spherical joint), got 0`);
    return this.addObject(ObjectConnectorDistance({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      distance,
      visualization: connectorVisualization(options),
    }));
  }

  /**
   * Adds a rigid-body node (nodeType), an ObjectRigidBody (or, with create2D, NodeRigidBody2D and
   * ObjectRigidBody2D) and, for non-zero gravity, a gravity load; returns the body index, or all indices
   * with returnDict. Velocities are global; the node's rotation rates are computed at the reference rotation.
   */
  createRigidBody(options: CreateRigidBodyOptions & { returnDict: true }): CreateRigidBodyResult;
  /** Adds a rigid body; returns its object index (see the overload with returnDict). */
  createRigidBody(options: CreateRigidBodyOptions): ObjectIndex;
  createRigidBody(options: CreateRigidBodyOptions): ObjectIndex | CreateRigidBodyResult {
    const where = 'createRigidBody';
    const o = options ?? ({} as CreateRigidBodyOptions);
    const name = checkedName(where, o.name);
    const referencePosition = checkedVector3(where, 'referencePosition', o.referencePosition ?? [0, 0, 0]);
    const aRef = toMatrixArray(where, 'referenceRotationMatrix', o.referenceRotationMatrix ?? identity3());
    const velocity = checkedVector3(where, 'initialVelocity', o.initialVelocity ?? [0, 0, 0]);
    const omega = checkedVector3(where, 'initialAngularVelocity', o.initialAngularVelocity ?? [0, 0, 0]);
    const displacement = o.initialDisplacement === undefined ? undefined : checkedVector3(where, 'initialDisplacement', o.initialDisplacement);
    const aInit = o.initialRotationMatrix === undefined ? undefined : toMatrixArray(where, 'initialRotationMatrix', o.initialRotationMatrix);
    const gravity = checkedVector3(where, 'gravity', o.gravity ?? [0, 0, 0]);
    const inertia = o.inertia;
    if (!(inertia instanceof RigidBodyInertia)) {
      throw new FlexdynError(`${where}: inertia must be a RigidBodyInertia (e.g. InertiaCuboid(...)), got ${describeValue(inertia)}`);
    }
    const create2D = checkedBool(where, 'create2D', o.create2D ?? false);
    const show = checkedBool(where, 'show', o.show ?? true);
    const graphicsData = o.graphicsDataList ?? [];
    if (!Array.isArray(graphicsData)) throw new FlexdynError(`${where}: graphicsDataList must be a (possibly empty) list of graphics data, got ${describeValue(graphicsData)}`);
    const nodeVisualization = { show, drawSize: graphicsData.length > 0 ? 0 : o.drawSize ?? -1, color: o.color ?? [-1, -1, -1, -1] };
    const bodyVisualization = { show, graphicsData, graphicsDataUserFunction: o.graphicsDataUserFunction ?? 0 };
    const nodeName = name === '' ? '' : `Node:${name}`;

    let nodeNumber: NodeIndex;
    let bodyNumber: ObjectIndex;
    if (!create2D) {
      const nodeType = o.nodeType ?? NodeType.RotationEulerParameters;
      const parametrization = rigidParametrizations.get(nodeType);
      if (parametrization === undefined) {
        throw new FlexdynError(`${where}: nodeType must be one of ${Object.values(NodeType).map((t) => `NodeType.${t}`).join(', ')}, got ${describeValue(nodeType)}`);
      }
      const referenceRotation = parametrization.fromMatrix(aRef);
      const rotationRates = parametrization.rates(omega, referenceRotation, aRef);
      const nq = 3 + referenceRotation.length;
      let initialCoordinates = new Array<number>(nq).fill(0);
      if (displacement !== undefined || aInit !== undefined) {
        const rotation = parametrization.fromMatrix(mat3MulInto(new Float64Array(9), aRef, aInit ?? Float64Array.from(identity3().flat())));
        initialCoordinates = [...(displacement ?? [0, 0, 0]), ...rotation.map((r, i) => r - referenceRotation[i])];
      }
      nodeNumber = this.addNode(parametrization.node({
        name: nodeName,
        referenceCoordinates: [...referencePosition, ...referenceRotation],
        initialCoordinates,
        initialVelocities: [...velocity, ...rotationRates],
        visualization: nodeVisualization,
      }));
      bodyNumber = this.addObject(ObjectRigidBody({
        name,
        physicsMass: inertia.mass,
        physicsInertia: inertia.getInertia6D(),
        physicsCenterOfMass: inertia.com,
        nodeNumber,
        visualization: bodyVisualization,
      }));
    } else {
      const fail2D = (message: string): never => { throw new FlexdynError(`${where}: with create2D, ${message}`); };
      const notPlanar = (a: Float64Array): boolean => Math.abs(a[6]) + Math.abs(a[7]) + Math.abs(a[2]) + Math.abs(a[5]) + Math.abs(a[8] - 1) > 1e-13;
      if (Math.abs(referencePosition[2]) > 1e-14) fail2D(`referencePosition must have no z-component, got [${referencePosition.join(', ')}]`);
      if (notPlanar(aRef)) fail2D('referenceRotationMatrix must be a rotation about the z-axis only');
      if (Math.abs(velocity[2]) > 1e-14) fail2D(`initialVelocity must have no z-component, got [${velocity.join(', ')}]`);
      if (Math.abs(omega[0]) + Math.abs(omega[1]) > 1e-14) fail2D(`initialAngularVelocity must only have a z-component, got [${omega.join(', ')}]`);
      if (Math.hypot(inertia.com[0], inertia.com[1], inertia.com[2]) > 1e-14) fail2D(`the center of mass of inertia must be [0, 0, 0], got [${inertia.com.join(', ')}]`);
      const referenceAngle = Math.atan2(aRef[3], aRef[0]);
      const initialCoordinates = [0, 0, 0];
      if (displacement !== undefined) {
        if (Math.abs(displacement[2]) > 1e-14) fail2D(`initialDisplacement must have no z-component, got [${displacement.join(', ')}]`);
        initialCoordinates[0] = displacement[0];
        initialCoordinates[1] = displacement[1];
      }
      if (aInit !== undefined) {
        if (notPlanar(aInit)) fail2D('initialRotationMatrix must be a rotation about the z-axis only');
        initialCoordinates[2] = Math.atan2(aInit[3], aInit[0]) - referenceAngle;
      }
      nodeNumber = this.addNode(NodeRigidBody2D({
        name: nodeName,
        referenceCoordinates: [referencePosition[0], referencePosition[1], referenceAngle],
        initialCoordinates,
        initialVelocities: [velocity[0], velocity[1], omega[2]],
        visualization: nodeVisualization,
      }));
      bodyNumber = this.addObject(ObjectRigidBody2D({
        name,
        physicsMass: inertia.mass,
        physicsInertia: inertia.getInertia6D()[2],
        nodeNumber,
        visualization: bodyVisualization,
      }));
    }
    const result: CreateRigidBodyResult = { nodeNumber, bodyNumber };
    if (Math.hypot(gravity[0], gravity[1], gravity[2]) !== 0) {
      result.markerBodyMass = this.addMarker(MarkerBodyMass({ bodyNumber }));
      result.loadNumber = this.addLoad(LoadMassProportional({ markerNumber: result.markerBodyMass, loadVector: gravity }));
    }
    return o.returnDict === true ? result : bodyNumber;
  }

  /**
   * Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointRevoluteZ whose z-axis is the
   * given axis, with frames computed from the bodies' reference configuration; returns the joint index.
   */
  createRevoluteJoint(options: CreateAxisJointOptions): ObjectIndex {
    const where = 'createRevoluteJoint';
    const frame = jointFrames(this, where, options);
    const axisJoint = revoluteJointAxes(where, frame, options.axis, options.useGlobalFrame ?? true);
    const [m0, m1] = addJointMarkers(this, frame, options.name ?? '', 'BodyRigid');
    return this.addObject(ObjectJointRevoluteZ({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      rotationMarker0: mat3TransposeMul(frame.a0, axisJoint),
      rotationMarker1: mat3TransposeMul(frame.a1, axisJoint),
      visualization: { show: options.show ?? true, axisRadius: options.axisRadius ?? 0.1, axisLength: options.axisLength ?? 0.4, color: options.color ?? [-1, -1, -1, -1] },
    }));
  }

  /**
   * Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointPrismaticX whose x-axis is the
   * given sliding axis, with frames from the bodies' reference configuration; returns the joint index.
   */
  createPrismaticJoint(options: CreateAxisJointOptions): ObjectIndex {
    const where = 'createPrismaticJoint';
    const frame = jointFrames(this, where, options);
    const axisJoint = ComputeOrthonormalBasis(jointAxis(where, frame, options.axis, options.useGlobalFrame ?? true));
    const [m0, m1] = addJointMarkers(this, frame, options.name ?? '', 'BodyRigid');
    return this.addObject(ObjectJointPrismaticX({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      rotationMarker0: mat3TransposeMul(frame.a0, axisJoint),
      rotationMarker1: mat3TransposeMul(frame.a1, axisJoint),
      visualization: { show: options.show ?? true, axisRadius: options.axisRadius ?? 0.1, axisLength: options.axisLength ?? 0.4, color: options.color ?? [-1, -1, -1, -1] },
    }));
  }

  /** Adds a MarkerBodyPosition on each body at the joint position and an ObjectJointSpherical; returns the joint index. */
  createSphericalJoint(options: CreateSphericalJointOptions): ObjectIndex {
    const where = 'createSphericalJoint';
    const constrainedAxes = checkedAxes(where, options.constrainedAxes ?? [1, 1, 1], 3);
    const frame = jointFrames(this, where, options, false);
    const [m0, m1] = addJointMarkers(this, frame, options.name ?? '', 'BodyPosition');
    return this.addObject(ObjectJointSpherical({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      constrainedAxes,
      visualization: { show: options.show ?? true, jointRadius: options.jointRadius ?? 0.1, color: options.color ?? [-1, -1, -1, -1] },
    }));
  }

  /**
   * Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointGeneric with the joint axes
   * rotationMatrixAxes (global, or relative to body0's reference frame); returns the joint index.
   */
  createGenericJoint(options: CreateGenericJointOptions): ObjectIndex {
    const where = 'createGenericJoint';
    const constrainedAxes = checkedAxes(where, options.constrainedAxes ?? [1, 1, 1, 1, 1, 1], 6);
    const axes = toMatrixArray(where, 'rotationMatrixAxes', options.rotationMatrixAxes ?? identity3());
    const frame = jointFrames(this, where, options);
    const [rotationMarker0, rotationMarker1] = markerRotations(frame.a0, frame.a1, axes, checkedBool(where, 'useGlobalFrame', options.useGlobalFrame ?? true));
    const [m0, m1] = addJointMarkers(this, frame, options.name ?? '', 'BodyRigid');
    return this.addObject(ObjectJointGeneric({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      constrainedAxes,
      rotationMarker0,
      rotationMarker1,
      offsetUserFunction: options.offsetUserFunction ?? 0,
      offsetUserFunction_t: options.offsetUserFunction_t ?? 0,
      visualization: { show: options.show ?? true, axesRadius: options.axesRadius ?? 0.1, axesLength: options.axesLength ?? 0.4, color: options.color ?? [-1, -1, -1, -1] },
    }));
  }

  /**
   * Adds a rigid marker at each end (MarkerBodyRigid at localPosition0/1 for bodies, MarkerNodeRigid for nodes,
   * or the given marker) and an ObjectConnectorRigidBodySpringDamper whose joint frame is rotationMatrixJoint
   * in the reference configuration; returns the connector index. intrinsicFormulation defaults to true, as in Exudyn's helper.
   */
  createRigidBodySpringDamper(options: CreateRigidBodySpringDamperOptions = {}): ObjectIndex {
    const where = 'createRigidBodySpringDamper';
    const name = checkedName(where, options.name);
    const ends = connectorEnds(where, options);
    const localPositions = [options.localPosition0 ?? [0, 0, 0], options.localPosition1 ?? [0, 0, 0]].map((x, i) => checkedVector3(where, `localPosition${i}`, x));
    const joint = toMatrixArray(where, 'rotationMatrixJoint', options.rotationMatrixJoint ?? identity3());
    const useGlobalFrame = checkedBool(where, 'useGlobalFrame', options.useGlobalFrame ?? true);
    if ((options.postNewtonStepUserFunction ?? 0) !== 0) {
      throw new FlexdynError(`${where}: postNewtonStepUserFunction is not available in Flexdyn's ObjectConnectorRigidBodySpringDamper; pass 0 (or omit it), got ${describeValue(options.postNewtonStepUserFunction)}`);
    }
    const markers = ends.map((end, i): MarkerIndex => {
      const markerName = name === '' ? '' : `Marker${i}:${name}`;
      if (end.kind === 'body') return this.addMarker(MarkerBodyRigid({ name: markerName, bodyNumber: end.index, localPosition: localPositions[i] }));
      if (end.kind === 'node') return this.addMarker(MarkerNodeRigid({ name: markerName, nodeNumber: end.index }));
      return end.index;
    });
    const rotations = readReference(where, 'the joint frame', () => ends.map((end, i): Float64Array => {
      const variable = OutputVariableType.RotationMatrix;
      const reference = this.referenceOutputs();
      if (end.kind === 'body') return referenceRotation(this, end.index, () => reference.bodyOutput(end.index, variable, localPositions[i]), true);
      return Float64Array.from(end.kind === 'node' ? reference.nodeOutput(end.index, variable) : reference.markerOutput(end.index, variable));
    }));
    const [rotationMarker0, rotationMarker1] = markerRotations(rotations[0], rotations[1], joint, useGlobalFrame);
    const zero6 = Array.from({ length: 6 }, () => [0, 0, 0, 0, 0, 0]);
    return this.addObject(ObjectConnectorRigidBodySpringDamper({
      name,
      markerNumbers: markers,
      stiffness: options.stiffness ?? zero6,
      damping: options.damping ?? zero6,
      offset: options.offset ?? [0, 0, 0, 0, 0, 0],
      rotationMarker0,
      rotationMarker1,
      intrinsicFormulation: options.intrinsicFormulation ?? true,
      springForceTorqueUserFunction: options.springForceTorqueUserFunction ?? 0,
      visualization: connectorVisualization(options),
    }));
  }

  /**
   * Adds a MarkerBodyRigid on each body at the given position and an ObjectConnectorTorsionalSpringDamper about
   * the given axis (frames as in createRevoluteJoint); returns the connector index. Exudyn's default
   * unlimitedRotations = true counts full turns with a NodeGenericData, which Flexdyn does not have yet: it must
   * be passed as false (the angle then wraps at ±π, as the connector without data node does in Exudyn).
   */
  createTorsionalSpringDamper(options: CreateTorsionalSpringDamperOptions): ObjectIndex {
    const where = 'createTorsionalSpringDamper';
    if (checkedBool(where, 'unlimitedRotations', options.unlimitedRotations ?? true)) {
      throw new FlexdynError(`${where}: unlimitedRotations = true needs a NodeGenericData to count full turns, which Flexdyn does not provide yet; pass unlimitedRotations: false (the relative angle then wraps at ±π)`);
    }
    const frame = jointFrames(this, where, options);
    const axisJoint = revoluteJointAxes(where, frame, options.axis, options.useGlobalFrame ?? true);
    const [m0, m1] = addJointMarkers(this, frame, options.name ?? '', 'BodyRigid');
    return this.addObject(ObjectConnectorTorsionalSpringDamper({
      name: options.name ?? '',
      markerNumbers: [m0, m1],
      stiffness: options.stiffness ?? 0,
      damping: options.damping ?? 0,
      offset: options.offset ?? 0,
      velocityOffset: options.velocityOffset ?? 0,
      torque: options.torque ?? 0,
      rotationMarker0: mat3TransposeMul(frame.a0, axisJoint),
      rotationMarker1: mat3TransposeMul(frame.a1, axisJoint),
      springTorqueUserFunction: options.springTorqueUserFunction ?? 0,
      visualization: { show: options.show ?? true, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] },
    }));
  }

  /**
   * Adds a Cosserat rod on a reference centerline: p·n_el + 1 NodeRigidBodyQuaternion nodes at equally spaced arc
   * lengths s_k = kL/(p n_el) (the element nodes ξᵢᵉ), with reference coordinates the exact curve points r(s_k) and the
   * unit quaternions of the frames A(s_k) (signs chosen continuous along the rod), an ObjectCosseratRod with
   * physicsLength = L and, with gravity, a mass-proportional load.
   */
  createCosseratRod(options: CreateCosseratRodOptions): CreateCosseratRodResult {
    const where = 'createCosseratRod';
    if (options === null || typeof options !== 'object') throw new FlexdynError(`${where}: options must be an object, got ${describeValue(options)}`);
    const name = checkedName(where, options.name);
    const line = rodCenterline(options.centerline, where);
    const nElements = options.numberOfElements;
    if (typeof nElements !== 'number' || !Number.isInteger(nElements) || nElements < 1) {
      throw new FlexdynError(`${where}: numberOfElements must be a positive integer, got ${describeValue(nElements)}`);
    }
    const p = options.polynomialDegree ?? 1;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 6) {
      throw new FlexdynError(`${where}: polynomialDegree must be an integer 1 … 6, got ${describeValue(p)}`);
    }
    const explicit = (['physicsAxialShearStiffness', 'physicsBendingTorsionStiffness', 'physicsMassPerLength', 'physicsInertiaPerLength'] as const)
      .filter((key) => options[key] !== undefined);
    const rod = options.rodParameters;
    if (rod !== undefined && explicit.length > 0) {
      throw new FlexdynError(`${where}: give either rodParameters or the physics… options, got both (rodParameters and ${explicit.join(', ')})`);
    }
    if (rod === undefined && (options.physicsAxialShearStiffness === undefined || options.physicsBendingTorsionStiffness === undefined)) {
      throw new FlexdynError(`${where}: rodParameters (e.g. rodStiffnessFromMaterial(...)) or physicsAxialShearStiffness and physicsBendingTorsionStiffness are required`);
    }
    const gravity = checkedVector3(where, 'gravity', options.gravity ?? [0, 0, 0]);
    const show = checkedBool(where, 'show', options.show ?? true);

    const count = p * nElements + 1;
    const r = new Float64Array(3), a = new Float64Array(9), quaternion = new Float64Array(4), previous = new Float64Array(4);
    const nodeNumbers: NodeIndex[] = [];
    for (let k = 0; k < count; k++) {
      const sk = k === count - 1 ? line.length : (k * line.length) / (count - 1);
      line.position(sk, r);
      line.rotationMatrix(sk, a);
      rotationMatrix2EulerParametersInto(quaternion, a);
      if (k > 0 && quaternion[0] * previous[0] + quaternion[1] * previous[1] + quaternion[2] * previous[2] + quaternion[3] * previous[3] < 0) {
        for (let i = 0; i < 4; i++) quaternion[i] = -quaternion[i];
      }
      previous.set(quaternion);
      nodeNumbers.push(this.addNode(NodeRigidBodyQuaternion({
        name: name === '' ? '' : `Node${k}:${name}`,
        referenceCoordinates: [r[0], r[1], r[2], quaternion[0], quaternion[1], quaternion[2], quaternion[3]],
      })));
    }
    const objectNumber = this.addObject(ObjectCosseratRod({
      name,
      nodeNumbers,
      polynomialDegree: p,
      physicsAxialShearStiffness: rod?.axialShear ?? options.physicsAxialShearStiffness,
      physicsBendingTorsionStiffness: rod?.bendingTorsion ?? options.physicsBendingTorsionStiffness,
      physicsMassPerLength: rod?.massPerLength ?? options.physicsMassPerLength ?? 0,
      physicsInertiaPerLength: rod?.inertiaPerLength ?? options.physicsInertiaPerLength ?? [0, 0, 0],
      physicsAxialShearDamping: options.physicsAxialShearDamping ?? [0, 0, 0],
      physicsBendingTorsionDamping: options.physicsBendingTorsionDamping ?? [0, 0, 0],
      integration: options.integration ?? 'reduced',
      physicsLength: line.length,
      visualization: { show },
    }));
    const result: CreateCosseratRodResult = { nodeNumbers, objectNumber, length: line.length };
    if (gravity.some((g) => g !== 0)) {
      result.markerBodyMass = this.addMarker(MarkerBodyMass({ name: name === '' ? '' : `MarkerBodyMass:${name}`, bodyNumber: objectNumber }));
      result.loadNumber = this.addLoad(LoadMassProportional({ markerNumber: result.markerBodyMass, loadVector: gravity }));
    }
    return result;
  }
}

/** Checks the two connector ends and adds (or takes) a position marker for each; returns the marker indices. */
function addConnectorMarkers(mbs: MainSystemCreateHelpers, where: string, options: CreateConnectorOptions): [MarkerIndex, MarkerIndex] {
  const argumentName = options.bodyNumbers !== undefined ? 'bodyNumbers' : 'bodyOrNodeList';
  const ends = options.bodyNumbers ?? options.bodyOrNodeList;
  if (!Array.isArray(ends) || ends.length !== 2) {
    throw new FlexdynError(`${where}: ${argumentName} must be a list of 2 connector ends (object indices of bodies, { nodeNumber } or { markerNumber }), got ${describeValue(ends)}`);
  }
  const name = options.name ?? '';
  const localPositions = [options.localPosition0 ?? [0, 0, 0], options.localPosition1 ?? [0, 0, 0]];
  const markers = ends.map((end: unknown, i): MarkerIndex => {
    const localPosition = checkedVector3(where, `localPosition${i}`, localPositions[i]);
    const markerName = name === '' ? '' : `Marker${i}:${name}`;
    if (isIndex(end)) return mbs.addMarker(MarkerBodyPosition({ name: markerName, bodyNumber: end, localPosition }));
    const tagged = typeof end === 'object' && end !== null ? end as { nodeNumber?: unknown; markerNumber?: unknown } : undefined;
    const isNode = tagged !== undefined && isIndex(tagged.nodeNumber);
    const isMarker = tagged !== undefined && isIndex(tagged.markerNumber);
    if (isNode === isMarker) {
      throw new FlexdynError(`${where}: ${argumentName}[${i}] must be an object index (body), { nodeNumber } or { markerNumber }, got ${describeValue(end)}`);
    }
    if (localPosition.some((x) => x !== 0)) {
      throw new FlexdynError(`${where}: localPosition${i} must be [0, 0, 0] when ${argumentName}[${i}] is a ${isNode ? 'node' : 'marker'}, got [${localPosition.join(', ')}]`);
    }
    if (isNode) return mbs.addMarker(MarkerNodePosition({ name: markerName, nodeNumber: tagged!.nodeNumber as NodeIndex }));
    return tagged!.markerNumber as MarkerIndex;
  });
  return [markers[0], markers[1]];
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function checkedVector3(where: string, argumentName: string, value: unknown): number[] {
  const ok = (Array.isArray(value) || value instanceof Float64Array) && value.length === 3 && Array.from(value as ArrayLike<unknown>).every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!ok) throw new FlexdynError(`${where}: ${argumentName} must be a vector of 3 finite numbers, got ${describeValue(value)}`);
  return Array.from(value as ArrayLike<number>);
}

/** Distance of two markers in the reference configuration. */
function referenceDistance(mbs: MainSystemCreateHelpers, where: string, argumentName: string, m0: MarkerIndex, m1: MarkerIndex): number {
  let p0: number[], p1: number[];
  try {
    const reference = mbs.referenceOutputs();
    p0 = reference.markerOutput(m0, OutputVariableType.Position);
    p1 = reference.markerOutput(m1, OutputVariableType.Position);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FlexdynError(`${where}: ${argumentName} was not given and cannot be computed from the reference configuration (${message}); pass ${argumentName} explicitly`);
  }
  return Math.sqrt((p1[0] - p0[0]) ** 2 + (p1[1] - p0[1]) ** 2 + (p1[2] - p0[2]) ** 2);
}

function connectorVisualization(options: CreateConnectorOptions): Record<string, unknown> {
  return { show: options.show ?? true, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] };
}

function identity3(): number[][] {
  return [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
}

function checkedName(where: string, name: unknown): string {
  if (name === undefined) return '';
  if (typeof name !== 'string') throw new FlexdynError(`${where}: name must be a string, got ${describeValue(name)}`);
  return name;
}

function checkedBool(where: string, argumentName: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new FlexdynError(`${where}: ${argumentName} must be a boolean, got ${describeValue(value)}`);
  return value;
}

/** Checks a constrainedAxes list: n entries, each 0 (free) or 1 (constrained). */
function checkedAxes(where: string, axes: unknown, n: number): number[] {
  if (!Array.isArray(axes) || axes.length !== n || !axes.every((x) => x === 0 || x === 1)) {
    throw new FlexdynError(`${where}: constrainedAxes must be a list of ${n} entries 0 (free) or 1 (constrained), got ${describeValue(axes)}`);
  }
  return axes.slice();
}

/** How createRigidBody converts the reference rotation and the global angular velocity for one node type. */
interface RigidParametrization {
  /** Factory of the node. */
  readonly node: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Rotation parameters of a rotation matrix (row-major). */
  fromMatrix(a: Float64Array): number[];
  /** Rotation velocity coordinates for the global angular velocity ω at the reference rotation. */
  rates(omega: number[], rotation: number[], aRef: Float64Array): number[];
}

const rigidParametrizations = new Map<string, RigidParametrization>([
  [NodeType.RotationEulerParameters, {
    node: NodeRigidBodyEP, fromMatrix: (a) => RotationMatrix2EulerParameters(a), rates: (w, p) => AngularVelocity2EulerParameters_t(w, p),
  }],
  [NodeType.RotationRxyz, {
    node: NodeRigidBodyRxyz, fromMatrix: (a) => RotationMatrix2RotXYZ(a), rates: (w, r) => AngularVelocity2RotXYZ_t(w, r),
  }],
  [NodeType.RotationRotationVector, {
    node: NodeRigidBodyRotVecLG, fromMatrix: (a) => RotationMatrix2RotationVector(a), rates: (w, _r, a) => mat3TransposeMulVec(a, w),
  }],
  [NodeType.RotationQuaternion, {
    node: NodeRigidBodyQuaternion, fromMatrix: (a) => RotationMatrix2EulerParameters(a), rates: (w, _r, a) => mat3TransposeMulVec(a, w),
  }],
]);

/** Runs read (reference-configuration outputs); an error names the helper and what it was computing. */
function readReference<T>(where: string, what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FlexdynError(`${where}: ${what} cannot be computed from the reference configuration (${message})`);
  }
}

/** Reference frames of the two sides of a joint and the global joint position (Exudyn's JointPreCheckCalcBodyMarkers). */
interface JointFrames {
  /** Bodies of the two sides (undefined where a marker was given). */
  readonly bodies: readonly (ObjectIndex | undefined)[];
  /** Given markers (undefined where a body was given). */
  readonly markers: readonly (MarkerIndex | undefined)[];
  /** Reference positions of body/marker 0 and 1. */
  readonly p: readonly Float64Array[];
  /** Reference rotation matrix of side 0 (row-major). */
  readonly a0: Float64Array;
  /** Reference rotation matrix of side 1 (row-major). */
  readonly a1: Float64Array;
  /** Global joint position. */
  readonly pJoint: Float64Array;
}

/**
 * Checks the joint sides and position and reads the sides' reference positions and rotations. A marker's reference
 * position defines the joint position; without markers the joint is at `position` (global, or local to body0 with
 * useGlobalFrame false). With requireRotation false (spherical
 * joints) sides without an orientation count as unrotated.
 */
function jointFrames(mbs: MainSystemCreateHelpers, where: string, options: CreateJointOptions, requireRotation = true): JointFrames {
  const o = options ?? ({} as CreateJointOptions);
  checkedName(where, o.name);
  checkedBool(where, 'show', o.show ?? true);
  const useGlobalFrame = checkedBool(where, 'useGlobalFrame', o.useGlobalFrame ?? true);
  const sides = o.bodyNumbers;
  if (!Array.isArray(sides) || sides.length !== 2) {
    throw new FlexdynError(`${where}: bodyNumbers must be a list of 2 body indices or { markerNumber }, got ${describeValue(sides)}`);
  }
  const bodies: (ObjectIndex | undefined)[] = [];
  const markers: (MarkerIndex | undefined)[] = [];
  sides.forEach((side: unknown, i) => {
    const marker = typeof side === 'object' && side !== null ? (side as { markerNumber?: unknown }).markerNumber : undefined;
    if (isIndex(side)) {
      bodies.push(side);
      markers.push(undefined);
    } else if (isIndex(marker)) {
      bodies.push(undefined);
      markers.push(marker);
    } else {
      throw new FlexdynError(`${where}: bodyNumbers[${i}] must be an object index (body) or { markerNumber }, got ${describeValue(side)}`);
    }
  });
  const hasMarker = markers.some((m) => m !== undefined);
  let position: number[] | undefined;
  if (hasMarker) {
    if (o.position !== undefined && o.position.length !== 0) {
      throw new FlexdynError(`${where}: position must be omitted when a marker is given (the marker defines the joint position), got ${describeValue(o.position)}`);
    }
  } else {
    position = checkedVector3(where, 'position', o.position);
  }
  const p: Float64Array[] = [];
  const a: Float64Array[] = [];
  readReference(where, 'the joint frames', () => {
    const reference = mbs.referenceOutputs();
    for (let i = 0; i < 2; i++) {
      const body = bodies[i];
      const read = (variable: OutputVariableType): number[] => body !== undefined
        ? reference.bodyOutput(body, variable, [0, 0, 0]) : reference.markerOutput(markers[i]!, variable);
      p.push(Float64Array.from(read(OutputVariableType.Position)));
      a.push(referenceRotation(mbs, body, () => read(OutputVariableType.RotationMatrix), requireRotation));
    }
  });
  let pJoint: Float64Array;
  const firstMarker = markers.findIndex((m) => m !== undefined);
  if (firstMarker >= 0) {
    pJoint = p[firstMarker].slice();
  } else if (useGlobalFrame) {
    pJoint = Float64Array.from(position!);
  } else {
    pJoint = mat3MulVecInto(new Float64Array(3), a[0], position!);
    for (let k = 0; k < 3; k++) pJoint[k] += p[0][k];
  }
  return { bodies, markers, p, a0: a[0], a1: a[1], pJoint };
}

/**
 * Reference rotation matrix of a joint side: ObjectGround's referenceRotation (its outputs have no RotationMatrix),
 * else the RotationMatrix output; without requireRotation, sides that have no orientation count as unrotated.
 */
function referenceRotation(mbs: MainSystemCreateHelpers, body: ObjectIndex | undefined, read: () => number[], requireRotation: boolean): Float64Array {
  if (body !== undefined) {
    const item = mbs.getObject(body);
    if (item.objectType === 'Ground') return toMatrixArray('ObjectGround', 'referenceRotation', item.referenceRotation);
  }
  try {
    return Float64Array.from(read());
  } catch (error) {
    if (requireRotation || !(error instanceof FlexdynError)) throw error;
    return Float64Array.from(identity3().flat());
  }
}

/** The joint axis in global coordinates: axis itself, or A0·axis for useGlobalFrame false. */
function jointAxis(where: string, frame: JointFrames, axis: unknown, useGlobalFrame: boolean): number[] {
  const v = checkedVector3(where, 'axis', axis);
  if (v.every((x) => x === 0)) throw new FlexdynError(`${where}: axis must be a nonzero vector, got [0, 0, 0]`);
  return useGlobalFrame ? v : Array.from(mat3MulVecInto(new Float64Array(3), frame.a0, v));
}

/** Revolute joint frame AJ = [−n2, n1, v̂] (columns) from the orthonormal basis [v̂, n1, n2] of the axis: AJ's z-axis is the axis. */
function revoluteJointAxes(where: string, frame: JointFrames, axis: unknown, useGlobalFrame: boolean): number[][] {
  const b = ComputeOrthonormalBasis(jointAxis(where, frame, axis, useGlobalFrame));
  return b.map((row) => [-row[2], row[1], row[0]]);
}

/** Rotation markers of a joint frame R: global [A0ᵀR, A1ᵀR], or relative to body0 [R, A1ᵀA0R]. */
function markerRotations(a0: Float64Array, a1: Float64Array, r: Float64Array, useGlobalFrame: boolean): [number[][], number[][]] {
  if (useGlobalFrame) return [mat3TransposeMul(a0, r), mat3TransposeMul(a1, r)];
  return [toNestedArray(r), mat3Mul(mat3TransposeMul(a1, a0), r)];
}

/** Adds the joint markers at the joint position (local positions A_iᵀ(p_joint − p_i)); given markers are used as they are. */
function addJointMarkers(mbs: MainSystemCreateHelpers, frame: JointFrames, name: string, markerType: 'BodyRigid' | 'BodyPosition'): [MarkerIndex, MarkerIndex] {
  const add = (i: number): MarkerIndex => {
    const given = frame.markers[i];
    if (given !== undefined) return given;
    const d = new Float64Array(3);
    for (let k = 0; k < 3; k++) d[k] = frame.pJoint[k] - frame.p[i][k];
    const localPosition = Array.from(mat3TransposeMulVecInto(new Float64Array(3), i === 0 ? frame.a0 : frame.a1, d));
    const marker = { name: name === '' ? '' : `Marker${i}:${name}`, bodyNumber: frame.bodies[i]!, localPosition };
    return mbs.addMarker(markerType === 'BodyRigid' ? MarkerBodyRigid(marker) : MarkerBodyPosition(marker));
  };
  const m0 = add(0);
  return [m0, add(1)];
}

/** One end of a rigid connector: a body, a node or a marker. */
interface ConnectorEnd {
  /** What the index refers to. */
  readonly kind: 'body' | 'node' | 'marker';
  /** Object, node or marker index. */
  readonly index: number;
}

/** Checks the two ends of a rigid connector (bodyNumbers or bodyOrNodeList); nodes and markers need local position 0. */
function connectorEnds(where: string, options: CreateConnectorOptions): [ConnectorEnd, ConnectorEnd] {
  const argumentName = options.bodyNumbers !== undefined ? 'bodyNumbers' : 'bodyOrNodeList';
  const ends = options.bodyNumbers ?? options.bodyOrNodeList;
  if (!Array.isArray(ends) || ends.length !== 2) {
    throw new FlexdynError(`${where}: ${argumentName} must be a list of 2 connector ends (object indices of bodies, { nodeNumber } or { markerNumber }), got ${describeValue(ends)}`);
  }
  const localPositions = [options.localPosition0, options.localPosition1];
  const parsed = ends.map((end: unknown, i): ConnectorEnd => {
    if (isIndex(end)) return { kind: 'body', index: end };
    const tagged = typeof end === 'object' && end !== null ? end as { nodeNumber?: unknown; markerNumber?: unknown } : {};
    const kind = isIndex(tagged.nodeNumber) ? 'node' : isIndex(tagged.markerNumber) ? 'marker' : undefined;
    if (kind === undefined || (isIndex(tagged.nodeNumber) && isIndex(tagged.markerNumber))) {
      throw new FlexdynError(`${where}: ${argumentName}[${i}] must be an object index (body), { nodeNumber } or { markerNumber }, got ${describeValue(end)}`);
    }
    const localPosition = localPositions[i];
    if (localPosition !== undefined && Array.from(localPosition).some((x) => x !== 0)) {
      throw new FlexdynError(`${where}: localPosition${i} must be [0, 0, 0] when ${argumentName}[${i}] is a ${kind}, got ${describeValue(localPosition)}`);
    }
    return { kind, index: (kind === 'node' ? tagged.nodeNumber : tagged.markerNumber) as number };
  });
  return [parsed[0], parsed[1]];
}
