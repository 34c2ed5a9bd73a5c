import type { ItemState, NodeModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';

/**
 * A marker on the ODE2 coordinates of a list of nodes (MarkerNodeCoordinates: one node; MarkerObjectODE2Coordinates:
 * an object's nodes), concatenated in node order, reference values included. Only nodes whose velocity coordinates
 * are the time derivatives of their coordinates (n_q = n_u, no Lie-group update) qualify, so that ∂q/∂u = I; ground
 * nodes add no coordinates.
 */
export abstract class CoordinateVectorMarker {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  /** Global q (and qRef) index of each local coordinate. */
  private qIndex = new Int32Array(0);
  /** Global u index of each local coordinate. */
  private uIndex = new Int32Array(0);

  constructor(readonly label: ItemLabel) {}

  /** Takes the coordinates of the nodes (in order) as the marker's; `parameter` names the reference in errors. */
  protected useNodes(nodes: readonly NodeModel[], parameter: string): void {
    const owned = nodes.filter((node) => !node.isGround);
    for (const node of owned) {
      if (node.nq !== node.nu || node.composeIncrement !== undefined || node.positionRates !== undefined) {
        itemError(this.label, parameter, `must refer to nodes whose velocity coordinates are the time derivatives of their coordinates (n_q = n_u, e.g. Point, Point2D, GenericODE2, RigidBodyEP), got ${node.label.typeName} #${node.label.index} with n_q = ${node.nq}, n_u = ${node.nu}`);
      }
    }
    const n = owned.reduce((sum, node) => sum + node.nu, 0);
    this.nodes = owned;
    this.nLocalU = n;
    this.qIndex = new Int32Array(n);
    this.uIndex = new Int32Array(n);
    let k = 0;
    for (const node of owned) {
      for (let j = 0; j < node.nu; j++, k++) {
        this.qIndex[k] = node.qIndex + j;
        this.uIndex[k] = node.uIndex + j;
      }
    }
  }

  /** q_ref + q of the marked coordinates. */
  coordinateVector(s: ItemState, out: Float64Array): void {
    for (let k = 0; k < this.nLocalU; k++) out[k] = s.qRef[this.qIndex[k]] + s.q[this.qIndex[k]];
  }

  /** q̇ of the marked coordinates. */
  coordinateVectorVelocity(s: ItemState, out: Float64Array): void {
    for (let k = 0; k < this.nLocalU; k++) out[k] = s.u[this.uIndex[k]];
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const out = new Float64Array(this.nLocalU);
    if (variable === OutputVariableType.Coordinates) this.coordinateVector(s, out);
    else if (variable === OutputVariableType.Coordinates_t) this.coordinateVectorVelocity(s, out);
    else return undefined;
    return out;
  }
}

/** The output variables of coordinate-vector markers. */
export const coordinateVectorMarkerOutputs = [OutputVariableType.Coordinates, OutputVariableType.Coordinates_t];
