import type { BindContext, ItemState, NodeModel, PositionMarkerModel, RigidMarkerModel } from '../../registry/capabilities.ts';
import { isPositionMarker, isRigidMarker } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { isCableCoordinatesMarker, type CableCoordinatesMarkerModel } from '../markers/MarkerBodyCable2DCoordinates.ts';
import { shapeFunctions, shapeFunctions_x, shapeFunctions_xx } from './ObjectANCFCable2D.ts';

/**
 * The shared part of the planar sliding joints (ObjectJointSliding2D, ObjectJointALEMoving2D): a body marker m0 slides
 * along a chain of cable elements, each represented by a MarkerBodyCable2DCoordinates in slidingMarkerNumbers with its
 * arc offset in slidingMarkerOffsets; data coordinate 0 of the joint's NodeGenericData is the index of the element the
 * joint currently acts on (Exudyn switches markerNumbers[1] to it in the post-Newton step). The joint's local coordinates
 * are those of m0 followed by those of all nodes of the chain (each node once), so that the sparse pattern stays fixed
 * while the active element changes; the equations fill the columns of the active element only.
 */
export class CableSlidingTrack {
  /** Marker m0 (a position marker; a rigid one when the rotation is constrained). */
  marker0!: PositionMarkerModel;
  /** The chain's markers, in slidingMarkerNumbers order. */
  readonly markers: CableCoordinatesMarkerModel[] = [];
  /** Local nodes: m0's, then the chain's nodes (each once). */
  localNodes: NodeModel[] = [];
  /** Local coordinates of m0 (its columns come first). */
  n0 = 0;
  /** Number of local coordinates of m0 and the chain. */
  nLocal = 0;
  /** Per chain marker, the local column of each of its 8 coordinates. */
  readonly columns: Int32Array[] = [];
  /** First data coordinate of the data node (element index at dataIndex, further data coordinates after it). */
  dataIndex = -1;
  /** Position Jacobian of m0 (3 × n0) and rotation Jacobian (3 × n0, rigid m0 only). */
  jacobian0 = new Float64Array(0);
  rotationJacobian0 = new Float64Array(0);
  /** Position and velocity of m0, its rotation matrix (rigid m0). */
  readonly p0 = new Float64Array(3);
  readonly v0 = new Float64Array(3);
  readonly A0 = new Float64Array(9);
  private readonly omega0 = new Float64Array(3);
  /** Total coordinates and velocities of the active element, and S, S', S'' at the sliding position. */
  readonly e = new Float64Array(8);
  readonly eDot = new Float64Array(8);
  readonly S = new Float64Array(4);
  readonly S_x = new Float64Array(4);
  readonly S_xx = new Float64Array(4);
  /** r, r', r'' at the sliding position (x, y). */
  readonly r = new Float64Array(2);
  readonly r_x = new Float64Array(2);
  readonly r_xx = new Float64Array(2);

  constructor(private readonly label: ItemLabel, private readonly markerNumbers: readonly number[], private readonly slidingMarkerNumbers: readonly number[],
    readonly offsets: readonly number[]) {}

  /**
   * Binds m0 (rigid when needRigid), the chain's markers and the data node with dataCount data coordinates, checks that
   * markerNumbers[1] is the chain marker of the initial element index, and appends extraNodes after the chain's nodes.
   */
  bind(context: BindContext, dataNodeNumber: number, dataParameter: string, dataCount: number, needRigid: boolean, extraNodes: readonly NodeModel[] = []): void {
    const label = this.label;
    if (this.markerNumbers.length !== 2) itemError(label, 'markerNumbers', `must contain two markers [m0, m1], got ${describeValue(this.markerNumbers)}`);
    if (this.slidingMarkerNumbers.length === 0) itemError(label, 'slidingMarkerNumbers', 'must contain at least one MarkerBodyCable2DCoordinates, got []');
    if (this.offsets.length !== this.slidingMarkerNumbers.length) {
      itemError(label, 'slidingMarkerOffsets', `must have one entry per slidingMarkerNumbers entry (${this.slidingMarkerNumbers.length}), got ${this.offsets.length}`);
    }
    const m0 = context.marker(this.markerNumbers[0], 'markerNumbers');
    if (needRigid ? !isRigidMarker(m0) : !isPositionMarker(m0)) {
      itemError(label, 'markerNumbers', `entry 0 must refer to a ${needRigid ? 'rigid-body marker (constrainRotation)' : 'position marker'}, got Marker${m0.label.typeName} #${this.markerNumbers[0]}`);
    }
    this.marker0 = m0 as PositionMarkerModel;
    this.markers.length = 0;
    this.slidingMarkerNumbers.forEach((index) => {
      const marker = context.marker(index, 'slidingMarkerNumbers');
      if (!isCableCoordinatesMarker(marker)) itemError(label, 'slidingMarkerNumbers', `must refer to MarkerBodyCable2DCoordinates markers, got Marker${marker.label.typeName} #${index}`);
      this.markers.push(marker);
    });
    const dataNode = context.node(dataNodeNumber, dataParameter);
    if (dataNode.nu !== 0 || (dataNode.nData ?? 0) !== dataCount) {
      itemError(label, dataParameter, `must refer to a NodeGenericData with ${dataCount} data coordinate${dataCount === 1 ? '' : 's'} (the index of the active cable element${dataCount === 2 ? ' and the sliding position at the start of the step' : ''}), got Node${dataNode.label.typeName} #${dataNodeNumber} with ${dataNode.nData ?? 0} data coordinates`);
    }
    this.dataIndex = dataNode.dataIndex;
    const initial = dataNode.initialDataCoordinates?.[0] ?? 0;
    if (!Number.isInteger(initial) || initial < 0 || initial >= this.markers.length) {
      itemError(label, dataParameter, `data coordinate 0 of the data node (the index of the active element in slidingMarkerNumbers) must be an integer in 0 … ${this.markers.length - 1}, got ${initial}`);
    }
    if (this.markerNumbers[1] !== this.slidingMarkerNumbers[initial]) {
      itemError(label, 'markerNumbers', `entry 1 must be slidingMarkerNumbers[${initial}] = ${this.slidingMarkerNumbers[initial]} (the element of the initial index in the data node), got ${this.markerNumbers[1]}`);
    }
    this.n0 = m0.nLocalU;
    const chainNodes: NodeModel[] = [];
    this.columns.length = 0;
    for (const marker of this.markers) {
      const columns = new Int32Array(8);
      marker.nodes.forEach((node, n) => {
        let position = chainNodes.indexOf(node);
        if (position < 0) position = chainNodes.push(node) - 1;
        for (let k = 0; k < 4; k++) columns[4 * n + k] = this.n0 + 4 * position + k;
      });
      this.columns.push(columns);
    }
    this.localNodes = [...m0.nodes, ...chainNodes, ...extraNodes];
    this.nLocal = this.localNodes.reduce((sum, node) => sum + node.nu, 0);
    this.jacobian0 = new Float64Array(3 * this.n0);
    this.rotationJacobian0 = new Float64Array(needRigid ? 3 * this.n0 : 0);
  }

  /** The index of the active element (data coordinate 0). */
  activeIndex(s: ItemState): number {
    return s.data[this.dataIndex];
  }

  /**
   * Evaluates the active element at the local sliding position x: its coordinates (and velocities), S, S', S'' and r,
   * r', r''; and m0's position, velocity and position Jacobian.
   */
  evaluate(s: ItemState, x: number, withJacobian: boolean): void {
    const marker = this.markers[this.activeIndex(s)];
    const L = marker.cableLength;
    marker.cableCoordinates(s, this.e);
    marker.cableVelocities(s, this.eDot);
    shapeFunctions(x, L, this.S, 0);
    shapeFunctions_x(x, L, this.S_x, 0);
    shapeFunctions_xx(x, L, this.S_xx, 0);
    map(this.S, this.e, this.r);
    map(this.S_x, this.e, this.r_x);
    map(this.S_xx, this.e, this.r_xx);
    this.marker0.position(s, this.p0);
    this.marker0.velocity(s, this.v0);
    if (withJacobian) this.marker0.positionJacobian(s, this.jacobian0);
  }

  /** m0's rotation matrix and rotation Jacobian (rigid m0). */
  evaluateRotation(s: ItemState, withJacobian: boolean): void {
    const rigid = this.marker0 as RigidMarkerModel;
    rigid.orientation(s, this.A0);
    if (withJacobian) rigid.rotationJacobian(s, this.rotationJacobian0);
  }

  /** m0's global angular velocity (rigid m0), in a work array. */
  angularVelocity0(s: ItemState): Float64Array {
    (this.marker0 as RigidMarkerModel).angularVelocity(s, this.omega0);
    return this.omega0;
  }

  /** The local columns of the active element's 8 coordinates. */
  activeColumns(s: ItemState): Int32Array {
    return this.columns[this.activeIndex(s)];
  }

  /** Length of the active element. */
  activeLength(s: ItemState): number {
    return this.markers[this.activeIndex(s)].cableLength;
  }

  /**
   * Exudyn's element switch after Newton: a local sliding position x < 0 moves to the previous element, x > L to the next
   * one (where there is one), writing the new index into data coordinate 0; returns the discontinuous error, the distance
   * beyond the element's end (0 inside).
   */
  switchElement(s: ItemState, x: number): number {
    const L = this.activeLength(s);
    const index = this.activeIndex(s);
    if (x < 0) {
      if (index > 0) s.data[this.dataIndex] = index - 1;
      return -x;
    }
    if (x > L) {
      if (index < this.markers.length - 1) s.data[this.dataIndex] = index + 1;
      return x - L;
    }
    return 0;
  }
}

/** out = Σ_j w_j e_j for the x and y components of the element coordinates e. */
function map(w: Float64Array, e: Float64Array, out: Float64Array): void {
  out[0] = w[0] * e[0] + w[1] * e[2] + w[2] * e[4] + w[3] * e[6];
  out[1] = w[0] * e[1] + w[1] * e[3] + w[2] * e[5] + w[3] * e[7];
}
