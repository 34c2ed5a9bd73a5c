import { bodyOrigin, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';

/** Checks that a 1D object's node has exactly one ODE2 coordinate; returns it. */
export function bindScalarNode(label: ItemLabel, context: BindContext, nodeNumber: number): NodeModel {
  const node = context.node(nodeNumber, 'nodeNumber');
  if (node.isGround || node.nq !== 1 || node.nu !== 1) {
    itemError(label, 'nodeNumber', `must refer to a node with one ODE2 coordinate (Node1D), got ${node.label.category}${node.label.typeName} #${node.label.index} with ${node.nu} coordinates`);
  }
  return node;
}

/**
 * Shared part of the 1D bodies on a Node1D (ObjectMass1D, ObjectRotationalMass1D): one ODE2 coordinate with a
 * constant scalar mass (or inertia), a constant reference point p_ref and a constant rotation R. Subclasses give
 * the kinematics (position, velocity, orientation, Jacobians) and the body outputs.
 */
export abstract class ScalarBody1DModel implements Only<ObjectModel & BodyModel, ScalarBody1DModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];
  readonly nLocalU = 1;
  protected node!: NodeModel;

  constructor(
    readonly label: ItemLabel,
    /** Mass m (translational) or inertia J (rotational): the 1 × 1 mass matrix. */
    protected readonly massEntry: number,
    private readonly nodeNumber: number,
    protected readonly referencePosition: Float64Array,
    /** R, row-major 3 × 3. */
    protected readonly rotation: Float64Array,
  ) {}

  get body(): BodyModel {
    return this;
  }

  bind(context: BindContext): void {
    this.node = bindScalarNode(this.label, context, this.nodeNumber);
    this.localNodes = [this.node];
    this.nodes = [this.node];
  }

  massMatrix(_s: ItemState, acc: LocalMatrixAccumulator): void {
    acc.add(0, 0, this.massEntry);
  }

  /** Total coordinate c_ref + c of the node (position along R e_x, or angle about R e_z). */
  protected totalCoordinate(s: ItemState): number {
    return this.node.referenceCoordinates[0] + s.q[this.node.qIndex];
  }

  abstract position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  abstract velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  abstract positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void;
  abstract outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined;

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}
