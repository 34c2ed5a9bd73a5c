import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { uint, vector, structural, setsTheNumberOfCoordinates } from '../../registry/parameters.ts';
import { NodeBase } from './nodeBase.ts';

const parameters = {
  referenceCoordinates: vector([], 'Reference values y_ref of the ODE1 coordinates (numberOfODE1Coordinates entries).'),
  initialCoordinates: vector([], 'Initial values of the ODE1 coordinates as displacements from the reference (numberOfODE1Coordinates entries).'),
  numberOfODE1Coordinates: structural(uint(0, 'Number n_c of first-order (ODE1) coordinates of the node.'), setsTheNumberOfCoordinates),
};

/** Run-time model of a node with n_c first-order coordinates y (ẏ = F from its objects), no ODE2 coordinates. */
class GenericODE1NodeModel extends NodeBase implements Only<NodeModel, GenericODE1NodeModel> {
  readonly nq = 0;
  readonly nu = 0;
  readonly nAE = 0;
  readonly isGround = false;
  readonly positionDimension = 0;

  constructor(label: ItemLabel, readonly nODE1: number, referenceCoordinates: Float64Array, initialCoordinates: Float64Array) {
    super(label, referenceCoordinates, initialCoordinates, new Float64Array(0));
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const first = this.ode1Index;
    const n = this.nODE1;
    switch (variable) {
      case OutputVariableType.Coordinates: return s.ode1.slice(first, first + n);
      case OutputVariableType.CoordinatesTotal: {
        const total = s.ode1Ref.slice(first, first + n);
        for (let i = 0; i < n; i++) total[i] += s.ode1[first + i];
        return total;
      }
      case OutputVariableType.Coordinates_t: return s.ode1_t.slice(first, first + n);
      default: return undefined;
    }
  }
}

/** Exudyn's NodeGenericODE1: a node with numberOfODE1Coordinates first-order coordinates (state-space systems, hydraulics, friction states). */
export const nodeGenericODE1Definition: ItemDefinition<'Node', typeof parameters> = {
  category: 'Node',
  typeName: 'GenericODE1',
  description: 'A node with numberOfODE1Coordinates first-order (ODE1) coordinates y, without geometric meaning: the states of '
    + 'ObjectGenericODE1 and of the pressure equations of ObjectConnectorHydraulicActuatorSimple. As in Exudyn, referenceCoordinates and '
    + 'initialCoordinates must be given (numberOfODE1Coordinates entries each); the stored coordinates are displacements from the reference values.',
  parameters,
  outputVariables: [OutputVariableType.Coordinates, OutputVariableType.CoordinatesTotal, OutputVariableType.Coordinates_t],
  equations: 'Coordinates: y (displacements); CoordinatesTotal: y_ref + y; Coordinates_t: ẏ, the rate of the last evaluation of the '
    + 'first-order equations ẏ = F(y, q, u, t) that the node\'s objects define (explicit solvers: F at the end of the step; implicit '
    + 'solvers: the trapezoidal-rule rate ẏ_{n+1}).',
  validate: (v, label) => {
    const n = v.numberOfODE1Coordinates;
    if (n === 0) itemError(label, 'numberOfODE1Coordinates', 'must be at least 1, got 0');
    for (const key of ['referenceCoordinates', 'initialCoordinates'] as const) {
      if (v[key].length !== n) itemError(label, key, `must have numberOfODE1Coordinates = ${n} entries, got ${v[key].length}`);
    }
  },
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'GenericODE1', numberOfODE1Coordinates: 2, referenceCoordinates: [0.5, -0.2], initialCoordinates: [1, 0] });
    mbs.addObject({ objectType: 'GenericODE1', nodeNumbers: [node], systemMatrix: [[0, 1], [-100, -0.5]], rhsVector: [0, 1] });
    return node;
  },
  create: (v, label) => new GenericODE1NodeModel(label, v.numberOfODE1Coordinates, Float64Array.from(v.referenceCoordinates), Float64Array.from(v.initialCoordinates)),
};

/** Factory for a node with first-order coordinates: `NodeGenericODE1({ numberOfODE1Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [1, 0] })`. */
export const NodeGenericODE1 = makeFactory(nodeGenericODE1Definition);
