import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, BodyModel, ContactPointSink, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only, PostNewtonOutput } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, nodeIndex, objectIndex, preal, uint, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { bindDataNode } from './connectorBase.ts';
import { contactStepState, dataGap, dataTangentVelocity, FrictionForce, NormalContactForce, updateContactData, type NormalForceParameters } from './contactKernel.ts';
import { zeroArray } from '../../linalg/arrays.ts';

/** Data coordinates per contact point (the order of the penalty contacts' kernel: gap, tangential speed, impact velocity, plastic penetration). */
const DATA_PER_POINT = 4;
/** Index of the sideways slip speed |v_s| among a point's data coordinates (componentwiseFriction; the axial one is at dataTangentVelocity). */
const dataSideSlip = 2;

const parameters = {
  bodyNumber: objectIndex('The rod (a CosseratRod, or another line body with centerline tangent and Gauss points) that touches the plane.'),
  nodeNumber: nodeIndex('A NodeGenericData with 4 data coordinates per contact point (point k at 4k … 4k + 3), the contact state of the last post-Newton '
    + 'step: [gap, slip speed, unused, unused] (componentwiseFriction: [gap, axial slip speed, sideways slip speed, unused]), with frictionStiffness > 0 [gap, stick/slip state (0 stick, 1 slip), anchor a₁, a₂]; a gap < 0 is contact: '
    + 'initialize it negative where the rod starts on the plane, positive elsewhere; zeros elsewhere (with frictionStiffness: sticking where the rod was built; '
    + 'state 1 for points that start sliding, else their stick damping brakes them in the initial accelerations).'),
  planePoint: vector([0, 0, 0], 'A point of the plane (global, on the ground).', 3, 'Vector3D'),
  planeNormal: vector([0, 0, 1], 'Normal of the plane (global), pointing to the side where the rod is; normalized (must not be zero).', 3, 'Vector3D'),
  radius: ureal(0, 'Cross-section radius R [m]: the gap is n·(r − p_plane) − R (> 0; the default 0 must be replaced).'),
  pointsPerElement: uint(3, 'Gauss points per rod element at which the contact acts (1 … 10); point k of element e is contact point e·pointsPerElement + k.'),
  contactStiffness: ureal(0, 'Contact stiffness per length k [N/m^(n+1)]: normal force per length k δ^n (δ = −gap); > 0.'),
  contactDamping: ureal(0, 'Contact damping per length d [N s/m²] against the normal velocity.'),
  contactStiffnessExponent: preal(1, 'Exponent n of the penetration (1: linear penalty, 1.5: Hertz-like).'),
  dynamicFriction: vector([0, 0, 0], 'Sliding (kinetic) friction coefficients [μ_forward, μ_backward, μ_sideways]: forward is the direction of the rod\'s '
    + 'tangent (increasing s) projected onto the plane, sideways perpendicular to it in the plane; all equal: isotropic Coulomb friction; ≥ 0.', 3, 'Vector3D'),
  staticFriction: vector([0, 0, 0], 'Friction coefficients of the stick state [forward, backward, sideways] (≥ the dynamic ones); an entry 0 means equal '
    + 'to the dynamic coefficient.', 3, 'Vector3D'),
  frictionProportionalZone: ureal(1e-3, 'Regularization velocity v_reg [m/s]: below it (stick state) the friction grows in proportion to the slip velocity '
    + 'up to the static coefficient; 0: pure Coulomb.'),
  frictionStiffness: ureal(0, 'Stick stiffness per length k_t [N/m²] of the elastic stick/slip model (0: the velocity-regularized model, dynamics only): '
    + 'while sticking, the centerline point is held by a tangential spring to its anchor up to the static limit μ_s F_c, then it slides with μ_k F_c; '
    + 'the slip is the displacement since the anchor, so it also acts in static solves (load steps). frictionProportionalZone is then not used.'),
  frictionDamping: ureal(0, 'Damping per length d_t [N s/m²] of the stick spring (elastic model) against the tangential centerline velocity while sticking; '
    + '2√(k_t ρA) damps the stick vibration critically, but a suddenly applied load still overshoots in the stick force by e⁻² = 13.5 % there; '
    + 'about 6√(k_t ρA) keeps it to a few per cent, so that the stick holds such a load nearly up to the static limit.'),
  componentwiseFriction: bool(false, 'Friction per direction instead of along the slip (velocity-regularized model only), the anisotropic friction '
    + 'plane of the 2018 snake paper\'s code and of PyElastica (AnisotropicFrictionalPlane): the axial velocity of the centerline e_a·v and the '
    + 'sideways (rolling-direction) slip of the contact point e_s·v_t (e_s = n × e_a) each get their own friction force μ F_c φ(v), in their '
    + 'φ(v) = v/v_reg saturated at ±1, with the static coefficient in its stick state and the dynamic one in slip, at full magnitude whatever the other component does; '
    + 'the axial force acts at the centerline (no moment), the sideways one at the contact point. false: Coulomb friction along the slip '
    + 'direction of the contact point, |F| ≤ μ(v̂) F_c.'),
  rollingFriction: ureal(0, 'Rolling resistance μ_r: a couple μ_r R F_c against the rolling R (I − n nᵀ) ω of the section (regularized with v_reg like '
    + 'the friction, without a stored state).'),
  activeConnector: bool(true, 'If false, the contact exerts no force.'),
};

type Values = ParameterValues<typeof parameters>;

/** The body capabilities the contact reads (all optional in BodyModel; checked in bind). */
type LineBody = Required<Pick<BodyModel, 'centerlinePosition' | 'centerlineTangent' | 'centerlineTangentJacobian' | 'linePoints' | 'angularVelocity' | 'rotationJacobian'
  | 'lineAngularVelocity_q' | 'jacobianTransposedVector_q' | 'nodesAt'>> & BodyModel;

/** Throws unless every entry of a friction vector is non-negative. */
function checkFriction(label: ItemLabel, name: string, value: ArrayLike<number>): void {
  for (let i = 0; i < 3; i++) {
    if (!(value[i] >= 0)) itemError(label, name, `entry ${i} must be a friction coefficient ≥ 0, got [${Array.from(value).join(', ')}]`);
  }
}

/**
 * Run-time model of the rod–plane contact: at each Gauss point of the rod's centerline (arc s_k, reference length ds_k)
 * the gap to the plane, a penalty normal force per length with the kernel of the penalty contacts (NormalContactForce),
 * and friction at the contact point r − R n (regularized Coulomb law of the kernel, FrictionForce with μ = 1, then scaled
 * by the anisotropic coefficient matrix M = μ_s P + (μ_a − μ_s) e_a e_aᵀ, P = I − n nᵀ, e_a the projected rod tangent).
 */
class ContactRodPlaneModel implements Only<ObjectModel, ContactRodPlaneModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  private rod: LineBody | undefined;
  private dataNode: NodeModel | undefined;
  /** Unit plane normal n and the plane point. */
  private readonly n = new Float64Array(3);
  private readonly p0 = new Float64Array(3);
  private readonly hasFriction: boolean;
  /** The elastic stick/slip model (frictionStiffness > 0) instead of the velocity-regularized one. */
  private readonly elastic: boolean;
  /** Friction per direction (componentwiseFriction) instead of along the slip. */
  private readonly componentwise: boolean;
  /** Component-wise law: the sideways direction e_s = n × e_a, the slips v_a = e_a·v (centerline), v_s = e_s·v_t (contact point), their laws g = μ φ(v) and F_c ∂g/∂v. */
  private readonly es = new Float64Array(3);
  private axialSlip = 0;
  private sideSlip = 0;
  private axialLaw = 0;
  private sideLaw = 0;
  private axialSlope = 0;
  private sideSlope = 0;
  /** The current evaluation used the component-wise law. */
  private componentwiseActive = false;
  /** Orthonormal basis e₁, e₂ of the plane (anchor coordinates). */
  private readonly e1 = new Float64Array(3);
  private readonly e2 = new Float64Array(3);
  /** Reference-configuration centerline positions of the points (3 per point; computed on first use). */
  private referencePoints: Float64Array | undefined;
  /** Elastic model: the point's displacement from its anchor in the plane ξ = P(r − r_ref) − a₁e₁ − a₂e₂. */
  private readonly xi = new Float64Array(3);
  /** Elastic model: the trial stick force of the post-Newton step. */
  private readonly trialForce = new Float64Array(3);
  /** Elastic model: the point slides (stored state 1) in the current evaluation. */
  private sliding = false;
  /** Stick coefficients (static, or dynamic where the static entry is 0). */
  private readonly muStick = new Float64Array(3);
  private readonly law = new NormalContactForce();
  private readonly lawParameters: NormalForceParameters;
  private readonly friction = new FrictionForce();
  /** The friction law applied to the rolling velocity R P ω (rolling resistance). */
  private readonly rolling = new FrictionForce();
  /** Rolling velocity R P ω of the point. */
  private readonly wr = new Float64Array(3);
  private readonly stepState = contactStepState();
  /** Contact points: local positions [s, 0, 0], reference lengths ds, elements, local column offsets 6·p·e. */
  private positions: Float64Array[] = [];
  private lengths: Float64Array = new Float64Array(0);
  private offsets = new Int32Array(0);
  /** Columns 6(p + 1) of a point (its element's nodes). */
  private nPoint = 0;
  // per-point kinematics and force (work arrays)
  private readonly x = new Float64Array(3);
  private readonly v = new Float64Array(3);
  private readonly w = new Float64Array(3);
  private readonly omega = new Float64Array(3);
  private readonly vt = new Float64Array(3);
  private readonly t = new Float64Array(3);
  private readonly ea = new Float64Array(3);
  /** Force and torque on the rod at the point (left-hand side, i.e. minus the contact force) and the friction matrix M. */
  private readonly fLhs = new Float64Array(3);
  private readonly tauLhs = new Float64Array(3);
  private readonly M = new Float64Array(9);
  private gap = 0;
  private vn = 0;
  private normalForce = 0;
  private tangentLength = 0;
  private muDifference = 0;
  private inContact = false;
  // Jacobian work (3 × nPoint each) and the element block (nPoint²)
  private jPos = new Float64Array(0);
  private jRot = new Float64Array(0);
  private jOmega = new Float64Array(0);
  private jTangent = new Float64Array(0);
  private dw = new Float64Array(0);
  private df = new Float64Array(0);
  /** The point's factorQ·(∂f, ∂τ)/∂Δq + factorU·(∂f, ∂τ)/∂u (6 × nPoint). */
  private dfSum = new Float64Array(0);
  /** The component-wise axial force's part of the force derivative (3 × nPoint). */
  private axialDerivative = new Float64Array(0);
  private block = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly values: Values) {
    const normal = values.planeNormal;
    const length = Math.hypot(normal[0], normal[1], normal[2]);
    for (let i = 0; i < 3; i++) {
      this.n[i] = normal[i] / length;
      this.p0[i] = values.planePoint[i];
      this.muStick[i] = values.staticFriction[i] !== 0 ? values.staticFriction[i] : values.dynamicFriction[i];
    }
    this.hasFriction = this.muStick.some((mu) => mu !== 0) || values.dynamicFriction.some((mu) => mu !== 0) || values.rollingFriction !== 0;
    this.elastic = values.frictionStiffness > 0;
    this.componentwise = values.componentwiseFriction;
    // e₁ ⟂ n from the coordinate axis least aligned with n, e₂ = n × e₁
    const n = this.n, axis = Math.abs(n[0]) <= Math.abs(n[1]) && Math.abs(n[0]) <= Math.abs(n[2]) ? 0 : Math.abs(n[1]) <= Math.abs(n[2]) ? 1 : 2;
    const e1 = this.e1, e2 = this.e2;
    for (let i = 0; i < 3; i++) e1[i] = (i === axis ? 1 : 0) - n[axis] * n[i];
    const e1Length = Math.hypot(e1[0], e1[1], e1[2]);
    for (let i = 0; i < 3; i++) e1[i] /= e1Length;
    e2[0] = n[1] * e1[2] - n[2] * e1[1]; e2[1] = n[2] * e1[0] - n[0] * e1[2]; e2[2] = n[0] * e1[1] - n[1] * e1[0];
    this.lawParameters = {
      contactStiffness: values.contactStiffness, contactDamping: values.contactDamping, contactStiffnessExponent: values.contactStiffnessExponent,
      impactModel: 0, restitutionCoefficient: 1, minimumImpactVelocity: 0,
    };
  }

  /** Number of contact points. */
  private get numberOfPoints(): number {
    return this.lengths.length;
  }

  bind(context: BindContext): void {
    const body = context.body(this.values.bodyNumber, 'bodyNumber');
    const missing = (['centerlinePosition', 'centerlineTangent', 'centerlineTangentJacobian', 'linePoints', 'angularVelocity', 'rotationJacobian', 'lineAngularVelocity_q',
      'jacobianTransposedVector_q', 'nodesAt'] as const).filter((name) => body[name] === undefined);
    if (missing.length > 0) {
      itemError(this.label, 'bodyNumber', `must refer to a rod (a CosseratRod: a line body with ${missing.join(', ')}), got object #${this.values.bodyNumber} without them`);
    }
    this.rod = body as LineBody;
    this.localNodes = [...body.nodes];
    const { arc, length } = this.rod.linePoints(this.values.pointsPerElement);
    this.positions = Array.from(arc, (s) => Float64Array.of(s, 0, 0));
    this.lengths = length;
    this.offsets = new Int32Array(arc.length);
    const nodeIndex = new Map(this.localNodes.map((node, i) => [node, i]));
    for (let k = 0; k < arc.length; k++) this.offsets[k] = 6 * (nodeIndex.get(this.rod.nodesAt(this.positions[k])[0]) ?? 0);
    this.nPoint = 6 * this.rod.nodesAt(this.positions[0]).length;
    const np = this.nPoint;
    this.jPos = new Float64Array(3 * np);
    this.jRot = new Float64Array(3 * np);
    this.jOmega = new Float64Array(3 * np);
    this.jTangent = new Float64Array(3 * np);
    this.dw = new Float64Array(3 * np);
    this.df = new Float64Array(6 * np);
    this.dfSum = new Float64Array(6 * np);
    this.axialDerivative = new Float64Array(3 * np);
    this.block = new Float64Array(np * np);
    this.dataNode = bindDataNode(context, this.label, this.values.nodeNumber, DATA_PER_POINT * arc.length, `for the contact state of the ${arc.length} contact points (4 per point)`);
  }

  private dataStart(): number {
    const node = this.dataNode;
    if (node === undefined) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData (parameters changed after assemble?), got -1 (none)');
    return node.dataIndex;
  }

  private get line(): LineBody {
    return this.rod ?? itemError(this.label, 'bodyNumber', 'is not bound (assemble the system first)');
  }

  /**
   * Kinematics of point k: gap, v_n, the contact-point velocity w = v − R ω × n and its tangential part v_t, the rod
   * tangent's unit projection e_a onto the plane (with friction).
   */
  private kinematics(s: ItemState, k: number): void {
    const body = this.line, lp = this.positions[k], { n, x, v, w, vt, omega, t, ea } = this, R = this.values.radius;
    body.centerlinePosition(s, lp, x);
    body.velocity(s, lp, v);
    this.gap = n[0] * (x[0] - this.p0[0]) + n[1] * (x[1] - this.p0[1]) + n[2] * (x[2] - this.p0[2]) - R;
    this.vn = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
    if (!this.hasFriction) return;
    body.angularVelocity(s, lp, omega);
    // w = v + ω × (−R n)
    w[0] = v[0] - R * (omega[1] * n[2] - omega[2] * n[1]);
    w[1] = v[1] - R * (omega[2] * n[0] - omega[0] * n[2]);
    w[2] = v[2] - R * (omega[0] * n[1] - omega[1] * n[0]);
    const wn = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
    for (let i = 0; i < 3; i++) vt[i] = w[i] - wn * n[i];
    body.centerlineTangent(s, lp, t);
    const tn = n[0] * t[0] + n[1] * t[1] + n[2] * t[2];
    for (let i = 0; i < 3; i++) ea[i] = t[i] - tn * n[i];
    const length = Math.hypot(ea[0], ea[1], ea[2]);
    this.tangentLength = length;
    // a rod standing normal to the plane has no forward direction: isotropic with the sideways coefficient there
    const scale = length > 0 ? 1 / length : 0;
    for (let i = 0; i < 3; i++) ea[i] *= scale;
  }

  /**
   * Kinematics and, if the stored gap of point k is negative, its force on the rod (left-hand side) f = −F_c n + M f₁ and
   * torque (−R n) × f, with F_c = ds·(k δ^n − d v_n) and f₁ = F_c v_t/v_reg (stick: stored slip speed < v_reg) or
   * F_c v_t/|v_t| (slip); with componentwiseFriction the friction per direction (componentwiseFrictionForce).
   */
  private evaluate(s: ItemState, k: number): void {
    this.kinematics(s, k);
    const start = this.dataStart() + DATA_PER_POINT * k;
    this.inContact = this.values.activeConnector && s.data[start + dataGap] < 0;
    if (!this.inContact) return;
    const { n, fLhs, tauLhs } = this, ds = this.lengths[k];
    this.law.penetration = -this.gap;
    this.law.normalVelocity = this.vn;
    this.law.evaluate(this.lawParameters, s.data, start);
    const Fc = ds * this.law.force;
    this.normalForce = Fc;
    for (let i = 0; i < 3; i++) fLhs[i] = -Fc * n[i];
    tauLhs[0] = 0; tauLhs[1] = 0; tauLhs[2] = 0;
    if (!this.hasFriction) return;
    this.componentwiseActive = !this.elastic && this.componentwise && this.tangentLength > 0;
    if (this.elastic) {
      this.elasticFriction(s, k, start, Fc, ds);
    } else if (this.componentwiseActive) {
      const zone = this.values.frictionProportionalZone;
      this.componentwiseFrictionForce(s.data[start + dataTangentVelocity] < zone, s.data[start + dataSideSlip] < zone, Fc);
    } else {
      this.regularizedFriction(s.data[start + dataTangentVelocity] < this.values.frictionProportionalZone, Fc);
    }
    const muRolling = this.values.rollingFriction;
    if (muRolling === 0) return;
    // rolling resistance: couple R·(μ_r F_c w_r/v_reg or μ_r F_c w_r/|w_r|) against w_r = R P ω
    const R = this.values.radius, zone = this.values.frictionProportionalZone;
    const wr = this.wr, omega = this.omega, on = n[0] * omega[0] + n[1] * omega[1] + n[2] * omega[2];
    for (let i = 0; i < 3; i++) wr[i] = R * (omega[i] - on * n[i]);
    const rolling = this.rolling;
    rolling.coefficient = muRolling;
    rolling.regularization = zone;
    rolling.normalForce = Fc;
    rolling.evaluate(Math.hypot(wr[0], wr[1], wr[2]) < zone, wr, true);
    for (let i = 0; i < 3; i++) tauLhs[i] += R * this.rolling.force[i];
  }

  /**
   * The velocity-regularized friction at the contact point: f += M f₁ with f₁ = F_c v_t/v_reg (stick) or F_c v_t/|v_t|,
   * and its moment τ = (−R n) × f about the centerline.
   */
  private regularizedFriction(stick: boolean, Fc: number): void {
    const { n, fLhs, tauLhs } = this;
    this.frictionMatrix(stick ? this.muStick : this.values.dynamicFriction, this.vt);
    const M = this.M, friction = this.friction;
    friction.coefficient = 1;
    friction.regularization = this.values.frictionProportionalZone;
    friction.normalForce = Fc;
    friction.evaluate(stick, this.vt, true);
    const f1 = friction.force;
    for (let r = 0; r < 3; r++) fLhs[r] += M[3 * r] * f1[0] + M[3 * r + 1] * f1[1] + M[3 * r + 2] * f1[2];
    // τ = (−R n) × f (the normal part of f has no moment)
    const R = this.values.radius;
    tauLhs[0] = -R * (n[1] * fLhs[2] - n[2] * fLhs[1]);
    tauLhs[1] = -R * (n[2] * fLhs[0] - n[0] * fLhs[2]);
    tauLhs[2] = -R * (n[0] * fLhs[1] - n[1] * fLhs[0]);
  }

  /**
   * The component-wise friction (componentwiseFriction, e_a defined), as the 2018 paper's code and PyElastica apply it: the
   * axial force F_c g_a e_a at the centerline against its axial velocity v_a = e_a·v (no moment), the sideways force
   * F_c g_s e_s at the contact point against its rolling-direction slip v_s = e_s·v_t (moment (−R n) × F_c g_s e_s), with
   * g = μ φ(v), φ(v) = v/v_reg saturated at sign(v) for |v| ≥ v_reg, μ the static coefficient in a component's stick
   * state (stored slip of that component < v_reg), else the dynamic one; μ_a forward for v_a ≥ 0 else backward. φ is
   * continuous in both states: with φ = sign(v) in slip, a point whose slip reverses within the step has no solution.
   */
  private componentwiseFrictionForce(stickAxial: boolean, stickSide: boolean, Fc: number): void {
    const { n, ea, es, fLhs, tauLhs } = this, zone = this.values.frictionProportionalZone;
    this.slipComponents();
    const va = this.axialSlip, vs = this.sideSlip;
    const muAxial = (stickAxial ? this.muStick : this.values.dynamicFriction)[va >= 0 ? 0 : 1];
    const muSide = (stickSide ? this.muStick : this.values.dynamicFriction)[2];
    // saturated beyond the zone (a point stored as sticking that moves fast within the step meets μ_s F_c, not a force
    // growing with its speed, which would hold it in the stick state) and proportional inside it in both states
    const proportionalAxial = Math.abs(va) < zone, proportionalSide = Math.abs(vs) < zone;
    this.axialLaw = proportionalAxial ? muAxial * va / zone : muAxial * Math.sign(va);
    this.sideLaw = proportionalSide ? muSide * vs / zone : muSide * Math.sign(vs);
    this.axialSlope = proportionalAxial ? Fc * muAxial / zone : 0;
    this.sideSlope = proportionalSide ? Fc * muSide / zone : 0;
    const ga = Fc * this.axialLaw, gs = Fc * this.sideLaw;
    for (let r = 0; r < 3; r++) fLhs[r] += ga * ea[r] + gs * es[r];
    // (−R n) × (g_s F_c e_s) = −R g_s F_c (n × e_s) = R g_s F_c e_a
    const lever = this.values.radius * gs;
    for (let r = 0; r < 3; r++) tauLhs[r] = lever * ea[r];
  }

  /**
   * The elastic stick/slip friction at the centerline point (no moment): with ξ from the stored anchor, stick (stored state
   * 0) f += ds (k_t ξ + d_t P v), slip (1) f += M_k f₁ with f₁ = F_c ξ/|ξ|.
   */
  private elasticFriction(s: ItemState, k: number, start: number, Fc: number, ds: number): void {
    const xi = this.anchorDisplacement(s, k, s.data, start), fLhs = this.fLhs;
    this.sliding = s.data[start + dataTangentVelocity] === 1;
    if (!this.sliding) {
      const kt = this.values.frictionStiffness * ds, dt = this.values.frictionDamping * ds, { n, v } = this, vn = this.vn;
      for (let r = 0; r < 3; r++) fLhs[r] += kt * xi[r] + dt * (v[r] - vn * n[r]);
      this.muDifference = 0;
      return;
    }
    this.frictionMatrix(this.values.dynamicFriction, xi);
    const M = this.M;
    const friction = this.friction;
    friction.coefficient = 1;
    friction.regularization = 0;
    friction.normalForce = Fc;
    friction.evaluate(false, xi, true);
    const f1 = this.friction.force;
    for (let r = 0; r < 3; r++) fLhs[r] += M[3 * r] * f1[0] + M[3 * r + 1] * f1[1] + M[3 * r + 2] * f1[2];
  }

  /**
   * The anisotropic coefficient matrix M = μ_s P + (μ_a − μ_s) e_a e_aᵀ of the coefficients mu [forward, backward,
   * sideways], μ_a forward if e_a·direction ≥ 0; sets muDifference = μ_a − μ_s (0 without a forward axis).
   */
  private frictionMatrix(mu: ArrayLike<number>, direction: Float64Array): void {
    const { n, M, ea } = this;
    const forward = ea[0] * direction[0] + ea[1] * direction[1] + ea[2] * direction[2] >= 0;
    const muSide = mu[2], muAxial = forward ? mu[0] : mu[1];
    this.muDifference = this.tangentLength > 0 ? muAxial - muSide : 0;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) M[3 * r + c] = muSide * ((r === c ? 1 : 0) - n[r] * n[c]) + this.muDifference * ea[r] * ea[c];
    }
  }

  /**
   * ξ = P(r − r_ref) − a₁e₁ − a₂e₂ of point k (this.x must hold its current position) with the anchor (a₁, a₂) =
   * data[start + 2], data[start + 3]: the in-plane displacement of the centerline point from its anchor, the anchor given
   * by its displacement from the point's reference position.
   */
  private anchorDisplacement(s: ItemState, k: number, data: Float64Array, start: number): Float64Array {
    const reference = this.referencePositions(s), o = 3 * k, { x, e1, e2, xi } = this;
    const d0 = x[0] - reference[o], d1 = x[1] - reference[o + 1], d2 = x[2] - reference[o + 2];
    const a = e1[0] * d0 + e1[1] * d1 + e1[2] * d2 - data[start + 2];
    const b = e2[0] * d0 + e2[1] * d1 + e2[2] * d2 - data[start + 3];
    for (let i = 0; i < 3; i++) xi[i] = a * e1[i] + b * e2[i];
    return xi;
  }

  /** The points' centerline positions in the reference configuration (q = 0), computed once. */
  private referencePositions(s: ItemState): Float64Array {
    if (this.referencePoints !== undefined) return this.referencePoints;
    const reference: ItemState = {
      qRef: s.qRef, q: new Float64Array(s.q.length), u: s.u, a: s.a, lambda: s.lambda, data: s.data, ode1Ref: s.ode1Ref, ode1: s.ode1, ode1_t: s.ode1_t,
      addresses: s.addresses, t: s.t, loadFactor: s.loadFactor, mbs: s.mbs, configuration: s.configuration,
    };
    const points = new Float64Array(3 * this.numberOfPoints), x = new Float64Array(3);
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.line.centerlinePosition(reference, this.positions[k], x);
      points.set(x, 3 * k);
    }
    this.referencePoints = points;
    return points;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    const body = this.line, np = this.nPoint, jPos = this.jPos, jRot = this.jRot;
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.evaluate(s, k);
      if (!this.inContact) continue;
      const lp = this.positions[k], o = this.offsets[k], { fLhs, tauLhs } = this;
      body.positionJacobian(s, lp, jPos);
      for (let j = 0; j < np; j++) f[o + j] += jPos[j] * fLhs[0] + jPos[np + j] * fLhs[1] + jPos[2 * np + j] * fLhs[2];
      if (!this.hasFriction) continue;
      body.rotationJacobian(s, lp, jRot);
      for (let j = 0; j < np; j++) f[o + j] += jRot[j] * tauLhs[0] + jRot[np + j] * tauLhs[1] + jRot[2 * np + j] * tauLhs[2];
    }
  }

  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.jacobian(s, acc, factor, 0);
  }

  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.jacobian(s, acc, 0, factor);
  }

  /** factorQ·∂(ode2Lhs)/∂Δq + factorU·∂/∂u in one block per point, from one evaluation of the point. */
  ode2Lhs_qu(s: ItemState, acc: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    this.jacobian(s, acc, factorQ, factorU);
  }

  /**
   * factorQ·∂(ode2Lhs)/∂Δq + factorU·∂/∂u at fixed data coordinates, point by point into the block of its element (one
   * evaluation of the point for both; emitted per point, zeros included, so that the sparse pattern is fixed; a zero
   * factor skips its part).
   */
  private jacobian(s: ItemState, acc: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    const body = this.line, np = this.nPoint, { jPos, jRot, block } = this;
    for (let k = 0; k < this.numberOfPoints; k++) {
      zeroArray(block);
      this.evaluate(s, k);
      if (this.inContact) {
        const lp = this.positions[k];
        body.positionJacobian(s, lp, jPos);
        if (this.hasFriction) body.rotationJacobian(s, lp, jRot);
        zeroArray(this.dfSum);
        if (factorQ !== 0) this.addPointJacobian(s, k, factorQ, false);
        if (factorU !== 0) this.addPointJacobian(s, k, factorU, true);
        this.addPointBlock();
      }
      acc.addBlock(this.offsets[k], this.offsets[k], np, np, block, 0, np, 1);
    }
  }

  /**
   * Adds factor·∂(point k's ode2Lhs)/∂Δq (velocities false) or ∂/∂u (true) to the element block (point k evaluated and in
   * contact; jPos and, with friction, jRot at its position). With the point Jacobians J_p
   * (constant), J_r and Ω_q = ∂ω/∂Δq: ∂gap = nᵀJ_p (q), ∂v_n = nᵀJ_p (u), ∂w = R ñ Ω_q (q) or J_p + R ñ J_r (u),
   * ∂v_t = P ∂w, ∂t = T (the tangent Jacobian, q); then ∂f = −n ∂F_c + M(f₁,F ∂F_c + f₁,v ∂v_t) + (μ_a − μ_s)[(e_a·f₁) ∂e_a
   * + e_a (f₁·∂e_a)], ∂e_a = (P − e_a e_aᵀ) T/|P t|, ∂τ = −R ñ ∂f, and the block J_pᵀ∂f + J_rᵀ∂τ (+ ∂(J_rᵀτ)/∂Δq at fixed τ).
   */
  private addPointJacobian(s: ItemState, k: number, factor: number, velocities: boolean): void {
    const body = this.line, np = this.nPoint, { jPos, jRot, jOmega, jTangent, dw, df, block, n, M, ea } = this;
    const R = this.values.radius;
    const lp = this.positions[k], ds = this.lengths[k];
    const law = this.law;
    // ∂F_c: ds(−F_δ ∂gap) (q) or ds F_v ∂v_n (u); stored in the last row block of df (rows 3 … 5 hold ∂τ later)
    const dFc = velocities ? ds * law.force_normalVelocity : -ds * law.force_penetration;
    for (let j = 0; j < np; j++) {
      const dn = n[0] * jPos[j] + n[1] * jPos[np + j] + n[2] * jPos[2 * np + j];
      const dF = dFc * dn;
      for (let r = 0; r < 3; r++) df[r * np + j] = -n[r] * dF;
      df[3 * np + j] = dF; // ∂F_c, kept for the friction part
    }
    if (this.hasFriction) {
      if (!velocities) body.lineAngularVelocity_q(s, lp, jOmega); // ∂ω/∂Δq (regularized friction, rolling resistance)
      // ∂w of the slip measure: the contact-point velocity v − R ω × n (regularized) or the centerline position (elastic)
      const elasticStick = this.elastic && !this.sliding;
      if (this.elastic) {
        if (velocities && this.sliding) zeroArray(dw);
        else for (let j = 0; j < 3 * np; j++) dw[j] = jPos[j];
      } else if (velocities) {
        for (let j = 0; j < 3 * np; j++) dw[j] = jPos[j];
        this.addCrossNormal(jRot, R, dw);
      } else {
        zeroArray(dw);
        this.addCrossNormal(jOmega, R, dw);
      }
      const stickSpring = (velocities ? this.values.frictionDamping : this.values.frictionStiffness) * ds;
      const componentwise = this.componentwiseActive, es = this.es, axialDerivative = this.axialDerivative;
      const f1 = this.friction.force, dv = this.friction.force_tangentVelocity, dn1 = this.friction.force_normalForce;
      // (the fields the loops read, in locals: the optimizer does not keep them in registers across the stores)
      const axialSlope = this.axialSlope, sideSlope = this.sideSlope, axialLaw = this.axialLaw, sideLaw = this.sideLaw;
      const n0 = n[0], n1 = n[1], n2 = n[2], ea0 = ea[0], ea1 = ea[1], ea2 = ea[2], es0 = es[0], es1 = es[1], es2 = es[2];
      for (let j = 0; j < np; j++) {
        // ∂v_t = P ∂w (elastic: ∂ξ = P J_pos)
        const w0 = dw[j], w1 = dw[np + j], w2 = dw[2 * np + j], wn = n0 * w0 + n1 * w1 + n2 * w2;
        const t0 = w0 - wn * n0, t1 = w1 - wn * n1, t2 = w2 - wn * n2;
        const dF = df[3 * np + j];
        if (componentwise) {
          // at fixed e_a: axial ∂F_c g_a e_a + F_c g_a' e_a (e_a·∂v) (∂v = J_pos (u), 0 (q)), kept apart in axialDerivative (no
          // moment); sideways ∂F_c g_s e_s + F_c g_s' e_s (e_s·∂v_t)
          const ta = velocities ? axialSlope * (ea0 * jPos[j] + ea1 * jPos[np + j] + ea2 * jPos[2 * np + j]) : 0;
          const ts = sideSlope * (es0 * t0 + es1 * t1 + es2 * t2), axial = dF * axialLaw + ta, side = dF * sideLaw + ts;
          const x0 = axial * ea0, x1 = axial * ea1, x2 = axial * ea2;
          axialDerivative[j] = x0; axialDerivative[np + j] = x1; axialDerivative[2 * np + j] = x2;
          df[j] += x0 + side * es0; df[np + j] += x1 + side * es1; df[2 * np + j] += x2 + side * es2;
          continue;
        }
        if (elasticStick) {
          // elastic stick: ∂(k_t ds ξ)/∂Δq = k_t ds P J_pos, ∂(d_t ds P v)/∂u = d_t ds P J_pos
          df[j] += stickSpring * t0; df[np + j] += stickSpring * t1; df[2 * np + j] += stickSpring * t2;
          continue;
        }
        // ∂f₁ = f₁,v ∂v_t + f₁,F ∂F_c
        const g0 = dv[0] * t0 + dv[1] * t1 + dv[2] * t2 + dn1[0] * dF;
        const g1 = dv[3] * t0 + dv[4] * t1 + dv[5] * t2 + dn1[1] * dF;
        const g2 = dv[6] * t0 + dv[7] * t1 + dv[8] * t2 + dn1[2] * dF;
        for (let r = 0; r < 3; r++) df[r * np + j] += M[3 * r] * g0 + M[3 * r + 1] * g1 + M[3 * r + 2] * g2;
      }
      if (!velocities && componentwise) {
        body.centerlineTangentJacobian(lp, jTangent);
        const Fc = this.normalForce, vt = this.vt, v = this.v, inverseLength = 1 / this.tangentLength;
        const ga = Fc * axialLaw, gs = Fc * sideLaw, v0 = v[0], v1 = v[1], v2 = v[2], vt0 = vt[0], vt1 = vt[1], vt2 = vt[2];
        for (let j = 0; j < np; j++) {
          // ∂e_a = (P − e_a e_aᵀ) T_j/|P t|, ∂e_s = n × ∂e_a; axial + F_c g_a ∂e_a + F_c g_a' e_a (v·∂e_a), sideways
          // + F_c g_s ∂e_s + F_c g_s' e_s (v_t·∂e_s)
          const c0 = jTangent[j], c1 = jTangent[np + j], c2 = jTangent[2 * np + j];
          if (c0 === 0 && c1 === 0 && c2 === 0) continue; // (a column the tangent does not depend on: all terms 0)
          const cn = n0 * c0 + n1 * c1 + n2 * c2, ce = ea0 * c0 + ea1 * c1 + ea2 * c2;
          const d0 = (c0 - cn * n0 - ce * ea0) * inverseLength, d1 = (c1 - cn * n1 - ce * ea1) * inverseLength;
          const d2 = (c2 - cn * n2 - ce * ea2) * inverseLength;
          const s0 = n1 * d2 - n2 * d1, s1 = n2 * d0 - n0 * d2, s2 = n0 * d1 - n1 * d0;
          const ta = axialSlope * (v0 * d0 + v1 * d1 + v2 * d2), ts = sideSlope * (vt0 * s0 + vt1 * s1 + vt2 * s2);
          const a0 = ga * d0 + ta * ea0, a1 = ga * d1 + ta * ea1, a2 = ga * d2 + ta * ea2;
          axialDerivative[j] += a0; axialDerivative[np + j] += a1; axialDerivative[2 * np + j] += a2;
          df[j] += a0 + gs * s0 + ts * es0;
          df[np + j] += a1 + gs * s1 + ts * es1;
          df[2 * np + j] += a2 + gs * s2 + ts * es2;
        }
      } else if (!velocities && this.muDifference !== 0) {
        body.centerlineTangentJacobian(lp, jTangent);
        const scale = this.muDifference / this.tangentLength, af = ea[0] * f1[0] + ea[1] * f1[1] + ea[2] * f1[2];
        for (let j = 0; j < np; j++) {
          // ∂e_a·|Pt| = (P − e_a e_aᵀ) T_j = T_j − n (n·T_j) − e_a (e_a·T_j)
          const c0 = jTangent[j], c1 = jTangent[np + j], c2 = jTangent[2 * np + j];
          const cn = n[0] * c0 + n[1] * c1 + n[2] * c2, ce = ea[0] * c0 + ea[1] * c1 + ea[2] * c2;
          const d0 = c0 - cn * n[0] - ce * ea[0], d1 = c1 - cn * n[1] - ce * ea[1], d2 = c2 - cn * n[2] - ce * ea[2];
          const fd = f1[0] * d0 + f1[1] * d1 + f1[2] * d2;
          df[j] += scale * (af * d0 + ea[0] * fd);
          df[np + j] += scale * (af * d1 + ea[1] * fd);
          df[2 * np + j] += scale * (af * d2 + ea[2] * fd);
        }
      }
      // ∂τ = −R n × ∂f (rows 3 … 5; 0 for the elastic model, whose force acts at the centerline), + R(g_v R P ∂ω + g_F ∂F_c)
      // of the rolling resistance (∂ω = Ω_q or J_r)
      const rolling = this.values.rollingFriction !== 0, dOmega = velocities ? jRot : jOmega, lever = this.elastic ? 0 : R;
      const gv = this.rolling.force_tangentVelocity, gF = this.rolling.force_normalForce;
      for (let j = 0; j < np; j++) {
        // (the component-wise axial force acts at the centerline: its derivative has no moment)
        const a0 = df[j] - (componentwise ? axialDerivative[j] : 0), a1 = df[np + j] - (componentwise ? axialDerivative[np + j] : 0);
        const a2 = df[2 * np + j] - (componentwise ? axialDerivative[2 * np + j] : 0), dF = df[3 * np + j];
        df[3 * np + j] = -lever * (n1 * a2 - n2 * a1);
        df[4 * np + j] = -lever * (n2 * a0 - n0 * a2);
        df[5 * np + j] = -lever * (n0 * a1 - n1 * a0);
        if (!rolling) continue;
        const o0 = dOmega[j], o1 = dOmega[np + j], o2 = dOmega[2 * np + j], on = n[0] * o0 + n[1] * o1 + n[2] * o2;
        const w0 = R * (o0 - on * n[0]), w1 = R * (o1 - on * n[1]), w2 = R * (o2 - on * n[2]);
        for (let r = 0; r < 3; r++) df[(3 + r) * np + j] += R * (gv[3 * r] * w0 + gv[3 * r + 1] * w1 + gv[3 * r + 2] * w2 + gF[r] * dF);
      }
    }
    // factor·(∂f, ∂τ) into the point's sum (the block J_pᵀ ∂f + J_rᵀ ∂τ of the sum is formed once, in jacobian)
    const dfSum = this.dfSum, rows = this.hasFriction ? 6 * np : 3 * np;
    for (let i = 0; i < rows; i++) dfSum[i] += factor * df[i];
    if (this.hasFriction && !velocities) body.jacobianTransposedVector_q(s, lp, undefined, this.tauLhs, block, factor);
  }

  /**
   * block += J_pᵀ ∂f + J_rᵀ ∂τ of the summed derivatives (dfSum); a row of J_pᵀ or J_rᵀ that is zero (the columns of the
   * point's other coordinates) is skipped.
   */
  private addPointBlock(): void {
    const np = this.nPoint, { jPos, jRot, dfSum, block } = this, friction = this.hasFriction;
    for (let row = 0; row < np; row++) {
      const p0 = jPos[row], p1 = jPos[np + row], p2 = jPos[2 * np + row];
      if (p0 !== 0 || p1 !== 0 || p2 !== 0) {
        for (let col = 0; col < np; col++) block[row * np + col] += p0 * dfSum[col] + p1 * dfSum[np + col] + p2 * dfSum[2 * np + col];
      }
      if (!friction) continue;
      const r0 = jRot[row], r1 = jRot[np + row], r2 = jRot[2 * np + row];
      if (r0 === 0 && r1 === 0 && r2 === 0) continue;
      for (let col = 0; col < np; col++) block[row * np + col] += r0 * dfSum[3 * np + col] + r1 * dfSum[4 * np + col] + r2 * dfSum[5 * np + col];
    }
  }

  /** out += R ñ J (3 × nPoint): the contact-point velocity −R ω × n = R n × ω per column of J. */
  private addCrossNormal(J: Float64Array, R: number, out: Float64Array): void {
    const np = this.nPoint, n = this.n;
    for (let j = 0; j < np; j++) {
      const a0 = J[j], a1 = J[np + j], a2 = J[2 * np + j];
      out[j] += R * (n[1] * a2 - n[2] * a1);
      out[np + j] += R * (n[2] * a0 - n[0] * a2);
      out[2 * np + j] += R * (n[0] * a1 - n[1] * a0);
    }
  }

  /**
   * The post-Newton step of every contact point with the kernel's update (gap, slip speed; error |k ds gap| on a change
   * of contact) and the force jump of a stick/slip switch (regularizedSwitchJump, updateAnchor); the item's error is the
   * sum over the points, the jump of the rod's contact force (a single point's jump shrinks with the mesh); the smallest
   * recommended step of the points is kept. A penetration deeper than the radius is an error naming the point's arc
   * length and the time.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState, out: PostNewtonOutput): number {
    if (!this.values.activeConnector) return 0;
    const start = this.dataStart(), state = this.stepState, R = this.values.radius;
    let error = 0, recommended = out.recommendedStepSize;
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.kinematics(s, k);
      if (this.gap < -R) {
        itemError(this.label, 'radius', `R = ${R} is exceeded by the penetration ${-this.gap} at contact point ${k} (arc length s = ${this.positions[k][0]}) at t = ${s.t}: `
          + 'the rod passed into the plane; increase contactStiffness or reduce the step size');
      }
      const ds = this.lengths[k], at = start + DATA_PER_POINT * k, elastic = this.elastic && this.hasFriction;
      // the stick/slip state the step was solved with: the stored slip speed (regularized) or state (elastic)
      const storedState = s.data[at + dataTangentVelocity];
      const componentwise = this.componentwise && !elastic && this.hasFriction && this.tangentLength > 0;
      const storedSide = s.data[at + dataSideSlip];
      if (componentwise) this.slipComponents();
      // the stored slip speed: |v_t|, or |v_a| (component-wise; |v_s| is stored after the kernel's update)
      const speed = componentwise ? Math.abs(this.axialSlip) : this.hasFriction && !elastic ? Math.hypot(this.vt[0], this.vt[1], this.vt[2]) : 0;
      state.gap = this.gap;
      state.normalVelocity = this.vn;
      state.tangentialSpeed = speed;
      state.plasticPenetration = 0;
      state.frictionForceScale = 0;
      const touching = this.gap < 0 && this.hasFriction;
      if (touching) {
        this.law.penetration = -this.gap;
        this.law.normalVelocity = this.vn;
        this.law.evaluate(this.lawParameters, s.data, at);
      }
      out.recommendedStepSize = -1;
      // the kernel stores the state and reports contact changes; the stick/slip switch is measured here (zone 0 to the kernel)
      error += updateContactData(s.data, startOfStep.data, at, state, this.values.contactStiffness * ds, 0, out);
      if (componentwise) s.data[at + dataSideSlip] = Math.abs(this.sideSlip);
      if (elastic) error += this.updateAnchor(s, startOfStep, k, at, storedState, ds * this.law.force);
      else if (touching && componentwise) error += this.componentwiseSwitchJump(storedState, storedSide, ds * this.law.force);
      else if (touching) error += this.regularizedSwitchJump(storedState, speed, ds * this.law.force);
      if (out.recommendedStepSize >= 0 && (recommended < 0 || out.recommendedStepSize < recommended)) recommended = out.recommendedStepSize;
    }
    out.recommendedStepSize = recommended;
    return error;
  }

  /**
   * The jump of the regularized friction force of a point whose stick/slip state changed in the post-Newton step (the stored
   * slip speed was below v_reg and the current one is not, or the reverse; 0 otherwise): F_c |μ_s(v̂)|v_t|/v_reg − μ_k(v̂)|,
   * the stick law's force at the current slip velocity against the slip law's (μ(v̂) = |M v̂| of the static or kinetic
   * coefficients; this.vt and this.ea of the current state).
   */
  private regularizedSwitchJump(storedSpeed: number, speed: number, Fc: number): number {
    const zone = this.values.frictionProportionalZone;
    if (zone === 0 || (storedSpeed < zone) === (speed < zone)) return 0;
    // a point that stopped exactly (no direction): the sliding force it had, at most the largest kinetic coefficient
    if (speed === 0) return Math.abs(Fc) * Math.max(...this.values.dynamicFriction);
    const stick = this.coefficientAlong(this.muStick, this.vt) * speed / zone, slip = this.coefficientAlong(this.values.dynamicFriction, this.vt);
    return Math.abs(Fc) * Math.abs(stick - slip);
  }

  /** e_s = n × e_a and the slips v_a = e_a·v (centerline), v_s = e_s·v_t (contact point) of the current kinematics (e_a defined). */
  private slipComponents(): void {
    const { n, ea, es, v, vt } = this;
    es[0] = n[1] * ea[2] - n[2] * ea[1]; es[1] = n[2] * ea[0] - n[0] * ea[2]; es[2] = n[0] * ea[1] - n[1] * ea[0];
    this.axialSlip = ea[0] * v[0] + ea[1] * v[1] + ea[2] * v[2];
    this.sideSlip = es[0] * vt[0] + es[1] * vt[1] + es[2] * vt[2];
  }

  /**
   * The jump of the component-wise friction force of a point whose axial or sideways stick/slip state changed (stored slip
   * of that component below v_reg and the current one not, or the reverse): the law changes only its coefficient, so
   * Σ F_c |μ_static − μ_dynamic| min(1, |v|/v_reg) over the components that switched (this.axialSlip, this.sideSlip current).
   */
  private componentwiseSwitchJump(storedAxial: number, storedSide: number, Fc: number): number {
    const zone = this.values.frictionProportionalZone;
    if (zone === 0) return 0;
    const va = Math.abs(this.axialSlip), vs = Math.abs(this.sideSlip), axial = this.axialSlip >= 0 ? 0 : 1;
    let jump = 0;
    if ((storedAxial < zone) !== (va < zone)) jump += Math.abs(this.muStick[axial] - this.values.dynamicFriction[axial]) * Math.min(va / zone, 1);
    if ((storedSide < zone) !== (vs < zone)) jump += Math.abs(this.muStick[2] - this.values.dynamicFriction[2]) * Math.min(vs / zone, 1);
    return Math.abs(Fc) * jump;
  }

  /**
   * The elastic model's post-Newton update of point k (this.x, this.v, this.ea of the current state, data at `at`): out of
   * contact the anchor follows the point (stick, ξ = 0); in contact the trial stick force f = ds (k_t ξ + d_t P v) with ξ
   * against the start-of-step anchor is compared with the limit μ(f̂) F_c (μ(d̂) = |M d̂| of the static coefficients, or of
   * the kinetic ones while the point slid at the start of the step, so that a sliding point sticks again only when it
   * stops): within it stick at that anchor, beyond it slip with the anchor moved to r − μ_k(ξ̂) F_c/(k_t ds) ξ̂. A changed
   * state returns the force jump |f − F_c M_k ξ̂| between the stick force and the sliding force (else 0).
   */
  private updateAnchor(s: ItemState, startOfStep: ItemState, k: number, at: number, storedState: number, Fc: number): number {
    const data = s.data, data0 = startOfStep.data, ds = this.lengths[k], kt = this.values.frictionStiffness * ds, { e1, e2 } = this;
    if (this.gap >= 0) {
      const reference = this.referencePositions(s), x = this.x, o = 3 * k;
      const d0 = x[0] - reference[o], d1 = x[1] - reference[o + 1], d2 = x[2] - reference[o + 2];
      data[at + 2] = e1[0] * d0 + e1[1] * d1 + e1[2] * d2;
      data[at + 3] = e2[0] * d0 + e2[1] * d1 + e2[2] * d2;
      data[at + dataTangentVelocity] = 0;
      return 0;
    }
    const xi = this.anchorDisplacement(s, k, data0, at), length = Math.hypot(xi[0], xi[1], xi[2]);
    const wasSliding = data0[at + dataTangentVelocity] === 1;
    // the trial stick force ds (k_t ξ + d_t P v)
    const dt = this.values.frictionDamping * ds, { n, v } = this, trialForce = this.trialForce;
    for (let r = 0; r < 3; r++) trialForce[r] = kt * xi[r] + dt * (v[r] - this.vn * n[r]);
    const trial = Math.hypot(trialForce[0], trialForce[1], trialForce[2]);
    const limit = trial > 0 ? this.coefficientAlong(wasSliding ? this.values.dynamicFriction : this.muStick, trialForce) * Math.max(Fc, 0) : 0;
    let newState = 0;
    if (trial > limit && length > 0) {
      newState = 1;
      const back = this.coefficientAlong(this.values.dynamicFriction, xi) * Math.max(Fc, 0) / (kt * length);
      // anchor = r − back·ξ: the anchor coordinates move by (1 − back) ξ from the start-of-step anchor
      data[at + 2] = data0[at + 2] + (1 - back) * (e1[0] * xi[0] + e1[1] * xi[1] + e1[2] * xi[2]);
      data[at + 3] = data0[at + 3] + (1 - back) * (e2[0] * xi[0] + e2[1] * xi[1] + e2[2] * xi[2]);
    } else {
      data[at + 2] = data0[at + 2];
      data[at + 3] = data0[at + 3];
    }
    data[at + dataTangentVelocity] = newState;
    if (newState === storedState || length === 0) return newState === storedState ? 0 : Math.abs(trial - limit);
    // the force jump between the states: the trial stick force against the sliding force F_c M_k ξ̂
    this.frictionMatrix(this.values.dynamicFriction, xi);
    const M = this.M, c = Math.max(Fc, 0) / length;
    let jump = 0;
    for (let r = 0; r < 3; r++) jump += (trialForce[r] - c * (M[3 * r] * xi[0] + M[3 * r + 1] * xi[1] + M[3 * r + 2] * xi[2])) ** 2;
    return Math.sqrt(jump);
  }

  /** |M d̂| for the coefficients mu [forward, backward, sideways] (d in the plane, nonzero): the coefficient along d. */
  private coefficientAlong(mu: ArrayLike<number>, d: Float64Array): number {
    this.frictionMatrix(mu, d);
    const M = this.M, length = Math.hypot(d[0], d[1], d[2]);
    const m0 = M[0] * d[0] + M[1] * d[1] + M[2] * d[2], m1 = M[3] * d[0] + M[4] * d[1] + M[5] * d[2], m2 = M[6] * d[0] + M[7] * d[1] + M[8] * d[2];
    return Math.hypot(m0, m1, m2) / length;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const count = this.numberOfPoints;
    switch (variable) {
      case OutputVariableType.Force: {
        const total = new Float64Array(3);
        for (let k = 0; k < count; k++) {
          this.evaluate(s, k);
          if (this.inContact) for (let i = 0; i < 3; i++) total[i] -= this.fLhs[i];
        }
        return total;
      }
      case OutputVariableType.DisplacementLocal:
      case OutputVariableType.VelocityLocal:
      case OutputVariableType.ForceLocal: {
        const values = new Float64Array(count);
        for (let k = 0; k < count; k++) {
          this.evaluate(s, k);
          if (variable === OutputVariableType.DisplacementLocal) values[k] = this.gap;
          else if (variable === OutputVariableType.VelocityLocal) values[k] = this.hasFriction ? Math.hypot(this.vt[0], this.vt[1], this.vt[2]) : 0;
          else values[k] = this.inContact ? this.normalForce / this.lengths[k] : 0;
        }
        return values;
      }
      case OutputVariableType.Position:
      case OutputVariableType.Velocity: {
        // contact points r − R n, or slip velocities v_t of the contact points (3 per point)
        const values = new Float64Array(3 * count), R = this.values.radius, n = this.n;
        for (let k = 0; k < count; k++) {
          this.kinematics(s, k);
          for (let i = 0; i < 3; i++) {
            values[3 * k + i] = variable === OutputVariableType.Position ? this.x[i] - R * n[i] : this.hasFriction ? this.vt[i] : 0;
          }
        }
        return values;
      }
      case OutputVariableType.Coordinates: return Float64Array.from(this.positions, (p) => p[0]);
      default: return undefined;
    }
  }

  /** The points in contact (stored gap < 0): the contact point r − R n, the penetration max(0, −gap) and the force on the rod. */
  contactPoints(s: ItemState, out: ContactPointSink): void {
    const R = this.values.radius, n = this.n, x = this.x, f = this.fLhs;
    for (let k = 0; k < this.numberOfPoints; k++) {
      this.evaluate(s, k);
      if (!this.inContact) continue;
      out.push(x[0] - R * n[0], x[1] - R * n[1], x[2] - R * n[2], Math.max(0, -this.gap), -f[0], -f[1], -f[2]);
    }
  }
}

/** Contact of a Cosserat rod with a plane: penalty normal force and (anisotropic) friction along the rod (issue 14). */
export const objectContactRodPlaneDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactRodPlane',
  description: 'Penalty contact between a rod (ObjectCosseratRod, bodyNumber) of circular cross-section R and a fixed plane (planePoint, planeNormal), '
    + 'acting at pointsPerElement Gauss points of every element: the normal force per length k δ^n − d v_n (δ = −gap, linear or Hertz-like) '
    + 'integrated over the reference arc length, and Coulomb friction at the contact point r − R n (so that friction also turns the cross-section: '
    + 'rolling), regularized below v_reg, with a stick/slip state per point: below v_reg the static coefficients, above the dynamic ones. Friction '
    + 'may be anisotropic: coefficients forward (along the rod tangent projected onto the plane), backward and sideways, as a snake\'s scales; '
    + 'rolling resistance: a couple μ_r R F_c against the rolling of the section. With componentwiseFriction the axial and the sideways slip '
    + 'each get their own regularized friction μ F_c φ(v) with its own stick/slip state (the anisotropic friction plane of the 2018 snake paper\'s '
    + 'code and of PyElastica: a slip mostly along the rod still meets the full sideways force against any sideways slip). '
    + 'With frictionStiffness k_t > 0 the friction is instead the elastic stick/slip model, usable in static solves: each point sticks to an anchor '
    + 'through a tangential spring (and damper d_t) on its centerline position up to the static limit μ_s F_c (the anchor moves with the point '
    + 'while it is out of contact); beyond it the point slides with μ_k F_c along its displacement from the anchor, the anchor trailing it so that '
    + 'a re-stick starts from the kinetic force (a sliding point sticks again when its trial force falls below μ_k F_c). This force acts at the '
    + 'centerline (no moment on the section; rolling is not resisted, so a static rod on a plane needs its roll fixed). '
    + 'The contact state of each point (gap, slip speed) is stored in 4 data coordinates of a NodeGenericData and updated only in the '
    + 'post-Newton step (discontinuous iteration; recommends the step that reaches a contact, reports stick/slip switches), as the other penalty '
    + 'contacts; within a step the forces are smooth and the Jacobians analytic at fixed data coordinates. A penetration deeper than R raises an '
    + 'error with the point and the time. Outputs: Force (total contact force on the rod), DisplacementLocal (gaps), VelocityLocal (slip speeds '
    + '|v_t|), ForceLocal (normal force per length), Coordinates (the arc lengths s of the points), one entry per point; Position (the contact '
    + 'points r − R n) and Velocity (the slip velocities v_t of the contact points; 0 without friction), 3 entries per point. The viewer and the '
    + 'VTK export draw the points in contact with their penetration and contact force (contactPoints).',
  parameters,
  outputVariables: [OutputVariableType.Force, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal,
    OutputVariableType.Coordinates, OutputVariableType.Position, OutputVariableType.Velocity],
  equations: [
    'Contact point k at arc length s_k (Gauss points of each element), reference length ds_k: gap = n·(r(s_k) − p_plane) − R with the Lagrange centerline r = Σ N_i r_i, v_n = n·v;',
    'in contact (stored gap < 0): F_c = ds_k (k δ^n − d v_n), δ = −gap; contact-point velocity w = v − R ω × n, v_t = (I − n nᵀ) w;',
    'f₁ = F_c v_t/v_reg (stick: stored |v_t| < v_reg) or F_c v_t/|v_t| (slip); e_a = P t/|P t| (t = ∂r/∂ξ, P = I − n nᵀ),',
    'M = μ_s P + (μ_a − μ_s) e_a e_aᵀ with μ = staticFriction (stick) or dynamicFriction (slip), μ_a = μ_forward if e_a·v_t ≥ 0 else μ_backward, μ_s sideways;',
    'componentwiseFriction: M f₁ is replaced by F_c g_a e_a at the centerline (no moment) and F_c g_s e_s at r − R n, e_s = n × e_a, g = μ min(1, |v|/v_reg) sign(v), μ static (stick: stored |v| of that component < v_reg) or dynamic for v_a = e_a·v (centerline) and v_s = e_s·v_t (contact point);',
    'rolling resistance: couple C = −R μ_r F_c w_r/v_reg (|w_r| < v_reg) or −R μ_r F_c w_r/|w_r|, w_r = R P ω;',
    'force on the rod F = F_c n − M f₁ at r − R n: LHS −= J_posᵀ F + J_rotᵀ((−R n) × F + C). Post-Newton: stored gap ← gap, slip speed ← |v_t| (component-wise: |v_a|, |v_s|).',
    'Elastic stick/slip (k_t > 0): ξ = P(r − r_ref) − a₁e₁ − a₂e₂ (anchor a in the plane basis e₁, e₂ as a displacement from the reference position);',
    'stick (state 0): F = F_c n − ds (k_t ξ + d_t P v); slip (1): F = F_c n − M_k F_c ξ/|ξ|, both at the centerline r;',
    'post-Newton: trial f = ds (k_t ξ₀ + d_t P v) against the start-of-step anchor; |f| ≤ |M f̂| F_c (M of μ_s, or of μ_k after sliding): stick, else slip with a ← r − |M_k ξ̂| F_c/(k_t ds) ξ̂.',
  ].join('\n'),
  example: (mbs) => {
    // a curved quadratic rod pressed about 0.25 into a tilted plane (far from δ = 0, where δ^1.5 curves strongly), moving and
    // spinning, with anisotropic friction; the first element's points slide, the second element's stick (stored slip speed < v_reg)
    const nodes = [0, 1, 2, 3, 4].map((i) => mbs.addNode({ nodeType: 'RigidBodyQuaternion', referenceCoordinates: [0.25 * i, 0.02 * i * i, 0.01 * i, 1, 0, 0, 0.04 * i], initialVelocities: [0.3, 0.1 * i, -0.1, 0.2, 0.4, 0.5] }));
    const rod = mbs.addObject({ interpolation: 'R12', formulation: 'displacement',
      objectType: 'CosseratRod', nodeNumbers: nodes, polynomialDegree: 2, physicsMassPerLength: 0.5, physicsInertiaPerLength: [0.02, 0.01, 0.01],
      physicsAxialShearStiffness: [100, 40, 50], physicsBendingTorsionStiffness: [3, 4, 5],
    });
    const data = [0, 1].flatMap((e) => [0, 1].flatMap(() => [-0.01, e === 0 ? 1 : 0, 0, 0]));
    const node = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 16, initialCoordinates: data });
    return mbs.addObject({
      objectType: 'ContactRodPlane', bodyNumber: rod, nodeNumber: node, planePoint: [0, 0, 0.05], planeNormal: [0.1, -0.05, 1], radius: 0.3,
      pointsPerElement: 2, contactStiffness: 1e4, contactDamping: 20, contactStiffnessExponent: 1.5,
      dynamicFriction: [0.3, 0.5, 0.7], staticFriction: [0.4, 0.6, 0.9], frictionProportionalZone: 0.5, rollingFriction: 0.2,
    });
  },
  validate: (v, label) => {
    if (!(v.radius > 0)) itemError(label, 'radius', `must be a cross-section radius > 0, got ${v.radius}`);
    if (!(v.contactStiffness > 0)) itemError(label, 'contactStiffness', `must be > 0, got ${v.contactStiffness}`);
    if (!(Math.hypot(v.planeNormal[0], v.planeNormal[1], v.planeNormal[2]) > 0)) {
      itemError(label, 'planeNormal', `must be a vector of nonzero length, got [${Array.from(v.planeNormal).join(', ')}]`);
    }
    if (v.pointsPerElement < 1 || v.pointsPerElement > 10) itemError(label, 'pointsPerElement', `must be 1 … 10, got ${v.pointsPerElement}`);
    if (v.componentwiseFriction && v.frictionStiffness > 0) {
      itemError(label, 'componentwiseFriction', `applies to the velocity-regularized friction (frictionStiffness = 0), got true with frictionStiffness = ${v.frictionStiffness}`);
    }
    checkFriction(label, 'dynamicFriction', v.dynamicFriction);
    checkFriction(label, 'staticFriction', v.staticFriction);
    for (let i = 0; i < 3; i++) {
      if (v.staticFriction[i] !== 0 && v.staticFriction[i] < v.dynamicFriction[i]) {
        itemError(label, 'staticFriction', `entry ${i} must be 0 (= dynamic) or ≥ dynamicFriction[${i}] = ${v.dynamicFriction[i]}, got ${v.staticFriction[i]}`);
      }
    }
  },
  create: (v, label) => new ContactRodPlaneModel(label, v),
};

/** Factory for the rod–plane contact. */
export const ObjectContactRodPlane = makeFactory(objectContactRodPlaneDefinition);
