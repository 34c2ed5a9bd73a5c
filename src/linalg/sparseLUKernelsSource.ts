/**
 * The source of the WebAssembly module of {@link SparseLU}'s numeric kernels (see sparseLUKernels.ts): the
 * refactorization with the stored pivots and L/U pattern, and the solve, written as instruction lists of wasmModule.ts.
 * Each does the same floating-point operations in the same order as the JavaScript loops it replaced (the reference in
 * test/linalg/sparseLUKernels.test.ts). The loops over one column are functions of their own: V8 compiles a hot wasm
 * function again with its optimizing compiler, and small bodies keep that compile short. scripts/generateWasmKernels.ts
 * writes the bytes into sparseLUKernelsModule.ts (the engine loads those, building nothing at run time). All addresses are
 * byte offsets in the instance's memory; indices stored in the memory count elements.
 * @module
 */

import {
  add, breakIf, call, type Code, eq, f64, float, floatAbs, floatAdd, floatDiv, floatEq, floatGe, floatGt, floatLt, floatMul,
  floatNe, floatSub, forLoop, forLoopDown, get, gt, i32, int, isZero, loadByte, loadFloat, loadInt, lt, or, returnValue, select,
  set, shl, storeFloat, storeInt, sub, wasmModuleBytes, wasmModuleText, type WasmFunction, when,
} from './wasmModule.ts';

type Locals = Readonly<Record<string, number>>;

/** The byte address of element `index` of the f64 array at `base`. */
const float64At = (base: Code, index: Code): Code => add(base, shl(index, int(3)));
/** The byte address of element `index` of the i32 array at `base`. */
const int32At = (base: Code, index: Code): Code => add(base, shl(index, int(2)));
/** scale ← value if value > scale (as JavaScript's `if (value > scale) scale = value`: a NaN never raises it). */
const raise = (scale: number, value: number): Code => set(scale, select(get(value), get(scale), floatGt(get(value), get(scale))));
/** A call of another kernel of the module. */
const callKernel = (f: WasmFunction, ...args: Code[]): Code => call(kernelFunctions.indexOf(f), ...args);

/** x[index[p]] −= values[p]·factor for p in [start, end) (sparse.ts' scatterSubtract), two entries a pass (distinct indices). */
const scatterSubtract: WasmFunction = {
  name: 'scatterSubtract',
  params: { x: i32, index: i32, values: i32, start: i32, end: i32, factor: f64 },
  locals: { t: i32, v: i32, r: i32, stop: i32 },
  body: (l) => {
    // the update at t (second: at t + 4, its value 8 bytes on)
    const update = (second: boolean): Code => [
      set(l.r, float64At(get(l.x), loadInt(get(l.t), second ? 4 : 0))),
      storeFloat(get(l.r), floatSub(loadFloat(get(l.r)), floatMul(loadFloat(get(l.v), second ? 8 : 0), get(l.factor)))),
    ];
    return [
      set(l.v, float64At(get(l.values), get(l.start))),
      set(l.stop, int32At(get(l.index), get(l.end))),
      // two entries a pass, then the last one if one is left
      forLoop(l.t, int32At(get(l.index), get(l.start)), sub(get(l.stop), int(4)), int(8), [update(false), update(true),
        set(l.v, add(get(l.v), int(16)))]),
      when(lt(get(l.t), get(l.stop)), update(false)),
    ];
  },
};

/**
 * Column j (entries [start, end) of A's copy) of the scaled matrix, rs[i]·a_ij·cj, added to x at the pivot steps pinv[i];
 * returns amax raised to the largest magnitude added.
 */
const scatterColumn: WasmFunction = {
  name: 'scatterColumn',
  params: { start: i32, end: i32, rowIndex: i32, values: i32, rs: i32, cj: f64, pinv: i32, x: i32, amax: f64 },
  locals: { p: i32, i: i32, r: i32, v: f64, abs: f64 },
  result: f64,
  body: (l) => [
    forLoop(l.p, get(l.start), get(l.end), int(1), [
      set(l.i, loadInt(int32At(get(l.rowIndex), get(l.p)))),
      set(l.v, floatMul(floatMul(loadFloat(float64At(get(l.values), get(l.p))), loadFloat(float64At(get(l.rs), get(l.i)))), get(l.cj))),
      set(l.r, float64At(get(l.x), loadInt(int32At(get(l.pinv), get(l.i))))),
      storeFloat(get(l.r), floatAdd(loadFloat(get(l.r)), get(l.v))),
      set(l.abs, floatAbs(get(l.v))),
      raise(l.amax, l.abs),
    ]),
    get(l.amax),
  ],
};

/**
 * The U part of a refactorized column (`ui[start..end)`, steps in topological order): each entry x_kk moved to ux and
 * zeroed in x, and x −= x_kk·L(:, kk) where it is not zero. Returns the largest |x_kk|.
 */
const eliminateUPart: WasmFunction = {
  name: 'eliminateUPart',
  params: { x: i32, start: i32, end: i32, ui: i32, ux: i32, li: i32, lx: i32, lp: i32 },
  locals: { p: i32, kk: i32, at: i32, column: i32, xk: f64, abs: f64, scale: f64 },
  result: f64,
  body: (l) => [
    forLoop(l.p, get(l.start), get(l.end), int(1), [
      set(l.kk, loadInt(int32At(get(l.ui), get(l.p)))),
      set(l.at, float64At(get(l.x), get(l.kk))),
      set(l.xk, loadFloat(get(l.at))),
      storeFloat(float64At(get(l.ux), get(l.p)), get(l.xk)),
      storeFloat(get(l.at), float(0)),
      breakIf(0, floatEq(get(l.xk), float(0))),
      set(l.abs, floatAbs(get(l.xk))),
      raise(l.scale, l.abs),
      set(l.column, int32At(get(l.lp), get(l.kk))),
      callKernel(scatterSubtract, get(l.x), get(l.li), get(l.lx), loadInt(get(l.column)), loadInt(add(get(l.column), int(4))), get(l.xk)),
    ]),
    get(l.scale),
  ],
};

/**
 * The U entries p … p + g − 1 of steps kk … kk + g − 1 whose L columns are nested (L(:, kk + m) holds kk + m + 1, …,
 * kk + g − 1, then the rows of L(:, kk + g − 1), in this order): the multipliers x_kk+m formed as the one-by-one
 * elimination forms them; if none is zero, stored to ux and zeroed in x, and all the columns' products subtracted from
 * each shared row in one expression, left to right (the same subtractions of each entry in the same order). Returns
 * the multipliers' largest magnitude, or −1 having written nothing when one is zero (the caller then eliminates the
 * group one by one). One function per group size g (2, 3, 4); with `twoRows` the shared rows are updated two a pass
 * (for the largest groups, which hold most of the updates: half the loop's overhead, rows being distinct entries of x).
 */
function eliminateGroupOf(g: number, twoRows = false): WasmFunction {
  const locals: Record<string, typeof i32 | typeof f64> = { scale: f64, abs: f64, t: i32, end: i32, o: i32, r: i32 };
  if (twoRows) locals.r2 = i32;
  for (let m = 0; m < g; m++) Object.assign(locals, { [`a${m}`]: i32, [`b${m}`]: i32, [`x${m}`]: f64 });
  return {
    name: `eliminateGroup${g}`,
    params: { x: i32, ux: i32, p: i32, kk: i32, li: i32, lx: i32, lp: i32 },
    locals,
    result: f64,
    body: (l) => {
      const a = (m: number): number => l[`a${m}`];
      const b = (m: number): number => l[`b${m}`];
      const xm = (m: number): number => l[`x${m}`];
      const lpOf = (m: number): Code => loadInt(int32At(get(l.lp), add(get(l.kk), int(m))));
      const xAt = (m: number): Code => float64At(get(l.x), add(get(l.kk), int(m)));
      const code: Code[] = [];
      for (let m = 0; m < g; m++) {
        // x_m = x[kk + m] − lx[a_0 + m − 1]·x_0 − … − lx[a_{m−1}]·x_{m−1}
        let value: Code = loadFloat(xAt(m));
        for (let s = 0; s < m; s++) {
          value = floatSub(value, floatMul(loadFloat(float64At(get(l.lx), add(get(a(s)), int(m - s - 1)))), get(xm(s))));
        }
        code.push(set(xm(m), value), when(floatEq(get(xm(m)), float(0)), returnValue(float(-1))), set(a(m), lpOf(m)));
      }
      for (let m = 0; m < g; m++) {
        code.push(storeFloat(float64At(get(l.ux), add(get(l.p), int(m))), get(xm(m))), storeFloat(xAt(m), float(0)));
      }
      for (let m = 0; m < g; m++) code.push(set(l.abs, floatAbs(get(xm(m)))), raise(l.scale, l.abs));
      // the rows shared by the columns: L(:, kk + m) from b_m on, L(:, kk + g − 1) from its start (byte addresses)
      for (let m = 0; m < g; m++) code.push(set(b(m), float64At(get(l.lx), add(get(a(m)), int(g - 1 - m)))));
      code.push(set(l.end, int32At(get(l.li), lpOf(g))));
      // the shared row at t (second: at t + 4, its values 8 bytes on): x[r] = x[r] − l0·x0 − l1·x1 − …
      const row = (second: boolean): Code => {
        const r = second ? l.r2 : l.r;
        let value: Code = loadFloat(get(r));
        for (let m = 0; m < g; m++) value = floatSub(value, floatMul(loadFloat(add(get(b(m)), get(l.o)), second ? 8 : 0), get(xm(m))));
        return [set(r, float64At(get(l.x), loadInt(get(l.t), second ? 4 : 0))), storeFloat(get(r), value)];
      };
      // t: the byte address of the row index in li, o: the byte offset of the row's values from each b_m (with twoRows,
      // then the last row if one is left)
      const first = int32At(get(l.li), get(a(g - 1)));
      if (!twoRows) {
        code.push(forLoop(l.t, first, get(l.end), int(4), [row(false), set(l.o, add(get(l.o), int(8)))]));
      } else {
        code.push(
          forLoop(l.t, first, sub(get(l.end), int(4)), int(8), [row(false), row(true), set(l.o, add(get(l.o), int(16)))]),
          when(lt(get(l.t), get(l.end)), row(false)),
        );
      }
      code.push(get(l.scale));
      return code;
    },
  };
}

const eliminateGroup2 = eliminateGroupOf(2);
const eliminateGroup3 = eliminateGroupOf(3);
const eliminateGroup4 = eliminateGroupOf(4, true);

/**
 * {@link eliminateUPart} with U's entries in groups (`group[p]`, a byte: that many entries from p on, 1 to 4): a group of
 * consecutive steps with nested L columns eliminated together, a single entry here as eliminateUPart eliminates it (the
 * most frequent group: no call of eliminateUPart for it), and each entry of a group with a zero multiplier one by one.
 * The same result.
 */
const eliminateGroupedUPart: WasmFunction = {
  name: 'eliminateGroupedUPart',
  params: { x: i32, start: i32, end: i32, ui: i32, ux: i32, group: i32, li: i32, lx: i32, lp: i32 },
  locals: { p: i32, g: i32, kk: i32, at: i32, s: f64, xk: f64, scale: f64 },
  result: f64,
  body: (l) => {
    const group = (f: WasmFunction): Code =>
      set(l.s, callKernel(f, get(l.x), get(l.ux), get(l.p), get(l.kk), get(l.li), get(l.lx), get(l.lp)));
    // a single entry: x_kk to ux, zeroed, x −= x_kk·L(:, kk) unless x_kk is 0; |x_kk| raises the scale
    const single: Code = [
      set(l.at, float64At(get(l.x), get(l.kk))),
      set(l.xk, loadFloat(get(l.at))),
      storeFloat(float64At(get(l.ux), get(l.p)), get(l.xk)),
      storeFloat(get(l.at), float(0)),
      set(l.s, floatAbs(get(l.xk))),
      when(floatNe(get(l.xk), float(0)), [
        set(l.at, int32At(get(l.lp), get(l.kk))),
        callKernel(scatterSubtract, get(l.x), get(l.li), get(l.lx), loadInt(get(l.at)), loadInt(add(get(l.at), int(4))), get(l.xk)),
      ]),
    ];
    return [
      forLoop(l.p, get(l.start), get(l.end), get(l.g), [
        set(l.g, loadByte(add(get(l.group), get(l.p)))),
        set(l.kk, loadInt(int32At(get(l.ui), get(l.p)))),
        set(l.s, float(-1)),
        when(eq(get(l.g), int(1)), single, when(eq(get(l.g), int(2)), group(eliminateGroup2),
          when(eq(get(l.g), int(3)), group(eliminateGroup3), when(eq(get(l.g), int(4)), group(eliminateGroup4))))),
        when(floatLt(get(l.s), float(0)), set(l.s, callKernel(eliminateUPart, get(l.x), get(l.p), add(get(l.p), get(l.g)),
          get(l.ui), get(l.ux), get(l.li), get(l.lx), get(l.lp)))),
        raise(l.scale, l.s),
      ]),
      get(l.scale),
    ];
  },
};

/** The L part of a refactorized column (`li[start..end)`): x_r·inv stored to lx and x_r zeroed; returns the largest |x_r|. */
const divideLowerPart: WasmFunction = {
  name: 'divideLowerPart',
  params: { x: i32, start: i32, end: i32, li: i32, lx: i32, inv: f64 },
  locals: { t: i32, r: i32, v: f64, abs: f64, lmax: f64 },
  result: f64,
  body: (l) => [
    forLoop(l.t, get(l.start), get(l.end), int(1), [
      set(l.r, float64At(get(l.x), loadInt(int32At(get(l.li), get(l.t))))),
      set(l.v, loadFloat(get(l.r))),
      storeFloat(get(l.r), float(0)),
      set(l.abs, floatAbs(get(l.v))),
      raise(l.lmax, l.abs),
      storeFloat(float64At(get(l.lx), get(l.t)), floatMul(get(l.v), get(l.inv))),
    ]),
    get(l.lmax),
  ],
};

/** The arrays of the refactorization and the solve (byte addresses): see SparseLULayout in sparseLUKernels.ts. */
const factorParams = { q: i32, pinv: i32, lp: i32, li: i32, lx: i32, up: i32, ui: i32, ux: i32, udiag: i32, rs: i32, cs: i32 } as const;

/**
 * SparseLU's refactorization of the n columns of A (its copy: values, colPtr, rowIndex) with the pivot sequence (column
 * order q, pivot step of each row pinv) and the L/U pattern of the last factorization: each column scaled and scattered
 * into the work vector x (zero on entry), eliminated with the U part's rows (in groups when group is not 0), its pivot
 * tested (|pivot| ≥ tau·max |L column| and > tol·max |column|) and its L part divided by the pivot. Returns 0 at the
 * first pivot that fails (x left zeroed), else 1 with max |scaled A| and max |U| at maxima and maxima + 8.
 */
const refactor: WasmFunction = {
  name: 'refactor',
  params: { n: i32, tau: f64, tol: f64, values: i32, colPtr: i32, rowIndex: i32, x: i32, group: i32, maxima: i32, ...factorParams },
  locals: { k: i32, j: i32, at: i32, amax: f64, umax: f64, scale: f64, pivot: f64, absPivot: f64, lmax: f64 },
  result: i32,
  body: (l) => {
    const upPart = (f: WasmFunction, ...group: Code[]): Code => set(l.scale, callKernel(f, get(l.x),
      loadInt(int32At(get(l.up), get(l.k))), loadInt(int32At(get(l.up), add(get(l.k), int(1)))), get(l.ui), get(l.ux), ...group,
      get(l.li), get(l.lx), get(l.lp)));
    return [
      forLoop(l.k, int(0), get(l.n), int(1), [
        set(l.j, loadInt(int32At(get(l.q), get(l.k)))),
        set(l.at, int32At(get(l.colPtr), get(l.j))),
        set(l.amax, callKernel(scatterColumn, loadInt(get(l.at)), loadInt(add(get(l.at), int(4))), get(l.rowIndex), get(l.values),
          get(l.rs), loadFloat(float64At(get(l.cs), get(l.j))), get(l.pinv), get(l.x), get(l.amax))),
        when(get(l.group), upPart(eliminateGroupedUPart, get(l.group)), upPart(eliminateUPart)),
        set(l.at, float64At(get(l.x), get(l.k))),
        set(l.pivot, loadFloat(get(l.at))),
        storeFloat(get(l.at), float(0)),
        set(l.absPivot, floatAbs(get(l.pivot))),
        set(l.at, int32At(get(l.lp), get(l.k))),
        set(l.lmax, callKernel(divideLowerPart, get(l.x), loadInt(get(l.at)), loadInt(add(get(l.at), int(4))), get(l.li), get(l.lx),
          floatDiv(float(1), get(l.pivot)))),
        raise(l.scale, l.absPivot),
        raise(l.umax, l.scale),
        raise(l.scale, l.lmax),
        when(or(or(isZero(floatGe(get(l.absPivot), floatMul(get(l.tau), get(l.lmax)))),
          isZero(floatGt(get(l.absPivot), floatMul(get(l.tol), get(l.scale))))), floatEq(get(l.absPivot), float(0))),
        returnValue(int(0))),
        storeFloat(float64At(get(l.udiag), get(l.k)), get(l.pivot)),
      ]),
      storeFloat(get(l.maxima), get(l.amax)),
      storeFloat(add(get(l.maxima), int(8)), get(l.umax)),
      int(1),
    ];
  },
};

/**
 * Solves A·x = b with the factors: the vector (b on entry, x on return; n doubles) row-permuted and scaled into y, the
 * forward substitution with L and the back substitution with U (each column's update skipped when its entry is zero),
 * then permuted and scaled back.
 */
const solve: WasmFunction = {
  name: 'solve',
  params: { n: i32, vector: i32, y: i32, prow: i32, ...factorParams },
  locals: { k: i32, i: i32, at: i32, yk: f64 },
  body: (l) => {
    const update = (index: number, values: number, pointers: number): Code => when(floatNe(get(l.yk), float(0)), [
      set(l.at, int32At(get(pointers), get(l.k))),
      callKernel(scatterSubtract, get(l.y), get(index), get(values), loadInt(get(l.at)), loadInt(add(get(l.at), int(4))), get(l.yk)),
    ]);
    return [
      forLoop(l.k, int(0), get(l.n), int(1), [
        set(l.i, loadInt(int32At(get(l.prow), get(l.k)))),
        storeFloat(float64At(get(l.y), get(l.k)),
          floatMul(loadFloat(float64At(get(l.vector), get(l.i))), loadFloat(float64At(get(l.rs), get(l.i))))),
      ]),
      forLoop(l.k, int(0), get(l.n), int(1), [
        set(l.yk, loadFloat(float64At(get(l.y), get(l.k)))),
        update(l.li, l.lx, l.lp),
      ]),
      forLoopDown(l.k, sub(get(l.n), int(1)), int(0), int(1), [
        set(l.at, float64At(get(l.y), get(l.k))),
        set(l.yk, floatDiv(loadFloat(get(l.at)), loadFloat(float64At(get(l.udiag), get(l.k))))),
        storeFloat(get(l.at), get(l.yk)),
        update(l.ui, l.ux, l.up),
      ]),
      forLoop(l.k, int(0), get(l.n), int(1), [
        set(l.i, loadInt(int32At(get(l.q), get(l.k)))),
        storeFloat(float64At(get(l.vector), get(l.i)),
          floatMul(loadFloat(float64At(get(l.y), get(l.k))), loadFloat(float64At(get(l.cs), get(l.i))))),
      ]),
    ];
  },
};

/** The module's functions in their order (a call names its callee's position). */
const kernelFunctions: readonly WasmFunction[] = [refactor, solve, scatterColumn, eliminateUPart, eliminateGroupedUPart,
  eliminateGroup2, eliminateGroup3, eliminateGroup4, divideLowerPart, scatterSubtract];

/** The bytes of the sparse LU kernels' module. */
export function sparseLUModuleBytes(): Uint8Array<ArrayBuffer> {
  return wasmModuleBytes(kernelFunctions);
}

/** The text of sparseLUKernelsModule.ts: {@link sparseLUModuleBytes} as base64 (written by scripts/generateWasmKernels.ts). */
export function sparseLUModuleText(): string {
  return wasmModuleText('sparseLUKernelsSource.ts', [
    { constant: 'sparseLUModuleBase64', description: "The sparse LU kernels' WebAssembly module", bytes: sparseLUModuleBytes() },
  ]);
}
