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
import { ConfigurationType, OutputVariableType } from './registry/enums.ts';
import { describeValue, FlexdynError } from './registry/errors.ts';
import type { LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex, VectorValue } from './registry/parameters.ts';

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
 * Exudyn's main-system helpers (mbs.CreateGround, mbs.CreateMassPoint, …) that add
 * several items in one call; implemented on top of the add... methods.
 */
export abstract class MainSystemCreateHelpers {
  /** Adds a node; returns its index. */
  abstract addNode(item: Record<string, unknown>): NodeIndex;
  /** Adds an object; returns its index. */
  abstract addObject(item: Record<string, unknown>): ObjectIndex;
  /** Adds a marker; returns its index. */
  abstract addMarker(item: Record<string, unknown>): MarkerIndex;
  /** Adds a load; returns its index. */
  abstract addLoad(item: Record<string, unknown>): LoadIndex;
  /** Adds a sensor; returns its index. */
  abstract addSensor(item: Record<string, unknown>): SensorIndex;
  /** Compiles the items into a model (used to read reference positions). */
  abstract assemble(): void;
  /** Output variable of a marker in a configuration. */
  abstract getMarkerOutput(index: number, variable: OutputVariableType, configuration?: ConfigurationType): number[];

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
   * connector's object index. Without referenceLength the spring is relaxed in the reference configuration
   * (computing it assembles the system built so far).
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
   * Without distance the reference-configuration distance is kept (computing it assembles the system built so far).
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

/** Distance of two markers in the reference configuration; assembles the system built so far. */
function referenceDistance(mbs: MainSystemCreateHelpers, where: string, argumentName: string, m0: MarkerIndex, m1: MarkerIndex): number {
  try {
    mbs.assemble();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FlexdynError(`${where}: ${argumentName} was not given and the system built so far cannot be assembled to compute it from the reference configuration (${message}); pass ${argumentName} explicitly`);
  }
  const p0 = mbs.getMarkerOutput(m0, OutputVariableType.Position, ConfigurationType.Reference);
  const p1 = mbs.getMarkerOutput(m1, OutputVariableType.Position, ConfigurationType.Reference);
  return Math.sqrt((p1[0] - p0[0]) ** 2 + (p1[1] - p0[1]) ** 2 + (p1[2] - p0[2]) ** 2);
}

function connectorVisualization(options: CreateConnectorOptions): Record<string, unknown> {
  return { show: options.show ?? true, drawSize: options.drawSize ?? -1, color: options.color ?? [-1, -1, -1, -1] };
}
