import { NodePoint } from '../items/nodes/NodePoint.ts';
import { NodePoint2D } from '../items/nodes/NodePoint2D.ts';
import { NodeRigidBodyEP } from '../items/nodes/NodeRigidBodyEP.ts';
import { NodeRigidBodyRxyz } from '../items/nodes/NodeRigidBodyRxyz.ts';
import { NodeRigidBodyRotVecLG } from '../items/nodes/NodeRigidBodyRotVecLG.ts';
import { NodeRigidBodyQuaternion } from '../items/nodes/NodeRigidBodyQuaternion.ts';
import { NodeRigidBody2D } from '../items/nodes/NodeRigidBody2D.ts';
import { ObjectGround } from '../items/objects/ObjectGround.ts';
import { ObjectMassPoint } from '../items/objects/ObjectMassPoint.ts';
import { ObjectMassPoint2D } from '../items/objects/ObjectMassPoint2D.ts';
import { ObjectRigidBody } from '../items/objects/ObjectRigidBody.ts';
import { ObjectRigidBody2D } from '../items/objects/ObjectRigidBody2D.ts';
import { MarkerBodyMass } from '../items/markers/MarkerBodyMass.ts';
import { LoadMassProportional } from '../items/loads/LoadMassProportional.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import type { LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, VectorValue } from '../registry/parameters.ts';
import {
  RigidBodyInertia, RotationMatrix2EulerParameters, AngularVelocity2EulerParameters_t, RotationMatrix2RotXYZ, AngularVelocity2RotXYZ_t,
  RotationMatrix2RotationVector, mat3MulInto, mat3TransposeMulVec,
} from '../rotations/index.ts';
import { toMatrixArray, type Matrix3Like } from '../rotations/skew.ts';
import { checkBeforeAdding, type BuilderSink } from './builderSink.ts';
import { checkedBool, checkedVector3, identity3 } from './options.ts';

/*
 * Builders of bodies: ground, mass point and rigid body (Exudyn's mbs.CreateGround, CreateMassPoint, CreateRigidBody).
 */

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
  /** Drawing size of the node; -1 means the default size (0 when graphicsDataList is given: the body is drawn). */
  drawSize?: number;
  /** RGBA color of the node; [-1, -1, -1, -1] means the default color. */
  color?: readonly number[];
  /** Draw the mass. */
  show?: boolean;
  /** Create NodePoint2D and ObjectMassPoint2D (the x-y components of the vectors; their z-components must be 0). */
  create2D?: boolean;
  /** Return the indices of all created items instead of the body index. */
  returnDict?: boolean;
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

/** Adds a ground object; returns its object index. */
export function createGround(sink: BuilderSink, options: CreateGroundOptions = {}): ObjectIndex {
  return sink.addObject(ObjectGround({
    name: options.name ?? '',
    referencePosition: options.referencePosition ?? [0, 0, 0],
    visualization: { show: options.show ?? true, graphicsData: options.graphicsDataList ?? [] },
  }));
}

/** Adds a NodePoint, an ObjectMassPoint and, if gravity is non-zero, a gravity load; returns the object index. */
export function createMassPoint(sink: BuilderSink, options: CreateMassPointOptions & { returnDict: true }): CreateRigidBodyResult;
/** Adds a mass point; returns its object index (see the overload with returnDict). */
export function createMassPoint(sink: BuilderSink, options?: CreateMassPointOptions): ObjectIndex;
export function createMassPoint(sink: BuilderSink, options: CreateMassPointOptions = {}): ObjectIndex | CreateRigidBodyResult {
  const where = 'createMassPoint';
  const name = options.name ?? '';
  const create2D = checkedBool(where, 'create2D', options.create2D ?? false);
  const show = options.show ?? true;
  const graphicsData = options.graphicsDataList ?? [];
  const visualization = { show, drawSize: graphicsData.length > 0 ? 0 : options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] };
  const referencePosition = checkedVector3(where, 'referencePosition', options.referencePosition ?? [0, 0, 0]);
  const initialDisplacement = checkedVector3(where, 'initialDisplacement', options.initialDisplacement ?? [0, 0, 0]);
  const initialVelocity = checkedVector3(where, 'initialVelocity', options.initialVelocity ?? [0, 0, 0]);
  const planar = (parameter: string, v: readonly number[]): number[] => {
    if (v[2] !== 0) throw new FlexdynError(`${where}: with create2D, ${parameter} must have no z-component, got [${v.join(', ')}]`);
    return [v[0], v[1]];
  };
  const node = {
    name: name === '' ? '' : `Node:${name}`,
    referenceCoordinates: create2D ? planar('referencePosition', referencePosition) : referencePosition,
    initialCoordinates: create2D ? planar('initialDisplacement', initialDisplacement) : initialDisplacement,
    initialVelocities: create2D ? planar('initialVelocity', initialVelocity) : initialVelocity,
    visualization,
  };
  const body = { name, physicsMass: options.physicsMass ?? 0, visualization: { show, graphicsData } };
  const bodyItem: Record<string, unknown> = create2D ? ObjectMassPoint2D({ ...body, nodeNumber: 0 }) : ObjectMassPoint({ ...body, nodeNumber: 0 });
  checkBeforeAdding('Object', bodyItem, { nodeNumber: 0 });
  const nodeNumber = sink.addNode(create2D ? NodePoint2D(node) : NodePoint(node));
  const bodyNumber = sink.addObject({ ...bodyItem, nodeNumber });
  const result: CreateRigidBodyResult = { nodeNumber, bodyNumber, ...addGravityLoad(sink, bodyNumber, options.gravity ?? [0, 0, 0]) };
  return options.returnDict === true ? result : bodyNumber;
}

/**
 * Adds a rigid-body node (nodeType), an ObjectRigidBody (or, with create2D, NodeRigidBody2D and
 * ObjectRigidBody2D) and, for non-zero gravity, a gravity load; returns the body index, or all indices
 * with returnDict. Velocities are global; the node's rotation rates are computed at the reference rotation.
 */
export function createRigidBody(sink: BuilderSink, options: CreateRigidBodyOptions & { returnDict: true }): CreateRigidBodyResult;
/** Adds a rigid body; returns its object index (see the overload with returnDict). */
export function createRigidBody(sink: BuilderSink, options: CreateRigidBodyOptions): ObjectIndex;
export function createRigidBody(sink: BuilderSink, options: CreateRigidBodyOptions): ObjectIndex | CreateRigidBodyResult {
  const where = 'createRigidBody';
  const o = options ?? ({} as CreateRigidBodyOptions);
  const name = o.name ?? '';
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
  const show = o.show ?? true;
  const graphicsData = o.graphicsDataList ?? [];
  const nodeVisualization = { show, drawSize: graphicsData.length > 0 ? 0 : o.drawSize ?? -1, color: o.color ?? [-1, -1, -1, -1] };
  const bodyVisualization = { show, graphicsData, graphicsDataUserFunction: o.graphicsDataUserFunction ?? 0 };
  const nodeName = name === '' ? '' : `Node:${name}`;

  let node: Record<string, unknown>;
  let body: Record<string, unknown>;
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
    node = parametrization.node({
      name: nodeName,
      referenceCoordinates: [...referencePosition, ...referenceRotation],
      initialCoordinates,
      initialVelocities: [...velocity, ...rotationRates],
      visualization: nodeVisualization,
    });
    body = ObjectRigidBody({
      name,
      physicsMass: inertia.mass,
      physicsInertia: inertia.getInertia6D(),
      physicsCenterOfMass: inertia.com,
      visualization: bodyVisualization,
    });
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
    node = NodeRigidBody2D({
      name: nodeName,
      referenceCoordinates: [referencePosition[0], referencePosition[1], referenceAngle],
      initialCoordinates,
      initialVelocities: [velocity[0], velocity[1], omega[2]],
      visualization: nodeVisualization,
    });
    body = ObjectRigidBody2D({
      name,
      physicsMass: inertia.mass,
      physicsInertia: inertia.getInertia6D()[2],
      visualization: bodyVisualization,
    });
  }
  checkBeforeAdding('Object', body, { nodeNumber: 0 });
  const nodeNumber = sink.addNode(node);
  const bodyNumber = sink.addObject({ ...body, nodeNumber });
  const result: CreateRigidBodyResult = { nodeNumber, bodyNumber, ...addGravityLoad(sink, bodyNumber, gravity) };
  return o.returnDict === true ? result : bodyNumber;
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

/** The items addGravityLoad adds (none for zero gravity). */
export interface GravityLoadItems {
  /** The MarkerBodyMass on the body. */
  markerBodyMass?: MarkerIndex;
  /** The LoadMassProportional on that marker. */
  loadNumber?: LoadIndex;
}

/** Adds a MarkerBodyMass and a LoadMassProportional with the gravity vector, unless the vector is zero. */
export function addGravityLoad(sink: BuilderSink, bodyNumber: ObjectIndex, gravity: VectorValue, markerName = ''): GravityLoadItems {
  if (!Array.from(gravity).some((g) => g !== 0)) return {};
  const markerBodyMass = sink.addMarker(MarkerBodyMass({ name: markerName, bodyNumber }));
  return { markerBodyMass, loadNumber: sink.addLoad(LoadMassProportional({ markerNumber: markerBodyMass, loadVector: gravity })) };
}
