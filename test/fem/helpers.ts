/**
 * Helpers of the FEM tests: CSC matrix access and norms, rigid-body displacement fields.
 * @module
 */
import type { CscMatrix } from '../../src/linalg/sparse.ts';

/** Entry (r, c) of a CSC matrix (0 if not stored). */
export function cscGet(a: CscMatrix, r: number, c: number): number {
  for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) if (a.rowIndex[k] === r) return a.values[k];
  return 0;
}

/** Calls f(row, col, value) for every stored entry. */
export function forEachEntry(a: CscMatrix, f: (r: number, c: number, v: number) => void): void {
  for (let c = 0; c < a.n; c++) for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) f(a.rowIndex[k], c, a.values[k]);
}

/** Largest |entry|. */
export function maxAbs(a: CscMatrix): number {
  let m = 0;
  for (const v of a.values) m = Math.max(m, Math.abs(v));
  return m;
}

/** max |A_rc − B_rc| over the union of both patterns. */
export function maxDifference(a: CscMatrix, b: CscMatrix): number {
  let d = 0;
  forEachEntry(a, (r, c, v) => { d = Math.max(d, Math.abs(v - cscGet(b, r, c))); });
  forEachEntry(b, (r, c, v) => { d = Math.max(d, Math.abs(v - cscGet(a, r, c))); });
  return d;
}

/** max |A_rc − A_cr|. */
export function maxAsymmetry(a: CscMatrix): number {
  let d = 0;
  forEachEntry(a, (r, c, v) => { d = Math.max(d, Math.abs(v - cscGet(a, c, r))); });
  return d;
}

/** y = A x. */
export function multiply(a: CscMatrix, x: Float64Array): Float64Array {
  const y = new Float64Array(a.n);
  forEachEntry(a, (r, c, v) => { y[r] += v * x[c]; });
  return y;
}

/** Σ_rc A_rc over entries whose row and column are coordinate `dir` (0, 1, 2) of a node: 1ᵀ M_dir 1. */
export function directionSum(a: CscMatrix, dir: number): number {
  let s = 0;
  forEachEntry(a, (r, c, v) => { if (r % 3 === dir && c % 3 === dir) s += v; });
  return s;
}

/** Maximum norm of a vector. */
export function normInf(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]));
  return m;
}

/**
 * The 6 rigid-body displacement fields of nodes (3 per node): translations e_x, e_y, e_z and
 * rotations e_k × (x − center).
 */
export function rigidBodyModes(nodes: Float64Array, center: readonly number[] = [0, 0, 0]): Float64Array[] {
  const n = nodes.length;
  const modes: Float64Array[] = [];
  for (let d = 0; d < 3; d++) {
    const t = new Float64Array(n);
    for (let i = d; i < n; i += 3) t[i] = 1;
    modes.push(t);
  }
  for (let k = 0; k < 3; k++) {
    const r = new Float64Array(n);
    for (let i = 0; i < n; i += 3) {
      const x = [nodes[i] - center[0], nodes[i + 1] - center[1], nodes[i + 2] - center[2]];
      const w = [0, 0, 0];
      w[k] = 1;
      r[i] = w[1] * x[2] - w[2] * x[1];
      r[i + 1] = w[2] * x[0] - w[0] * x[2];
      r[i + 2] = w[0] * x[1] - w[1] * x[0];
    }
    modes.push(r);
  }
  return modes;
}
