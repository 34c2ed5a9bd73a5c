import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  denseLocalMatrix, isPositionMarker, isRigidMarker, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel,
  type Only, type PositionMarkerModel, type RigidMarkerModel,
} from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import {
  bool, markerIndexList, matrix, matrixContainer, nodeIndex, uint, ureal, vector, type MatrixContainerValue, type MatrixValue, type VectorValue,
} from '../../registry/parameters.ts';
import { containerShape } from './ffrf/matrixContainer.ts';
import { bindDataNode } from './connectorBase.ts';
import { SegmentDistance } from './segmentDistance.ts';
import { addChainRule } from './contactKernel.ts';
import { ContactCurveCirclesKernels, curveCircleEntries } from './contactCurveCirclesKernels.ts';

/** Data coordinates per segment (Exudyn's order): the circle in contact (−1: none), the gap, the tangential velocity (unused). */
const dataPerSegment = 3, dataCircle = 0, dataGap = 1;

const parameters = {
  markerNumbers: markerIndexList('[m0, m_c0, m_c1, …]: a rigid marker m0 carrying the curve (its segments lie in the local x-y plane of m0) and a position marker at the center of each circle.'),
  nodeNumber: nodeIndex('A NodeGenericData with 3 data coordinates per segment, [circle in contact (−1: none), gap, tangential velocity (unused)] of the last post-Newton step; initialize with [−1, 0, 0] per segment.'),
  circlesRadii: vector([], 'Radii [r_c0, r_c1, …] [m] of the circles, one per circle marker (> 0).'),
  segmentsData: matrixContainer('The segments in the local x-y plane of m0, one row [p0x, p0y, p1x, p1y] per segment (dense rows); going from p0 to p1 the exterior lies on the right.'),
  polynomialData: matrixContainer('Polynomial enhancements of the segments: Exudyn 1.11 declares them but does not use them, so only the empty matrix is accepted.'),
  rotationMarker0: matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 'Rotation of the curve relative to m0: Exudyn 1.11 does not apply it, so only the identity is accepted.', [3, 3], 'Matrix3D'),
  dynamicFriction: ureal(0, 'Friction coefficient: friction is not available in Exudyn 1.11, so only 0 is accepted.'),
  frictionProportionalZone: ureal(1e-3, 'Regularization velocity [m/s] of the friction law (friction is not available: no effect).'),
  contactStiffness: ureal(0, 'Contact stiffness k_c [N/m²]: the force of a segment in contact is l_seg (k_c g + d_c ġ).'),
  contactDamping: ureal(0, 'Contact damping d_c [N s/m²] against the normal relative velocity ġ.'),
  contactModel: uint(0, 'Contact model: 0 the force l_seg (k_c g + d_c ġ) per segment in contact (Exudyn\'s model 1, the experimental penetration-area force, is not ported).'),
  activeConnector: bool(true, 'If false, the contact exerts no force and does not switch.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; circlesRadii: VectorValue; segmentsData: MatrixContainerValue; polynomialData: MatrixContainerValue;
  rotationMarker0: MatrixValue; dynamicFriction: number; frictionProportionalZone: number; contactStiffness: number; contactDamping: number;
  contactModel: number; activeConnector: boolean;
};

/** The inputs y of one segment–circle pair in m0's frame: circle center (0–1), circle velocity (2–3), m0's velocity (4–5). */
const nY = 6;
/** The outputs z of a pair: the force F on the circle in m0's frame (0–1) and the torque about m0's z axis on m0 (2). */
const nZ = 3;

/** The segments of a dense segmentsData as a flat array [p0x, p0y, p1x, p1y, …]. */
function segmentArray(data: MatrixContainerValue): Float64Array {
  return Float64Array.from((data as readonly (readonly number[])[]).flat());
}

/** out (3 × n) = Aᵀ J (J 3 × n). */
function transposeTimesMatrix(out: Float64Array, A: Float64Array, J: Float64Array, n: number): void {
  for (let i = 0; i < 3; i++) for (let j = 0; j < n; j++) out[i * n + j] = A[i] * J[j] + A[3 + i] * J[n + j] + A[6 + i] * J[2 * n + j];
}

/** out (3 × n) += s x̃ C (C 3 × n). */
function addSkewTimes(out: Float64Array, x: ArrayLike<number>, C: Float64Array, n: number, s: number): void {
  for (let j = 0; j < n; j++) {
    const c0 = C[j], c1 = C[n + j], c2 = C[2 * n + j];
    out[j] += s * (x[1] * c2 - x[2] * c1);
    out[n + j] += s * (x[2] * c0 - x[0] * c2);
    out[2 * n + j] += s * (x[0] * c1 - x[1] * c0);
  }
}

/**
 * Kinematics of one circle marker: its local columns and the work arrays of its Jacobians (position, velocity, their
 * local forms and the force: views of the circle's entries in the kernels' memory).
 */
interface Circle {
  readonly marker: PositionMarkerModel;
  readonly radius: number;
  /** First local coordinate of the circle marker. */
  readonly offset: number;
  readonly n: number;
  readonly position: Float64Array;
  readonly velocity: Float64Array;
  /** Center and velocity in m0's frame (3D; the curve uses x, y). */
  readonly localPosition: Float64Array;
  readonly localVelocity: Float64Array;
  /** J_c, ∂v_c/∂q, A0ᵀJ_c, A0ᵀ∂v_c/∂q (3 × n each), the block ∂(J_cᵀF)/∂q (n × n), the summed force on it (local, 3). */
  readonly jacobian: Float64Array;
  readonly velocity_q: Float64Array;
  readonly localJacobian: Float64Array;
  readonly localVelocity_q: Float64Array;
  readonly block: Float64Array;
  readonly force: Float64Array;
}

/** Run-time model of the curve–circles contact. */
class ContactCurveCirclesModel implements Only<ObjectModel, ContactCurveCirclesModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  private curve!: RigidMarkerModel;
  private circles: Circle[] = [];
  private dataIndex = -1;
  private n0 = 0;
  private nLocal = 0;
  private readonly segments: Float64Array;
  private readonly segmentLengths: Float64Array;
  private readonly segment = new SegmentDistance();
  /** The forces and post-Newton steps as WebAssembly (set at bind; its memory holds the views below). */
  private kernels!: ContactCurveCirclesKernels;
  /** The item's data coordinates in the system's data vector (a view, kept while that vector is the same array). */
  private dataSlice: Float64Array = new Float64Array(0);
  private dataSource: Float64Array | undefined;
  // marker 0 (views of the kernels' frame): rotation, position, velocity, Jacobians and their local forms A0ᵀJ (3 × n0)
  private A0: Float64Array = new Float64Array(0);
  private p0: Float64Array = new Float64Array(0);
  private v0: Float64Array = new Float64Array(0);
  private v0Local: Float64Array = new Float64Array(0);
  private jp0 = new Float64Array(0);
  private jr0 = new Float64Array(0);
  private jv0 = new Float64Array(0);
  private localJp0 = new Float64Array(0);
  private localJr0 = new Float64Array(0);
  private localJv0 = new Float64Array(0);
  private block0 = new Float64Array(0);
  /** Sums over the pairs (the kernels' frame): the force on m0 (local, 3) and the torque on it (local z). */
  private force0: Float64Array = new Float64Array(0);
  private torque0 = 0;
  // one pair: gap, normal velocity, normal force, its direction (m0's frame, from the segment to the circle), outputs
  private gap = 0;
  private normalVelocity = 0;
  private normalForce = 0;
  private readonly normal = new Float64Array(2);
  private readonly z = new Float64Array(nZ);
  private readonly zY = new Float64Array(nZ * nY);
  private inputRows = new Float64Array(0);
  private outputRows = new Float64Array(0);
  private product = new Float64Array(0);
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);
  private localMatrix = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.segments = segmentArray(v.segmentsData);
    this.segmentLengths = Float64Array.from({ length: this.segments.length / 4 }, (_, j) => {
      const s = this.segments;
      return Math.hypot(s[4 * j + 2] - s[4 * j], s[4 * j + 3] - s[4 * j + 1]);
    });
  }

  private get segmentCount(): number {
    return this.segmentLengths.length;
  }

  bind(context: BindContext): void {
    const numbers = this.v.markerNumbers;
    const curve = context.marker(numbers[0], 'markerNumbers');
    if (!isRigidMarker(curve)) itemError(this.label, 'markerNumbers', `entry 0 must refer to a rigid marker (position and orientation of the curve), got ${curve.label.category}${curve.label.typeName} #${numbers[0]}`);
    this.curve = curve;
    const n0 = curve.nLocalU;
    this.n0 = n0;
    const nodes: NodeModel[] = [...curve.nodes];
    let offset = n0;
    const kernels = this.kernels = new ContactCurveCirclesKernels(numbers.length - 1, this.segments, this.segmentLengths, this.v.contactStiffness, this.v.contactDamping);
    const frame = kernels.frame;
    [this.A0, this.p0, this.v0, this.v0Local, this.force0] = [0, 9, 12, 15, 18].map((first, k) => frame.subarray(first, first + (k === 0 ? 9 : 3)));
    this.circles = numbers.slice(1).map((index, i) => {
      const marker = context.marker(index, 'markerNumbers');
      if (!isPositionMarker(marker)) itemError(this.label, 'markerNumbers', `entry ${i + 1} must refer to a position marker (a circle center), got ${marker.label.category}${marker.label.typeName} #${index}`);
      nodes.push(...marker.nodes);
      const n = marker.nLocalU, radius = this.v.circlesRadii[i];
      const first = curveCircleEntries * i, entries = (k: number): Float64Array => kernels.circles.subarray(first + k, first + k + 3);
      kernels.circles[first + 12] = radius;
      const circle: Circle = {
        marker, radius, offset, n, position: entries(0), velocity: entries(3), localPosition: entries(6), localVelocity: entries(9),
        jacobian: new Float64Array(3 * n), velocity_q: new Float64Array(3 * n), localJacobian: new Float64Array(3 * n),
        localVelocity_q: new Float64Array(3 * n), block: new Float64Array(n * n), force: entries(13),
      };
      offset += n;
      return circle;
    });
    this.localNodes = nodes;
    this.nLocal = offset;
    this.dataIndex = bindDataNode(context, this.label, this.v.nodeNumber, dataPerSegment * this.segmentCount, 'for the contact state of the segments')!.dataIndex;
    [this.jp0, this.jr0, this.jv0, this.localJp0, this.localJr0, this.localJv0] = [0, 0, 0, 0, 0, 0].map(() => new Float64Array(3 * n0));
    this.block0 = new Float64Array(n0 * n0);
    this.inputRows = new Float64Array(nY * offset);
    this.outputRows = new Float64Array(nZ * offset);
    this.product = new Float64Array(nZ * offset);
    this.localMatrix = denseLocalMatrix(offset);
  }

  /** Kinematics of m0 and of the circles, the circles in m0's frame (the kernel curveKinematics). */
  private kinematics(s: ItemState): void {
    this.markerValues(s);
    this.kernels.kinematics();
  }

  /** The markers' rotation, positions and velocities into the kernels' memory. */
  private markerValues(s: ItemState): void {
    const curve = this.curve;
    curve.orientation(s, this.A0);
    curve.position(s, this.p0);
    curve.velocity(s, this.v0);
    for (let i = 0, circles = this.circles; i < circles.length; i++) {
      const circle = circles[i];
      circle.marker.position(s, circle.position);
      circle.marker.velocity(s, circle.velocity);
    }
  }

  /** The item's data coordinates, a view of data (formed again only when data is another array). */
  private dataOf(data: Float64Array): Float64Array {
    if (data !== this.dataSource) {
      this.dataSource = data;
      this.dataSlice = data.subarray(this.dataIndex, this.dataIndex + dataPerSegment * this.segmentCount);
    }
    return this.dataSlice;
  }

  /**
   * Segment j against circle c (kinematics up to date): the gap g = d − r, the normal n from the nearest point of the
   * segment to the circle center, ġ = (v_c − v_0)·n in m0's frame (Exudyn's ω × r term is normal to n) and the normal force
   * k_c g + d_c ġ (per length).
   */
  private evaluatePair(j: number, circle: Circle, derivatives: boolean): void {
    const { segments: sg, segment } = this;
    const c = circle.localPosition;
    segment.radius = circle.radius;
    segment.evaluate(sg, 4 * j, c, derivatives);
    this.pairForce(circle);
  }

  /** The normal, ġ and the normal force of the pair whose geometry (n included) the segment kernel holds. */
  private pairForce(circle: Circle): void {
    const { segment, normal, v0Local } = this;
    normal[0] = -segment.n[0];
    normal[1] = -segment.n[1];
    this.gap = segment.gap;
    const vc = circle.localVelocity;
    this.normalVelocity = (vc[0] - v0Local[0]) * normal[0] + (vc[1] - v0Local[1]) * normal[1];
    this.normalForce = this.gap * this.v.contactStiffness + this.normalVelocity * this.v.contactDamping;
  }

  /** The outputs z of segment j (after evaluatePair): F = l_seg f_n n on the circle, the torque −(q × F)_z on m0. */
  private pairOutputs(j: number): void {
    const { z, normal, segment, segments: sg } = this;
    const f = this.normalForce * this.segmentLengths[j];
    z[0] = f * normal[0];
    z[1] = f * normal[1];
    const t = segment.t;
    const qx = sg[4 * j] + t * (sg[4 * j + 2] - sg[4 * j]), qy = sg[4 * j + 1] + t * (sg[4 * j + 3] - sg[4 * j + 1]);
    z[2] = -(qx * z[1] - qy * z[0]);
  }

  /**
   * The first segment j ≥ from whose stored gap is < 0 (a candidate for contact), or count: a loop of its own without
   * calls, which the optimizer compiles to a few instructions per segment (the scan over all segments runs in every
   * residual).
   */
  private nextPenetrating(data: Float64Array, from: number, count: number): number {
    const gapAt = this.dataIndex + dataGap;
    let j = from;
    while (j < count && !(data[gapAt + dataPerSegment * j] < 0)) j++;
    return j;
  }

  /** The circle in contact with segment j (its stored gap < 0 and its circle index ≥ 0), or undefined. */
  private contactCircle(data: Float64Array, j: number): Circle | undefined {
    const d = this.dataIndex + dataPerSegment * j;
    if (!(data[d + dataGap] < 0)) return undefined;
    const index = data[d + dataCircle];
    return Number.isInteger(index) && index >= 0 ? this.circles[index] : undefined;
  }

  /**
   * Sums the forces of all segments in contact (per circle and on m0) at fixed data coordinates; false if none. Without
   * contact nothing is evaluated (the forces are read only after a contact); with one, the markers' values, then the
   * kernel curveForces (the kinematics and the sums).
   */
  private sumForces(s: ItemState): boolean {
    if (!this.v.activeConnector) return false;
    const data = s.data, count = this.segmentCount;
    let contact = false;
    for (let j = this.nextPenetrating(data, 0, count); j < count && !contact; j = this.nextPenetrating(data, j + 1, count)) {
      contact = this.contactCircle(data, j) !== undefined;
    }
    if (!contact) return false;
    this.markerValues(s);
    const kernels = this.kernels;
    kernels.data.set(this.dataOf(data));
    kernels.forces();
    this.torque0 = kernels.frame[21];
    return true;
  }

  /** Exudyn's force law: each circle gets A0 [F, 0], m0 gets A0 [−ΣF, 0] and the torque A0 [0, 0, Στ]. */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.sumForces(s)) return;
    const { A0, work3: g } = this;
    for (let i = 0, circles = this.circles; i < circles.length; i++) {
      const circle = circles[i];
      if (circle.n === 0) continue;
      const J = circle.jacobian, n = circle.n, o = circle.offset;
      circle.marker.positionJacobian(s, J);
      for (let k = 0; k < 3; k++) g[k] = A0[3 * k] * circle.force[0] + A0[3 * k + 1] * circle.force[1];
      // in locals: the optimizer reloads typed-array entries after every store to f
      const g0 = g[0], g1 = g[1], g2 = g[2];
      for (let j = 0; j < n; j++) f[o + j] += J[j] * g0 + J[n + j] * g1 + J[2 * n + j] * g2;
    }
    const n0 = this.n0;
    if (n0 === 0) return;
    this.curve.positionJacobian(s, this.jp0);
    this.curve.rotationJacobian(s, this.jr0);
    const gt = this.work3b;
    for (let k = 0; k < 3; k++) {
      g[k] = A0[3 * k] * this.force0[0] + A0[3 * k + 1] * this.force0[1];
      gt[k] = A0[3 * k + 2] * this.torque0;
    }
    for (let j = 0; j < n0; j++) {
      for (let k = 0; k < 3; k++) f[j] += this.jp0[k * n0 + j] * g[k] + this.jr0[k * n0 + j] * gt[k];
    }
  }

  /** Analytic ∂f/∂q at fixed data coordinates (markers without velocity_q have velocities independent of q). */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobian(s, acc, factor, false);
  }

  /** Analytic ∂f/∂u at fixed data coordinates. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobian(s, acc, factor, true);
  }

  /**
   * Adds factor·∂f/∂u (velocity) or factor·∂f/∂q as one dense block; without contact its positions only (addZeros), so
   * that the pattern stays.
   */
  private addJacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, velocity: boolean): void {
    const nL = this.nLocal;
    if (!this.sumForces(s)) {
      acc.addZeros(0, 0, nL, nL);
      return;
    }
    const m = this.localMatrix.fill(0);
    this.addContactJacobian(s, m, factor, velocity);
    acc.addBlock(0, 0, nL, nL, m, 0, nL, 1);
  }

  /** Local Jacobians A0ᵀJ of m0 and of the circles (and A0ᵀ∂v/∂q for q). */
  private prepareJacobians(s: ItemState, velocity: boolean): void {
    const { A0, n0 } = this;
    if (n0 > 0) {
      this.curve.positionJacobian(s, this.jp0);
      this.curve.rotationJacobian(s, this.jr0);
      transposeTimesMatrix(this.localJp0, A0, this.jp0, n0);
      transposeTimesMatrix(this.localJr0, A0, this.jr0, n0);
      if (!velocity) {
        if (this.curve.velocity_q !== undefined) this.curve.velocity_q(s, this.jv0);
        else this.jv0.fill(0);
        transposeTimesMatrix(this.localJv0, A0, this.jv0, n0);
        // Aᵀ(δv0 + v0 × δφ) = A0ᵀ∂v/∂q + (A0ᵀv0)~ A0ᵀJ_r
        addSkewTimes(this.localJv0, this.v0Local, this.localJr0, n0, 1);
      }
    }
    for (let i = 0, circles = this.circles; i < circles.length; i++) {
      const circle = circles[i];
      if (circle.n === 0) continue;
      circle.marker.positionJacobian(s, circle.jacobian);
      transposeTimesMatrix(circle.localJacobian, A0, circle.jacobian, circle.n);
      if (!velocity) {
        if (circle.marker.velocity_q !== undefined) circle.marker.velocity_q(s, circle.velocity_q);
        else circle.velocity_q.fill(0);
        transposeTimesMatrix(circle.localVelocity_q, A0, circle.velocity_q, circle.n);
      }
    }
  }

  /**
   * Σ over the pairs in contact of (∂Q/∂z)(∂z/∂y)(∂y/∂x) (x = q or u); for q also the rotation of m0's frame acting on
   * the forces and the markers' ∂(Jᵀ F)/∂q.
   */
  private addContactJacobian(s: ItemState, m: Float64Array, factor: number, velocity: boolean): void {
    const { nLocal: nL, zY, inputRows: R, outputRows: O, product: P } = this;
    this.prepareJacobians(s, velocity);
    const data = s.data, count = this.segmentCount;
    for (let j = this.nextPenetrating(data, 0, count); j < count; j = this.nextPenetrating(data, j + 1, count)) {
      const circle = this.contactCircle(data, j);
      if (circle === undefined) continue;
      this.pairDerivatives(j, circle, velocity);
      this.pairRows(circle, velocity);
      addChainRule(m, nL, O, zY, R, nZ, nY, P, factor);
    }
    if (!velocity) this.addFrameRotationTerms(s, m, factor);
  }

  /**
   * The rows ∂y/∂x (nY × nLocal) and ∂Q/∂z (nZ × nLocal) of a pair with this circle: y = [c, v_c, v_0] in m0's frame,
   * c = A0ᵀ(p_c − p0), v_c = A0ᵀṗ_c, v_0 = A0ᵀṗ0 (x and y components); Q: the circle gets J_cᵀA0[F, 0], m0 gets
   * J_p0ᵀA0[−F, 0] + J_r0ᵀA0[0, 0, τ].
   */
  private pairRows(circle: Circle, velocity: boolean): void {
    const { n0, nLocal: nL } = this;
    const R = this.inputRows.fill(0), O = this.outputRows.fill(0);
    const Jc = circle.localJacobian, n = circle.n, o = circle.offset;
    for (let k = 0; k < 2; k++) {
      for (let j = 0; j < n; j++) {
        if (velocity) R[(2 + k) * nL + o + j] = Jc[k * n + j];
        else {
          R[k * nL + o + j] = Jc[k * n + j];
          R[(2 + k) * nL + o + j] = circle.localVelocity_q[k * n + j];
        }
        O[k * nL + o + j] = Jc[k * n + j];
      }
    }
    if (n0 === 0) return;
    const Jp = this.localJp0, Jr = this.localJr0, w = this.work3;
    for (let j = 0; j < n0; j++) {
      const r0 = Jr[j], r1 = Jr[n0 + j], r2 = Jr[2 * n0 + j];
      if (velocity) {
        for (let k = 0; k < 2; k++) R[(4 + k) * nL + j] = Jp[k * n0 + j];
      } else {
        // δc = A0ᵀ(δp_c − δp0 + (p_c − p0) × δφ), δv_c = A0ᵀ(δṗ_c + ṗ_c × δφ), δv_0 = A0ᵀ(δṗ0 + ṗ0 × δφ), local: x̃_loc A0ᵀJ_r
        const pl = circle.localPosition, vl = circle.localVelocity;
        w[0] = pl[1] * r2 - pl[2] * r1; w[1] = pl[2] * r0 - pl[0] * r2;
        R[j] = -Jp[j] + w[0];
        R[nL + j] = -Jp[n0 + j] + w[1];
        R[2 * nL + j] = vl[1] * r2 - vl[2] * r1;
        R[3 * nL + j] = vl[2] * r0 - vl[0] * r2;
        for (let k = 0; k < 2; k++) R[(4 + k) * nL + j] = this.localJv0[k * n0 + j];
      }
      O[j] = -Jp[j];
      O[nL + j] = -Jp[n0 + j];
      O[2 * nL + j] = r2;
    }
  }

  /** z and ∂z/∂y of segment j against the circle (y = [c, v_c, v_0] in m0's frame; c only for ∂/∂q). */
  private pairDerivatives(j: number, circle: Circle, velocity: boolean): void {
    const v = this.v;
    const { segment, normal: n, zY, segments: sg } = this;
    this.evaluatePair(j, circle, !velocity);
    this.pairOutputs(j);
    const length = this.segmentLengths[j];
    const fn = this.normalForce;
    const vc = circle.localVelocity, v0 = this.v0Local;
    const dvx = vc[0] - v0[0], dvy = vc[1] - v0[1];
    const ex = sg[4 * j + 2] - sg[4 * j], ey = sg[4 * j + 3] - sg[4 * j + 1];
    const qx = sg[4 * j] + segment.t * ex, qy = sg[4 * j + 1] + segment.t * ey;
    const Fx = fn * length * n[0], Fy = fn * length * n[1];
    zY.fill(0);
    for (let k = 0; k < nY; k++) {
      // ∂n/∂c = −∂n_kernel/∂c (kernel slots 4, 5), ∂g/∂c, ∂t/∂c
      const pc = k < 2 && !velocity;
      const nx_k = pc ? -segment.n_x[4 + k] : 0, ny_k = pc ? -segment.n_x[10 + k] : 0;
      const gap_k = pc ? segment.gap_x[4 + k] : 0, t_k = pc ? segment.t_x[4 + k] : 0;
      let vn_k = dvx * nx_k + dvy * ny_k;
      if (k === 2 || k === 3) vn_k += n[k - 2];
      if (k === 4 || k === 5) vn_k -= n[k - 4];
      const fn_k = v.contactStiffness * gap_k + v.contactDamping * vn_k;
      const Fx_k = length * (n[0] * fn_k + fn * nx_k), Fy_k = length * (n[1] * fn_k + fn * ny_k);
      zY[k] = Fx_k;
      zY[nY + k] = Fy_k;
      // τ = −(q_x F_y − q_y F_x), q = a + t e
      zY[2 * nY + k] = -(qx * Fy_k + ex * t_k * Fy - qy * Fx_k - ey * t_k * Fx);
    }
  }

  /**
   * The terms of ∂f/∂q from the rotation δφ of m0's frame acting on the forces (A0 F turns with it) and the markers'
   * ∂(Jᵀ F)/∂q: a force G applied as JᵀA0 G turns with δφ, δ(A0 G) ∋ δφ × A0 G, which gives −(A0ᵀJ)ᵀ G̃ (A0ᵀJ_r0) (all in
   * m0's frame): for each circle with its force F, for m0 with F_0 = −ΣF (J_p0) and with τ = [0, 0, Στ] (J_r0).
   */
  private addFrameRotationTerms(s: ItemState, m: Float64Array, factor: number): void {
    const { n0, nLocal: nL, A0, work3: g } = this;
    const Jr = this.localJr0;
    for (let i = 0, circles = this.circles; i < circles.length; i++) {
      const circle = circles[i];
      const n = circle.n, F = circle.force;
      if (n > 0 && n0 > 0) {
        // rows of the circle, columns of m0: −Cᵀ F̃ Jr (F̃ Jr column = F × Jr column)
        for (let j = 0; j < n0; j++) {
          const c0 = F[1] * Jr[2 * n0 + j], c1 = -F[0] * Jr[2 * n0 + j], c2 = F[0] * Jr[n0 + j] - F[1] * Jr[j];
          for (let a = 0; a < n; a++) {
            const C = circle.localJacobian;
            m[(circle.offset + a) * nL + j] -= factor * (C[a] * c0 + C[n + a] * c1 + C[2 * n + a] * c2);
          }
        }
      }
      const kernel = circle.marker.jacobianTransposedVector_q;
      if (n > 0 && kernel !== undefined) {
        for (let k = 0; k < 3; k++) g[k] = A0[3 * k] * F[0] + A0[3 * k + 1] * F[1];
        const block = circle.block.fill(0);
        kernel.call(circle.marker, s, g, undefined, block, factor);
        for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) m[(circle.offset + a) * nL + circle.offset + b] += block[a * n + b];
      }
    }
    if (n0 === 0) return;
    const Jp = this.localJp0, F0 = this.force0, tau = this.torque0;
    for (let j = 0; j < n0; j++) {
      // F̃_0 Jr column and τ̃ Jr column (τ = [0, 0, τ] local)
      const f0 = F0[1] * Jr[2 * n0 + j], f1 = -F0[0] * Jr[2 * n0 + j], f2 = F0[0] * Jr[n0 + j] - F0[1] * Jr[j];
      const t0 = -tau * Jr[n0 + j], t1 = tau * Jr[j];
      for (let a = 0; a < n0; a++) {
        m[a * nL + j] -= factor * (Jp[a] * f0 + Jp[n0 + a] * f1 + Jp[2 * n0 + a] * f2 + Jr[a] * t0 + Jr[n0 + a] * t1);
      }
    }
    const kernel = this.curve.jacobianTransposedVector_q;
    if (kernel !== undefined) {
      const gt = this.work3b;
      for (let k = 0; k < 3; k++) {
        g[k] = A0[3 * k] * F0[0] + A0[3 * k + 1] * F0[1];
        gt[k] = A0[3 * k + 2] * tau;
      }
      const block = this.block0.fill(0);
      kernel.call(this.curve, s, g, gt, block, factor);
      for (let a = 0; a < n0; a++) for (let b = 0; b < n0; b++) m[a * nL + b] += block[a * n0 + b];
    }
  }

  /**
   * Exudyn's post-Newton step: for every segment the circle of smallest gap; its index is stored where it penetrates with a
   * compressive force (else −1), its gap always; a segment whose gap changed sign sets the error |k_c g + d_c ġ| (the
   * last such segment's, as Exudyn).
   */
  postNewtonStep(s: ItemState): number {
    if (!this.v.activeConnector) return 0;
    this.markerValues(s);
    const kernels = this.kernels, data = this.dataOf(s.data);
    kernels.data.set(data);
    const error = kernels.postNewton();
    data.set(kernels.data);
    return error;
  }

  /**
   * Per circle (Flexdyn's definition; Exudyn declares these outputs but returns none): DisplacementLocal the smallest gap
   * to the segments, VelocityLocal the normal velocity ġ there, ForceLocal [normal force Σ l_seg f_n of its segments in
   * contact, tangential force 0 (no friction)].
   */
  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const isForce = variable === OutputVariableType.ForceLocal;
    if (!isForce && variable !== OutputVariableType.DisplacementLocal && variable !== OutputVariableType.VelocityLocal) return undefined;
    this.kinematics(s);
    const count = this.circles.length;
    const values = new Float64Array(isForce ? 2 * count : count);
    this.circles.forEach((circle, i) => {
      let gap = Infinity, normalVelocity = 0, force = 0;
      for (let j = 0; j < this.segmentCount; j++) {
        this.evaluatePair(j, circle, false);
        if (this.gap < gap) { gap = this.gap; normalVelocity = this.normalVelocity; }
        if (this.v.activeConnector && this.contactCircle(s.data, j) === circle) force += this.normalForce * this.segmentLengths[j];
      }
      if (isForce) values[2 * i] = force;
      else values[i] = variable === OutputVariableType.DisplacementLocal ? gap : normalVelocity;
    });
    return values;
  }
}

/** A curve of segments on a marker in contact with circles on markers (Exudyn's ObjectContactCurveCircles). */
export const objectContactCurveCirclesDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactCurveCircles',
  description: 'A penalty contact between a planar curve of straight segments (segmentsData, in the local x-y plane of the rigid '
    + 'marker m0, which it moves with) and circles (centers: position markers m_c0, m_c1, …, radii circlesRadii) in that plane, as '
    + 'Exudyn\'s ObjectContactCurveCircles (cams and followers, chains, pins in slots). In m0\'s frame each circle center c '
    + 'gives for every segment the nearest point q (segment ends included), the gap g = |c − q| − r, the normal n = (c − q)/|c − q| '
    + 'and ġ = (v_c − v_0)·n; a segment in contact (its data coordinates: a circle index and a gap < 0) pushes its circle by '
    + 'F = l_seg (k_c g + d_c ġ) n (left-hand side) and m0 by −F at q, with the torque. The post-Newton step (discontinuous '
    + 'iteration) stores per segment the circle of smallest gap (only when it penetrates with a compressive force) and the gap. '
    + 'Jacobians are analytic at fixed data coordinates. '
    + 'Exudyn 1.11 declares polynomialData, rotationMarker0 and friction without applying them: only their neutral values are '
    + 'accepted; contactModel 1 (experimental in Exudyn) is not ported. Outputs per circle (Exudyn declares them and returns '
    + 'none): DisplacementLocal the smallest gap, VelocityLocal ġ there, ForceLocal [normal force of its segments in contact, 0].',
  parameters,
  outputVariables: [OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal],
  equations: 'In m0\'s frame: c = A0ᵀ(p_c − p0), v_c = A0ᵀṗ_c, v_0 = A0ᵀṗ0 (x, y); segment [a, b]: t = clamp((c − a)·e/(e·e), 0, 1), '
    + 'q = a + t e, g = |c − q| − r, n = (c − q)/|c − q|, ġ = (v_c − v_0)·n; in contact (x_circle = index of c, x_gap < 0): '
    + 'F = l_seg (k_c g + d_c ġ) n, the circle gets J_cᵀA0[F, 0], m0 gets J_p0ᵀA0[−F, 0] + J_r0ᵀA0[0, 0, −(q × F)_z]. Post-Newton '
    + 'step per segment: the circle of smallest gap; x_circle ← its index if g < 0 and k_c g + d_c ġ < 0, else −1; x_gap ← g; '
    + 'a sign change of the gap sets the error |k_c g + d_c ġ|.',
  example: (mbs) => {
    // a V-shaped curve on a moving, rotating plate (RigidBody2D) and two pins: one on a mass point, one off the center of a disc
    const plateNode = mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [0, 0, 0.2], initialVelocities: [0.1, -0.2, 0.5] });
    const plate = mbs.addObject({ objectType: 'RigidBody2D', nodeNumber: plateNode, physicsMass: 2, physicsInertia: 0.3 });
    const curve = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: plate, localPosition: [0.1, 0.05, 0] });
    const pinNode = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [-0.3, 0.15], initialVelocities: [0.3, -0.1] });
    mbs.addObject({ objectType: 'MassPoint2D', nodeNumber: pinNode, physicsMass: 0.5 });
    const pin = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: pinNode });
    const discNode = mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [0.3, 0.2, -0.4], initialVelocities: [-0.2, 0.1, 2] });
    const disc = mbs.addObject({ objectType: 'RigidBody2D', nodeNumber: discNode, physicsMass: 1, physicsInertia: 0.1 });
    const discPin = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: disc, localPosition: [0.05, -0.02, 0] });
    // segment 0 (pin) and 2 (disc pin) in contact, 1 open
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 9, initialCoordinates: [0, -0.01, 0, -1, 0.1, 0, 1, -0.02, 0] });
    return mbs.addObject({
      objectType: 'ContactCurveCircles', markerNumbers: [curve, pin, discPin], nodeNumber: data, circlesRadii: [0.1, 0.08],
      segmentsData: [[-0.6, 0.2, 0, -0.1], [0, -0.1, 0.1, -0.1], [0.1, -0.1, 0.6, 0.2]], contactStiffness: 1e4, contactDamping: 30,
    });
  },
  validate: (v, label) => {
    const data = v.segmentsData;
    if (!Array.isArray(data)) itemError(label, 'segmentsData', `must be dense rows [p0x, p0y, p1x, p1y] (Exudyn: dense mode), got a ${'triplets' in data ? 'triplet' : 'compressed-column'} matrix`);
    const rows = data as readonly (readonly number[])[];
    if (rows.length === 0) itemError(label, 'segmentsData', 'must have at least one segment [p0x, p0y, p1x, p1y], got none');
    rows.forEach((row, j) => {
      if (row.length !== 4 || !row.every(Number.isFinite)) itemError(label, 'segmentsData', `row ${j} must be 4 finite numbers [p0x, p0y, p1x, p1y], got ${describeValue(row)}`);
    });
    const [polynomialRows] = containerShape(v.polynomialData);
    if (polynomialRows !== 0) itemError(label, 'polynomialData', `must be empty (Exudyn 1.11 does not use it), got ${polynomialRows} rows`);
    const identity = v.rotationMarker0.every((row, i) => row.every((value, j) => value === (i === j ? 1 : 0)));
    if (!identity) itemError(label, 'rotationMarker0', `must be the identity (Exudyn 1.11 does not apply it), got ${describeValue(v.rotationMarker0)}`);
    if (v.dynamicFriction !== 0) itemError(label, 'dynamicFriction', `must be 0 (friction is not available in Exudyn 1.11's ObjectContactCurveCircles), got ${v.dynamicFriction}`);
    if (v.contactModel !== 0) itemError(label, 'contactModel', `must be 0 (Exudyn's experimental penetration-area model 1 is not ported), got ${v.contactModel}`);
    const circles = v.markerNumbers.length - 1;
    if (circles < 1) itemError(label, 'markerNumbers', `must list the curve's marker and at least one circle marker, got ${v.markerNumbers.length} markers`);
    if (v.circlesRadii.length !== circles) itemError(label, 'circlesRadii', `must have one radius per circle marker (${circles}), got ${v.circlesRadii.length}`);
    for (let i = 0; i < circles; i++) if (!(v.circlesRadii[i] > 0)) itemError(label, 'circlesRadii', `must be positive, got ${v.circlesRadii[i]} for circle ${i}`);
  },
  create: (v, label) => new ContactCurveCirclesModel(label, v),
};

/** Factory for the curve–circles contact. */
export const ObjectContactCurveCircles = makeFactory(objectContactCurveCirclesDefinition);
