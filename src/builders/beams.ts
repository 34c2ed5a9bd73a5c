import { describeValue, FlexdynError } from '../core/errors.ts';
import { NodePointGround } from '../items/nodes/NodePointGround.ts';
import { MarkerNodeCoordinate } from '../items/markers/MarkerNodeCoordinate.ts';
import { ObjectConnectorCoordinate } from '../items/objects/ObjectConnectorCoordinate.ts';
import type { LoadIndex, NodeIndex, ObjectIndex, VectorValue } from '../registry/parameters.ts';
import { addGravityLoad } from './bodies.ts';
import { checkBeforeAdding, type BuilderSink } from './builderSink.ts';
import { checkedVector3 } from './options.ts';

/*
 * Exudyn's exudyn.beams helpers that lay beam elements along a straight line (GenerateStraightBeam and its
 * ANCF cable variants).
 */

/** Options of generateStraightBeam (Exudyn's GenerateStraightBeam). */
export interface GenerateStraightBeamOptions {
  /** 3D start point (z = 0 for planar elements). */
  positionOfNode0: VectorValue;
  /** 3D end point. */
  positionOfNode1: VectorValue;
  /** Number of elements (positive integer). */
  numberOfElements: number;
  /**
   * The element dictionary every element is a copy of: objectType ANCFCable2D, ALEANCFCable2D, ANCFCable or
   * BeamGeometricallyExact2D (with nodeNumbers of length 3 for quadratic elements); physicsLength and nodeNumbers are
   * filled in, except an ALE cable's nodeNumbers[2] (its axial node, shared by all elements), which the template gives.
   */
  beamTemplate: Record<string, unknown>;
  /** Gravity vector; non-zero adds a MarkerBodyMass and a LoadMassProportional per element. Default [0, 0, 0]. */
  gravity?: VectorValue;
  /** Per coordinate of the first node: non-zero fixes it to the ground by a CoordinateConstraint. Default none. */
  fixedConstraintsNode0?: readonly (number | boolean)[];
  /** The same for the last node. */
  fixedConstraintsNode1?: readonly (number | boolean)[];
  /** An existing node to use at positionOfNode0 instead of a new one (−1: none). */
  nodeNumber0?: number;
  /** An existing node to use at positionOfNode1 (−1: none). */
  nodeNumber1?: number;
}

/** Exudyn's result list [nodes, elements, loads, node positions, coordinate constraints]. */
export type GenerateStraightBeamResult = [NodeIndex[], ObjectIndex[], LoadIndex[], number[][], ObjectIndex[]];

/** Node type and size per supported element type. */
const beamNodes: Record<string, { nodeType: string; size: number; planar: boolean }> = {
  ANCFCable2D: { nodeType: 'Point2DSlope1', size: 4, planar: true },
  ALEANCFCable2D: { nodeType: 'Point2DSlope1', size: 4, planar: true },
  ANCFCable: { nodeType: 'PointSlope1', size: 6, planar: false },
  BeamGeometricallyExact2D: { nodeType: 'RigidBody2D', size: 3, planar: true },
};

/**
 * Exudyn's GenerateStraightBeam: numberOfElements equal elements from positionOfNode0 to positionOfNode1 (nodes with
 * reference slopes along the line, or the line's angle for geometrically exact beams), optional gravity per element and
 * coordinate constraints at both ends.
 */
export function generateStraightBeam(sink: BuilderSink, options: GenerateStraightBeamOptions): GenerateStraightBeamResult {
  const where = 'generateStraightBeam';
  const p0 = checkedVector3(where, 'positionOfNode0', options.positionOfNode0);
  const p1 = checkedVector3(where, 'positionOfNode1', options.positionOfNode1);
  const n = options.numberOfElements;
  if (!Number.isInteger(n) || n <= 0) throw new FlexdynError(`${where}: numberOfElements must be a positive integer, got ${describeValue(n)}`, { parameter: 'numberOfElements' });
  const template = options.beamTemplate;
  const typeName = String(template.objectType ?? '').replace(/^Object/, '');
  const kind = beamNodes[typeName];
  if (kind === undefined) throw new FlexdynError(`${where}: beamTemplate.objectType must be one of ${Object.keys(beamNodes).join(', ')}, got ${describeValue(template.objectType)}`, { parameter: 'beamTemplate' });
  const quadratic = typeName === 'BeamGeometricallyExact2D' && Array.isArray(template.nodeNumbers) && template.nodeNumbers.length === 3;
  // an ALE cable's axial node (nodeNumbers[2]) comes from the template and is shared by all elements (Exudyn's rule)
  const aleNode = typeName === 'ALEANCFCable2D' && Array.isArray(template.nodeNumbers) ? template.nodeNumbers[2] as unknown : undefined;
  if (typeName === 'ALEANCFCable2D' && !(typeof aleNode === 'number' && Number.isInteger(aleNode) && aleNode >= 0)) {
    throw new FlexdynError(`${where}: beamTemplate.nodeNumbers[2] of an ALEANCFCable2D must be the NodeGenericODE2 of the axial coordinate, got ${describeValue(aleNode)}`, { parameter: 'beamTemplate' });
  }
  if (kind.planar && (p0[2] !== 0 || p1[2] !== 0)) throw new FlexdynError(`${where}: positionOfNode0 and positionOfNode1 must have z = 0 for ${typeName}, got ${p0[2]} and ${p1[2]}`, { parameter: 'positionOfNode0' });
  for (const key of ['fixedConstraintsNode0', 'fixedConstraintsNode1'] as const) {
    const list = options[key];
    if (list !== undefined && list.length !== kind.size) throw new FlexdynError(`${where}: ${key} must have ${kind.size} entries (one per coordinate of a ${kind.nodeType} node), got ${list.length}`, { parameter: key });
  }
  const d = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
  const length = Math.hypot(d[0], d[1], d[2]);
  if (length === 0) throw new FlexdynError(`${where}: positionOfNode0 and positionOfNode1 must differ, got both ${describeValue(Array.from(p0))}`, { parameter: 'positionOfNode1' });
  const slope = d.map((c) => c / length);
  const lElem = length / n;
  const slopes = typeName === 'BeamGeometricallyExact2D' ? [Math.atan2(slope[1], slope[0])] : kind.planar ? slope.slice(0, 2) : slope;
  const coordinates = (p: number[]) => [...(kind.planar ? p.slice(0, 2) : p), ...slopes];
  checkBeforeAdding('Object', { ...template, physicsLength: lElem }, { nodeNumbers: template.nodeNumbers ?? [] });
  const addNode = (p: number[]) => sink.addNode({ nodeType: kind.nodeType, referenceCoordinates: coordinates(p) });
  const at = (s: number) => [0, 1, 2].map((k) => p0[k] + s * slope[k]);

  const nodes: NodeIndex[] = [];
  const positions: number[][] = [p0];
  const elements: ObjectIndex[] = [];
  const loads: LoadIndex[] = [];
  const first = options.nodeNumber0 !== undefined && options.nodeNumber0 !== -1 ? options.nodeNumber0 : addNode(p0);
  nodes.push(first);
  for (let i = 0; i < n; i++) {
    if (quadratic) {
      const mid = at(lElem * (i + 0.5));
      positions.push(mid);
      nodes.push(addNode(mid));
    }
    const end = at(lElem * (i + 1));
    positions.push(end);
    nodes.push(i === n - 1 && options.nodeNumber1 !== undefined && options.nodeNumber1 !== -1 ? options.nodeNumber1 : addNode(end));
    const nodeNumbers = quadratic ? nodes.slice(-3) : aleNode !== undefined ? [...nodes.slice(-2), aleNode as number] : nodes.slice(-2);
    const element = sink.addObject({ ...template, physicsLength: lElem, nodeNumbers } as Parameters<BuilderSink['addObject']>[0]);
    elements.push(element);
    const gravity = addGravityLoad(sink, element, options.gravity ?? [0, 0, 0]);
    if (gravity.loadNumber !== undefined) loads.push(gravity.loadNumber);
  }
  const constraints: ObjectIndex[] = [];
  const constrain = (node: NodeIndex, position: number[], fixed: readonly (number | boolean)[] | undefined) => {
    if (fixed === undefined) return;
    const ground = sink.addNode(NodePointGround({ referenceCoordinates: position }));
    const groundMarker = sink.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
    fixed.forEach((flag, coordinate) => {
      if (!flag) return;
      const marker = sink.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate }));
      constraints.push(sink.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, marker] })));
    });
  };
  constrain(first, p0, options.fixedConstraintsNode0);
  constrain(nodes[nodes.length - 1], p1, options.fixedConstraintsNode1);
  return [nodes, elements, loads, positions, constraints];
}

/** Options of generateStraightLineANCFCable2D / generateStraightLineANCFCable (Exudyn's names). */
export interface GenerateStraightLineANCFCableOptions extends Omit<GenerateStraightBeamOptions, 'beamTemplate' | 'gravity'> {
  /** The cable dictionary (ANCFCable2D or ANCFCable). */
  cableTemplate: Record<string, unknown>;
  /** Gravity vector (Exudyn's massProportionalLoad). */
  massProportionalLoad?: VectorValue;
}

/**
 * Exudyn's GenerateStraightLineANCFCable2D and GenerateStraightLineANCFCable: generateStraightBeam with a cable template;
 * as in Exudyn the constraint lists default to zeros, so that a ground node is added at both ends.
 */
export function generateStraightLineANCFCable(sink: BuilderSink, options: GenerateStraightLineANCFCableOptions): GenerateStraightBeamResult {
  const { cableTemplate, massProportionalLoad, ...rest } = options;
  const size = String(cableTemplate.objectType ?? '').endsWith('2D') ? 4 : 6;
  const zeros = new Array<number>(size).fill(0);
  return generateStraightBeam(sink, {
    fixedConstraintsNode0: zeros, fixedConstraintsNode1: zeros, ...rest, beamTemplate: cableTemplate, gravity: massProportionalLoad,
  });
}

/** Options of generateCircularArcANCFCable2D (Exudyn's GenerateCircularArcANCFCable2D). */
export interface GenerateCircularArcANCFCable2DOptions {
  /** 3D start point (z = 0). */
  positionOfNode0: VectorValue;
  /** Radius of the arc (> 0). */
  radius: number;
  /** Direction of the slope at the start, measured from the x axis (radians). */
  startAngle: number;
  /** Angle of the arc (≠ 0; negative: clockwise, the centre on the other side). */
  arcAngle: number;
  /** Number of elements (positive integer). */
  numberOfElements: number;
  /** The cable dictionary (ANCFCable2D); physicsLength, nodeNumbers (and the reference curvature) are filled in. */
  cableTemplate: Record<string, unknown>;
  /** Gravity vector; non-zero adds a MarkerBodyMass and a LoadMassProportional per element. Default [0, 0, 0]. */
  massProportionalLoad?: VectorValue;
  /** Per coordinate of the first node (4): non-zero fixes it to the ground. Default none. */
  fixedConstraintsNode0?: readonly (number | boolean)[];
  /** The same for the last node. */
  fixedConstraintsNode1?: readonly (number | boolean)[];
  /** An existing node to use at the start (−1: none). */
  nodeNumber0?: number;
  /** An existing node to use at the end (−1: none). */
  nodeNumber1?: number;
  /** Pre-curve the elements with the arc's curvature ±1/radius as reference curvature (default true, as Exudyn). */
  setCurvedReferenceConfiguration?: boolean;
}

/**
 * Exudyn's GenerateCircularArcANCFCable2D: numberOfElements cable elements of length radius·|arcAngle|/n along a
 * circular arc from positionOfNode0, the start slope at startAngle and the centre to its left (right for a negative
 * arcAngle); nodes on the arc with the arc's tangent as slope; optional gravity per element and coordinate
 * constraints at both ends to one ground node at the origin (as Exudyn). Returns [nodes, elements, loads, node
 * positions, coordinate constraints].
 */
export function generateCircularArcANCFCable2D(sink: BuilderSink, options: GenerateCircularArcANCFCable2DOptions): GenerateStraightBeamResult {
  const where = 'generateCircularArcANCFCable2D';
  const p0 = checkedVector3(where, 'positionOfNode0', options.positionOfNode0);
  const { radius, startAngle, arcAngle, numberOfElements: n } = options;
  if (!Number.isInteger(n) || n <= 0) throw new FlexdynError(`${where}: numberOfElements must be a positive integer, got ${describeValue(n)}`, { parameter: 'numberOfElements' });
  if (!(typeof radius === 'number' && radius > 0 && Number.isFinite(radius))) throw new FlexdynError(`${where}: radius must be a finite number > 0, got ${describeValue(radius)}`, { parameter: 'radius' });
  if (!(typeof arcAngle === 'number' && Number.isFinite(arcAngle) && arcAngle !== 0)) throw new FlexdynError(`${where}: arcAngle must be a finite number ≠ 0, got ${describeValue(arcAngle)}`, { parameter: 'arcAngle' });
  if (!(typeof startAngle === 'number' && Number.isFinite(startAngle))) throw new FlexdynError(`${where}: startAngle must be a finite number, got ${describeValue(startAngle)}`, { parameter: 'startAngle' });
  for (const key of ['fixedConstraintsNode0', 'fixedConstraintsNode1'] as const) {
    const list = options[key];
    if (list !== undefined && list.length !== 4) throw new FlexdynError(`${where}: ${key} must have 4 entries (one per coordinate of a Point2DSlope1 node), got ${list.length}`, { parameter: key });
  }
  const sign = arcAngle < 0 ? -1 : 1;
  const lElem = radius * Math.abs(arcAngle) / n;
  const template: Record<string, unknown> = { ...options.cableTemplate, physicsLength: lElem };
  if (options.setCurvedReferenceConfiguration ?? true) template.physicsReferenceCurvature = sign / radius;
  checkBeforeAdding('Object', template, { nodeNumbers: [] });
  const slope = [Math.cos(startAngle), Math.sin(startAngle)];
  const normal = [-Math.sin(startAngle), Math.cos(startAngle)];
  const center = [sign * radius * normal[0] + p0[0], sign * radius * normal[1] + p0[1]];
  const addNode = (p: number[], tangent: number[]) => sink.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [p[0], p[1], tangent[0], tangent[1]] });
  const nodes: NodeIndex[] = [options.nodeNumber0 !== undefined && options.nodeNumber0 !== -1 ? options.nodeNumber0 : addNode(p0, slope)];
  const positions: number[][] = [p0];
  const elements: ObjectIndex[] = [];
  const loads: LoadIndex[] = [];
  for (let i = 0; i < n; i++) {
    const phi = (i + 1) * arcAngle / n;
    const p = [0, 1].map((k) => center[k] + sign * radius * Math.sin(phi) * slope[k] - sign * radius * Math.cos(phi) * normal[k]);
    const tangent = [0, 1].map((k) => Math.cos(phi) * slope[k] + Math.sin(phi) * normal[k]);
    positions.push([p[0], p[1], 0]);
    nodes.push(i === n - 1 && options.nodeNumber1 !== undefined && options.nodeNumber1 !== -1 ? options.nodeNumber1 : addNode(p, tangent));
    const element = sink.addObject({ ...template, nodeNumbers: nodes.slice(-2) } as Parameters<BuilderSink['addObject']>[0]);
    elements.push(element);
    const gravity = addGravityLoad(sink, element, options.massProportionalLoad ?? [0, 0, 0]);
    if (gravity.loadNumber !== undefined) loads.push(gravity.loadNumber);
  }
  const constraints: ObjectIndex[] = [];
  const fixed0 = options.fixedConstraintsNode0 ?? [], fixed1 = options.fixedConstraintsNode1 ?? [];
  if ([...fixed0, ...fixed1].some((flag) => flag)) {
    const groundMarker = sink.addMarker(MarkerNodeCoordinate({ nodeNumber: sink.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] })), coordinate: 0 }));
    for (const [node, fixed] of [[nodes[0], fixed0], [nodes[n], fixed1]] as const) {
      fixed.forEach((flag, coordinate) => {
        if (!flag) return;
        const marker = sink.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate }));
        constraints.push(sink.addObject(ObjectConnectorCoordinate({ markerNumbers: [groundMarker, marker] })));
      });
    }
  }
  return [nodes, elements, loads, positions, constraints];
}
