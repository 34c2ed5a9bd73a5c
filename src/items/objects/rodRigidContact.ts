import type { BindContext, BodyModel, ContactPointSink, ItemState, LocalMatrixAccumulator, NodeModel, PostNewtonOutput, RigidMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndex, nodeIndex, objectIndex, preal, uint, ureal } from '../../registry/parameters.ts';
import { float64Views } from '../../linalg/arrays.ts';
import { bindDataNode } from './connectorBase.ts';
import { contactStepState, dataGap, dataTangentVelocity, updateContactData } from './contactKernel.ts';
import { PenaltyContactPair, type PenaltyContactParameters } from './penaltyContactPair.ts';
import type { ItemSink } from '../../registry/definition.ts';

/*
 * What the contacts of a rod with a rigid shape (ObjectContactRodSphere, ObjectContactRodCylinder) share: the rod's Gauss
 * points as a moving rigid marker, so that the penalty pair of the sphere contacts (PenaltyContactPair: force laws and
 * friction of contactKernel.ts, levers, relative velocity, exact Jacobians at fixed data coordinates) serves every point
 * with the shape's marker as marker 0; the per-point data coordinates, the post-Newton step and the outputs. The shape
 * supplies only Δp (the vector whose direction is the contact normal) and its derivative.
 */

/** Data coordinates per contact point (the penalty contacts' kernel: gap, tangential speed, impact velocity, plastic penetration). */
const DATA_PER_POINT = 4;

/** The parameters every rod–rigid contact has (the shape adds its own). */
export const rodRigidContactParameters = {
  bodyNumber: objectIndex('The rod (a CosseratRod, or another line body with centerline and Gauss points) that touches the shape.'),
  markerNumber: markerIndex('Marker of the shape: its position is the shape\'s centre (rigid marker on a RigidBody or on the ground; rigid where the shape\'s '
    + 'orientation or friction enter). The contact force acts on the rod and, opposite, on this marker\'s body (action = reaction).'),
  nodeNumber: nodeIndex('A NodeGenericData with 4 data coordinates per contact point [gap, slip speed, impact velocity, unused] (point k at 4k … 4k + 3), '
    + 'the contact state of the last post-Newton step; a gap < 0 is contact: initialize it negative where the rod starts in contact, positive elsewhere.'),
  radius: ureal(0, 'Cross-section radius R [m] of the rod (> 0; the default 0 must be replaced).'),
  pointsPerElement: uint(3, 'Gauss points per rod element at which the contact acts (1 … 10); point k of element e is contact point e·pointsPerElement + k.'),
  contactStiffness: ureal(0, 'Contact stiffness per length k [N/m^(n+1)]: normal force per length k δ^n (δ = −gap); > 0.'),
  contactDamping: ureal(0, 'Contact damping per length d [N s/m²] against the normal relative velocity.'),
  contactStiffnessExponent: preal(1, 'Exponent n of the penetration (1: linear penalty, 1.5: Hertz-like).'),
  dynamicFriction: ureal(0, 'Sliding (kinetic) Coulomb friction coefficient μ_d ≥ 0 (isotropic).'),
  staticFriction: ureal(0, 'Friction coefficient of the stick state μ_s (≥ μ_d); 0 means equal to dynamicFriction.'),
  frictionProportionalZone: ureal(1e-3, 'Regularization velocity v_reg [m/s]: below it (stick state) the friction grows in proportion to the slip velocity '
    + 'up to μ_s F_c; 0: pure Coulomb.'),
  activeConnector: bool(true, 'If false, the contact exerts no force.'),
};

/** The values of {@link rodRigidContactParameters}. */
export interface RodRigidContactValues {
  readonly bodyNumber: number;
  readonly markerNumber: number;
  readonly nodeNumber: number;
  readonly radius: number;
  readonly pointsPerElement: number;
  readonly contactStiffness: number;
  readonly contactDamping: number;
  readonly contactStiffnessExponent: number;
  readonly dynamicFriction: number;
  readonly staticFriction: number;
  readonly frictionProportionalZone: number;
  readonly activeConnector: boolean;
}

/** The bad-input checks of the shared parameters (validate of the items). */
export function validateRodRigidContact(v: RodRigidContactValues, label: ItemLabel): void {
  if (!(v.radius > 0)) itemError(label, 'radius', `must be a cross-section radius > 0, got ${v.radius}`);
  if (!(v.contactStiffness > 0)) itemError(label, 'contactStiffness', `must be > 0, got ${v.contactStiffness}`);
  if (v.pointsPerElement < 1 || v.pointsPerElement > 10) itemError(label, 'pointsPerElement', `must be 1 … 10, got ${v.pointsPerElement}`);
  if (!(v.dynamicFriction >= 0)) itemError(label, 'dynamicFriction', `must be a friction coefficient ≥ 0, got ${v.dynamicFriction}`);
  if (!(v.staticFriction >= 0)) itemError(label, 'staticFriction', `must be a friction coefficient ≥ 0, got ${v.staticFriction}`);
  if (v.staticFriction !== 0 && v.staticFriction < v.dynamicFriction) {
    itemError(label, 'staticFriction', `must be 0 (= dynamic) or ≥ dynamicFriction = ${v.dynamicFriction}, got ${v.staticFriction}`);
  }
}

/** The body capabilities a rod must have (all optional in BodyModel; checked in bind). */
type LineBody = Required<Pick<BodyModel, 'centerlinePosition' | 'linePoints' | 'angularVelocity' | 'angularVelocityLocal' | 'orientation' | 'rotationJacobian'
  | 'lineAngularVelocity_q' | 'jacobianTransposedVector_q' | 'nodesAt'>> & BodyModel;

/**
 * A Gauss point of a rod as a rigid marker (its centerline point, the section's angular velocity and rotation Jacobian,
 * ∂ω/∂q of the line contacts); the point is chosen with {@link RodPointMarker.at}. Its columns are those of the point's
 * element (nodesAt), the same number for every point.
 */
class RodPointMarker implements RigidMarkerModel {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  private localPosition: Float64Array = new Float64Array(3);

  constructor(readonly label: ItemLabel, private readonly rod: LineBody) {}

  /** Moves the marker to the point at localPosition (no copy). */
  at(localPosition: Float64Array): void {
    this.localPosition = localPosition;
  }

  bind(): void {
    this.nodes = this.rod.nodesAt(this.localPosition);
    this.nLocalU = this.nodes.reduce((sum, node) => sum + node.nu, 0);
  }

  output(): undefined {
    return undefined;
  }

  position(s: ItemState, out: Float64Array): void {
    this.rod.centerlinePosition(s, this.localPosition, out);
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.rod.velocity(s, this.localPosition, out);
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.rod.positionJacobian(s, this.localPosition, out);
  }

  jacobianTransposedVector_q(s: ItemState, force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    this.rod.jacobianTransposedVector_q(s, this.localPosition, force, torque, k, factor);
  }

  orientation(s: ItemState, out: Float64Array): void {
    this.rod.orientation(s, this.localPosition, out);
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    this.rod.angularVelocity(s, this.localPosition, out);
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.rod.angularVelocityLocal(s, this.localPosition, out);
  }

  rotationJacobian(s: ItemState, out: Float64Array): void {
    this.rod.rotationJacobian(s, this.localPosition, out);
  }

  angularVelocity_q(s: ItemState, out: Float64Array): void {
    this.rod.lineAngularVelocity_q(s, this.localPosition, out);
  }
}

/**
 * Run-time model of a rod–shape contact. At each Gauss point of the rod (arc s_k, reference length ds_k) with d = x(s_k) − c
 * (c the shape marker's position), the shape gives Δp (normal n0 = h Δp/|Δp|, from the shape to the rod's centerline, h = ±1)
 * and the gap; the contact point sits midway in the overlap: lever from the rod's centerline ℓ1 = −(R + gap/2) n0, from c
 * ℓ0 = d + ℓ1. The penalty pair gives the force −F_c n0 + F_t of the point on the rod (left-hand side; minus it on the shape's
 * body) with F_c = ds_k(k δ^n − d v_n) and friction at the contact point (μ_s in the stick state, μ_d in the slip state).
 */
export abstract class RodRigidContactModel {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  protected readonly pair: PenaltyContactPair;
  /** The shape's marker (after bind; rigid where the subclass asked for it). */
  protected shape: RigidMarkerModel | undefined;
  private rod: LineBody | undefined;
  private point: RodPointMarker | undefined;
  private dataNode: NodeModel | undefined;
  private readonly hasFriction: boolean;
  private readonly muStick: number;
  /** The pair's law parameters, per point (stiffness and damping times ds_k, μ of the stick or slip state). */
  private readonly pointParameters: { -readonly [K in keyof PenaltyContactParameters]: PenaltyContactParameters[K] };
  private readonly stepState = contactStepState();
  private positions: Float64Array[] = [];
  private lengths: Float64Array = new Float64Array(0);
  /** Local column of the first coordinate of each point's element. */
  private offsets = new Int32Array(0);
  /** Relative position d = x − c, Δp and |Δp| of the last evaluation. */
  protected readonly d = new Float64Array(3);
  protected readonly dp = new Float64Array(3);
  private distance = 0;
  /** ∂d/∂q = [−J_p0 | J_p1] (3 × n). */
  protected dD = new Float64Array(0);
  private lhs = new Float64Array(0);
  private matrix = new Float64Array(0);

  /**
   * @param sign h: +1 if the rod touches the shape from outside (gap = |Δp| − …), −1 from inside (a hollow shape)
   * @param shapeRigid why the shape's marker must be a rigid marker (error text), undefined if a position marker suffices
   */
  constructor(readonly label: ItemLabel, protected readonly values: RodRigidContactValues, private readonly sign: number, shapeRigid: string | undefined) {
    this.hasFriction = values.dynamicFriction !== 0 || values.staticFriction !== 0;
    this.muStick = values.staticFriction !== 0 ? values.staticFriction : values.dynamicFriction;
    const friction = this.hasFriction ? 'for the friction at the contact point (dynamicFriction or staticFriction ≠ 0)' : undefined;
    this.pair = new PenaltyContactPair(label, [values.markerNumber, -1], [shapeRigid ?? friction, friction], 'markerNumber');
    this.pointParameters = {
      contactStiffness: 0, contactDamping: 0, contactStiffnessExponent: values.contactStiffnessExponent, impactModel: 0, restitutionCoefficient: 1,
      minimumImpactVelocity: 0, dynamicFriction: 0, frictionProportionalZone: values.frictionProportionalZone, activeConnector: values.activeConnector,
    };
  }

  /** The gap of the shape for |Δp| = distance (the rod's radius included). */
  protected abstract gapOf(distance: number): number;

  /** Writes Δp from d (and the shape marker's state, after kinematics evaluated the markers). */
  protected abstract relativeVector(s: ItemState): void;

  /** Writes ∂Δp/∂q (3 × n) into pair.dDp from dD, after the pair's Jacobians. */
  protected abstract relativeVectorJacobian(s: ItemState): void;

  bind(context: BindContext): void {
    const body = context.body(this.values.bodyNumber, 'bodyNumber');
    const missing = (['centerlinePosition', 'linePoints', 'angularVelocity', 'angularVelocityLocal', 'orientation', 'rotationJacobian', 'lineAngularVelocity_q',
      'jacobianTransposedVector_q', 'nodesAt'] as const).filter((name) => body[name] === undefined);
    if (missing.length > 0) {
      itemError(this.label, 'bodyNumber', `must refer to a rod (a CosseratRod: a line body with ${missing.join(', ')}), got object #${this.values.bodyNumber} without them`);
    }
    const rod = this.rod = body as LineBody;
    const { arc, length } = rod.linePoints(this.values.pointsPerElement);
    this.positions = Array.from(arc, (s) => Float64Array.of(s, 0, 0));
    this.lengths = length;
    const point = this.point = new RodPointMarker(this.label, rod);
    point.at(this.positions[0]);
    point.bind();
    this.pair.bind(context, [undefined, point]);
    this.shape = this.pair.markers.marker0 as RigidMarkerModel;
    const n0 = this.pair.n0;
    this.localNodes = [...this.pair.markers.marker0.nodes, ...rod.nodes];
    const nodeIndex = new Map(rod.nodes.map((node, i) => [node, i]));
    this.offsets = new Int32Array(arc.length);
    for (let k = 0; k < arc.length; k++) this.offsets[k] = n0 + 6 * (nodeIndex.get(rod.nodesAt(this.positions[k])[0]) ?? 0);
    const n = this.pair.n;
    [this.dD, this.lhs, this.matrix] = float64Views([3 * n, n, n * n]);
    this.dataNode = bindDataNode(context, this.label, this.values.nodeNumber, DATA_PER_POINT * arc.length, `for the contact state of the ${arc.length} contact points (4 per point)`);
  }

  /** Number of contact points. */
  private get numberOfPoints(): number {
    return this.lengths.length;
  }

  private dataStart(): number {
    const node = this.dataNode;
    if (node === undefined) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData (parameters changed after assemble?), got -1 (none)');
    return node.dataIndex;
  }

  /** Moves the rod-point marker to point k. */
  private select(k: number): void {
    (this.point ?? itemError(this.label, 'bodyNumber', 'is not bound (assemble the system first)')).at(this.positions[k]);
  }

  /** Kinematics of the selected point: d, Δp, gap, normal, levers and the relative velocity (with the rotations: rotation). */
  private kinematics(s: ItemState, rotation: boolean): void {
    const { pair, d, dp } = this, n = pair.normal;
    pair.evaluateMarkers(s);
    const p0 = pair.markers.p0, p1 = pair.markers.p1;
    for (let i = 0; i < 3; i++) d[i] = p1[i] - p0[i];
    this.relativeVector(s);
    const distance = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    this.distance = distance;
    pair.gap = this.gapOf(distance);
    const scale = distance !== 0 ? this.sign / distance : this.sign;
    const a1 = -(this.values.radius + 0.5 * pair.gap);
    for (let i = 0; i < 3; i++) {
      n[i] = scale * dp[i];
      pair.velocityLever1[i] = a1 * n[i];
      pair.torqueLever1[i] = a1 * n[i];
      pair.velocityLever0[i] = d[i] + a1 * n[i];
      pair.torqueLever0[i] = -pair.velocityLever0[i];
    }
    pair.relativeVelocity(rotation);
  }

  /** Kinematics and force of point k (data coordinates at start + 4k). */
  private evaluate(s: ItemState, k: number): void {
    this.select(k);
    this.kinematics(s, true);
    const start = this.dataStart() + DATA_PER_POINT * k, v = this.values, p = this.pointParameters, ds = this.lengths[k];
    p.contactStiffness = v.contactStiffness * ds;
    p.contactDamping = v.contactDamping * ds;
    p.dynamicFriction = s.data[start + dataTangentVelocity] < v.frictionProportionalZone ? this.muStick : v.dynamicFriction;
    this.pair.contactForce(p, s.data, start, true);
  }

  /** f[local] += the pair's local vector (n0 shape columns, then the point's element columns at offsets[k]). */
  private scatter(k: number, f: Float64Array): void {
    const { n0, n1 } = this.pair, lhs = this.lhs, o = this.offsets[k];
    for (let j = 0; j < n0; j++) f[j] += lhs[j];
    for (let j = 0; j < n1; j++) f[o + j] += lhs[n0 + j];
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.evaluate(s, k);
      if (!this.pair.inContact) continue;
      this.lhs.fill(0);
      this.pair.addLhs(s, this.lhs);
      this.scatter(k, f);
    }
  }

  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.jacobian(s, acc, factor, false);
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.jacobian(s, acc, factor, true);
  }

  /**
   * factor·∂(ode2Lhs)/∂q (velocities false) or ∂/∂u, point by point (emitted also without contact, so that the sparse
   * pattern is fixed): ∂d = [−J_p0 | J_p1], ∂Δp from the shape, ∂gap = n0ᵀ∂Δp, ∂n0 = (h/|Δp|)(I − n0 n0ᵀ)∂Δp,
   * ∂ℓ1 = −n0 ∂gap/2 − (R + gap/2) ∂n0, ∂ℓ0 = ∂d + ∂ℓ1; the rest in PenaltyContactPair.addJacobian.
   */
  private jacobian(s: ItemState, acc: LocalMatrixAccumulator, factor: number, velocities: boolean): void {
    const pair = this.pair, { n0, n1, n } = pair, m = this.matrix;
    for (let k = 0; k < this.numberOfPoints; k++) {
      m.fill(0);
      this.evaluate(s, k);
      if (pair.inContact) {
        pair.evaluateJacobians(s);
        if (!velocities) {
          const { jp0, jp1, normal, dGap, dNormal } = pair, dd = this.dD;
          for (let i = 0; i < 3; i++) {
            for (let j = 0; j < n0; j++) dd[i * n + j] = -jp0[i * n0 + j];
            for (let j = 0; j < n1; j++) dd[i * n + n0 + j] = jp1[i * n1 + j];
          }
          this.relativeVectorJacobian(s);
          pair.normalDerivatives(this.distance !== 0 ? this.sign / this.distance : 0);
          const a1 = -(this.values.radius + 0.5 * pair.gap);
          for (let i = 0; i < 3; i++) {
            for (let j = 0; j < n; j++) {
              const ij = i * n + j, lever1 = -0.5 * normal[i] * dGap[j] + a1 * dNormal[ij];
              pair.dVelocityLever1[ij] = lever1;
              pair.dTorqueLever1[ij] = lever1;
              pair.dVelocityLever0[ij] = dd[ij] + lever1;
              pair.dTorqueLever0[ij] = -pair.dVelocityLever0[ij];
            }
          }
        }
        pair.addJacobian(s, m, factor, velocities, this.pointParameters);
      }
      const o = this.offsets[k];
      if (n0 > 0) {
        acc.addBlock(0, 0, n0, n0, m, 0, n, 1);
        acc.addBlock(0, o, n0, n1, m, n0, n, 1);
        acc.addBlock(o, 0, n1, n0, m, n0 * n, n, 1);
      }
      acc.addBlock(o, o, n1, n1, m, n0 * n + n0, n, 1);
    }
  }

  /**
   * The post-Newton step of every contact point with the kernel's update (gap, slip speed; error |k ds gap| on a change
   * of contact, |μ F_c (|v_t| − v_reg)/v_reg| on a stick/slip switch); the smallest recommended step of the points is
   * kept. A penetration deeper than the rod's radius is an error naming the point's arc length and the time.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    const v = this.values;
    if (!v.activeConnector) return 0;
    const start = this.dataStart(), state = this.stepState, R = v.radius, pair = this.pair, p = this.pointParameters;
    let error = 0, recommended = out.recommendedStepSize;
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.select(k);
      this.kinematics(s, this.hasFriction);
      const gap = pair.gap;
      if (gap < -R) {
        itemError(this.label, 'radius', `R = ${R} is exceeded by the penetration ${-gap} at contact point ${k} (arc length s = ${this.positions[k][0]}) at t = ${s.t}: `
          + 'the rod passed into the shape; increase contactStiffness or reduce the step size');
      }
      const ds = this.lengths[k], dvt = pair.dvt;
      state.gap = gap;
      state.normalVelocity = pair.normalVelocity;
      state.tangentialSpeed = this.hasFriction ? Math.hypot(dvt[0], dvt[1], dvt[2]) : 0;
      state.plasticPenetration = 0;
      state.frictionForceScale = 0;
      if (gap < 0 && this.hasFriction) {
        p.contactStiffness = v.contactStiffness * ds;
        p.contactDamping = v.contactDamping * ds;
        pair.law.penetration = -gap;
        pair.law.normalVelocity = pair.normalVelocity;
        pair.law.evaluate(p, s.data, start + DATA_PER_POINT * k);
        state.frictionForceScale = this.muStick * pair.law.force;
      }
      out.recommendedStepSize = -1;
      error += updateContactData(s.data, startOfStep.data, start + DATA_PER_POINT * k, state, v.contactStiffness * ds, v.frictionProportionalZone, out);
      if (out.recommendedStepSize >= 0 && (recommended < 0 || out.recommendedStepSize < recommended)) recommended = out.recommendedStepSize;
    }
    out.recommendedStepSize = recommended;
    return error;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const count = this.numberOfPoints, pair = this.pair;
    switch (variable) {
      case OutputVariableType.Force: {
        const total = new Float64Array(3);
        for (let k = 0; k < count; k++) {
          this.evaluate(s, k);
          if (pair.inContact) for (let i = 0; i < 3; i++) total[i] -= pair.force[i];
        }
        return total;
      }
      case OutputVariableType.DisplacementLocal:
      case OutputVariableType.VelocityLocal:
      case OutputVariableType.ForceLocal: {
        const values = new Float64Array(count);
        for (let k = 0; k < count; k++) {
          this.evaluate(s, k);
          if (variable === OutputVariableType.DisplacementLocal) values[k] = pair.gap;
          else if (variable === OutputVariableType.VelocityLocal) values[k] = this.hasFriction ? Math.hypot(pair.dvt[0], pair.dvt[1], pair.dvt[2]) : 0;
          else values[k] = pair.inContact ? pair.law.force / this.lengths[k] : 0;
        }
        return values;
      }
      case OutputVariableType.Coordinates: return Float64Array.from(this.positions, (p) => p[0]);
      default: return undefined;
    }
  }

  /**
   * The points in contact (stored gap < 0): the contact point r(s_k) + ℓ1 midway in the overlap, the penetration
   * max(0, −gap) and the force on the rod (their sum is the Force output).
   */
  contactPoints(s: ItemState, out: ContactPointSink): void {
    const pair = this.pair, x = pair.markers.p1, lever = pair.velocityLever1, f = pair.force;
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.evaluate(s, k);
      if (!pair.inContact) continue;
      out.push(x[0] + lever[0], x[1] + lever[1], x[2] + lever[2], Math.max(0, -pair.gap), -f[0], -f[1], -f[2]);
    }
  }
}

/** The output variables of the rod–shape contacts (see {@link rodRigidContactOutputsText}). */
export const rodRigidContactOutputs = [OutputVariableType.Force, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal,
  OutputVariableType.Coordinates];

/** The description of the shared outputs and state handling, for the items' descriptions. */
export const rodRigidContactOutputsText = 'The contact state of each point (gap, slip speed) is stored in 4 data coordinates of a NodeGenericData and updated only in the '
  + 'post-Newton step (discontinuous iteration; recommends the step that reaches a contact, reports stick/slip switches), as the other penalty '
  + 'contacts; within a step the forces are smooth and the Jacobians analytic at fixed data coordinates. A penetration deeper than R raises an '
  + 'error with the point and the time. Outputs: Force (total contact force on the rod; the shape\'s body gets minus it), DisplacementLocal (gaps), '
  + 'VelocityLocal (slip speeds |v_t| of the contact points), ForceLocal (normal force per length), Coordinates (the arc lengths s of the points), '
  + 'one entry per point. The viewer and the VTK export draw the points in contact (midway in the overlap) with their penetration and contact '
  + 'force on the rod (contactPoints).';

/** dDp[:, j] = P dD[:, j] for the projector P = I − a aᵀ of a unit axis a (3 × n row-major). */
export function projectColumns(a: ArrayLike<number>, dD: Float64Array, n: number, dDp: Float64Array): void {
  for (let j = 0; j < n; j++) {
    const x = dD[j], y = dD[n + j], z = dD[2 * n + j], dot = a[0] * x + a[1] * y + a[2] * z;
    dDp[j] = x - dot * a[0];
    dDp[n + j] = y - dot * a[1];
    dDp[2 * n + j] = z - dot * a[2];
  }
}

/** The force lines of the rod–sphere and rod–cylinder equations (after each item's own gap and normal n0). */
export const rodRigidContactForceEquations = [
  'in contact (stored gap < 0): F_c = ds_k (k δ^n − d v_n), δ = −gap, v_n = n0·Δv; contact point at ℓ1 = −(R + gap/2) n0 from r(s_k), ℓ0 = d + ℓ1 from c;',
  'Δv = v + ω × ℓ1 − v_c − ω_c × ℓ0, v_t = Δv − v_n n0; F_t = μ F_c v_t/v_reg (stick: stored |v_t| < v_reg, μ = μ_s) or μ_d F_c v_t/|v_t| (slip);',
];

/**
 * The rod of the rod–sphere and rod–cylinder examples: a curved, moving quadratic R12 rod of two elements (five
 * quaternion nodes with initial velocities); returns its object number.
 */
export function addExampleRod(mbs: ItemSink): number {
  const nodes = [0, 1, 2, 3, 4].map((i) => mbs.addNode({ nodeType: 'RigidBodyQuaternion', referenceCoordinates: [0.25 * i - 0.5, 0.02 * i * i, 0.01 * i, 1, 0, 0, 0.04 * i], initialVelocities: [0.3, 0.1 * i, -0.1, 0.2, 0.4, 0.5] }));
  return mbs.addObject({
    objectType: 'CosseratRod', interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodes, polynomialDegree: 2, physicsMassPerLength: 0.5, physicsInertiaPerLength: [0.02, 0.01, 0.01],
    physicsAxialShearStiffness: [100, 40, 50], physicsBendingTorsionStiffness: [3, 4, 5],
  });
}
