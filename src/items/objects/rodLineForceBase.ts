/**
 * The run-time model shared by the state-dependent line forces on a rod (ObjectRodLinearDamping,
 * ObjectRodSlenderBodyDrag): an object on the rod's MarkerBodyMass whose local coordinates are the rod's, and whose
 * ode2Lhs is −∫ (δrᵀ b + δφ_Kᵀ c) ds of a {@link LineForceLaw}, integrated and differentiated by the rod.
 * @module
 */

import { isBodyMassMarker, type BindContext, type BodyMassMarkerModel, type ItemState, type LineForceLaw, type LocalMatrixAccumulator, type MarkerModel, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';

/** A body-mass marker on a body that integrates line-force laws (rods). */
type LineForceMarker = BodyMassMarkerModel & Required<Pick<BodyMassMarkerModel, 'addLineForceLaw' | 'lineForceLawJacobian'>>;

/** True if the marker is a body-mass marker whose body integrates line-force laws. */
function isLineForceMarker(marker: MarkerModel): marker is LineForceMarker {
  return isBodyMassMarker(marker) && marker.addLineForceLaw !== undefined && marker.lineForceLawJacobian !== undefined;
}

/** An object applying a line-force law to the rod of its MarkerBodyMass; analytic Jacobians from the rod. */
export class RodLineForceModel implements Only<ObjectModel, RodLineForceModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: readonly NodeModel[] = [];
  private marker!: LineForceMarker;

  constructor(readonly label: ItemLabel, private readonly markerNumber: number, private readonly law: LineForceLaw) {}

  bind(context: BindContext): void {
    const marker = context.marker(this.markerNumber, 'markerNumber');
    if (!isLineForceMarker(marker)) {
      itemError(this.label, 'markerNumber', `must refer to a MarkerBodyMass on a rod (a body with line-force integration, e.g. ObjectCosseratRod), got ${marker.label.category}${marker.label.typeName} #${this.markerNumber}`);
    }
    this.marker = marker;
    this.localNodes = marker.nodes;
  }

  /** −∫ (δrᵀ b + δφ_Kᵀ c) ds (the line force as a left-hand side). */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.marker.addLineForceLaw(s, this.law, f, -1);
  }

  ode2Lhs_q(s: ItemState, k: LocalMatrixAccumulator, factor: number): void {
    this.marker.lineForceLawJacobian(s, this.law, 'q', k, -factor);
  }

  ode2Lhs_u(s: ItemState, d: LocalMatrixAccumulator, factor: number): void {
    this.marker.lineForceLawJacobian(s, this.law, 'u', d, -factor);
  }

  output(): undefined {
    return undefined;
  }
}
