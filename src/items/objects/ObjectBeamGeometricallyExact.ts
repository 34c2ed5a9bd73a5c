import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndexArray, ureal, type ParameterValues } from '../../registry/parameters.ts';
import { BeamSection, checkSectionMatrix, sectionDataParameter, type BeamSectionValues } from './beamSection.ts';
import { expSO3Into, tExpSO3Into } from '../../rotations/rotationMatrices.ts';
import { skewInto } from '../../rotations/skew.ts';
import { beamGeometricallyExactLayout, beamGeometricallyExactRegion, type BeamGeometricallyExactArray, type BeamGeometricallyExactKernels } from './beamGeometricallyExactKernels.ts';

const parameters = {
  nodeNumbers: nodeIndexArray('Two RigidBodyEP nodes [n0, n1] at x = −L/2 and L/2.', 2),
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive.'),
  sectionData: sectionDataParameter('diagonal stiffness [EA, GA_y, GA_z, GJ, EI_y, EI_z], cross-section inertia J (3 × 3), mass per length; no damping'),
};

type BeamValues = ParameterValues<typeof parameters>;

/** Node coordinates [p (3), Euler parameters (4)] of two nodes. */
const N_LOCAL = 14;

/**
 * Run-time model of Exudyn's 3D geometrically exact beam (Lie-group SE(3) interpolation, two rigid-body nodes with Euler
 * parameters): the relative motion H₀⁻¹H₁ = exp(h) of the node frames gives the strains ε = (h − [L, 0, 0, 0, 0, 0])/L
 * (constant along the element); nodal forces (T_exp⁻¹(±h))ᵀ K ε mapped to the node coordinates (positions through A_i,
 * rotations through G_l,iᵀ); lumped mass (ρA L/2, L/2 G_lᵀ J G_l) with its quadratic velocity term. ∂f/∂q by forward
 * differentiation (one variable per column, 11 for the 14 coordinates), ∂f/∂u analytic. The relative motion, the forces
 * and ∂f/∂q run as WebAssembly (beamGeometricallyExactKernelsSource.ts) on the element's region of the kernels' memory.
 */
class BeamGeometricallyExactModel implements Only<ObjectModel & BodyModel, BeamGeometricallyExactModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = false;
  readonly nLocalU = N_LOCAL;
  readonly ode2LhsDependsOnVelocity: boolean;
  readonly arcLength: number;
  readonly arcStart: number;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly L: number;
  private readonly section: BeamSectionValues;
  /** The kernels (beamGeometricallyExactKernelsSource.ts) and the byte address of each array of the element's region. */
  private readonly kernels: BeamGeometricallyExactKernels;
  private readonly at: Readonly<Record<BeamGeometricallyExactArray, number>>;
  /** Views of the element's region: coordinates and velocities (gather), cross-section inertia J (3 × 3). */
  private readonly q: Float64Array;
  private readonly u: Float64Array;
  private readonly J: Float64Array;
  /** The relative motion's values (beamRotationVector writes x at 9, the element the trigonometric values at 15–19). */
  private readonly motion: Float64Array;
  /** The 14 nodal forces and the relative motion h = [u, Ω] of the last force evaluation (beamForces). */
  private readonly forceValues: Float64Array;
  private readonly h: Float64Array;
  /** factor ∂f/∂q, 14 × 14 row-major (beamStiffness). */
  private readonly stiffnessMatrix: Float64Array;
  private readonly localMatrix = denseLocalMatrix(N_LOCAL);
  private readonly gl = new Float64Array(12);
  private readonly dampingBlock = new Float64Array(9);
  /** ω̄ and J ω̄ of one node, and their skew matrices (ode2Lhs_u). */
  private readonly dampingOmega = new Float64Array(3);
  private readonly dampingJOmega = new Float64Array(3);
  private readonly dampingOmegaSkew = new Float64Array(9);
  private readonly dampingJOmegaSkew = new Float64Array(9);
  private readonly nodeNumbers: readonly number[];

  constructor(readonly label: ItemLabel, p: BeamValues) {
    if (!(p.physicsLength > 0)) itemError(label, 'physicsLength', `must be positive, got ${p.physicsLength}`);
    if (p.nodeNumbers.length !== 2) itemError(label, 'nodeNumbers', `must contain two RigidBodyEP node numbers, got ${describeValue(p.nodeNumbers)}`);
    const section = BeamSection(p.sectionData as Partial<BeamSectionValues>);
    const fail = (parameter: string, message: string): never => itemError(label, parameter, message);
    checkSectionMatrix(fail, 'stiffnessMatrix', section.stiffnessMatrix);
    checkSectionMatrix(fail, 'inertia', section.inertia, true);
    if (section.dampingMatrix.some((row) => row.some((value) => value !== 0))) {
      itemError(label, 'sectionData.dampingMatrix', 'must be zero: ObjectBeamGeometricallyExact has no damping (as in Exudyn)');
    }
    this.section = section;
    this.nodeNumbers = p.nodeNumbers;
    this.L = p.physicsLength;
    this.arcLength = this.L;
    this.arcStart = -0.5 * this.L;
    const { kernels, region, address } = beamGeometricallyExactRegion();
    const layout = beamGeometricallyExactLayout;
    const view = (name: BeamGeometricallyExactArray): Float64Array => region.subarray(layout.addresses[name] / 8, layout.addresses[name] / 8 + layout.lengths[name]);
    const at = {} as Record<BeamGeometricallyExactArray, number>;
    for (const name of Object.keys(layout.addresses) as BeamGeometricallyExactArray[]) at[name] = address + layout.addresses[name];
    this.kernels = kernels;
    this.at = at;
    this.q = view('q');
    this.u = view('u');
    this.J = view('J');
    this.motion = view('motion');
    this.forceValues = view('forces');
    this.h = view('h');
    this.stiffnessMatrix = view('K');
    const k = view('k');
    for (let i = 0; i < 6; i++) k[i] = section.stiffnessMatrix[i][i];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) this.J[3 * i + j] = section.inertia[i][j];
    this.ode2LhsDependsOnVelocity = this.J.some((value) => value !== 0);
  }


  get body(): BodyModel {
    return this;
  }

  bind(context: BindContext): void {
    this.nodes = this.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'RigidBodyEP') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a RigidBodyEP node (Euler parameters; other rotation parametrizations are not ported), got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
  }

  /** Total coordinates q = q_ref + Δq and velocities u of both nodes. */
  private gather(s: ItemState): void {
    const { nodes, q, u } = this;
    for (let n = 0; n < nodes.length; n++) {
      const qIndex = nodes[n].qIndex, uIndex = nodes[n].uIndex;
      for (let k = 0; k < 7; k++) {
        q[7 * n + k] = s.qRef[qIndex + k] + s.q[qIndex + k];
        u[7 * n + k] = s.u[uIndex + k];
      }
    }
  }

  /**
   * The 14 nodal forces into this.forceValues and h into this.h from this.q and this.u (the residual of every Newton
   * iteration; the kernel beamForces): the tangent operators T_exp,SO3⁻¹ and T_uw(±h) formed as matrices, each
   * operation written as the value formula of the jet operation it replaced (affine c·a + d, addScaled a + c·b,
   * div a·(1/b), Horner polynomials), so that the residual and the results stay those of the earlier all-jet element to
   * the last bit. {@link BeamGeometricallyExactModel.stiffness} applies the operators as vector forms instead (the same
   * forces up to rounding).
   */
  private computeForceValues(): void {
    this.relativeRotation();
    const at = this.at;
    this.kernels.beamForces(at.q, at.u, at.k, at.J, at.A0, at.A1, at.motion, at.T, at.Tp, at.Tm, at.us, at.os, at.stress, at.total,
      at.h, at.gl, at.forces, this.L);
  }

  /**
   * The relative rotation of the node frames (A0, A1, R = A0ᵀA1, d = A0ᵀ(p1 − p0), Ω = LogSO3(R), x = |Ω|²) by the
   * kernels beamRelativeRotation and beamRotationVector, with the trigonometric values the kernels read (outside
   * their subset): atan2(√a, c) of the logarithm's closed form, cos and sin of ½√x where √x > 0.02 (β's closed form),
   * sin and cos of √x where √x ≥ 0.2 (f8's).
   */
  private relativeRotation(): void {
    const at = this.at, kernels = this.kernels, m = this.motion;
    const closed = kernels.beamRelativeRotation(at.q, at.A0, at.A1, at.R, at.motion);
    if (closed !== 0) m[15] = Math.atan2(Math.sqrt(m[13]), m[14]);
    const phi = Math.sqrt(kernels.beamRotationVector(at.motion, closed));
    if (phi > 0.02) {
      const half = 0.5 * phi + 0;
      m[16] = Math.cos(half);
      m[17] = Math.sin(half);
    }
    if (phi >= 0.2) {
      m[18] = Math.sin(phi);
      m[19] = Math.cos(phi);
    }
  }

  /** Lumped mass: ρA L/2 on the positions, (L/2) G_lᵀ J G_l on the Euler parameters of each node. */
  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    this.gather(s);
    const m = this.localMatrix.fill(0), w = 0.5 * this.L;
    for (let n = 0; n < 2; n++) {
      for (let k = 0; k < 3; k++) m[(7 * n + k) * N_LOCAL + 7 * n + k] = w * this.section.massPerLength;
      this.gLocalValues(n);
      for (let a = 0; a < 4; a++) {
        for (let b = 0; b < 4; b++) {
          let sum = 0;
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) sum += this.gl[4 * i + a] * this.J[3 * i + j] * this.gl[4 * j + b];
          m[(7 * n + 3 + a) * N_LOCAL + 7 * n + 3 + b] = w * sum;
        }
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, m, 0, N_LOCAL, 1);
  }

  /** G_l of node n (values) into this.gl. */
  private gLocalValues(n: number): void {
    const e0 = 2 * this.q[7 * n + 3], e1 = 2 * this.q[7 * n + 4], e2 = 2 * this.q[7 * n + 5], e3 = 2 * this.q[7 * n + 6];
    const g = this.gl;
    g[0] = -e1; g[1] = e0; g[2] = e3; g[3] = -e2;
    g[4] = -e2; g[5] = -e3; g[6] = e0; g[7] = e1;
    g[8] = -e3; g[9] = e2; g[10] = -e1; g[11] = e0;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.gather(s);
    this.computeForceValues();
    const values = this.forceValues;
    for (let i = 0; i < N_LOCAL; i++) f[i] += values[i];
  }

  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, this.stiffness(factor), 0, N_LOCAL, 1);
  }

  /**
   * factor ∂f/∂q (14 × 14 row-major, in this.stiffnessMatrix) at this.q, this.u by the kernel beamStiffness, one column
   * per variable of the forward differentiation without jets (node 0's and node 1's Euler parameters, node 1's position;
   * node 0's position columns are the negated columns of node 1's): the values of the relative motion from
   * {@link BeamGeometricallyExactModel.relativeRotation}, the relative rotation's gradients (R … β, γ, f8, with respect
   * to the Euler parameters only), then per variable the gradients of the displacement, the stresses, the tangent
   * operators applied to them and the nodal forces. Every gradient entry is the expression (operations, operands and
   * order) that the earlier first-order jets formed for it, so K is the same to the last bit. T_exp,SO3⁻¹ and T_uw(±h)
   * are never formed: their products with d, r_p and r_r are written as vector forms (β v + γ Ω(Ω·v) ± ½ Ω × v, and
   * S r ∓ ½ u × r). The forces' values are not formed (the residual is computeForceValues).
   */
  private stiffness(factor: number): Float64Array {
    this.relativeRotation();
    const at = this.at;
    this.kernels.beamStiffness(at.q, at.u, at.k, at.J, at.A0, at.A1, at.R, at.motion, at.dA, at.rg, at.tso, at.terms, at.velocity, at.K,
      this.L, factor);
    return this.stiffnessMatrix;
  }

  /** ∂/∂θ̇ of (L/2) G_lᵀ (ω̄ × Jω̄): (L/2) G_lᵀ (ω̄̃ J − (Jω̄)~) G_l per node. */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const D = this.localMatrix.fill(0), w = 0.5 * this.L * factor;
    const M = this.dampingBlock;
    for (let n = 0; n < 2; n++) {
      this.gLocalValues(n);
      const g = this.gl;
      const om = this.dampingOmega, Jw = this.dampingJOmega, u = this.u, J = this.J, at = 7 * n + 3;
      for (let i = 0; i < 3; i++) om[i] = g[4 * i] * u[at] + g[4 * i + 1] * u[at + 1] + g[4 * i + 2] * u[at + 2] + g[4 * i + 3] * u[at + 3];
      for (let i = 0; i < 3; i++) Jw[i] = J[3 * i] * om[0] + J[3 * i + 1] * om[1] + J[3 * i + 2] * om[2];
      // M = ω̃ J − (Jω)~
      const so = skewInto(this.dampingOmegaSkew, om), sj = skewInto(this.dampingJOmegaSkew, Jw);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) M[3 * i + j] = so[3 * i] * J[j] + so[3 * i + 1] * J[3 + j] + so[3 * i + 2] * J[6 + j] - sj[3 * i + j];
      for (let a = 0; a < 4; a++) {
        for (let b = 0; b < 4; b++) {
          let sum = 0;
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) sum += g[4 * i + a] * M[3 * i + j] * g[4 * j + b];
          D[(7 * n + 3 + a) * N_LOCAL + 7 * n + 3 + b] = w * sum;
        }
      }
    }
    acc.addBlock(0, 0, N_LOCAL, N_LOCAL, D, 0, N_LOCAL, 1);
  }

  /** Markers on the element are not supported (as in Exudyn): attach them to the nodes. */
  nodesAt(): readonly NodeModel[] {
    return itemError(this.label, 'localPosition', 'markers cannot be attached to an ObjectBeamGeometricallyExact (as in Exudyn): attach them to its nodes');
  }

  positionJacobian(): void {
    itemError(this.label, 'localPosition', 'markers cannot be attached to an ObjectBeamGeometricallyExact (as in Exudyn): attach them to its nodes');
  }

  /**
   * The frame at x: H₀ exp(S₁ h), S₁ = 1/2 + x/L (node 0 at x = −L/2, node 1 at L/2), from the coordinates in this.q;
   * writes the position of [x, y, z] and the rotation matrix.
   */
  private frameAt(localPosition: ArrayLike<number>, p: Float64Array, A: Float64Array): void {
    this.computeForceValues();
    const sigma = 0.5 + (localPosition[0] ?? 0) / this.L;
    const rot = [0, 1, 2].map((k) => sigma * this.h[3 + k]);
    const A0 = new Float64Array(9), E = new Float64Array(9), T = new Float64Array(9);
    const e = this.q.subarray(3, 7);
    A0.set([1 - 2 * (e[2] * e[2] + e[3] * e[3]), 2 * (e[1] * e[2] - e[0] * e[3]), 2 * (e[1] * e[3] + e[0] * e[2]),
      2 * (e[1] * e[2] + e[0] * e[3]), 1 - 2 * (e[1] * e[1] + e[3] * e[3]), 2 * (e[2] * e[3] - e[0] * e[1]),
      2 * (e[1] * e[3] - e[0] * e[2]), 2 * (e[2] * e[3] + e[0] * e[1]), 1 - 2 * (e[1] * e[1] + e[2] * e[2])]);
    expSO3Into(E, rot);
    tExpSO3Into(T, rot);
    // local translation Tᵀ (σ u), then p = p₀ + A₀ (that + E [0, y, z]), A = A₀ E
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    const local = [0, 1, 2].map((i) => sigma * (T[i] * this.h[0] + T[3 + i] * this.h[1] + T[6 + i] * this.h[2]) + E[3 * i + 1] * y + E[3 * i + 2] * z);
    for (let i = 0; i < 3; i++) {
      p[i] = this.q[i] + A0[3 * i] * local[0] + A0[3 * i + 1] * local[1] + A0[3 * i + 2] * local[2];
      for (let j = 0; j < 3; j++) A[3 * i + j] = A0[3 * i] * E[j] + A0[3 * i + 1] * E[3 + j] + A0[3 * i + 2] * E[6 + j];
    }
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    this.frameAt(localPosition, out, new Float64Array(9));
  }

  /** Exudyn's velocity: interpolated node velocities plus A(x) (interpolated ω̄ × [0, y, z]). */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const S1 = 0.5 + (localPosition[0] ?? 0) / this.L, S0 = 1 - S1;
    this.gather(s);
    const A = new Float64Array(9);
    this.frameAt(localPosition, new Float64Array(3), A);
    const omega = [0, 0, 0];
    for (let n = 0; n < 2; n++) {
      this.gLocalValues(n);
      for (let i = 0; i < 3; i++) {
        let w = 0;
        for (let k = 0; k < 4; k++) w += this.gl[4 * i + k] * this.u[7 * n + 3 + k];
        omega[i] += (n === 0 ? S0 : S1) * w;
      }
    }
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    const c = [omega[1] * z - omega[2] * y, omega[2] * 0 - omega[0] * z, omega[0] * y - omega[1] * 0];
    for (let i = 0; i < 3; i++) out[i] = S0 * this.u[i] + S1 * this.u[7 + i] + A[3 * i] * c[0] + A[3 * i + 1] * c[1] + A[3 * i + 2] * c[2];
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        this.nodes.forEach((node, n) => { for (let k = 0; k < 7; k++) this.q[7 * n + k] = node.referenceCoordinates[k]; });
        const p0 = new Float64Array(3);
        this.frameAt(localPosition, p0, new Float64Array(9));
        this.position(s, localPosition, out);
        for (let k = 0; k < 3; k++) out[k] -= p0[k];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** Exudyn's 3D geometrically exact beam (ObjectBeamGeometricallyExact). */
export const objectBeamGeometricallyExactDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'BeamGeometricallyExact',
  description: 'A 3D geometrically exact (Simo–Reissner) beam after Exudyn\'s Lie-group SE(3) element on two RigidBodyEP nodes: the relative motion of the node frames h = log(H₀⁻¹H₁) gives constant axial/shear strains and twist/curvatures ε = (h − [L, 0, 0, 0, 0, 0])/L, the nodal forces are the SE(3) tangent-operator transposes times Kε; lumped mass. '
    + 'Markers attach to the nodes only (as in Exudyn). Local positions [x, y, z], x ∈ [−L/2, L/2]: the frame H₀ exp((1/2 + x/L) h).',
  parameters,
  outputVariables: [OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity],
  equations: [
    'H_i = (A_i, p_i) node frames; H₀⁻¹H₁ = exp(h), h = [u, Ω], Ω = log(A₀ᵀA₁), u = T_exp,SO3⁻¹(Ω)ᵀ A₀ᵀ(p₁ − p₀).',
    'ε = (h − [L, 0, 0, 0, 0, 0])/L, σ = K ε with K = diag(EA, GA_y, GA_z, GJ, EI_y, EI_z).',
    'Forces on node 1: T_exp,SE3⁻¹(h)ᵀ σ, on node 0: −T_exp,SE3⁻¹(−h)ᵀ σ; translational part times A_i, rotational part times G_l,iᵀ.',
    'Mass: ρA L/2 I and (L/2) G_lᵀ J G_l per node, quadratic velocity term (L/2) G_lᵀ (ω̄ × J ω̄).',
  ].join('\n'),
  example: (mbs) => {
    const ep = (angle: number, axis: number[]) => [Math.cos(angle / 2), ...axis.map((c) => c * Math.sin(angle / 2))];
    const nodes = [[0, 0, 0, ...ep(0.1, [0, 0, 1])], [1, 0.2, -0.1, ...ep(0.4, [0.6, 0, 0.8])]].map((r, i) => mbs.addNode({
      nodeType: 'RigidBodyEP', referenceCoordinates: r, initialCoordinates: [0.02 * i, -0.01, 0.03 * i, 0, 0, 0, 0], initialVelocities: [0.1, -0.2 * i, 0.3, 0.05, -0.1, 0.2 * i, 0.1],
    }));
    const diagonal = (values: number[]) => values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));
    const sectionData = { massPerLength: 0.8, inertia: [[0.02, 0.001, 0], [0.001, 0.01, 0.002], [0, 0.002, 0.015]], stiffnessMatrix: diagonal([50, 20, 25, 1, 2, 3]) };
    return mbs.addObject({ objectType: 'BeamGeometricallyExact', nodeNumbers: nodes, physicsLength: 1, sectionData });
  },
  create: (v, label) => new BeamGeometricallyExactModel(label, v),
};

/** Factory for a 3D geometrically exact beam element. */
export const ObjectBeamGeometricallyExact = makeFactory(objectBeamGeometricallyExactDefinition);
