import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  denseLocalMatrix, isRigidMarker, type BindContext, type CableShapeMarkerModel, type ItemState, type LocalMatrixAccumulator,
  type NodeModel, type ObjectModel, type Only, type RigidMarkerModel,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, uint, ureal } from '../../registry/parameters.ts';
import { bindDataNode } from './connectorBase.ts';
import { bindCableShapeMarker, checkContactSegments, maxNumberOfSegments } from '../markers/MarkerBodyCable2DShape.ts';
import { SegmentDistance } from './segmentDistance.ts';
import { addChainRule } from './contactKernel.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { hypot2 } from '../../rotations/skew.ts';

/** Exudyn's stick/slip states: stick, slip ±1, undefined (no sticking position stored). */
const stick = 0, slipMagnitude = 1, undefinedState = -2;

const parameters = {
  markerNumbers: markerIndexArray('[m0, m1]: a rigid marker (position and orientation) at the circle center and a MarkerBodyCable2DShape of the cable element.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 3 numberOfContactSegments data coordinates: per segment i the gap x_i (contact while ≤ 0), the '
    + 'stick/slip state x_{n+i} (0 stick, ±1 slip, −2 undefined) and the last sticking position x_{2n+i}; initialize with '
    + '[0.1]·n + [−2]·n + [0]·n (no contact, undefined stick/slip).'),
  numberOfContactSegments: uint(3, `Number n of linear segments of the cable polygon (1 … ${maxNumberOfSegments}); must equal the shape marker's numberOfSegments.`),
  contactStiffness: ureal(0, 'Contact (penalty) stiffness k_c [N/m] per segment; acts only in contact.'),
  contactDamping: ureal(0, 'Contact damping d_c [N s/m] per segment, against the normal relative velocity; acts only in contact.'),
  frictionVelocityPenalty: ureal(0, 'Tangential velocity penalty μ_v [N s/m] per segment: friction force μ_v v_t while sticking.'),
  frictionStiffness: ureal(0, 'Tangential stiffness μ_k [N/m] per segment against the displacement from the last sticking position.'),
  frictionCoefficient: ureal(0, 'Friction coefficient μ: the tangential force is limited to μ|f_n|.'),
  circleRadius: ureal(0, 'Radius r of the circle [m] (> 0).'),
  useSegmentNormals: bool(true, 'True: normal and tangent of each segment (long segments); false: at each segment point the direction from the circle center to that point (short segments).'),
  activeConnector: bool(true, 'If false, the contact exerts no force and does not switch.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; numberOfContactSegments: number; contactStiffness: number; contactDamping: number;
  frictionVelocityPenalty: number; frictionStiffness: number; frictionCoefficient: number; circleRadius: number; useSegmentNormals: boolean;
  activeConnector: boolean;
};

/**
 * The kinematic inputs y of one segment, the columns of ∂z/∂y: the segment points p_i, p_{i+1} (slots 0–3), the circle
 * center c (4–5), the center velocity v_c (6–7), the virtual rotation φ of the circle frame (8–10) and the global angular
 * velocity ω (11–13) for ∂/∂q (v_c and ω through their ∂/∂q at fixed velocities); for ∂/∂u the point velocities (0–3),
 * v_c (6–7) and ω (11–13).
 */
const nY = 14;
/** First slot of φ and of ω in y. */
const slotRotation = 8, slotOmega = 11;
/** The outputs z of one segment: the forces on p_i (0–1) and p_{i+1} (2–3), their sum (4–5) and r f_t (6). */
const nZ = 7;

/** x − round(x / (2πr)) 2πr: a sticking position difference in [−πr, πr) (Exudyn's normalization). */
function wrapped(x: number, r: number): number {
  const period = 2 * Math.PI * r;
  return x - Math.floor(x / period + 0.5) * period;
}

/** Run-time model of the frictional circle–cable contact. */
class ContactFrictionCircleCable2DModel implements Only<ObjectModel, ContactFrictionCircleCable2DModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** Analytic ∂f/∂q, present when the circle marker gives ∂ω/∂q (rigid bodies and nodes) or has no coordinates (set in bind). */
  ode2Lhs_q?: ObjectModel['ode2Lhs_q'];
  private circle!: RigidMarkerModel;
  private cable!: CableShapeMarkerModel;
  private dataIndex = -1;
  private n0 = 0;
  private nLocal = 0;
  private readonly segment = new SegmentDistance();
  /** Circle center, its velocity, rotation matrix and body-fixed angular velocity. */
  private readonly center = new Float64Array(3);
  private readonly centerVelocity = new Float64Array(3);
  private readonly rotation = new Float64Array(9);
  private readonly omegaLocal = new Float64Array(3);
  private points = new Float64Array(0);
  private velocities = new Float64Array(0);
  /** Unit vectors from the center to the points (useSegmentNormals = false). */
  private pointNormals = new Float64Array(0);
  private pointForces = new Float64Array(0);
  /** Sum of the segment forces (on the cable; the circle gets the negative) and the torque [0, 0, −Σ r f_t] on the circle. */
  private readonly forceSum = new Float64Array(3);
  private readonly torque = new Float64Array(3);
  private jacobianPosition = new Float64Array(0);
  private jacobianRotation = new Float64Array(0);
  private velocity_q = new Float64Array(0);
  private angularVelocity_q = new Float64Array(0);
  /** Global angular velocity of the circle. */
  private readonly omega = new Float64Array(3);
  private jacobianCable = new Float64Array(0);
  // per segment: relative velocity, normal and tangential force and the outputs z; with derivatives ∂/∂y. The four
  // numbers start as NaN (written before they are read): a double from the start, so that the first segment in contact
  // (step ≈ 210 of ANCFcontactFrictionTest) does not change the fields' representation, which replaced the item's
  // hidden class and discarded the optimized code of the residual and Jacobian paths (15 functions) in a fresh process.
  private normalVelocity = Number.NaN;
  private tangentialVelocity = Number.NaN;
  private normalForce = Number.NaN;
  private tangentialForce = Number.NaN;
  private readonly dv = new Float64Array(2);
  private readonly z = new Float64Array(nZ);
  private readonly tY = new Float64Array(nY);
  private readonly gapY = new Float64Array(nY);
  private readonly nY2 = new Float64Array(2 * nY);
  private readonly tangentY = new Float64Array(2 * nY);
  private readonly dvY = new Float64Array(2 * nY);
  private readonly normalVelocityY = new Float64Array(nY);
  private readonly tangentialVelocityY = new Float64Array(nY);
  private readonly normalForceY = new Float64Array(nY);
  private readonly tangentialForceY = new Float64Array(nY);
  private readonly forceY = new Float64Array(2 * nY);
  private readonly pointNormalY = new Float64Array(2 * nY);
  /** ∂z/∂y (nZ × nY), the rows R = ∂y/∂(q or u) (nY × nLocal), B R and the output rows ∂Q/∂z (nZ × nLocal). */
  private readonly zY = new Float64Array(nZ * nY);
  private inputRows = new Float64Array(0);
  private outputRows = new Float64Array(0);
  private product = new Float64Array(0);
  private localMatrix = new Float64Array(0);
  /** The circle marker's ∂(Jᵀ F)/∂q (n0 × n0). */
  private circleBlock = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly v: Values) {}

  bind(context: BindContext): void {
    const [index0, index1] = this.v.markerNumbers;
    const circle = context.marker(index0, 'markerNumbers');
    if (!isRigidMarker(circle)) itemError(this.label, 'markerNumbers', `entry 0 must refer to a rigid marker (position and orientation of the circle), got ${circle.label.category}${circle.label.typeName} #${index0}`);
    const n = this.v.numberOfContactSegments;
    const cable = bindCableShapeMarker(context, this.label, index1, n);
    this.circle = circle;
    this.cable = cable;
    this.dataIndex = bindDataNode(context, this.label, this.v.nodeNumber, 3 * n, 'for the contact and stick/slip state of the segments')!.dataIndex;
    this.localNodes = [...circle.nodes, ...cable.nodes];
    const n0 = circle.nLocalU, n1 = cable.nLocalU, nL = n0 + n1;
    this.n0 = n0;
    this.nLocal = nL;
    const nPoints = 2 * (n + 1);
    this.points = new Float64Array(nPoints);
    this.velocities = new Float64Array(nPoints);
    this.pointNormals = new Float64Array(nPoints);
    this.pointForces = new Float64Array(nPoints);
    this.jacobianPosition = new Float64Array(3 * n0);
    this.jacobianRotation = new Float64Array(3 * n0);
    this.velocity_q = new Float64Array(3 * n0);
    this.angularVelocity_q = new Float64Array(3 * n0);
    this.jacobianCable = new Float64Array(nPoints * n1);
    this.inputRows = new Float64Array(nY * nL);
    this.outputRows = new Float64Array(nZ * nL);
    this.product = new Float64Array(nZ * nL);
    this.localMatrix = denseLocalMatrix(nL);
    this.circleBlock = new Float64Array(n0 * n0);
    // ∂f/∂q needs ∂ω/∂q of the circle (a flexible body's marker has none: then numerical, as Exudyn)
    const analytic = n0 === 0 || circle.angularVelocity_q !== undefined;
    this.ode2Lhs_q = analytic ? (s, acc, factor) => this.addJacobian(s, acc, factor, false) : undefined;
  }

  private get segments(): number {
    return this.v.numberOfContactSegments;
  }

  /** Data coordinate of the gap state of segment i is ≤ 0 in some segment. */
  private anyContact(s: ItemState): boolean {
    if (!this.v.activeConnector) return false;
    for (let i = 0; i < this.segments; i++) if (s.data[this.dataIndex + i] <= 0) return true;
    return false;
  }

  /** Marker kinematics of state s (positions, velocities, rotation, angular velocity, point normals). */
  private kinematics(s: ItemState): void {
    const { circle, center, points, pointNormals } = this;
    circle.position(s, center);
    circle.velocity(s, this.centerVelocity);
    circle.orientation(s, this.rotation);
    circle.angularVelocityLocal(s, this.omegaLocal);
    circle.angularVelocity(s, this.omega);
    this.cable.points(s, points);
    this.cable.pointVelocities(s, this.velocities);
    if (this.v.useSegmentNormals) return;
    for (let j = 0; j < points.length; j += 2) {
      const x = points[j] - center[0], y = points[j + 1] - center[1];
      const length = hypot2(x, y);
      const scale = length === 0 ? 1 : 1 / length;
      pointNormals[j] = x * scale;
      pointNormals[j + 1] = y * scale;
    }
  }

  /** Evaluates the distance of segment i from the center (kinematics up to date). */
  private evaluateSegment(i: number, derivatives: boolean): void {
    const p = this.points, c = this.center;
    this.segment.radius = this.v.circleRadius;
    this.segment.evaluate(p, 2 * i, c, derivatives);
  }

  /**
   * Relative velocity Δv = ṗ_p − (v_c + r ω t) of the nearest point of segment i against the circle's contact point,
   * its normal and tangential components (t = [−n_y, n_x]); needs evaluateSegment.
   */
  private relativeVelocity(i: number): void {
    const { segment, velocities: w, centerVelocity: vc, dv } = this;
    const t = segment.t, n = segment.n;
    const rw = this.v.circleRadius * this.omegaLocal[2];
    dv[0] = (1 - t) * w[2 * i] + t * w[2 * i + 2] - vc[0] + rw * n[1];
    dv[1] = (1 - t) * w[2 * i + 1] + t * w[2 * i + 3] - vc[1] - rw * n[0];
    this.normalVelocity = dv[0] * n[0] + dv[1] * n[1];
    this.tangentialVelocity = -dv[0] * n[1] + dv[1] * n[0];
  }

  /**
   * Exudyn's current sticking position of segment i: r·atan2(n̄_y, n̄_x) (n̄ = Aᵀn, the normal in the circle frame) plus
   * ∓ t L/n (the position on the segment, sign by the direction of the segment against the tangent).
   */
  private stickingPosition(i: number): number {
    const { segment, rotation: A, points: p } = this;
    const n = segment.n;
    const nx = A[0] * n[0] + A[3] * n[1], ny = A[1] * n[0] + A[4] * n[1];
    const sign = -n[1] * (p[2 * i + 2] - p[2 * i]) + n[0] * (p[2 * i + 3] - p[2 * i + 1]) > 0 ? -1 : 1;
    return this.v.circleRadius * Math.atan2(ny, nx) + sign * segment.t * this.cable.length / this.segments;
  }

  /**
   * Normal and tangential force of segment i in the Newton iteration (fixed data coordinates): f_n = k_c g + d_c v_n;
   * stick (state 0): f_t = μ_v v_t + μ_k Δx_stick (μ_k ≠ 0), undefined: f_t = μ_v v_t, slip (±1): f_t = ±μ|f_n|.
   * Needs evaluateSegment and relativeVelocity.
   */
  private segmentForces(s: ItemState, i: number): number {
    const v = this.v;
    const state = Math.trunc(s.data[this.dataIndex + this.segments + i]);
    this.normalForce = v.contactStiffness * this.segment.gap + v.contactDamping * this.normalVelocity;
    this.tangentialForce = v.frictionVelocityPenalty * this.tangentialVelocity;
    if (state === stick && v.frictionStiffness !== 0) {
      const last = s.data[this.dataIndex + 2 * this.segments + i];
      this.tangentialForce += v.frictionStiffness * wrapped(this.stickingPosition(i) - last, v.circleRadius);
    }
    if (Math.abs(state) === slipMagnitude) this.tangentialForce = v.frictionCoefficient * Math.abs(this.normalForce) * state;
    return state;
  }

  /** The outputs z of segment i (forces on its points, their sum, r f_t); needs segmentForces. */
  private segmentOutputs(i: number): void {
    const { z, segment } = this;
    const t = segment.t, fn = this.normalForce, ft = this.tangentialForce;
    if (this.v.useSegmentNormals) {
      const n = segment.n;
      const fx = fn * n[0] - ft * n[1], fy = fn * n[1] + ft * n[0];
      z[0] = (1 - t) * fx; z[1] = (1 - t) * fy;
      z[2] = t * fx; z[3] = t * fy;
    } else {
      const pn = this.pointNormals;
      const l = 2 * i, r = 2 * i + 2;
      z[0] = (1 - t) * (fn * pn[l] - ft * pn[l + 1]); z[1] = (1 - t) * (fn * pn[l + 1] + ft * pn[l]);
      z[2] = t * (fn * pn[r] - ft * pn[r + 1]); z[3] = t * (fn * pn[r + 1] + ft * pn[r]);
    }
    z[4] = z[0] + z[2];
    z[5] = z[1] + z[3];
    z[6] = this.v.circleRadius * ft;
  }

  ode2LhsActive(s: ItemState): boolean {
    return this.anyContact(s);
  }

  /**
   * Exudyn's force law (left-hand side): every segment in contact (data gap ≤ 0) adds its forces to its end points, the
   * circle gets the negative sum and the torque −Σ r f_t.
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.anyContact(s)) return;
    const { pointForces, forceSum, torque, z } = this;
    this.kinematics(s);
    pointForces.fill(0);
    forceSum.fill(0);
    torque.fill(0);
    for (let i = 0; i < this.segments; i++) {
      if (s.data[this.dataIndex + i] > 0) continue;
      this.evaluateSegment(i, false);
      this.relativeVelocity(i);
      this.segmentForces(s, i);
      this.segmentOutputs(i);
      for (let r = 0; r < 4; r++) pointForces[2 * i + r] += z[r];
      forceSum[0] -= z[4];
      forceSum[1] -= z[5];
      torque[2] -= z[6];
    }
    const n0 = this.n0;
    if (n0 > 0) {
      const jp = this.jacobianPosition, jr = this.jacobianRotation;
      this.circle.positionJacobian(s, jp);
      this.circle.rotationJacobian(s, jr);
      for (let j = 0; j < n0; j++) f[j] += jp[j] * forceSum[0] + jp[n0 + j] * forceSum[1] + jr[2 * n0 + j] * torque[2];
    }
    this.cable.addPointForces(s, pointForces, f, n0);
  }

  /** Analytic ∂f/∂u at fixed data coordinates (Σ over segments in contact of (∂Q/∂z)(∂z/∂y)(∂y/∂u)). */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobian(s, acc, factor, true);
  }

  /**
   * Adds factor·∂f/∂u (velocity) or factor·∂f/∂q as one dense block; without contact in the data its positions only
   * (addZeros), so that the pattern stays.
   */
  private addJacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, velocity: boolean): void {
    const nL = this.nLocal;
    if (!this.anyContact(s)) {
      acc.addZeros(0, 0, nL, nL);
      return;
    }
    const m = this.localMatrix;
    zeroArray(m);
    this.addSegmentJacobians(s, m, factor, velocity);
    acc.addBlock(0, 0, nL, nL, m, 0, nL, 1);
  }

  /** Rows ∂y/∂(q or u) and ∂Q/∂z (the same in every segment but for the cable rows, which the segments shift). */
  private prepareRows(s: ItemState, velocity: boolean): void {
    const n0 = this.n0, nL = this.nLocal;
    const jp = this.jacobianPosition, jr = this.jacobianRotation, jv = this.velocity_q, jw = this.angularVelocity_q;
    const R = this.inputRows.fill(0), O = this.outputRows.fill(0);
    if (n0 === 0) return;
    this.circle.positionJacobian(s, jp);
    this.circle.rotationJacobian(s, jr);
    const hasVelocity_q = !velocity && this.circle.velocity_q !== undefined;
    if (hasVelocity_q) this.circle.velocity_q!(s, jv);
    if (!velocity) this.circle.angularVelocity_q!(s, jw);
    for (let j = 0; j < n0; j++) {
      for (let r = 0; r < 2; r++) {
        if (velocity) R[(6 + r) * nL + j] = jp[r * n0 + j];
        else {
          R[(4 + r) * nL + j] = jp[r * n0 + j];
          if (hasVelocity_q) R[(6 + r) * nL + j] = jv[r * n0 + j];
        }
        O[(4 + r) * nL + j] = -jp[r * n0 + j];
      }
      for (let r = 0; r < 3; r++) {
        if (velocity) R[(slotOmega + r) * nL + j] = jr[r * n0 + j];
        else {
          R[(slotRotation + r) * nL + j] = jr[r * n0 + j];
          R[(slotOmega + r) * nL + j] = jw[r * n0 + j];
        }
      }
      O[6 * nL + j] = -jr[2 * n0 + j];
    }
  }

  /** Adds factor·Σ_segments (∂Q/∂z)(∂z/∂y)(∂y/∂x) (x = q or u) and, for q, the circle marker's ∂(Jᵀ F)/∂q to m. */
  private addSegmentJacobians(s: ItemState, m: Float64Array, factor: number, velocity: boolean): void {
    const { forceSum, torque, z, zY, inputRows: R, outputRows: O, product: P } = this;
    const n0 = this.n0, n1 = this.cable.nLocalU, nL = this.nLocal;
    this.kinematics(s);
    this.prepareRows(s, velocity);
    this.cable.pointJacobian(s, this.jacobianCable);
    forceSum.fill(0);
    torque.fill(0);
    for (let i = 0; i < this.segments; i++) {
      if (s.data[this.dataIndex + i] > 0) continue;
      this.segmentDerivatives(s, i, velocity);
      forceSum[0] -= z[4];
      forceSum[1] -= z[5];
      torque[2] -= z[6];
      // the cable rows of segment i: points i and i + 1 (inputs 0–3 and outputs 0–3)
      for (let r = 0; r < 4; r++) {
        for (let j = 0; j < n1; j++) {
          const value = this.jacobianCable[(2 * i + r) * n1 + j];
          R[r * nL + n0 + j] = value;
          O[r * nL + n0 + j] = value;
        }
      }
      addChainRule(m, nL, O, zY, R, nZ, nY, P, factor);
    }
    const markerKernel = this.circle.jacobianTransposedVector_q;
    if (velocity || n0 === 0 || markerKernel === undefined) return;
    // the circle marker's Jacobians depend on q (an off-center marker): + ∂(J_posᵀ F + J_rotᵀ τ)/∂q at the summed F, τ
    const block = this.circleBlock.fill(0);
    markerKernel.call(this.circle, s, forceSum, torque, block, factor);
    for (let a = 0; a < n0; a++) for (let b = 0; b < n0; b++) m[a * nL + b] += block[a * n0 + b];
  }

  /**
   * The outputs z of segment i and their derivatives ∂z/∂y (zY) with respect to the inputs y of ∂/∂q (velocity false) or
   * ∂/∂u (velocity true), at fixed data coordinates.
   */
  private segmentDerivatives(s: ItemState, i: number, velocity: boolean): void {
    const v = this.v;
    const { segment, tY, gapY, nY2: nYm, tangentY, dvY, dv, zY } = this;
    this.evaluateSegment(i, !velocity);
    this.relativeVelocity(i);
    const state = this.segmentForces(s, i);
    this.segmentOutputs(i);
    const t = segment.t, n = segment.n, r = v.circleRadius;
    const w = this.velocities, omega = this.omegaLocal[2], A = this.rotation, og = this.omega;
    tY.fill(0); gapY.fill(0); nYm.fill(0); dvY.fill(0);
    if (!velocity) {
      for (let k = 0; k < 6; k++) {
        tY[k] = segment.t_x[k];
        gapY[k] = segment.gap_x[k];
        nYm[k] = segment.n_x[k];
        nYm[nY + k] = segment.n_x[6 + k];
      }
    }
    // tangent t = [−n_y, n_x]
    for (let k = 0; k < nY; k++) { tangentY[k] = -nYm[nY + k]; tangentY[nY + k] = nYm[k]; }
    // Δv = (1 − t) w_i + t w_{i+1} − v_c − r ω_z tangent, ω_z = a_z·ω the body-fixed z component (a_z = A e_z):
    // δω_z = a_z·δω + (a_z × ω)·δφ
    const azx = A[2], azy = A[5], azz = A[8];
    const crossX = azy * og[2] - azz * og[1], crossY = azz * og[0] - azx * og[2], crossZ = azx * og[1] - azy * og[0];
    for (let c = 0; c < 2; c++) {
      const tangent = c === 0 ? -n[1] : n[0];
      if (velocity) {
        dvY[c * nY + c] = 1 - t;
        dvY[c * nY + 2 + c] = t;
      } else {
        const dw = w[2 * i + 2 + c] - w[2 * i + c];
        for (let k = 0; k < nY; k++) dvY[c * nY + k] = dw * tY[k] - r * omega * tangentY[c * nY + k];
        dvY[c * nY + slotRotation] -= r * tangent * crossX;
        dvY[c * nY + slotRotation + 1] -= r * tangent * crossY;
        dvY[c * nY + slotRotation + 2] -= r * tangent * crossZ;
      }
      dvY[c * nY + 6 + c] -= 1;
      dvY[c * nY + slotOmega] = -r * tangent * azx;
      dvY[c * nY + slotOmega + 1] = -r * tangent * azy;
      dvY[c * nY + slotOmega + 2] = -r * tangent * azz;
    }
    const { normalVelocityY: vnY, tangentialVelocityY: vtY, normalForceY: fnY, tangentialForceY: ftY } = this;
    for (let k = 0; k < nY; k++) {
      vnY[k] = n[0] * dvY[k] + n[1] * dvY[nY + k] + dv[0] * nYm[k] + dv[1] * nYm[nY + k];
      vtY[k] = -n[1] * dvY[k] + n[0] * dvY[nY + k] + dv[0] * tangentY[k] + dv[1] * tangentY[nY + k];
      fnY[k] = v.contactStiffness * gapY[k] + v.contactDamping * vnY[k];
      ftY[k] = v.frictionVelocityPenalty * vtY[k];
    }
    if (state === stick && v.frictionStiffness !== 0 && !velocity) this.addStickingDerivative(i, ftY);
    if (Math.abs(state) === slipMagnitude) {
      const scale = v.frictionCoefficient * state * Math.sign(this.normalForce);
      for (let k = 0; k < nY; k++) ftY[k] = scale * fnY[k];
    }
    const fn = this.normalForce, ft = this.tangentialForce;
    const F = this.forceY;
    if (v.useSegmentNormals) {
      // F = f_n n + f_t tangent, f_i = (1 − t) F, f_{i+1} = t F
      const fx = fn * n[0] - ft * n[1], fy = fn * n[1] + ft * n[0];
      for (let k = 0; k < nY; k++) {
        F[k] = n[0] * fnY[k] + fn * nYm[k] - n[1] * ftY[k] + ft * tangentY[k];
        F[nY + k] = n[1] * fnY[k] + fn * nYm[nY + k] + n[0] * ftY[k] + ft * tangentY[nY + k];
        zY[k] = (1 - t) * F[k] - fx * tY[k];
        zY[nY + k] = (1 - t) * F[nY + k] - fy * tY[k];
        zY[2 * nY + k] = t * F[k] + fx * tY[k];
        zY[3 * nY + k] = t * F[nY + k] + fy * tY[k];
      }
    } else {
      // F_l = f_n n_l + f_t ⊥n_l at point i, F_r at point i + 1: f_i = (1 − t) F_l, f_{i+1} = t F_r
      for (let side = 0; side < 2; side++) {
        const point = i + side;
        if (velocity) this.pointNormalY.fill(0);
        else this.pointNormalDerivative(point, 2 * side);
        const pn = this.pointNormals, nl = this.pointNormalY;
        const nx = pn[2 * point], ny = pn[2 * point + 1];
        const fx = fn * nx - ft * ny, fy = fn * ny + ft * nx;
        const weight = side === 0 ? 1 - t : t, sign = side === 0 ? -1 : 1;
        for (let k = 0; k < nY; k++) {
          const Fx = nx * fnY[k] + fn * nl[k] - ny * ftY[k] - ft * nl[nY + k];
          const Fy = ny * fnY[k] + fn * nl[nY + k] + nx * ftY[k] + ft * nl[k];
          zY[2 * side * nY + k] = weight * Fx + sign * fx * tY[k];
          zY[(2 * side + 1) * nY + k] = weight * Fy + sign * fy * tY[k];
        }
      }
    }
    for (let k = 0; k < nY; k++) {
      zY[4 * nY + k] = zY[k] + zY[2 * nY + k];
      zY[5 * nY + k] = zY[nY + k] + zY[3 * nY + k];
      zY[6 * nY + k] = r * ftY[k];
    }
  }

  /** Writes ∂n_p/∂y (pointNormalY, 2 × nY) of the unit vector n_p from the center to point p = i + side, inputs at slots `slot` (point) and 4 (center). */
  private pointNormalDerivative(point: number, slot: number): void {
    const nl = this.pointNormalY.fill(0);
    const p = this.points, c = this.center;
    const length = hypot2(p[2 * point] - c[0], p[2 * point + 1] - c[1]);
    if (length === 0) return;
    const nx = this.pointNormals[2 * point], ny = this.pointNormals[2 * point + 1];
    const p00 = (1 - nx * nx) / length, p01 = -nx * ny / length, p11 = (1 - ny * ny) / length;
    nl[slot] = p00; nl[slot + 1] = p01; nl[4] = -p00; nl[5] = -p01;
    nl[nY + slot] = p01; nl[nY + slot + 1] = p11; nl[nY + 4] = -p01; nl[nY + 5] = -p11;
  }

  /**
   * Adds μ_k ∂Δx_stick/∂y to ftY: Δx_stick = r atan2(n̄_y, n̄_x) ∓ t L/n + const, n̄ = Aᵀn with δn̄ = Aᵀ(δn + n × δφ).
   */
  private addStickingDerivative(i: number, ftY: Float64Array): void {
    const { segment, rotation: A, points: p, nY2: nYm, tY } = this;
    const n = segment.n, r = this.v.circleRadius, k = this.v.frictionStiffness;
    const nx = A[0] * n[0] + A[3] * n[1], ny = A[1] * n[0] + A[4] * n[1];
    const norm2 = nx * nx + ny * ny;
    const sign = -n[1] * (p[2 * i + 2] - p[2 * i]) + n[0] * (p[2 * i + 3] - p[2 * i + 1]) > 0 ? -1 : 1;
    const segmentLength = this.cable.length / this.segments;
    for (let c = 0; c < nY; c++) {
      // δn (global, z = 0) plus, for the rotation slots, n × e_j
      let d0 = nYm[c], d1 = nYm[nY + c], d2 = 0;
      if (c >= slotRotation && c < slotRotation + 3) {
        const j = c - slotRotation;
        if (j === 0) d2 -= n[1];
        else if (j === 1) d2 += n[0];
        else { d0 += n[1]; d1 -= n[0]; }
      }
      const dnx = A[0] * d0 + A[3] * d1 + A[6] * d2, dny = A[1] * d0 + A[4] * d1 + A[7] * d2;
      const angle = norm2 === 0 ? 0 : (nx * dny - ny * dnx) / norm2;
      ftY[c] += k * (r * angle + sign * segmentLength * tY[c]);
    }
  }

  /**
   * Exudyn's post-Newton step per segment: a gap whose sign differs from the stored one adds |k_c(g − x_gap)| to the error;
   * the gap is stored; in contact with friction the stick/slip state is decided from the start-of-step sticking position
   * (slip: |f_t| > μ|f_n|, the sticking position is moved to pre-tension the spring), a changed state adds ||f_t| − μ|f_n||.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState): number {
    const v = this.v;
    if (!v.activeConnector) return 0;
    const data = s.data, start = startOfStep.data, n = this.segments, d = this.dataIndex;
    this.kinematics(s);
    let error = 0;
    for (let i = 0; i < n; i++) {
      this.evaluateSegment(i, false);
      const gap = this.segment.gap;
      const last = data[d + i];
      if ((gap > 0 && last <= 0) || (gap <= 0 && last > 0)) error += Math.abs((gap - last) * v.contactStiffness);
      data[d + i] = gap;
      if (gap > 0 || (v.frictionStiffness === 0 && v.frictionVelocityPenalty === 0)) {
        data[d + n + i] = undefinedState;
        continue;
      }
      this.relativeVelocity(i);
      const fn = gap * v.contactStiffness + this.normalVelocity * v.contactDamping;
      let ft = this.tangentialVelocity * v.frictionVelocityPenalty;
      let lastStick = start[d + 2 * n + i];
      let current = lastStick;
      let difference = this.tangentialVelocity;
      if (v.frictionStiffness !== 0) {
        current = this.stickingPosition(i);
        if (start[d + n + i] === undefinedState) lastStick = current;
        difference = wrapped(current - lastStick, v.circleRadius);
        ft += difference * v.frictionStiffness;
      }
      const limit = v.frictionCoefficient * Math.abs(fn);
      const excess = Math.abs(ft) - limit;
      let state = stick;
      if (excess > 0) {
        state = Math.sign(difference);
        data[d + 2 * n + i] = v.frictionStiffness !== 0 ? current - Math.sign(difference) * limit / v.frictionStiffness : current;
      } else {
        data[d + 2 * n + i] = lastStick;
      }
      if (Math.trunc(data[d + n + i]) !== state) error += Math.abs(excess);
      data[d + n + i] = state;
    }
    return error;
  }

  /**
   * Exudyn's outputs, per segment [tangential, normal] and zero without contact: Coordinates [Δx_stick (only while
   * sticking), g], Coordinates_t [v_t, v_n], ForceLocal [f_t, f_n].
   */
  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable !== OutputVariableType.Coordinates && variable !== OutputVariableType.Coordinates_t && variable !== OutputVariableType.ForceLocal) return undefined;
    const v = this.v, n = this.segments, d = this.dataIndex;
    const values = new Float64Array(2 * n);
    let contact = false;
    for (let i = 0; i < n; i++) if (s.data[d + i] <= 0) contact = true;
    if (!contact) return values;
    this.kinematics(s);
    for (let i = 0; i < n; i++) {
      if (s.data[d + i] > 0) continue;
      this.evaluateSegment(i, false);
      this.relativeVelocity(i);
      const state = Math.trunc(s.data[d + n + i]);
      const fn = this.segment.gap * v.contactStiffness + this.normalVelocity * v.contactDamping;
      let ft = this.tangentialVelocity * v.frictionVelocityPenalty;
      let difference = this.tangentialVelocity;
      if (Math.abs(state) !== slipMagnitude && v.frictionStiffness !== 0) {
        difference = wrapped(this.stickingPosition(i) - s.data[d + 2 * n + i], v.circleRadius);
        ft += difference * v.frictionStiffness;
      }
      if (Math.abs(state) === slipMagnitude) ft = v.frictionCoefficient * Math.abs(fn) * state;
      if (variable === OutputVariableType.Coordinates) {
        values[2 * i] = state === stick ? difference : 0;
        values[2 * i + 1] = this.segment.gap;
      } else if (variable === OutputVariableType.Coordinates_t) {
        values[2 * i] = this.tangentialVelocity;
        values[2 * i + 1] = this.normalVelocity;
      } else {
        values[2 * i] = ft;
        values[2 * i + 1] = fn;
      }
    }
    return values;
  }
}

/** Penalty contact with friction of a circle with an ANCF cable element (Exudyn's ObjectContactFrictionCircleCable2D). */
export const objectContactFrictionCircleCable2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactFrictionCircleCable2D',
  description: 'A penalty contact with friction between a circle (center and frame: rigid marker m0, radius circleRadius, in the '
    + 'x-y plane) and an ANCFCable2D element, represented by the polygon of a MarkerBodyCable2DShape (m1) with numberOfContactSegments '
    + 'segments. Per segment the nearest point p_p = p_i + t(p_{i+1} − p_i), t ∈ [0, 1], to the center c gives the gap '
    + 'g = |p_p − c| − r, the normal n = (p_p − c)/|p_p − c| and the tangent t = [−n_y, n_x]; the relative velocity of the '
    + 'segment against the circle surface, Δv = (1 − t)ṗ_i + t ṗ_{i+1} − v_c − r ω t, has the components v_n, v_t. A segment in '
    + 'contact (its gap data coordinate ≤ 0) carries the normal force f_n = k_c g + d_c v_n and the tangential force of its '
    + 'stick/slip state: stick f_t = μ_v v_t + μ_k Δx_stick, slip f_t = ±μ|f_n|. With useSegmentNormals the segment force '
    + 'f_n n + f_t t goes to its end points with the weights 1 − t and t, otherwise f_n n_j + f_t ⊥n_j with n_j the direction '
    + 'from the center to point j; the circle gets the opposite sum and the torque −Σ r f_t. The NodeGenericData (nodeNumber) holds '
    + 'per segment the gap, the stick/slip state (0 stick, ±1 slip, −2 undefined) and the last sticking position (a position '
    + 'along circle and segment, r·angle ∓ t L/n); the post-Newton step (discontinuous iteration, Exudyn\'s algorithm) stores the '
    + 'gaps and decides stick or slip from the start-of-step sticking position. Jacobians are analytic at fixed data coordinates '
    + '(∂f/∂q numerical, as in Exudyn, when the circle marker gives no ∂ω/∂q: a marker on a flexible body). Outputs per segment (zero without contact): Coordinates [Δx_stick while sticking (with '
    + 'frictionStiffness = 0: v_t, as Exudyn), g], Coordinates_t [v_t, v_n], ForceLocal [f_t, f_n].',
  parameters,
  outputVariables: [OutputVariableType.Coordinates, OutputVariableType.Coordinates_t, OutputVariableType.ForceLocal],
  equations: 'Segment i: e = p_{i+1} − p_i, t = clamp((c − p_i)·e/(e·e), 0, 1), w = p_i + t e − c, g = |w| − r, n = w/|w|, '
    + 't = [−n_y, n_x]; Δv = (1 − t)ṗ_i + t ṗ_{i+1} − v_c − r ω_z t, v_n = Δv·n, v_t = Δv·t; f_n = k_c g + d_c v_n; '
    + 'x_stick = r atan2(n̄_y, n̄_x) + s t L/n_cs (n̄ = Aᵀn, s = −1 if t·e > 0 else 1), Δx_stick = x_stick − x_lastStick wrapped to [−πr, πr); '
    + 'stick (x_{n+i} = 0): f_t = μ_v v_t + μ_k Δx_stick; undefined (−2): f_t = μ_v v_t; slip (±1): f_t = ±μ|f_n|. '
    + 'Post-Newton step: g_i → x_i (error |k_c(g − x_i)| on a sign change); in contact: f_t,lin = μ_v v_t + μ_k Δx_stick against the '
    + 'start-of-step sticking position, slip if |f_t,lin| > μ|f_n| (state sign Δx_stick, x_lastStick = x_stick − sign μ|f_n|/μ_k), '
    + 'else stick; a changed state adds ||f_t,lin| − μ|f_n||.',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [i, 0, 1, 0], initialCoordinates: [0.02, 0.05 * i, 0.1 * i, 0.2], initialVelocities: [0.1, -0.2 * i, 0, 0.3] }));
    const cable = mbs.addObject({ objectType: 'ANCFCable2D', nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 2, physicsBendingStiffness: 3, physicsAxialStiffness: 100 });
    const shape = mbs.addMarker({ markerType: 'BodyCable2DShape', bodyNumber: cable, numberOfSegments: 4 });
    const wheel = mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [0.4, -0.25, 0.3], initialVelocities: [0.1, 0.2, 3] });
    const body = mbs.addObject({ objectType: 'RigidBody2D', nodeNumber: wheel, physicsMass: 1, physicsInertia: 0.05 });
    // an off-center marker: its position, velocity and Jacobians depend on the rotation
    const circle = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.05, 0.02, 0] });
    // segment 0 open; 1 (interior nearest point) sticks, 2 and 3 (nearest point at their start) slip in both directions
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 12, initialCoordinates: [0.1, -0.01, -0.01, -0.01, -2, 0, 1, -1, 0, 0.02, 0, 0] });
    return mbs.addObject({
      objectType: 'ContactFrictionCircleCable2D', markerNumbers: [circle, shape], nodeNumber: data, numberOfContactSegments: 4, contactStiffness: 500,
      contactDamping: 5, frictionVelocityPenalty: 3, frictionStiffness: 200, frictionCoefficient: 0.4, circleRadius: 0.3, useSegmentNormals: false,
    });
  },
  validate: (v, label) => {
    checkContactSegments(label, v.numberOfContactSegments);
    if (!(v.circleRadius > 0)) itemError(label, 'circleRadius', `must be positive, got ${v.circleRadius}`);
  },
  create: (v, label) => new ContactFrictionCircleCable2DModel(label, v),
};

/** Factory for the frictional circle–cable contact. */
export const ObjectContactFrictionCircleCable2D = makeFactory(objectContactFrictionCircleCable2DDefinition);
