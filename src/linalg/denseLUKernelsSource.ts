/**
 * The source of the WebAssembly module of {@link DenseLU}'s kernels (see denseLUKernels.ts): the small-matrix
 * factorization, the row swaps of a right-hand side and the forward and back substitutions (over the full factors or
 * over their listed nonzeros), and the listing, written as instruction lists of wasmModule.ts. Each does the same
 * floating-point operations in the same order as the JavaScript loops of the factorization and substitution it replaced.
 * scripts/generateWasmKernels.ts writes its bytes into denseLUKernelsModule.ts (the engine loads those, building
 * nothing at run time); test/linalg/denseLUKernels.test.ts checks that they are this source's bytes.
 * All addresses are byte offsets in the instance's memory; the matrix (row-major, stride n) starts at 0.
 * @module
 */

import {
  add, breakIf, type Code, f64, float, floatAbs, floatDiv, floatEq, floatGt, floatMul, floatNe, floatSub, forLoop,
  forLoopDown, get, i32, int, isZero, loadFloat, loadInt, lt, mul, ne, or, returnValue, select, set, shl, storeFloat,
  storeInt, sub, wasmModuleBytes, type WasmFunction, when,
} from './wasmModule.ts';

/** y[k] ↔ y[swaps[k]] for k = 0 … n − 1 (locals n, y, swaps, k, p, yk, t). */
function applySwaps(l: Readonly<Record<string, number>>): Code {
  return forLoop(l.k, int(0), get(l.n), int(1), [
    set(l.p, add(get(l.y), shl(loadInt(add(get(l.swaps), shl(get(l.k), int(2)))), int(3)))),
    set(l.yk, add(get(l.y), shl(get(l.k), int(3)))),
    set(l.t, loadFloat(get(l.yk))),
    storeFloat(get(l.yk), loadFloat(get(l.p))),
    storeFloat(get(l.p), get(l.t)),
  ]);
}

/** s ← s − a·b */
const subtractProduct = (s: number, a: Code, b: Code): Code => set(s, floatSub(get(s), floatMul(a, b)));

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
      // the pivot row's columns after k, the nonzero ones (NaN included) listed first
      set(l.count, int(0)),
      forLoop(l.j, add(get(l.column), int(8)), get(l.stride), int(8), [
        storeInt(add(get(l.columns), shl(get(l.count), int(2))), get(l.j)),
        set(l.count, add(get(l.count), floatNe(loadFloat(add(get(l.rowK), get(l.j))), float(0)))),
      ]),
      set(l.end, add(get(l.columns), shl(get(l.count), int(2)))),
      // each row below: its multiplier, then (when it is not ±0) the row minus multiplier × pivot row, over the pivot
      // row's nonzeros when they are fewer than half of its columns after k (subtracting l·0 changes no entry), else
      // over all of them
      when(lt(shl(get(l.count), int(1)), sub(sub(get(l.n), get(l.k)), int(1))),
        forLoop(l.rowI, add(get(l.rowK), get(l.stride)), get(l.size), get(l.stride), [
          set(l.l, floatMul(loadFloat(add(get(l.rowI), get(l.column))), get(l.invPivot))),
          storeFloat(add(get(l.rowI), get(l.column)), get(l.l)),
          breakIf(0, floatEq(get(l.l), float(0))),
          forLoop(l.c, get(l.columns), get(l.end), int(4), [
            set(l.j, loadInt(get(l.c))),
            storeFloat(add(get(l.rowI), get(l.j)),
              floatSub(loadFloat(add(get(l.rowI), get(l.j))), floatMul(get(l.l), loadFloat(add(get(l.rowK), get(l.j)))))),
          ]),
        ]),
        forLoop(l.rowI, add(get(l.rowK), get(l.stride)), get(l.size), get(l.stride), [
          set(l.l, floatMul(loadFloat(add(get(l.rowI), get(l.column))), get(l.invPivot))),
          storeFloat(add(get(l.rowI), get(l.column)), get(l.l)),
          breakIf(0, floatEq(get(l.l), float(0))),
          forLoop(l.j, add(get(l.column), int(8)), get(l.stride), int(8), [
            storeFloat(add(get(l.rowI), get(l.j)),
              floatSub(loadFloat(add(get(l.rowI), get(l.j))), floatMul(get(l.l), loadFloat(add(get(l.rowK), get(l.j)))))),
          ]),
        ])),
    ]),
    int(-1),
  ],
};

const substitute: WasmFunction = {
  name: 'substitute',
  params: { n: i32, y: i32, swaps: i32 },
  locals: { stride: i32, k: i32, p: i32, yk: i32, i: i32, column: i32, row: i32, yi: i32, j: i32, s: f64, t: f64 },
  body: (l) => [
    applySwaps(l),
    set(l.stride, shl(get(l.n), int(3))),
    // forward: y_i −= L_ij y_j for j = 0 … i − 1 (i as a byte offset)
    set(l.row, int(0)),
    forLoop(l.column, int(0), get(l.stride), int(8), [
      set(l.yi, add(get(l.y), get(l.column))),
      set(l.s, loadFloat(get(l.yi))),
      forLoop(l.j, int(0), get(l.column), int(8),
        subtractProduct(l.s, loadFloat(add(get(l.row), get(l.j))), loadFloat(add(get(l.y), get(l.j))))),
      storeFloat(get(l.yi), get(l.s)),
      set(l.row, add(get(l.row), get(l.stride))),
    ]),
    // back: y_i = (y_i − Σ_{j>i} U_ij y_j) / U_ii, j increasing, i decreasing
    forLoopDown(l.i, sub(get(l.n), int(1)), int(0), int(1), [
      set(l.column, shl(get(l.i), int(3))),
      set(l.row, mul(get(l.i), get(l.stride))),
      set(l.yi, add(get(l.y), get(l.column))),
      set(l.s, loadFloat(get(l.yi))),
      forLoop(l.j, add(get(l.column), int(8)), get(l.stride), int(8),
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
  params: { n: i32, ...listParams },
  locals: { stride: i32, i: i32, column: i32, row: i32, j: i32, lower: i32, upper: i32, count: i32, v: f64 },
  result: i32,
  body: (l) => [
    set(l.stride, shl(get(l.n), int(3))),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.column, shl(get(l.i), int(3))),
      set(l.row, mul(get(l.i), get(l.stride))),
      forLoop(l.j, int(0), get(l.column), int(8),
        set(l.lower, add(get(l.lower), floatNe(loadFloat(add(get(l.row), get(l.j))), float(0))))),
      forLoop(l.j, add(get(l.column), int(8)), get(l.stride), int(8),
        set(l.upper, add(get(l.upper), floatNe(loadFloat(add(get(l.row), get(l.j))), float(0))))),
    ]),
    // listed when 5·nonzeros < 3·n·(n − 1), i.e. below 60 % of the two triangles
    when(isZero(lt(mul(int(5), add(get(l.lower), get(l.upper))), mul(mul(int(3), get(l.n)), sub(get(l.n), int(1))))),
      returnValue(int(0))),
    set(l.count, int(0)),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.row, mul(get(l.i), get(l.stride))),
      storeInt(add(get(l.lowerStart), shl(get(l.i), int(2))), get(l.count)),
      listRow(l, l.lowerValues, l.lowerColumns, int(0), shl(get(l.i), int(3))),
    ]),
    storeInt(add(get(l.lowerStart), shl(get(l.n), int(2))), get(l.count)),
    set(l.count, int(0)),
    forLoop(l.i, int(0), get(l.n), int(1), [
      set(l.column, shl(get(l.i), int(3))),
      set(l.row, mul(get(l.i), get(l.stride))),
      storeInt(add(get(l.upperStart), shl(get(l.i), int(2))), get(l.count)),
      storeFloat(add(get(l.diagonal), get(l.column)), loadFloat(add(get(l.row), get(l.column)))),
      listRow(l, l.upperValues, l.upperColumns, add(get(l.column), int(8)), get(l.stride)),
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
  params: { n: i32, y: i32, swaps: i32, ...listParams },
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

/** The bytes of the kernels' module. */
export function denseLUModuleBytes(): Uint8Array<ArrayBuffer> {
  return wasmModuleBytes([factorize, substitute, list, substituteListed]);
}

/** The text of denseLUKernelsModule.ts: {@link denseLUModuleBytes} as base64 (written by scripts/generateWasmKernels.ts). */
export function denseLUModuleText(): string {
  let binary = '';
  for (const byte of denseLUModuleBytes()) binary += String.fromCharCode(byte);
  const base64 = btoa(binary);
  const lines: string[] = [];
  for (let i = 0; i < base64.length; i += 112) lines.push(`  '${base64.slice(i, i + 112)}'`);
  return `// Generated by scripts/generateWasmKernels.ts from denseLUKernelsSource.ts (npm run generate:wasm): do not edit.
/** The dense LU kernels' WebAssembly module (${denseLUModuleBytes().length} bytes), base64. */
export const denseLUModuleBase64 =
${lines.join(' +\n')};
`;
}
