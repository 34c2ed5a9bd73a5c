import { MarkerBodyRigid } from '../items/markers/MarkerBodyRigid.ts';
import { ObjectJointRollingDisc } from '../items/objects/ObjectJointRollingDisc.ts';
import { ObjectConnectorRollingDiscPenalty } from '../items/objects/ObjectConnectorRollingDiscPenalty.ts';
import { NodeGenericData } from '../items/nodes/NodeGenericData.ts';
import type { ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';
import type { BuilderSink } from './builderSink.ts';
import { checkBeforeAdding } from './builderSink.ts';
import { checkedVector3, isIndex } from './options.ts';

/*
 * Rolling-disc builders (Exudyn's mbs.CreateRollingDisc, mbs.CreateRollingDiscPenalty): a MarkerBodyRigid on the plane
 * body at planePosition, one on the disc body at axisPosition, and the rolling item between them.
 */

/** Options of createRollingDisc. */
export interface CreateRollingDiscOptions {
  /** Name of the joint; the markers are named 'Marker0:name' and 'Marker1:name'. */
  name?: string;
  /** [plane body (ground or rigid body), disc body]. */
  bodyNumbers: readonly ObjectIndex[];
  /** Disc centre in the disc body's frame (Exudyn requires it; default [0, 0, 0]). */
  axisPosition?: VectorValue;
  /** Disc axis in the disc body's frame (unit vector, default [1, 0, 0]). */
  axisVector?: VectorValue;
  /** Disc radius (> 0). */
  discRadius: number;
  /** A point of the plane in the plane body's frame (default [0, 0, 0]). */
  planePosition?: VectorValue;
  /** Plane normal in the plane body's frame (unit vector, default [0, 0, 1]). */
  planeNormal?: VectorValue;
  /** Constrained (1) or free (0) lateral, forward and normal velocity (default [1, 1, 1]). */
  constrainedAxes?: readonly number[];
  /** If false, the joint's equations read λ = 0. */
  activeConnector?: boolean;
  /** Draw the disc. */
  show?: boolean;
  /** Drawn disc width (default 0.1). */
  discWidth?: number;
  /** RGBA colour ([-1, -1, -1, -1]: default). */
  color?: readonly number[];
}

/** The two bodies of a rolling-disc builder, checked: [plane body, disc body]. */
export function rollingDiscBodies(where: string, bodyNumbers: unknown): [number, number] {
  if (!Array.isArray(bodyNumbers) || bodyNumbers.length !== 2 || !bodyNumbers.every(isIndex)) {
    throw new FlexdynError(`${where}: bodyNumbers must be a list of 2 body indices [plane body, disc body], got ${describeValue(bodyNumbers)}`);
  }
  return [bodyNumbers[0], bodyNumbers[1]];
}

/** Adds the markers of a rolling disc (plane marker at planePosition, disc marker at axisPosition); returns [m0, m1]. */
export function addRollingDiscMarkers(sink: BuilderSink, where: string, name: string, bodies: [number, number], planePosition: unknown, axisPosition: unknown): number[] {
  const plane = checkedVector3(where, 'planePosition', planePosition);
  const axis = checkedVector3(where, 'axisPosition', axisPosition);
  return [
    sink.addMarker(MarkerBodyRigid({ name: name === '' ? '' : `Marker0:${name}`, bodyNumber: bodies[0], localPosition: plane })),
    sink.addMarker(MarkerBodyRigid({ name: name === '' ? '' : `Marker1:${name}`, bodyNumber: bodies[1], localPosition: axis })),
  ];
}

/** The disc geometry, activeConnector and visualization of both rolling-disc items from the builder options (Exudyn's defaults). */
function discValues(options: CreateRollingDiscOptions) {
  return {
    name: options.name ?? '',
    discRadius: options.discRadius,
    discAxis: options.axisVector ?? [1, 0, 0],
    planeNormal: options.planeNormal ?? [0, 0, 1],
    activeConnector: options.activeConnector ?? true,
    visualization: { show: options.show ?? true, discWidth: options.discWidth ?? 0.1, color: options.color ?? [-1, -1, -1, -1] },
  };
}

/**
 * Adds a MarkerBodyRigid on the plane body at planePosition, one on the disc body at axisPosition and an
 * ObjectJointRollingDisc between them (ideal rolling); returns the joint index.
 */
export function createRollingDisc(sink: BuilderSink, options: CreateRollingDiscOptions): ObjectIndex {
  const where = 'createRollingDisc';
  const bodies = rollingDiscBodies(where, options.bodyNumbers);
  const name = options.name ?? '';
  const joint = ObjectJointRollingDisc({ ...discValues(options), constrainedAxes: options.constrainedAxes ?? [1, 1, 1] });
  checkBeforeAdding('Object', joint, { markerNumbers: [0, 0] });
  const markerNumbers = addRollingDiscMarkers(sink, where, name, bodies, options.planePosition ?? [0, 0, 0], options.axisPosition ?? [0, 0, 0]);
  return sink.addObject({ ...joint, markerNumbers });
}

/** Options of createRollingDiscPenalty: the geometry of createRollingDisc and the contact parameters of ObjectConnectorRollingDiscPenalty. */
export interface CreateRollingDiscPenaltyOptions extends Omit<CreateRollingDiscOptions, 'constrainedAxes'> {
  /** Normal contact stiffness k_c [N/m]. */
  contactStiffness?: number;
  /** Normal contact damping d_c [N s/m]. */
  contactDamping?: number;
  /** Dry friction coefficients [μ_x, μ_y] (lateral, forward; default [0, 0]). */
  dryFriction?: VectorValue;
  /** Angle [rad] of the friction axes about the normal (Mecanum wheels; default 0). */
  dryFrictionAngle?: number;
  /** Slip speed [m/s] of the regularization zone of the friction (default 0: none). */
  dryFrictionProportionalZone?: number;
  /** Viscous friction coefficients [d_x, d_y] [s/m] (default [0, 0]). */
  viscousFriction?: VectorValue;
  /** Rolling friction μ_r [s/m] (default 0). */
  rollingFrictionViscous?: number;
  /** Linear instead of quadratic regularization of the friction (default false). */
  useLinearProportionalZone?: boolean;
}

/**
 * Adds a MarkerBodyRigid on the plane body at planePosition, one on the disc body at axisPosition, a NodeGenericData with 3
 * data coordinates [0, 0, 0] (no contact at the start) and an ObjectConnectorRollingDiscPenalty between them (penalty contact
 * with friction); returns the connector index (Exudyn's CreateRollingDiscPenalty).
 */
export function createRollingDiscPenalty(sink: BuilderSink, options: CreateRollingDiscPenaltyOptions): ObjectIndex {
  const where = 'createRollingDiscPenalty';
  const bodies = rollingDiscBodies(where, options.bodyNumbers);
  const name = options.name ?? '';
  const connector = ObjectConnectorRollingDiscPenalty({
    ...discValues(options),
    contactStiffness: options.contactStiffness ?? 0,
    contactDamping: options.contactDamping ?? 0,
    dryFriction: options.dryFriction ?? [0, 0],
    dryFrictionAngle: options.dryFrictionAngle ?? 0,
    dryFrictionProportionalZone: options.dryFrictionProportionalZone ?? 0,
    viscousFriction: options.viscousFriction ?? [0, 0],
    rollingFrictionViscous: options.rollingFrictionViscous ?? 0,
    useLinearProportionalZone: options.useLinearProportionalZone ?? false,
  });
  const data = NodeGenericData({ initialCoordinates: [0, 0, 0], numberOfDataCoordinates: 3 });
  checkBeforeAdding('Object', connector, { markerNumbers: [0, 0], nodeNumber: 0 });
  const markerNumbers = addRollingDiscMarkers(sink, where, name, bodies, options.planePosition ?? [0, 0, 0], options.axisPosition ?? [0, 0, 0]);
  const nodeNumber = sink.addNode(data);
  return sink.addObject({ ...connector, markerNumbers, nodeNumber });
}
