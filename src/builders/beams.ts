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
   * The element dictionary every element is a copy of: objectType ANCFCable2D, ANCFCable or BeamGeometricallyExact2D
   * (with nodeNumbers of length 3 for quadratic elements); physicsLength and nodeNumbers are filled in.
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
    const nodeNumbers = quadratic ? nodes.slice(-3) : nodes.slice(-2);
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
