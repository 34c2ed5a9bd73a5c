import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, Only, PositionMarkerModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { positionMarkerOutput, positionMarkerOutputs } from './rigidMarkerOutputs.ts';
import { intVector, objectIndex, vector } from '../../registry/parameters.ts';
import { bindSuperElement, SuperElementPoint } from './superElementMarkerBase.ts';
import { objectFFRFDefinition } from '../objects/ObjectFFRF.ts';

const parameters = {
  bodyNumber: objectIndex('Super element (ObjectFFRF, ObjectFFRFreducedOrder, ObjectGenericODE2 of Point nodes) the marker is attached to.'),
  meshNodeNumbers: intVector([], 'Mesh node numbers k_0 … k_{m−1} of the super element (0-based).'),
  weightingFactors: vector([], 'Weights w_0 … w_{m−1}, one per mesh node; they must sum to 1.'),
};

/** Run-time model: the weighted mean point Σ w_i p_i of mesh nodes. */
class SuperElementPositionMarkerModel implements Only<PositionMarkerModel, SuperElementPositionMarkerModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  velocity_q?: PositionMarkerModel['velocity_q'];
  jacobianTransposedVector_q?: PositionMarkerModel['jacobianTransposedVector_q'];
  private point!: SuperElementPoint;

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, private readonly meshNodes: readonly number[], private readonly weights: Float64Array) {}

  bind(context: BindContext): void {
    const se = bindSuperElement(this.label, context, this.bodyNumber, this.meshNodes, this.weights);
    const m = this.meshNodes.length;
    const base = new Float64Array(3), x = new Float64Array(3);
    const coefficients = new Float64Array(9 * m);
    for (let k = 0; k < m; k++) {
      const w = this.weights[k];
      se.meshNodeReferencePosition(this.meshNodes[k], x);
      for (let d = 0; d < 3; d++) { base[d] += w * x[d]; coefficients[d * 3 * m + 3 * k + d] = w; }
    }
    this.point = new SuperElementPoint(se, se.createMeshNodeMap(this.meshNodes, coefficients, 3), base);
    this.nodes = this.point.nodes;
    this.nLocalU = this.point.nLocalU;
    const point = this.point;
    this.velocity_q = point.hasVelocity_q ? (s, out) => point.velocity_q(s, out) : undefined;
    this.jacobianTransposedVector_q = point.hasJacobianTransposedVector_q
      ? (s, force, _torque, k, factor) => { if (force !== undefined) point.jacobianTransposedVector_q(s, force, k, factor); }
      : undefined;
  }

  position(s: ItemState, out: Float64Array): void {
    this.point.position(s, out);
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.point.velocity(s, out);
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.point.positionJacobian(s, out);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return positionMarkerOutput(this, variable, s);
  }
}

/** A position marker on weighted mesh nodes of a super element (Exudyn's MarkerSuperElementPosition). */
export const markerSuperElementPositionDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'SuperElementPosition',
  description: 'The weighted average p = Σ w_i p_i of the current positions of mesh nodes k_i of a super element (an RBE3-like point), '
    + 'with its velocity and position Jacobian over the reference-frame node and the flexible coordinates the nodes depend on. '
    + 'The weights must sum to 1 (checked at assemble, as are the mesh node numbers).',
  parameters,
  outputVariables: positionMarkerOutputs,
  equations: 'p = p_r + A (x̄_avg + Σ w_i ū_i), x̄_avg = Σ w_i x̄_i; v = v_r + A (ω̄ × p̄ + Σ w_i dū_i/dt); J = [J_pos,r − (A p̄)~ J_rot,r | A Σ w_i ∂ū_i/∂q_f].',
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'SuperElementPosition', bodyNumber: objectFFRFDefinition.example(mbs), meshNodeNumbers: [0, 1, 2], weightingFactors: [0.5, 0.3, 0.2] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.5, -1, 0.3] });
    return marker;
  },
  create: (v, label) => new SuperElementPositionMarkerModel(label, v.bodyNumber, v.meshNodeNumbers, Float64Array.from(v.weightingFactors)),
};

/** Factory for a super-element position marker. */
export const MarkerSuperElementPosition = makeFactory(markerSuperElementPositionDefinition);
