import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, type BindContext, type BodyModel, type DistributedLoadDensity, type ItemState, type LineForceLaw, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { nodeIndex, nodeIndexArray, str, uint, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { rotationMatrix2RotXYZInto } from '../../rotations/rotationMatrices.ts';
import { ExternalVirtualWork } from './cosseratRod/externalVirtualWork.ts';
import { InertialVirtualWork } from './cosseratRod/inertialVirtualWork.ts';
import { R12Interpolation } from './cosseratRod/interpolationR12.ts';
import { QuaternionInterpolation } from './cosseratRod/interpolationQuaternion.ts';
import { SE3Interpolation } from './cosseratRod/interpolationSE3.ts';
import { lagrangePositionInto, lagrangePositionJacobian, rodInterpolationNames, type RodInterpolation } from './cosseratRod/interpolation.ts';
import { InternalVirtualWork } from './cosseratRod/internalVirtualWork.ts';
import { constrainedComponents, MixedVirtualWork, rodConstraintNames, type RodConstraintName } from './cosseratRod/mixedVirtualWork.ts';
import { gaussLegendreUnit } from './cosseratRod/lagrange.ts';
import { LinearElasticSection } from './cosseratRod/linearElasticSection.ts';
import { StretchScaledSection } from './cosseratRod/stretchScaledSection.ts';
import { LineForceWork } from './cosseratRod/lineForceWork.ts';
import { ArcLength, RodRule } from './cosseratRod/referenceGeometry.ts';
import type { SectionLaw } from './cosseratRod/sectionLaw.ts';

/** Highest supported polynomial degree (equidistant Lagrange nodes get ill-conditioned beyond). */
const MAX_DEGREE = 6;

const parameters = {
  nodeNumbers: nodeIndexArray('RigidBodyQuaternion nodes along the rod, p·n_el + 1 of them in order; element e uses nodes p·e … p·e + p (n_el = (count − 1)/p).'),
  polynomialDegree: uint(1, 'Degree p (1 … 6) of the Lagrange interpolation of centerline, rotation matrices (R12), virtual displacements and velocities.'),
  physicsAxialShearStiffness: vector([0, 0, 0], '[EA, GA₂, GA₃] [N]: n = C_γ(γ − γ⁰) in the cross-section frame, body axis 1 along the rod; all positive.', 3, 'Vector3D'),
  physicsBendingTorsionStiffness: vector([0, 0, 0], '[GI_p, EI₂, EI₃] [N m²]: m = C_κ(κ − κ⁰) in the cross-section frame; all positive.', 3, 'Vector3D'),
  physicsMassPerLength: ureal(0, 'Cross-section mass density A_ρ0 [kg/m].'),
  physicsInertiaPerLength: vector([0, 0, 0], 'Diagonal of the cross-section inertia K_I_ρ0 [kg m] (e.g. ρ[I_p, I₂, I₃]); non-negative.', 3, 'Vector3D'),
  physicsAxialShearDamping: vector([0, 0, 0], 'Viscous strain-rate damping D_γ [N s]: n += D_γ γ̇; non-negative.', 3, 'Vector3D'),
  physicsBendingTorsionDamping: vector([0, 0, 0], 'Viscous curvature-rate damping D_κ [N m² s]: m += D_κ κ̇; non-negative.', 3, 'Vector3D'),
  interpolation: str('quaternion', 'Interpolation of the cross-section orientation: \'quaternion\' (default: A = A(Σ N_i P_i/|P_i|), orthonormal everywhere, '
    + 'CardiLLo\'s "Quaternion" rod) or \'R12\' (the paper\'s, seed 000: A = Σ N_i A(P_i), orthogonal only at the nodes), the centerline Σ N_i r_i in both; or \'SE3\' '
    + '(polynomialDegree 1 only: the pose H_0 Exp(η Log(H_0⁻¹H_1)) between neighbouring nodes, constant strain per element, exact for circles and helices; CardiLLo\'s "SE3" rod).'),
  sectionLaw: str('linear', 'Section law: \'linear\' (default, seed 000: n = C_γ(γ − γ⁰), m = C_κ(κ − κ⁰)) or \'stretchScaled\' (PyElastica\'s, seed 003: '
    + 'n = C_γ(γ − γ⁰)/e, m = C_κ(κ − κ⁰)/e³ with the stretch e = |γ|, i.e. S = Ŝ/e, B = B̂/e² on strains per current length; stiffer in '
    + 'compression, softer in tension; damping and inertia unscaled).'),
  integration: str('reduced', 'Gauss quadrature of the internal forces per element: \'reduced\' = p points (no shear/membrane locking), \'full\' = p + 1 points.'),
  formulation: str('mixed', 'Internal forces: \'mixed\' (default; Hellinger–Reissner: n and m are '
    + 'unknowns of their own, discontinuous, degree p − 1 per element, stored as the ODE2 coordinates of stressNodeNumber; same discrete solution as \'displacement\' '
    + 'with reduced integration, but Newton takes the load of slender rods in one or two steps; linear section law, reduced integration) or \'displacement\' '
    + '(n, m from the strains by the section law: seed 000\'s element, every section law and quadrature).'),
  constraints: str('none', 'Constrained variants of the mixed formulation: \'none\', \'shearRigid\' (γ₂ = γ₂⁰, γ₃ = γ₃⁰), \'inextensible\' (γ₁ = γ₁⁰) or \'kirchhoff\' (both); '
    + 'the constrained stress components become Lagrange multipliers (zero compliance), the constraints hold at the Gauss points (projected onto the stress space).'),
  stressNodeNumber: nodeIndex('With formulation \'mixed\': a GenericODE2 node with 6·p·n_el coordinates, the stresses (n, m) at the p Gauss points of each element '
    + '(reference coordinates 0; createCosseratRod adds it); -1 (default: none) with \'displacement\'.'),
  physicsLength: ureal(0, 'Length L of the arc-length coordinate s ∈ [0, L] of markers and outputs; 0 (default) = arc length of the interpolated reference centerline, else s is scaled to it.'),
};

type RodValues = ParameterValues<typeof parameters>;

/** Throws unless every entry of a 3-vector parameter is positive (or non-negative). */
function checkEntries(label: ItemLabel, name: string, value: ArrayLike<number>, strict: boolean): void {
  for (let i = 0; i < 3; i++) {
    if (strict ? !(value[i] > 0) : !(value[i] >= 0)) {
      itemError(label, name, `entry ${i} must be ${strict ? 'positive' : 'non-negative'}, got [${Array.from(value).join(', ')}]`);
    }
  }
}

/** Checks across parameters (at add time). */
function validateRod(v: RodValues, label: ItemLabel): void {
  const p = v.polynomialDegree;
  if (p < 1 || p > MAX_DEGREE) itemError(label, 'polynomialDegree', `must be an integer 1 … ${MAX_DEGREE}, got ${p}`);
  const count = v.nodeNumbers.length;
  if (count < 2) itemError(label, 'nodeNumbers', `must contain at least two nodes (p·n_el + 1 with n_el ≥ 1), got ${count}`);
  if ((count - 1) % p !== 0) {
    itemError(label, 'nodeNumbers', `must contain p·n_el + 1 nodes for polynomialDegree p = ${p} (n_el = (count − 1)/p must be an integer), got ${count} nodes: ${(count - 1) / p} elements`);
  }
  checkEntries(label, 'physicsAxialShearStiffness', v.physicsAxialShearStiffness, true);
  checkEntries(label, 'physicsBendingTorsionStiffness', v.physicsBendingTorsionStiffness, true);
  checkEntries(label, 'physicsInertiaPerLength', v.physicsInertiaPerLength, false);
  checkEntries(label, 'physicsAxialShearDamping', v.physicsAxialShearDamping, false);
  checkEntries(label, 'physicsBendingTorsionDamping', v.physicsBendingTorsionDamping, false);
  if (!(rodInterpolationNames as readonly string[]).includes(v.interpolation)) {
    itemError(label, 'interpolation', `must be one of ${rodInterpolationNames.map((name) => `'${name}'`).join(', ')}, got '${v.interpolation}'`);
  }
  if (v.interpolation === 'SE3' && p !== 1) itemError(label, 'polynomialDegree', `must be 1 with interpolation 'SE3' (linear SE(3) elements), got ${p}`);
  if (v.integration !== 'full' && v.integration !== 'reduced') itemError(label, 'integration', `must be 'full' or 'reduced', got '${v.integration}'`);
  if (v.sectionLaw !== 'linear' && v.sectionLaw !== 'stretchScaled') itemError(label, 'sectionLaw', `must be 'linear' or 'stretchScaled', got '${v.sectionLaw}'`);
  if (v.formulation !== 'displacement' && v.formulation !== 'mixed') itemError(label, 'formulation', `must be 'displacement' or 'mixed', got '${v.formulation}'`);
  if (!(rodConstraintNames as readonly string[]).includes(v.constraints)) {
    itemError(label, 'constraints', `must be one of ${rodConstraintNames.map((name) => `'${name}'`).join(', ')}, got '${v.constraints}'`);
  }
  if (v.formulation === 'displacement') {
    if (v.constraints !== 'none') itemError(label, 'constraints', `must be 'none' with formulation 'displacement' (the constrained variants are mixed), got '${v.constraints}'`);
    if (v.stressNodeNumber !== -1) itemError(label, 'stressNodeNumber', `must be -1 (none) with formulation 'displacement', got ${v.stressNodeNumber}`);
  } else {
    if (v.sectionLaw !== 'linear') itemError(label, 'sectionLaw', `must be 'linear' with formulation 'mixed', got '${v.sectionLaw}'`);
    if (v.integration !== 'reduced') itemError(label, 'integration', `must be 'reduced' with formulation 'mixed' (the stresses live at the p Gauss points), got '${v.integration}'`);
    if (v.stressNodeNumber < 0) itemError(label, 'stressNodeNumber', `must be a GenericODE2 node with 6·p·n_el = ${6 * (count - 1)} coordinates with formulation 'mixed', got ${v.stressNodeNumber}`);
  }
}

/**
 * Run-time model of the Petrov–Galerkin Cosserat rod with nodal non-unit quaternions (seed 000): the adapter between
 * the registry's capabilities and the rod kernels in cosseratRod/ — the R12 interpolation (eqs. 5–9), the section law
 * (the linear one of the parameters), the internal (eqs. 1, 8), inertial (eq. 3) and external (eq. 2) virtual work,
 * and the reference geometry. Block-sparse: mass matrix and Jacobians are written entry-wise, element block by element
 * block (6(p + 1))², and points at s depend only on the p + 1 nodes of their element (nodesAt).
 */
class CosseratRodModel implements Only<ObjectModel & BodyModel, CosseratRodModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  readonly ode2LhsDependsOnVelocity: boolean;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];
  readonly nLocalU: number;

  private readonly p: number;
  private readonly nElements: number;
  private readonly law: SectionLaw;
  private readonly hasDamping: boolean;
  private readonly hasInertia: boolean;
  private readonly interpolation: RodInterpolation;
  /** Quadrature of the internal forces (p or p + 1 points). */
  private readonly stiffness: RodRule;
  /** Quadrature of mass matrix, gyroscopic term, gravity, line loads and kinetic energy: ⌈3(p + 1)/2⌉ points. */
  private readonly inertiaRule: RodRule;
  private readonly arcLengths: ArcLength;
  private readonly internal: InternalVirtualWork;
  /** The mixed kernels (formulation 'mixed'), else undefined. */
  private readonly mixed: MixedVirtualWork | undefined;
  /** Stress node of the mixed formulation and its current stresses (reference + q), gathered per evaluation. */
  private stressNode: NodeModel | undefined;
  private readonly sigma: Float64Array;
  /** Element matrix of the mixed formulation ((6(p + 1) + 6p)²). */
  private readonly mixedMatrix: Float64Array;
  /** The structurally nonzero entries of the mixed element matrix ({@link mixedElementEntries}) and their values per element. */
  private readonly mixedEntries: MixedElementEntries | undefined;
  private readonly mixedEntryValues: Float64Array;
  private readonly inertial: InertialVirtualWork;
  private readonly external: ExternalVirtualWork;
  private readonly lineForces: LineForceWork;
  /** Element matrix (6(p + 1))² row-major of the Jacobians, emitted entry-wise per element. */
  private readonly elementMatrix: Float64Array;
  /** The p + 1 nodes of each element (set in bind), the nodes of points in that element. */
  private elementNodes: NodeModel[][] = [];

  constructor(readonly label: ItemLabel, private readonly values: RodValues) {
    const p = values.polynomialDegree;
    const nNodes = values.nodeNumbers.length;
    this.p = p;
    this.nElements = (nNodes - 1) / p;
    const nStresses = values.formulation === 'mixed' ? 6 * p * this.nElements : 0;
    this.nLocalU = 6 * nNodes + nStresses;
    this.law = new (values.sectionLaw === 'stretchScaled' ? StretchScaledSection : LinearElasticSection)(values.physicsAxialShearStiffness, values.physicsBendingTorsionStiffness, values.physicsAxialShearDamping,
      values.physicsBendingTorsionDamping, values.physicsMassPerLength, values.physicsInertiaPerLength);
    this.hasDamping = this.law.hasDamping;
    this.hasInertia = this.law.inertiaPerLength.some((j) => j !== 0);
    this.ode2LhsDependsOnVelocity = this.hasDamping || this.hasInertia;
    this.interpolation = values.interpolation === 'quaternion' ? new QuaternionInterpolation(p, nNodes)
      : values.interpolation === 'SE3' ? new SE3Interpolation(p, nNodes) : new R12Interpolation(p, nNodes);
    this.stiffness = new RodRule(gaussLegendreUnit(values.integration === 'full' ? p + 1 : p), p, this.nElements);
    this.inertiaRule = new RodRule(gaussLegendreUnit(Math.ceil(3 * (p + 1) / 2)), p, this.nElements);
    this.arcLengths = new ArcLength(label, p, this.nElements, this.interpolation);
    this.internal = new InternalVirtualWork(this.interpolation, this.law, this.stiffness, this.nElements);
    this.inertial = new InertialVirtualWork(this.law, this.inertiaRule, p, this.nElements);
    this.external = new ExternalVirtualWork(this.inertiaRule, this.arcLengths, p, this.nElements);
    this.lineForces = new LineForceWork(this.inertiaRule, this.arcLengths, p, this.nElements);
    this.elementMatrix = new Float64Array(36 * (p + 1) * (p + 1));
    this.mixed = nStresses === 0 ? undefined : new MixedVirtualWork(this.interpolation, this.stiffness, this.nElements, values.physicsAxialShearStiffness,
      values.physicsBendingTorsionStiffness, values.physicsAxialShearDamping, values.physicsBendingTorsionDamping, constrainedComponents(values.constraints as RodConstraintName));
    this.sigma = new Float64Array(nStresses);
    this.mixedMatrix = new Float64Array(nStresses === 0 ? 0 : (6 * (2 * p + 1)) ** 2);
    this.mixedEntries = nStresses === 0 ? undefined : mixedElementEntries(p, this.nElements, nNodes);
    this.mixedEntryValues = new Float64Array(this.mixedEntries?.positions.length ?? 0);
  }

  get body(): BodyModel {
    return this;
  }

  /** Length L of the arc-length coordinate s ∈ [0, L] (set in bind). */
  get arcLength(): number {
    return this.arcLengths.length;
  }

  bind(context: BindContext): void {
    this.nodes = this.values.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'RigidBodyQuaternion') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a RigidBodyQuaternion node, got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
    if (this.mixed !== undefined) {
      const stressNode = context.node(this.values.stressNodeNumber, 'stressNodeNumber');
      if (stressNode.label.typeName !== 'GenericODE2' || stressNode.nu !== this.sigma.length) {
        itemError(this.label, 'stressNodeNumber', `must refer to a GenericODE2 node with 6·p·n_el = ${this.sigma.length} coordinates, got Node${stressNode.label.typeName} #${stressNode.label.index} with ${stressNode.nu}`);
      }
      this.stressNode = stressNode;
      this.localNodes = [...this.nodes, stressNode];
    }
    this.elementNodes = Array.from({ length: this.nElements }, (_, e) => this.nodes.slice(this.p * e, this.p * e + this.p + 1));
    this.nodes.forEach((node, g) => {
      const ref = node.referenceCoordinates;
      if (ref[3] === 0 && ref[4] === 0 && ref[5] === 0 && ref[6] === 0) {
        itemError(this.label, 'nodeNumbers', `entry ${g} (node #${node.label.index}) must have a nonzero reference quaternion, got [0, 0, 0, 0]`);
      }
    });
    this.interpolation.bindNodes(this.nodes);
    this.checkDistinctNodes();
    this.arcLengths.compute(this.values.physicsLength);
    this.arcLengths.referencePointData(this.interpolation, this.stiffness);
    this.arcLengths.referencePointData(this.interpolation, this.inertiaRule);
    this.inertial.computeMassCoefficients();
  }

  /** Throws if two consecutive nodes have the same reference position. */
  private checkDistinctNodes(): void {
    const r = this.interpolation.rRef;
    let total = 0;
    const distance = (g: number) => Math.hypot(r[3 * g + 3] - r[3 * g], r[3 * g + 4] - r[3 * g + 1], r[3 * g + 5] - r[3 * g + 2]);
    for (let g = 0; g + 1 < this.nodes.length; g++) total += distance(g);
    for (let g = 0; g + 1 < this.nodes.length; g++) {
      if (distance(g) <= 1e-12 * total) {
        itemError(this.label, 'nodeNumbers', `entries ${g} and ${g + 1} (nodes #${this.nodes[g].label.index}, #${this.nodes[g + 1].label.index}) must have distinct reference positions, got both at [${Array.from(r.subarray(3 * g, 3 * g + 3)).join(', ')}] (distance ${distance(g)})`);
      }
    }
  }

  /** The constant mass matrix, element by element (eq. 3). */
  massMatrix(_s: ItemState, m: LocalMatrixAccumulator): void {
    this.inertial.addMassMatrix(m);
  }

  /** −(δW_int + gyroscopic part of δW_dyn) per nodal virtual displacement (eqs. 1, 3, 8). */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.interpolation.gather(s, this.ode2LhsDependsOnVelocity);
    if (this.mixed !== undefined) this.mixed.addForces(this.gatherStresses(s), 0, f, 6 * this.nodes.length);
    else this.internal.addForces(f);
    if (this.hasInertia) this.inertial.addGyroscopicForces(this.interpolation.w, f);
  }

  /** factor·∂(ode2Lhs)/∂Δ for the increments Δ = (Δr_i, Δφ_i) (body-fixed, A_i ← A_i exp(Δφ̃_i)), element by element. */
  ode2Lhs_q(s: ItemState, k: LocalMatrixAccumulator, factor: number): void {
    this.interpolation.gather(s, this.hasDamping);
    const mixed = this.mixed;
    if (mixed !== undefined) {
      const sigma = this.gatherStresses(s);
      for (let e = 0; e < this.nElements; e++) {
        this.mixedMatrix.fill(0);
        mixed.addElementJacobian(e, sigma, 0, factor, true, this.mixedMatrix);
        this.emitMixedMatrix(e, k, false);
      }
      return;
    }
    for (let e = 0; e < this.nElements; e++) {
      this.elementMatrix.fill(0);
      this.internal.addElementJacobian(e, factor, true, this.elementMatrix);
      this.emitElementMatrix(e, k);
    }
  }

  /** The stresses σ = reference + q of the stress node (formulation 'mixed'). */
  private gatherStresses(s: ItemState): Float64Array {
    const node = this.stressNode!, q = s.q, ref = node.referenceCoordinates, j = node.qIndex, sigma = this.sigma;
    for (let i = 0; i < sigma.length; i++) sigma[i] = ref[i] + q[j + i];
    return sigma;
  }

  /**
   * Adds the structurally nonzero entries of the mixed element matrix of element e (a fixed pattern, see
   * {@link mixedElementEntries}), or with onlyStressRows those of the stress–rod block alone (the damping Jacobian ∂g/∂u).
   */
  private emitMixedMatrix(e: number, target: LocalMatrixAccumulator, onlyStressRows: boolean): void {
    const entries = this.mixedEntries!, positions = entries.positions, values = this.mixedEntryValues, m = this.mixedMatrix;
    const first = onlyStressRows ? entries.stressRodStart : 0, count = onlyStressRows ? entries.stressRodCount : positions.length;
    for (let t = 0; t < count; t++) values[t] = m[positions[first + t]];
    if (onlyStressRows) target.addEntries(entries.stressRodRows[e], entries.stressRodCols[e], values, count, 1);
    else target.addEntries(entries.rows[e], entries.cols[e], values, count, 1);
  }

  /** factor·∂(ode2Lhs)/∂u: strain-rate damping and the gyroscopic term, element by element. */
  ode2Lhs_u(s: ItemState, d: LocalMatrixAccumulator, factor: number): void {
    if (this.hasDamping) this.interpolation.gather(s, true);
    else this.interpolation.gatherAngularVelocities(s);
    const mixed = this.mixed;
    for (let e = 0; e < this.nElements; e++) {
      this.elementMatrix.fill(0);
      if (mixed !== undefined) {
        // mixed: damping acts in the stress rows (∂g/∂u), the rod rows get only the gyroscopic term
        if (this.hasDamping) {
          this.mixedMatrix.fill(0);
          mixed.addElementJacobian(e, this.sigma, 0, factor, false, this.mixedMatrix);
          this.emitMixedMatrix(e, d, true);
        }
        if (this.hasInertia) {
          this.inertial.addGyroscopicJacobian(this.interpolation.w, e, factor, this.elementMatrix);
          this.emitRotationBlocks(e, d);
        }
        continue;
      }
      if (this.hasDamping) this.internal.addElementJacobian(e, factor, false, this.elementMatrix);
      if (this.hasInertia) this.inertial.addGyroscopicJacobian(this.interpolation.w, e, factor, this.elementMatrix);
      if (this.hasDamping) this.emitElementMatrix(e, d);
      else this.emitRotationBlocks(e, d);
    }
  }

  /**
   * factorQ·∂(ode2Lhs)/∂Δ + factorU·∂(ode2Lhs)/∂u summed per element into one element matrix (one gather, one block per
   * element instead of the stiffness block and the damping or gyroscopic blocks); the mixed formulation adds the two
   * Jacobians one after the other.
   */
  ode2Lhs_qu(s: ItemState, k: LocalMatrixAccumulator, factorQ: number, factorU: number): void {
    if (this.mixed !== undefined) {
      this.ode2Lhs_q(s, k, factorQ);
      this.ode2Lhs_u(s, k, factorU);
      return;
    }
    this.interpolation.gather(s, this.hasDamping);
    if (!this.hasDamping) this.interpolation.gatherAngularVelocities(s);
    for (let e = 0; e < this.nElements; e++) {
      this.elementMatrix.fill(0);
      this.internal.addElementJacobian(e, factorQ, true, this.elementMatrix);
      if (this.hasDamping) this.internal.addElementJacobian(e, factorU, false, this.elementMatrix);
      if (this.hasInertia) this.inertial.addGyroscopicJacobian(this.interpolation.w, e, factorU, this.elementMatrix);
      this.emitElementMatrix(e, k);
    }
  }

  /** Adds all (6(p + 1))² entries of the element matrix (structural zeros too: a fixed pattern) at the rows and columns of element e. */
  private emitElementMatrix(e: number, target: LocalMatrixAccumulator): void {
    const size = 6 * (this.p + 1), offset = 6 * this.p * e;
    target.addBlock(offset, offset, size, size, this.elementMatrix, 0, size, 1);
  }

  /**
   * Adds only the (φ_i, φ_k) blocks of the element matrix, the entries the gyroscopic Jacobian fills (without damping the
   * others are zero): (p + 1)² · 9 instead of (6(p + 1))² entries. The positions are a subset of the stiffness pattern, so
   * the assembled values are those of {@link CosseratRodModel.emitElementMatrix}.
   */
  private emitRotationBlocks(e: number, target: LocalMatrixAccumulator): void {
    const np = this.p + 1, size = 6 * np, offset = 6 * this.p * e, m = this.elementMatrix;
    // 3 × 3 blocks: their positions are distinct within the element, so the order of the blocks does not change a sum
    for (let i = 0; i < np; i++) {
      const r = 6 * i + 3;
      for (let k = 0; k < np; k++) target.addBlock(offset + r, offset + 6 * k + 3, 3, 3, m, r * size + 6 * k + 3, size, 1);
    }
  }

  // ---------------------------------------------------------------------------------------
  // Body capability: kinematics at the reference arc length s = localPosition[0]

  /** r(s) = Σ N_i r_i. */
  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.position(s, e, this.arcLengths.bodyN, out);
  }

  /** v(s) = Σ N_i v_i. */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.velocity(s, e, this.arcLengths.bodyN, out);
  }

  /** The p + 1 nodes of the element at s: the only nodes that move the point (columns of the point Jacobians). */
  nodesAt(localPosition: ArrayLike<number>): readonly NodeModel[] {
    return this.elementNodes[this.arcLengths.locate(localPosition)];
  }

  /** ∂r(s)/∂u = [N_0 I₃ 0 | … | N_p I₃ 0] on the element's nodes (3 × 6(p + 1)). */
  positionJacobian(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.arcLengths.locate(localPosition);
    this.interpolation.positionJacobian(this.arcLengths.bodyN, out);
  }

  /** The cross-section orientation A(s) of the interpolation (R12: Σ N_i A(P_i); quaternion: A(Σ N_i P̂_i)). */
  orientation(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.orientation(s, e, this.arcLengths.bodyN, out);
  }

  /** ω(s) of the interpolation (R12: Σ N_i A_i ω̄_i; quaternion: A Σ N_i ω̄_i), = rotationJacobian · u. */
  angularVelocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.angularVelocity(s, e, this.arcLengths.bodyN, out);
  }

  /** K_ω(s) = Σ N_i ω̄_i, the body-fixed angular velocity field of the rod (seed eq. 9). */
  angularVelocityLocal(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.angularVelocityLocal(s, e, this.arcLengths.bodyN, out);
  }

  /** Global virtual rotation per velocity coordinate of the element's nodes (R12: blocks N_i A_i, quaternion: N_i A on the ω̄_i columns). */
  rotationJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.rotationJacobian(s, e, this.arcLengths.bodyN, out);
  }

  /** ∂ω(s)/∂Δq at fixed velocity coordinates (3 × 6(p + 1), the element's nodes), for line contacts. */
  lineAngularVelocity_q(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.angularVelocity_q(s, e, this.arcLengths.bodyN, out);
  }

  /** Σ N_i r_i, the Lagrange centerline of the virtual work (= position, except with interpolation 'SE3'). */
  centerlinePosition(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    lagrangePositionInto(this.nodes, this.p, s, e, this.arcLengths.bodyN, out);
  }

  /** r_ξ(s) = Σ N_i' r_i, the centerline tangent (its length is |r_ξ|, not 1). */
  centerlineTangent(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const e = this.arcLengths.locate(localPosition);
    lagrangePositionInto(this.nodes, this.p, s, e, this.arcLengths.bodyDN, out);
  }

  /** ∂r_ξ(s)/∂u = ∂r_ξ/∂Δq = [N_0' I₃ 0 | … | N_p' I₃ 0] on the element's nodes (3 × 6(p + 1)). */
  centerlineTangentJacobian(localPosition: ArrayLike<number>, out: Float64Array): void {
    this.arcLengths.locate(localPosition);
    lagrangePositionJacobian(this.p, this.arcLengths.bodyDN, out);
  }

  /**
   * Gauss points along the reference centerline, pointsPerElement per element: their arc-length coordinates s (as
   * markers use them) and the reference arc length ds = J dξ each point integrates over (Σ ds = L_ref).
   */
  linePoints(pointsPerElement: number): { readonly arc: Float64Array; readonly length: Float64Array } {
    const rule = new RodRule(gaussLegendreUnit(pointsPerElement), this.p, this.nElements);
    this.arcLengths.referencePointData(this.interpolation, rule);
    const scale = this.arcLengths.length / this.arcLengths.referenceLength;
    const count = rule.count * this.nElements;
    const arc = new Float64Array(count), length = new Float64Array(count);
    for (let index = 0; index < count; index++) {
      arc[index] = Math.min(rule.arc[index] * scale, this.arcLengths.length);
      length[index] = rule.weight[index % rule.count] * rule.J[index];
    }
    return { arc, length };
  }

  /** f_{r_g} += A_ρ0 ∫ N_g J dξ · b. */
  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    this.inertial.massProportionalForce(loadPerMass, f);
  }

  /** Line loads (eq. 2): force density b (global) and moment density c (cross-section frame) per arc length s ∈ [0, L]. */
  addDistributedLoad(_s: ItemState, density: DistributedLoadDensity, f: Float64Array): void {
    this.external.addLineLoads(density, f);
  }

  /** State-dependent line forces (drag, damping): f += factor·∫ (δrᵀ b + δφ_Kᵀ c) ds of the law (inertia quadrature). */
  addLineForceLaw(s: ItemState, law: LineForceLaw, f: Float64Array, factor: number): void {
    this.lineForces.addForces(this.nodes, s, law, f, factor);
  }

  /** factor·∂/∂u or ∂/∂Δq of {@link CosseratRodModel.addLineForceLaw}, element block by element block. */
  lineForceLawJacobian(s: ItemState, law: LineForceLaw, wrt: 'q' | 'u', target: LocalMatrixAccumulator, factor: number): void {
    this.lineForces.addJacobian(this.nodes, s, law, wrt, target, factor);
  }

  /**
   * factor·∂(J_posᵀ F + J_rotᵀ τ)/∂Δq at s for fixed global F, τ, on the element's nodes (6(p + 1) square): J_pos is
   * constant, the J_rot part is the interpolation's.
   */
  jacobianTransposedVector_q(s: ItemState, localPosition: ArrayLike<number>, _force: ArrayLike<number> | undefined, torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    if (torque === undefined) return;
    const e = this.arcLengths.locate(localPosition);
    this.interpolation.addRotationJacobianTransposed_q(s, e, this.arcLengths.bodyN, torque, k, factor);
  }

  /** Section quantities at s: γ − γ⁰, κ − κ⁰, n and m (new arrays; for outputs). */
  private sectionAt(s: ItemState, localPosition: ArrayLike<number>): { strain: number[]; curvature: number[]; force: number[]; moment: number[] } {
    const e = this.arcLengths.locate(localPosition), nv = this.arcLengths.bodyN, dnv = this.arcLengths.bodyDN;
    const interpolation = this.interpolation, strains = interpolation.strains, rXi = interpolation.rXi;
    interpolation.section(e, nv, dnv, 0, true);
    const J = Math.hypot(rXi[0], rXi[1], rXi[2]);
    const gamma0 = strains.gammaBar.map((x) => x / J);
    const kappa0 = strains.kappaBar.map((x) => x / J);
    interpolation.gather(s, this.hasDamping);
    interpolation.section(e, nv, dnv, 0, false);
    if (this.hasDamping) interpolation.sectionRates(e, nv, dnv, 0);
    strains.atReference(Float64Array.of(J), gamma0, kappa0, 0);
    const force = new Float64Array(3), moment = new Float64Array(3);
    if (this.mixed !== undefined) this.mixed.stressAt(this.gatherStresses(s), 0, e, this.arcLengths.bodyEta, force, moment);
    else this.law.stress(strains, this.hasDamping, force, moment);
    return {
      strain: [0, 1, 2].map((d) => strains.gammaBar[d] / J - gamma0[d]),
      curvature: [0, 1, 2].map((d) => strains.kappaBar[d] / J - kappa0[d]),
      force: Array.from(force),
      moment: Array.from(moment),
    };
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        const e = this.arcLengths.locate(localPosition);
        this.interpolation.position(s, e, this.arcLengths.bodyN, out);
        this.interpolation.subtractReferencePosition(e, this.arcLengths.bodyN, out);
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.RotationMatrix: {
        const a = new Float64Array(9);
        this.orientation(s, localPosition, a);
        return a;
      }
      case OutputVariableType.Rotation: {
        const a = new Float64Array(9);
        this.orientation(s, localPosition, a);
        return rotationMatrix2RotXYZInto(out, a);
      }
      case OutputVariableType.AngularVelocity: this.angularVelocity(s, localPosition, out); return out;
      case OutputVariableType.AngularVelocityLocal: this.angularVelocityLocal(s, localPosition, out); return out;
      case OutputVariableType.StrainLocal: return this.sectionAt(s, localPosition).strain;
      case OutputVariableType.CurvatureLocal: return this.sectionAt(s, localPosition).curvature;
      case OutputVariableType.ForceLocal: return this.sectionAt(s, localPosition).force;
      case OutputVariableType.TorqueLocal: return this.sectionAt(s, localPosition).moment;
      case OutputVariableType.KineticEnergy: return [this.inertial.kineticEnergy(s, this.nodes)];
      case OutputVariableType.PotentialEnergy: {
        this.interpolation.gather(s, false);
        return [this.internal.strainEnergy()];
      }
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** The Petrov–Galerkin Cosserat rod with nodal non-unit quaternions (Flexdyn's own item; CardiLLo's formulation). */
export const objectCosseratRodDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'CosseratRod',
  aliases: ['CosseratRod'],
  description: 'A geometrically exact Cosserat rod (axial, shear, bending and torsion) on p·n_el + 1 RigidBodyQuaternion nodes: '
    + 'Petrov–Galerkin element of Harsch, Capobianco and Eugster with R12 interpolation of centerline and rotation matrices by '
    + 'Lagrange polynomials of degree p, nodal virtual rotations and angular velocities in the cross-section frames, constant mass '
    + 'matrix. The stress-free configuration is the reference configuration of the nodes (curved and twisted rods, helices): J, γ⁰ '
    + 'and κ⁰ are computed at the quadrature points from the reference nodes. Markers and body sensors attach at localPosition '
    + '[s, 0, 0] with the reference arc length s ∈ [0, L] and depend only on the p + 1 nodes of the element at s; with interpolation \'R12\' '
    + 'the orientation between the nodes is the interpolated (not exactly orthogonal) A(s) = Σ N_i A_i, the angular velocity and rotation '
    + 'Jacobian are the interpolated nodal ones (Σ N_i A_i ω̄_i, blocks N_i A_i); with \'quaternion\' (default) the orientation is A(Σ N_i P_i/|P_i|), '
    + 'orthonormal everywhere (CardiLLo\'s quaternion rod: no curvature saturation, linear elements roll up), the angular velocity and rotation '
    + 'Jacobian are A Σ N_i ω̄_i and blocks N_i A (the Petrov–Galerkin virtual rotations); with \'SE3\' (linear elements) the pose between neighbouring '
    + 'nodes is H_0 Exp(η Log(H_0⁻¹H_1)) (CardiLLo\'s SE3 rod: constant strain per element, circles and helices exact with any number of elements), '
    + 'position and orientation at s are that pose, velocities and point Jacobians the Petrov–Galerkin fields Σ N_i v_i, A Σ N_i ω̄_i. Line loads (addDistributedLoad) integrate force densities (global) and moment densities (cross-section '
    + 'frame) with the test functions. formulation \'mixed\' (default) makes the section forces and moments unknowns of their own (Hellinger–Reissner, degree p − 1 per element, on the GenericODE2 node stressNodeNumber; constrained variants shearRigid, inextensible, kirchhoff), \'displacement\' computes them from the strains. Analytic Jacobians with respect to the increments Δr_i and body-fixed Δφ_i; mass matrix '
    + 'and Jacobians are assembled element block by element block (sparse pattern and cost linear in n_el). The R12 '
    + 'curvature of an element saturates (p = 1: |κ̄| = n_el sin θ for a relative nodal rotation θ), so linear elements must stay well below '
    + '90° of relative rotation.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Rotation,
    OutputVariableType.RotationMatrix, OutputVariableType.AngularVelocity, OutputVariableType.AngularVelocityLocal,
    OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
    OutputVariableType.KineticEnergy, OutputVariableType.PotentialEnergy,
  ],
  equations: [
    'ξ ∈ [0, 1], element e = [e/n_el, (e+1)/n_el], nodes p·e … p·e + p; r = Σ N_i r_i, A = Σ N_i A(P_i), A(P) = I + 2(p₀p̃ + p̃²)/|P|².',
    'J = |r⁰_ξ|, γ = Aᵀr_ξ/J, κ = j⁻¹(Skw(AᵀA_ξ))/J, n = C_γ(γ − γ⁰) + D_γγ̇, m = C_κ(κ − κ⁰) + D_κκ̇ (diagonal C, D).',
    'ode2Lhs (= −δW_int − gyroscopic part of δW_dyn): f_{r_i} = ∫ N_i\' A n dξ, f_{φ_i} = ∫ [N_i\' m − N_i(γ̄ × n + κ̄ × m)] dξ + ∫ N_i (ω × I ω) J dξ,',
    'γ̄ = Aᵀr_ξ, κ̄ = j⁻¹(Skw(AᵀA_ξ)), ω = Σ N_i ω̄_i; Gauss quadrature per element: p points (reduced) or p + 1 (full) for the internal forces,',
    '⌈3(p + 1)/2⌉ points for mass matrix, gyroscopic term, gravity and kinetic energy (exact for constant J).',
    'M: ∫ N_i N_j A_ρ0 J dξ · I₃ (translations), ∫ N_i N_j J dξ · K_I_ρ0 (rotations); gravity f_{r_i} = A_ρ0 ∫ N_i J dξ · b;',
    'line loads f_{r_i} = ∫ N_i b ds, f_{φ_i} = ∫ N_i c ds (ds = (L/L_ref) J dξ, inertia quadrature).',
    'PotentialEnergy = ∫ ½[(γ − γ⁰)ᵀC_γ(γ − γ⁰) + (κ − κ⁰)ᵀC_κ(κ − κ⁰)] J dξ (internal-force quadrature), KineticEnergy = ½uᵀMu.',
  ].join('\n'),
  validate: validateRod,
  example: (mbs) => {
    // two quadratic elements along a bent reference line, with every stiffness, damping and inertia parameter set
    const nodes = [0, 1, 2, 3, 4].map((i) => mbs.addNode({ nodeType: 'RigidBodyQuaternion', referenceCoordinates: [0.25 * i, 0.02 * i * i, 0, 1, 0, 0, 0.04 * i], initialVelocities: [0, 0.1 * i, 0, 0.2, 0, 0.5] }));
    const rod = mbs.addObject({
      // the displacement element of seed 000 (the items whose examples build on this one keep their figures; the mixed
      // formulation's Jacobians are checked in test/rods/mixedRod.test.ts)
      objectType: 'CosseratRod', interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodes, polynomialDegree: 2, physicsMassPerLength: 0.5, physicsInertiaPerLength: [0.02, 0.01, 0.01],
      physicsAxialShearStiffness: [100, 40, 50], physicsBendingTorsionStiffness: [3, 4, 5], physicsAxialShearDamping: [0.5, 0.2, 0.3], physicsBendingTorsionDamping: [0.02, 0.03, 0.04],
    });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: rod, localPosition: [0.6, 0, 0] }), loadVector: [0, 0.5, -1] });
    return rod;
  },
  create: (v, label) => new CosseratRodModel(label, v),
};

/** Factory for a Cosserat rod. */
export const ObjectCosseratRod = makeFactory(objectCosseratRodDefinition);
/** Alias of {@link ObjectCosseratRod}. */
export const CosseratRod = ObjectCosseratRod;

/** The entries of the mixed element matrix that {@link MixedVirtualWork.addElementJacobian} can make nonzero, per element. */
interface MixedElementEntries {
  /** Row-major positions in the (6(p + 1) + 6p)² element matrix, the same for all elements. */
  readonly positions: Int32Array;
  /** Local rows and columns of the rod's matrix, per element. */
  readonly rows: Int32Array[];
  readonly cols: Int32Array[];
  /** The stress–rod block: its first index in positions, its entry count and its local rows and columns per element (views). */
  readonly stressRodStart: number;
  readonly stressRodCount: number;
  readonly stressRodRows: Int32Array[];
  readonly stressRodCols: Int32Array[];
}

/**
 * The structurally nonzero entries of the mixed element matrix, in 3 × 3 blocks (node i, node k, stress point j; r, φ
 * the position and rotation increments, n, m the stresses): rod–rod (r_i, φ_k), (φ_i, r_k), (φ_i, φ_k) (no (r_i, r_k):
 * at fixed stresses the rod rows depend on the position only through the strains in the stress rows); rod–stress
 * (r_i, n_j), (φ_i, n_j), (φ_i, m_j) (f_r does not depend on m); stress–rod (n_j, r_i), (n_j, φ_i), (m_j, φ_i) (κ does
 * not depend on r); stress–stress the diagonal (the compliance). Fewer than half of the dense matrix's entries
 * (579 of 900 at p = 2), so the assembled Jacobian and its sparse LU factors hold no structural zeros. Ordered rod–rod,
 * rod–stress, stress–rod, stress–stress, each row by row; local numbering: element e's rod coordinates at 6pe,
 * its stresses at 6·nNodes + 6pe.
 */
function mixedElementEntries(p: number, nElements: number, nNodes: number): MixedElementEntries {
  const np = p + 1, nRod = 6 * np, size = nRod + 6 * p;
  const positions: number[] = [];
  // 3 × 3 blocks (row group, column group) in element-local indices, rows of a group consecutive
  const addBlocks = (rowGroups: number[], colGroups: (row: number) => number[]) => {
    for (const row of rowGroups) for (let r = 0; r < 3; r++) for (const col of colGroups(row)) for (let c = 0; c < 3; c++) positions.push((row + r) * size + col + c);
  };
  const rodGroups = Array.from({ length: 2 * np }, (_, g) => 3 * g);
  const stressGroups = Array.from({ length: 2 * p }, (_, g) => nRod + 3 * g);
  const isPosition = (group: number) => group % 6 === 0;
  const isForce = (group: number) => (group - nRod) % 6 === 0;
  addBlocks(rodGroups, (row) => rodGroups.filter((col) => !(isPosition(row) && isPosition(col))));
  addBlocks(rodGroups, (row) => stressGroups.filter((col) => !isPosition(row) || isForce(col)));
  const stressRodStart = positions.length;
  addBlocks(stressGroups, (row) => rodGroups.filter((col) => isForce(row) || !isPosition(col)));
  const stressRodCount = positions.length - stressRodStart;
  for (let c = nRod; c < size; c++) positions.push(c * size + c);
  const rows: Int32Array[] = [], cols: Int32Array[] = [], stressRodRows: Int32Array[] = [], stressRodCols: Int32Array[] = [];
  const local = (e: number, index: number) => index < nRod ? 6 * p * e + index : 6 * nNodes + 6 * p * e + index - nRod;
  for (let e = 0; e < nElements; e++) {
    const rowsE = Int32Array.from(positions, (position) => local(e, Math.floor(position / size)));
    const colsE = Int32Array.from(positions, (position) => local(e, position % size));
    rows.push(rowsE);
    cols.push(colsE);
    stressRodRows.push(rowsE.subarray(stressRodStart, stressRodStart + stressRodCount));
    stressRodCols.push(colsE.subarray(stressRodStart, stressRodStart + stressRodCount));
  }
  return { positions: Int32Array.from(positions), rows, cols, stressRodStart, stressRodCount, stressRodRows, stressRodCols };
}
