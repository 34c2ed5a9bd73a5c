import { type BindContext, type CoordinateMarkerModel, type ItemState, type LocalMatrixAccumulator, type NodeModel } from '../../registry/capabilities.ts';
import type { ItemLabel } from '../../core/errors.ts';
import { MarkerPair, coordinateMarkers } from './connectorBase.ts';

/**
 * The kinematics of a connector between two coordinate markers with factors f0, f1 (Exudyn's coordinate connectors):
 * q = f1 c1 − f0 c0, v = f1 ċ1 − f0 ċ0, and the generalized force of a scalar force F, Q = F ∂q/∂c (−F f0 on marker 0's
 * coordinate, +F f1 on marker 1's). Markers whose value is no local coordinate (MarkerNodeRotationCoordinate) contribute
 * through their coordinate Jacobian row; with such markers {@link CoordinatePair.hasUnitRows} is false and connectors
 * leave their Jacobians to numerical differentiation (as Exudyn, whose markers have no Jacobian derivative).
 */
export class CoordinatePair {
  /** The two coordinate markers (bound in bind). */
  readonly markers: MarkerPair<CoordinateMarkerModel>;
  /** Nodes of both markers in local order (set in bind). */
  localNodes: NodeModel[] = [];
  private local0 = -1;
  private local1 = -1;
  private row0 = new Float64Array(0);
  private row1 = new Float64Array(0);
  private rowOf0: CoordinateMarkerModel['coordinateJacobian'];
  private rowOf1: CoordinateMarkerModel['coordinateJacobian'];
  /** Local rows, columns and values of the entries of value·g gᵀ (set in bind; see addPatternEntries). */
  private patternRows = new Int32Array(0);
  private patternCols = new Int32Array(0);
  private patternValues = new Float64Array(0);

  constructor(label: ItemLabel, markerNumbers: readonly number[]) {
    this.markers = new MarkerPair(label, markerNumbers, coordinateMarkers);
  }

  /** Resolves the markers, their local coordinate indices and Jacobian rows. */
  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    const { marker0, marker1, n0, n1 } = this.markers;
    this.local0 = marker0.coordinateLocalIndex ?? -1;
    this.local1 = (marker1.coordinateLocalIndex ?? -1) < 0 ? -1 : n0 + marker1.coordinateLocalIndex!;
    this.rowOf0 = marker0.coordinateJacobian?.bind(marker0);
    this.rowOf1 = marker1.coordinateJacobian?.bind(marker1);
    this.row0 = new Float64Array(this.rowOf0 === undefined ? 0 : n0);
    this.row1 = new Float64Array(this.rowOf1 === undefined ? 0 : n1);
    const { local0, local1 } = this;
    const entries: [number, number][] = local0 >= 0 && local0 === local1 ? [[local0, local0]] : [
      ...(local0 >= 0 ? [[local0, local0] as [number, number]] : []),
      ...(local1 >= 0 ? [[local1, local1] as [number, number]] : []),
      ...(local0 >= 0 && local1 >= 0 ? [[local0, local1], [local1, local0]] as [number, number][] : []),
    ];
    this.patternRows = Int32Array.from(entries, ([row]) => row);
    this.patternCols = Int32Array.from(entries, ([, col]) => col);
    this.patternValues = new Float64Array(entries.length);
  }

  /** True if both markers' values are local coordinates (or ground): ∂q/∂c has unit entries only. */
  get hasUnitRows(): boolean {
    return this.rowOf0 === undefined && this.rowOf1 === undefined;
  }

  /** q = f1 c1 − f0 c0. */
  displacement(s: ItemState, f0: number, f1: number): number {
    return f1 * this.markers.marker1.coordinate(s) - f0 * this.markers.marker0.coordinate(s);
  }

  /** v = f1 ċ1 − f0 ċ0. */
  velocity(s: ItemState, f0: number, f1: number): number {
    return f1 * this.markers.marker1.coordinateVelocity(s) - f0 * this.markers.marker0.coordinateVelocity(s);
  }

  /** Adds the generalized force of the scalar force F to the local vector f: −F f0 ∂c0/∂u, +F f1 ∂c1/∂u. */
  addForce(s: ItemState, f: Float64Array, force: number, f0: number, f1: number): void {
    if (this.local0 >= 0) f[this.local0] -= f0 * force;
    if (this.local1 >= 0) f[this.local1] += f1 * force;
    const { rowOf0, rowOf1 } = this;
    if (rowOf0 !== undefined) {
      rowOf0(s, this.row0);
      for (let k = 0; k < this.row0.length; k++) f[k] -= f0 * force * this.row0[k];
    }
    if (rowOf1 !== undefined) {
      const n0 = this.markers.n0;
      rowOf1(s, this.row1);
      for (let k = 0; k < this.row1.length; k++) f[n0 + k] += f1 * force * this.row1[k];
    }
  }

  /**
   * Adds value·g gᵀ to acc, g = ∂q/∂c = [−f0 at marker 0's coordinate, f1 at marker 1's] (markers with unit rows only;
   * ground coordinates are skipped): the Jacobian of Q = F g for ∂F/∂q (or ∂F/∂v) = value. One entry list of the
   * pattern's (at most four) entries, the same entries at every call (zeros for value 0), so that a sparse target keeps
   * its pattern; both markers on one coordinate give one entry, summed in the order f0², f1², −f0 f1, −f0 f1.
   */
  addPatternEntries(acc: LocalMatrixAccumulator, value: number, f0: number, f1: number): void {
    const values = this.patternValues;
    const count = this.patternRows.length;
    if (count === 0) return;
    if (this.local0 >= 0 && this.local0 === this.local1) {
      let sum = value * f0 * f0;
      sum += value * f1 * f1;
      sum -= value * f0 * f1;
      sum -= value * f0 * f1;
      values[0] = sum;
    } else {
      let k = 0;
      if (this.local0 >= 0) values[k++] = value * f0 * f0;
      if (this.local1 >= 0) values[k++] = value * f1 * f1;
      if (k === 2) {
        values[2] = -(value * f0 * f1);
        values[3] = values[2];
      }
    }
    acc.addEntries(this.patternRows, this.patternCols, values, count, 1);
  }
}
