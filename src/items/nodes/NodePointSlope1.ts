import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, Only, PositionNodeModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { vector } from '../../registry/parameters.ts';
import { coordinateOutputVariables } from './coordinateOutputs.ts';
import { SlopeNodeBase } from './slopeNodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0, 0, 0, 1, 0, 0], 'Reference coordinates [r, r\']: position of the point and its slope vector r\' = ∂r/∂x.', 6),
  initialCoordinates: vector([0, 0, 0, 0, 0, 0], 'Initial displacement coordinates: displacement of the point and change of the slope vector.', 6),
  initialVelocities: vector([0, 0, 0, 0, 0, 0], 'Initial velocity coordinates.', 6),
};

/** Run-time model of a 3D point/slope node (ANCF cable): six ODE2 coordinates [r, r'], displacements from the reference. */
class PointSlope1Model extends SlopeNodeBase implements Only<PositionNodeModel, PointSlope1Model> {
  constructor(label: ItemLabel, referenceCoordinates: Float64Array, initialCoordinates: Float64Array, initialVelocities: Float64Array) {
    super(label, 6, referenceCoordinates, initialCoordinates, initialVelocities);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.pointOutput(variable, s);
  }
}

/** A 3D ANCF node with position and slope vector (Exudyn's NodePointSlope1). */
export const nodePointSlope1Definition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'PointSlope1',
  description: 'A 3D point with its slope vector r\' = ∂r/∂x (for ObjectANCFCable): six ODE2 coordinates [r, r\'], the displacement from the reference coordinates. A straight reference along x has the slope [1, 0, 0].',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Acceleration,
    ...coordinateOutputVariables,
  ],
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({ nodeType: 'PointSlope1', referenceCoordinates: [x, 0.2 * x, 0.1 * x, 1, 0.2, 0.1], initialVelocities: [0.1, -0.3 * x, 0.2, 0, 0.2, -0.1] }));
    mbs.addObject({ objectType: 'ANCFCable', nodeNumbers: nodes, physicsLength: Math.hypot(1, 0.2, 0.1), physicsMassPerLength: 0.8, physicsBendingStiffness: 2, physicsAxialStiffness: 50 });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'NodePosition', nodeNumber: nodes[1] }), loadVector: [0, -1, 0.5] });
    return nodes[1];
  },
  create: (v, label) => new PointSlope1Model(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates), Float64Array.from(v.initialVelocities)),
};

/** Factory for a 3D point/slope node. */
export const NodePointSlope1 = makeFactory(nodePointSlope1Definition);
