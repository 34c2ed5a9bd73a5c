import type { BindContext, ItemState, MarkerModel, NodeModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../registry/errors.ts';
import type { MarkerCapabilities } from '../../registry/capabilities.ts';

/** Which marker capability a connector needs. */
export type RequiredMarkerCapability = keyof MarkerCapabilities;

/**
 * The two markers of a connector: binding with capability checks, local coordinates
 * (marker 0's then marker 1's), and preallocated position Jacobians.
 */
export class MarkerPair {
  marker0!: MarkerModel;
  marker1!: MarkerModel;
  /** Local coordinates of marker 0 (its columns come first). */
  n0 = 0;
  /** Local coordinates of marker 1. */
  n1 = 0;
  /** Nodes of both markers in local order. */
  localNodes: NodeModel[] = [];
  /** Position Jacobian of marker 0 (3 × n0). */
  jacobian0 = new Float64Array(0);
  /** Position Jacobian of marker 1 (3 × n1). */
  jacobian1 = new Float64Array(0);
  /** Marker positions and velocities, updated by {@link MarkerPair.evaluatePositions}. */
  readonly p0 = new Float64Array(3);
  /** Position of marker 1. */
  readonly p1 = new Float64Array(3);
  /** Velocity of marker 0. */
  readonly v0 = new Float64Array(3);
  /** Velocity of marker 1. */
  readonly v1 = new Float64Array(3);

  constructor(private readonly label: ItemLabel, private readonly markerNumbers: readonly number[]) {}

  /** Resolves both markers and checks that they provide the capability. */
  bind(context: BindContext, required: RequiredMarkerCapability, description: string): void {
    const markers = this.markerNumbers.map((index, i) => {
      const marker = context.marker(index, 'markerNumbers');
      if (!marker.provides[required]) {
        itemError(this.label, 'markerNumbers', `entry ${i} must refer to a ${description} marker, got ${marker.label.category}${marker.label.typeName} #${index}`);
      }
      return marker;
    });
    [this.marker0, this.marker1] = markers;
    this.n0 = this.marker0.nLocalU;
    this.n1 = this.marker1.nLocalU;
    this.localNodes = [...this.marker0.nodes, ...this.marker1.nodes];
    if (required === 'position') {
      this.jacobian0 = new Float64Array(3 * this.n0);
      this.jacobian1 = new Float64Array(3 * this.n1);
    }
  }

  /** Updates p0, p1, v0, v1. */
  evaluatePositions(s: ItemState): void {
    this.marker0.position!(s, this.p0);
    this.marker1.position!(s, this.p1);
    this.marker0.velocity!(s, this.v0);
    this.marker1.velocity!(s, this.v1);
  }

  /** Updates the position Jacobians of both markers. */
  evaluateJacobians(s: ItemState): void {
    if (this.n0 > 0) this.marker0.positionJacobian!(s, this.jacobian0);
    if (this.n1 > 0) this.marker1.positionJacobian!(s, this.jacobian1);
  }

  /** Adds the generalized forces of a force vector F acting on marker 1 and −F on marker 0 (f += [−J0ᵀF; J1ᵀF]). */
  addForcePair(force: ArrayLike<number>, f: Float64Array): void {
    const { n0, n1, jacobian0: j0, jacobian1: j1 } = this;
    for (let k = 0; k < n0; k++) f[k] -= j0[k] * force[0] + j0[n0 + k] * force[1] + j0[2 * n0 + k] * force[2];
    for (let k = 0; k < n1; k++) f[n0 + k] += j1[k] * force[0] + j1[n1 + k] * force[1] + j1[2 * n1 + k] * force[2];
  }

  /**
   * Adds factor·Jᵀ S J to the local matrix, where J = [−J0, J1] and S is a 3×3 matrix (row-major),
   * i.e. the Jacobian of addForcePair for a force F = S·(p1 − p0) (+ terms in velocities).
   */
  addProjectedMatrix(stiffness: ArrayLike<number>, factor: number, m: Float64Array): void {
    const { n0, n1 } = this;
    const n = n0 + n1;
    const column = (k: number, row: number): number => (k < n0 ? -this.jacobian0[row * n0 + k] : this.jacobian1[row * n1 + k - n0]);
    for (let i = 0; i < n; i++) {
      const ji0 = column(i, 0), ji1 = column(i, 1), ji2 = column(i, 2);
      if (ji0 === 0 && ji1 === 0 && ji2 === 0) continue;
      for (let j = 0; j < n; j++) {
        const jj0 = column(j, 0), jj1 = column(j, 1), jj2 = column(j, 2);
        let value = 0;
        for (let a = 0; a < 3; a++) {
          const ja = a === 0 ? ji0 : a === 1 ? ji1 : ji2;
          if (ja === 0) continue;
          value += ja * (stiffness[3 * a] * jj0 + stiffness[3 * a + 1] * jj1 + stiffness[3 * a + 2] * jj2);
        }
        m[i * n + j] += factor * value;
      }
    }
  }
}
