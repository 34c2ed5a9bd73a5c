import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  denseLocalMatrix, isPositionMarker, type BindContext, type LocalMatrixAccumulator, type CableShapeMarkerModel, type ItemState, type NodeModel, type ObjectModel,
  type Only, type PositionMarkerModel,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, real, uint, ureal } from '../../registry/parameters.ts';
import { bindDataNode } from './connectorBase.ts';
import { bindCableShapeMarker, checkContactSegments, maxNumberOfSegments } from '../markers/MarkerBodyCable2DShape.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { SegmentDistance } from './segmentDistance.ts';
import { addChainRule } from './contactKernel.ts';


const parameters = {
  markerNumbers: markerIndexArray('[m0, m1]: a position marker at the circle center and a MarkerBodyCable2DShape of the cable element.', 2),
  nodeNumber: nodeIndex('A NodeGenericData with numberOfContactSegments data coordinates: the gap of each segment at its last contact switch (contact while ≤ 0).'),
  numberOfContactSegments: uint(3, `Number of linear segments of the cable polygon (1 … ${maxNumberOfSegments}); must equal the shape marker's numberOfSegments.`),
  contactStiffness: ureal(0, 'Contact (penalty) stiffness k_c [N/m] per segment; acts only in contact.'),
  contactDamping: ureal(0, 'Contact damping [N s/m]; Exudyn 1.11 ignores it, so only 0 is accepted (use ObjectContactFrictionCircleCable2D for damping).'),
  circleRadius: ureal(0, 'Radius r of the circle [m] (> 0).'),
  offset: real(0, 'Offset [m] added to the radius: contact for distance < r + offset.'),
  activeConnector: bool(true, 'If false, the contact exerts no force and does not switch.'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; numberOfContactSegments: number; contactStiffness: number; contactDamping: number;
  circleRadius: number; offset: number; activeConnector: boolean;
};

/** Run-time model of the circle–cable contact. */
class ContactCircleCable2DModel implements Only<ObjectModel, ContactCircleCable2DModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = false;
  localNodes: NodeModel[] = [];
  private circle!: PositionMarkerModel;
  private cable!: CableShapeMarkerModel;
  private dataIndex = -1;
  private n0 = 0;
  private nLocal = 0;
  private readonly segment = new SegmentDistance();
  private readonly center = new Float64Array(3);
  private readonly force0 = new Float64Array(3);
  private points = new Float64Array(0);
  private pointForces = new Float64Array(0);
  private jacobian0 = new Float64Array(0);
  private jacobian1 = new Float64Array(0);
  /** Rows ∂[p0, p1, c]/∂u of one segment (6 × nLocal) and the force block ∂[F0, F1, Fc]/∂x (6 × 6). */
  private segmentRows = new Float64Array(0);
  private readonly block = new Float64Array(36);
  private blockRows = new Float64Array(0);
  private localMatrix = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly v: Values) {}

  bind(context: BindContext): void {
    const [index0, index1] = this.v.markerNumbers;
    const circle = context.marker(index0, 'markerNumbers');
    if (!isPositionMarker(circle)) itemError(this.label, 'markerNumbers', `entry 0 must refer to a position marker (the circle center), got ${circle.label.category}${circle.label.typeName} #${index0}`);
    const n = this.v.numberOfContactSegments;
    const cable = bindCableShapeMarker(context, this.label, index1, n);
    this.circle = circle;
    this.cable = cable;
    this.dataIndex = bindDataNode(context, this.label, this.v.nodeNumber, n, 'for the contact state of the segments')!.dataIndex;
    this.localNodes = [...circle.nodes, ...cable.nodes];
    this.n0 = circle.nLocalU;
    this.nLocal = circle.nLocalU + cable.nLocalU;
    this.points = new Float64Array(2 * (n + 1));
    this.pointForces = new Float64Array(2 * (n + 1));
    this.jacobian0 = new Float64Array(3 * this.n0);
    this.jacobian1 = new Float64Array(2 * (n + 1) * cable.nLocalU);
    this.segmentRows = new Float64Array(6 * this.nLocal);
    this.blockRows = new Float64Array(6 * this.nLocal);
    this.localMatrix = denseLocalMatrix(this.nLocal);
  }

  private get rho(): number {
    return this.v.circleRadius + this.v.offset;
  }

  /** Evaluates segment i of the polygon in points against the center (both up to date). */
  private evaluateSegment(i: number, derivatives: boolean): void {
    const p = this.points, c = this.center;
    this.segment.radius = this.rho;
    this.segment.evaluate(p, 2 * i, c, derivatives);
  }

  /** Segment i is in contact: its data coordinate is ≤ 0. */
  private inContact(s: ItemState, i: number): boolean {
    return s.data[this.dataIndex + i] <= 0;
  }

  private anyContact(s: ItemState): boolean {
    if (!this.v.activeConnector) return false;
    for (let i = 0; i < this.v.numberOfContactSegments; i++) if (this.inContact(s, i)) return true;
    return false;
  }

  /**
   * Exudyn's force law: segment i in contact adds k_c(1 − t)G to point i and k_c t G to point i + 1 (left-hand side),
   * the circle center gets −Σ k_c G.
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.anyContact(s)) return;
    const { points, pointForces, center, force0, segment } = this;
    const k = this.v.contactStiffness;
    this.circle.position(s, center);
    this.cable.points(s, points);
    pointForces.fill(0);
    force0.fill(0);
    for (let i = 0; i < this.v.numberOfContactSegments; i++) {
      if (!this.inContact(s, i)) continue;
      this.evaluateSegment(i, false);
      for (let r = 0; r < 2; r++) {
        const G = k * segment.gap * segment.n[r];
        pointForces[2 * i + r] += (1 - segment.t) * G;
        pointForces[2 * i + 2 + r] += segment.t * G;
        force0[r] -= G;
      }
    }
    const n0 = this.n0;
    if (n0 > 0) {
      this.circle.positionJacobian(s, this.jacobian0);
      for (let r = 0; r < 3; r++) for (let j = 0; j < n0; j++) f[j] += this.jacobian0[r * n0 + j] * force0[r];
    }
    this.cable.addPointForces(s, pointForces, f, n0);
  }

  /** Analytic ∂f/∂q at fixed data coordinates: per segment in contact Rᵀ B R, R = ∂[p_i, p_{i+1}, c]/∂u, plus the circle marker's ∂(Jᵀ F)/∂q. */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const m = this.localMatrix;
    zeroArray(m);
    const nL = this.nLocal;
    // one dense block in every state (zeros without contact), so that the sparse pattern is reused
    if (this.anyContact(s)) this.addStiffness(s, m, factor);
    acc.addBlock(0, 0, nL, nL, m, 0, nL, 1);
  }

  /** Adds factor·∂f/∂q to the dense local matrix m. */
  private addStiffness(s: ItemState, m: Float64Array, factor: number): void {
    const { points, center, force0, segment, block, segmentRows: R, blockRows: BR } = this;
    const k = this.v.contactStiffness;
    const n0 = this.n0, n1 = this.cable.nLocalU, nL = this.nLocal;
    this.circle.position(s, center);
    this.cable.points(s, points);
    if (n0 > 0) this.circle.positionJacobian(s, this.jacobian0);
    this.cable.pointJacobian(s, this.jacobian1);
    force0.fill(0);
    for (let i = 0; i < this.v.numberOfContactSegments; i++) {
      if (!this.inContact(s, i)) continue;
      this.evaluateSegment(i, true);
      const { t, gap, n, t_x, gap_x, n_x } = segment;
      for (let r = 0; r < 2; r++) {
        const G = gap * n[r];
        force0[r] -= k * G;
        for (let c = 0; c < 6; c++) {
          // G = gap n: ∂G/∂x = n ⊗ ∂gap/∂x + gap ∂n/∂x
          const G_x = n[r] * gap_x[c] + gap * n_x[6 * r + c];
          block[6 * r + c] = k * ((1 - t) * G_x - G * t_x[c]);
          block[6 * (2 + r) + c] = k * (t * G_x + G * t_x[c]);
          block[6 * (4 + r) + c] = -k * G_x;
        }
      }
      R.fill(0);
      for (let r = 0; r < 4; r++) for (let j = 0; j < n1; j++) R[r * nL + n0 + j] = this.jacobian1[(2 * i + r) * n1 + j];
      for (let r = 0; r < 2; r++) for (let j = 0; j < n0; j++) R[(4 + r) * nL + j] = this.jacobian0[r * n0 + j];
      addChainRule(m, nL, R, block, R, 6, 6, BR, factor);
    }
    this.circle.jacobianTransposedVector_q?.(s, force0, undefined, m, factor);
  }

  /**
   * Exudyn's post-Newton step: a segment whose current gap has the other sign than its data coordinate switches (the
   * data coordinate becomes the gap) and adds |k_c (g − x_data)| to the error; no recommended step size.
   */
  postNewtonStep(s: ItemState): number {
    if (!this.v.activeConnector) return 0;
    const { points, center, segment } = this;
    this.circle.position(s, center);
    this.cable.points(s, points);
    let error = 0;
    for (let i = 0; i < this.v.numberOfContactSegments; i++) {
      this.evaluateSegment(i, false);
      const gap = segment.gap;
      const state = s.data[this.dataIndex + i];
      if ((gap > 0) !== (state > 0)) {
        error += Math.abs((gap - state) * this.v.contactStiffness);
        s.data[this.dataIndex + i] = gap;
      }
    }
    return error;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    if (variable !== OutputVariableType.Distance) return undefined;
    this.circle.position(s, this.center);
    this.cable.points(s, this.points);
    const gaps = new Float64Array(this.v.numberOfContactSegments);
    for (let i = 0; i < gaps.length; i++) {
      this.evaluateSegment(i, false);
      gaps[i] = this.segment.gap;
    }
    return gaps;
  }
}

/** Penalty contact of a circle with an ANCF cable element (Exudyn's ObjectContactCircleCable2D). */
export const objectContactCircleCable2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactCircleCable2D',
  description: 'A penalty contact between a circle (center: position marker m0, radius circleRadius) and an ANCFCable2D '
    + 'element, represented by the polygon of a MarkerBodyCable2DShape (m1) with numberOfContactSegments segments. For each '
    + 'segment the nearest point q = p_i + t(p_{i+1} − p_i), t ∈ [0, 1], to the center gives the gap g = |q − c| − r − offset; '
    + 'a segment in contact pushes its end points apart from the center by k_c g, shared as (1 − t) and t, and the circle '
    + 'by the opposite force. The active set is the NodeGenericData (nodeNumber) with one data coordinate per segment '
    + '(contact while ≤ 0), switched in the post-Newton step (discontinuous iteration; static or dynamic). Initialize the '
    + 'data coordinates with positive values (e.g. the initial gaps) where there is no contact. Jacobians are analytic at '
    + 'fixed data coordinates. Output: Distance, the gaps of all segments (Flexdyn addition; Exudyn has no outputs). '
    + 'contactDamping must be 0: Exudyn 1.11 declares it but does not apply it.',
  parameters,
  outputVariables: [OutputVariableType.Distance],
  equations: 'Segment i: e = p_{i+1} − p_i, t = clamp((c − p_i)·e/(e·e), 0, 1), w = p_i + t e − c, g_i = |w| − r − offset, '
    + 'G_i = g_i w/|w|; if x_data,i ≤ 0: F_i += k_c(1 − t)G_i, F_{i+1} += k_c t G_i, F_c −= k_c G_i; generalized forces '
    + 'Q = J_shapeᵀ F + J_posᵀ F_c (left-hand side). Post-Newton step: if sign(g_i) ≠ sign(x_data,i): error += |k_c(g_i − x_data,i)|, x_data,i ← g_i.',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [i, 0, 1, 0], initialCoordinates: [0.02, 0.05 * i, 0.1 * i, 0.2], initialVelocities: [0.1, -0.2 * i, 0, 0.3] }));
    const cable = mbs.addObject({ objectType: 'ANCFCable2D', nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 2, physicsBendingStiffness: 3, physicsAxialStiffness: 100 });
    const shape = mbs.addMarker({ markerType: 'BodyCable2DShape', bodyNumber: cable, numberOfSegments: 4 });
    const center = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [0.45, -0.2, 0], initialVelocities: [0.1, 0.2, 0] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: center });
    const centerMarker = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: center });
    // segments 1 and 2 (the nearest points interior and at an end point) in contact, 0 and 3 open
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4, initialCoordinates: [0.1, -0.01, -0.01, 0.1] });
    return mbs.addObject({ objectType: 'ContactCircleCable2D', markerNumbers: [centerMarker, shape], nodeNumber: data, numberOfContactSegments: 4, contactStiffness: 500, circleRadius: 0.3, offset: 0.01 });
  },
  validate: (v, label) => {
    checkContactSegments(label, v.numberOfContactSegments);
    if (!(v.circleRadius > 0)) itemError(label, 'circleRadius', `must be positive, got ${v.circleRadius}`);
    if (v.contactDamping !== 0) itemError(label, 'contactDamping', `must be 0 (Exudyn 1.11 does not apply it; ObjectContactFrictionCircleCable2D has contact damping), got ${v.contactDamping}`);
  },
  create: (v, label) => new ContactCircleCable2DModel(label, v),
};

/** Factory for the circle–cable contact. */
export const ObjectContactCircleCable2D = makeFactory(objectContactCircleCable2DDefinition);
