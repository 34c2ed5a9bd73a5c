import { describe, it, expect, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { SparseLU, type SparseLUSingular } from '../../src/linalg/sparseLU.ts';
import { scatterSubtract, type CscMatrix } from '../../src/linalg/sparse.ts';
import type { SparseLULayout, SparseLUMemory } from '../../src/linalg/sparseLUKernels.ts';
import { sparseLUModuleBytes, sparseLUModuleText } from '../../src/linalg/sparseLUKernelsSource.ts';
import { sparseLUModuleBase64 } from '../../src/linalg/sparseLUKernelsModule.ts';
import { assemble, emitLaplacian2D, emitRandomSparse, emitSpringChainKKT, mulberry32, randomVector } from './matrices.ts';

// The JavaScript of SparseLU's refactorization (refactorColumns and the loops it called) that the WebAssembly kernels
// replaced, unchanged: the reference, bit for bit.

function refactorColumns(n: number, a: CscMatrix, q: Int32Array, pinv: Int32Array, x: Float64Array, lp: Int32Array, li: Int32Array,
  lx: Float64Array, up: Int32Array, ui: Int32Array, ux: Float64Array, group: Uint8Array, udiag: Float64Array, rs: Float64Array,
  cs: Float64Array, tau: number, tol: number, maxima: Float64Array, groupScale: Float64Array): boolean {
  let amax = 0;
  let umax = 0;
  for (let k = 0; k < n; k++) {
    const j = q[k];
    amax = scatterPermutedColumn(a, j, rs, cs[j], pinv, x, amax);
    let scale = group.length > 0 ? eliminateGroupedUPart(x, up[k], up[k + 1], ui, ux, group, li, lx, lp, groupScale)
      : eliminateWithUPart(x, up[k], up[k + 1], ui, ux, li, lx, lp);
    const pivot = x[k];
    x[k] = 0;
    const absPivot = Math.abs(pivot);
    const lmax = divideLowerPart(x, lp[k], lp[k + 1], li, lx, 1 / pivot);
    if (absPivot > scale) scale = absPivot;
    if (scale > umax) umax = scale;
    if (lmax > scale) scale = lmax;
    if (!(absPivot >= tau * lmax) || !(absPivot > tol * scale) || absPivot === 0) return false;
    udiag[k] = pivot;
    maxima[0] = amax;
    maxima[1] = umax;
  }
  return true;
}

function scatterPermutedColumn(a: CscMatrix, j: number, rs: Float64Array, cj: number, pinv: Int32Array, x: Float64Array, amax: number): number {
  const ri = a.rowIndex;
  const av = a.values;
  for (let p = a.colPtr[j], end = a.colPtr[j + 1]; p < end; p++) {
    const i = ri[p];
    const v = av[p] * rs[i] * cj;
    x[pinv[i]] += v;
    const absV = Math.abs(v);
    if (absV > amax) amax = absV;
  }
  return amax;
}

function eliminateWithUPart(x: Float64Array, start: number, end: number, ui: Int32Array, ux: Float64Array, li: Int32Array,
  lx: Float64Array, lp: Int32Array): number {
  let scale = 0;
  for (let p = start; p < end; p++) {
    const kk = ui[p];
    const xk = x[kk];
    ux[p] = xk;
    x[kk] = 0;
    if (xk === 0) continue;
    const absX = Math.abs(xk);
    if (absX > scale) scale = absX;
    scatterSubtract(x, li, lx, lp[kk], lp[kk + 1], xk);
  }
  return scale;
}

function eliminateGroupedUPart(x: Float64Array, start: number, end: number, ui: Int32Array, ux: Float64Array, group: Uint8Array,
  li: Int32Array, lx: Float64Array, lp: Int32Array, groupScale: Float64Array): number {
  let scale = 0;
  for (let p = start; p < end;) {
    const g = group[p];
    const groupScaleOrOneByOne = g > 1 && eliminateGroup(x, ux, p, ui[p], g, li, lx, lp, groupScale) ? groupScale[0]
      : eliminateWithUPart(x, p, p + g, ui, ux, li, lx, lp);
    if (groupScaleOrOneByOne > scale) scale = groupScaleOrOneByOne;
    p += g;
  }
  return scale;
}

function eliminateGroup(x: Float64Array, ux: Float64Array, p: number, kk: number, g: number, li: Int32Array, lx: Float64Array,
  lp: Int32Array, groupScale: Float64Array): boolean {
  const x0 = x[kk];
  if (x0 === 0) return false;
  const a0 = lp[kk];
  const a1 = lp[kk + 1];
  const x1 = x[kk + 1] - lx[a0] * x0;
  if (x1 === 0) return false;
  if (g === 2) {
    ux[p] = x0;
    ux[p + 1] = x1;
    x[kk] = 0;
    x[kk + 1] = 0;
    let scale = 0;
    if (Math.abs(x0) > scale) scale = Math.abs(x0);
    if (Math.abs(x1) > scale) scale = Math.abs(x1);
    groupScale[0] = scale;
    const b0 = a0 + 1;
    for (let i = 0, rows = lp[kk + 2] - a1; i < rows; i++) {
      const r = li[a1 + i];
      x[r] = x[r] - lx[b0 + i] * x0 - lx[a1 + i] * x1;
    }
    return true;
  }
  const a2 = lp[kk + 2];
  const x2 = x[kk + 2] - lx[a0 + 1] * x0 - lx[a1] * x1;
  if (x2 === 0) return false;
  if (g === 3) {
    ux[p] = x0;
    ux[p + 1] = x1;
    ux[p + 2] = x2;
    x[kk] = 0;
    x[kk + 1] = 0;
    x[kk + 2] = 0;
    let scale = 0;
    if (Math.abs(x0) > scale) scale = Math.abs(x0);
    if (Math.abs(x1) > scale) scale = Math.abs(x1);
    if (Math.abs(x2) > scale) scale = Math.abs(x2);
    groupScale[0] = scale;
    const b0 = a0 + 2;
    const b1 = a1 + 1;
    for (let i = 0, rows = lp[kk + 3] - a2; i < rows; i++) {
      const r = li[a2 + i];
      x[r] = x[r] - lx[b0 + i] * x0 - lx[b1 + i] * x1 - lx[a2 + i] * x2;
    }
    return true;
  }
  const a3 = lp[kk + 3];
  const x3 = x[kk + 3] - lx[a0 + 2] * x0 - lx[a1 + 1] * x1 - lx[a2] * x2;
  if (x3 === 0) return false;
  ux[p] = x0;
  ux[p + 1] = x1;
  ux[p + 2] = x2;
  ux[p + 3] = x3;
  x[kk] = 0;
  x[kk + 1] = 0;
  x[kk + 2] = 0;
  x[kk + 3] = 0;
  let scale = 0;
  if (Math.abs(x0) > scale) scale = Math.abs(x0);
  if (Math.abs(x1) > scale) scale = Math.abs(x1);
  if (Math.abs(x2) > scale) scale = Math.abs(x2);
  if (Math.abs(x3) > scale) scale = Math.abs(x3);
  groupScale[0] = scale;
  const b0 = a0 + 3;
  const b1 = a1 + 2;
  const b2 = a2 + 1;
  const rows = lp[kk + 4] - a3;
  let i = 0;
  for (; i + 1 < rows; i += 2) {
    const r = li[a3 + i];
    x[r] = x[r] - lx[b0 + i] * x0 - lx[b1 + i] * x1 - lx[b2 + i] * x2 - lx[a3 + i] * x3;
    const r1 = li[a3 + i + 1];
    x[r1] = x[r1] - lx[b0 + i + 1] * x0 - lx[b1 + i + 1] * x1 - lx[b2 + i + 1] * x2 - lx[a3 + i + 1] * x3;
  }
  if (i < rows) {
    const r = li[a3 + i];
    x[r] = x[r] - lx[b0 + i] * x0 - lx[b1 + i] * x1 - lx[b2 + i] * x2 - lx[a3 + i] * x3;
  }
  return true;
}

function divideLowerPart(x: Float64Array, start: number, end: number, li: Int32Array, lx: Float64Array, inv: number): number {
  let lmax = 0;
  for (let t = start; t < end; t++) {
    const r = li[t];
    const v = x[r];
    x[r] = 0;
    const absV = Math.abs(v);
    if (absV > lmax) lmax = absV;
    lx[t] = v * inv;
  }
  return lmax;
}


/** SparseLU.solve as the JavaScript that the solve kernel replaced. */
function referenceSolve(s: Internals, b: Float64Array, x: Float64Array): void {
  const n = s.n, y = new Float64Array(n), prow = s.rowOfStep, q = s.colOrder, lp = s.lp, li = s.li, lx = s.lx, up = s.up;
  const ui = s.ui, ux = s.ux, udiag = s.udiag, rs = s.rowScale, cs = s.colScale;
  for (let k = 0; k < n; k++) {
    const i = prow[k];
    y[k] = b[i] * rs[i];
  }
  for (let k = 0; k < n; k++) {
    const yk = y[k];
    if (yk !== 0) scatterSubtract(y, li, lx, lp[k], lp[k + 1], yk);
  }
  for (let k = n - 1; k >= 0; k--) {
    const yk = y[k] / udiag[k];
    y[k] = yk;
    if (yk !== 0) scatterSubtract(y, ui, ux, up[k], up[k + 1], yk);
  }
  for (let k = 0; k < n; k++) {
    const j = q[k];
    x[j] = y[k] * cs[j];
  }
}

/** The private state of a SparseLU that the kernels use (the arrays are views of its memory while it has one). */
interface Internals {
  n: number;
  colOrder: Int32Array; stepOfRow: Int32Array; rowOfStep: Int32Array; work: Float64Array; lp: Int32Array; li: Int32Array;
  lx: Float64Array; up: Int32Array; ui: Int32Array; ux: Float64Array; uGroup: Uint8Array; groupsUsed: boolean;
  udiag: Float64Array; rowScale: Float64Array; colScale: Float64Array; patColPtr: Int32Array; patRowIndex: Int32Array;
  values: Float64Array; refactorMaxima: Float64Array; refactorThreshold: number; zeroPivotTolerance: number;
  layout: SparseLULayout; memory: SparseLUMemory | undefined;
}

/** Values that test the kernels' arithmetic: zeros of both signs, subnormals, huge and tiny magnitudes, ±∞ and NaN. */
const specialValues = [0, -0, 5e-324, -2.5e-320, 1e-310, 1e-300, -1e-200, 1e200, -3e300, Infinity, -Infinity, NaN];

/**
 * A's values changed by up to ±1 % and, with `columnScales`, each column multiplied by a power of ten from 1e-150 to
 * 1e150 (pivots that hold), then a share of them replaced by special values (pivots that mostly fail).
 */
function newValues(a: CscMatrix, columnScales: boolean, specialShare: number, rnd: () => number): CscMatrix {
  const scales = [1, 1e-150, 1e150, 1e-8, 1e8, 1e-300];
  const values = a.values.slice();
  for (let j = 0; j < a.n; j++) {
    const scale = columnScales ? scales[Math.floor(rnd() * scales.length)] : 1;
    for (let p = a.colPtr[j]; p < a.colPtr[j + 1]; p++) {
      values[p] = rnd() < specialShare ? specialValues[Math.floor(rnd() * specialValues.length)]
        : values[p] * (1 + 0.02 * (rnd() - 0.5)) * scale;
    }
  }
  return { ...a, values };
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>, length: number): void => {
  for (let i = 0; i < length; i++) if (!Object.is(a[i], b[i])) expect([i, a[i]]).toEqual([i, b[i]]);
};

/**
 * Refactorizes `a` with the factors' pattern of lu by its kernel and by the reference (on copies of the arrays), then
 * solves with both when the pivots held: the same outcome, maxima, factors, work vector and solution, bit for bit.
 */
function expectAsReference(lu: SparseLU, a: CscMatrix, rnd: () => number): boolean {
  const s = lu as unknown as Internals;
  const n = s.n;
  const lx = s.lx.slice(), ux = s.ux.slice(), udiag = s.udiag.slice(), x = s.work.slice(), maxima = new Float64Array(2);
  const group = s.groupsUsed ? s.uGroup : new Uint8Array(0);
  const pattern = { n, colPtr: s.patColPtr, rowIndex: s.patRowIndex, values: a.values };
  const ok = refactorColumns(n, pattern, s.colOrder, s.stepOfRow, x, s.lp, s.li, lx, s.up, s.ui, ux, group, udiag, s.rowScale,
    s.colScale, s.refactorThreshold, s.zeroPivotTolerance, maxima, new Float64Array(1));
  s.values.set(a.values);
  const l = s.layout;
  const result = s.memory!.kernels.refactor(n, s.refactorThreshold, s.zeroPivotTolerance, l.values, l.colPtr, l.rowIndex, l.work,
    s.groupsUsed ? l.group : 0, l.maxima, l.colOrder, l.stepOfRow, l.lp, l.li, l.lx, l.up, l.ui, l.ux, l.udiag, l.rowScale,
    l.colScale);
  expect(result).toBe(ok ? 1 : 0);
  same(s.work, x, n);
  for (let i = 0; i < n; i++) expect(x[i]).toBe(0);
  same(s.lx, lx, s.lp[n]);
  same(s.ux, ux, s.up[n]);
  same(s.udiag, udiag, n);
  if (!ok) return false;
  same(s.refactorMaxima, maxima, 2);
  const b = randomVector(n, rnd);
  for (let i = 0; i < n; i += 7) b[i] = specialValues[i % specialValues.length];
  const expected = new Float64Array(n);
  referenceSolve(s, b, expected);
  const solution = new Float64Array(n);
  lu.solve(b, solution);
  same(solution, expected, n);
  return true;
}

describe('sparse LU kernels', () => {
  it('are a module under 4 KB that validates, and sparseLUKernelsModule.ts is what scripts/generateWasmKernels.ts writes now', () => {
    const bytes = sparseLUModuleBytes();
    // a browser's main thread compiles modules up to 4 KB synchronously
    expect(bytes.length).toBeLessThan(4096);
    expect(WebAssembly.validate(bytes)).toBe(true);
    // after a change of sparseLUKernelsSource.ts: npm run generate:wasm
    const file = readFileSync(new URL('../../src/linalg/sparseLUKernelsModule.ts', import.meta.url), 'utf8');
    expect(file).toBe(sparseLUModuleText());
    expect(Uint8Array.from(atob(sparseLUModuleBase64), (c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it('refactorize and solve as the JavaScript loops, bit for bit: −0, subnormals, ±∞, NaN, scales 1e±150, grouped and one by one', () => {
    const rnd = mulberry32(2026);
    const matrices = [
      assemble(1600, (s) => emitLaplacian2D(40, s)),
      assemble(3000, (s) => emitSpringChainKKT(1000, s, 1)),
      assemble(300, (s) => emitSpringChainKKT(100, s, 2)),
      assemble(400, (s) => emitRandomSparse(400, 3, mulberry32(7), s)),
      assemble(60, (s) => emitRandomSparse(60, 2, mulberry32(8), s, 0.5)),
    ];
    let grouped = 0, held = 0, failed = 0;
    for (const a of matrices) {
      for (const specialShare of [0, 0.001, 0.02, 0.2]) {
        const lu = new SparseLU();
        expect(lu.analyze(a)).toBe(true);
        // the first refactorization forms the groups of nested L columns (when L has 8192 entries or more)
        expect(lu.refactorize(a)).toBe('reused');
        if ((lu as unknown as Internals).groupsUsed) grouped++;
        for (const columnScales of [false, true]) {
          if (expectAsReference(lu, newValues(a, columnScales, specialShare, rnd), rnd)) held++;
          else failed++;
        }
      }
    }
    expect(grouped).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
  });

  it('report a pattern mismatch and a singular matrix as before, and keep working across new memories', () => {
    const a = assemble(300, (s) => emitSpringChainKKT(100, s, 1));
    const lu = new SparseLU();
    expect(lu.analyze(a)).toBe(true);
    // another pattern: refused; a factorization of it (more entries than analyzed: a new memory) then refactorizes
    const more = assemble(300, (s) => {
      emitSpringChainKKT(100, s, 1);
      for (let i = 0; i < 300; i += 3) s(i, (i + 150) % 300, 1e-3);
    });
    expect(() => lu.refactorize(more)).toThrow('pattern changed');
    expect(lu.factorize(more)).toBe(true);
    const b = randomVector(300, mulberry32(3));
    const y = new Float64Array(300);
    lu.solve(b, y);
    expect(lu.refactorize(more)).toBe('reused');
    const x = new Float64Array(300);
    lu.solve(b, x);
    same(x, y, 300);
    // a column of zeros: the refactorization falls back and reports it as a factorization does
    const singular = { ...more, values: more.values.slice() };
    for (let p = singular.colPtr[5]; p < singular.colPtr[6]; p++) singular.values[p] = 0;
    const report = lu.refactorize(singular) as SparseLUSingular;
    expect(report.singularColumn).toBe(5);
    const other = new SparseLU();
    expect(other.analyze(a)).toBe(true);
    expect(report).toEqual(other.factorize(singular));
    expect(lu.isFactored).toBe(false);
    expect(lu.refactorize(more)).toBe('repivoted');
    lu.solve(b, x);
    same(x, y, 300);
  });

  it('keep their factors when the pool lends their memory to another SparseLU, and lend reused memories zeroed', () => {
    const rnd = mulberry32(34);
    // more SparseLUs in use than the pool keeps memories: each refactorization in turn moves one back into a memory
    // that the pool took from another (whose arrays are copied out first)
    const matrices = [
      assemble(300, (s) => emitSpringChainKKT(100, s, 1)),
      assemble(90, (s) => emitSpringChainKKT(30, s, 2)),
      assemble(100, (s) => emitLaplacian2D(10, s)),
      assemble(400, (s) => emitLaplacian2D(20, s)),
      assemble(60, (s) => emitRandomSparse(60, 2, mulberry32(8), s, 0.5)),
      assemble(200, (s) => emitRandomSparse(200, 3, mulberry32(9), s)),
    ];
    const solvers = matrices.map((a) => {
      const lu = new SparseLU();
      expect(lu.analyze(a)).toBe(true);
      return lu;
    });
    const rightHandSides = matrices.map((a) => randomVector(a.n, rnd));
    // the solutions of the analyses, each computed right after its own analysis
    const expected = matrices.map((a, i) => {
      const x = new Float64Array(a.n);
      const lu = new SparseLU();
      expect(lu.analyze(a)).toBe(true);
      lu.solve(rightHandSides[i], x);
      return x;
    });
    let movedOut = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < matrices.length; i++) {
        if ((solvers[i] as unknown as Internals).memory === undefined) movedOut++;
        // the refactorization of the analyzed matrix gives the analysis' factors (see sparseLU.test.ts)
        expect(solvers[i].refactorize(matrices[i])).toBe('reused');
        const x = new Float64Array(matrices[i].n);
        solvers[i].solve(rightHandSides[i], x);
        same(x, expected[i], matrices[i].n);
      }
    }
    expect(movedOut).toBeGreaterThan(0);
    // a factorization moved out of its memory (no refactorization since), then a solve
    const lu = solvers[0];
    expect(lu.factorize(matrices[0])).toBe(true);
    for (let i = 1; i < matrices.length; i++) expect(solvers[i].refactorize(matrices[i])).toBe('reused');
    expect((lu as unknown as Internals).memory).toBeUndefined();
    const x = new Float64Array(300);
    lu.solve(rightHandSides[0], x);
    same(x, expected[0], 300);
    // a reused memory is zero where the new factors lie: its work vector is zero after the analysis
    const again = new SparseLU();
    expect(again.analyze(matrices[3])).toBe(true);
    expect((again as unknown as Internals).work.every((v) => v === 0)).toBe(true);
    same((again as unknown as Internals).udiag, (solvers[3] as unknown as Internals).udiag, 400);
  });

  it('give their memory back on release without copying, for the next SparseLU to take over', () => {
    const a = assemble(300, (s) => emitSpringChainKKT(100, s, 1));
    const b = randomVector(300, mulberry32(35));
    const expected = new Float64Array(300);
    const reference = new SparseLU();
    expect(reference.analyze(a)).toBe(true);
    reference.solve(b, expected);
    const lu = new SparseLU();
    expect(lu.analyze(a)).toBe(true);
    const memory = (lu as unknown as Internals).memory!;
    const moveOut = vi.spyOn(lu as unknown as { moveOut(): void }, 'moveOut');
    lu.release();
    lu.release();
    expect(moveOut).not.toHaveBeenCalled();
    expect(memory.tenant).toBeUndefined();
    const internals = lu as unknown as Internals;
    expect(internals.memory).toBeUndefined();
    // nothing of the memory reachable from the released SparseLU
    for (const view of [internals.work, internals.lx, internals.ux, internals.udiag, internals.li, internals.ui, internals.uGroup]) {
      expect(view.buffer).not.toBe(memory.buffer);
    }
    expect(lu.isFactored).toBe(false);
    expect(lu.nnzL + lu.nnzU).toBe(0);
    const x = new Float64Array(300);
    expect(() => lu.solve(b, x)).toThrow(/no valid factorization/);
    expect(() => lu.refactorize(a)).toThrow(/analyze\(\) must be called first/);
    expect(() => lu.factorize(a)).toThrow(/analyze\(\) must be called first/);
    // the next analysis takes over the memory given back (the smallest free one that holds it), zeroed as a fresh one
    const next = new SparseLU();
    expect(next.analyze(a)).toBe(true);
    expect((next as unknown as Internals).memory).toBe(memory);
    next.solve(b, x);
    same(x, expected, 300);
    // and the released one analyses anew
    expect(lu.analyze(a)).toBe(true);
    lu.solve(b, x);
    same(x, expected, 300);
    for (const solver of [reference, next, lu]) solver.release();
  });
});
