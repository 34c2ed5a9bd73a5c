import { describeValue, FlexdynError } from '../core/errors.ts';
import type { GeneralContact } from '../contact/GeneralContact.ts';
import { ContactTypeIndex } from '../contact/contactKernel.ts';
import { ConfigurationType, OutputVariableType } from '../registry/enums.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';
import type { SensorIndex } from '../registry/parameters.ts';
import { SensorUserFunction } from '../items/sensors/SensorUserFunction.ts';
import { ObjectGround } from '../items/objects/ObjectGround.ts';
import { color as namedColors, Cylinder, Lines, type GraphicsData } from '../graphics/graphicsData.ts';
import type { BuilderSink } from './builderSink.ts';
import { checkedBool, checkedVector3, isIndex } from './options.ts';

/*
 * Distance sensors on a GeneralContact (Exudyn's mbs.CreateDistanceSensorGeometry and mbs.CreateDistanceSensor).
 */

/** What the distance-sensor builders need of a system beside adding items: its GeneralContacts. */
export interface DistanceSensorSink extends BuilderSink {
  /** Adds a GeneralContact and returns it. */
  addGeneralContact(): GeneralContact;
  /** The GeneralContact of index i. */
  getGeneralContact(i: number): GeneralContact;
  /** Number of GeneralContacts. */
  numberOfGeneralContacts(): number;
  /** A marker's dictionary (its type decides whether the sensor direction turns with it). */
  getMarker(index: number): Record<string, unknown>;
}

/** Options of createDistanceSensorGeometry (Exudyn's keyword arguments). */
export interface CreateDistanceSensorGeometryOptions {
  /** Points of the geometry (3 per point), e.g. from graphics.ToPointsAndTrigs. */
  meshPoints: readonly (readonly number[])[];
  /** Triangles (3 point indices each, counter-clockwise seen from outside). */
  meshTrigs: readonly (readonly number[])[];
  /** The rigid-body marker the triangles are fixed to (ground or a moving body). */
  rigidBodyMarkerIndex: number;
  /** Search grid cells along x, y, z (default [8, 8, 8]). */
  searchTreeCellSize?: readonly number[];
}

/**
 * Adds a GeneralContact holding the triangles of a geometry on a rigid-body marker for distance sensors only (its
 * isActive is false: no contact forces); returns its index for createDistanceSensor.
 */
export function createDistanceSensorGeometry(sink: DistanceSensorSink, options: CreateDistanceSensorGeometryOptions): number {
  const contact = sink.addGeneralContact();
  contact.setFrictionPairings([[0]]);
  contact.setSearchTreeCellSize(options.searchTreeCellSize ?? [8, 8, 8]);
  contact.addTrianglesRigidBodyBased(options.rigidBodyMarkerIndex, 1, 1, 0, options.meshPoints, options.meshTrigs);
  contact.isActive = false;
  return sink.numberOfGeneralContacts() - 1;
}

/** Options of createDistanceSensor (Exudyn's keyword arguments). */
export interface CreateDistanceSensorOptions {
  /** Index of the GeneralContact whose items are measured (required). */
  generalContactIndex: number;
  /** The sensor's start point: a global position [x, y, z], or a marker index (the marker's position; with a rigid marker the direction turns with it). */
  positionOrMarker: readonly number[] | number;
  /** Direction of measurement (any length ≠ 0); in the marker's frame for a rigid marker. */
  dirSensor: readonly number[];
  /** Smallest distance accepted (default −1e7). */
  minDistance?: number;
  /** Distance returned when nothing is found; items at it or beyond are ignored (default 1e7). */
  maxDistance?: number;
  /** Radius of a cylinder around the line with which spheres are measured (selectedTypeIndex IndexSpheresMarkerBased; default 0). */
  cylinderRadius?: number;
  /** The kind of items measured (a ContactTypeIndex; default IndexEndOfEnumList: all). */
  selectedTypeIndex?: number;
  /** Store the sensor rows in memory (getSensorStoredData). */
  storeInternal?: boolean;
  /** Sensor file ('' : the default name). */
  fileName?: string;
  /** Also measure the velocity of the point hit along the direction (the second value; like a laser Doppler vibrometer). */
  measureVelocity?: boolean;
  /** Draw the beam: a line along dirSensor (a cylinder with cylinderRadius > 0). */
  addGraphicsObject?: boolean;
  /** Draw the beam ending at the point hit (default true), else starting at the sensor. */
  drawDisplaced?: boolean;
  /** Colour of the beam (default red). */
  color?: readonly number[];
}

/**
 * Adds a distance sensor (Exudyn's CreateDistanceSensor): a SensorUserFunction that measures, in the configuration
 * it is evaluated in, the distance from the sensor's point along its direction to the nearest item of the
 * GeneralContact (GeneralContact.shortestDistanceAlongLine) — values [distance] or, with measureVelocity,
 * [distance, velocity along the direction]; with addGraphicsObject, an ObjectGround whose graphics user function draws
 * the beam in every drawn frame. Returns the sensor index.
 */
export function createDistanceSensor(sink: DistanceSensorSink, options: CreateDistanceSensorOptions): SensorIndex {
  const where = 'createDistanceSensor';
  if (!isIndex(options.generalContactIndex) || options.generalContactIndex >= sink.numberOfGeneralContacts()) {
    throw new FlexdynError(`${where}: generalContactIndex must be the index of a GeneralContact (0 … ${sink.numberOfGeneralContacts() - 1}), got ${describeValue(options.generalContactIndex)}`);
  }
  const contact = sink.getGeneralContact(options.generalContactIndex);
  const marker = typeof options.positionOrMarker === 'number' ? options.positionOrMarker : -1;
  if (marker !== -1 && !isIndex(marker)) throw new FlexdynError(`${where}: positionOrMarker must be a position [x, y, z] or a marker index, got ${describeValue(options.positionOrMarker)}`);
  const position = marker === -1 ? checkedVector3(where, 'positionOrMarker', options.positionOrMarker) : [0, 0, 0];
  const direction = checkedVector3(where, 'dirSensor', options.dirSensor);
  const rigid = marker !== -1 && String(sink.getMarker(marker).markerType ?? '').includes('Rigid');
  const minDistance = options.minDistance ?? -1e7, maxDistance = options.maxDistance ?? 1e7, cylinderRadius = options.cylinderRadius ?? 0;
  const typeIndex = options.selectedTypeIndex ?? ContactTypeIndex.IndexEndOfEnumList;
  const measureVelocity = checkedBool(where, 'measureVelocity', options.measureVelocity ?? false);
  const drawDisplaced = checkedBool(where, 'drawDisplaced', options.drawDisplaced ?? true);

  /** Start point and global direction of the beam in a configuration. */
  const beam = (mbs: UserFunctionSystem, configuration: ConfigurationType): { p0: number[]; dir: number[] } => {
    if (marker === -1) return { p0: position, dir: direction };
    const p0 = mbs.getMarkerOutput(marker, OutputVariableType.Position, configuration);
    if (!rigid) return { p0, dir: direction };
    const A = mbs.getMarkerOutput(marker, OutputVariableType.RotationMatrix, configuration);
    return { p0, dir: [0, 1, 2].map((r) => A[3 * r] * direction[0] + A[3 * r + 1] * direction[1] + A[3 * r + 2] * direction[2]) };
  };
  const measure = (mbs: UserFunctionSystem, configuration: ConfigurationType) => {
    const { p0, dir } = beam(mbs, configuration);
    return { p0, dir, ...contact.shortestDistanceAlongLine(p0, dir, minDistance, maxDistance, true, cylinderRadius, typeIndex, configuration) };
  };
  // check the measurement's arguments now, so that bad input fails here rather than in the solve
  if (maxDistance <= minDistance || cylinderRadius < 0 || (cylinderRadius !== 0 && typeIndex !== ContactTypeIndex.IndexSpheresMarkerBased)) {
    throw new FlexdynError(`${where}: needs minDistance < maxDistance, cylinderRadius ≥ 0 and cylinderRadius = 0 unless selectedTypeIndex = IndexSpheresMarkerBased; got minDistance ${minDistance}, maxDistance ${maxDistance}, cylinderRadius ${cylinderRadius}, selectedTypeIndex ${typeIndex}`);
  }

  const sensor = sink.addSensor(SensorUserFunction({
    sensorNumbers: [], storeInternal: options.storeInternal ?? false, fileName: options.fileName ?? '',
    sensorUserFunction: (mbs, _t, _sensors, _factors, configuration) => {
      const { distance, velocityAlongLine } = measure(mbs, configuration);
      return measureVelocity ? [distance, velocityAlongLine] : [distance];
    },
  }));
  if (options.addGraphicsObject === true) {
    const beamColor = options.color ?? namedColors.red;
    sink.addObject(ObjectGround({
      visualization: {
        graphicsDataUserFunction: (mbs: UserFunctionSystem): GraphicsData[] => {
          const { p0, dir, distance } = measure(mbs, ConfigurationType.Visualization);
          const length = Math.hypot(dir[0], dir[1], dir[2]);
          // displaced: the beam ends at the point hit; else it starts at the sensor
          const start = drawDisplaced ? p0.map((x, k) => x + distance * dir[k] / length - dir[k]) : p0;
          return [cylinderRadius > 0
            ? Cylinder({ pAxis: start, vAxis: dir, radius: cylinderRadius, color: beamColor })
            : Lines([start, start.map((x, k) => x + dir[k])], { color: beamColor })];
        },
      },
    }));
  }
  return sensor;
}
