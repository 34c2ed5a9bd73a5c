import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only, type PostNewtonOutput,
  type RigidMarkerModel,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, matrix, nodeIndex, preal, real, uint, ureal, type MatrixValue } from '../../registry/parameters.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { bindDataNode } from './connectorBase.ts';
import { contactStepState, dataGap, updateContactData } from './contactKernel.ts';
import { PenaltyContactPair, columnCross, contactInData, contactOutput } from './penaltyContactPair.ts';

const parameters = {
  markerNumbers: markerIndexArray('Markers [m0, m1]: m0 at the sphere centre (a position marker; a rigid marker when dynamicFriction ≠ 0), '
    + 'm1 a rigid marker whose frame carries the triangle (trianglePoints are local to it).', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 4 data coordinates [gap, tangential speed, impact velocity, unused] (Exudyn\'s order), the contact '
    + 'state of the last post-Newton step; initialize the gap with the initial gap (positive: no contact at the start).'),
  radiusSphere: ureal(0, 'Radius r [m] of the sphere (> 0; the default 0 must be replaced).'),
  trianglePoints: matrix([], 'The three triangle points [p0, p1, p2] in the frame of marker 1, one row [x, y, z] each; '
    + 'they must span a triangle (not collinear). Edge 0 joins p0 and p1, edge 1 p1 and p2, edge 2 p2 and p0.', undefined, 'Vector3DList'),
  includeEdges: uint(7, 'Binary flags of the edges the sphere can touch: 1 edge 0, 2 edge 1, 4 edge 2 (7: all); a contact whose closest point lies on '
    + 'an excluded edge (or its end points) is ignored, e.g. the shared edge of two triangles of a plane.'),
  dynamicFriction: ureal(0, 'Dynamic friction coefficient μ (regularized Coulomb friction; needs a rigid marker m0).'),
  frictionProportionalZone: ureal(1e-3, 'Regularization velocity v_reg [m/s] of the friction law: proportional to the sliding speed below it.'),
  contactStiffness: ureal(0, 'Contact stiffness k [N/m^n] of the normal force k δ^n, δ = −gap the penetration.'),
  contactDamping: ureal(0, 'Linear contact damping d [N s/m] against the normal relative velocity.'),
  contactStiffnessExponent: preal(1, 'Exponent n of the penetration in the normal force (1: linear, 1.5: Hertz).'),
  restitutionCoefficient: real(1, 'Coefficient of restitution e ∈ (0, 1] of impactModel 1 and 2.'),
  minimumImpactVelocity: ureal(0, 'Lower bound [m/s] of the impact velocity used by impactModel 1 and 2 (prevents infinite damping at zero impact velocity).'),
  impactModel: uint(0, 'Impact model: 0 linear spring-damper, 1 Hunt–Crossley, 2 Gonthier/Carvalho–Martins.'),
  activeConnector: bool(true, 'If false, the contact exerts no force.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; radiusSphere: number; trianglePoints: MatrixValue; includeEdges: number;
  dynamicFriction: number; frictionProportionalZone: number; contactStiffness: number; contactDamping: number; contactStiffnessExponent: number;
  restitutionCoefficient: number; minimumImpactVelocity: number; impactModel: number; activeConnector: boolean;
};

/** Where the closest point of a triangle lies: inside, on the interior of an edge, or at a vertex. */
const enum Feature { Face, Edge, Vertex }

/**
 * Exudyn's closest point of a triangle (P0, P1, P2) to a point p (Geometry MinDistTrigEdges): p is projected onto the
 * plane in the triangle coordinates λ1, λ2 (P0 + λ1(P1 − P0) + λ2(P2 − P0)); inside (with a tolerance of 1e-15) the
 * projection is the point, else the clamped projection onto one edge, chosen as the first violated condition: λ1 < 0 edge 2
 * (P0P2, flag 4), λ2 < 0 edge 0 (P0P1, flag 1), else edge 1 (P1P2, flag 2). Besides the point c it gives the projector Q
 * with ∂c/∂p = I − Q: the normal part n̂n̂ᵀ inside, I − êêᵀ on an edge, I at a vertex. What depends on the triangle
 * alone (edges, their Gram matrix, the unit normal) is computed per {@link TriangleClosestPoint.setTriangle}, so that a
 * triangle that does not move is set once.
 */
class TriangleClosestPoint {
  /** The closest point c. */
  readonly point = new Float64Array(3);
  /** Flag of the edge the point lies on (1, 2, 4; its end points included), 0 inside. */
  edgeFlag = 0;
  feature = Feature.Face;
  /** Unit normal n̂ (Face) or unit edge direction ê (Edge). */
  readonly axis = new Float64Array(3);
  /** The triangle's points (the caller's array, unchanged until the next setTriangle) and edges e1 = P1 − P0, e2 = P2 − P0. */
  private p: Float64Array = new Float64Array(9);
  private readonly e1 = new Float64Array(3);
  private readonly e2 = new Float64Array(3);
  /** The Gram matrix of e1, e2 and its determinant (> 0: the points are validated not to be collinear). */
  private m11 = 0;
  private m12 = 0;
  private m22 = 0;
  private det = 1;
  /** The unit normal (e1 × e2)/|e1 × e2|, computed at the first closest point inside the triangle after setTriangle. */
  private readonly normal = new Float64Array(3);
  private normalSet = false;
  /** The segment direction of clampedProjection. */
  private readonly segment = new Float64Array(3);

  /** Sets the triangle with points p[0…2], p[3…5], p[6…8] (p is kept, not copied). */
  setTriangle(p: Float64Array): void {
    const { e1, e2 } = this;
    this.p = p;
    let m11 = 0, m12 = 0, m22 = 0;
    for (let i = 0; i < 3; i++) {
      e1[i] = p[3 + i] - p[i];
      e2[i] = p[6 + i] - p[i];
      m11 += e1[i] * e1[i]; m12 += e1[i] * e2[i]; m22 += e2[i] * e2[i];
    }
    this.m11 = m11; this.m12 = m12; this.m22 = m22;
    this.det = m11 * m22 - m12 * m12;
    this.normalSet = false;
  }

  /** Finds the closest point of the triangle of the last setTriangle to x. */
  evaluate(x: Float64Array): void {
    const { e1, e2, point: c, p, m11, m12, m22, det } = this;
    let r1 = 0, r2 = 0;
    for (let i = 0; i < 3; i++) {
      const d = x[i] - p[i];
      r1 += d * e1[i]; r2 += d * e2[i];
    }
    const lambda1 = (r1 * m22 - r2 * m12) / det, lambda2 = (m11 * r2 - m12 * r1) / det;
    const tolerance = 1e-15;
    if (lambda1 >= -tolerance && lambda2 >= -tolerance && lambda1 + lambda2 <= 1 + tolerance) {
      this.edgeFlag = 0;
      this.feature = Feature.Face;
      for (let i = 0; i < 3; i++) c[i] = p[i] + lambda1 * e1[i] + lambda2 * e2[i];
      const n = this.normal;
      if (!this.normalSet) {
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        const length = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        for (let i = 0; i < 3; i++) n[i] /= length;
        this.normalSet = true;
      }
      const axis = this.axis;
      axis[0] = n[0]; axis[1] = n[1]; axis[2] = n[2];
    } else if (lambda1 < -tolerance) {
      this.edgeFlag = 4;
      this.clampedProjection(p, 0, 6, x);
    } else if (lambda2 < -tolerance) {
      this.edgeFlag = 1;
      this.clampedProjection(p, 0, 3, x);
    } else {
      this.edgeFlag = 2;
      this.clampedProjection(p, 3, 6, x);
    }
  }

  /** Closest point of the segment p[a…] → p[b…] to x (Exudyn's MinDistToLinePoints). */
  private clampedProjection(p: Float64Array, a: number, b: number, x: Float64Array): void {
    const { segment: v, point: c, axis } = this;
    let num = 0, den = 0;
    for (let i = 0; i < 3; i++) {
      v[i] = p[b + i] - p[a + i];
      num += v[i] * (x[i] - p[a + i]);
      den += v[i] * v[i];
    }
    this.feature = Feature.Vertex;
    if (num <= 0) {
      for (let i = 0; i < 3; i++) c[i] = p[a + i];
    } else if (num >= den) {
      for (let i = 0; i < 3; i++) c[i] = p[b + i];
    } else {
      this.feature = Feature.Edge;
      const length = Math.sqrt(den);
      for (let i = 0; i < 3; i++) {
        c[i] = p[a + i] + (num / den) * v[i];
        axis[i] = v[i] / length;
      }
    }
  }

  /** out = Q·x (the projector of the feature, see the class). */
  project(x: ArrayLike<number>, out: Float64Array): void {
    const a = this.axis;
    const d = a[0] * x[0] + a[1] * x[1] + a[2] * x[2];
    for (let i = 0; i < 3; i++) {
      if (this.feature === Feature.Face) out[i] = d * a[i];
      else if (this.feature === Feature.Edge) out[i] = x[i] - d * a[i];
      else out[i] = x[i];
    }
  }
}

/** Run-time model of the sphere-triangle contact. */
class ContactSphereTriangleModel implements Only<ObjectModel, ContactSphereTriangleModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  /** The markers, relative velocity, force, torques and Jacobians (marker 1 rigid; marker 0 rigid with friction). */
  private readonly pair: PenaltyContactPair;
  /** The data node's first data coordinate (its address is fixed at bind: set before the items bind, kept by run-time changes), −1 before bind. */
  private start = -1;
  private readonly closest = new TriangleClosestPoint();
  /**
   * True once the kinematics since bind have placed a triangle whose marker has no coordinates (a ground body or node;
   * a run-time change of it binds this item again): its points, frame and closest-point data are kept, only the sphere's
   * marker is evaluated.
   */
  private placed = false;
  private readonly stepState = contactStepState();
  /** Triangle points in the frame of marker 1 (9 entries) and global (9 entries). */
  private readonly localPoints: Float64Array;
  private readonly points = new Float64Array(9);
  /** Rotation matrix A1 of marker 1. */
  private readonly a1 = new Float64Array(9);
  /** Δp = c − p0 (sphere centre to the closest triangle point c) and its length. */
  private readonly dp = new Float64Array(3);
  private distance = 0;
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);
  /** Relative sphere positions in the triangle frame at the start and the end of a step (tunnelling check). */
  private readonly tunnelWork = new Float64Array(8);
  /** J_c1 = J_p1 − ρ̃1 J_r1, the Jacobian of the triangle point at c (3 × n, marker-1 columns). */
  private pointJacobian = new Float64Array(0);
  private localMatrix = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.pair = new PenaltyContactPair(label, v.markerNumbers, [v.dynamicFriction !== 0 ? 'for the friction torque on the sphere (dynamicFriction ≠ 0)' : undefined, 'that carries the triangle']);
    this.localPoints = Float64Array.from(v.trianglePoints.flat());
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
    this.localMatrix = denseLocalMatrix(this.pair.n);
    this.pointJacobian = new Float64Array(3 * this.pair.n);
    const dataNode = bindDataNode(context, this.label, this.v.nodeNumber, 4, 'for the contact state');
    this.start = dataNode === undefined ? -1 : dataNode.dataIndex;
    this.placed = false;
  }

  private dataStart(): number {
    const start = this.start;
    if (start < 0) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData with 4 data coordinates (parameters changed after assemble?), got -1 (none)');
    return start;
  }

  /** Marker 1, the triangle's frame (rigid, checked in bind). */
  private get triangleMarker(): RigidMarkerModel {
    return this.pair.rigid1 as RigidMarkerModel;
  }

  /**
   * Closest point, gap, normal and relative velocity of state s (velocities of the triangle point and, with friction, of
   * the sphere point at c). With excludedEdgesSeparate (the post-Newton step, as Exudyn) a closest point on an excluded
   * edge counts as no contact: the distance is increased by the radius (and the normal scaled with it).
   */
  private kinematics(s: ItemState, excludedEdgesSeparate: boolean): void {
    const { pair, points, localPoints: x, a1, dp, closest } = this;
    const p0 = pair.markers.p0, p1 = pair.markers.p1;
    if (this.placed) pair.evaluateMarker0(s);
    else {
      pair.evaluateMarkers(s);
      this.triangleMarker.orientation(s, a1);
      // P_k = A1 x_k + p1, with A1 and p1 read once
      const a00 = a1[0], a01 = a1[1], a02 = a1[2], a10 = a1[3], a11 = a1[4], a12 = a1[5], a20 = a1[6], a21 = a1[7], a22 = a1[8];
      const c0 = p1[0], c1 = p1[1], c2 = p1[2];
      for (let k = 0; k < 9; k += 3) {
        const x0 = x[k], x1 = x[k + 1], x2 = x[k + 2];
        points[k] = a00 * x0 + a01 * x1 + a02 * x2 + c0;
        points[k + 1] = a10 * x0 + a11 * x1 + a12 * x2 + c1;
        points[k + 2] = a20 * x0 + a21 * x1 + a22 * x2 + c2;
      }
      closest.setTriangle(points);
      this.placed = pair.n1 === 0;
    }
    closest.evaluate(p0);
    const c = closest.point;
    for (let i = 0; i < 3; i++) {
      dp[i] = c[i] - p0[i];
      pair.velocityLever0[i] = dp[i];
      pair.velocityLever1[i] = c[i] - p1[i];
    }
    let distance = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    this.distance = distance;
    if (excludedEdgesSeparate && closest.edgeFlag !== 0 && (closest.edgeFlag & this.v.includeEdges) === 0) distance += this.v.radiusSphere;
    const scale = distance !== 0 ? 1 / distance : 1;
    for (let i = 0; i < 3; i++) pair.normal[i] = scale * dp[i];
    pair.gap = distance - this.v.radiusSphere;
    pair.relativeVelocity(true);
  }

  /**
   * Kinematics and, if the data node's gap says contact, the force F = −F_c n0 + F_t on marker 1 (left-hand side) at the
   * contact point p0 + (r + gap/2) n0: levers ℓ0 = −(r + gap/2) n0, ℓ1 = p0 + (r + gap/2) n0 − p1; with derivatives also
   * the friction law's derivatives (for the Jacobians).
   */
  private evaluate(s: ItemState, derivatives: boolean): void {
    this.kinematics(s, false);
    const { pair } = this, n = pair.normal;
    const a = this.v.radiusSphere + 0.5 * pair.gap;
    const p0 = pair.markers.p0, p1 = pair.markers.p1;
    for (let i = 0; i < 3; i++) {
      pair.torqueLever0[i] = -a * n[i];
      pair.torqueLever1[i] = p0[i] + a * n[i] - p1[i];
    }
    pair.contactForce(this.v, s.data, this.dataStart(), derivatives);
  }

  ode2LhsActive(s: ItemState): boolean {
    return contactInData(this.v, s.data, this.dataStart());
  }

  /** The contact force's generalized forces; without contact in the data nothing (and no kinematics). */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!contactInData(this.v, s.data, this.dataStart())) return;
    this.evaluate(s, false);
    this.pair.addLhs(s, f);
  }

  /**
   * ∂(ode2Lhs)/∂q at fixed data coordinates: δΔp = Q(δc₁ − δp0) + (I − Q)(δθ1 × Δp) (δc₁ = δp1 + δθ1 × ρ1 the motion of
   * the triangle point at c, Q the projector of the closest feature), with it the normal, the gap and the levers; the
   * rest in PenaltyContactPair.
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobians(s, acc, true, factor, false, 0);
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.addJacobians(s, acc, false, 0, true, factor);
  }

  /** The blocks of ode2Lhs_q and then ode2Lhs_u from one evaluation of the kinematics, the force and the marker Jacobians. */
  ode2Lhs_qu(s: ItemState, acc: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    this.addJacobians(s, acc, true, factorQ, true, factorU);
  }

  /**
   * Adds the block factorQ·∂(ode2Lhs)/∂q (withQ), then the block factorU·∂(ode2Lhs)/∂u (withU), after one evaluation (the
   * velocity part reads nothing the position part writes: the numbers of two separate calls). Without contact in the data
   * the blocks are zeros, their positions added (addZeros) so that the sparse pattern stays the same.
   */
  private addJacobians(s: ItemState, acc: LocalMatrixAccumulator, withQ: boolean, factorQ: number, withU: boolean, factorU: number): void {
    const m = this.localMatrix;
    const n = this.pair.n;
    if (!contactInData(this.v, s.data, this.dataStart())) {
      if (withQ) acc.addZeros(0, 0, n, n);
      if (withU) acc.addZeros(0, 0, n, n);
      return;
    }
    this.evaluate(s, true);
    this.pair.evaluateJacobians(s);
    if (withQ) {
      zeroArray(m);
      this.positionDerivatives();
      this.pair.addJacobian(s, m, factorQ, false, this.v);
      acc.addBlock(0, 0, n, n, m, 0, n, 1);
    }
    if (withU) {
      zeroArray(m);
      this.pair.addJacobian(s, m, factorU, true, this.v);
      acc.addBlock(0, 0, n, n, m, 0, n, 1);
    }
  }

  /**
   * ∂Δp/∂q (marker-0 columns −Q J_p0, marker-1 columns Q(J_c1 + Δp̃ J_r1) − Δp̃ J_r1), ∂gap, ∂n0 and the lever derivatives
   * ∂μ0 = ∂Δp, ∂μ1 = ∂Δp + ∂p0 − ∂p1, ∂ℓ1 = ∂p0 − ∂p1 + n0 ∂gap/2 + (r + gap/2) ∂n0, ∂ℓ0 = −n0 ∂gap/2 − (r + gap/2) ∂n0.
   */
  private positionDerivatives(): void {
    const { pair, closest, dp, pointJacobian: jc1 } = this;
    const { n0, n1, n, jp0, jp1, jr1, dDp, normal } = pair;
    const column = this.work3, projected = this.work3b;
    for (let j = 0; j < n1; j++) {
      columnCross(pair.velocityLever1, jr1, n1, j, column);
      for (let i = 0; i < 3; i++) jc1[i * n + n0 + j] = jp1[i * n1 + j] - column[i];
    }
    for (let j = 0; j < n; j++) {
      if (j < n0) {
        for (let i = 0; i < 3; i++) column[i] = -jp0[i * n0 + j];
        closest.project(column, projected);
        for (let i = 0; i < 3; i++) dDp[i * n + j] = projected[i];
      } else {
        columnCross(dp, jr1, n1, j - n0, column); // Δp̃ J_r1
        for (let i = 0; i < 3; i++) projected[i] = jc1[i * n + j] + column[i];
        closest.project(projected, projected);
        for (let i = 0; i < 3; i++) dDp[i * n + j] = projected[i] - column[i];
      }
    }
    pair.normalDerivatives(this.distance !== 0 ? 1 / this.distance : 0);
    const a = this.v.radiusSphere + 0.5 * pair.gap;
    const { dGap, dNormal, dVelocityLever0, dVelocityLever1, dTorqueLever0, dTorqueLever1 } = pair;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < n; j++) {
        const ij = i * n + j;
        const markerMotion = j < n0 ? jp0[i * n0 + j] : -jp1[i * n1 + j - n0]; // ∂p0 − ∂p1
        const normalPart = normal[i] * 0.5 * dGap[j] + a * dNormal[ij];
        dVelocityLever0[ij] = dDp[ij];
        dVelocityLever1[ij] = dDp[ij] + markerMotion;
        dTorqueLever1[ij] = markerMotion + normalPart;
        dTorqueLever0[ij] = -normalPart;
      }
    }
  }

  /**
   * Exudyn's post-Newton step with the contact state of the current geometry (a closest point on an excluded edge counts
   * as separated): stores gap and tangential speed; a change of the contact state gives the error |k·gap| and recommends
   * the step |gap_start/v_n| that reaches the contact; a stick/slip switch adds |μ F_c (|Δv_t| − v_reg)/v_reg|; on impact
   * it stores the impact velocity −v_n.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    const v = this.v;
    if (!v.activeConnector) return 0;
    const start = this.dataStart();
    if (startOfStep.data[start + dataGap] > 0 && this.crossedFace(startOfStep, s)) {
      itemError(this.label, 'radiusSphere', `is smaller than the motion of the sphere in one step: its centre passed through the triangle in the step to t = ${s.t} `
        + '(tunnelling); reduce the step size (timeIntegration.numberOfSteps or discontinuous.useRecommendedStepSize) so that the sphere moves less than its radius per step');
    }
    this.kinematics(s, true);
    const { pair, stepState: state } = this, dvt = pair.dvt;
    state.gap = pair.gap;
    state.normalVelocity = pair.normalVelocity;
    state.tangentialSpeed = Math.sqrt(dvt[0] ** 2 + dvt[1] ** 2 + dvt[2] ** 2);
    state.plasticPenetration = 0;
    state.frictionForceScale = 0;
    if (pair.gap < 0 && v.dynamicFriction !== 0) {
      pair.law.penetration = -pair.gap;
      pair.law.normalVelocity = pair.normalVelocity;
      pair.law.evaluate(v, s.data, start);
      state.frictionForceScale = v.dynamicFriction * pair.law.force;
    }
    return updateContactData(s.data, startOfStep.data, start, state, v.contactStiffness, v.frictionProportionalZone, out);
  }

  /**
   * True if the sphere centre, moving linearly in the triangle's frame from its position at the start of the step to the
   * current one, passed through the triangle (crossed its plane at a point inside it).
   */
  private crossedFace(s0: ItemState, s1: ItemState): boolean {
    const side = this.tunnelWork, x = this.localPoints, markers = this.pair.markers;
    // a placed triangle's frame is kept (markers.p1 and a1)
    const origin = this.placed ? markers.p1 : this.work3b;
    for (let k = 0; k < 2; k++) {
      const s = k === 0 ? s0 : s1, p = this.work3, a = this.a1, o = 4 * k;
      markers.marker0.position(s, p);
      if (!this.placed) {
        markers.marker1.position(s, origin);
        this.triangleMarker.orientation(s, a);
      }
      for (let i = 0; i < 3; i++) p[i] -= origin[i];
      // r̄ − x0 with r̄ = A1ᵀ(p0 − p1), and its distance from the plane along (x1 − x0) × (x2 − x0)
      for (let i = 0; i < 3; i++) side[o + i] = a[i] * p[0] + a[3 + i] * p[1] + a[6 + i] * p[2] - x[i];
    }
    const e1x = x[3] - x[0], e1y = x[4] - x[1], e1z = x[5] - x[2], e2x = x[6] - x[0], e2y = x[7] - x[1], e2z = x[8] - x[2];
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const d0 = nx * side[0] + ny * side[1] + nz * side[2], d1 = nx * side[4] + ny * side[5] + nz * side[6];
    return d0 * d1 < 0 && crossesInsideTriangle(side, 4, d0, d1, e1x, e1y, e1z, e2x, e2y, e2z);
  }

  output(variable: OutputVariableType, s: ItemState, into?: Float64Array): ArrayLike<number> | undefined {
    this.evaluate(s, false);
    return contactOutput(this.pair, variable, this.v.radiusSphere, this.dp, into);
  }
}

/**
 * True if a point moving linearly from p[0 … 2] to p[end … end + 2] (both relative to the triangle's first point), whose
 * signed distances from the triangle's plane along e1 × e2 are d0 and d1 (of opposite signs), crosses the plane inside
 * the triangle with the edges e1 = x1 − x0, e2 = x2 − x0 (barycentric coordinates of the crossing point ≥ 0, sum ≤ 1).
 */
export function crossesInsideTriangle(p: ArrayLike<number>, end: number, d0: number, d1: number, e1x: number, e1y: number, e1z: number, e2x: number, e2y: number, e2z: number): boolean {
  const t = d0 / (d0 - d1);
  const rx = p[0] + t * (p[end] - p[0]), ry = p[1] + t * (p[end + 1] - p[1]), rz = p[2] + t * (p[end + 2] - p[2]);
  const m11 = e1x * e1x + e1y * e1y + e1z * e1z, m12 = e1x * e2x + e1y * e2y + e1z * e2z, m22 = e2x * e2x + e2y * e2y + e2z * e2z;
  const r1 = rx * e1x + ry * e1y + rz * e1z, r2 = rx * e2x + ry * e2y + rz * e2z;
  const det = m11 * m22 - m12 * m12;
  const l1 = (r1 * m22 - r2 * m12) / det, l2 = (m11 * r2 - m12 * r1) / det;
  return l1 >= 0 && l2 >= 0 && l1 + l2 <= 1;
}

/** Contact between a sphere and a triangle with impact models and friction (Exudyn's ObjectContactSphereTriangle). */
export const objectContactSphereTriangleDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactSphereTriangle',
  description: 'Penalty contact between a sphere (centre at marker 0, radius r) and a triangle fixed in the frame of marker 1, with the '
    + 'closest point of the triangle to the sphere centre found as Exudyn does (inside, or the clamped projection onto one edge); contact with '
    + 'edges can be excluded per edge (includeEdges), so that a plane of triangles has no artefacts at shared edges. The contact state is the '
    + 'gap stored in the 4 data coordinates of a NodeGenericData (nodeNumber): [gap, tangential speed, impact velocity, unused], updated '
    + 'only in the post-Newton step (discontinuous iteration, which also recommends the step size that reaches the contact and reports '
    + 'stick/slip switches). Normal force laws as ObjectContactSphereSphere (impactModel 0 linear spring-damper, 1 Hunt–Crossley, 2 '
    + 'Gonthier/Carvalho–Martins); regularized Coulomb friction μ F_c with regularization velocity v_reg, the zone (proportional or '
    + 'sliding) taken from the stored tangential speed. The force acts at the contact point p0 + (r + gap/2) n0 on both bodies; the torque '
    + 'on marker 0 needs friction (and then a rigid marker 0). Jacobians are analytic at fixed data coordinates.',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.DisplacementLocal, OutputVariableType.Velocity,
    OutputVariableType.Director1, OutputVariableType.Force, OutputVariableType.Torque],
  equations: 'P_i = p1 + A1 x_i (x_i = trianglePoints), c = closest point of the triangle to p0, Δp = c − p0, gap = |Δp| − r, n0 = Δp/|Δp|, '
    + 'Δv = v1 + ω1 × (c − p1) − v0 (− ω0 × Δp with friction), v_n = n0ᵀΔv, Δv_t = Δv − v_n n0; in contact (data gap < 0): '
    + 'F_c(δ = −gap, v_n) as ObjectContactSphereSphere (without plasticity), F = −F_c n0 + F_t, F_t = μ F_c Δv_t/v_reg if the stored '
    + 'tangential speed < v_reg, else μ F_c Δv_t/|Δv_t|; contact point p_c = p0 + (r + gap/2) n0; '
    + 'LHS = [−J_p0ᵀF + J_r0ᵀ((p0 − p_c) × F) (with friction); J_p1ᵀF + J_r1ᵀ((p_c − p1) × F)]. Post-Newton step: a closest point on an '
    + 'excluded edge counts as gap = |Δp|; data gap ← gap, tangential speed ← |Δv_t|, v_impact ← −v_n on impact; error |k gap| on a change '
    + 'of contact, + |μ F_c (|Δv_t| − v_reg)/v_reg| on a stick/slip switch.',
  example: (mbs) => {
    // a rigid sphere (RotVecLG) pressed into the face of a triangle on a rigid body (EP) with friction in the proportional zone,
    // and a second sphere (EP) at an edge sliding (stored speed above v_reg); Hertz exponent, damping and an impact model
    const rigidBody = (nodeType: string, position: number[]) => {
      const ep = nodeType === 'RigidBodyEP';
      const node = mbs.addNode({ nodeType, referenceCoordinates: [...position, ...(ep ? [1, 0, 0, 0] : [0, 0, 0])] });
      const body = mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.01, 0.01, 0.01, 0, 0, 0], nodeNumber: node });
      return mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.05, -0.02, 0.03] });
    };
    // each sphere on its own triangle body, whose node lies near the contact (rotations of the triangle body then move the
    // contact point by lever arms of the size of the contact, which keeps the truncation error of the central differences small)
    const contact = (sphereMarker: number, triangleBody: number[], data: number[]) => {
      const node = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4, initialCoordinates: data });
      return mbs.addObject({
        objectType: 'ContactSphereTriangle', markerNumbers: [sphereMarker, rigidBody('RigidBodyEP', triangleBody)], nodeNumber: node, radiusSphere: 1,
        trianglePoints: [[-0.75, -0.6, 0.02], [0.95, -0.3, -0.03], [-0.15, 0.9, 0.01]].map((p) => p.map((x, i) => x - triangleBody[i])),
        contactStiffness: 1e3, contactDamping: 5, contactStiffnessExponent: 1.5, impactModel: 2, restitutionCoefficient: 0.7,
        dynamicFriction: 0.3, frictionProportionalZone: 0.5,
      });
    };
    contact(rigidBody('RigidBodyEP', [0.1, -0.95, 0.1]), [0.1, -0.45, 0], [-0.01, 2, 1.5, 0]);
    return contact(rigidBody('RigidBodyRotVecLG', [0.05, 0.1, 0.55]), [0.05, 0.1, 0], [-0.01, 0, 2, 0]);
  },
  validate: (v, label) => {
    if (!(v.radiusSphere > 0)) itemError(label, 'radiusSphere', `must be a radius > 0, got ${v.radiusSphere}`);
    const p = v.trianglePoints;
    if (p.length !== 3 || p.some((row) => row.length !== 3)) {
      itemError(label, 'trianglePoints', `must be 3 points [x, y, z], got ${p.length} rows of lengths [${p.map((row) => row.length).join(', ')}]`);
    }
    const e1 = [0, 1, 2].map((i) => p[1][i] - p[0][i]), e2 = [0, 1, 2].map((i) => p[2][i] - p[0][i]), e3 = [0, 1, 2].map((i) => p[2][i] - p[1][i]);
    const normal = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const squared = (x: number[]) => x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
    const longest = Math.max(squared(e1), squared(e2), squared(e3));
    // |e1 × e2| = 2·area; relative to the longest edge², 1e-12 is a sliver with an angle of ~1e-12 rad
    if (!(Math.sqrt(squared(normal)) > 1e-12 * longest)) {
      itemError(label, 'trianglePoints', `must span a triangle (3 points not on one line), got a degenerate triangle [${p.map((row) => `[${row.join(', ')}]`).join(', ')}]`);
    }
    if (v.includeEdges > 7) itemError(label, 'includeEdges', `must be a combination of the edge flags 1, 2, 4 (0 … 7), got ${v.includeEdges}`);
    if (v.impactModel > 2) itemError(label, 'impactModel', `must be 0 (linear), 1 (Hunt–Crossley) or 2 (Gonthier/Carvalho–Martins), got ${v.impactModel}`);
    if (!(v.restitutionCoefficient > 0 && v.restitutionCoefficient <= 1)) {
      itemError(label, 'restitutionCoefficient', `must lie in (0, 1], got ${v.restitutionCoefficient}`);
    }
  },
  create: (v, label) => new ContactSphereTriangleModel(label, v),
};

/** Factory for the sphere-triangle contact. */
export const ObjectContactSphereTriangle = makeFactory(objectContactSphereTriangleDefinition);
