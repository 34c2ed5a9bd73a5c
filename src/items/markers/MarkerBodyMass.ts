import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, BodyMassMarkerModel as BodyMassMarker, BodyModel, ItemState, NodeModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { objectIndex } from '../../registry/parameters.ts';
import { objectRigidBodyDefinition } from '../objects/ObjectRigidBody.ts';

const parameters = {
  bodyNumber: objectIndex('Body whose mass distribution the marker represents.'),
};

/** A body with a mass distribution (mass-proportional loads act on it). */
type MassBodyModel = BodyModel & Required<Pick<BodyModel, 'massProportionalForce'>>;

/** True if the body has a mass distribution. */
function hasMassDistribution(body: BodyModel): body is MassBodyModel {
  return body.massProportionalForce !== undefined;
}

/** Run-time model: the mass distribution of a body, for gravity-like loads. */
class BodyMassMarkerModel implements Only<BodyMassMarker, BodyMassMarkerModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  private body!: MassBodyModel;
  /** The body's line-load integration (rods), if it has one (set in bind). */
  addDistributedLoad?: BodyMassMarker['addDistributedLoad'];
  /** The body's state-dependent line forces (rods), if it has them (set in bind). */
  addLineForceLaw?: BodyMassMarker['addLineForceLaw'];
  /** Their Jacobians (set in bind with addLineForceLaw). */
  lineForceLawJacobian?: BodyMassMarker['lineForceLawJacobian'];
  /** Whether the body's mass-proportional force depends on the coordinates (set in bind). */
  massProportionalForceDependsOnCoordinates = false;
  /** The body's translational mass, if it has one (set in bind; see {@link BodyModel.translationalMass}). */
  translationalMass = 0;
  /** Its count of coordinates, 0 without it (set in bind). */
  translationalDimension = 0;

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number) {}

  bind(context: BindContext): void {
    const body = context.body(this.bodyNumber, 'bodyNumber');
    if (!hasMassDistribution(body)) itemError(this.label, 'bodyNumber', `must refer to a body with a mass distribution, got body #${this.bodyNumber}`);
    this.body = body;
    this.nodes = body.nodes;
    this.nLocalU = body.nLocalU;
    this.addDistributedLoad = body.addDistributedLoad?.bind(body);
    this.addLineForceLaw = body.addLineForceLaw?.bind(body);
    this.lineForceLawJacobian = body.lineForceLawJacobian?.bind(body);
    this.massProportionalForceDependsOnCoordinates = body.massProportionalForceDependsOnCoordinates === true;
    const translational = body.translationalMass?.();
    this.translationalMass = translational === undefined ? 0 : translational[0];
    this.translationalDimension = translational === undefined ? 0 : translational[1];
  }

  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    this.body.massProportionalForce(s, loadPerMass, f);
  }

  output(): undefined {
    return undefined;
  }
}

/** A marker on a body's mass, the target of LoadMassProportional (gravity). */
export const markerBodyMassDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'BodyMass',
  description: 'The mass distribution of a body; a mass-proportional load on it acts as ∫ ρ b dV on every mass element.',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectRigidBodyDefinition.example(mbs) });
    mbs.addLoad({ loadType: 'MassProportional', markerNumber: marker, loadVector: [0, 0, -9.81] });
    return marker;
  },
  create: (v, label) => new BodyMassMarkerModel(label, v.bodyNumber),
};

/** Factory for a body mass marker. */
export const MarkerBodyMass = makeFactory(markerBodyMassDefinition);
