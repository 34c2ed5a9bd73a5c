/**
 * The source of the WebAssembly modules of {@link DenseLU}'s kernels (see denseLUKernels.ts): the small-matrix
 * factorization, the row swaps of a right-hand side and the forward and back substitutions (over the full factors or
 * over their listed nonzeros), and the listing in one module, the large-matrix factorization in another, written as
 * instruction lists of wasmModule.ts. Each does the same floating-point operations in the same order as the JavaScript
 * loops of the factorization and substitution it replaced. scripts/generateWasmKernels.ts writes their bytes into
 * denseLUKernelsModule.ts (the engine loads those, building nothing at run time); test/linalg/denseLUKernels.test.ts
 * checks that they are this source's bytes. All addresses are byte offsets in the instance's memory; the factorizations'
 * matrix (row-major, stride n) starts at 0.
 * @module
 */

import {
  add, breakIf, type Code, divU, f64, float, floatAbs, floatDiv, floatEq, floatGt, floatMul, floatNe, floatSub, forLoop,
  forLoopDown, get, gt, i32, int, isZero, loadFloat, loadInt, lt, mul, ne, or, returnValue, select, set, shl, shrU, storeFloat,
  storeInt, sub, wasmModuleBytes, wasmModuleText, type WasmFunction, when,
} from './wasmModule.ts';

/** y[k] ↔ y[swaps[k]] for k = 0 … swapCount − 1 (locals y, swaps, swapCount, k, p, yk, t). */
function applySwaps(l: Readonly<Record<string, number>>): Code {
  return forLoop(l.k, int(0), get(l.swapCount), int(1), [
    set(l.p, add(get(l.y), shl(loadInt(add(get(l.swaps), shl(get(l.k), int(2)))), int(3)))),
    set(l.yk, add(get(l.y), shl(get(l.k), int(3)))),
    set(l.t, loadFloat(get(l.yk))),
    storeFloat(get(l.yk), loadFloat(get(l.p))),
    storeFloat(get(l.p), get(l.t)),
  ]);
}

/** s ← s − a·b */
const subtractProduct = (s: number, a: Code, b: Code): Code => set(s, floatSub(get(s), floatMul(a, b)));

/**
 * The pivot row's columns after k (byte offsets), the nonzero ones (NaN included) listed first at columns, count of them,
 * end the address after the last (locals of the factorizations).
 */
function listPivotRowColumns(l: Readonly<Record<string, number>>): Code {
  return [
    set(l.count, int(0)),
    forLoop(l.j, add(get(l.column), int(8)), get(l.stride), int(8), [
      storeInt(add(get(l.columns), shl(get(l.count), int(2))), get(l.j)),
      set(l.count, add(get(l.count), floatNe(loadFloat(add(get(l.rowK), get(l.j))), float(0)))),
    ]),
    set(l.end, add(get(l.columns), shl(get(l.count), int(2)))),
  ];
}

/**
 * The rows at offsets from, from + stride, … below to, under the pivot row rowK: each row's multiplier, then (when it is
 * not ±0: first `updated`) the row minus multiplier × pivot row, over the pivot row's nonzeros when they are fewer than
 * half of its columns after k (subtracting l·0 changes no entry), else over all of them (locals of the factorizations).
 */
function eliminateRows(l: Readonly<Record<string, number>>, from: Code, to: Code, updated: Code): Code {
  const rows = (update: Code): Code => forLoop(l.rowI, from, to, get(l.stride), [
    set(l.l, floatMul(loadFloat(add(get(l.rowI), get(l.column))), get(l.invPivot))),
    storeFloat(add(get(l.rowI), get(l.column)), get(l.l)),
    breakIf(0, floatEq(get(l.l), float(0))),
    updated,
    update,
  ]);
  const subtractFromEntry = storeFloat(add(get(l.rowI), get(l.j)),
    floatSub(loadFloat(add(get(l.rowI), get(l.j))), floatMul(get(l.l), loadFloat(add(get(l.rowK), get(l.j))))));
  return when(lt(shl(get(l.count), int(1)), sub(sub(get(l.n), get(l.k)), int(1))),
    rows(forLoop(l.c, get(l.columns), get(l.end), int(4), [set(l.j, loadInt(get(l.c))), subtractFromEntry])),
    rows(forLoop(l.j, add(get(l.column), int(8)), get(l.stride), int(8), subtractFromEntry)));
}

const factorize: WasmFunction = {
  name: 'factorize',
  params: { n: i32, tolerance: f64, swaps: i32, columns: i32, report: i32 },
  locals: { stride: i32, size: i32, k: i32, column: i32, rowK: i32, kk: i32, idx: i32, i: i32, p: i32, rowP: i32, rowI: i32,
    j: i32, c: i32, count: i32, end: i32, scale: f64, pmax: f64, v: f64, t: f64, invPivot: f64, l: f64 },
  result: i32,
  body: (l) => [
    set(l.stride, shl(get(l.n), int(3))),
    set(l.size, mul(get(l.n), get(l.stride))),
    forLoop(l.k, int(0), get(l.n), int(1), [
      set(l.column, shl(get(l.k), int(3))),
      set(l.rowK, mul(get(l.k), get(l.stride))),
      set(l.kk, add(get(l.rowK), get(l.column))),
      // the column's largest magnitude above the diagonal, then the pivot: the first largest candidate (NaN never wins)
      set(l.scale, float(0)),
      forLoop(l.idx, get(l.column), get(l.kk), get(l.stride), [
        set(l.v, floatAbs(loadFloat(get(l.idx)))),
        set(l.scale, select(get(l.v), get(l.scale), floatGt(get(l.v), get(l.scale)))),
      ]),
      set(l.p, get(l.k)),
      set(l.pmax, float(-1)),
      set(l.idx, get(l.kk)),
      forLoop(l.i, get(l.k), get(l.n), int(1), [
        set(l.v, floatAbs(loadFloat(get(l.idx)))),
        when(floatGt(get(l.v), get(l.pmax)), [set(l.pmax, get(l.v)), set(l.p, get(l.i))]),
        set(l.idx, add(get(l.idx), get(l.stride))),
      ]),
      set(l.scale, select(get(l.pmax), get(l.scale), floatGt(get(l.pmax), get(l.scale)))),
      when(or(isZero(floatGt(get(l.pmax), floatMul(get(l.tolerance), get(l.scale)))), floatEq(get(l.pmax), float(0))), [
        storeFloat(get(l.report), get(l.pmax)),
        storeFloat(add(get(l.report), int(8)), get(l.scale)),
        returnValue(get(l.k)),
      ]),
      storeInt(add(get(l.swaps), shl(get(l.k), int(2))), get(l.p)),
      when(ne(get(l.p), get(l.k)), [
        set(l.rowP, mul(get(l.p), get(l.stride))),
        forLoop(l.j, int(0), get(l.stride), int(8), [
          set(l.t, loadFloat(add(get(l.rowK), get(l.j)))),
          storeFloat(add(get(l.rowK), get(l.j)), loadFloat(add(get(l.rowP), get(l.j)))),
          storeFloat(add(get(l.rowP), get(l.j)), get(l.t)),
        ]),
      ]),
      set(l.invPivot, floatDiv(float(1), loadFloat(get(l.kk)))),
      listPivotRowColumns(l),
      eliminateRows(l, add(get(l.rowK), get(l.stride)), get(l.size), []),
    ]),
    int(-1),
  ],
};

/**
 * The factorization for large matrices (DenseLU.factorize from its large-matrix dimension on): the small one's operations
 * on every entry, with the passes down whole columns (one cache line per entry) bounded by the matrix's profile. Per
 * column, lastRow holds the offset of the last row with a nonzero (−1: none), kept through the swaps and eliminations:
 * it ends the pivot search and, for a positive pivot, the rows that get a multiplier (below it a multiplier is 0 ·
 * 1/pivot, the zero itself, and the row is skipped as before); with a negative pivot every row gets its multiplier
 * (0 · 1/pivot flips the sign of a zero). The column scale is upperMax, the largest magnitude of the finished U rows
 * per column, raised as each pivot row is finished (the comparisons of the pass up the column, in the same order).
 */
const factorizeLarge: WasmFunction = {
  name: 'factorizeLarge',
  params: { n: i32, tolerance: f64, swaps: i32, columns: i32, lastRow: i32, upperMax: i32, report: i32 },
  locals: { stride: i32, size: i32, k: i32, column: i32, rowK: i32, kk: i32, idx: i32, rowP: i32, rowI: i32, j: i32,
    c: i32, count: i32, end: i32, last: i32, lastUpdated: i32, at: i32, scale: f64, pmax: f64, v: f64, t: f64,
    invPivot: f64, l: f64 },
  result: i32,
  body: (l) => {
    // the address of column j's lastRow (j a byte offset in a row: 8 per column, lastRow 4 per column)
    const lastRowOf = (j: Code): Code => add(get(l.lastRow), shrU(j, int(1)));
    // the larger of lastRow[k] and the pivot row's offset
    const profileEnd = [set(l.last, loadInt(lastRowOf(get(l.column)))),
      set(l.last, select(get(l.last), get(l.rowK), gt(get(l.last), get(l.rowK))))];
    return [
      set(l.stride, shl(get(l.n), int(3))),
      set(l.size, mul(get(l.n), get(l.stride))),
      forLoop(l.j, int(0), get(l.stride), int(8), [
        storeInt(lastRowOf(get(l.j)), int(-1)),
        storeFloat(add(get(l.upperMax), get(l.j)), float(0)),
      ]),
      forLoop(l.rowI, int(0), get(l.size), get(l.stride),
        forLoop(l.j, int(0), get(l.stride), int(8),
          when(floatNe(loadFloat(add(get(l.rowI), get(l.j))), float(0)), storeInt(lastRowOf(get(l.j)), get(l.rowI))))),
      forLoop(l.k, int(0), get(l.n), int(1), [
        set(l.column, shl(get(l.k), int(3))),
        set(l.rowK, mul(get(l.k), get(l.stride))),
        set(l.kk, add(get(l.rowK), get(l.column))),
        set(l.scale, loadFloat(add(get(l.upperMax), get(l.column)))),
        // the pivot: the first largest candidate down to the profile (NaN never wins), its magnitude read again (NaN
        // when every candidate is NaN)
        profileEnd,
        set(l.rowP, get(l.rowK)),
        set(l.pmax, float(-1)),
        forLoop(l.idx, get(l.kk), add(add(get(l.last), get(l.column)), int(1)), get(l.stride), [
          set(l.v, floatAbs(loadFloat(get(l.idx)))),
          when(floatGt(get(l.v), get(l.pmax)), [set(l.pmax, get(l.v)), set(l.rowP, sub(get(l.idx), get(l.column)))]),
        ]),
        set(l.pmax, floatAbs(loadFloat(add(get(l.rowP), get(l.column))))),
        set(l.scale, select(get(l.pmax), get(l.scale), floatGt(get(l.pmax), get(l.scale)))),
        when(or(isZero(floatGt(get(l.pmax), floatMul(get(l.tolerance), get(l.scale)))), floatEq(get(l.pmax), float(0))), [
          storeFloat(get(l.report), get(l.pmax)),
          storeFloat(add(get(l.report), int(8)), get(l.scale)),
          returnValue(get(l.k)),
        ]),
        storeInt(add(get(l.swaps), shl(get(l.k), int(2))), divU(get(l.rowP), get(l.stride))),
        // the swap: a nonzero moved down to the pivot's row raises its column's lastRow
        when(ne(get(l.rowP), get(l.rowK)),
          forLoop(l.j, int(0), get(l.stride), int(8), [
            set(l.t, loadFloat(add(get(l.rowK), get(l.j)))),
            storeFloat(add(get(l.rowK), get(l.j)), loadFloat(add(get(l.rowP), get(l.j)))),
            storeFloat(add(get(l.rowP), get(l.j)), get(l.t)),
            when(floatNe(get(l.t), float(0)),
              when(lt(loadInt(lastRowOf(get(l.j))), get(l.rowP)), storeInt(lastRowOf(get(l.j)), get(l.rowP)))),
          ])),
        set(l.invPivot, floatDiv(float(1), loadFloat(get(l.kk)))),
        profileEnd,
        set(l.last, select(get(l.last), sub(get(l.size), get(l.stride)), floatGt(get(l.invPivot), float(0)))),
        listPivotRowColumns(l),
        // row k of U is finished: its magnitudes enter the scales of the later columns (zeros change nothing)
        forLoop(l.c, get(l.columns), get(l.end), int(4), [
          set(l.at, add(get(l.upperMax), loadInt(get(l.c)))),
          set(l.v, floatAbs(loadFloat(add(get(l.rowK), loadInt(get(l.c)))))),
          when(floatGt(get(l.v), loadFloat(get(l.at))), storeFloat(get(l.at), get(l.v))),
        ]),
        set(l.lastUpdated, int(-1)),
        // (the JavaScript it replaced updated a pivot row's nonzeros that form one run as a band: the same columns)
        eliminateRows(l, add(get(l.rowK), get(l.stride)), add(get(l.last), int(1)), set(l.lastUpdated, get(l.rowI))),
        // the updated rows reach at most lastUpdated; a column whose pivot-row entry is zero keeps its values (only a
        // non-finite multiplier turns such entries non-finite, in rows that are then non-finite from column k + 1 on)
        forLoop(l.c, get(l.columns), get(l.end), int(4), [
          set(l.at, lastRowOf(loadInt(get(l.c)))),
          when(lt(loadInt(get(l.at)), get(l.lastUpdated)), storeInt(get(l.at), get(l.lastUpdated))),
        ]),
      ]),
      int(-1),
    ];
  },
};

/** The parameters that place the factors: the matrix at byte address a, row-major with a stride of `stride` entries. */
const factorParams = { stride: i32, a: i32 } as const;

const substitute: WasmFunction = {
  name: 'substitute',
  params: { n: i32, ...factorParams, y: i32, swaps: i32, swapCount: i32 },
  locals: { rowBytes: i32, nBytes: i32, k: i32, p: i32, yk: i32, i: i32, column: i32, row: i32, yi: i32, j: i32, s: f64,
    t: f64 },
  body: (l) => [
    applySwaps(l),
    set(l.rowBytes, shl(get(l.stride), int(3))),
    set(l.nBytes, shl(get(l.n), int(3))),
    // forward: y_i −= L_ij y_j for j = 0 … i − 1 (i as a byte offset)
    set(l.row, get(l.a)),
    forLoop(l.column, int(0), get(l.nBytes), int(8), [
      set(l.yi, add(get(l.y), get(l.column))),
      set(l.s, loadFloat(get(l.yi))),
      forLoop(l.j, int(0), get(l.column), int(8),
        subtractProduct(l.s, loadFloat(add(get(l.row), get(l.j))), loadFloat(add(get(l.y), get(l.j))))),
      storeFloat(get(l.yi), get(l.s)),
      set(l.row, add(get(l.row), get(l.rowBytes))),
    ]),
    // back: y_i = (y_i − Σ_{j>i} U_ij y_j) / U_ii, j increasing, i decreasing
    forLoopDown(l.i, sub(get(l.n), int(1)), int(0), int(1), [
      set(l.column, shl(get(l.i), int(3))),
      set(l.row, add(get(l.a), mul(get(l.i), get(l.rowBytes)))),
      set(l.yi, add(get(l.y), get(l.column))),
      set(l.s, loadFloat(get(l.yi))),
      forLoop(l.j, add(get(l.column), int(8)), get(l.nBytes), int(8),
        subtractProduct(l.s, loadFloat(add(get(l.row), get(l.j))), loadFloat(add(get(l.y), get(l.j))))),
      storeFloat(get(l.yi), floatDiv(get(l.s), loadFloat(add(get(l.row), get(l.column))))),
    ]),
  ],
};

const listParams = {
  diagonal: i32, lowerStart: i32, upperStart: i32, lowerValues: i32, upperValues: i32, lowerColumns: i32, upperColumns: i32,
} as const;

/** Lists row i's nonzeros of the columns [from, to) (byte offsets) at values/columns from entry count on (locals). */
function listRow(l: Readonly<Record<string, number>>, values: number, columns: number, from: Code, to: Code): Code {
  return forLoop(l.j, from, to, int(8), [
    set(l.v, loadFloat(add(get(l.row), get(l.j)))),
    when(floatNe(get(l.v), float(0)), [
      storeFloat(add(get(values), shl(get(l.count), int(3))), get(l.v)),
      storeInt(add(get(columns), shl(get(l.count), int(2))), get(l.j)),
      set(l.count, add(get(l.count), int(1))),
    ]),
  ]);
}

const list: WasmFunction = {
  name: 'list',
  params: { n: i32, ...factorParams, ...listParams },
  locals: { rowBytes: i32, nBytes: i32, i: i32, column: i32, row: i32, j: i32, lower: i32, upper: i32, count: i32, v: f64 },
  result: i32,
  body: (l) => [
    set(l.rowBytes, shl(get(l.stride), int(3))),
    set(l.nBytes, shl(get(l.n), int(3))),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.column, shl(get(l.i), int(3))),
      set(l.row, add(get(l.a), mul(get(l.i), get(l.rowBytes)))),
      forLoop(l.j, int(0), get(l.column), int(8),
        set(l.lower, add(get(l.lower), floatNe(loadFloat(add(get(l.row), get(l.j))), float(0))))),
      forLoop(l.j, add(get(l.column), int(8)), get(l.nBytes), int(8),
        set(l.upper, add(get(l.upper), floatNe(loadFloat(add(get(l.row), get(l.j))), float(0))))),
    ]),
    // listed when 5·nonzeros < 3·n·(n − 1), i.e. below 60 % of the two triangles
    when(isZero(lt(mul(int(5), add(get(l.lower), get(l.upper))), mul(mul(int(3), get(l.n)), sub(get(l.n), int(1))))),
      returnValue(int(0))),
    set(l.count, int(0)),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.row, add(get(l.a), mul(get(l.i), get(l.rowBytes)))),
      storeInt(add(get(l.lowerStart), shl(get(l.i), int(2))), get(l.count)),
      listRow(l, l.lowerValues, l.lowerColumns, int(0), shl(get(l.i), int(3))),
    ]),
    storeInt(add(get(l.lowerStart), shl(get(l.n), int(2))), get(l.count)),
    set(l.count, int(0)),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.column, shl(get(l.i), int(3))),
      set(l.row, add(get(l.a), mul(get(l.i), get(l.rowBytes)))),
      storeInt(add(get(l.upperStart), shl(get(l.i), int(2))), get(l.count)),
      storeFloat(add(get(l.diagonal), get(l.column)), loadFloat(add(get(l.row), get(l.column)))),
      listRow(l, l.upperValues, l.upperColumns, add(get(l.column), int(8)), get(l.nBytes)),
    ]),
    storeInt(add(get(l.upperStart), shl(get(l.n), int(2))), get(l.count)),
    int(1),
  ],
};

/** s −= values[e] · y[columns[e]] for row i's listed entries (start: the rows' first entries; locals). */
function subtractListed(l: Readonly<Record<string, number>>, start: number, values: number, columns: number): Code {
  return [
    set(l.end, loadInt(add(get(start), shl(add(get(l.i), int(1)), int(2))))),
    forLoop(l.e, loadInt(add(get(start), shl(get(l.i), int(2)))), get(l.end), int(1),
      subtractProduct(l.s, loadFloat(add(get(values), shl(get(l.e), int(3)))),
        loadFloat(add(get(l.y), loadInt(add(get(columns), shl(get(l.e), int(2)))))))),
  ];
}

const substituteListed: WasmFunction = {
  name: 'substituteListed',
  params: { n: i32, y: i32, swaps: i32, swapCount: i32, ...listParams },
  locals: { k: i32, p: i32, yk: i32, i: i32, yi: i32, e: i32, end: i32, s: f64, t: f64 },
  body: (l) => [
    applySwaps(l),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.yi, add(get(l.y), shl(get(l.i), int(3)))),
      set(l.s, loadFloat(get(l.yi))),
      subtractListed(l, l.lowerStart, l.lowerValues, l.lowerColumns),
      storeFloat(get(l.yi), get(l.s)),
    ]),
    forLoopDown(l.i, sub(get(l.n), int(1)), int(0), int(1), [
      set(l.yi, add(get(l.y), shl(get(l.i), int(3)))),
      set(l.s, loadFloat(get(l.yi))),
      subtractListed(l, l.upperStart, l.upperValues, l.upperColumns),
      storeFloat(get(l.yi), floatDiv(get(l.s), loadFloat(add(get(l.diagonal), shl(get(l.i), int(3)))))),
    ]),
  ],
};

/** The bytes of the kernels' module: the small-matrix factorization, the substitutions and the listing. */
export function denseLUModuleBytes(): Uint8Array<ArrayBuffer> {
  return wasmModuleBytes([factorize, substitute, list, substituteListed]);
}

/**
 * The bytes of the large-matrix factorization's module, a module of its own: compiled at the first factorization of 64
 * unknowns or more, so that a process with small systems only compiles the smaller module.
 */
export function denseLULargeModuleBytes(): Uint8Array<ArrayBuffer> {
  return wasmModuleBytes([factorizeLarge]);
}

/**
 * The text of denseLUKernelsModule.ts: {@link denseLUModuleBytes} and {@link denseLULargeModuleBytes} as base64 (written
 * by scripts/generateWasmKernels.ts).
 */
export function denseLUModuleText(): string {
  return wasmModuleText('denseLUKernelsSource.ts', [
    { constant: 'denseLUModuleBase64', description: "The dense LU kernels' WebAssembly module", bytes: denseLUModuleBytes() },
    {
      constant: 'denseLULargeModuleBase64', description: "The large-matrix factorization's WebAssembly module",
      bytes: denseLULargeModuleBytes(),
    },
  ]);
}
