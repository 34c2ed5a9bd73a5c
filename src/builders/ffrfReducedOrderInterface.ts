/**
 * ObjectFFRFreducedOrderInterface: the reduced matrices and FFRF mass invariants of a mode basis and a
 * FEMinterface (Exudyn's class of that name in exudyn/FEM.py), and the one-call creation of an
 * ObjectFFRFreducedOrder with its rigid-body and modal nodes.
 * @module
 */

import { optionNames, ownOptions } from '../core/dictionary.ts';
import type { NdArray } from 'ndarray';
import { cscMultiply, type CscMatrix } from '../linalg/sparse.ts';
import { FlexdynError } from '../core/errors.ts';
import type { MatrixValue } from '../registry/parameters.ts';
import {
  AngularVelocity2EulerParameters_t, RotationMatrix2EulerParameters, eulerParameters2GLocalInto, eulerParameters2RotationMatrixInto,
} from '../rotations/rotationMatrices.ts';
import { skewEntry } from '../rotations/skew.ts';
import type { BuilderSink } from './builderSink.ts';
import { addGravityLoad } from './bodies.ts';
import type { LoadIndex, NodeIndex, ObjectIndex } from '../registry/parameters.ts';
import { NodeRigidBodyEP } from '../items/nodes/NodeRigidBodyEP.ts';
import { NodeGenericODE2 } from '../items/nodes/NodeGenericODE2.ts';
import {
  ObjectFFRFreducedOrder, type FFRFreducedOrderForceUserFunction, type FFRFreducedOrderMassMatrixUserFunction,
} from '../items/objects/ObjectFFRFreducedOrder.ts';
import type { FEMinterface } from '../fem/FEMinterface.ts';
import type { FileLocation } from '../fem/abaqus.ts';
import { assignColumnMajor, loadDataFile, saveDataFile } from '../fem/persistence.ts';

/** Relative threshold below which entries of the reduced mass and stiffness matrices are set to zero (Exudyn's RoundMatrix defaults). */
export const REDUCED_MATRIX_ROUNDING = 1e-13;

/** Options of {@link ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder}. */
export interface AddObjectFFRFreducedOrderOptions {
  /** Reference position of the reference frame (default [0, 0, 0]). */
  positionRef?: ArrayLike<number>;
  /** Initial translational velocity (default 0). */
  initialVelocity?: ArrayLike<number>;
  /** Reference rotation matrix (rows); default identity. Give either this or eulerParametersRef. */
  rotationMatrixRef?: MatrixValue;
  /** Reference Euler parameters instead of rotationMatrixRef. */
  eulerParametersRef?: ArrayLike<number>;
  /** Initial angular velocity in global coordinates (default 0). */
  initialAngularVelocity?: ArrayLike<number>;
  /** Mass-proportional damping α of D_red = α M_red + β K_red. */
  massProportionalDamping?: number;
  /** Stiffness-proportional damping β of D_red = α M_red + β K_red. */
  stiffnessProportionalDamping?: number;
  /** Gravity: adds MarkerBodyMass and LoadMassProportional if nonzero (not with user functions, as Exudyn: there ufForce includes it). */
  gravity?: ArrayLike<number>;
  /** Force user function; with massMatrixUserFunction it replaces the internal FFRF terms (computeFFRFterms = false). */
  forceUserFunction?: FFRFreducedOrderForceUserFunction;
  /** Mass matrix user function (see forceUserFunction). */
  massMatrixUserFunction?: FFRFreducedOrderMassMatrixUserFunction;
  /** Item name. */
  name?: string;
  /** RGBA colour of the drawn surface (visualization.color; default [0.1, 0.9, 0.1, 1], as Exudyn's). */
  color?: readonly number[];
}

/** The option names of {@link AddObjectFFRFreducedOrderOptions}, for the unknown-option check of ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder. */
const addObjectFFRFreducedOrderOptionNames = optionNames<AddObjectFFRFreducedOrderOptions>({
  positionRef: true, initialVelocity: true, rotationMatrixRef: true, eulerParametersRef: true, initialAngularVelocity: true, massProportionalDamping: true, stiffnessProportionalDamping: true, gravity: true, forceUserFunction: true, massMatrixUserFunction: true, name: true, color: true,
});

/** Items created by {@link ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder} (Exudyn's dictionary keys). */
export interface FFRFreducedOrderItems {
  /** Rigid-body node of the reference frame. */
  nRigidBody: NodeIndex;
  /** Node of the modal coordinates. */
  nGenericODE2: NodeIndex;
  /** The ObjectFFRFreducedOrder. */
  oFFRFreducedOrder: ObjectIndex;
  /** The gravity load, if one was added. */
  loadGravity: LoadIndex | undefined;
}

/** n × k column-major dense matrix. */
interface Dense {
  rows: number;
  cols: number;
  data: Float64Array;
}

function dense(rows: number, cols: number): Dense {
  return { rows, cols, data: new Float64Array(rows * cols) };
}

/** M·B column by column (M sparse, both triangles stored). */
function sparseTimes(m: CscMatrix, b: Dense): Dense {
  const out = dense(b.rows, b.cols);
  for (let j = 0; j < b.cols; j++) cscMultiply(m, b.data.subarray(j * b.rows, (j + 1) * b.rows), out.data.subarray(j * b.rows, (j + 1) * b.rows));
  return out;
}

/**
 * Aᵀ B as rows (A, B column-major with equal row counts, B finite). The sums run over the nonzero entries of A's column
 * only, in increasing row order: a left-out term is ±0, which changes no sum that starts at +0, so the results are bit for
 * bit those over all rows (a third of the stacked skew matrices' entries are zeros, two thirds of Φ_t's).
 */
function transposeTimes(a: Dense, b: Dense): number[][] {
  const n = a.rows, out: number[][] = [];
  const nonzero = new Int32Array(n);
  for (let i = 0; i < a.cols; i++) {
    const row: number[] = [];
    const ai = a.data.subarray(i * n, (i + 1) * n);
    const count = nonzeroRows(ai, n, nonzero);
    for (let j = 0; j < b.cols; j++) row.push(sparseDot(ai, b.data, j * n, nonzero, count));
    out.push(row);
  }
  return out;
}

/** The rows k with a[k] ≠ 0 into `rows` in increasing order; returns their number. */
function nonzeroRows(a: Float64Array, n: number, rows: Int32Array): number {
  let count = 0;
  for (let k = 0; k < n; k++) if (a[k] !== 0) rows[count++] = k;
  return count;
}

/** Σ a[k]·b[offset + k] over the first `count` rows k of `rows`, in their order. */
function sparseDot(a: Float64Array, b: Float64Array, offset: number, rows: Int32Array, count: number): number {
  let sum = 0;
  for (let q = 0; q < count; q++) {
    const k = rows[q];
    sum += a[k] * b[offset + k];
  }
  return sum;
}

/** The stacked skew matrices [skew(v_0); skew(v_1); …] (3n × 3) of a vector of n 3-vectors (Exudyn's ComputeSkewMatrix). */
function skewStack(v: ArrayLike<number>, offset: number, n3: number, out: Dense, col: number): void {
  const d = out.data, r = out.rows;
  for (let i = 0; i < n3; i += 3) {
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) d[(col + b) * r + i + a] = skewEntry(v, offset + i, a, b);
  }
}

/** Sets entries with |a_ij| < threshold·max|a| to zero (Exudyn's RoundMatrix). */
function roundMatrix(a: number[][], threshold: number): void {
  let max = 0;
  for (const row of a) for (const value of row) max = Math.max(max, Math.abs(value));
  for (const row of a) for (let j = 0; j < row.length; j++) if (Math.abs(row[j]) < threshold * max) row[j] = 0;
}

/**
 * Dense row-major product helpers for the user functions (Float64Arrays only: one element kind keeps their loops' loads
 * monomorphic). Each entry is summed in a local from +0 over k in increasing order, terms with a zero entry of the left
 * factor left out (as ±0 they change no such sum): the user functions run mostly before V8 optimizes them, where a
 * local sum costs far less than a load and a store of the output per term.
 */
function mul(a: Float64Array, ar: number, ac: number, b: Float64Array, bc: number): Float64Array {
  const out = new Float64Array(ar * bc);
  for (let i = 0; i < ar; i++) {
    const row = i * ac;
    for (let j = 0; j < bc; j++) {
      let sum = 0;
      for (let k = 0; k < ac; k++) {
        const v = a[row + k];
        if (v !== 0) sum += v * b[k * bc + j];
      }
      out[i * bc + j] = sum;
    }
  }
  return out;
}

function transpose(a: Float64Array, r: number, c: number): Float64Array {
  const out = new Float64Array(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) out[j * r + i] = a[i * c + j];
  return out;
}

/*
 * The user functions' products with ζ ⊗ I (the 3n_m × 3 matrix with ζ_j at rows 3j…3j+2, one entry per row): the sums of
 * mul with the Kronecker matrix written out, without its products with zero. The same nonzero terms are added in the same
 * order from the same +0, so the results are bit for bit mul's (a skipped term is ±0, which changes no sum that starts at
 * +0); two thirds of the multiplications of the numerical Jacobian's force evaluations were products with those zeros.
 */

/** X·(ζ⊗I) for a row-major r × 3n_m matrix X: mul(X, r, 3n_m, ζ⊗I, 3), ζ = z[offset…offset + n_m). */
function timesKron(x: Float64Array, r: number, nm: number, z: ArrayLike<number>, offset: number): Float64Array {
  const out = new Float64Array(3 * r);
  const c = 3 * nm;
  for (let i = 0; i < r; i++) {
    let s0 = 0, s1 = 0, s2 = 0;
    for (let j = 0, o = i * c; j < nm; j++, o += 3) {
      const zj = z[offset + j];
      const v0 = x[o], v1 = x[o + 1], v2 = x[o + 2];
      if (v0 !== 0) s0 += v0 * zj;
      if (v1 !== 0) s1 += v1 * zj;
      if (v2 !== 0) s2 += v2 * zj;
    }
    out[3 * i] = s0; out[3 * i + 1] = s1; out[3 * i + 2] = s2;
  }
  return out;
}

/** (ζ⊗I)ᵀ·Y for a row-major 3n_m × c matrix Y: mul(transpose(ζ⊗I), 3, 3n_m, Y, c). */
function kronTransposeTimes(z: ArrayLike<number>, offset: number, nm: number, y: Float64Array, c: number): Float64Array {
  const out = new Float64Array(3 * c);
  for (let d = 0; d < 3; d++) {
    for (let col = 0; col < c; col++) {
      let sum = 0;
      for (let j = 0; j < nm; j++) {
        const v = z[offset + j];
        if (v !== 0) sum += v * y[(3 * j + d) * c + col];
      }
      out[d * c + col] = sum;
    }
  }
  return out;
}

/** (ζ⊗I)·w for a 3-vector w: mul(ζ⊗I, 3n_m, 3, w, 1). */
function kronTimes(z: ArrayLike<number>, offset: number, nm: number, w: Float64Array): Float64Array {
  const out = new Float64Array(3 * nm);
  for (let j = 0; j < nm; j++) {
    const v = z[offset + j];
    if (v === 0) continue;
    for (let d = 0; d < 3; d++) out[3 * j + d] += v * w[d];
  }
  return out;
}

/*
 * The user functions' loops over the modes, as functions of their own: the user functions themselves then execute few
 * bytecodes per call and V8 never compiles them (as they were, each was a TurboFan job of 80–105 ms on the loaded 2-core
 * machine in superElementRigidJointTest's fresh process, for 146 and 38 calls, most of them made before the code was
 * ready), while these small loops compile in short jobs (docs/benchmarks.md, asm29).
 */

/**
 * The n × n rows of the FFRF mass matrix (n = 7 + n_m) from its blocks: m I (3 × 3), M_tr (3 × 4), M_tf (3 × n_m), M_rf
 * (4 × n_m), M_rr (4 × 4), row-major, mirrored below the diagonal, and M_red.
 */
function massMatrixRows(n: number, nm: number, m: number, mtr: Float64Array, mtf: Float64Array, mrf: Float64Array, mrr: Float64Array,
  reduced: number[][]): number[][] {
  const out: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < 3; i++) out[i][i] = m;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 4; j++) { out[i][3 + j] = mtr[i * 4 + j]; out[3 + j][i] = mtr[i * 4 + j]; }
  for (let i = 0; i < 3; i++) for (let j = 0; j < nm; j++) { out[i][7 + j] = mtf[i * nm + j]; out[7 + j][i] = mtf[i * nm + j]; }
  for (let i = 0; i < 4; i++) for (let j = 0; j < nm; j++) { out[3 + i][7 + j] = mrf[i * nm + j]; out[7 + j][3 + i] = mrf[i * nm + j]; }
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) out[3 + i][3 + j] = mrr[i * 4 + j];
  for (let i = 0; i < nm; i++) for (let j = 0; j < nm; j++) out[7 + i][7 + j] = reduced[i][j];
  return out;
}

/**
 * The modal rows f[7 + j] of the force user function: ω·(h + h_x) rows and 2·cor, minus K_red ζ and D_red ζ̇ (no damping
 * term without d), ζ = q[7…], ζ̇ = qt[7…].
 */
function modalForces(f: number[], nm: number, w: Float64Array, h: Float64Array, hx: Float64Array, cor: Float64Array, kRed: Float64Array,
  d: number[][] | undefined, q: ArrayLike<number>, qt: ArrayLike<number>): void {
  for (let j = 0; j < nm; j++) {
    let value = w[0] * (h[3 * j] + hx[3 * j]) + w[1] * (h[3 * j + 1] + hx[3 * j + 1]) + w[2] * (h[3 * j + 2] + hx[3 * j + 2]) + 2 * cor[j];
    for (let k = 0; k < nm; k++) value -= kRed[j * nm + k] * q[7 + k] + (d === undefined ? 0 : d[j][k] * qt[7 + k]);
    f[7 + j] = value;
  }
}

function flat(rows: number[][]): Float64Array {
  const c = rows.length === 0 ? 0 : rows[0].length;
  const out = new Float64Array(rows.length * c);
  rows.forEach((row, i) => out.set(row, i * c));
  return out;
}

/** The interface's matrices as the user functions use them: row-major Float64Arrays, and the transposes of the force. */
interface UserFunctionMatrices {
  mPhitTPsiTilde: Float64Array;
  mXRefTildePsiTilde: Float64Array;
  mPsiTildePsiTilde: Float64Array;
  mPsiTildePsi: Float64Array;
  mPhitTPsi: Float64Array;
  mXRefTildePsi: Float64Array;
  inertiaLocal: Float64Array;
  /** K_red (n_m × n_m). */
  stiffnessReduced: Float64Array;
  /** ζ of the last {@link ObjectFFRFreducedOrderInterface.thetaZeta} (NaN before the first) and its Θ_ζ (3 × 3). */
  zeta: Float64Array;
  theta: Float64Array;
  /** (x̃ᵀMΨ̃)ᵀ, (Ψ̃ᵀMΨ)ᵀ, (Φ_tᵀMΨ)ᵀ. */
  mXRefTildePsiTildeT: Float64Array;
  mPsiTildePsiT: Float64Array;
  mPhitTPsiT: Float64Array;
}

/**
 * The {@link UserFunctionMatrices} of each interface, formed on its first user-function call (its matrices are readonly);
 * outside the object, so that saveToFile (which writes the object's own fields) does not write them.
 */
const userFunctionMatrices = new WeakMap<ObjectFFRFreducedOrderInterface, UserFunctionMatrices>();

/**
 * Reduced-order FFRF data of a FEMinterface with a mode basis Ψ (Exudyn's ObjectFFRFreducedOrderInterface), computed with the
 * sparse FE mass matrix M (both triangles stored) as Exudyn does: M_red = ΨᵀMΨ, K_red = ΨᵀKΨ (entries below 1e-13·max set to zero),
 * Θ_u = x̃ᵀMx̃, m = (Φ_tᵀMΦ_t)₀₀, χ_u = Φ_tᵀMx/m and the invariants M_AB = AᵀMB for AB ∈ {Ψ̃Ψ, Ψ̃Ψ̃, Φ_tΨ, Φ_tΨ̃, x̃Ψ, x̃Ψ̃}
 * (Φ_t = [I; I; …], x̃ and Ψ̃ the stacked skew matrices of the node positions and of each mode). Cost: (4n_m + 6) sparse products and
 * dense products of n_f × 3n_m blocks.
 */
export class ObjectFFRFreducedOrderInterface {
  /** Mode basis Ψ as rows (n_f × n_m). */
  readonly modeBasis: number[][];
  /** Node reference positions x̄ (n_f). */
  readonly xRef: Float64Array;
  /** Number of modes n_m. */
  readonly nModes: number;
  /** Number of mesh nodes n_n. */
  readonly nNodes: number;
  /** Reduced mass matrix M_red (n_m × n_m). */
  readonly massMatrixReduced: number[][];
  /** Reduced stiffness matrix K_red (n_m × n_m). */
  readonly stiffnessMatrixReduced: number[][];
  /** Inertia tensor Θ_u about the origin of the FE coordinates. */
  readonly inertiaLocal: number[][];
  /** Total mass m. */
  readonly totalMass: number;
  /** Center of mass χ_u. */
  readonly chiU: number[];
  /** Ψ̃ᵀMΨ (3n_m × n_m). */
  readonly mPsiTildePsi: number[][];
  /** Ψ̃ᵀMΨ̃ (3n_m × 3n_m). */
  readonly mPsiTildePsiTilde: number[][];
  /** Φ_tᵀMΨ (3 × n_m). */
  readonly mPhitTPsi: number[][];
  /** Φ_tᵀMΨ̃ (3 × 3n_m). */
  readonly mPhitTPsiTilde: number[][];
  /** x̃ᵀMΨ (3 × n_m). */
  readonly mXRefTildePsi: number[][];
  /** x̃ᵀMΨ̃ (3 × 3n_m). */
  readonly mXRefTildePsiTilde: number[][];
  /** Surface triangles of the FE mesh (fem.getSurfaceTriangles(), 3 mesh node numbers each), the object's visualization.triangleMesh. */
  readonly triangles: Int32Array;
  /** Reference Euler parameters of the last created object (for the user functions). */
  private rotationParameters0 = [1, 0, 0, 0];
  private gravity = [0, 0, 0];
  private dampingMatrixReduced?: number[][];

  /** Computes all reduced data from fem (mass and stiffness matrices, nodes) and the mode basis (default fem.modeBasis). */
  constructor(fem: FEMinterface, modeBasis?: NdArray<Float64Array>) {
    const basis = modeBasis ?? fem.modeBasis;
    if (basis === undefined) throw new FlexdynError('ObjectFFRFreducedOrderInterface: fem.modeBasis must be computed (fem.computeEigenmodes) or modeBasis given, got undefined', { parameter: 'modeBasis' });
    const M = fem.getMassMatrix(), K = fem.getStiffnessMatrix();
    const nf = fem.nodes.length, nm = basis.shape[1];
    if (basis.shape[0] !== nf || M.n !== nf || K.n !== nf) {
      throw new FlexdynError(`ObjectFFRFreducedOrderInterface: modeBasis rows, mass and stiffness matrix must match the ${nf} node coordinates, got ${basis.shape[0]}, ${M.n}, ${K.n}`, { parameter: 'modeBasis' });
    }
    this.nModes = nm;
    this.nNodes = nf / 3;
    this.xRef = Float64Array.from(fem.nodes);
    this.triangles = fem.numberOfElements() > 0 ? fem.getSurfaceTriangles() : new Int32Array(0);
    // column blocks: Ψ (nm), Ψ̃ (3nm), Φ_t (3), x̃ (3)
    const psi = dense(nf, nm), psiT = dense(nf, 3 * nm), phi = dense(nf, 3), xT = dense(nf, 3);
    // the basis as given (any strides: a view, a transposed or row-major array) into Ψ's column-major storage
    assignColumnMajor(psi.data, basis);
    this.modeBasis = [];
    for (let i = 0; i < nf; i++) this.modeBasis.push(new Array<number>(nm));
    for (let j = 0; j < nm; j++) {
      const column = psi.data.subarray(j * nf, (j + 1) * nf);
      for (let i = 0; i < nf; i++) this.modeBasis[i][j] = column[i];
      skewStack(column, 0, nf, psiT, 3 * j);
    }
    for (let i = 0; i < nf; i++) phi.data[(i % 3) * nf + i] = 1;
    skewStack(this.xRef, 0, nf, xT, 0);
    const mPsi = sparseTimes(M, psi), mPsiT = sparseTimes(M, psiT), mPhi = sparseTimes(M, phi), mXT = sparseTimes(M, xT);
    this.massMatrixReduced = transposeTimes(psi, mPsi);
    this.stiffnessMatrixReduced = transposeTimes(psi, sparseTimes(K, psi));
    roundMatrix(this.massMatrixReduced, REDUCED_MATRIX_ROUNDING);
    roundMatrix(this.stiffnessMatrixReduced, REDUCED_MATRIX_ROUNDING);
    this.inertiaLocal = transposeTimes(xT, mXT);
    this.totalMass = transposeTimes(phi, mPhi)[0][0];
    const x = { rows: nf, cols: 1, data: this.xRef };
    const first = transposeTimes(phi, sparseTimes(M, x));
    this.chiU = [first[0][0] / this.totalMass, first[1][0] / this.totalMass, first[2][0] / this.totalMass];
    this.mPsiTildePsi = transposeTimes(psiT, mPsi);
    this.mPsiTildePsiTilde = transposeTimes(psiT, mPsiT);
    this.mPhitTPsi = transposeTimes(phi, mPsi);
    this.mPhitTPsiTilde = transposeTimes(phi, mPsiT);
    this.mXRefTildePsi = transposeTimes(xT, mPsi);
    this.mXRefTildePsiTilde = transposeTimes(xT, mPsiT);
  }

  /**
   * Saves all reduced data (mode basis, reduced matrices, invariants, and the settings of the last created object) to a JSON
   * file (Exudyn's SaveToFile; our own format, see src/fem/persistence.ts).
   */
  saveToFile(fileName: FileLocation): void {
    saveDataFile(fileName, 'flexdyn-ObjectFFRFreducedOrderInterface', { ...this });
  }

  /** An interface restored from a file of {@link ObjectFFRFreducedOrderInterface.saveToFile} (Exudyn's LoadFromFile), equal to the saved one. */
  static loadFromFile(fileName: FileLocation): ObjectFFRFreducedOrderInterface {
    const d = loadDataFile(fileName, 'flexdyn-ObjectFFRFreducedOrderInterface');
    const required = ['modeBasis', 'xRef', 'nModes', 'nNodes', 'massMatrixReduced', 'stiffnessMatrixReduced', 'inertiaLocal', 'totalMass', 'chiU',
      'mPsiTildePsi', 'mPsiTildePsiTilde', 'mPhitTPsi', 'mPhitTPsiTilde', 'mXRefTildePsi', 'mXRefTildePsiTilde', 'rotationParameters0', 'gravity'];
    const missing = required.filter((k) => d[k] === undefined);
    if (missing.length > 0) throw new FlexdynError(`ObjectFFRFreducedOrderInterface.loadFromFile: the file must hold ${required.join(', ')}, got no ${missing.join(', ')}`);
    const nm = d.nModes as number, xRef = d.xRef as Float64Array, basis = d.modeBasis as number[][];
    if (!(xRef instanceof Float64Array) || basis.length !== xRef.length || basis.some((row) => row.length !== nm) || (d.massMatrixReduced as number[][]).length !== nm) {
      throw new FlexdynError(`ObjectFFRFreducedOrderInterface.loadFromFile: modeBasis must be ${xRef.length} × ${nm} and the reduced matrices ${nm} × ${nm}, got inconsistent sizes`);
    }
    // files written before the triangles were saved: no surface to draw
    const triangles = d.triangles === undefined ? new Int32Array(0) : d.triangles;
    if (!(triangles instanceof Int32Array) || triangles.length % 3 !== 0 || triangles.some((t) => t < 0 || t >= (d.nNodes as number))) {
      throw new FlexdynError(`ObjectFFRFreducedOrderInterface.loadFromFile: triangles must be an Int32Array of mesh node numbers in 0 … ${(d.nNodes as number) - 1}, 3 per triangle, got ${triangles instanceof Int32Array ? `${triangles.length} entries` : typeof triangles}`);
    }
    return Object.assign(Object.create(ObjectFFRFreducedOrderInterface.prototype) as ObjectFFRFreducedOrderInterface, { ...d, triangles });
  }

  /**
   * Adds the rigid-body node (RigidBodyEP), the modal node and the ObjectFFRFreducedOrder to mbs (Exudyn's
   * AddObjectFFRFreducedOrder / AddObjectFFRFreducedOrderWithUserFunctions). With both user functions the object gets
   * computeFFRFterms = false and no invariants (the user functions, e.g. ufMassFFRFreducedOrder / ufForceFFRFreducedOrder,
   * provide all terms); otherwise gravity ≠ 0 adds MarkerBodyMass and LoadMassProportional.
   */
  addObjectFFRFreducedOrder(mbs: BuilderSink, options: AddObjectFFRFreducedOrderOptions = {}): FFRFreducedOrderItems {
    options = ownOptions('ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder', options, addObjectFFRFreducedOrderOptionNames);
    const positionRef = Array.from(options.positionRef ?? [0, 0, 0]);
    const velocity = Array.from(options.initialVelocity ?? [0, 0, 0]);
    const omega = options.initialAngularVelocity ?? [0, 0, 0];
    if (options.rotationMatrixRef !== undefined && options.eulerParametersRef !== undefined) {
      throw new FlexdynError('ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder: give rotationMatrixRef or eulerParametersRef, got both', { parameter: 'rotationMatrixRef' });
    }
    const ep = options.eulerParametersRef !== undefined ? Array.from(options.eulerParametersRef)
      : RotationMatrix2EulerParameters(options.rotationMatrixRef ?? [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    const epT = AngularVelocity2EulerParameters_t(omega, ep);
    this.rotationParameters0 = ep;
    this.gravity = Array.from(options.gravity ?? [0, 0, 0]);
    const name = options.name ?? '';
    const nRigidBody = mbs.addNode(NodeRigidBodyEP({
      name: name === '' ? '' : `NodeRigidBody:${name}`, referenceCoordinates: [...positionRef, ...ep], initialVelocities: [...velocity, ...epT],
    }));
    const nm = this.nModes;
    const zeros = new Array<number>(nm).fill(0);
    const nGenericODE2 = mbs.addNode(NodeGenericODE2({
      name: name === '' ? '' : `NodeGeneric:${name}`, numberOfODE2Coordinates: nm, referenceCoordinates: zeros, initialCoordinates: zeros, initialCoordinates_t: zeros,
    }));
    const alpha = options.massProportionalDamping ?? 0, beta = options.stiffnessProportionalDamping ?? 0;
    this.dampingMatrixReduced = alpha === 0 && beta === 0 ? undefined
      : this.massMatrixReduced.map((row, i) => row.map((m, j) => alpha * m + beta * this.stiffnessMatrixReduced[i][j]));
    const userFunctions = options.forceUserFunction !== undefined && options.massMatrixUserFunction !== undefined;
    const common = {
      name, nodeNumbers: [nRigidBody, nGenericODE2], massMatrixReduced: this.massMatrixReduced, stiffnessMatrixReduced: this.stiffnessMatrixReduced,
      dampingMatrixReduced: this.dampingMatrixReduced ?? [], modeBasis: this.modeBasis, referencePositions: this.xRef,
      forceUserFunction: options.forceUserFunction ?? (0 as const), massMatrixUserFunction: options.massMatrixUserFunction ?? (0 as const),
      visualization: { triangleMesh: Array.from(this.triangles), color: options.color ?? [0.1, 0.9, 0.1, 1], showNodes: true },
    };
    let loadGravity: LoadIndex | undefined;
    let oFFRFreducedOrder: ObjectIndex;
    if (userFunctions) {
      oFFRFreducedOrder = mbs.addObject(ObjectFFRFreducedOrder({ ...common, computeFFRFterms: false }));
    } else {
      oFFRFreducedOrder = mbs.addObject(ObjectFFRFreducedOrder({
        ...common, computeFFRFterms: true, physicsMass: this.totalMass, physicsInertia: this.inertiaLocal, physicsCenterOfMass: this.chiU,
        mPsiTildePsi: this.mPsiTildePsi, mPsiTildePsiTilde: this.mPsiTildePsiTilde, mPhitTPsi: this.mPhitTPsi, mPhitTPsiTilde: this.mPhitTPsiTilde,
        mXRefTildePsi: this.mXRefTildePsi, mXRefTildePsiTilde: this.mXRefTildePsiTilde,
      }));
      loadGravity = addGravityLoad(mbs, oFFRFreducedOrder, this.gravity).loadNumber;
    }
    return { nRigidBody, nGenericODE2, oFFRFreducedOrder, loadGravity };
  }

  /** The {@link UserFunctionMatrices} of this interface. */
  private matrices(): UserFunctionMatrices {
    let found = userFunctionMatrices.get(this);
    if (found === undefined) {
      const nm = this.nModes;
      const mXRefTildePsiTilde = flat(this.mXRefTildePsiTilde), mPsiTildePsi = flat(this.mPsiTildePsi), mPhitTPsi = flat(this.mPhitTPsi);
      found = {
        mPhitTPsiTilde: flat(this.mPhitTPsiTilde), mXRefTildePsiTilde, mPsiTildePsiTilde: flat(this.mPsiTildePsiTilde), mPsiTildePsi, mPhitTPsi,
        mXRefTildePsi: flat(this.mXRefTildePsi), inertiaLocal: flat(this.inertiaLocal), stiffnessReduced: flat(this.stiffnessMatrixReduced),
        zeta: new Float64Array(nm).fill(Number.NaN), theta: new Float64Array(9),
        mXRefTildePsiTildeT: transpose(mXRefTildePsiTilde, 3, 3 * nm), mPsiTildePsiT: transpose(mPsiTildePsi, 3 * nm, nm), mPhitTPsiT: transpose(mPhitTPsi, 3, nm),
      };
      userFunctionMatrices.set(this, found);
    }
    return found;
  }

  /**
   * Θ_ζ = Θ_u + M_x̃Ψ̃(ζ⊗I) + (·)ᵀ + (ζ⊗I)ᵀ M_Ψ̃Ψ̃ (ζ⊗I) for ζ = q[7…7 + n_m), kept for the last ζ: the numerical
   * Jacobians' evaluations and the mass matrix share ζ mostly. The returned array must not be changed.
   */
  private thetaZeta(q: ArrayLike<number>, matrices: UserFunctionMatrices): Float64Array {
    const nm = this.nModes, zeta = matrices.zeta;
    let same = true;
    for (let j = 0; j < nm; j++) if (zeta[j] !== q[7 + j]) { same = false; break; }
    if (!same) {
      const s = timesKron(matrices.mXRefTildePsiTilde, 3, nm, q, 7);
      const q2 = kronTransposeTimes(q, 7, nm, timesKron(matrices.mPsiTildePsiTilde, 3 * nm, nm, q, 7), 3);
      matrices.theta.set(matrices.inertiaLocal.map((v, i) => v + s[i] + s[(i % 3) * 3 + Math.floor(i / 3)] + q2[i]));
      for (let j = 0; j < nm; j++) zeta[j] = q[7 + j];
    }
    return matrices.theta;
  }

  /** A and G_l (3 × 4) of the reference node for the user functions (Euler parameters). */
  private userFrame(q: ArrayLike<number>) {
    const ep = new Float64Array(4);
    for (let i = 0; i < 4; i++) ep[i] = q[3 + i] + this.rotationParameters0[i];
    return { a: eulerParameters2RotationMatrixInto(new Float64Array(9), ep), g: eulerParameters2GLocalInto(new Float64Array(12), ep) };
  }

  /**
   * Mass matrix user function (Exudyn's UFmassFFRFreducedOrder) for an object created with user functions and a RigidBodyEP node:
   * the full FFRF mass matrix including M_red, as a dense n_ODE2 × n_ODE2 array of rows. An independent dense implementation of the
   * formulas of ObjectFFRFreducedOrder.
   */
  ufMassFFRFreducedOrder(q: ArrayLike<number>): number[][] {
    const nm = this.nModes, n = 7 + nm;
    const { a, g } = this.userFrame(q);
    const matrices = this.matrices();
    const m = this.totalMass, c = this.chiU;
    const chiTilde = [0, -c[2], c[1], c[2], 0, -c[0], -c[1], c[0], 0].map((v) => m * v);
    const cMat = timesKron(matrices.mPhitTPsiTilde, 3, nm, q, 7).map((v, i) => v + chiTilde[i]);
    const mtr = mul(mul(a, 3, 3, cMat, 3), 3, 3, g, 4).map((v) => -v);
    const mtf = mul(a, 3, 3, matrices.mPhitTPsi, nm);
    const r = matrices.mXRefTildePsi;
    const ztPsiTPsi = kronTransposeTimes(q, 7, nm, matrices.mPsiTildePsi, nm);
    const rr = r.map((v, i) => v + ztPsiTPsi[i]);
    const gT = transpose(g, 3, 4);
    const mrf = mul(gT, 4, 3, rr, nm).map((v) => -v);
    const th = this.thetaZeta(q, matrices);
    const mrr = mul(mul(gT, 4, 3, th, 3), 4, 3, g, 4);
    return massMatrixRows(n, nm, m, mtr, mtf, mrf, mrr, this.massMatrixReduced);
  }

  /**
   * Force user function (Exudyn's UFforceFFRFreducedOrder): quadratic velocity vector, −K_red ζ − D_red ζ̇ and the gravity of
   * addObjectFFRFreducedOrder (m g, G_lᵀ(χ̃_u m Aᵀg), M_ΦtΨᵀAᵀg), for a RigidBodyEP reference node; n_ODE2 entries.
   */
  ufForceFFRFreducedOrder(q: ArrayLike<number>, qt: ArrayLike<number>): number[] {
    const nm = this.nModes, n = 7 + nm, m = this.totalMass, c = this.chiU;
    const { a, g } = this.userFrame(q);
    const w = mul(g, 3, 4, Float64Array.from({ length: 4 }, (_, i) => qt[3 + i]), 1);
    const wt = Float64Array.of(0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0);
    const chiTilde = Float64Array.of(0, -c[2], c[1], c[2], 0, -c[0], -c[1], c[0], 0);
    const matrices = this.matrices();
    const { mPhitTPsiTilde: mPhiPsiT, mXRefTildePsiTilde: mXPsiT, mPsiTildePsiTilde: mPsiTPsiT } = matrices;
    const f = new Array<number>(n).fill(0);
    const cMat = timesKron(mPhiPsiT, 3, nm, q, 7).map((v, i) => v + m * chiTilde[i]);
    const t1 = mul(mul(mul(a, 3, 3, wt, 3), 3, 3, cMat, 3), 3, 3, w, 1);
    const t2 = mul(a, 3, 3, mul(mPhiPsiT, 3, 3 * nm, kronTimes(qt, 7, nm, w), 1), 1);
    for (let i = 0; i < 3; i++) f[i] = t1[i] + 2 * t2[i];
    const th = this.thetaZeta(q, matrices);
    const gT = transpose(g, 3, 4);
    const r1 = mul(gT, 4, 3, mul(mul(wt, 3, 3, th, 3), 3, 3, w, 1), 1);
    // ζᵀ(Ψ̃ᵀΨ̃)ζ̇, formed once (not once per entry of the sum)
    const zetaRate = kronTransposeTimes(q, 7, nm, timesKron(mPsiTPsiT, 3 * nm, nm, qt, 7), 3);
    const inner = timesKron(mXPsiT, 3, nm, qt, 7).map((v, i) => v + zetaRate[i]);
    const r2 = mul(gT, 4, 3, mul(inner, 3, 3, w, 1), 1);
    for (let i = 0; i < 4; i++) f[3 + i] = -r1[i] - 2 * r2[i];
    const h = mul(mPsiTPsiT, 3 * nm, 3 * nm, kronTimes(q, 7, nm, w), 1);
    const hx = mul(matrices.mXRefTildePsiTildeT, 3 * nm, 3, w, 1);
    const v1 = kronTimes(qt, 7, nm, w);
    const cor = mul(matrices.mPsiTildePsiT, nm, 3 * nm, v1, 1);
    const d = this.dampingMatrixReduced, kRed = matrices.stiffnessReduced;
    modalForces(f, nm, w, h, hx, cor, kRed, d, q, qt);
    const grav = this.gravity;
    const bl = mul(transpose(a, 3, 3), 3, 3, Float64Array.from(grav), 1);
    for (let i = 0; i < 3; i++) f[i] += m * grav[i];
    const tq = mul(chiTilde, 3, 3, bl.map((v) => m * v), 1);
    const gq = mul(gT, 4, 3, tq, 1);
    for (let i = 0; i < 4; i++) f[3 + i] += gq[i];
    const mf = mul(matrices.mPhitTPsiT, nm, 3, bl, 1);
    for (let j = 0; j < nm; j++) f[7 + j] += mf[j];
    return f;
  }
}
