import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { uint, vector, structural, setsTheNumberOfCoordinates } from '../../registry/parameters.ts';
import { coordinateOutput, coordinateOutputVariables } from './coordinateOutputs.ts';
import { NodeBase } from './nodeBase.ts';

const parameters = {
  referenceCoordinates: vector([], 'Reference values of the coordinates.'),
  numberOfODE2Coordinates: structural(uint(0, 'Number of ODE2 coordinates of the node.'), setsTheNumberOfCoordinates),
  initialCoordinates: vector([], 'Initial coordinates (displacements from the reference).'),
  initialCoordinates_t: vector([], 'Initial velocities of the coordinates.'),
};

/** Run-time model of a node with n generic ODE2 coordinates. */
class GenericODE2NodeModel extends NodeBase implements Only<NodeModel, GenericODE2NodeModel> {
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 0;
  readonly nu: number;

  constructor(
    label: ItemLabel,
    readonly nq: number,
    referenceCoordinates: Float64Array,
    initialCoordinates: Float64Array,
    initialVelocities: Float64Array,
  ) {
    super(label, referenceCoordinates, initialCoordinates, initialVelocities);
    this.nu = nq;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return coordinateOutput(this, variable, s);
  }
}

/** A node with a user-chosen number of ODE2 coordinates, e.g. for ObjectGenericODE2 or modal coordinates. */
export const nodeGenericODE2Definition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'GenericODE2',
  description: 'A node with numberOfODE2Coordinates generic second-order coordinates, without geometric meaning.',
  parameters,
  outputVariables: coordinateOutputVariables,
  validate: (v, label) => {
    const n = v.numberOfODE2Coordinates;
    for (const key of ['referenceCoordinates', 'initialCoordinates', 'initialCoordinates_t'] as const) {
      if (v[key].length !== n && !(key !== 'referenceCoordinates' && v[key].length === 0)) {
        itemError(label, key, `must have numberOfODE2Coordinates = ${n} entries, got ${v[key].length}`);
      }
    }
  },
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'GenericODE2', numberOfODE2Coordinates: 2, referenceCoordinates: [0.5, -0.2], initialCoordinates: [0.1, 0.2], initialCoordinates_t: [1, -0.5] });
    mbs.addObject({ objectType: 'GenericODE2', nodeNumbers: [node], massMatrix: [[2, 0.1], [0.1, 1]], stiffnessMatrix: [[30, -5], [-5, 20]], dampingMatrix: [[0.5, 0], [0, 0.2]], forceVector: [1, 0] });
    return node;
  },
  create: (v, label) => {
    const n = v.numberOfODE2Coordinates;
    const orZeros = (values: ArrayLike<number>) => (values.length === 0 ? new Float64Array(n) : Float64Array.from(values));
    return new GenericODE2NodeModel(label, n, Float64Array.from(v.referenceCoordinates), orZeros(v.initialCoordinates), orZeros(v.initialCoordinates_t));
  },
};

/** Factory for a generic ODE2 node. */
export const NodeGenericODE2 = makeFactory(nodeGenericODE2Definition);
