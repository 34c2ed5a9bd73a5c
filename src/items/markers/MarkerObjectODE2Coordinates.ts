import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, CoordinateVectorMarkerModel, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { objectIndex } from '../../registry/parameters.ts';
import { CoordinateVectorMarker, coordinateVectorMarkerOutputs } from './coordinateVectorMarkerBase.ts';

const parameters = {
  objectNumber: objectIndex('Object (a body, ObjectGenericODE2, …) whose ODE2 coordinates the marker represents.'),
};

/** Run-time model: the ODE2 coordinates of an object's nodes in the order of its local coordinates, reference values included. */
class ObjectODE2CoordinatesMarkerModel extends CoordinateVectorMarker implements Only<CoordinateVectorMarkerModel, ObjectODE2CoordinatesMarkerModel> {
  constructor(label: ItemLabel, private readonly objectNumber: number) {
    super(label);
  }

  bind(context: BindContext): void {
    this.useNodes(context.object(this.objectNumber, 'objectNumber').localNodes, 'objectNumber');
  }
}

/** A marker on all coordinates of an object, for ObjectConnectorCoordinateVector. */
export const markerObjectODE2CoordinatesDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'ObjectODE2Coordinates',
  description: 'All ODE2 coordinates of an object — the coordinates of its nodes in the order of the object\'s local '
    + 'coordinates (Exudyn\'s LTG list) — as one vector q_ref + q (reference values included), with the identity as '
    + 'Jacobian; for ObjectConnectorCoordinateVector. Only nodes whose velocity coordinates are the time derivatives of '
    + 'their coordinates qualify (Point, Point2D, GenericODE2, RigidBodyEP, …); an object without nodes gives the empty vector.',
  parameters,
  outputVariables: coordinateVectorMarkerOutputs,
  example: (mbs) => {
    // two masses of one ObjectGenericODE2 kept at distance 1 from the origin and from each other (a double pendulum)
    const n0 = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [1, 0], initialCoordinates: [0.1, -0.2], initialVelocities: [0.2, 0.5] });
    const n1 = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [2, 0], initialCoordinates: [-0.1, 0.3], initialVelocities: [-0.3, 0.1] });
    const body = mbs.addObject({ objectType: 'GenericODE2', nodeNumbers: [n0, n1], massMatrix: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] });
    const ground = mbs.addMarker({ markerType: 'NodeCoordinates', nodeNumber: mbs.addNode({ nodeType: 'PointGround' }) });
    const marker = mbs.addMarker({ markerType: 'ObjectODE2Coordinates', objectNumber: body });
    const jacobian = (q: ArrayLike<number>): number[][] => {
      const d0 = Math.hypot(q[0], q[1]), d1 = Math.hypot(q[2] - q[0], q[3] - q[1]);
      const e1 = [(q[2] - q[0]) / d1, (q[3] - q[1]) / d1];
      return [[q[0] / d0, q[1] / d0, 0, 0], [-e1[0], -e1[1], e1[0], e1[1]]];
    };
    mbs.addObject({
      objectType: 'ConnectorCoordinateVector', markerNumbers: [ground, marker], scalingMarker1: [[0, 0, 0, 0], [0, 0, 0, 0]],
      // position level: the two distances minus 1; velocity level (index 2): their rates J q̇
      constraintUserFunction: (_mbs: unknown, _t: number, _i: number, q: Float64Array, qt: Float64Array, velocityLevel: boolean) => (velocityLevel
        ? jacobian(q).map((row) => row.reduce((sum, entry, j) => sum + entry * qt[j], 0))
        : [Math.hypot(q[0], q[1]) - 1, Math.hypot(q[2] - q[0], q[3] - q[1]) - 1]),
      jacobianUserFunction: (_mbs: unknown, _t: number, _i: number, q: Float64Array) => jacobian(q),
    });
    return marker;
  },
  create: (v, label) => new ObjectODE2CoordinatesMarkerModel(label, v.objectNumber),
};

/** Factory for an object coordinates marker. */
export const MarkerObjectODE2Coordinates = makeFactory(markerObjectODE2CoordinatesDefinition);
