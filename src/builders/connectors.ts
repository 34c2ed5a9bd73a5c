import { describeValue, FlexdynError } from '../core/errors.ts';
import { MarkerBodyPosition } from '../items/markers/MarkerBodyPosition.ts';
import { MarkerBodyRigid } from '../items/markers/MarkerBodyRigid.ts';
import { MarkerNodePosition } from '../items/markers/MarkerNodePosition.ts';
import { MarkerNodeRigid } from '../items/markers/MarkerNodeRigid.ts';
import { ObjectConnectorCartesianSpringDamper, type CartesianSpringForceUserFunction } from '../items/objects/ObjectConnectorCartesianSpringDamper.ts';
import { ObjectConnectorDistance } from '../items/objects/ObjectConnectorDistance.ts';
import { ObjectConnectorCoordinate, type CoordinateOffsetUserFunction } from '../items/objects/ObjectConnectorCoordinate.ts';
import { MarkerNodeCoordinate } from '../items/markers/MarkerNodeCoordinate.ts';
import { NodePointGround } from '../items/nodes/NodePointGround.ts';
import { ObjectConnectorRigidBodySpringDamper, type RigidBodyPostNewtonStepUserFunction, type RigidBodySpringForceTorqueUserFunction } from '../items/objects/ObjectConnectorRigidBodySpringDamper.ts';
import { NodeGenericData } from '../items/nodes/NodeGenericData.ts';
import { ObjectContactSphereSphere } from '../items/objects/ObjectContactSphereSphere.ts';
import { ObjectContactSphereTriangle } from '../items/objects/ObjectContactSphereTriangle.ts';
import { ObjectConnectorSpringDamper, type SpringForceUserFunction } from '../items/objects/ObjectConnectorSpringDamper.ts';
import { ObjectConnectorTorsionalSpringDamper, type TorsionalSpringTorqueUserFunction } from '../items/objects/ObjectConnectorTorsionalSpringDamper.ts';
import { OutputVariableType } from '../registry/enums.ts';
import type { MarkerIndex, NodeIndex, ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { mat3TransposeMul } from '../rotations/index.ts';
import { toMatrixArray, type Matrix3Like } from '../rotations/skew.ts';
import { checkBeforeAdding, type BuilderSink } from './builderSink.ts';
import { addJoint, jointFrames, markerRotations, referenceRotation, revoluteJointAxes, type CreateJointOptions } from './jointFrames.ts';
import { checkedBool, checkedVector3, identity3, isIndex, readReference } from './options.ts';

/*
 * Connector builders (Exudyn's mbs.CreateSpringDamper, CreateCartesianSpringDamper, CreateDistanceConstraint,
 * CreateRigidBodySpringDamper, CreateTorsionalSpringDamper, CreateCoordinateConstraint): markers at the two ends and the
 * connector between them.
 */

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
  /** Post-Newton step user function of the connector (0: none); it needs the data node nodeNumber. */
  postNewtonStepUserFunction?: RigidBodyPostNewtonStepUserFunction | 0;
  /**
   * Data node (NodeGenericData) of postNewtonStepUserFunction (Flexdyn addition: Exudyn's helper passes the function
   * without a data node, where it never runs).
   */
  nodeNumber?: NodeIndex;
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
  /** Count full turns with a NodeGenericData that the helper adds (Exudyn's default true) or let the angle wrap at ±π (false). */
  unlimitedRotations?: boolean;
  /** Drawing size; -1 means the default size. */
  drawSize?: number;
}

/**
 * Adds a position marker at each end and an ObjectConnectorSpringDamper between them; returns the
 * connector's object index. Without referenceLength the spring is relaxed in the reference configuration.
 */
export function createSpringDamper(sink: BuilderSink, options: CreateSpringDamperOptions = {}): ObjectIndex {
  const where = 'createSpringDamper';
  const [m0, m1] = addConnectorMarkers(sink, connectorEnds(where, options), options.name ?? '', 'position');
  const referenceLength = options.referenceLength ?? referenceDistance(sink, where, 'referenceLength', m0, m1);
  return sink.addObject(ObjectConnectorSpringDamper({
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
export function createCartesianSpringDamper(sink: BuilderSink, options: CreateCartesianSpringDamperOptions = {}): ObjectIndex {
  const [m0, m1] = addConnectorMarkers(sink, connectorEnds('createCartesianSpringDamper', options), options.name ?? '', 'position');
  return sink.addObject(ObjectConnectorCartesianSpringDamper({
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
export function createDistanceConstraint(sink: BuilderSink, options: CreateDistanceConstraintOptions = {}): ObjectIndex {
  const where = 'createDistanceConstraint';
  const [m0, m1] = addConnectorMarkers(sink, connectorEnds(where, options), options.name ?? '', 'position');
  const distance = options.distance ?? referenceDistance(sink, where, 'distance', m0, m1);
  if (distance === 0) throw new FlexdynError(`${where}: distance must be positive (for coinciding points use a spherical joint), got 0`);
  return sink.addObject(ObjectConnectorDistance({
    name: options.name ?? '',
    markerNumbers: [m0, m1],
    distance,
    visualization: connectorVisualization(options),
  }));
}

/**
 * Adds a rigid marker at each end (MarkerBodyRigid at localPosition0/1 for bodies, MarkerNodeRigid for nodes,
 * or the given marker) and an ObjectConnectorRigidBodySpringDamper whose joint frame is rotationMatrixJoint
 * in the reference configuration; returns the connector index. intrinsicFormulation defaults to true, as in Exudyn's helper.
 */
export function createRigidBodySpringDamper(sink: BuilderSink, options: CreateRigidBodySpringDamperOptions = {}): ObjectIndex {
  const where = 'createRigidBodySpringDamper';
  const ends = connectorEnds(where, options);
  const joint = toMatrixArray(where, 'rotationMatrixJoint', options.rotationMatrixJoint ?? identity3());
  const useGlobalFrame = checkedBool(where, 'useGlobalFrame', options.useGlobalFrame ?? true);
  const rotations = readReference(where, 'the joint frame', () => ends.map(({ kind, index, localPosition }): Float64Array => {
    const variable = OutputVariableType.RotationMatrix;
    const reference = sink.referenceOutputs();
    if (kind === 'body') return referenceRotation(sink, index, () => reference.bodyOutput(index, variable, localPosition), true);
    return Float64Array.from(kind === 'node' ? reference.nodeOutput(index, variable) : reference.markerOutput(index, variable));
  }));
  const [rotationMarker0, rotationMarker1] = markerRotations(rotations[0], rotations[1], joint, useGlobalFrame);
  const zero6 = Array.from({ length: 6 }, () => [0, 0, 0, 0, 0, 0]);
  const connector = ObjectConnectorRigidBodySpringDamper({
    name: options.name ?? '',
    stiffness: options.stiffness ?? zero6,
    damping: options.damping ?? zero6,
    offset: options.offset ?? [0, 0, 0, 0, 0, 0],
    rotationMarker0,
    rotationMarker1,
    intrinsicFormulation: options.intrinsicFormulation ?? true,
    springForceTorqueUserFunction: options.springForceTorqueUserFunction ?? 0,
    postNewtonStepUserFunction: options.postNewtonStepUserFunction ?? 0,
    nodeNumber: options.nodeNumber ?? -1,
    visualization: connectorVisualization(options),
  });
  checkBeforeAdding('Object', connector, { markerNumbers: [0, 0] });
  return sink.addObject({ ...connector, markerNumbers: addConnectorMarkers(sink, ends, options.name ?? '', 'rigid') });
}

/**
 * Adds a MarkerBodyRigid on each body at the given position and an ObjectConnectorTorsionalSpringDamper about
 * the given axis (frames as in createRevoluteJoint); returns the connector index. With unlimitedRotations (Exudyn's
 * default true) it also adds a NodeGenericData with one data coordinate (initially 0) that counts full turns;
 * with false the angle wraps at ±π.
 */
export function createTorsionalSpringDamper(sink: BuilderSink, options: CreateTorsionalSpringDamperOptions): ObjectIndex {
  const where = 'createTorsionalSpringDamper';
  const unlimitedRotations = checkedBool(where, 'unlimitedRotations', options.unlimitedRotations ?? true);
  const frame = jointFrames(sink, where, options);
  const axisJoint = revoluteJointAxes(where, frame, options.axis, options.useGlobalFrame ?? true);
  const connector = ObjectConnectorTorsionalSpringDamper({
    name: options.name ?? '',
    stiffness: options.stiffness ?? 0,
    damping: options.damping ?? 0,
    offset: options.offset ?? 0,
    velocityOffset: options.velocityOffset ?? 0,
    torque: options.torque ?? 0,
    rotationMarker0: mat3TransposeMul(frame.a0, axisJoint),
    rotationMarker1: mat3TransposeMul(frame.a1, axisJoint),
    springTorqueUserFunction: options.springTorqueUserFunction ?? 0,
    visualization: { show: options.show ?? true, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] },
  });
  checkBeforeAdding('Object', connector, { markerNumbers: [0, 0] });
  const nodeNumber = unlimitedRotations ? sink.addNode(NodeGenericData({ initialCoordinates: [0], numberOfDataCoordinates: 1 })) : -1;
  return addJoint(sink, frame, 'BodyRigid', { ...connector, nodeNumber });
}

/** The contact options shared by the sphere contact helpers (Exudyn's keyword arguments, the contact items' parameters). */
export interface PenaltyContactOptions extends CreateConnectorOptions {
  /** Dynamic friction coefficient (≠ 0: rigid markers, for the friction torques). */
  dynamicFriction?: number;
  /** Regularization velocity of friction. */
  frictionProportionalZone?: number;
  /** Contact stiffness k. */
  contactStiffness?: number;
  /** Linear contact damping d. */
  contactDamping?: number;
  /** Exponent n of the penetration. */
  contactStiffnessExponent?: number;
  /** Coefficient of restitution (impactModel 1 and 2). */
  restitutionCoefficient?: number;
  /** Lower bound of the impact velocity (impactModel 1 and 2). */
  minimumImpactVelocity?: number;
  /** Impact model: 0 linear (adhesive elasto-plastic for sphere-sphere), 1 Hunt–Crossley, 2 Gonthier/Carvalho–Martins. */
  impactModel?: number;
  /** Initial data coordinates [gap, tangential speed, impact velocity, plastic penetration] of each added data node. */
  dataInitialCoordinates?: VectorValue;
  /** If false, the contact exerts no force. */
  activeConnector?: boolean;
}

/** The contact parameters of the shared options with Exudyn's defaults, and the data node the helpers add. */
function penaltyContactParameters(options: PenaltyContactOptions) {
  const dataInitialCoordinates = options.dataInitialCoordinates ?? [0, 0, 0, 0];
  return {
    parameters: {
      name: options.name ?? '',
      dynamicFriction: options.dynamicFriction ?? 0,
      frictionProportionalZone: options.frictionProportionalZone ?? 1e-3,
      contactStiffness: options.contactStiffness ?? 0,
      contactDamping: options.contactDamping ?? 0,
      contactStiffnessExponent: options.contactStiffnessExponent ?? 1,
      restitutionCoefficient: options.restitutionCoefficient ?? 1,
      minimumImpactVelocity: options.minimumImpactVelocity ?? 0,
      impactModel: options.impactModel ?? 0,
      activeConnector: options.activeConnector ?? true,
    },
    data: NodeGenericData({ initialCoordinates: dataInitialCoordinates, numberOfDataCoordinates: dataInitialCoordinates.length }),
    sphereMarker: (options.dynamicFriction ?? 0) !== 0 ? 'rigid' as const : 'position' as const,
  };
}

/** Options of createSphereSphereContact (Exudyn's keyword arguments; the contact parameters as in ObjectContactSphereSphere). */
export interface CreateSphereSphereContactOptions extends PenaltyContactOptions {
  /** Radii [r0, r1] of the spheres at end 0 and end 1. */
  spheresRadii?: VectorValue;
  /** Sphere 1 is hollow and contains sphere 0. */
  isHollowSphere1?: boolean;
  /** Constant pull-off force (adhesive elasto-plastic model). */
  constantPullOffForce?: number;
  /** Ratio of plastic to total deformation (adhesive elasto-plastic model). */
  contactPlasticityRatio?: number;
  /** Adhesion coefficient (adhesive elasto-plastic model). */
  adhesionCoefficient?: number;
  /** Adhesion exponent (adhesive elasto-plastic model). */
  adhesionExponent?: number;
}

/**
 * Adds a marker at each end (position markers; rigid markers with friction, as Exudyn), a NodeGenericData with the
 * initial data coordinates (Exudyn's default [0, 0, 0, 0]: no contact at the start) and an ObjectContactSphereSphere;
 * returns the contact's object index (Exudyn's CreateSphereSphereContact).
 */
export function createSphereSphereContact(sink: BuilderSink, options: CreateSphereSphereContactOptions = {}): ObjectIndex {
  const { parameters, data, sphereMarker } = penaltyContactParameters(options);
  const contact = ObjectContactSphereSphere({
    ...parameters,
    spheresRadii: options.spheresRadii ?? [-1, -1],
    isHollowSphere1: options.isHollowSphere1 ?? false,
    constantPullOffForce: options.constantPullOffForce ?? 0,
    contactPlasticityRatio: options.contactPlasticityRatio ?? 0,
    adhesionCoefficient: options.adhesionCoefficient ?? 0,
    adhesionExponent: options.adhesionExponent ?? 1,
    visualization: connectorVisualization(options),
  });
  checkBeforeAdding('Object', contact, { markerNumbers: [0, 0], nodeNumber: 0 });
  checkBeforeAdding('Node', data, {});
  const [m0, m1] = addConnectorMarkers(sink, connectorEnds('createSphereSphereContact', options), options.name ?? '', sphereMarker);
  const nodeNumber = sink.addNode(data);
  return sink.addObject({ ...contact, markerNumbers: [m0, m1], nodeNumber });
}

/** Contact options shared by createSphereTriangleContact and createSphereQuadContact (Exudyn's keyword arguments). */
export interface SphereSurfaceContactOptions extends PenaltyContactOptions {
  /** Radius of the sphere at end 0 (> 0). */
  radiusSphere?: number;
}

/** Options of createSphereTriangleContact (Exudyn's keyword arguments; the contact parameters as in ObjectContactSphereTriangle). */
export interface CreateSphereTriangleContactOptions extends SphereSurfaceContactOptions {
  /** Triangle points [p0, p1, p2] in the frame of end 1 (default [[0, 0, 0], [1, 0, 0], [0, 1, 0]]). */
  trianglePoints?: readonly VectorValue[];
  /** Edge flags 0 … 7: 1 edge p0p1, 2 edge p1p2, 4 edge p2p0 (default 7, all). */
  includeEdges?: number;
}

/** Options of createSphereQuadContact (Exudyn's keyword arguments). */
export interface CreateSphereQuadContactOptions extends SphereSurfaceContactOptions {
  /** Quad corners [p0, p1, p2, p3] in the frame of end 1, counter-clockwise (default the unit square in the x-y plane). */
  quadPoints?: readonly VectorValue[];
  /** Edge flags 0 … 15: 1 edge p0p1, 2 p1p2, 4 p2p3, 8 p3p0 (default 15, all); the diagonal p1p3 is never an edge. */
  includeEdges?: number;
}

/** The two contacts of createSphereQuadContact (Exudyn's returned dictionary). */
export interface CreateSphereQuadContactResult {
  /** Contact with the triangle [p0, p1, p3]. */
  oContact0: ObjectIndex;
  /** Contact with the triangle [p1, p2, p3]. */
  oContact1: ObjectIndex;
}

/** Checks a list of `count` points of 3 finite numbers (trianglePoints, quadPoints); returns them as arrays. */
function checkedPoints(where: string, argumentName: string, value: unknown, count: number): number[][] {
  if (!Array.isArray(value) || value.length !== count) {
    throw new FlexdynError(`${where}: ${argumentName} must be a list of ${count} points [x, y, z], got ${describeValue(value)}`);
  }
  return value.map((point, i) => checkedVector3(where, `${argumentName}[${i}]`, point));
}

/** Checks an edge-flag option (an integer in 0 … maximum). */
function checkedEdgeFlags(where: string, value: unknown, maximum: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > maximum) {
    throw new FlexdynError(`${where}: includeEdges must be an integer in 0 … ${maximum} (a sum of edge flags), got ${describeValue(value)}`);
  }
  return value;
}

/**
 * Adds the markers (end 0 at the sphere centre: a position marker, a rigid marker with friction; end 1 a rigid marker whose
 * frame carries the triangles), one NodeGenericData per triangle and an ObjectContactSphereTriangle per triangle (with its
 * edge flags); every parameter is checked before anything is added. Returns the contacts' object indices.
 */
function addSphereTriangleContacts(sink: BuilderSink, where: string, options: SphereSurfaceContactOptions, triangles: readonly { points: number[][]; includeEdges: number }[]): ObjectIndex[] {
  const { parameters, data, sphereMarker } = penaltyContactParameters(options);
  const contacts = triangles.map(({ points, includeEdges }) => ObjectContactSphereTriangle({
    ...parameters,
    radiusSphere: options.radiusSphere ?? 0,
    trianglePoints: points,
    includeEdges,
    visualization: { show: options.show ?? false, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] },
  }));
  const ends = connectorEnds(where, options);
  for (const contact of contacts) checkBeforeAdding('Object', contact, { markerNumbers: [0, 0], nodeNumber: 0 });
  checkBeforeAdding('Node', data, {});
  const [m0, m1] = addConnectorMarkers(sink, ends, options.name ?? '', [sphereMarker, 'rigid']);
  return contacts.map((contact) => sink.addObject({ ...contact, markerNumbers: [m0, m1], nodeNumber: sink.addNode(data) }));
}

/**
 * Adds a marker at the sphere centre (a position marker; a rigid marker with friction), a rigid marker whose frame
 * carries the triangle, a NodeGenericData with the initial data coordinates (Exudyn's default [0, 0, 0, 0]: no contact at
 * the start) and an ObjectContactSphereTriangle; returns the contact's object index (Exudyn's CreateSphereTriangleContact).
 */
export function createSphereTriangleContact(sink: BuilderSink, options: CreateSphereTriangleContactOptions = {}): ObjectIndex {
  const where = 'createSphereTriangleContact';
  const points = checkedPoints(where, 'trianglePoints', options.trianglePoints ?? [[0, 0, 0], [1, 0, 0], [0, 1, 0]], 3);
  const includeEdges = checkedEdgeFlags(where, options.includeEdges ?? 7, 7);
  return addSphereTriangleContacts(sink, where, options, [{ points, includeEdges }])[0];
}

/**
 * Adds the markers of createSphereTriangleContact and two sphere-triangle contacts, one per half of the quad: the
 * triangles [p0, p1, p3] and [p1, p2, p3] (split along the diagonal p1p3, which is excluded from both, so that a sphere
 * crossing it feels no edge), each with its data node and the quad's edge flags of its sides (Exudyn's
 * CreateSphereQuadContact). Returns both contacts' object indices.
 */
export function createSphereQuadContact(sink: BuilderSink, options: CreateSphereQuadContactOptions = {}): CreateSphereQuadContactResult {
  const where = 'createSphereQuadContact';
  const p = checkedPoints(where, 'quadPoints', options.quadPoints ?? [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], 4);
  const flags = checkedEdgeFlags(where, options.includeEdges ?? 15, 15);
  const triangles = [[0, 1, 3], [1, 2, 3]].map((corners) => corners.map((c) => p[c]));
  for (const [k, triangle] of triangles.entries()) {
    const e1 = [0, 1, 2].map((i) => triangle[1][i] - triangle[0][i]), e2 = [0, 1, 2].map((i) => triangle[2][i] - triangle[0][i]);
    const twiceArea = Math.hypot(e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]);
    const longest = Math.max(...[e1, e2, [0, 1, 2].map((i) => e2[i] - e1[i])].map((e) => e[0] * e[0] + e[1] * e[1] + e[2] * e[2]));
    if (!(twiceArea > 1e-12 * longest)) {
      throw new FlexdynError(`${where}: quadPoints must span a quad whose halves [p0, p1, p3] and [p1, p2, p3] are triangles, got a degenerate half ${k === 0 ? '[p0, p1, p3]' : '[p1, p2, p3]'} of ${describeValue(options.quadPoints)}`);
    }
  }
  // quad edges p0p1 (1), p1p2 (2), p2p3 (4), p3p0 (8): triangle 0 has p0p1 as its edge 0 and p3p0 as its edge 2,
  // triangle 1 p1p2 as edge 0 and p2p3 as edge 1
  const edges0 = (flags & 1) + (flags & 8) / 2, edges1 = ((flags & 2) + (flags & 4)) / 2;
  const [oContact0, oContact1] = addSphereTriangleContacts(sink, where, options, [{ points: triangles[0], includeEdges: edges0 }, { points: triangles[1], includeEdges: edges1 }]);
  return { oContact0, oContact1 };
}

/** One end of a connector: a body (with a body-fixed position), a node or a marker. */
interface ConnectorEnd {
  /** What the index refers to. */
  readonly kind: 'body' | 'node' | 'marker';
  /** Object, node or marker index. */
  readonly index: number;
  /** Position in the body frame (zero for nodes and markers). */
  readonly localPosition: number[];
}

/**
 * Checks the two ends of a connector (bodyNumbers, or bodyOrNodeList when bodyNumbers is not given) and their local
 * positions, which must be zero for nodes and markers.
 */
function connectorEnds(where: string, options: CreateConnectorOptions): [ConnectorEnd, ConnectorEnd] {
  const argumentName = options.bodyNumbers !== undefined ? 'bodyNumbers' : 'bodyOrNodeList';
  const ends = options.bodyNumbers ?? options.bodyOrNodeList;
  if (!Array.isArray(ends) || ends.length !== 2) {
    throw new FlexdynError(`${where}: ${argumentName} must be a list of 2 connector ends (object indices of bodies, { nodeNumber } or { markerNumber }), got ${describeValue(ends)}`);
  }
  const localPositions = [options.localPosition0 ?? [0, 0, 0], options.localPosition1 ?? [0, 0, 0]];
  const parsed = ends.map((end: unknown, i): ConnectorEnd => {
    const localPosition = checkedVector3(where, `localPosition${i}`, localPositions[i]);
    if (isIndex(end)) return { kind: 'body', index: end, localPosition };
    const tagged = typeof end === 'object' && end !== null ? end as { nodeNumber?: unknown; markerNumber?: unknown } : {};
    const kind = isIndex(tagged.nodeNumber) ? 'node' : isIndex(tagged.markerNumber) ? 'marker' : undefined;
    if (kind === undefined || (isIndex(tagged.nodeNumber) && isIndex(tagged.markerNumber))) {
      throw new FlexdynError(`${where}: ${argumentName}[${i}] must be an object index (body), { nodeNumber } or { markerNumber }, got ${describeValue(end)}`);
    }
    if (localPosition.some((x) => x !== 0)) {
      throw new FlexdynError(`${where}: localPosition${i} must be [0, 0, 0] when ${argumentName}[${i}] is a ${kind}, got [${localPosition.join(', ')}]`);
    }
    return { kind, index: (kind === 'node' ? tagged.nodeNumber : tagged.markerNumber) as number, localPosition };
  });
  return [parsed[0], parsed[1]];
}

/** The kind of marker a connector helper adds at an end. */
type AddedMarkerKind = 'position' | 'rigid';

/**
 * Adds a marker at each connector end, named 'Marker0:name' and 'Marker1:name': position markers (MarkerBodyPosition,
 * MarkerNodePosition) or rigid markers (MarkerBodyRigid, MarkerNodeRigid), one kind for both ends or one per end; a
 * given marker is used as it is.
 */
function addConnectorMarkers(sink: BuilderSink, ends: readonly ConnectorEnd[], name: string, markerKinds: AddedMarkerKind | readonly [AddedMarkerKind, AddedMarkerKind]): [MarkerIndex, MarkerIndex] {
  const markers = ends.map(({ kind, index, localPosition }, i): MarkerIndex => {
    const markerName = name === '' ? '' : `Marker${i}:${name}`;
    const markerKind = typeof markerKinds === 'string' ? markerKinds : markerKinds[i];
    if (kind === 'marker') return index;
    if (kind === 'body') {
      const marker = { name: markerName, bodyNumber: index, localPosition };
      return sink.addMarker(markerKind === 'rigid' ? MarkerBodyRigid(marker) : MarkerBodyPosition(marker));
    }
    const marker = { name: markerName, nodeNumber: index };
    return sink.addMarker(markerKind === 'rigid' ? MarkerNodeRigid(marker) : MarkerNodePosition(marker));
  });
  return [markers[0], markers[1]];
}

/** Distance of two markers in the reference configuration. */
function referenceDistance(sink: BuilderSink, where: string, argumentName: string, m0: MarkerIndex, m1: MarkerIndex): number {
  const [p0, p1] = readReference(where, `${argumentName} was not given and`, () => {
    const reference = sink.referenceOutputs();
    return [reference.markerOutput(m0, OutputVariableType.Position), reference.markerOutput(m1, OutputVariableType.Position)];
  }, `; pass ${argumentName} explicitly`);
  return Math.sqrt((p1[0] - p0[0]) ** 2 + (p1[1] - p0[1]) ** 2 + (p1[2] - p0[2]) ** 2);
}

/** The visualization dictionary of a connector from the drawing options. */
function connectorVisualization(options: CreateConnectorOptions): Record<string, unknown> {
  return { show: options.show ?? true, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] };
}

/** Options of createCoordinateConstraint (Exudyn's keyword arguments; Exudyn's None is null). */
export interface CreateCoordinateConstraintOptions {
  /** Constraint name; the created markers are named 'Marker0:name' and 'Marker1:name'. */
  name?: string;
  /** The two bodies [body0, body1]; null (or a ground object) for the ground, at most one of them. */
  bodyNumbers: readonly (ObjectIndex | null)[];
  /** Coordinate of each body: index into the coordinates of its nodes, counted over the body's nodes in order; null for the ground. */
  coordinates: readonly (number | null)[];
  /** Offset: the constraint reads factorValue1·q1 − q0 = offset (default 0). */
  offset?: number;
  /** Factor of the coordinate of body 1 (default 1). */
  factorValue1?: number;
  /** Constrain the velocities instead of the coordinates (default false). */
  velocityLevel?: boolean;
  /** Time-dependent offset, (mbs, t, itemNumber, offset) => offset (0: none). */
  offsetUserFunction?: CoordinateOffsetUserFunction | 0;
  /** Its time derivative, used on velocity level (0: none). */
  offsetUserFunction_t?: CoordinateOffsetUserFunction | 0;
  /** Draw the constraint. */
  show?: boolean;
  /** Drawing size; -1 means the default size. */
  drawSize?: number;
  /** RGBA colour; [-1, -1, -1, -1] means the default colour. */
  color?: readonly number[];
}

/**
 * Adds a MarkerNodeCoordinate on each side and an ObjectConnectorCoordinate between them; returns its index. A body
 * side marks the node holding its coordinate (coordinate c of a body with nodes n₀, n₁, … is coordinate c − Σ nq of
 * the earlier nodes of the node it falls into); a ground side (null or an ObjectGround) adds a hidden
 * NodePointGround and marks its coordinate 0, as Exudyn's helper does.
 */
export function createCoordinateConstraint(sink: BuilderSink, options: CreateCoordinateConstraintOptions): ObjectIndex {
  const where = 'createCoordinateConstraint';
  if (options === null || typeof options !== 'object') throw new FlexdynError(`${where}: expected an options dictionary, got ${describeValue(options)}`);
  const { bodyNumbers, coordinates } = options;
  if (!Array.isArray(bodyNumbers) || bodyNumbers.length !== 2) throw new FlexdynError(`${where}: bodyNumbers must be [body0, body1] (null for the ground), got ${describeValue(bodyNumbers)}`);
  if (!Array.isArray(coordinates) || coordinates.length !== 2) throw new FlexdynError(`${where}: coordinates must be [coordinate0, coordinate1] (null for the ground), got ${describeValue(coordinates)}`);
  // each side: the ground, or the node and its coordinate
  const sides = bodyNumbers.map((body, i): { node: NodeIndex; coordinate: number } | 'ground' => {
    if (body === null || body === undefined) return 'ground';
    if (!isIndex(body)) throw new FlexdynError(`${where}: bodyNumbers[${i}] must be an object index or null (the ground), got ${describeValue(body)}`);
    const dictionary = readReference(where, `bodyNumbers[${i}]`, () => sink.getObject(body));
    if (dictionary.objectType === 'Ground') return 'ground';
    const coordinate = coordinates[i];
    if (!isIndex(coordinate)) throw new FlexdynError(`${where}: coordinates[${i}] must be a coordinate index of body ${body} (0, 1, …), got ${describeValue(coordinate)}`);
    const nodes = typeof dictionary.nodeNumber === 'number' ? [dictionary.nodeNumber] : Array.isArray(dictionary.nodeNumbers) ? dictionary.nodeNumbers as number[] : [];
    let first = 0;
    for (const node of nodes) {
      const count = readReference(where, `the coordinates of node ${node}`, () => sink.referenceOutputs().nodeOutput(node, OutputVariableType.Coordinates).length);
      if (coordinate < first + count) return { node, coordinate: coordinate - first };
      first += count;
    }
    throw new FlexdynError(`${where}: coordinates[${i}] must be in 0 … ${first - 1} (the coordinates of ${String(dictionary.objectType)} #${body}'s node${nodes.length === 1 ? '' : 's'}), got ${coordinate}`);
  });
  if (sides[0] === 'ground' && sides[1] === 'ground') throw new FlexdynError(`${where}: bodyNumbers must name at least one body that is not the ground, got ${describeValue(bodyNumbers)}`);
  const name = options.name ?? '';
  const connector = ObjectConnectorCoordinate({
    name, offset: options.offset ?? 0, factorValue1: options.factorValue1 ?? 1, velocityLevel: options.velocityLevel ?? false,
    offsetUserFunction: options.offsetUserFunction ?? 0, offsetUserFunction_t: options.offsetUserFunction_t ?? 0,
    visualization: { show: options.show ?? true, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] },
  });
  checkBeforeAdding('Object', connector, { markerNumbers: [0, 0] });
  const markers = sides.map((side, i) => {
    const markerName = name === '' ? '' : `Marker${i}:${name}`;
    if (side === 'ground') {
      const ground = sink.addNode(NodePointGround({ visualization: { show: false } }));
      return sink.addMarker(MarkerNodeCoordinate({ name: markerName, nodeNumber: ground, coordinate: 0 }));
    }
    return sink.addMarker(MarkerNodeCoordinate({ name: markerName, nodeNumber: side.node, coordinate: side.coordinate }));
  });
  return sink.addObject({ ...connector, markerNumbers: markers });
}
