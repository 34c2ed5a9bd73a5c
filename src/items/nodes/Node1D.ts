import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { vector } from '../../registry/parameters.ts';
import { coordinateOutput, coordinateOutputVariables } from './coordinateOutputs.ts';
import { NodeBase } from './nodeBase.ts';

const parameters = {
  referenceCoordinates: vector([0], 'Reference value q0,ref of the coordinate (in vector form).', 1),
  initialCoordinates: vector([0], 'Initial displacement of the coordinate (in vector form).', 1),
  initialVelocities: vector([0], 'Initial velocity of the coordinate (in vector form).', 1),
};

/** Run-time model of a node with one scalar ODE2 coordinate (translation or rotation of a 1D object). */
class Node1DModel extends NodeBase implements Only<NodeModel, Node1DModel> {
  readonly nq = 1;
  readonly nu = 1;
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 0;

  constructor(label: ItemLabel, referenceCoordinates: Float64Array, initialCoordinates: Float64Array, initialVelocities: Float64Array) {
    super(label, referenceCoordinates, initialCoordinates, initialVelocities);
  }

  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
    return coordinateOutput(this, variable, s, into);
  }
}

/** Exudyn's Node1D: one ODE2 coordinate, used by ObjectMass1D and ObjectRotationalMass1D. */
export const node1DDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: '1D',
  description: 'A node with one ODE2 coordinate q0 for one-dimensional problems; the total value is p0 = q0,ref + q0. '
    + 'Objects such as Mass1D (translation) and RotationalMass1D (rotation) map it to 3D motion.',
  parameters,
  outputVariables: coordinateOutputVariables,
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: '1D', referenceCoordinates: [0.3], initialCoordinates: [0.1], initialVelocities: [0.7] });
    mbs.addObject({ objectType: 'Mass1D', physicsMass: 1.2, nodeNumber: node, referencePosition: [0.1, 0.2, 0.3] });
    mbs.addLoad({ loadType: 'Coordinate', markerNumber: mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: node, coordinate: 0 }), load: 0.5 });
    return node;
  },
  create: (v, label) => new Node1DModel(label, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates), Float64Array.from(v.initialVelocities)),
};

/** Factory for a node with one ODE2 coordinate: `Node1D({ referenceCoordinates: [0] })`. */
export const Node1D = makeFactory(node1DDefinition);
