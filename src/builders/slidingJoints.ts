import { describeValue, FlexdynError } from '../core/errors.ts';
import { MarkerBodyCable2DCoordinates } from '../items/markers/MarkerBodyCable2DCoordinates.ts';
import { NodeGenericData } from '../items/nodes/NodeGenericData.ts';
import { ObjectJointSliding2D } from '../items/objects/ObjectJointSliding2D.ts';
import { ObjectJointALEMoving2D } from '../items/objects/ObjectJointALEMoving2D.ts';
import type { MarkerIndex, NodeIndex, ObjectIndex } from '../registry/parameters.ts';
import type { BuilderSink } from './builderSink.ts';

/*
 * Exudyn's sliding joint helpers of exudyn.beams (GenerateSlidingJoint, GenerateAleSlidingJoint): a
 * MarkerBodyCable2DCoordinates per cable element, their arc offsets, the data node and the joint.
 */

/** Options of generateSlidingJoint (Exudyn's GenerateSlidingJoint). */
export interface GenerateSlidingJointOptions {
  /** The cable elements (ObjectANCFCable2D or ObjectALEANCFCable2D) in order along the chain. */
  cableObjectList: readonly ObjectIndex[];
  /** The position marker (a rigid-body marker for constrainRotation) of the sliding body. */
  markerBodyPositionOfSlidingBody: MarkerIndex;
  /** Index in cableObjectList of the element the body starts on. Default 0. */
  localMarkerIndexOfStartCable?: number;
  /** Initial sliding position (arc length from the start of the chain). Default 0. */
  slidingCoordinateStartPosition?: number;
}

/** Options of generateAleSlidingJoint (Exudyn's GenerateAleSlidingJoint). */
export interface GenerateAleSlidingJointOptions {
  /** The ObjectALEANCFCable2D elements in order along the chain. */
  cableObjectList: readonly ObjectIndex[];
  /** The position marker of the body moving with the cable. */
  markerBodyPositionOfSlidingBody: MarkerIndex;
  /** The NodeGenericODE2 of the cable's axial coordinate (Exudyn's AleNode). */
  AleNode: NodeIndex;
  /** Index in cableObjectList of the element the body starts on. Default 0. */
  localMarkerIndexOfStartCable?: number;
  /** The body's arc position on the chain at axial coordinate 0 (the joint's slidingOffset). Default 0. */
  AleSlidingOffset?: number;
  /** Whether the joint starts active. Default true. */
  activeConnector?: boolean;
  /** Penalty stiffness; 0 (default) uses the Lagrange-multiplier constraint. */
  penaltyStiffness?: number;
}

/** The chain's cable coordinate markers and their arc offsets [0, L0, L0 + L1, …]; checks the start index. */
function chainMarkers(sink: BuilderSink, where: string, cables: readonly ObjectIndex[], start: number): { markers: MarkerIndex[]; offsets: number[] } {
  if (!Array.isArray(cables) || cables.length === 0) throw new FlexdynError(`${where}: cableObjectList must list at least one cable element, got ${describeValue(cables)}`, { parameter: 'cableObjectList' });
  if (!Number.isInteger(start) || start < 0 || start >= cables.length) {
    throw new FlexdynError(`${where}: localMarkerIndexOfStartCable must be an integer in 0 … ${cables.length - 1}, got ${describeValue(start)}`, { parameter: 'localMarkerIndexOfStartCable' });
  }
  const lengths = cables.map((cable) => {
    const dictionary = sink.getObject(cable);
    const length = dictionary.physicsLength;
    if (typeof length !== 'number') throw new FlexdynError(`${where}: cableObjectList entry ${cable} must be a cable element with physicsLength, got Object${String(dictionary.objectType)}`, { parameter: 'cableObjectList' });
    return length;
  });
  const markers: MarkerIndex[] = [];
  const offsets: number[] = [];
  let offset = 0;
  cables.forEach((cable, i) => {
    markers.push(sink.addMarker(MarkerBodyCable2DCoordinates({ bodyNumber: cable })));
    offsets.push(offset);
    offset += lengths[i];
  });
  return { markers, offsets };
}

/**
 * Exudyn's GenerateSlidingJoint: a MarkerBodyCable2DCoordinates per cable element, a NodeGenericData
 * [start index, start position] and an ObjectJointSliding2D (Exudyn's defaults: classical formulation); returns
 * [the joint] as Exudyn.
 */
export function generateSlidingJoint(sink: BuilderSink, options: GenerateSlidingJointOptions): [ObjectIndex] {
  const where = 'generateSlidingJoint';
  const start = options.localMarkerIndexOfStartCable ?? 0;
  const { markers, offsets } = chainMarkers(sink, where, options.cableObjectList, start);
  const data = sink.addNode(NodeGenericData({ initialCoordinates: [start, options.slidingCoordinateStartPosition ?? 0], numberOfDataCoordinates: 2 }));
  return [sink.addObject(ObjectJointSliding2D({
    markerNumbers: [options.markerBodyPositionOfSlidingBody, markers[start]], slidingMarkerNumbers: markers, slidingMarkerOffsets: offsets, nodeNumber: data,
  }))];
}

/**
 * Exudyn's GenerateAleSlidingJoint: a MarkerBodyCable2DCoordinates per ALE cable element, a NodeGenericData [start index]
 * and an ObjectJointALEMoving2D on the axial node (penalty formulation when penaltyStiffness ≠ 0); returns [the joint].
 */
export function generateAleSlidingJoint(sink: BuilderSink, options: GenerateAleSlidingJointOptions): [ObjectIndex] {
  const where = 'generateAleSlidingJoint';
  const start = options.localMarkerIndexOfStartCable ?? 0;
  const penaltyStiffness = options.penaltyStiffness ?? 0;
  const { markers, offsets } = chainMarkers(sink, where, options.cableObjectList, start);
  const data = sink.addNode(NodeGenericData({ initialCoordinates: [start], numberOfDataCoordinates: 1 }));
  return [sink.addObject(ObjectJointALEMoving2D({
    markerNumbers: [options.markerBodyPositionOfSlidingBody, markers[start]], slidingMarkerNumbers: markers, slidingMarkerOffsets: offsets,
    nodeNumbers: [data, options.AleNode], slidingOffset: options.AleSlidingOffset ?? 0, activeConnector: options.activeConnector ?? true,
    usePenaltyFormulation: penaltyStiffness !== 0, penaltyStiffness,
  }))];
}
