import { bodyOrigin, constantJacobianTransposedVector_q, denseLocalMatrix, isPositionNode, type PositionNodeModel, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { zeroArray } from '../../linalg/arrays.ts';

/** Body outputs of point masses. */
export const pointMassOutputs = [
  OutputVariableType.Position, OutputVariableType.Displacement,
  OutputVariableType.Velocity, OutputVariableType.Acceleration,
] as const;

/** The local mass matrix before bind (one shared empty array, not one per point mass). */
const noEntries = new Float64Array(0);

/** A point mass on a Point (3D) or Point2D node: mass matrix m·I, kinematics of its node. */
export class PointMassModel implements Only<ObjectModel & BodyModel, PointMassModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];
  nLocalU = 0;
  private node!: PositionNodeModel;
  /** The shared dense work array of the local mass matrix (see denseLocalMatrix; set in bind, empty before). */
  private localMatrix = noEntries;

  constructor(
    readonly label: ItemLabel,
    private readonly mass: number,
    private readonly nodeNumber: number,
    private readonly dimension: 2 | 3,
  ) {}

  get body(): BodyModel {
    return this;
  }

  bind(context: BindContext): void {
    const node = context.node(this.nodeNumber, 'nodeNumber');
    if (!isPositionNode(node) || node.positionDimension !== this.dimension || node.isGround || node.nu !== this.dimension) {
      itemError(this.label, 'nodeNumber', `must refer to a ${this.dimension === 3 ? 'Point' : 'Point2D'} node with coordinates, got ${node.label.category}${node.label.typeName} #${node.label.index}`);
    }
    this.node = node;
    this.localNodes = [node];
    this.nodes = [node];
    this.nLocalU = node.nu;
    this.localMatrix = denseLocalMatrix(node.nu);
  }

  massMatrix(_s: ItemState, acc: LocalMatrixAccumulator): void {
    const n = this.nLocalU;
    const m = this.localMatrix;
    zeroArray(m);
    for (let i = 0; i < n; i++) m[i * n + i] += this.mass;
    acc.addBlock(0, 0, n, n, m, 0, n, 1);
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.position(s, out);
    for (let i = 0; i < 3; i++) out[i] += localPosition[i] ?? 0;
  }

  velocity(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.velocity(s, out);
  }

  positionJacobian(s: ItemState, _localPosition: ArrayLike<number>, out: Float64Array): void {
    this.node.positionJacobian(s, out);
  }

  /** The position Jacobian is the node's, constant: no contribution to load Jacobians (markers on the body skip it). */
  readonly jacobianTransposedVector_q = constantJacobianTransposedVector_q;

  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    for (let i = 0; i < this.nLocalU; i++) f[i] += this.mass * loadPerMass[i];
  }

  /** m on all nLocalU coordinates (massProportionalForce's terms). */
  translationalMass(): readonly [number, number] {
    return [this.mass, this.nLocalU];
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: return this.node.output(OutputVariableType.Displacement, s);
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.Acceleration: this.node.acceleration(s, out); return out;
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}
