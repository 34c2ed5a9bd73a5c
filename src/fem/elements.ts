/**
 * Linear elastic solid elements: 8-node hexahedron (Hex8, Abaqus C3D8 node order) and
 * 4-node tetrahedron (Tet4, C3D4 order) with isotropic material: element stiffness,
 * consistent mass and stresses. Element vectors are node by node, x, y, z per node.
 * Stresses and strains are in Voigt order xx, yy, zz, yz, xz, xy (Exudyn's order);
 * shear strains are engineering strains (2ε_ij).
 * @module
 */
import { FlexdynError } from '../core/errors.ts';

/** Element types of the FEM interface (Exudyn's names). */
export type FemElementType = 'Hex8' | 'Hex20' | 'Tet4' | 'Tet10';

/** Number of nodes of each element type. */
export const nodesPerElement: Readonly<Record<FemElementType, number>> = { Hex8: 8, Hex20: 20, Tet4: 4, Tet10: 10 };

/** Isotropic linear elastic material with density. */
export interface LinearElasticMaterial {
  /** Young's modulus E > 0. */
  youngsModulus: number;
  /** Poisson's ratio, −1 < ν < 0.5. */
  poissonsRatio: number;
  /** Mass density ρ ≥ 0. */
  density: number;
}

/**
 * Volume integration of the Hex8 stiffness: 'full' = 2×2×2 Gauss quadrature of BᵀDB;
 * 'selectiveReduced' = the same quadrature with the volumetric strain replaced by its
 * element mean (B̄ / mean-dilatation method), which is Abaqus's fully integrated C3D8.
 */
export type Hex8Integration = 'full' | 'selectiveReduced';

/** Lamé parameters λ, μ of E, ν. */
export function lameParameters(youngsModulus: number, poissonsRatio: number): {
  /** First Lamé parameter λ. */
  lambda: number;
  /** Shear modulus μ. */
  mu: number;
} {
  const E = youngsModulus;
  const nu = poissonsRatio;
  return { lambda: (E * nu) / ((1 + nu) * (1 - 2 * nu)), mu: E / (2 * (1 + nu)) };
}

/** Checks E > 0, −1 < ν < 0.5 and ρ ≥ 0; `where` names the caller in the error. */
export function checkMaterial(m: LinearElasticMaterial, where: string): void {
  if (!(m.youngsModulus > 0)) throw new FlexdynError(`${where}: youngsModulus must be > 0, got ${m.youngsModulus}`);
  if (!(m.poissonsRatio > -1 && m.poissonsRatio < 0.5)) throw new FlexdynError(`${where}: poissonsRatio must lie in (−1, 0.5), got ${m.poissonsRatio}`);
  if (!(m.density >= 0)) throw new FlexdynError(`${where}: density must be ≥ 0, got ${m.density}`);
}

/** Natural coordinates of the Hex8 nodes (C3D8 order: bottom face 1-2-3-4 counter-clockwise, then top face). */
export const hex8NodeNaturalCoordinates: readonly (readonly [number, number, number])[] = [
  [-1, -1, -1], [1, -1, -1], [1, 1, -1], [-1, 1, -1],
  [-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1],
];

const hexSign = Float64Array.from(hex8NodeNaturalCoordinates.flat());
const G2 = 1 / Math.sqrt(3);
const gauss2 = { points: [-G2, G2], weights: [1, 1] };
const G3 = Math.sqrt(3 / 5);
const gauss3 = { points: [-G3, 0, G3], weights: [5 / 9, 8 / 9, 5 / 9] };

/** Trilinear shape functions N (8) and their natural derivatives dN (8×3, row per node) at (ξ, η, ζ). */
export function hex8ShapeFunctions(xi: number, eta: number, zeta: number, N: Float64Array, dN: Float64Array): void {
  for (let i = 0; i < 8; i++) {
    const a = hexSign[3 * i], b = hexSign[3 * i + 1], c = hexSign[3 * i + 2];
    const fa = 1 + a * xi, fb = 1 + b * eta, fc = 1 + c * zeta;
    N[i] = 0.125 * fa * fb * fc;
    dN[3 * i] = 0.125 * a * fb * fc;
    dN[3 * i + 1] = 0.125 * b * fa * fc;
    dN[3 * i + 2] = 0.125 * c * fa * fb;
  }
}

/**
 * Cartesian gradients g (8×3) of the Hex8 shape functions from natural derivatives dN and
 * nodal coordinates x (24); returns det J. Throws for det J ≤ 0 (inverted or degenerate element).
 */
function hex8Gradients(x: ArrayLike<number>, dN: Float64Array, g: Float64Array): number {
  let j00 = 0, j01 = 0, j02 = 0, j10 = 0, j11 = 0, j12 = 0, j20 = 0, j21 = 0, j22 = 0;
  for (let i = 0; i < 8; i++) {
    const x0 = x[3 * i], x1 = x[3 * i + 1], x2 = x[3 * i + 2];
    const d0 = dN[3 * i], d1 = dN[3 * i + 1], d2 = dN[3 * i + 2];
    j00 += x0 * d0; j01 += x0 * d1; j02 += x0 * d2;
    j10 += x1 * d0; j11 += x1 * d1; j12 += x1 * d2;
    j20 += x2 * d0; j21 += x2 * d1; j22 += x2 * d2;
  }
  const c00 = j11 * j22 - j12 * j21, c01 = j12 * j20 - j10 * j22, c02 = j10 * j21 - j11 * j20;
  const c10 = j02 * j21 - j01 * j22, c11 = j00 * j22 - j02 * j20, c12 = j01 * j20 - j00 * j21;
  const c20 = j01 * j12 - j02 * j11, c21 = j02 * j10 - j00 * j12, c22 = j00 * j11 - j01 * j10;
  const det = j00 * c00 + j01 * c01 + j02 * c02;
  if (!(det > 0)) throw new FlexdynError(`Hex8 element: Jacobian determinant must be > 0 at every integration point, got ${det} (inverted or degenerate element, or node order other than C3D8)`);
  const s = 1 / det;
  // g_i = J⁻ᵀ dN_i, with J⁻¹ = cofactorᵀ / det, so (J⁻ᵀ)_ab = c_ab / det
  for (let i = 0; i < 8; i++) {
    const d0 = dN[3 * i], d1 = dN[3 * i + 1], d2 = dN[3 * i + 2];
    g[3 * i] = s * (c00 * d0 + c01 * d1 + c02 * d2);
    g[3 * i + 1] = s * (c10 * d0 + c11 * d1 + c12 * d2);
    g[3 * i + 2] = s * (c20 * d0 + c21 * d1 + c22 * d2);
  }
  return det;
}

/** det J of the Hex8 map at natural derivatives dN; throws for det J ≤ 0. */
function hex8Determinant(x: ArrayLike<number>, dN: Float64Array): number {
  let j00 = 0, j01 = 0, j02 = 0, j10 = 0, j11 = 0, j12 = 0, j20 = 0, j21 = 0, j22 = 0;
  for (let i = 0; i < 8; i++) {
    const x0 = x[3 * i], x1 = x[3 * i + 1], x2 = x[3 * i + 2];
    const d0 = dN[3 * i], d1 = dN[3 * i + 1], d2 = dN[3 * i + 2];
    j00 += x0 * d0; j01 += x0 * d1; j02 += x0 * d2;
    j10 += x1 * d0; j11 += x1 * d1; j12 += x1 * d2;
    j20 += x2 * d0; j21 += x2 * d1; j22 += x2 * d2;
  }
  const det = j00 * (j11 * j22 - j12 * j21) + j01 * (j12 * j20 - j10 * j22) + j02 * (j10 * j21 - j11 * j20);
  if (!(det > 0)) throw new FlexdynError(`Hex8 element: Jacobian determinant must be > 0 at every integration point, got ${det} (inverted or degenerate element, or node order other than C3D8)`);
  return det;
}

/** Work arrays of the element routines (one set per caller, reused). */
export class ElementWorkspace {
  /** Shape functions. */
  readonly N = new Float64Array(8);
  /** Natural derivatives. */
  readonly dN = new Float64Array(24);
  /** Cartesian gradients at the current point. */
  readonly g = new Float64Array(24);
  /** Gradients at the 8 Gauss points, det J · weight per point. */
  readonly gp = new Float64Array(8 * 24);
  /** det J · weight at the 8 Gauss points. */
  readonly wdet = new Float64Array(8);
  /** Volume-averaged gradients (B̄). */
  readonly gMean = new Float64Array(24);
}

/**
 * Adds cl·g_ia g_jb + cm·(g_ib g_ja + δ_ab g_i·g_j) to the node blocks j ≥ i of K (3nn square,
 * row-major); the caller mirrors the upper triangle.
 */
function addIsotropicBlock(K: Float64Array, nn: number, g: Float64Array, go: number, cl: number, cm: number): void {
  const n3 = 3 * nn;
  for (let i = 0; i < nn; i++) {
    const gi0 = g[go + 3 * i], gi1 = g[go + 3 * i + 1], gi2 = g[go + 3 * i + 2];
    for (let j = i; j < nn; j++) {
      const gj0 = g[go + 3 * j], gj1 = g[go + 3 * j + 1], gj2 = g[go + 3 * j + 2];
      const dd = cm * (gi0 * gj0 + gi1 * gj1 + gi2 * gj2);
      const r = 3 * i * n3 + 3 * j;
      K[r] += cl * gi0 * gj0 + cm * gi0 * gj0 + dd;
      K[r + 1] += cl * gi0 * gj1 + cm * gi1 * gj0;
      K[r + 2] += cl * gi0 * gj2 + cm * gi2 * gj0;
      K[r + n3] += cl * gi1 * gj0 + cm * gi0 * gj1;
      K[r + n3 + 1] += cl * gi1 * gj1 + cm * gi1 * gj1 + dd;
      K[r + n3 + 2] += cl * gi1 * gj2 + cm * gi2 * gj1;
      K[r + 2 * n3] += cl * gi2 * gj0 + cm * gi0 * gj2;
      K[r + 2 * n3 + 1] += cl * gi2 * gj1 + cm * gi1 * gj2;
      K[r + 2 * n3 + 2] += cl * gi2 * gj2 + cm * gi2 * gj2 + dd;
    }
  }
}

/** Fills ws.gp, ws.wdet (2×2×2 Gauss) and ws.gMean; returns the element volume. */
function hex8GaussGradients(x: ArrayLike<number>, ws: ElementWorkspace): number {
  let p = 0;
  let volume = 0;
  ws.gMean.fill(0);
  for (let k = 0; k < 2; k++) {
    for (let j = 0; j < 2; j++) {
      for (let i = 0; i < 2; i++) {
        hex8ShapeFunctions(gauss2.points[i], gauss2.points[j], gauss2.points[k], ws.N, ws.dN);
        const det = hex8Gradients(x, ws.dN, ws.g);
        const w = gauss2.weights[i] * gauss2.weights[j] * gauss2.weights[k] * det;
        ws.gp.set(ws.g, 24 * p);
        ws.wdet[p] = w;
        volume += w;
        for (let a = 0; a < 24; a++) ws.gMean[a] += w * ws.g[a];
        p++;
      }
    }
  }
  for (let a = 0; a < 24; a++) ws.gMean[a] /= volume;
  return volume;
}

/**
 * Hex8 stiffness matrix (24×24, row-major, overwritten) of nodal coordinates x (24 values,
 * C3D8 node order). K_ia,jb = ∫ λ g_ia g_jb + μ (g_ib g_ja + δ_ab g_i·g_j) dV with g_i = ∇N_i;
 * for 'selectiveReduced' the λ term becomes κ V ḡ_ia ḡ_jb − (2μ/3) ∫ g_ia g_jb dV
 * (κ = λ + 2μ/3, ḡ = element mean of g).
 */
export function hex8Stiffness(
  x: ArrayLike<number>, material: LinearElasticMaterial, integration: Hex8Integration, K: Float64Array, ws: ElementWorkspace = new ElementWorkspace(),
): void {
  const { lambda, mu } = lameParameters(material.youngsModulus, material.poissonsRatio);
  const volume = hex8GaussGradients(x, ws);
  K.fill(0, 0, 576);
  const cl = integration === 'full' ? lambda : (-2 * mu) / 3;
  for (let p = 0; p < 8; p++) addIsotropicBlock(K, 8, ws.gp, 24 * p, cl * ws.wdet[p], mu * ws.wdet[p]);
  if (integration === 'selectiveReduced') {
    const kv = (lambda + (2 * mu) / 3) * volume;
    const gm = ws.gMean;
    for (let r = 0; r < 24; r++) {
      const f = kv * gm[r];
      for (let c = r; c < 24; c++) K[24 * r + c] += f * gm[c];
    }
  }
  mirrorUpper(K, 24);
}

/** Copies the upper triangle of an n×n row-major matrix to the lower one (exact symmetry). */
function mirrorUpper(K: Float64Array, n: number): void {
  for (let r = 1; r < n; r++) for (let c = 0; c < r; c++) K[n * r + c] = K[n * c + r];
}

/**
 * Hex8 scalar consistent mass matrix (8×8, row-major, overwritten): M_ij = ∫ ρ N_i N_j dV with
 * 3×3×3 Gauss quadrature, exact for any trilinear hexahedron. The 24×24 element mass is M ⊗ I₃.
 * Returns the element volume.
 */
export function hex8MassScalar(x: ArrayLike<number>, density: number, M: Float64Array, ws: ElementWorkspace = new ElementWorkspace()): number {
  M.fill(0, 0, 64);
  let volume = 0;
  for (let k = 0; k < 3; k++) {
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) {
        hex8ShapeFunctions(gauss3.points[i], gauss3.points[j], gauss3.points[k], ws.N, ws.dN);
        const det = hex8Determinant(x, ws.dN);
        const w = gauss3.weights[i] * gauss3.weights[j] * gauss3.weights[k] * det;
        volume += w;
        const f = density * w;
        for (let a = 0; a < 8; a++) {
          const fa = f * ws.N[a];
          for (let b = a; b < 8; b++) M[8 * a + b] += fa * ws.N[b];
        }
      }
    }
  }
  for (let a = 1; a < 8; a++) for (let b = 0; b < a; b++) M[8 * a + b] = M[8 * b + a];
  return volume;
}

/** Tet4 shape-function gradients g (4×3) of nodal coordinates x (12); returns the volume. Throws for volume ≤ 0. */
export function tet4Gradients(x: ArrayLike<number>, g: Float64Array): number {
  const a0 = x[3] - x[0], a1 = x[4] - x[1], a2 = x[5] - x[2];
  const b0 = x[6] - x[0], b1 = x[7] - x[1], b2 = x[8] - x[2];
  const c0 = x[9] - x[0], c1 = x[10] - x[1], c2 = x[11] - x[2];
  // rows of the inverse of [a b c] (columns) are (b×c, c×a, a×b)/det
  const bc0 = b1 * c2 - b2 * c1, bc1 = b2 * c0 - b0 * c2, bc2 = b0 * c1 - b1 * c0;
  const ca0 = c1 * a2 - c2 * a1, ca1 = c2 * a0 - c0 * a2, ca2 = c0 * a1 - c1 * a0;
  const ab0 = a1 * b2 - a2 * b1, ab1 = a2 * b0 - a0 * b2, ab2 = a0 * b1 - a1 * b0;
  const det = a0 * bc0 + a1 * bc1 + a2 * bc2;
  if (!(det > 0)) throw new FlexdynError(`Tet4 element: volume must be > 0, got ${det / 6} (inverted or degenerate element, or node order other than C3D4)`);
  const s = 1 / det;
  g[3] = s * bc0; g[4] = s * bc1; g[5] = s * bc2;
  g[6] = s * ca0; g[7] = s * ca1; g[8] = s * ca2;
  g[9] = s * ab0; g[10] = s * ab1; g[11] = s * ab2;
  g[0] = -(g[3] + g[6] + g[9]);
  g[1] = -(g[4] + g[7] + g[10]);
  g[2] = -(g[5] + g[8] + g[11]);
  return det / 6;
}

/** Tet4 stiffness (12×12, row-major, overwritten): exact, V [λ g_ia g_jb + μ (g_ib g_ja + δ_ab g_i·g_j)]. */
export function tet4Stiffness(x: ArrayLike<number>, material: LinearElasticMaterial, K: Float64Array, ws: ElementWorkspace = new ElementWorkspace()): void {
  const { lambda, mu } = lameParameters(material.youngsModulus, material.poissonsRatio);
  const V = tet4Gradients(x, ws.g);
  K.fill(0, 0, 144);
  addIsotropicBlock(K, 4, ws.g, 0, lambda * V, mu * V);
  mirrorUpper(K, 12);
}

/** Tet4 scalar consistent mass (4×4, overwritten): M_ij = ρV(1 + δ_ij)/20 (exact). Returns the volume. */
export function tet4MassScalar(x: ArrayLike<number>, density: number, M: Float64Array, ws: ElementWorkspace = new ElementWorkspace()): number {
  const V = tet4Gradients(x, ws.g);
  const off = (density * V) / 20;
  for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) M[4 * a + b] = a === b ? 2 * off : off;
  return V;
}

/** σ = D ε for isotropic D; ε, σ in Voigt order (engineering shear strains). */
function strainToStress(eps: ArrayLike<number>, lambda: number, mu: number, out: Float64Array, o: number): void {
  const tr = eps[0] + eps[1] + eps[2];
  out[o] = lambda * tr + 2 * mu * eps[0];
  out[o + 1] = lambda * tr + 2 * mu * eps[1];
  out[o + 2] = lambda * tr + 2 * mu * eps[2];
  out[o + 3] = mu * eps[3];
  out[o + 4] = mu * eps[4];
  out[o + 5] = mu * eps[5];
}

/** Voigt strain (engineering shear) of displacements u at gradients g of nn nodes (offset go). */
function strainOf(g: Float64Array, go: number, nn: number, u: ArrayLike<number>, eps: Float64Array): void {
  eps.fill(0);
  for (let i = 0; i < nn; i++) {
    const g0 = g[go + 3 * i], g1 = g[go + 3 * i + 1], g2 = g[go + 3 * i + 2];
    const u0 = u[3 * i], u1 = u[3 * i + 1], u2 = u[3 * i + 2];
    eps[0] += g0 * u0;
    eps[1] += g1 * u1;
    eps[2] += g2 * u2;
    eps[3] += g2 * u1 + g1 * u2;
    eps[4] += g2 * u0 + g0 * u2;
    eps[5] += g1 * u0 + g0 * u1;
  }
}

/**
 * Stresses (Voigt, 6 per point) of element displacements u at the integration points:
 * Hex8 at the 8 Gauss points (ξ fastest, then η, ζ; with B̄ for 'selectiveReduced'),
 * Tet4 at its one point. `out` must hold 48 (Hex8) or 6 (Tet4) values.
 */
export function elementStresses(
  type: 'Hex8' | 'Tet4', x: ArrayLike<number>, u: ArrayLike<number>, material: LinearElasticMaterial,
  out: Float64Array, integration: Hex8Integration = 'full', ws: ElementWorkspace = new ElementWorkspace(),
): void {
  const { lambda, mu } = lameParameters(material.youngsModulus, material.poissonsRatio);
  const eps = new Float64Array(6);
  if (type === 'Tet4') {
    tet4Gradients(x, ws.g);
    strainOf(ws.g, 0, 4, u, eps);
    strainToStress(eps, lambda, mu, out, 0);
    return;
  }
  hex8GaussGradients(x, ws);
  const epsMean = new Float64Array(6);
  strainOf(ws.gMean, 0, 8, u, epsMean);
  const volMean = (epsMean[0] + epsMean[1] + epsMean[2]) / 3;
  for (let p = 0; p < 8; p++) {
    strainOf(ws.gp, 24 * p, 8, u, eps);
    if (integration === 'selectiveReduced') {
      const d = volMean - (eps[0] + eps[1] + eps[2]) / 3;
      eps[0] += d; eps[1] += d; eps[2] += d;
    }
    strainToStress(eps, lambda, mu, out, 6 * p);
  }
}
