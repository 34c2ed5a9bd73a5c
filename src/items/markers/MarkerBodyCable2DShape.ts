import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { isCableShapeMarker, type BindContext, type BodyModel, type CableShapeMarkerModel, type ItemState, type NodeModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { objectIndex, real, uint } from '../../registry/parameters.ts';

/** Exudyn's largest number of contact segments of a cable shape marker (and of the cable contacts using it). */
export const maxNumberOfSegments = 12;

const parameters = {
  bodyNumber: objectIndex('The ANCFCable2D or ALEANCFCable2D element whose shape the marker represents.'),
  numberOfSegments: uint(3, `Number of segments of the polygon (1 … ${maxNumberOfSegments}); must equal numberOfContactSegments of the contact using it.`),
  verticalOffset: real(0, 'Offset of the polygon from the beam axis in the local y direction (surface of the beam); only 0 is supported.'),
};

/** A contact's numberOfContactSegments checked against Exudyn's range 1 … 12 (named error otherwise). */
export function checkContactSegments(label: ItemLabel, numberOfContactSegments: number): void {
  if (numberOfContactSegments < 1 || numberOfContactSegments > maxNumberOfSegments) itemError(label, 'numberOfContactSegments', `must be in 1 … ${maxNumberOfSegments}, got ${numberOfContactSegments}`);
}

/**
 * The MarkerBodyCable2DShape of a cable contact (markerNumbers entry 1, index `index`), checked to have the contact's
 * numberOfContactSegments segments (named errors otherwise).
 */
export function bindCableShapeMarker(context: BindContext, label: ItemLabel, index: number, numberOfContactSegments: number): CableShapeMarkerModel {
  const cable = context.marker(index, 'markerNumbers');
  if (!isCableShapeMarker(cable)) itemError(label, 'markerNumbers', `entry 1 must refer to a MarkerBodyCable2DShape, got ${cable.label.category}${cable.label.typeName} #${index}`);
  if (cable.numberOfSegments !== numberOfContactSegments) itemError(label, 'numberOfContactSegments', `must equal numberOfSegments = ${cable.numberOfSegments} of marker ${index}, got ${numberOfContactSegments}`);
  return cable;
}

/** Run-time model: numberOfSegments + 1 equidistant points of a cable element, via the body's point kinematics. */
class BodyCable2DShapeMarkerModel implements Only<CableShapeMarkerModel, BodyCable2DShapeMarkerModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  length = 0;
  private body!: BodyModel;
  /** Local positions [x_i, 0, 0] of the points, x_i = i L/numberOfSegments (set in bind). */
  private readonly localPositions: Float64Array[] = [];
  private readonly point = new Float64Array(3);
  private jacobian3 = new Float64Array(0);
  /** Local column of the axial coordinate of an ALE cable (−1 for ObjectANCFCable2D). */
  private axialColumn = -1;

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, readonly numberOfSegments: number) {}

  bind(context: BindContext): void {
    const object = context.object(this.bodyNumber, 'bodyNumber');
    const body = object.body;
    const ale = object.label.typeName === 'ALEANCFCable2D';
    if ((object.label.typeName !== 'ANCFCable2D' && !ale) || body === undefined || body.arcLength === undefined) {
      itemError(this.label, 'bodyNumber', `must refer to an ObjectANCFCable2D or ObjectALEANCFCable2D, got Object${object.label.typeName} #${this.bodyNumber}`);
    }
    this.axialColumn = ale ? body.nLocalU - 1 : -1;
    this.body = body;
    this.nodes = body.nodes;
    this.nLocalU = body.nLocalU;
    this.length = body.arcLength;
    const n = this.numberOfSegments;
    this.localPositions.length = 0;
    for (let i = 0; i <= n; i++) this.localPositions.push(Float64Array.of(i * body.arcLength / n, 0, 0));
    this.jacobian3 = new Float64Array(3 * this.nLocalU);
  }

  points(s: ItemState, out: Float64Array): void {
    for (let i = 0; i <= this.numberOfSegments; i++) {
      this.body.position(s, this.localPositions[i], this.point);
      out[2 * i] = this.point[0];
      out[2 * i + 1] = this.point[1];
    }
  }

  pointVelocities(s: ItemState, out: Float64Array): void {
    for (let i = 0; i <= this.numberOfSegments; i++) {
      this.body.velocity(s, this.localPositions[i], this.point);
      out[2 * i] = this.point[0];
      out[2 * i + 1] = this.point[1];
    }
  }

  pointJacobian(s: ItemState, out: Float64Array): void {
    const nu = this.nLocalU;
    for (let i = 0; i <= this.numberOfSegments; i++) {
      this.positionJacobian(s, i);
      out.set(this.jacobian3.subarray(0, 2 * nu), 2 * i * nu);
    }
  }

  /**
   * ∂ṗ_i/∂u of point i into jacobian3 (3 × nLocalU): the body's position Jacobian, and on an ALE cable the column of the
   * axial coordinate r'(x_i) (the Eulerian velocity part ṡ r', through which contact forces act on the axial motion).
   */
  private positionJacobian(s: ItemState, i: number): void {
    this.body.positionJacobian(s, this.localPositions[i], this.jacobian3);
    if (this.axialColumn < 0) return;
    this.body.centerlineTangent!(s, this.localPositions[i], this.point);
    const nu = this.nLocalU;
    this.jacobian3[this.axialColumn] = this.point[0];
    this.jacobian3[nu + this.axialColumn] = this.point[1];
  }

  addPointForces(s: ItemState, forces: Float64Array, f: Float64Array, offset: number): void {
    const nu = this.nLocalU, J = this.jacobian3;
    for (let i = 0; i <= this.numberOfSegments; i++) {
      const fx = forces[2 * i], fy = forces[2 * i + 1];
      if (fx === 0 && fy === 0) continue;
      this.positionJacobian(s, i);
      for (let j = 0; j < nu; j++) f[offset + j] += J[j] * fx + J[nu + j] * fy;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(2 * (this.numberOfSegments + 1));
    if (variable === OutputVariableType.Position) { this.points(s, out); return out; }
    if (variable === OutputVariableType.Velocity) { this.pointVelocities(s, out); return out; }
    return undefined;
  }
}

/** The shape of an ANCF cable element as a polygon, for the cable–circle contacts (Exudyn's MarkerBodyCable2DShape). */
export const markerBodyCable2DShapeDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'BodyCable2DShape',
  description: 'The shape of an ObjectANCFCable2D or ObjectALEANCFCable2D element as a polygon of numberOfSegments + 1 equidistant points along its '
    + 'axis, for ObjectContactCircleCable2D and ObjectContactFrictionCircleCable2D. Outputs: Position and Velocity of all '
    + 'points as [x0, y0, x1, y1, …]. On an ALE cable the point velocities include the Eulerian part ṡ r\'(x_i) and their '
    + 'Jacobian the column r\'(x_i) of the axial coordinate, so that contact forces act on the axial motion (as Exudyn\'s). '
    + 'A verticalOffset ≠ 0 (Exudyn: the points on the beam surface) is not supported and '
    + 'rejected.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Velocity],
  equations: 'p_i = r(x_i), x_i = i L/n, i = 0 … n (n = numberOfSegments, r the cable axis), ṗ_i = ṙ(x_i); ∂p_i/∂q = S(x_i).',
  validate: (v, label) => {
    if (v.numberOfSegments < 1 || v.numberOfSegments > maxNumberOfSegments) itemError(label, 'numberOfSegments', `must be in 1 … ${maxNumberOfSegments}, got ${v.numberOfSegments}`);
    if (v.verticalOffset !== 0) itemError(label, 'verticalOffset', `must be 0 (the offset polygon is not supported), got ${v.verticalOffset}`);
  },
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [i, 0, 1, 0], initialCoordinates: [0, 0.05 * i, 0, 0.1], initialVelocities: [0.1, -0.2 * i, 0, 0.3] }));
    const cable = mbs.addObject({ objectType: 'ANCFCable2D', nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 2, physicsBendingStiffness: 3, physicsAxialStiffness: 100 });
    return mbs.addMarker({ markerType: 'BodyCable2DShape', bodyNumber: cable, numberOfSegments: 4 });
  },
  create: (v, label) => new BodyCable2DShapeMarkerModel(label, v.bodyNumber, v.numberOfSegments),
};

/** Factory for a cable shape marker. */
export const MarkerBodyCable2DShape = makeFactory(markerBodyCable2DShapeDefinition);
