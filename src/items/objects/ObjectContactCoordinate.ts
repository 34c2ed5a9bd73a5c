import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only, PostNewtonOutput } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, real, ureal } from '../../registry/parameters.ts';
import { CoordinatePair } from './coordinatePair.ts';
import { bindDataNode } from './connectorBase.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two coordinate markers [m0, m1] defining the gap g = c1 − c0 − offset.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 1 data coordinate: the gap of the last post-Newton step (active set: contact while it is ≤ 0).'),
  contactStiffness: ureal(0, 'Contact (penalty) stiffness k_c [N/m]; acts only in contact.'),
  contactDamping: ureal(0, 'Contact damping d_c [N s/m]; acts only in contact.'),
  offset: real(0, 'Offset [m] of the contact: g = c1 − c0 − offset.'),
  activeConnector: bool(true, 'If false, the contact exerts no force and does not switch.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; contactStiffness: number; contactDamping: number; offset: number; activeConnector: boolean;
};

/** Run-time model of the coordinate contact: penalty force while the data coordinate (last gap) is ≤ 0. */
class ContactCoordinateModel implements Only<ObjectModel, ContactCoordinateModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  /** Analytic ∂F/∂q pattern; absent with rotation-coordinate markers (numerical, as Exudyn). */
  ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  /** Analytic ∂F/∂v pattern; absent as ode2Lhs_q. */
  ode2Lhs_u?: (s: ItemState, d: LocalMatrixAccumulator, factor: number) => void;
  localNodes: NodeModel[] = [];
  private readonly pair: CoordinatePair;
  private dataIndex = -1;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.pair = new CoordinatePair(label, v.markerNumbers);
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
    this.dataIndex = bindDataNode(context, this.label, this.v.nodeNumber, 1, 'for the contact state (the gap of the last post-Newton step)')!.dataIndex;
    if (this.pair.hasUnitRows) {
      // the same block in and out of contact (zeros when open), so that the sparse pattern is reused
      this.ode2Lhs_q = (s, acc, factor) => this.pair.addPatternEntries(acc, this.inContact(s) ? factor * this.v.contactStiffness : 0, 1, 1);
      this.ode2Lhs_u = (s, acc, factor) => this.pair.addPatternEntries(acc, this.inContact(s) ? factor * this.v.contactDamping : 0, 1, 1);
    }
  }

  /** The active set: contact while the data coordinate (the gap of the last post-Newton step) is ≤ 0. */
  private inContact(s: ItemState): boolean {
    return this.v.activeConnector && s.data[this.dataIndex] <= 0;
  }

  /** g = c1 − c0 − offset. */
  private gap(s: ItemState): number {
    return this.pair.displacement(s, 1, 1) - this.v.offset;
  }

  /** f_c = k_c g + d_c ġ in contact, else 0. */
  private force(s: ItemState): number {
    if (!this.inContact(s)) return 0;
    return this.v.contactStiffness * this.gap(s) + this.v.contactDamping * this.pair.velocity(s, 1, 1);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    const force = this.force(s);
    if (force !== 0) this.pair.addForce(s, f, force, 1, 1);
  }

  /**
   * Exudyn's post-Newton step: the data coordinate becomes the current gap; if the contact state of the start of step
   * (its gap ≤ 0) differs from the current gap's, the error is |k_c g| and the recommended step is |g_start / ġ|, the
   * time to reach g = 0 at the current gap velocity.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    if (!this.v.activeConnector) return 0;
    const gap = this.gap(s);
    const startGap = startOfStep.data[this.dataIndex];
    let error = 0;
    if ((gap > 0) !== (startGap > 0)) {
      error = Math.abs(gap * this.v.contactStiffness);
      const rate = this.pair.velocity(s, 1, 1);
      if (rate !== 0) out.recommendedStepSize = Math.abs(startGap / rate);
    }
    s.data[this.dataIndex] = gap;
    return error;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable === OutputVariableType.Distance) return [this.gap(s)];
    if (variable === OutputVariableType.Force) return [this.force(s)];
    return undefined;
  }
}

/** Penalty contact of two coordinates (Exudyn's ObjectContactCoordinate). */
export const objectContactCoordinateDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactCoordinate',
  description: 'A penalty contact between two coordinate markers: the gap g = c1 − c0 − offset is closed (contact) for g ≤ 0, '
    + 'where the force f_c = k_c g + d_c ġ acts on the markers (−f_c on marker 0, +f_c on marker 1). The active set is the '
    + 'data coordinate of the NodeGenericData (nodeNumber, 1 data coordinate): contact while it is ≤ 0; Newton keeps it fixed, '
    + 'the post-Newton step sets it to the current gap and reports |k_c g| when the contact state changed in the step, with '
    + 'the recommended step size |g_start/ġ| (use the discontinuous iteration with an adaptive step). Initialize the data '
    + 'coordinate with the initial gap (or any positive value when not in contact). Jacobians are analytic at fixed data '
    + 'coordinates. Outputs: Distance (the gap g) and Force (f_c; Flexdyn addition, Exudyn has no outputs).',
  parameters,
  outputVariables: [OutputVariableType.Distance, OutputVariableType.Force],
  equations: 'g = c1 − c0 − offset; f_c = k_c g + d_c ġ if x_data ≤ 0, else 0; Q_m0 = −f_c, Q_m1 = +f_c (left-hand side). '
    + 'Post-Newton step: x_data ← g; error |k_c g| and recommended step |x_data,start / ġ| if sign(g) ≠ sign(x_data,start).',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point', referenceCoordinates: [i, 0, 0], initialCoordinates: [0, -0.1 * i, 0], initialVelocities: [0.5 * i, -0.2, 0] }));
    for (const node of nodes) mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = nodes.map((node) => mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: node, coordinate: 1 }));
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 1, initialCoordinates: [-0.02] });
    return mbs.addObject({ objectType: 'ContactCoordinate', markerNumbers: markers, nodeNumber: data, contactStiffness: 400, contactDamping: 3, offset: 0.05 });
  },
  create: (v, label) => new ContactCoordinateModel(label, v),
};

/** Factory for the coordinate contact. */
export const ObjectContactCoordinate = makeFactory(objectContactCoordinateDefinition);
