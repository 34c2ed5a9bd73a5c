import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, type BindContext, type BodyModel, type ItemState, type MarkerModel, type NodeModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { objectIndex } from '../../registry/parameters.ts';

const parameters = {
  bodyNumber: objectIndex('The ANCFCable2D or ALEANCFCable2D element whose coordinates the marker represents.'),
};

/** The cable element types a MarkerBodyCable2DCoordinates accepts. */
const cableTypes = ['ANCFCable2D', 'ALEANCFCable2D'];

/**
 * A marker on the 8 total coordinates e = [r0, r0', r1, r1'] of a planar ANCF cable element (its two Point2DSlope1
 * nodes; the axial coordinate of an ALE cable is not among them), for the sliding joints that evaluate the cable's
 * shape functions themselves (ObjectJointSliding2D, ObjectJointALEMoving2D).
 */
export interface CableCoordinatesMarkerModel extends MarkerModel {
  /** Element length L (the shape functions' parameter). */
  readonly cableLength: number;
  /** Writes the total coordinates e (reference + displacement, 8 entries). */
  cableCoordinates(s: ItemState, out: Float64Array): void;
  /** Writes the velocities ė (8 entries). */
  cableVelocities(s: ItemState, out: Float64Array): void;
}

/** True if the marker is a {@link CableCoordinatesMarkerModel}. */
export function isCableCoordinatesMarker(marker: MarkerModel): marker is CableCoordinatesMarkerModel {
  const m = marker as Partial<CableCoordinatesMarkerModel>;
  return typeof m.cableCoordinates === 'function' && typeof m.cableVelocities === 'function';
}

/** Run-time model: the coordinates of the cable's two slope nodes. */
class BodyCable2DCoordinatesMarkerModel implements Only<CableCoordinatesMarkerModel, BodyCable2DCoordinatesMarkerModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  cableLength = 0;
  private body!: BodyModel;

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number) {}

  bind(context: BindContext): void {
    const object = context.object(this.bodyNumber, 'bodyNumber');
    const body = object.body;
    if (!cableTypes.includes(object.label.typeName) || body === undefined || body.arcLength === undefined) {
      itemError(this.label, 'bodyNumber', `must refer to an ObjectANCFCable2D or ObjectALEANCFCable2D, got Object${object.label.typeName} #${this.bodyNumber}`);
    }
    this.body = body;
    this.nodes = body.nodes.slice(0, 2);
    this.nLocalU = 8;
    this.cableLength = body.arcLength;
  }

  cableCoordinates(s: ItemState, out: Float64Array): void {
    for (let n = 0; n < 2; n++) {
      const node = this.nodes[n];
      for (let k = 0; k < 4; k++) out[4 * n + k] = s.qRef[node.qIndex + k] + s.q[node.qIndex + k];
    }
  }

  cableVelocities(s: ItemState, out: Float64Array): void {
    for (let n = 0; n < 2; n++) {
      const node = this.nodes[n];
      for (let k = 0; k < 4; k++) out[4 * n + k] = s.u[node.uIndex + k];
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable !== OutputVariableType.Position) return undefined;
    const out = new Float64Array(3);
    this.body.position(s, bodyOrigin, out);
    return out;
  }
}

/** A marker on the coordinates of a planar ANCF cable element (Exudyn's MarkerBodyCable2DCoordinates). */
export const markerBodyCable2DCoordinatesDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'BodyCable2DCoordinates',
  description: 'The 8 total coordinates [r0, r0\', r1, r1\'] (reference + displacement) of an ObjectANCFCable2D or '
    + 'ObjectALEANCFCable2D element and their velocities, with the identity as Jacobian, for ObjectJointSliding2D and '
    + 'ObjectJointALEMoving2D, which evaluate the cable\'s shape functions at the sliding position. The axial coordinate of an '
    + 'ALE cable is not part of the marker (the ALE joint takes it from its own nodeNumbers). Output: Position of the cable '
    + 'axis at x = 0 (Exudyn\'s marker position).',
  parameters,
  outputVariables: [OutputVariableType.Position],
  equations: 'vector value e = q_ref + q of the two Point2DSlope1 nodes, ė = u; ∂e/∂q = I (8 × 8).',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [i, 0, 1, 0], initialCoordinates: [0, 0.05 * i, 0, 0.1], initialVelocities: [0.1, -0.2 * i, 0, 0.3] }));
    const cable = mbs.addObject({ objectType: 'ANCFCable2D', nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 2, physicsBendingStiffness: 3, physicsAxialStiffness: 100 });
    return mbs.addMarker({ markerType: 'BodyCable2DCoordinates', bodyNumber: cable });
  },
  create: (v, label) => new BodyCable2DCoordinatesMarkerModel(label, v.bodyNumber),
};

/** Factory for a cable coordinates marker. */
export const MarkerBodyCable2DCoordinates = makeFactory(markerBodyCable2DCoordinatesDefinition);
