import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  denseLocalMatrix, isRigidMarker, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only,
  type PositionMarkerModel, type PostNewtonOutput, type RigidMarkerModel,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, matrix, nodeIndex, preal, real, uint, ureal, type MatrixValue } from '../../registry/parameters.ts';
import { float64Views } from '../../linalg/arrays.ts';
import { MarkerPair, bindDataNode, positionMarkers } from './connectorBase.ts';
import { FrictionForce, NormalContactForce, contactStepState, dataGap, dataTangentVelocity, updateContactData } from './contactKernel.ts';

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
 * with ∂c/∂p = I − Q: the normal part n̂n̂ᵀ inside, I − êêᵀ on an edge, I at a vertex.
 */
class TriangleClosestPoint {
  /** The closest point c. */
  readonly point = new Float64Array(3);
  /** Flag of the edge the point lies on (1, 2, 4; its end points included), 0 inside. */
  edgeFlag = 0;
  feature = Feature.Face;
  /** Unit normal n̂ (Face) or unit edge direction ê (Edge). */
  readonly axis = new Float64Array(3);
  private readonly e1 = new Float64Array(3);
  private readonly e2 = new Float64Array(3);

  /** Finds the closest point of the triangle with points p[0…2], p[3…5], p[6…8] to x. */
  evaluate(p: Float64Array, x: Float64Array): void {
    const { e1, e2, point: c } = this;
    let m11 = 0, m12 = 0, m22 = 0, r1 = 0, r2 = 0;
    for (let i = 0; i < 3; i++) {
      e1[i] = p[3 + i] - p[i];
      e2[i] = p[6 + i] - p[i];
      const d = x[i] - p[i];
      m11 += e1[i] * e1[i]; m12 += e1[i] * e2[i]; m22 += e2[i] * e2[i];
      r1 += d * e1[i]; r2 += d * e2[i];
    }
    const det = m11 * m22 - m12 * m12; // > 0: the points are validated not to be collinear
    const lambda1 = (r1 * m22 - r2 * m12) / det, lambda2 = (m11 * r2 - m12 * r1) / det;
    const tolerance = 1e-15;
    if (lambda1 >= -tolerance && lambda2 >= -tolerance && lambda1 + lambda2 <= 1 + tolerance) {
      this.edgeFlag = 0;
      this.feature = Feature.Face;
      for (let i = 0; i < 3; i++) c[i] = p[i] + lambda1 * e1[i] + lambda2 * e2[i];
      const n = this.axis;
      n[0] = e1[1] * e2[2] - e1[2] * e2[1];
      n[1] = e1[2] * e2[0] - e1[0] * e2[2];
      n[2] = e1[0] * e2[1] - e1[1] * e2[0];
      const length = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      for (let i = 0; i < 3; i++) n[i] /= length;
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
    const { e1: v, point: c, axis } = this;
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
  private readonly markers: MarkerPair;
  /** Marker 1 (the triangle frame) and, with friction, marker 0 as rigid markers (set in bind). */
  private triangleMarker!: RigidMarkerModel;
  private sphereMarker: RigidMarkerModel | undefined;
  private dataNode: NodeModel | undefined;
  private readonly friction: boolean;
  private readonly closest = new TriangleClosestPoint();
  private readonly law = new NormalContactForce();
  private readonly frictionLaw = new FrictionForce();
  private readonly stepState = contactStepState();
  /** Triangle points in the frame of marker 1 (9 entries) and global (9 entries). */
  private readonly localPoints: Float64Array;
  private readonly points = new Float64Array(9);
  /** Rotation matrix A1 of marker 1 and the global angular velocities ω0 (friction), ω1. */
  private readonly a1 = new Float64Array(9);
  private readonly omega0 = new Float64Array(3);
  private readonly omega1 = new Float64Array(3);
  /** Δp = c − p0 (sphere centre to closest triangle point), ρ1 = c − p1, the normal n0 = Δp/|Δp| and the relative velocity Δv = v_c,1 − v_c,0. */
  private readonly dp = new Float64Array(3);
  private readonly rho1 = new Float64Array(3);
  private readonly normal = new Float64Array(3);
  private readonly dv = new Float64Array(3);
  /** Tangential relative velocity Δv_t = Δv − v_n n0. */
  private readonly dvt = new Float64Array(3);
  private distance = 0;
  private gap = 0;
  private normalVelocity = 0;
  /** True if the data node's gap says contact (the force acts). */
  private inContact = false;
  /** Force F on marker 1 moved to the left-hand side (−F_c n0 + friction), the levers ℓ0, ℓ1 and torques τ0 = ℓ0 × F, τ1 = ℓ1 × F. */
  private readonly force = new Float64Array(3);
  private readonly lever0 = new Float64Array(3);
  private readonly lever1 = new Float64Array(3);
  private readonly torque0 = new Float64Array(3);
  private readonly torque1 = new Float64Array(3);
  private readonly minusForce = new Float64Array(3);
  private readonly work3 = new Float64Array(3);
  private readonly work3b = new Float64Array(3);
  /** Relative sphere positions in the triangle frame at the start and the end of a step (tunnelling check). */
  private readonly tunnelWork = new Float64Array(8);
  /** Marker Jacobians (3 × n0, 3 × n1) and the rates ∂v/∂q, ∂ω/∂q at fixed u of both markers. */
  private jp0 = new Float64Array(0);
  private jr0 = new Float64Array(0);
  private jp1 = new Float64Array(0);
  private jr1 = new Float64Array(0);
  private v0q = new Float64Array(0);
  private w0q = new Float64Array(0);
  private v1q = new Float64Array(0);
  private w1q = new Float64Array(0);
  private block0 = new Float64Array(0);
  private block1 = new Float64Array(0);
  /** Derivatives (3 × n or 1 × n, n = n0 + n1, row-major) of Δp, n0, the gap, Δv, v_n, F_c, Δv_t, F, the levers and torques. */
  private dPoint = new Float64Array(0);
  private dDp = new Float64Array(0);
  private dNormal = new Float64Array(0);
  private dGap = new Float64Array(0);
  private dDv = new Float64Array(0);
  private dVn = new Float64Array(0);
  private dFn = new Float64Array(0);
  private dDvt = new Float64Array(0);
  private dF = new Float64Array(0);
  private dLever = new Float64Array(0);
  private dTorque = new Float64Array(0);
  private localMatrix = new Float64Array(0);
  private n0 = 0;
  private n1 = 0;
  private nLocal = 0;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.markers = new MarkerPair(label, v.markerNumbers, positionMarkers);
    this.friction = v.dynamicFriction !== 0;
    this.localPoints = Float64Array.from(v.trianglePoints.flat());
  }

  bind(context: BindContext): void {
    const markers = this.markers;
    markers.bind(context);
    const rigid = (k: 0 | 1, why: string): RigidMarkerModel => {
      const marker = k === 0 ? markers.marker0 : markers.marker1;
      if (!isRigidMarker(marker)) {
        itemError(this.label, 'markerNumbers', `entry ${k} must refer to a rigid marker (position and orientation, e.g. MarkerBodyRigid or MarkerNodeRigid) ${why}, `
          + `got Marker${marker.label.typeName} #${marker.label.index}`);
      }
      return marker;
    };
    this.triangleMarker = rigid(1, 'that carries the triangle');
    this.sphereMarker = this.friction ? rigid(0, 'for the friction torque on the sphere (dynamicFriction ≠ 0)') : undefined;
    this.localNodes = markers.localNodes;
    const n0 = this.n0 = markers.n0, n1 = this.n1 = markers.n1, n = this.nLocal = n0 + n1;
    this.localMatrix = denseLocalMatrix(n);
    [this.jp0, this.jr0, this.jp1, this.jr1, this.v0q, this.w0q, this.v1q, this.w1q, this.block0, this.block1] =
      float64Views([3 * n0, 3 * n0, 3 * n1, 3 * n1, 3 * n0, 3 * n0, 3 * n1, 3 * n1, n0 * n0, n1 * n1]);
    [this.dPoint, this.dDp, this.dNormal, this.dGap, this.dDv, this.dVn, this.dFn, this.dDvt, this.dF, this.dLever, this.dTorque] =
      float64Views([3 * n, 3 * n, 3 * n, n, 3 * n, n, n, 3 * n, 3 * n, 3 * n, 3 * n]);
    this.dataNode = bindDataNode(context, this.label, this.v.nodeNumber, 4, 'for the contact state');
  }

  private dataStart(): number {
    const node = this.dataNode;
    if (node === undefined) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData with 4 data coordinates (parameters changed after assemble?), got -1 (none)');
    return node.dataIndex;
  }

  /**
   * Closest point, gap, normal and relative velocity of state s. With excludedEdgesSeparate (the post-Newton step, as
   * Exudyn) a closest point on an excluded edge counts as no contact: the distance is increased by the radius.
   */
  private kinematics(s: ItemState, excludedEdgesSeparate: boolean): void {
    const { markers, points, localPoints: x, a1, dp, rho1, normal, dv, omega1 } = this;
    markers.evaluatePositions(s);
    const p0 = markers.p0, p1 = markers.p1;
    this.triangleMarker.orientation(s, a1);
    for (let k = 0; k < 3; k++) {
      for (let i = 0; i < 3; i++) points[3 * k + i] = a1[3 * i] * x[3 * k] + a1[3 * i + 1] * x[3 * k + 1] + a1[3 * i + 2] * x[3 * k + 2] + p1[i];
    }
    const closest = this.closest;
    closest.evaluate(points, p0);
    const c = closest.point;
    for (let i = 0; i < 3; i++) {
      dp[i] = c[i] - p0[i];
      rho1[i] = c[i] - p1[i];
    }
    let distance = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    this.distance = distance;
    if (excludedEdgesSeparate && closest.edgeFlag !== 0 && (closest.edgeFlag & this.v.includeEdges) === 0) distance += this.v.radiusSphere;
    const scale = distance !== 0 ? 1 / distance : 1;
    for (let i = 0; i < 3; i++) normal[i] = scale * dp[i];
    this.gap = distance - this.v.radiusSphere;
    // velocity of the triangle point at c minus that of the sphere point at c (with its rotation only with friction)
    this.triangleMarker.angularVelocity(s, omega1);
    const v0 = markers.v0, v1 = markers.v1;
    dv[0] = omega1[1] * rho1[2] - omega1[2] * rho1[1] + v1[0] - v0[0];
    dv[1] = omega1[2] * rho1[0] - omega1[0] * rho1[2] + v1[1] - v0[1];
    dv[2] = omega1[0] * rho1[1] - omega1[1] * rho1[0] + v1[2] - v0[2];
    if (this.sphereMarker !== undefined) {
      const w = this.omega0;
      this.sphereMarker.angularVelocity(s, w);
      dv[0] -= w[1] * dp[2] - w[2] * dp[1];
      dv[1] -= w[2] * dp[0] - w[0] * dp[2];
      dv[2] -= w[0] * dp[1] - w[1] * dp[0];
    }
    const vn = normal[0] * dv[0] + normal[1] * dv[1] + normal[2] * dv[2];
    this.normalVelocity = vn;
    for (let i = 0; i < 3; i++) this.dvt[i] = dv[i] - vn * normal[i];
  }

  /**
   * Kinematics and, if the data node's gap says contact, the force F = −F_c n0 + F_t on marker 1 (left-hand side), the
   * levers ℓ0 = −(r + gap/2) n0, ℓ1 = p0 + (r + gap/2) n0 − p1 of the contact point and the torques τ0 = ℓ0 × F, τ1 = ℓ1 × F.
   */
  private evaluate(s: ItemState): void {
    this.kinematics(s, false);
    const v = this.v, start = this.dataStart();
    const { force: f, normal: n } = this;
    this.inContact = v.activeConnector && s.data[start + dataGap] < 0;
    f.fill(0);
    this.torque0.fill(0);
    this.torque1.fill(0);
    if (!this.inContact) return;
    const law = this.law;
    law.evaluate(v, -this.gap, this.normalVelocity, s.data, start);
    for (let i = 0; i < 3; i++) f[i] = -law.force * n[i];
    if (this.friction) {
      const friction = this.frictionLaw;
      friction.evaluate(v.dynamicFriction, v.frictionProportionalZone, s.data[start + dataTangentVelocity] < v.frictionProportionalZone, law.force, this.dvt);
      for (let i = 0; i < 3; i++) f[i] += friction.force[i];
    }
    const a = v.radiusSphere + 0.5 * this.gap;
    const p0 = this.markers.p0, p1 = this.markers.p1;
    for (let i = 0; i < 3; i++) {
      this.lever0[i] = -a * n[i];
      this.lever1[i] = p0[i] + a * n[i] - p1[i];
    }
    cross(this.lever1, f, this.torque1);
    if (this.friction) cross(this.lever0, f, this.torque0);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.evaluate(s);
    if (!this.inContact) return;
    const { n0, n1, force } = this;
    this.evaluateJacobians(s);
    for (let k = 0; k < n0; k++) {
      f[k] -= colDot(this.jp0, n0, k, force);
      if (this.friction) f[k] += colDot(this.jr0, n0, k, this.torque0);
    }
    for (let k = 0; k < n1; k++) f[n0 + k] += colDot(this.jp1, n1, k, force) + colDot(this.jr1, n1, k, this.torque1);
  }

  /** Position and rotation Jacobians of the markers (the rotation Jacobian of marker 0 only with friction). */
  private evaluateJacobians(s: ItemState): void {
    if (this.n0 > 0) {
      this.markers.marker0.positionJacobian(s, this.jp0);
      this.sphereMarker?.rotationJacobian(s, this.jr0);
    }
    if (this.n1 > 0) {
      this.markers.marker1.positionJacobian(s, this.jp1);
      this.triangleMarker.rotationJacobian(s, this.jr1);
    }
  }

  /**
   * ∂(ode2Lhs)/∂q at fixed data coordinates: the chain rule through δΔp = Q(δc₁ − δp0) + (I − Q)(δθ1 × Δp) (δc₁ = δp1 +
   * δθ1 × ρ1 the motion of the triangle point at c, Q the projector of the closest feature), the normal n0 = Δp/|Δp|, the
   * relative velocity at fixed u (with ∂v/∂q, ∂ω/∂q of the markers), the force laws and the levers, plus the derivative of
   * the marker Jacobians at fixed force and torque.
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const k = this.localMatrix.fill(0);
    this.evaluate(s);
    if (this.inContact) this.addJacobian(s, k, factor, false);
    // the block is added also without contact (zeros), so that the sparse pattern stays the same
    acc.addBlock(0, 0, this.nLocal, this.nLocal, k, 0, this.nLocal, 1);
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const d = this.localMatrix.fill(0);
    this.evaluate(s);
    if (this.inContact) this.addJacobian(s, d, factor, true);
    acc.addBlock(0, 0, this.nLocal, this.nLocal, d, 0, this.nLocal, 1);
  }

  /** Adds factor·∂(ode2Lhs)/∂q (velocity = false) or ∂(ode2Lhs)/∂u (true) into the dense local matrix m (in contact; needs evaluate). */
  private addJacobian(s: ItemState, m: Float64Array, factor: number, velocity: boolean): void {
    const { n0, n1, nLocal: n, normal, dp, rho1, dNormal, dGap, dDv, dVn, dFn, dDvt, dF, dLever, dTorque } = this;
    this.evaluateJacobians(s);
    const jc1 = this.dPoint; // J_c1 = Jp1 − ρ̃1 Jr1, the Jacobian of the triangle point at c (marker-1 columns)
    jc1.fill(0);
    for (let j = 0; j < n1; j++) {
      columnCross(rho1, this.jr1, n1, j, this.work3);
      for (let i = 0; i < 3; i++) jc1[i * n + n0 + j] = this.jp1[i * n1 + j] - this.work3[i];
    }
    if (!velocity) this.positionDerivatives(s, jc1);
    // ∂Δv: at fixed q (velocity) the point Jacobians, at fixed u the rates of the markers and the motion of the points
    dDv.fill(0);
    if (velocity) {
      for (let j = 0; j < n0; j++) {
        for (let i = 0; i < 3; i++) dDv[i * n + j] = -this.jp0[i * n0 + j];
        if (this.friction) {
          columnCross(dp, this.jr0, n0, j, this.work3);
          for (let i = 0; i < 3; i++) dDv[i * n + j] += this.work3[i];
        }
      }
      for (let j = n0; j < n; j++) for (let i = 0; i < 3; i++) dDv[i * n + j] = jc1[i * n + j];
    } else {
      this.velocityRates(s, dDv);
    }
    const dv = this.dv, vn = this.normalVelocity;
    // v_n = n0·Δv, Δv_t = Δv − v_n n0, F_c(δ, v_n) with δ = −gap
    const law = this.law;
    for (let j = 0; j < n; j++) {
      let d = 0;
      for (let i = 0; i < 3; i++) d += normal[i] * dDv[i * n + j] + (velocity ? 0 : dv[i] * dNormal[i * n + j]);
      dVn[j] = d;
      dFn[j] = law.force_normalVelocity * d - (velocity ? 0 : law.force_penetration * dGap[j]);
      for (let i = 0; i < 3; i++) dDvt[i * n + j] = dDv[i * n + j] - normal[i] * d - (velocity ? 0 : vn * dNormal[i * n + j]);
    }
    // F = −F_c n0 + F_t(F_c, Δv_t)
    const friction = this.frictionLaw, ft = friction.force_tangentVelocity, fn = friction.force_normalForce;
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < 3; i++) {
        let d = -normal[i] * dFn[j] - (velocity ? 0 : law.force * dNormal[i * n + j]);
        if (this.friction) d += fn[i] * dFn[j] + ft[3 * i] * dDvt[j] + ft[3 * i + 1] * dDvt[n + j] + ft[3 * i + 2] * dDvt[2 * n + j];
        dF[i * n + j] = d;
      }
    }
    // rows of marker 1: Jp1ᵀ ∂F + Jr1ᵀ ∂τ1, ∂τ1 = ℓ̃1 ∂F − F̃ ∂ℓ1 (∂ℓ1 = ∂p0 − ∂p1 + n0 ∂gap/2 + (r + gap/2) ∂n0)
    const a = this.v.radiusSphere + 0.5 * this.gap;
    if (!velocity) {
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < 3; i++) dLever[i * n + j] = (j < n0 ? this.jp0[i * n0 + j] : -this.jp1[i * n1 + j - n0]) + normal[i] * 0.5 * dGap[j] + a * dNormal[i * n + j];
      }
    }
    this.torqueDerivative(this.lever1, velocity);
    for (let r = 0; r < n1; r++) {
      const row = (n0 + r) * n;
      for (let j = 0; j < n; j++) {
        let sum = 0;
        for (let i = 0; i < 3; i++) sum += this.jp1[i * n1 + r] * dF[i * n + j] + this.jr1[i * n1 + r] * dTorque[i * n + j];
        m[row + j] += factor * sum;
      }
    }
    // rows of marker 0: −Jp0ᵀ ∂F (+ Jr0ᵀ ∂τ0 with friction, ∂ℓ0 = −n0 ∂gap/2 − (r + gap/2) ∂n0)
    if (this.friction) {
      if (!velocity) for (let j = 0; j < n; j++) for (let i = 0; i < 3; i++) dLever[i * n + j] = -normal[i] * 0.5 * dGap[j] - a * dNormal[i * n + j];
      this.torqueDerivative(this.lever0, velocity);
    }
    for (let r = 0; r < n0; r++) {
      const row = r * n;
      for (let j = 0; j < n; j++) {
        let sum = 0;
        for (let i = 0; i < 3; i++) sum += -this.jp0[i * n0 + r] * dF[i * n + j] + (this.friction ? this.jr0[i * n0 + r] * dTorque[i * n + j] : 0);
        m[row + j] += factor * sum;
      }
    }
    if (!velocity) this.addMarkerJacobianDerivatives(s, m, factor);
  }

  /**
   * ∂Δp, ∂gap and ∂n0 with respect to q (3 × n, 1 × n, 3 × n): ∂Δp = Q(J_c1 − J_p0) − (I − Q) Δp̃ J_r1 with the marker-0
   * columns −Q J_p0 and the marker-1 columns Q(J_c1 + Δp̃ J_r1) − Δp̃ J_r1; ∂gap = n0ᵀ∂Δp, ∂n0 = (I − n0 n0ᵀ)∂Δp/|Δp|.
   */
  private positionDerivatives(_s: ItemState, jc1: Float64Array): void {
    const { n0, n1, nLocal: n, dp, normal, dDp, dNormal, dGap, closest } = this;
    const column = this.work3, projected = this.work3b;
    for (let j = 0; j < n; j++) {
      if (j < n0) {
        for (let i = 0; i < 3; i++) column[i] = -this.jp0[i * n0 + j];
        closest.project(column, projected);
        for (let i = 0; i < 3; i++) dDp[i * n + j] = projected[i];
      } else {
        columnCross(dp, this.jr1, n1, j - n0, column); // Δp̃ J_r1
        for (let i = 0; i < 3; i++) projected[i] = jc1[i * n + j] + column[i];
        closest.project(projected, projected);
        for (let i = 0; i < 3; i++) dDp[i * n + j] = projected[i] - column[i];
      }
      const d = normal[0] * dDp[j] + normal[1] * dDp[n + j] + normal[2] * dDp[2 * n + j];
      dGap[j] = d;
      const scale = this.distance !== 0 ? 1 / this.distance : 0;
      for (let i = 0; i < 3; i++) dNormal[i * n + j] = scale * (dDp[i * n + j] - normal[i] * d);
    }
  }

  /**
   * ∂Δv/∂q at fixed u into out (3 × n): the triangle point's velocity v1 + ω1 × ρ1 gives [0 | V1q − ρ̃1 W1q] + ω̃1 ∂ρ1
   * (∂ρ1 = ∂Δp + ∂p0 − ∂p1), the sphere's v0 (+ ω0 × Δp with friction) gives −[V0q (− Δp̃ W0q) | 0] (− ω̃0 ∂Δp).
   */
  private velocityRates(s: ItemState, out: Float64Array): void {
    const { n0, n1, nLocal: n, dp, rho1, dDp, omega0, omega1 } = this;
    const { marker0, marker1 } = this.markers;
    const column = this.work3, moved = this.work3b;
    // markers without velocity_q / angularVelocity_q have q-independent (angular) velocities at fixed u
    this.v0q.fill(0); this.w0q.fill(0); this.v1q.fill(0); this.w1q.fill(0);
    if (n0 > 0) {
      marker0.velocity_q?.(s, this.v0q);
      this.sphereMarker?.angularVelocity_q?.(s, this.w0q);
    }
    if (n1 > 0) {
      marker1.velocity_q?.(s, this.v1q);
      this.triangleMarker.angularVelocity_q?.(s, this.w1q);
    }
    for (let j = 0; j < n; j++) {
      // ∂ρ1 column, then ω̃1 ∂ρ1
      for (let i = 0; i < 3; i++) column[i] = dDp[i * n + j] + (j < n0 ? this.jp0[i * n0 + j] : -this.jp1[i * n1 + j - n0]);
      cross(omega1, column, moved);
      for (let i = 0; i < 3; i++) out[i * n + j] = moved[i];
      if (j >= n0) {
        columnCross(rho1, this.w1q, n1, j - n0, column);
        for (let i = 0; i < 3; i++) out[i * n + j] += this.v1q[i * n1 + j - n0] - column[i];
      } else {
        for (let i = 0; i < 3; i++) out[i * n + j] -= this.v0q[i * n0 + j];
        if (this.friction) {
          columnCross(dp, this.w0q, n0, j, column);
          for (let i = 0; i < 3; i++) out[i * n + j] += column[i];
        }
      }
      if (this.friction) {
        for (let i = 0; i < 3; i++) column[i] = dDp[i * n + j];
        cross(omega0, column, moved);
        for (let i = 0; i < 3; i++) out[i * n + j] -= moved[i];
      }
    }
  }

  /** dTorque = ℓ̃ ∂F − F̃ ∂ℓ (∂ℓ in dLever; only ℓ̃ ∂F for velocity derivatives). */
  private torqueDerivative(lever: Float64Array, velocity: boolean): void {
    const { nLocal: n, dF, dLever: dl, dTorque, force: f } = this;
    for (let j = 0; j < n; j++) {
      const x = dF[j], y = dF[n + j], z = dF[2 * n + j];
      let t0 = lever[1] * z - lever[2] * y, t1 = lever[2] * x - lever[0] * z, t2 = lever[0] * y - lever[1] * x;
      if (!velocity) {
        const l0 = dl[j], l1 = dl[n + j], l2 = dl[2 * n + j];
        t0 -= f[1] * l2 - f[2] * l1;
        t1 -= f[2] * l0 - f[0] * l2;
        t2 -= f[0] * l1 - f[1] * l0;
      }
      dTorque[j] = t0; dTorque[n + j] = t1; dTorque[2 * n + j] = t2;
    }
  }

  /** The derivative of the marker Jacobians at fixed F and torques: marker 0 (−F, τ0), marker 1 (F, τ1) in their diagonal blocks. */
  private addMarkerJacobianDerivatives(s: ItemState, m: Float64Array, factor: number): void {
    for (let i = 0; i < 3; i++) this.minusForce[i] = -this.force[i];
    this.addMarkerBlock(s, this.markers.marker0, this.minusForce, this.friction ? this.torque0 : undefined, this.block0, this.n0, 0, m, factor);
    this.addMarkerBlock(s, this.markers.marker1, this.force, this.torque1, this.block1, this.n1, this.n0, m, factor);
  }

  /** m[offset…, offset…] += factor·∂(J_pᵀ force + J_rᵀ torque)/∂q of one marker (nb × nb, via the block work array). */
  private addMarkerBlock(s: ItemState, marker: PositionMarkerModel, force: Float64Array, torque: Float64Array | undefined, block: Float64Array, nb: number, offset: number, m: Float64Array, factor: number): void {
    if (nb === 0 || marker.jacobianTransposedVector_q === undefined) return;
    const n = this.nLocal;
    block.fill(0);
    marker.jacobianTransposedVector_q(s, force, torque, block, factor);
    for (let i = 0; i < nb; i++) for (let j = 0; j < nb; j++) m[(offset + i) * n + offset + j] += block[i * nb + j];
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
    const state = this.stepState;
    state.gap = this.gap;
    state.normalVelocity = this.normalVelocity;
    state.tangentialSpeed = Math.sqrt(this.dvt[0] ** 2 + this.dvt[1] ** 2 + this.dvt[2] ** 2);
    state.plasticPenetration = 0;
    state.frictionForceScale = 0;
    if (this.gap < 0 && this.friction) {
      this.law.evaluate(v, -this.gap, this.normalVelocity, s.data, start);
      state.frictionForceScale = v.dynamicFriction * this.law.force;
    }
    return updateContactData(s.data, startOfStep.data, start, state, v.contactStiffness, v.frictionProportionalZone, out);
  }

  /**
   * True if the sphere centre, moving linearly in the triangle's frame from its position at the start of the step to the
   * current one, passed through the triangle (crossed its plane at a point inside it).
   */
  private crossedFace(s0: ItemState, s1: ItemState): boolean {
    const side = this.tunnelWork, x = this.localPoints;
    for (let k = 0; k < 2; k++) {
      const s = k === 0 ? s0 : s1, p = this.work3, a = this.a1, o = 4 * k;
      this.markers.marker0.position(s, p);
      this.markers.marker1.position(s, this.work3b);
      this.triangleMarker.orientation(s, a);
      for (let i = 0; i < 3; i++) p[i] -= this.work3b[i];
      // r̄ − x0 with r̄ = A1ᵀ(p0 − p1), and its distance from the plane along (x1 − x0) × (x2 − x0)
      for (let i = 0; i < 3; i++) side[o + i] = a[i] * p[0] + a[3 + i] * p[1] + a[6 + i] * p[2] - x[i];
    }
    const e1x = x[3] - x[0], e1y = x[4] - x[1], e1z = x[5] - x[2], e2x = x[6] - x[0], e2y = x[7] - x[1], e2z = x[8] - x[2];
    const nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
    const d0 = nx * side[0] + ny * side[1] + nz * side[2], d1 = nx * side[4] + ny * side[5] + nz * side[6];
    if (!(d0 * d1 < 0)) return false;
    const t = d0 / (d0 - d1);
    const rx = side[0] + t * (side[4] - side[0]), ry = side[1] + t * (side[5] - side[1]), rz = side[2] + t * (side[6] - side[2]);
    const m11 = e1x * e1x + e1y * e1y + e1z * e1z, m12 = e1x * e2x + e1y * e2y + e1z * e2z, m22 = e2x * e2x + e2y * e2y + e2z * e2z;
    const r1 = rx * e1x + ry * e1y + rz * e1z, r2 = rx * e2x + ry * e2y + rz * e2z;
    const det = m11 * m22 - m12 * m12;
    const l1 = (r1 * m22 - r2 * m12) / det, l2 = (m11 * r2 - m12 * r1) / det;
    return l1 >= 0 && l2 >= 0 && l1 + l2 <= 1;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    const { normal: n, gap, force: f, markers } = this;
    const a = this.v.radiusSphere + 0.5 * gap;
    switch (variable) {
      case OutputVariableType.Position: return [0, 1, 2].map((i) => markers.p0[i] + a * n[i]);
      case OutputVariableType.Displacement: return Array.from(this.dp);
      case OutputVariableType.DisplacementLocal: return [gap];
      case OutputVariableType.Velocity: return Array.from(this.dv);
      case OutputVariableType.Director1: return Array.from(n);
      case OutputVariableType.Force: return Array.from(f);
      case OutputVariableType.Torque: {
        // Exudyn's torque on marker 0: (−(r + gap/2) n0) × F, also without friction
        const lever = [0, 1, 2].map((i) => -a * n[i]);
        return Array.from(cross(lever, f, new Float64Array(3)));
      }
      default: return undefined;
    }
  }
}

/** out = a × b. */
function cross(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

/** out = a × (column j of the 3 × n matrix m). */
function columnCross(a: ArrayLike<number>, m: Float64Array, n: number, j: number, out: Float64Array): void {
  const x = m[j], y = m[n + j], z = m[2 * n + j];
  out[0] = a[1] * z - a[2] * y;
  out[1] = a[2] * x - a[0] * z;
  out[2] = a[0] * y - a[1] * x;
}

/** (column k of the 3 × n matrix m)·v. */
function colDot(m: Float64Array, n: number, k: number, v: ArrayLike<number>): number {
  return m[k] * v[0] + m[n + k] * v[1] + m[2 * n + k] * v[2];
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
