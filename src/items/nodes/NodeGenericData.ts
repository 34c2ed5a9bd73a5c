import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { uint, vector, structural, setsTheNumberOfCoordinates } from '../../registry/parameters.ts';
import { NodeBase } from './nodeBase.ts';

const parameters = {
  initialCoordinates: vector([], 'Initial values of the data coordinates (numberOfDataCoordinates entries; [] means zeros).'),
  numberOfDataCoordinates: structural(uint(0, 'Number of data coordinates (history variables).'), setsTheNumberOfCoordinates),
};

const noCoordinates = new Float64Array(0);

/** Run-time model of a data node: no ODE2 coordinates, numberOfDataCoordinates data coordinates. */
class GenericDataNodeModel extends NodeBase implements Only<NodeModel, GenericDataNodeModel> {
  readonly nq = 0;
  readonly nu = 0;
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 0;

  constructor(label: ItemLabel, readonly nData: number, readonly initialDataCoordinates: Float64Array) {
    super(label, noCoordinates, noCoordinates, noCoordinates);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable !== OutputVariableType.Coordinates) return undefined;
    return s.data.slice(this.dataIndex, this.dataIndex + this.nData);
  }
}

/** A node holding data coordinates: the discrete state of a contact, friction or switching item (Exudyn's NodeGenericData). */
export const nodeGenericDataDefinition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'GenericData',
  description: 'A node containing numberOfDataCoordinates data (history) variables, e.g. the active contact set, the stick/slip state '
    + 'of friction or a rotation counter. An object uses it through its nodeNumber and updates it only in its post-Newton step '
    + '(discontinuous iteration); the values are stored with the system states, restored when a step is rejected, written to '
    + 'the solution file (solutionSettings.exportDataCoordinates) and read by SensorNode with Coordinates. In the reference '
    + 'configuration they are zero.',
  parameters,
  outputVariables: [OutputVariableType.Coordinates],
  equations: 'x = [x_0, …, x_{n−1}] (data coordinates, no equations of motion); x(t_0) = initialCoordinates.',
  validate: (v, label) => {
    const n = v.numberOfDataCoordinates;
    if (v.initialCoordinates.length !== 0 && v.initialCoordinates.length !== n) {
      itemError(label, 'initialCoordinates', `must have numberOfDataCoordinates = ${n} entries (or none), got ${v.initialCoordinates.length}`);
    }
  },
  example: (mbs) => {
    const point = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0, 0, 0], initialVelocities: [0.3, 0, 0] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: point });
    return mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 3, initialCoordinates: [1, -0.5, 2] });
  },
  create: (v, label) => {
    const n = v.numberOfDataCoordinates;
    return new GenericDataNodeModel(label, n, v.initialCoordinates.length === 0 ? new Float64Array(n) : Float64Array.from(v.initialCoordinates));
  },
};

/** Factory for a data node. */
export const NodeGenericData = makeFactory(nodeGenericDataDefinition);
