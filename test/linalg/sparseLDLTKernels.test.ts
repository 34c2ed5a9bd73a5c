import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SparseLDLT, type LDLTOrdering, type SparseLDLTZeroPivot } from '../../src/linalg/sparseLDLT.ts';
import { sparseLDLTModuleBytes, sparseLDLTModuleText } from '../../src/linalg/sparseLDLTKernelsSource.ts';
import type { SparseLDLTLayout, SparseLDLTSizes } from '../../src/linalg/sparseLDLTKernelsLayout.ts';
import type { CscMatrix } from '../../src/linalg/sparse.ts';
import { dotRange, subtractScaled } from '../../src/linalg/vector.ts';
import { mulberry32 } from './matrices.ts';

/*
 * The JavaScript loops that the WebAssembly kernels replaced (SparseLDLT's numeric factorization and multi-right-hand-side
 * solve before the kernels, on the same symbolic analysis): the reference, bit for bit, for −0, subnormals, extreme
 * scales, negative and vanishing pivots.
 */

/** SparseLDLT's private state that the reference reads: the symbolic analysis and the kernels' memory. */
interface Analysis {
  readonly n: number;
  readonly perm: Int32Array;
  readonly cPtr: Int32Array;
  readonly cRow: Int32Array;
  readonly slot: Int32Array;
  readonly patColPtr: Int32Array;
  readonly nSuper: number;
  readonly superFirst: Int32Array;
  readonly rowPtr: Int32Array;
  readonly rows: Int32Array;
  readonly lPtr: Float64Array;
  readonly childCount: Int32Array;
  readonly sizes: SparseLDLTSizes;
  readonly layout: SparseLDLTLayout;
  readonly memory: WebAssembly.Memory;
  readonly zeroPivotTolerance: number;
}

const analysisOf = (ldlt: SparseLDLT): Analysis => ldlt as unknown as Analysis;

/** Columns per block of the dense panel factorization. */
const PANEL_BLOCK = 32;

/** The factors as the replaced JavaScript computed them: L's blocks, the pivots, and −1 or the failed step. */
function referenceFactorize(analysis: Analysis, a: CscMatrix): { lx: Float64Array; d: Float64Array; colScale: Float64Array; failed: number } {
  const n = analysis.n;
  const { cPtr, cRow, slot, superFirst, rowPtr, rows, lPtr, childCount, sizes } = analysis;
  const cVal = new Float64Array(cRow.length);
  const nnz = analysis.patColPtr[n];
  const av = a.values;
  for (let k = 0; k < nnz; k++) if (slot[k] >= 0) cVal[slot[k]] += av[k];
  const colScale = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    for (let p = cPtr[j]; p < cPtr[j + 1]; p++) {
      const v = Math.abs(cVal[p]);
      const i = cRow[p];
      if (v > colScale[j]) colScale[j] = v;
      if (v > colScale[i]) colScale[i] = v;
    }
  }
  const ns = analysis.nSuper;
  const lx = new Float64Array(lPtr[ns]);
  const d = new Float64Array(n);
  const F = new Float64Array(sizes.maxFront);
  const stack = new Float64Array(sizes.stackPeak);
  const stackSuper = new Int32Array(sizes.stackDepth);
  const map = new Int32Array(n);
  const rel = new Int32Array(sizes.maxRows);
  const w = new Float64Array(n);
  const tol = analysis.zeroPivotTolerance;
  const failed = ((): number => {
    let sp = 0;
    let depth = 0;
    for (let s = 0; s < ns; s++) {
      const f = superFirst[s];
      const k = superFirst[s + 1] - f;
      const r0 = rowPtr[s];
      const r = rowPtr[s + 1] - r0;
      const m = k + r;
      for (let c = 0; c < k; c++) map[f + c] = c;
      for (let i = 0; i < r; i++) map[rows[r0 + i]] = k + i;
      F.fill(0, 0, m * m);
      for (let c = 0; c < k; c++) {
        const j = f + c;
        scatterAdd(F, c * m, map, cRow, cVal, cPtr[j], cPtr[j + 1]);
      }
      // Extend-add of the children's update matrices (on top of the stack, in reverse order).
      for (let t = 0; t < childCount[s]; t++) {
        const child = stackSuper[--depth];
        const c0 = rowPtr[child];
        const rc = rowPtr[child + 1] - c0;
        sp -= rc * rc;
        for (let a = 0; a < rc; a++) rel[a] = map[rows[c0 + a]];
        for (let bcol = 0; bcol < rc; bcol++) extendAddColumn(F, rel[bcol] * m, rel, stack, sp + bcol * rc, bcol, rc);
      }
      // Dense LDLᵀ of the panel (columns 0..k−1) in blocks of PANEL_BLOCK columns: left-looking
      // inside a block, then the trailing lower triangle F[c1:m, c1:m] (remaining panel
      // columns and F₂₂) updated by the block's columns with the dense kernel.
      for (let b0 = 0; b0 < k; b0 += PANEL_BLOCK) {
        const b1 = Math.min(b0 + PANEL_BLOCK, k);
        for (let c = b0; c < b1; c++) {
          const cc = c * m;
          for (let t = b0; t < c; t++) w[t] = d[f + t] * F[t * m + c];
          let t = b0;
          for (; t + 3 < c; t += 4) {
            const o0 = t * m;
            const o1 = o0 + m;
            const o2 = o1 + m;
            const o3 = o2 + m;
            subtractProducts4(F, cc, o0, o1, o2, o3, w[t], w[t + 1], w[t + 2], w[t + 3], c, m);
          }
          for (; t < c; t++) subtractScaled(F, cc, F, t * m, w[t], c, m);
          const j = f + c;
          const piv = F[cc + c];
          d[j] = piv;
          if (!(Math.abs(piv) > tol * colScale[j])) return j;
          scaleEntries(F, cc, 1 / piv, c + 1, m);
        }
        if (b1 < m) lowerUpdate(F, m, b0, b1, b1, d, f, F, b1 * m + b1, m, w);
      }
      lx.set(F.subarray(0, m * k), lPtr[s]);
      if (r === 0) continue;
      // Update matrix U = F₂₂ − L₂₁·D·L₂₁ᵀ (already applied in F) as a column-major r×r lower triangle on the stack.
      const u0 = sp;
      for (let jc = 0; jc < r; jc++) copyEntries(stack, u0 + jc * r, F, (k + jc) * m + k, jc, r);
      sp += r * r;
      stackSuper[depth++] = s;
    }
    return -1;
  })();
  return { lx, d, colScale, failed };
}

/** X = A⁻¹B as the replaced JavaScript solved it (count right-hand sides, column-major), with the reference factors. */
function referenceSolve(analysis: Analysis, lx: Float64Array, d: Float64Array, b: Float64Array, count: number): Float64Array {
  const n = analysis.n;
  const ns = analysis.nSuper;
  const w = new Float64Array(n * count);
  const x = new Float64Array(n * count);
  const { superFirst, rowPtr, rows, lPtr } = analysis;
  const t = new Float64Array(analysis.sizes.maxRows * count);
  permuteRows(b, w, analysis.perm, n, count);
  forward();
  divideByPivots(w, d, n, count);
  backward();
  scatterRows(w, x, analysis.perm, n, count);
  return x;

  function forward(): void {
    // Forward L y = b: per supernode the unit triangle of the diagonal block, then the rows
    // below as dense products t = L₂₁·y₁ (four columns at a time) scattered once.
    for (let s = 0; s < ns; s++) {
      const f = superFirst[s];
      const k = superFirst[s + 1] - f;
      const r0 = rowPtr[s];
      const nr = rowPtr[s + 1] - r0;
      const m = k + nr;
      const off = lPtr[s];
      for (let r = 0; r < count; r++) {
        const o = r * n + f;
        for (let c = 0; c < k; c++) {
          const xc = w[o + c];
          if (xc === 0) continue;
          subtractScaled(w, o, lx, off + c * m, xc, c + 1, k);
        }
      }
      if (nr === 0) continue;
      t.fill(0, 0, nr * count);
      let c = 0;
      for (; c + 3 < k; c += 4) {
        const c0 = off + c * m + k;
        const c1 = c0 + m;
        const c2 = c1 + m;
        const c3 = c2 + m;
        for (let r = 0; r < count; r++) {
          const o = r * n + f + c;
          addProducts4(t, r * nr, lx, c0, c1, c2, c3, w[o], w[o + 1], w[o + 2], w[o + 3], nr);
        }
      }
      for (; c < k; c++) {
        const c0 = off + c * m + k;
        for (let r = 0; r < count; r++) addProduct(t, r * nr, lx, c0, w[r * n + f + c], nr);
      }
      for (let r = 0; r < count; r++) subtractScattered(w, r * n, rows, r0, t, r * nr, nr);
    }
  }

  function backward(): void {
    // Backward Lᵀ x = y: the rows below gathered once, dense dot products, then the triangle.
    for (let s = ns - 1; s >= 0; s--) {
      const f = superFirst[s];
      const k = superFirst[s + 1] - f;
      const r0 = rowPtr[s];
      const nr = rowPtr[s + 1] - r0;
      const m = k + nr;
      const off = lPtr[s];
      if (nr > 0) {
        for (let r = 0; r < count; r++) gatherRows(t, r * nr, w, r * n, rows, r0, nr);
        let c = 0;
        for (; c + 3 < k; c += 4) {
          const c0 = off + c * m + k;
          for (let r = 0; r < count; r++) subtractDots4(w, r * n + f + c, lx, c0, c0 + m, c0 + 2 * m, c0 + 3 * m, t, r * nr, nr);
        }
        for (; c < k; c++) {
          const c0 = off + c * m + k;
          for (let r = 0; r < count; r++) w[r * n + f + c] -= dotRange(lx, c0 - r * nr, t, r * nr, (r + 1) * nr);
        }
      }
      for (let r = 0; r < count; r++) {
        const o = r * n + f;
        for (let c = k - 1; c >= 0; c--) w[o + c] = subtractDotFrom(w[o + c], lx, off + c * m, w, o, c + 1, k);
      }
    }
  }
}

/**
 * Lower-triangle update U −= L·D·Lᵀ with L = rows `row0`..m−1 of columns t0..t1−1 of the
 * column-major m×m front F (d indexed from `f`), U of size (m − row0)² at `u0` in `u` with
 * leading dimension `ld` (u may be F itself, the trailing block). Two columns of U and four
 * columns of L at a time.
 */
function lowerUpdate(F: Float64Array, m: number, t0: number, t1: number, row0: number, d: Float64Array, f: number, u: Float64Array, u0: number, ld: number, w: Float64Array): void {
  const r = m - row0;
  let jc = 0;
  for (; jc + 1 < r; jc += 2) {
    const dst0 = u0 + jc * ld;
    const dst1 = dst0 + ld;
    let t = t0;
    for (; t + 3 < t1; t += 4) {
      const o0 = t * m + row0;
      const o1 = o0 + m;
      const o2 = o1 + m;
      const o3 = o2 + m;
      const a0 = d[f + t] * F[o0 + jc];
      const a1 = d[f + t + 1] * F[o1 + jc];
      const a2 = d[f + t + 2] * F[o2 + jc];
      const a3 = d[f + t + 3] * F[o3 + jc];
      const b0 = d[f + t] * F[o0 + jc + 1];
      const b1 = d[f + t + 1] * F[o1 + jc + 1];
      const b2 = d[f + t + 2] * F[o2 + jc + 1];
      const b3 = d[f + t + 3] * F[o3 + jc + 1];
      u[dst0 + jc] -= F[o0 + jc] * a0 + F[o1 + jc] * a1 + F[o2 + jc] * a2 + F[o3 + jc] * a3;
      updateColumnPair4(u, dst0, dst1, F, o0, o1, o2, o3, a0, a1, a2, a3, b0, b1, b2, b3, jc + 1, r);
    }
    for (; t < t1; t++) {
      const o0 = t * m + row0;
      const a0 = d[f + t] * F[o0 + jc];
      const b0 = d[f + t] * F[o0 + jc + 1];
      u[dst0 + jc] -= F[o0 + jc] * a0;
      updateColumnPair1(u, dst0, dst1, F, o0, a0, b0, jc + 1, r);
    }
  }
  if (jc < r) {
    for (let t = t0; t < t1; t++) w[t] = d[f + t] * F[t * m + row0 + jc];
    let s = 0;
    for (let t = t0; t < t1; t++) s += F[t * m + row0 + jc] * w[t];
    u[u0 + jc * ld + jc] -= s;
  }
}

/* The inner loops of the replaced factorization and substitutions. */

/** `F[col + map[row[p]]] += val[p]` for start ≤ p < end: a column of C into the front. */
function scatterAdd(F: Float64Array, col: number, map: Int32Array, row: Int32Array, val: Float64Array, start: number, end: number): void {
  for (let p = start; p < end; p++) F[col + map[row[p]]] += val[p];
}

/** `F[dst + rel[a]] += stack[src + a]` for from ≤ a < to: a column of a child's update matrix into the front. */
function extendAddColumn(F: Float64Array, dst: number, rel: Int32Array, stack: Float64Array, src: number, from: number, to: number): void {
  for (let a = from; a < to; a++) F[dst + rel[a]] += stack[src + a];
}

/** `F[cc + i] −= F[o0 + i]·w0 + F[o1 + i]·w1 + F[o2 + i]·w2 + F[o3 + i]·w3` for from ≤ i < to. */
function subtractProducts4(F: Float64Array, cc: number, o0: number, o1: number, o2: number, o3: number, w0: number, w1: number, w2: number, w3: number, from: number, to: number): void {
  for (let i = from; i < to; i++) F[cc + i] -= F[o0 + i] * w0 + F[o1 + i] * w1 + F[o2 + i] * w2 + F[o3 + i] * w3;
}

/** `x[o + i] *= factor` for from ≤ i < to. */
function scaleEntries(x: Float64Array, o: number, factor: number, from: number, to: number): void {
  for (let i = from; i < to; i++) x[o + i] *= factor;
}

/** `y[yo + i] = x[xo + i]` for from ≤ i < to. */
function copyEntries(y: Float64Array, yo: number, x: Float64Array, xo: number, from: number, to: number): void {
  for (let i = from; i < to; i++) y[yo + i] = x[xo + i];
}

/** lowerUpdate's two columns of U (at dst0, dst1) by four columns of L (at o0 … o3) for the rows from ≤ i < to. */
function updateColumnPair4(
  u: Float64Array, dst0: number, dst1: number, F: Float64Array, o0: number, o1: number, o2: number, o3: number,
  a0: number, a1: number, a2: number, a3: number, b0: number, b1: number, b2: number, b3: number, from: number, to: number,
): void {
  for (let i = from; i < to; i++) {
    const l0 = F[o0 + i];
    const l1 = F[o1 + i];
    const l2 = F[o2 + i];
    const l3 = F[o3 + i];
    u[dst0 + i] -= l0 * a0 + l1 * a1 + l2 * a2 + l3 * a3;
    u[dst1 + i] -= l0 * b0 + l1 * b1 + l2 * b2 + l3 * b3;
  }
}

/** lowerUpdate's two columns of U (at dst0, dst1) by one column of L (at o0) for the rows from ≤ i < to. */
function updateColumnPair1(u: Float64Array, dst0: number, dst1: number, F: Float64Array, o0: number, a0: number, b0: number, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const l0 = F[o0 + i];
    u[dst0 + i] -= l0 * a0;
    u[dst1 + i] -= l0 * b0;
  }
}

/** `t[to + i] += l[c0 + i]·x0 + l[c1 + i]·x1 + l[c2 + i]·x2 + l[c3 + i]·x3` for 0 ≤ i < count. */
function addProducts4(t: Float64Array, to: number, l: Float64Array, c0: number, c1: number, c2: number, c3: number, x0: number, x1: number, x2: number, x3: number, count: number): void {
  for (let i = 0; i < count; i++) t[to + i] += l[c0 + i] * x0 + l[c1 + i] * x1 + l[c2 + i] * x2 + l[c3 + i] * x3;
}

/** `t[to + i] += l[c0 + i]·x0` for 0 ≤ i < count. */
function addProduct(t: Float64Array, to: number, l: Float64Array, c0: number, x0: number, count: number): void {
  for (let i = 0; i < count; i++) t[to + i] += l[c0 + i] * x0;
}

/** `w[o + rows[r0 + i]] −= t[to + i]` for 0 ≤ i < count. */
function subtractScattered(w: Float64Array, o: number, rows: Int32Array, r0: number, t: Float64Array, to: number, count: number): void {
  for (let i = 0; i < count; i++) w[o + rows[r0 + i]] -= t[to + i];
}

/** `t[to + i] = w[o + rows[r0 + i]]` for 0 ≤ i < count. */
function gatherRows(t: Float64Array, to: number, w: Float64Array, o: number, rows: Int32Array, r0: number, count: number): void {
  for (let i = 0; i < count; i++) t[to + i] = w[o + rows[r0 + i]];
}

/** w[o + q] −= Σ_i l[c_q + i]·t[to + i] for q = 0 … 3 (each sum from 0 in increasing i). */
function subtractDots4(w: Float64Array, o: number, l: Float64Array, c0: number, c1: number, c2: number, c3: number, t: Float64Array, to: number, count: number): void {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < count; i++) {
    const ti = t[to + i];
    s0 += l[c0 + i] * ti;
    s1 += l[c1 + i] * ti;
    s2 += l[c2 + i] * ti;
    s3 += l[c3 + i] * ti;
  }
  w[o] -= s0;
  w[o + 1] -= s1;
  w[o + 2] -= s2;
  w[o + 3] -= s3;
}

/** start − Σ_i l[col + i]·w[o + i] for from ≤ i < to, subtracted one term at a time in increasing i. */
function subtractDotFrom(start: number, l: Float64Array, col: number, w: Float64Array, o: number, from: number, to: number): number {
  let sum = start;
  for (let i = from; i < to; i++) sum -= l[col + i] * w[o + i];
  return sum;
}

/** w = the rows of b in the order perm (row k of each of the `count` n-vectors: b's row perm[k]). */
function permuteRows(b: Float64Array, w: Float64Array, perm: Int32Array, n: number, count: number): void {
  for (let r = 0; r < count; r++) {
    const o = r * n;
    for (let k = 0; k < n; k++) w[o + k] = b[o + perm[k]];
  }
}

/** w /= d entry by entry, for each of the `count` n-vectors. */
function divideByPivots(w: Float64Array, d: Float64Array, n: number, count: number): void {
  for (let r = 0; r < count; r++) {
    const o = r * n;
    for (let j = 0; j < n; j++) w[o + j] /= d[j];
  }
}

/** x = w with its rows put back: row perm[k] of x = row k of w, for each of the `count` n-vectors. */
function scatterRows(w: Float64Array, x: Float64Array, perm: Int32Array, n: number, count: number): void {
  for (let r = 0; r < count; r++) {
    const o = r * n;
    for (let k = 0; k < n; k++) x[o + perm[k]] = w[o + k];
  }
}


/** A symmetric CSC matrix (both triangles) from the upper entries [row ≤ column, value], stored as given (−0 stays −0). */
function symmetricCsc(n: number, upper: readonly (readonly [number, number, number])[]): CscMatrix {
  const columns: [number, number][][] = Array.from({ length: n }, () => []);
  for (const [i, j, v] of upper) {
    columns[j].push([i, v]);
    if (i !== j) columns[i].push([j, v]);
  }
  const colPtr = new Int32Array(n + 1);
  const rowIndex: number[] = [];
  const values: number[] = [];
  for (let j = 0; j < n; j++) {
    columns[j].sort((x, y) => x[0] - y[0]);
    for (const [i, v] of columns[j]) {
      rowIndex.push(i);
      values.push(v);
    }
    colPtr[j + 1] = rowIndex.length;
  }
  return { n, colPtr, rowIndex: Int32Array.from(rowIndex), values: Float64Array.from(values) };
}

/** Upper entries of a random sparse symmetric matrix with a dense block of `block` unknowns at its end (one large supernode). */
function randomUpper(n: number, block: number, seed: number, diagonal: (i: number) => number): [number, number, number][] {
  const rnd = mulberry32(seed);
  const entries = new Map<number, number>();
  for (let j = 0; j < n; j++) {
    for (let t = 0; t < 3; t++) {
      const i = Math.floor(rnd() * j);
      if (i < j) entries.set(i * n + j, 2 * rnd() - 1);
    }
  }
  for (let j = n - block; j < n; j++) for (let i = n - block; i < j; i++) entries.set(i * n + j, 0.1 * (2 * rnd() - 1));
  const upper: [number, number, number][] = [];
  for (const [key, v] of entries) upper.push([Math.floor(key / n), key % n, v]);
  for (let i = 0; i < n; i++) upper.push([i, i, diagonal(i) * (n + 1 + rnd())]);
  return upper;
}

/** The special values of the tests: signed zeros, subnormals, the smallest normal, large and small magnitudes. */
const specials = [0, -0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, -1e150, 1e300, 1, -1];

/** Right-hand sides: random entries with the special values mixed in. */
function rightHandSides(n: number, count: number, seed: number): Float64Array {
  const rnd = mulberry32(seed);
  const b = new Float64Array(n * count);
  for (let i = 0; i < b.length; i++) b[i] = rnd() < 0.2 ? specials[Math.floor(rnd() * specials.length)] : 2 * rnd() - 1;
  return b;
}

/** The entries of L as the kernels stored them. */
function kernelFactor(ldlt: SparseLDLT): Float64Array {
  const { memory, layout, sizes } = analysisOf(ldlt);
  return new Float64Array(memory.buffer, layout.lx, sizes.lEntries);
}

/** Expects equal arrays bit for bit (Object.is: −0 is not 0), reporting the first difference. */
function expectSameBits(actual: Float64Array, expected: Float64Array, what: string): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) expect(`${what}[${i}] = ${actual[i]}`).toBe(`${what}[${i}] = ${expected[i]}`);
  }
}

/**
 * Factorizes (analyze, or refactorize when `ldlt` has analyzed the pattern) and compares with the replaced JavaScript bit
 * for bit: the outcome, the pivots and L, then the solves of 1, 3 and `manyRightHandSides` right-hand sides.
 */
function expectAsReference(a: CscMatrix, ldlt: SparseLDLT, refactorize: boolean, manyRightHandSides = 5): true | SparseLDLTZeroPivot {
  const outcome = refactorize ? ldlt.refactorize(a) : ldlt.analyze(a);
  const analysis = analysisOf(ldlt);
  const reference = referenceFactorize(analysis, a);
  if (reference.failed >= 0) {
    const j = reference.failed;
    expect(outcome).not.toBe(true);
    const report = outcome as SparseLDLTZeroPivot;
    expect(report.step).toBe(j);
    expect(report.singularColumn).toBe(analysis.perm[j]);
    expect(Object.is(report.pivot, reference.d[j])).toBe(true);
    expect(Object.is(report.columnScale, reference.colScale[j])).toBe(true);
    expectSameBits(ldlt.pivots.subarray(0, j + 1), reference.d.subarray(0, j + 1), 'pivots');
    expect(() => ldlt.solve(new Float64Array(a.n), new Float64Array(a.n))).toThrow();
    return outcome;
  }
  expect(outcome).toBe(true);
  expectSameBits(ldlt.pivots, reference.d, 'pivots');
  expectSameBits(kernelFactor(ldlt), reference.lx, 'L');
  let negative = 0;
  for (const pivot of reference.d) if (pivot < 0) negative++;
  expect(ldlt.negativePivots).toBe(negative);
  for (const count of [1, 3, manyRightHandSides]) {
    const b = rightHandSides(a.n, count, 7 * count + a.n);
    const x = new Float64Array(a.n * count);
    ldlt.solveMultiple(b, x, count);
    expectSameBits(x, referenceSolve(analysis, reference.lx, reference.d, b, count), `x (${count} right-hand sides)`);
  }
  return outcome;
}

describe('SparseLDLT kernels (WebAssembly)', () => {
  it('are two modules under 4 KB that validate, and sparseLDLTKernelsModule.ts is what scripts/generateWasmKernels.ts writes now', () => {
    const { factorization, solve } = sparseLDLTModuleBytes();
    for (const bytes of [factorization, solve]) {
      expect(bytes.length).toBeLessThan(4096);
      expect(WebAssembly.validate(bytes)).toBe(true);
    }
    const stored = readFileSync(new URL('../../src/linalg/sparseLDLTKernelsModule.ts', import.meta.url), 'utf8');
    expect(stored).toBe(sparseLDLTModuleText());
  });

  it('factorize and solve as the JavaScript loops, bit for bit: definite, indefinite, large supernodes, all orderings', () => {
    const orderings: LDLTOrdering[] = ['auto', 'natural', 'rcm', 'nd'];
    for (const [n, block] of [[1, 1], [7, 3], [60, 0], [120, 70], [150, 33]]) {
      for (const ordering of orderings) {
        expectAsReference(symmetricCsc(n, randomUpper(n, block, n + block, () => 1)), new SparseLDLT({ ordering }), false);
        const indefinite = symmetricCsc(n, randomUpper(n, block, 3 * n, (i) => (i % 5 < 2 ? -1 : 1)));
        expectAsReference(indefinite, new SparseLDLT({ ordering }), false);
      }
    }
  });

  it('−0, subnormal and widely scaled entries (1e-300 … 1e150) give the same bits; refactorize too', () => {
    const n = 90;
    const base = randomUpper(n, 40, 11, (i) => (i % 7 === 3 ? -1 : 1));
    const rnd = mulberry32(5);
    const withSpecials = base.map(([i, j, v]): [number, number, number] =>
      [i, j, i !== j && rnd() < 0.15 ? specials[Math.floor(rnd() * 4)] : v]);
    const ldlt = new SparseLDLT();
    expectAsReference(symmetricCsc(n, withSpecials), ldlt, false);
    for (const scale of [1e-300, 1e-160, 1e150, -1]) {
      const scaled = withSpecials.map(([i, j, v]): [number, number, number] => [i, j, v * scale]);
      expectAsReference(symmetricCsc(n, scaled), ldlt, true);
      expectAsReference(symmetricCsc(n, scaled), new SparseLDLT({ ordering: 'natural' }), false);
    }
  });

  it('report a vanishing pivot as the JavaScript did (singular, zero leading minor, a zero matrix) and refuse to solve', () => {
    const n = 40;
    // a zero row and column, a rank-one block, [[0, 1], [1, 0]], the zero matrix
    const zeroRow = randomUpper(n, 10, 3, () => 1).filter(([i, j]) => i !== 17 && j !== 17);
    const rankOne: [number, number, number][] = [];
    for (let j = 0; j < 6; j++) for (let i = 0; i <= j; i++) rankOne.push([i, j, (i + 1) * (j + 1)]);
    const cases: [number, [number, number, number][]][] = [[n, zeroRow], [6, rankOne], [2, [[0, 1, 1]]], [3, [[0, 0, 0], [1, 1, -0], [2, 2, 0]]]];
    for (const [size, upper] of cases) {
      for (const ordering of ['auto', 'natural'] as const) {
        const outcome = expectAsReference(symmetricCsc(size, upper), new SparseLDLT({ ordering }), false);
        expect(outcome).not.toBe(true);
      }
    }
    // a failed refactorization after a good one, and a good one after it
    const ldlt = new SparseLDLT({ ordering: 'natural' });
    const good = randomUpper(n, 10, 3, () => 1);
    expectAsReference(symmetricCsc(n, good), ldlt, false);
    expect(expectAsReference(symmetricCsc(n, good.map(([i, j, v]) => [i, j, i === j && i === 5 ? 0 : v * Number(i !== 5 && j !== 5)])), ldlt, true)).not.toBe(true);
    expectAsReference(symmetricCsc(n, good), ldlt, true);
  });

  it('move to a new memory for more right-hand sides than fit (the factors copied; the old buffer stays attached)', () => {
    const n = 300;
    const ldlt = new SparseLDLT();
    const a = symmetricCsc(n, randomUpper(n, 50, 21, () => 1));
    expectAsReference(a, ldlt, false);
    const first = analysisOf(ldlt).memory;
    const pages = first.buffer.byteLength;
    expectAsReference(a, ldlt, true, 100);
    expect(analysisOf(ldlt).memory).not.toBe(first);
    expect(first.buffer.byteLength).toBe(pages);
    expectAsReference(a, ldlt, true, 7);
  });
});
