import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, Only, RigidMarkerModel, SuperElementMeshNodeMap } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, intVector, objectIndex, uint, vector } from '../../registry/parameters.ts';
import { expSO3Into, tExpSO3Into } from '../../rotations/rotationMatrices.ts';
import { mat3MulInto, mat3MulVecInto } from '../../rotations/skew.ts';
import { rigidMarkerOutput, rigidMarkerOutputs } from './rigidMarkerOutputs.ts';
import { bindSuperElement, SuperElementPoint } from './superElementMarkerBase.ts';
import { objectFFRFDefinition } from '../objects/ObjectFFRF.ts';

const parameters = {
  bodyNumber: objectIndex('Super element (ObjectFFRF, ObjectFFRFreducedOrder, ObjectGenericODE2 of Point nodes) the marker is attached to.'),
  offset: vector([0, 0, 0], 'Body-fixed offset o added to the weighted mean reference position of the mesh nodes (keep it small).', 3, 'Vector3D'),
  meshNodeNumbers: intVector([], 'Mesh node numbers k_0 … k_{m−1} (0-based); they must not lie on one line.'),
  weightingFactors: vector([], 'Weights w_0 … w_{m−1}, one per mesh node; they must sum to 1.'),
  useAlternativeApproach: bool(true, 'True: θ = W⁻¹ Σ w_i p̃_i ū_i with W = −Σ w_i p̃_i p̃_i (inertia-like); false: θ = Σ w_i p̃_i ū_i / Σ w_i |p_i|².'),
  rotationsExponentialMap: uint(2, '0: A_m = A (I + θ̃) and linear angular velocity; 1: A_m = A exp(θ̃); 2: exp(θ̃) and the angular velocity T_exp(θ) θ̇ (Exudyn\'s default).'),
};

/** Run-time model: a frame on weighted mesh nodes of a super element (RBE3-like averaged translation and rotation). */
class SuperElementRigidMarkerModel implements Only<RigidMarkerModel, SuperElementRigidMarkerModel> {
  nodes: readonly NodeModel[] = [];
  nLocalU = 0;
  private point!: SuperElementPoint;
  private rotation!: SuperElementMeshNodeMap;
  private readonly theta = new Float64Array(3);
  private readonly thetaRate = new Float64Array(3);
  private readonly t = new Float64Array(9);
  private readonly e = new Float64Array(9);
  private readonly w = new Float64Array(3);
  private tl = new Float64Array(0);
  /** Work array of the reference node's rotation Jacobian (3 × n_u of the node). */
  private refRot = new Float64Array(0);

  constructor(readonly label: ItemLabel, private readonly bodyNumber: number, private readonly offset: Float64Array, private readonly meshNodes: readonly number[],
    private readonly weights: Float64Array, private readonly alternative: boolean, private readonly expMap: number) {}

  bind(context: BindContext): void {
    const se = bindSuperElement(this.label, context, this.bodyNumber, this.meshNodes, this.weights);
    const m = this.meshNodes.length;
    const avg = new Float64Array(3), positions = new Float64Array(3 * m), x = new Float64Array(3);
    const translation = new Float64Array(9 * m);
    for (let k = 0; k < m; k++) {
      const wk = this.weights[k];
      se.meshNodeReferencePosition(this.meshNodes[k], x);
      positions.set(x, 3 * k);
      for (let d = 0; d < 3; d++) { avg[d] += wk * x[d]; translation[d * 3 * m + 3 * k + d] = wk; }
    }
    // rotation map θ = S Σ w_k p̃_k ū_k with p_k = x̄_k − x̄_avg; S = W⁻¹ (alternative) or 1/Σ w|p|²
    const wMat = new Float64Array(9);
    let factor = 0;
    for (let k = 0; k < m; k++) {
      const wk = this.weights[k];
      const p0 = positions[3 * k] - avg[0], p1 = positions[3 * k + 1] - avg[1], p2 = positions[3 * k + 2] - avg[2];
      positions[3 * k] = p0; positions[3 * k + 1] = p1; positions[3 * k + 2] = p2;
      factor += wk * (p0 * p0 + p1 * p1 + p2 * p2);
      // −p̃p̃ = |p|² I − p pᵀ
      const pp = p0 * p0 + p1 * p1 + p2 * p2, p = [p0, p1, p2];
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) wMat[3 * i + j] += wk * ((i === j ? pp : 0) - p[i] * p[j]);
    }
    const s = new Float64Array(9);
    if (this.alternative) {
      const det = wMat[0] * (wMat[4] * wMat[8] - wMat[5] * wMat[7]) - wMat[1] * (wMat[3] * wMat[8] - wMat[5] * wMat[6]) + wMat[2] * (wMat[3] * wMat[7] - wMat[4] * wMat[6]);
      const scale = Math.max(...Array.from(wMat, Math.abs));
      if (!(Math.abs(det) > 1e-12 * scale * scale * scale)) {
        itemError(this.label, 'meshNodeNumbers', `must not lie on one line (the weighting matrix W = −Σ w_i p̃_i p̃_i must be invertible), got det W = ${det}`);
      }
      s[0] = (wMat[4] * wMat[8] - wMat[5] * wMat[7]) / det; s[1] = (wMat[2] * wMat[7] - wMat[1] * wMat[8]) / det; s[2] = (wMat[1] * wMat[5] - wMat[2] * wMat[4]) / det;
      s[3] = (wMat[5] * wMat[6] - wMat[3] * wMat[8]) / det; s[4] = (wMat[0] * wMat[8] - wMat[2] * wMat[6]) / det; s[5] = (wMat[2] * wMat[3] - wMat[0] * wMat[5]) / det;
      s[6] = (wMat[3] * wMat[7] - wMat[4] * wMat[6]) / det; s[7] = (wMat[1] * wMat[6] - wMat[0] * wMat[7]) / det; s[8] = (wMat[0] * wMat[4] - wMat[1] * wMat[3]) / det;
    } else {
      if (!(factor > 0)) itemError(this.label, 'meshNodeNumbers', `must not all be at the mean position (Σ w_i |p_i|² > 0), got ${factor}`);
      s[0] = 1 / factor; s[4] = 1 / factor; s[8] = 1 / factor;
    }
    const rotation = new Float64Array(9 * m);
    for (let k = 0; k < m; k++) {
      const wk = this.weights[k], p0 = positions[3 * k], p1 = positions[3 * k + 1], p2 = positions[3 * k + 2];
      const tilde = [0, -p2, p1, p2, 0, -p0, -p1, p0, 0];
      for (let r = 0; r < 3; r++) {
        for (let d = 0; d < 3; d++) {
          rotation[r * 3 * m + 3 * k + d] = wk * (s[3 * r] * tilde[d] + s[3 * r + 1] * tilde[3 + d] + s[3 * r + 2] * tilde[6 + d]);
        }
      }
    }
    const base = Float64Array.of(avg[0] + this.offset[0], avg[1] + this.offset[1], avg[2] + this.offset[2]);
    this.point = new SuperElementPoint(se, se.createMeshNodeMap(this.meshNodes, translation, 3), base);
    this.rotation = se.createMeshNodeMap(this.meshNodes, rotation, 3);
    this.nodes = this.point.nodes;
    this.nLocalU = this.point.nLocalU;
    this.tl = new Float64Array(3 * this.rotation.nU);
    this.refRot = new Float64Array(3 * (se.referenceNode?.nu ?? 0));
  }

  position(s: ItemState, out: Float64Array): void {
    this.point.position(s, out);
  }

  velocity(s: ItemState, out: Float64Array): void {
    this.point.velocity(s, out);
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.point.positionJacobian(s, out);
  }

  /** A_m = A exp(θ̃) (A (I + θ̃) for rotationsExponentialMap 0). */
  orientation(s: ItemState, out: Float64Array): void {
    const a = this.point.frame(s), e = this.e, th = this.theta;
    this.rotation.value(s, th);
    if (this.expMap > 0) expSO3Into(e, th);
    else { e[0] = 1; e[1] = -th[2]; e[2] = th[1]; e[3] = th[2]; e[4] = 1; e[5] = -th[0]; e[6] = -th[1]; e[7] = th[0]; e[8] = 1; }
    mat3MulInto(out, a, e);
  }

  /** ω̄_r + T_exp(θ) θ̇ (θ̇ alone for rotationsExponentialMap < 2), in the reference frame as Exudyn. */
  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    const rate = this.thetaRate;
    this.rotation.rate(s, rate);
    if (this.expMap >= 2) {
      this.rotation.value(s, this.theta);
      mat3MulVecInto(rate, tExpSO3Into(this.t, this.theta), rate);
    }
    const ref = this.point.se.referenceNode;
    if (ref === undefined) out.fill(0); else ref.angularVelocityLocal(s, out);
    out[0] += rate[0]; out[1] += rate[1]; out[2] += rate[2];
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    const w = this.w;
    this.angularVelocityLocal(s, w);
    mat3MulVecInto(out, this.point.frame(s), w);
  }

  /** [J_rot,r | A T L] with L the rotation map's Jacobian and T = T_exp(θ) (I for rotationsExponentialMap 0), as Exudyn. */
  rotationJacobian(s: ItemState, out: Float64Array): void {
    const ref = this.point.se.referenceNode, n = this.nLocalU;
    const l = this.rotation.jacobian, nU = this.rotation.nU, tl = this.tl;
    if (ref !== undefined) {
      const nRef = ref.nu, rr = this.refRot;
      ref.rotationJacobian(s, rr);
      for (let i = 0; i < 3; i++) for (let c = 0; c < nRef; c++) out[i * n + c] = rr[i * nRef + c];
    }
    if (this.expMap > 0) {
      this.rotation.value(s, this.theta);
      const t = tExpSO3Into(this.t, this.theta);
      for (let i = 0; i < 3; i++) for (let c = 0; c < nU; c++) tl[i * nU + c] = t[3 * i] * l[c] + t[3 * i + 1] * l[nU + c] + t[3 * i + 2] * l[2 * nU + c];
    } else tl.set(l);
    this.point.addFrameTimesMap(this.point.frame(s), tl, 1, out);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return rigidMarkerOutput(this, variable, s);
  }
}

/** A rigid (position and orientation) marker on weighted mesh nodes of a super element (Exudyn's MarkerSuperElementRigid). */
export const markerSuperElementRigidDefinition: ItemDefinition<'Marker', typeof parameters> = {
  category: 'Marker',
  typeName: 'SuperElementRigid',
  description: 'A frame averaged from mesh nodes k_i of a super element (RBE3-like): position A(o + Σ w_i p̄_i) + p_r, orientation A exp(θ̃) with the '
    + 'weighted local rotation θ of the nodes about their weighted mean reference point, angular velocity, and the position and rotation Jacobians. '
    + 'The weights must sum to 1; the nodes must not lie on one line.',
  parameters,
  outputVariables: rigidMarkerOutputs,
  equations: 'p_k = x̄_k − x̄_avg; θ = W⁻¹ Σ w_k p̃_k ū_k, W = −Σ w_k p̃_k p̃_k (useAlternativeApproach; else θ = Σ w_k p̃_k ū_k / Σ w_k|p_k|²); '
    + 'A_m = A exp(θ̃); ω̄_m = ω̄_r + T_exp(θ) θ̇; J_rot = [J_rot,r | A T_exp(θ) ∂θ/∂q_f].',
  validate: (v, label) => {
    if (v.rotationsExponentialMap > 2) itemError(label, 'rotationsExponentialMap', `must be 0, 1 or 2, got ${v.rotationsExponentialMap}`);
  },
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'SuperElementRigid', bodyNumber: objectFFRFDefinition.example(mbs), offset: [0.1, 0.2, -0.1], meshNodeNumbers: [0, 1, 2], weightingFactors: [0.4, 0.3, 0.3] });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0.5, -1, 0.3], bodyFixed: true });
    mbs.addLoad({ loadType: 'TorqueVector', markerNumber: marker, loadVector: [0.2, 0.1, -0.3] });
    return marker;
  },
  create: (v, label) => new SuperElementRigidMarkerModel(label, v.bodyNumber, Float64Array.from(v.offset), v.meshNodeNumbers,
    Float64Array.from(v.weightingFactors), v.useAlternativeApproach, v.rotationsExponentialMap),
};

/** Factory for a super-element rigid marker. */
export const MarkerSuperElementRigid = makeFactory(markerSuperElementRigidDefinition);
