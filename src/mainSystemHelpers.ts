import { NodePoint } from './items/nodes/NodePoint.ts';
import { ObjectGround } from './items/objects/ObjectGround.ts';
import { ObjectMassPoint } from './items/objects/ObjectMassPoint.ts';
import { MarkerBodyMass } from './items/markers/MarkerBodyMass.ts';
import { LoadMassProportional } from './items/loads/LoadMassProportional.ts';
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
}
