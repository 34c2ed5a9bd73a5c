import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, denseLocalMatrix, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, nodeIndexArray, real, ureal, type ParameterValues } from '../../registry/parameters.ts';
import { zeroArray } from '../../linalg/arrays.ts';
import { beamGeometricallyExact2DRegion, type BeamGeometricallyExact2DKernels } from './beamGeometricallyExact2DKernels.ts';

const parameters = {
  nodeNumbers: nodeIndexArray('Two RigidBody2D nodes [n0, n1] at x = −L/2 and L/2 (linear element), or three [n0, n1, n2] at x = −L/2, 0, L/2 (quadratic element; the middle node is n1).'),
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive. Local positions [x, y, 0] with x ∈ [−L/2, L/2].'),
  physicsMassPerLength: ureal(0, 'Mass per length ρA [kg/m].'),
  physicsCrossSectionInertia: ureal(0, 'Cross-section inertia per length ρJ [kg m] (rotary inertia of the sections).'),
  physicsBendingStiffness: ureal(0, 'Bending stiffness EI [N m²]: M = EI κ.'),
  physicsAxialStiffness: ureal(0, 'Axial stiffness EA [N]: N = EA γ₁.'),
  physicsShearStiffness: ureal(0, 'Shear stiffness k_s GA [N]: Q = k_s GA γ₂.'),
  physicsBendingDamping: ureal(0, 'Bending damping d_κ [N m²/s]: adds d_κ κ̇ to M.'),
  physicsAxialDamping: ureal(0, 'Axial damping d_γ₁ [N/s]: adds d_γ₁ γ̇₁ to N.'),
  physicsShearDamping: ureal(0, 'Shear damping d_γ₂ [N/s]: adds d_γ₂ γ̇₂ to Q.'),
  physicsReferenceCurvature: real(0, 'Reference (pre-)curvature κ₀ [1/m]: the stress-free curvature, κ = θ\' − κ₀.'),
  includeReferenceRotations: bool(false, 'True: the reference angle of the sections is interpolated from the nodes\' reference angles; false: it is the direction of the reference axis (the nodes\' reference angles are then ignored, so that elements at different angles share a node).'),
};

type BeamValues = ParameterValues<typeof parameters>;

/** Gauss points on [−1, 1] and weights: 1 point for the linear element's strains (reduced, lock-free), 2 for the quadratic one's. */
const gauss1 = { points: [0], weights: [2] };
const gauss2 = { points: [-Math.sqrt(1 / 3), Math.sqrt(1 / 3)], weights: [1, 1] };
/** 3-point Gauss for the quadratic element's mass matrix (exact for the product of two quadratic shapes). */
const gauss3 = { points: [-Math.sqrt(3 / 5), 0, Math.sqrt(3 / 5)], weights: [5 / 9, 8 / 9, 5 / 9] };

/** Lagrange shape functions at x ∈ [−L/2, L/2] for 2 or 3 nodes (out[0..nN−1]) and their x-derivatives (out[nN..2nN−1]). */
function shapes(nN: number, x: number, L: number, out: Float64Array): void {
  if (nN === 2) {
    out[0] = 0.5 - x / L; out[1] = 0.5 + x / L;
    out[2] = -1 / L; out[3] = 1 / L;
    return;
  }
  const xi = 2 * x / L;
  out[0] = 0.5 * xi * (xi - 1); out[1] = 1 - xi * xi; out[2] = 0.5 * xi * (xi + 1);
  out[3] = (2 * xi - 1) / L; out[4] = -4 * xi / L; out[5] = (2 * xi + 1) / L;
}

/** Strain quadrature data: per point p the shapes S_i (nN), derivatives S'_i (nN), weight and reference angle. */
class StrainRule {
  readonly count: number;
  readonly S: Float64Array;
  readonly Sx: Float64Array;
  readonly weight: Float64Array;
  /** Reference angle of the section θ_ref(x) (set in bind). */
  readonly thetaRef: Float64Array;

  constructor(nN: number, L: number) {
    const rule = nN === 2 ? gauss1 : gauss2;
    const n = rule.points.length;
    this.count = n;
    this.S = new Float64Array(nN * n);
    this.Sx = new Float64Array(nN * n);
    this.weight = new Float64Array(n);
    this.thetaRef = new Float64Array(n);
    const work = new Float64Array(2 * nN);
    for (let p = 0; p < n; p++) {
      shapes(nN, 0.5 * L * rule.points[p], L, work);
      for (let i = 0; i < nN; i++) { this.S[nN * p + i] = work[i]; this.Sx[nN * p + i] = work[nN + i]; }
      this.weight[p] = 0.5 * L * rule.weights[p];
    }
  }
}

/** Largest number of local coordinates (3 nodes × [x, y, θ]). */
const MAX_LOCAL = 9;

/**
 * Run-time model of the planar geometrically exact (Simo–Reissner, Timoshenko) beam on 2 or 3 RigidBody2D nodes:
 * Lagrange interpolation of position r and section angle θ, strains γ₁ = t·r' − 1, γ₂ = n·r' (t = [cos θ, sin θ],
 * n = [−sin θ, cos θ]) and κ = θ' − κ₀, virtual work ∫ (N δγ₁ + Q δγ₂ + M δκ) dx with reduced Gauss integration,
 * constant consistent mass matrix of ρA (positions) and ρJ (angles).
 */
class BeamGeometricallyExact2DModel implements Only<ObjectModel & BodyModel, BeamGeometricallyExact2DModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix = true;
  readonly nLocalU: number;
  readonly ode2LhsDependsOnVelocity: boolean;
  readonly arcLength: number;
  readonly arcStart: number;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly nN: number;
  private readonly L: number;
  private readonly rule: StrainRule;
  private readonly mass: Float64Array;
  /** ∫ ρA S_i dx per node. */
  private readonly massShapeIntegral: Float64Array;
  private readonly localMatrix: Float64Array;
  /** Reference coordinates of the nodes (3 per node). */
  private readonly qRef = new Float64Array(MAX_LOCAL);
  private readonly e = new Float64Array(MAX_LOCAL);
  private readonly v = new Float64Array(MAX_LOCAL);
  private readonly d1 = new Float64Array(MAX_LOCAL);
  private readonly d2 = new Float64Array(MAX_LOCAL);
  private readonly shapeWork = new Float64Array(6);
  /** The kernels (beamGeometricallyExact2DKernelsSource.ts) and the byte address of the element's region. */
  private readonly kernels: BeamGeometricallyExact2DKernels;
  private readonly address: number;
  /** The element's region of the kernels' memory (the kernels' source gives its offsets). */
  private readonly region: Float64Array;
  /** factor ∂f/∂q in the region (3nN × 3nN row-major, beam2DStiffness). */
  private readonly stiffness: Float64Array;
  /** θ_ref at the point of sectionAt (passed to section as an array: a double argument of a call not inlined is boxed). */
  private readonly thetaRefAt = new Float64Array(1);
  /** Section state of the last {@link BeamGeometricallyExact2DModel.section} call. */
  private readonly sec = { c: 1, s: 0, gamma1: 0, gamma2: 0, kappa: 0, gamma1_t: 0, gamma2_t: 0, kappa_t: 0, theta_t: 0 };

  constructor(readonly label: ItemLabel, private readonly p: BeamValues) {
    if (!(p.physicsLength > 0)) itemError(label, 'physicsLength', `must be positive, got ${p.physicsLength}`);
    const nN = p.nodeNumbers.length;
    if (nN !== 2 && nN !== 3) itemError(label, 'nodeNumbers', `must contain two (linear) or three (quadratic) RigidBody2D node numbers, got ${describeValue(p.nodeNumbers)}`);
    this.nN = nN;
    this.nLocalU = 3 * nN;
    this.L = p.physicsLength;
    this.arcLength = this.L;
    this.arcStart = -0.5 * this.L;
    this.rule = new StrainRule(nN, this.L);
    this.localMatrix = denseLocalMatrix(this.nLocalU);
    this.ode2LhsDependsOnVelocity = p.physicsAxialDamping !== 0 || p.physicsShearDamping !== 0 || p.physicsBendingDamping !== 0;
    const n = this.nLocalU;
    const { kernels, region, address } = beamGeometricallyExact2DRegion();
    this.kernels = kernels;
    this.region = region;
    this.address = address;
    this.stiffness = region.subarray(102, 102 + n * n);
    const rule = this.rule;
    for (let k = 0; k < nN * rule.count; k++) { region[27 + k] = rule.S[k]; region[33 + k] = rule.Sx[k]; }
    for (let k = 0; k < rule.count; k++) region[39 + k] = rule.weight[k];
    region.set([p.physicsAxialStiffness, p.physicsShearStiffness, p.physicsBendingStiffness, p.physicsAxialDamping, p.physicsShearDamping,
      p.physicsBendingDamping, p.physicsReferenceCurvature], 43);
    this.mass = new Float64Array(n * n);
    this.massShapeIntegral = new Float64Array(nN);
    const massRule = nN === 2 ? gauss2 : gauss3;
    for (let k = 0; k < massRule.points.length; k++) {
      shapes(nN, 0.5 * this.L * massRule.points[k], this.L, this.shapeWork);
      const w = 0.5 * this.L * massRule.weights[k];
      for (let i = 0; i < nN; i++) {
        this.massShapeIntegral[i] += w * p.physicsMassPerLength * this.shapeWork[i];
        for (let j = 0; j < nN; j++) {
          const sij = w * this.shapeWork[i] * this.shapeWork[j];
          this.mass[(3 * i) * n + 3 * j] += sij * p.physicsMassPerLength;
          this.mass[(3 * i + 1) * n + 3 * j + 1] += sij * p.physicsMassPerLength;
          this.mass[(3 * i + 2) * n + 3 * j + 2] += sij * p.physicsCrossSectionInertia;
        }
      }
    }
  }

  get body(): BodyModel {
    return this;
  }

  bind(context: BindContext): void {
    this.nodes = this.p.nodeNumbers.map((index, i) => {
      const node = context.node(index, 'nodeNumbers');
      if (node.label.typeName !== 'RigidBody2D') {
        itemError(this.label, 'nodeNumbers', `entry ${i} must refer to a RigidBody2D node, got Node${node.label.typeName} #${node.label.index}`);
      }
      return node;
    });
    this.localNodes = this.nodes;
    this.nodes.forEach((node, i) => { for (let k = 0; k < 3; k++) this.qRef[3 * i + k] = node.referenceCoordinates[k]; });
    const { rule, nN, shapeWork: w } = this;
    for (let p = 0; p < rule.count; p++) {
      for (let i = 0; i < nN; i++) { w[i] = rule.S[nN * p + i]; w[nN + i] = rule.Sx[nN * p + i]; }
      rule.thetaRef[p] = this.referenceAngle(w);
      this.region[41 + p] = rule.thetaRef[p];
    }
    this.region.set(this.qRef, 18);
  }

  /** Total coordinates e = q_ref + q and velocities v of the element from a state. */
  private gather(s: ItemState): void {
    const { nodes, e, v, qRef } = this;
    for (let i = 0; i < nodes.length; i++) {
      const qIndex = nodes[i].qIndex, uIndex = nodes[i].uIndex;
      for (let k = 0; k < 3; k++) {
        e[3 * i + k] = qRef[3 * i + k] + s.q[qIndex + k];
        v[3 * i + k] = s.u[uIndex + k];
      }
    }
  }

  /**
   * Section state from this.e, this.v with shapes S = S[o..o+nN−1], S' = Sx[o..] and reference angle thetaRefs[p]: θ, r',
   * γ₁, γ₂, κ, their rates and the variations δγ₁ = d1 (t·δr' + γ₂ δθ), δγ₂ = d2 (n·δr' − (1 + γ₁) δθ).
   */
  private section(S: Float64Array, Sx: Float64Array, o: number, thetaRefs: Float64Array, p: number): void {
    const { nN, e, v, d1, d2, sec } = this;
    let rpx = 0, rpy = 0, theta = thetaRefs[p], thetaX = 0, theta_t = 0, kappa_t = 0;
    for (let i = 0; i < nN; i++) {
      rpx += Sx[o + i] * e[3 * i];
      rpy += Sx[o + i] * e[3 * i + 1];
      theta += S[o + i] * (e[3 * i + 2] - this.qRef[3 * i + 2]);
      thetaX += Sx[o + i] * e[3 * i + 2];
      theta_t += S[o + i] * v[3 * i + 2];
      kappa_t += Sx[o + i] * v[3 * i + 2];
    }
    const c = Math.cos(theta), sn = Math.sin(theta);
    const gamma1 = c * rpx + sn * rpy - 1;
    const gamma2 = -sn * rpx + c * rpy;
    let gamma1_t = 0, gamma2_t = 0;
    for (let i = 0; i < nN; i++) {
      d1[3 * i] = c * Sx[o + i]; d1[3 * i + 1] = sn * Sx[o + i]; d1[3 * i + 2] = gamma2 * S[o + i];
      d2[3 * i] = -sn * Sx[o + i]; d2[3 * i + 1] = c * Sx[o + i]; d2[3 * i + 2] = -(1 + gamma1) * S[o + i];
      for (let k = 0; k < 3; k++) { gamma1_t += d1[3 * i + k] * v[3 * i + k]; gamma2_t += d2[3 * i + k] * v[3 * i + k]; }
    }
    sec.c = c; sec.s = sn;
    sec.gamma1 = gamma1; sec.gamma2 = gamma2; sec.kappa = thetaX - this.p.physicsReferenceCurvature;
    sec.gamma1_t = gamma1_t; sec.gamma2_t = gamma2_t; sec.kappa_t = kappa_t; sec.theta_t = theta_t;
  }

  /** {@link section} at strain point p of the rule. */
  private sectionAtPoint(p: number): void {
    this.section(this.rule.S, this.rule.Sx, this.nN * p, this.rule.thetaRef, p);
  }

  massMatrix(_s: ItemState, acc: LocalMatrixAccumulator): void {
    const n = this.nLocalU;
    acc.addBlock(0, 0, n, n, this.mass, 0, n, 1);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (this.nN === 2) this.ode2LhsLinear(s, f);
    else this.ode2LhsSections(s, f);
  }

  /** ode2Lhs of any element from {@link gather} and {@link section} at each strain point. */
  private ode2LhsSections(s: ItemState, f: Float64Array): void {
    this.gather(s);
    const { rule, nN, d1, d2, sec, p: q } = this;
    for (let p = 0; p < rule.count; p++) {
      this.sectionAtPoint(p);
      const w = rule.weight[p];
      const N = w * (q.physicsAxialStiffness * sec.gamma1 + q.physicsAxialDamping * sec.gamma1_t);
      const Q = w * (q.physicsShearStiffness * sec.gamma2 + q.physicsShearDamping * sec.gamma2_t);
      const M = w * (q.physicsBendingStiffness * sec.kappa + q.physicsBendingDamping * sec.kappa_t);
      for (let a = 0; a < this.nLocalU; a++) f[a] += N * d1[a] + Q * d2[a];
      for (let i = 0; i < nN; i++) f[3 * i + 2] += M * rule.Sx[nN * p + i];
    }
  }

  /**
   * {@link ode2LhsSections} of the linear element (one strain point) with {@link gather}, {@link section} and the sums
   * written out for two nodes in locals: the same operations in the same order, so the same numbers (test), at about
   * half the time (the residual runs once per Newton iteration; gridGeomExactBeam2D: 72 elements, 59 112 calls). It
   * stays JavaScript: as a kernel (the state copied into the region, the angle, the trigonometric functions, the forces
   * copied out) gridGeomExactBeam2D took 88 M instructions more.
   */
  private ode2LhsLinear(s: ItemState, f: Float64Array): void {
    const { qRef, rule, p: q } = this;
    const qs = s.q, us = s.u;
    const qa = this.nodes[0].qIndex, qb = this.nodes[1].qIndex, ua = this.nodes[0].uIndex, ub = this.nodes[1].uIndex;
    const e0 = qRef[0] + qs[qa], e1 = qRef[1] + qs[qa + 1], e2 = qRef[2] + qs[qa + 2];
    const e3 = qRef[3] + qs[qb], e4 = qRef[4] + qs[qb + 1], e5 = qRef[5] + qs[qb + 2];
    const v0 = us[ua], v1 = us[ua + 1], v2 = us[ua + 2], v3 = us[ub], v4 = us[ub + 1], v5 = us[ub + 2];
    const S0 = rule.S[0], S1 = rule.S[1], Sx0 = rule.Sx[0], Sx1 = rule.Sx[1];
    let rpx = 0, rpy = 0, theta = rule.thetaRef[0], thetaX = 0, theta_t = 0, kappa_t = 0;
    rpx += Sx0 * e0; rpy += Sx0 * e1; theta += S0 * (e2 - qRef[2]); thetaX += Sx0 * e2; theta_t += S0 * v2; kappa_t += Sx0 * v2;
    rpx += Sx1 * e3; rpy += Sx1 * e4; theta += S1 * (e5 - qRef[5]); thetaX += Sx1 * e5; theta_t += S1 * v5; kappa_t += Sx1 * v5;
    const c = Math.cos(theta), sn = Math.sin(theta);
    const gamma1 = c * rpx + sn * rpy - 1;
    const gamma2 = -sn * rpx + c * rpy;
    const d10 = c * Sx0, d11 = sn * Sx0, d12 = gamma2 * S0, d13 = c * Sx1, d14 = sn * Sx1, d15 = gamma2 * S1;
    const d20 = -sn * Sx0, d21 = c * Sx0, d22 = -(1 + gamma1) * S0, d23 = -sn * Sx1, d24 = c * Sx1, d25 = -(1 + gamma1) * S1;
    let gamma1_t = 0, gamma2_t = 0;
    gamma1_t += d10 * v0; gamma2_t += d20 * v0; gamma1_t += d11 * v1; gamma2_t += d21 * v1; gamma1_t += d12 * v2; gamma2_t += d22 * v2;
    gamma1_t += d13 * v3; gamma2_t += d23 * v3; gamma1_t += d14 * v4; gamma2_t += d24 * v4; gamma1_t += d15 * v5; gamma2_t += d25 * v5;
    const kappa = thetaX - q.physicsReferenceCurvature;
    const w = rule.weight[0];
    const N = w * (q.physicsAxialStiffness * gamma1 + q.physicsAxialDamping * gamma1_t);
    const Q = w * (q.physicsShearStiffness * gamma2 + q.physicsShearDamping * gamma2_t);
    const M = w * (q.physicsBendingStiffness * kappa + q.physicsBendingDamping * kappa_t);
    f[0] += N * d10 + Q * d20; f[1] += N * d11 + Q * d21; f[2] += N * d12 + Q * d22;
    f[3] += N * d13 + Q * d23; f[4] += N * d14 + Q * d24; f[5] += N * d15 + Q * d25;
    f[2] += M * Sx0; f[5] += M * Sx1;
  }

  /**
   * The nodes' coordinates and velocities into the region, the section angles (kernel beam2DAngles) and their cosines and
   * sines (outside the kernels' subset).
   */
  private prepareKernels(s: ItemState): void {
    const { nodes, region: b } = this;
    const q = s.q, u = s.u;
    for (let i = 0; i < nodes.length; i++) {
      const qIndex = nodes[i].qIndex, uIndex = nodes[i].uIndex, a = 3 * i;
      b[a] = q[qIndex]; b[a + 1] = q[qIndex + 1]; b[a + 2] = q[qIndex + 2];
      b[9 + a] = u[uIndex]; b[10 + a] = u[uIndex + 1]; b[11 + a] = u[uIndex + 2];
    }
    this.kernels.beam2DAngles(this.address, this.nN);
    b[53] = Math.cos(b[51]); b[54] = Math.sin(b[51]);
    if (this.nN === 3) { b[55] = Math.cos(b[52]); b[56] = Math.sin(b[52]); }
  }

  /**
   * ∂f/∂q = Σ w [δγ₁ ⊗ (EA δγ₁ + d_γ₁ H₁v) + N H₁ + δγ₂ ⊗ (GA δγ₂ + d_γ₂ H₂v) + Q H₂ + EI δκ ⊗ δκ] with the second
   * variations H₁ = P_n⊗Θ + Θ⊗P_n − (1 + γ₁) Θ⊗Θ, H₂ = −P_t⊗Θ − Θ⊗P_t − γ₂ Θ⊗Θ (P_t, P_n: t, n times S'_i in the
   * position rows; Θ: S_i in the angle rows), by the kernel beam2DStiffness: a short run's element Jacobians
   * (gridGeomExactBeam2D: 792) ran mostly in V8's baseline tiers as JavaScript (68 M instructions less as a kernel).
   */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const n = this.nLocalU;
    this.prepareKernels(s);
    this.region[50] = factor;
    this.kernels.beam2DStiffness(this.address, this.nN);
    acc.addBlock(0, 0, n, n, this.stiffness, 0, n, 1);
  }

  /** ∂f/∂u = Σ w (d_γ₁ δγ₁⊗δγ₁ + d_γ₂ δγ₂⊗δγ₂ + d_κ δκ⊗δκ). */
  ode2Lhs_u(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    this.gather(s);
    const n = this.nLocalU;
    const d = this.localMatrix;
    zeroArray(d);
    const { rule, nN, d1, d2, p: q } = this;
    for (let p = 0; p < rule.count; p++) {
      this.sectionAtPoint(p);
      const w = factor * rule.weight[p];
      const da = w * q.physicsAxialDamping, ds = w * q.physicsShearDamping, db = w * q.physicsBendingDamping;
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) d[a * n + b] += da * d1[a] * d1[b] + ds * d2[a] * d2[b];
      for (let i = 0; i < nN; i++) {
        for (let j = 0; j < nN; j++) d[(3 * i + 2) * n + 3 * j + 2] += db * rule.Sx[nN * p + i] * rule.Sx[nN * p + j];
      }
    }
    acc.addBlock(0, 0, n, n, d, 0, n, 1);
  }

  /** Section angle φ(x) = θ_ref(x) + Σ S_i Δθ_i; leaves S, S' at x in shapeWork. */
  private angleAt(s: ItemState, x: number): number {
    const { nN, shapeWork: w } = this;
    shapes(nN, x, this.L, w);
    let phi = this.referenceAngle(w);
    for (let i = 0; i < nN; i++) phi += w[i] * s.q[this.nodes[i].qIndex + 2];
    return phi;
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0, y = localPosition[1] ?? 0;
    const phi = y !== 0 ? this.angleAt(s, x) : 0;
    const { nN, shapeWork: w } = this;
    shapes(nN, x, this.L, w);
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i < nN; i++) {
      const node = this.nodes[i];
      out[0] += w[i] * (this.qRef[3 * i] + s.q[node.qIndex]);
      out[1] += w[i] * (this.qRef[3 * i + 1] + s.q[node.qIndex + 1]);
    }
    if (y !== 0) { out[0] -= y * Math.sin(phi); out[1] += y * Math.cos(phi); }
  }

  /** Σ S_i u_i − y ω [cos φ, sin φ]. */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0, y = localPosition[1] ?? 0;
    const phi = y !== 0 ? this.angleAt(s, x) : 0;
    const { nN, shapeWork: w } = this;
    shapes(nN, x, this.L, w);
    out[0] = 0; out[1] = 0; out[2] = 0;
    let omega = 0;
    for (let i = 0; i < nN; i++) {
      const j = this.nodes[i].uIndex;
      out[0] += w[i] * s.u[j];
      out[1] += w[i] * s.u[j + 1];
      omega += w[i] * s.u[j + 2];
    }
    if (y !== 0) { out[0] -= y * omega * Math.cos(phi); out[1] -= y * omega * Math.sin(phi); }
  }

  /** ∂p/∂u (3 × 3nN): S_i in the position columns, −y S_i [cos φ, sin φ] in the angle columns. */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0, y = localPosition[1] ?? 0;
    const phi = y !== 0 ? this.angleAt(s, x) : 0;
    const { nN, nLocalU: n, shapeWork: w } = this;
    shapes(nN, x, this.L, w);
    out.fill(0, 0, 3 * n);
    for (let i = 0; i < nN; i++) {
      out[3 * i] = w[i];
      out[n + 3 * i + 1] = w[i];
      if (y !== 0) { out[3 * i + 2] = -y * w[i] * Math.cos(phi); out[n + 3 * i + 2] = -y * w[i] * Math.sin(phi); }
    }
  }

  /** ∂v/∂q at fixed u: y ω S_j [sin φ, −cos φ] in the angle columns. */
  velocity_q(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0, y = localPosition[1] ?? 0;
    const n = this.nLocalU;
    out.fill(0, 0, 3 * n);
    if (y === 0) return;
    const phi = this.angleAt(s, x);
    const { nN, shapeWork: w } = this;
    let omega = 0;
    for (let i = 0; i < nN; i++) omega += w[i] * s.u[this.nodes[i].uIndex + 2];
    for (let j = 0; j < nN; j++) {
      out[3 * j + 2] = y * omega * w[j] * Math.sin(phi);
      out[n + 3 * j + 2] = -y * omega * w[j] * Math.cos(phi);
    }
  }

  /** Kinematic part of load Jacobians: for y ≠ 0 the angle entries y S_i S_j (F_x sin φ − F_y cos φ); torques add nothing. */
  jacobianTransposedVector_q(s: ItemState, localPosition: ArrayLike<number>, force: ArrayLike<number> | undefined, _torque: ArrayLike<number> | undefined, k: Float64Array, factor: number): void {
    const x = localPosition[0] ?? 0, y = localPosition[1] ?? 0;
    if (force === undefined || y === 0) return;
    const phi = this.angleAt(s, x);
    const { nN, nLocalU: n, shapeWork: w } = this;
    const c = factor * y * (force[0] * Math.sin(phi) - force[1] * Math.cos(phi));
    for (let i = 0; i < nN; i++) for (let j = 0; j < nN; j++) k[(3 * i + 2) * n + 3 * j + 2] += c * w[i] * w[j];
  }

  orientation(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const phi = this.angleAt(s, localPosition[0] ?? 0);
    const c = Math.cos(phi), sn = Math.sin(phi);
    out[0] = c; out[1] = -sn; out[2] = 0;
    out[3] = sn; out[4] = c; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
  }

  angularVelocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const { nN, shapeWork: w } = this;
    shapes(nN, localPosition[0] ?? 0, this.L, w);
    out[0] = 0; out[1] = 0; out[2] = 0;
    for (let i = 0; i < nN; i++) out[2] += w[i] * s.u[this.nodes[i].uIndex + 2];
  }

  angularVelocityLocal(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.angularVelocity(s, localPosition, out);
  }

  /** ∂ω/∂u (3 × 3nN): S_i in the z row, angle columns. */
  rotationJacobian(_s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    const { nN, nLocalU: n, shapeWork: w } = this;
    shapes(nN, localPosition[0] ?? 0, this.L, w);
    out.fill(0, 0, 3 * n);
    for (let i = 0; i < nN; i++) out[2 * n + 3 * i + 2] = w[i];
  }

  massProportionalForce(_s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    for (let i = 0; i < this.nN; i++) {
      f[3 * i] += this.massShapeIntegral[i] * loadPerMass[0];
      f[3 * i + 1] += this.massShapeIntegral[i] * loadPerMass[1];
    }
  }

  /** Strains and their rates at any axial position x (a copy of the section state). */
  private sectionAt(s: ItemState, x: number): typeof this.sec {
    const nN = this.nN;
    const w = this.shapeWork;
    shapes(nN, x, this.L, w);
    this.gather(s);
    this.thetaRefAt[0] = this.referenceAngle(w);
    this.section(w.subarray(0, nN), w.subarray(nN), 0, this.thetaRefAt, 0);
    return { ...this.sec };
  }

  /** θ_ref at the point whose shapes S, S' are in w[0..nN−1], w[nN..2nN−1]. */
  private referenceAngle(w: Float64Array): number {
    const nN = this.nN;
    let phi = 0, rx = 0, ry = 0;
    for (let i = 0; i < nN; i++) {
      phi += w[i] * this.qRef[3 * i + 2];
      rx += w[nN + i] * this.qRef[3 * i];
      ry += w[nN + i] * this.qRef[3 * i + 1];
    }
    return this.p.includeReferenceRotations ? phi : Math.atan2(ry, rx);
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    const out = new Float64Array(3);
    const q = this.p;
    switch (variable) {
      case OutputVariableType.Position: this.position(s, localPosition, out); return out;
      case OutputVariableType.Displacement: {
        const reference = new Float64Array(3);
        this.position(s, localPosition, out);
        this.referencePosition(localPosition, reference);
        for (let c = 0; c < 3; c++) out[c] -= reference[c];
        return out;
      }
      case OutputVariableType.Velocity: this.velocity(s, localPosition, out); return out;
      case OutputVariableType.Rotation: return [0, 0, this.angleAt(s, localPosition[0] ?? 0)];
      case OutputVariableType.StrainLocal: {
        const c = this.sectionAt(s, localPosition[0] ?? 0);
        return [c.gamma1, 0, 0, 0, 0, c.gamma2];
      }
      case OutputVariableType.CurvatureLocal: return [0, 0, this.sectionAt(s, localPosition[0] ?? 0).kappa];
      case OutputVariableType.ForceLocal: {
        const c = this.sectionAt(s, localPosition[0] ?? 0);
        return [q.physicsAxialStiffness * c.gamma1 + q.physicsAxialDamping * c.gamma1_t, q.physicsShearStiffness * c.gamma2 + q.physicsShearDamping * c.gamma2_t, 0];
      }
      case OutputVariableType.TorqueLocal: {
        const c = this.sectionAt(s, localPosition[0] ?? 0);
        return [0, 0, q.physicsBendingStiffness * c.kappa + q.physicsBendingDamping * c.kappa_t];
      }
      default: return undefined;
    }
  }

  /** Position of a local point in the reference configuration. */
  private referencePosition(localPosition: ArrayLike<number>, out: Float64Array): void {
    const x = localPosition[0] ?? 0, y = localPosition[1] ?? 0;
    const { nN, shapeWork: w } = this;
    shapes(nN, x, this.L, w);
    const phi = this.referenceAngle(w);
    out[0] = -y * Math.sin(phi); out[1] = y * Math.cos(phi); out[2] = 0;
    for (let i = 0; i < nN; i++) {
      out[0] += w[i] * this.qRef[3 * i];
      out[1] += w[i] * this.qRef[3 * i + 1];
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** The planar geometrically exact beam (Exudyn's ObjectBeamGeometricallyExact2D). */
export const objectBeamGeometricallyExact2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'BeamGeometricallyExact2D',
  aliases: ['Beam2D'],
  description: 'A planar geometrically exact (Simo–Reissner) beam with shear deformation on two (linear) or three (quadratic) RigidBody2D nodes: '
    + 'Lagrange interpolation of the axis position and the section angle, axial strain γ₁, shear strain γ₂ and curvature κ, '
    + 'reduced Gauss integration (1 point linear, 2 points quadratic) against shear locking, constant consistent mass matrix. '
    + 'Local positions [x, y, 0] with x ∈ [−L/2, L/2] along the axis and y across it.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Rotation,
    OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal, OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
  ],
  equations: [
    'r(x) = Σ S_i(x) r_i, θ(x) = θ_ref(x) + Σ S_i(x) Δθ_i; linear S = [1/2 − x/L, 1/2 + x/L], quadratic (ξ = 2x/L) S = [ξ(ξ−1)/2, 1 − ξ², ξ(ξ+1)/2].',
    'θ_ref(x) = Σ S_i θ_ref,i (includeReferenceRotations) or the direction of the reference axis r\'_ref(x).',
    'γ₁ = t·r\' − 1, γ₂ = n·r\', κ = θ\' − κ₀ with t = [cos θ, sin θ], n = [−sin θ, cos θ] (Exudyn: θ\' from the nodes\' total angles).',
    'N = EA γ₁ + d_γ₁ γ̇₁, Q = GA γ₂ + d_γ₂ γ̇₂, M = EI κ + d_κ κ̇; ode2Lhs = ∫ (N ∂γ₁/∂q + Q ∂γ₂/∂q + M ∂κ/∂q) dx,',
    'δγ₁ = t·δr\' + γ₂ δθ, δγ₂ = n·δr\' − (1 + γ₁) δθ; M_e = ∫ Sᵀ diag(ρA, ρA, ρJ) S dx.',
  ].join('\n'),
  example: (mbs) => {
    // a quadratic element (start, middle, end) and a linear one on its end node, displaced and moving
    const nodes = [[0, 0, 0.1], [0.5, 0.05, 0.2], [1, 0.2, 0.3], [1.6, 0.1, 0]].map((r, i) => mbs.addNode({
      nodeType: 'RigidBody2D', referenceCoordinates: r, initialCoordinates: [0.01 * i, -0.02 * i, 0.05 * i], initialVelocities: [0.1, -0.2 * i, 0.3 - 0.1 * i],
    }));
    const options = {
      physicsMassPerLength: 0.8, physicsCrossSectionInertia: 0.01, physicsBendingStiffness: 2, physicsAxialStiffness: 50, physicsShearStiffness: 20,
      physicsBendingDamping: 0.1, physicsAxialDamping: 0.5, physicsShearDamping: 0.3, physicsReferenceCurvature: 0.2,
    };
    const beam = mbs.addObject({ objectType: 'BeamGeometricallyExact2D', nodeNumbers: nodes.slice(0, 3), physicsLength: 1, ...options });
    mbs.addObject({ objectType: 'BeamGeometricallyExact2D', nodeNumbers: nodes.slice(2), physicsLength: 0.6, includeReferenceRotations: true, ...options });
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: beam, localPosition: [0.2, 0.05, 0] }), loadVector: [0.5, -1, 0] });
    return beam;
  },
  create: (v, label) => new BeamGeometricallyExact2DModel(label, v),
};

/** Factory for a planar geometrically exact beam element. */
export const ObjectBeamGeometricallyExact2D = makeFactory(objectBeamGeometricallyExact2DDefinition);
/** Exudyn's alias of {@link ObjectBeamGeometricallyExact2D}. */
export const Beam2D = ObjectBeamGeometricallyExact2D;
