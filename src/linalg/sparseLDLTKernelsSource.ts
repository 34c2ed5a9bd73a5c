/**
 * The source of the WebAssembly module of {@link SparseLDLT}'s numeric kernels (see sparseLDLTKernels.ts), written as
 * instruction lists of wasmModule.ts. Each does the same floating-point operations in the same order as the JavaScript
 * it replaced (wasm has no fused multiply-add; f64.abs is Math.abs), so the factors and solutions are the same bit for
 * bit. scripts/generateWasmKernels.ts writes its bytes into sparseLDLTKernelsModule.ts (the engine loads those, building
 * nothing at run time); test/linalg/sparseLDLTKernels.test.ts checks that they are this source's bytes. The drivers read
 * the arrays' byte addresses from the header ({@link SparseLDLTSlot}); the innermost loops are small functions over byte
 * addresses (little optimizing compile work when V8 tiers them up).
 * @module
 */

import {
  add, breakIf, call, type Code, f64, float, floatAbs, floatAdd, floatDiv, floatEq, floatGt, floatLt, floatMul,
  floatSub, forLoop, forLoopDown, ge, get, gt, i32, int, isZero, loadFloat, loadInt, lt, mul, returnValue, select, set,
  shl, storeFloat, storeInt, sub, wasmModuleBytes, wasmModuleText, type WasmFunction, when,
} from './wasmModule.ts';
import { SparseLDLTSlot } from './sparseLDLTKernelsLayout.ts';

/** Columns per block of the dense panel factorization (as the JavaScript it replaced). */
const PANEL_BLOCK = 32;

/** The header entry of a slot. */
const header = (slot: number): Code => loadInt(int(4 * slot));
/** The address of double `index` of the array at byte address `base`. */
const doubleAt = (base: Code, index: Code): Code => add(base, shl(index, int(3)));
/** The address of int `index` of the array at byte address `base`. */
const intAt = (base: Code, index: Code): Code => add(base, shl(index, int(2)));
/** Double `index` of the array at byte address local `base`. */
const double = (base: number, index: Code): Code => loadFloat(doubleAt(get(base), index));
/** Int `index` of the array at byte address local `base`. */
const integer = (base: number, index: Code): Code => loadInt(intAt(get(base), index));
/** Bytes of `count` doubles. */
const bytes = (count: Code): Code => shl(count, int(3));
/** index + 1 */
const next = (index: Code): Code => add(index, int(1));
/** The double at address a + i (locals). */
const atOffset = (a: number, i: number): Code => loadFloat(add(get(a), get(i)));
/** p += step */
const advance = (p: number, step: number): Code => set(p, add(get(p), int(step)));
/** local ← the header entry of each named slot. */
const readHeader = (l: Readonly<Record<string, number>>, names: readonly (keyof typeof SparseLDLTSlot)[]): Code =>
  names.map((name) => set(l[name], header(SparseLDLTSlot[name])));

/*
 * The innermost loops, each over byte offsets or pointers: the same operations in the same order as the small
 * JavaScript functions they replaced (named alike).
 */

/** F[column + map[row[p]]] += val[p] over the rows p (pointer row up to end, value along): a column of C into the front. */
const scatterAdd: WasmFunction = {
  name: 'scatterAdd',
  params: { column: i32, map: i32, row: i32, end: i32, value: i32 },
  locals: { address: i32 },
  body: (l) => forLoop(l.row, get(l.row), get(l.end), int(4), [
    set(l.address, doubleAt(get(l.column), integer(l.map, loadInt(get(l.row))))),
    storeFloat(get(l.address), floatAdd(loadFloat(get(l.address)), loadFloat(get(l.value)))),
    advance(l.value, 8),
  ]),
};

/**
 * A function `name` that sets target[base + 8·index[p]] ← operation(that, source[p]) for the ints index[p] (pointer index up
 * to end, source along).
 */
function scatteredUpdate(name: string, operation: (target: Code, value: Code) => Code): WasmFunction {
  return {
    name,
    params: { base: i32, index: i32, end: i32, source: i32 },
    locals: { address: i32 },
    body: (l) => forLoop(l.index, get(l.index), get(l.end), int(4), [
      set(l.address, doubleAt(get(l.base), loadInt(get(l.index)))),
      storeFloat(get(l.address), operation(loadFloat(get(l.address)), loadFloat(get(l.source)))),
      advance(l.source, 8),
    ]),
  };
}

/** F[column + rel[a]] += stack[a] over a (base: the column, index: rel, source: stack): a column of a child's update matrix. */
const extendAddColumn = scatteredUpdate('extendAddColumn', floatAdd);

/** y[i] −= x0[i]·w0 + x1[i]·w1 + x2[i]·w2 + x3[i]·w3 for byte offsets from ≤ i < to. */
const subtractProducts4: WasmFunction = {
  name: 'subtractProducts4',
  params: { y: i32, x0: i32, x1: i32, x2: i32, x3: i32, from: i32, to: i32, w0: f64, w1: f64, w2: f64, w3: f64 },
  locals: { i: i32 },
  body: (l) => forLoop(l.i, get(l.from), get(l.to), int(8),
    storeFloat(add(get(l.y), get(l.i)), floatSub(atOffset(l.y, l.i), floatAdd(floatAdd(floatAdd(
      floatMul(atOffset(l.x0, l.i), get(l.w0)), floatMul(atOffset(l.x1, l.i), get(l.w1))),
    floatMul(atOffset(l.x2, l.i), get(l.w2))), floatMul(atOffset(l.x3, l.i), get(l.w3)))))),
};

/** y[i] −= x[i]·factor for byte offsets from ≤ i < to. */
const subtractScaled: WasmFunction = {
  name: 'subtractScaled',
  params: { y: i32, x: i32, from: i32, to: i32, factor: f64 },
  locals: { i: i32 },
  body: (l) => forLoop(l.i, get(l.from), get(l.to), int(8),
    storeFloat(add(get(l.y), get(l.i)), floatSub(atOffset(l.y, l.i), floatMul(atOffset(l.x, l.i), get(l.factor))))),
};

/** x[i] ·= factor for byte offsets from ≤ i < to. */
const scaleEntries: WasmFunction = {
  name: 'scaleEntries',
  params: { x: i32, from: i32, to: i32, factor: f64 },
  locals: { i: i32 },
  body: (l) => forLoop(l.i, get(l.from), get(l.to), int(8),
    storeFloat(add(get(l.x), get(l.i)), floatMul(atOffset(l.x, l.i), get(l.factor)))),
};

/** y[i] = x[i] for byte offsets from ≤ i < to. */
const copyEntries: WasmFunction = {
  name: 'copyEntries',
  params: { y: i32, x: i32, from: i32, to: i32 },
  locals: { i: i32 },
  body: (l) => forLoop(l.i, get(l.from), get(l.to), int(8), storeFloat(add(get(l.y), get(l.i)), atOffset(l.x, l.i))),
};

/** lowerUpdate's two columns u0, u1 of U by four columns x0 … x3 of L for byte offsets from ≤ i < to. */
const updateColumnPair4: WasmFunction = {
  name: 'updateColumnPair4',
  params: { u0: i32, u1: i32, x0: i32, x1: i32, x2: i32, x3: i32, from: i32, to: i32,
    a0: f64, a1: f64, a2: f64, a3: f64, b0: f64, b1: f64, b2: f64, b3: f64 },
  locals: { i: i32, l0: f64, l1: f64, l2: f64, l3: f64 },
  body: (l) => {
    const sum = (c0: number, c1: number, c2: number, c3: number): Code => floatAdd(floatAdd(floatAdd(
      floatMul(get(l.l0), get(c0)), floatMul(get(l.l1), get(c1))), floatMul(get(l.l2), get(c2))),
    floatMul(get(l.l3), get(c3)));
    return forLoop(l.i, get(l.from), get(l.to), int(8), [
      set(l.l0, atOffset(l.x0, l.i)),
      set(l.l1, atOffset(l.x1, l.i)),
      set(l.l2, atOffset(l.x2, l.i)),
      set(l.l3, atOffset(l.x3, l.i)),
      storeFloat(add(get(l.u0), get(l.i)), floatSub(atOffset(l.u0, l.i), sum(l.a0, l.a1, l.a2, l.a3))),
      storeFloat(add(get(l.u1), get(l.i)), floatSub(atOffset(l.u1, l.i), sum(l.b0, l.b1, l.b2, l.b3))),
    ]);
  },
};

/** lowerUpdate's two columns u0, u1 of U by one column x0 of L for byte offsets from ≤ i < to. */
const updateColumnPair1: WasmFunction = {
  name: 'updateColumnPair1',
  params: { u0: i32, u1: i32, x0: i32, from: i32, to: i32, a0: f64, b0: f64 },
  locals: { i: i32, l0: f64 },
  body: (l) => forLoop(l.i, get(l.from), get(l.to), int(8), [
    set(l.l0, atOffset(l.x0, l.i)),
    storeFloat(add(get(l.u0), get(l.i)), floatSub(atOffset(l.u0, l.i), floatMul(get(l.l0), get(l.a0)))),
    storeFloat(add(get(l.u1), get(l.i)), floatSub(atOffset(l.u1, l.i), floatMul(get(l.l0), get(l.b0)))),
  ]),
};

/** t[i] += l0[i]·x0 + l1[i]·x1 + l2[i]·x2 + l3[i]·x3 for byte offsets 0 ≤ i < to. */
const addProducts4: WasmFunction = {
  name: 'addProducts4',
  params: { t: i32, l0: i32, l1: i32, l2: i32, l3: i32, to: i32, x0: f64, x1: f64, x2: f64, x3: f64 },
  locals: { i: i32 },
  body: (l) => forLoop(l.i, int(0), get(l.to), int(8),
    storeFloat(add(get(l.t), get(l.i)), floatAdd(atOffset(l.t, l.i), floatAdd(floatAdd(floatAdd(
      floatMul(atOffset(l.l0, l.i), get(l.x0)), floatMul(atOffset(l.l1, l.i), get(l.x1))),
    floatMul(atOffset(l.l2, l.i), get(l.x2))), floatMul(atOffset(l.l3, l.i), get(l.x3)))))),
};

/** t[i] += l0[i]·x0 for byte offsets 0 ≤ i < to. */
const addProduct: WasmFunction = {
  name: 'addProduct',
  params: { t: i32, l0: i32, to: i32, x0: f64 },
  locals: { i: i32 },
  body: (l) => forLoop(l.i, int(0), get(l.to), int(8),
    storeFloat(add(get(l.t), get(l.i)), floatAdd(atOffset(l.t, l.i), floatMul(atOffset(l.l0, l.i), get(l.x0))))),
};

/** w[rows[p]] −= t[p] over the rows (base: w, index: rows, source: t). */
const subtractScattered = scatteredUpdate('subtractScattered', floatSub);

/** t[p] = w[rows[p]] over the rows (pointer rows up to end, t along). */
const gatherRows: WasmFunction = {
  name: 'gatherRows',
  params: { t: i32, w: i32, rows: i32, end: i32 },
  locals: {},
  body: (l) => forLoop(l.rows, get(l.rows), get(l.end), int(4), [
    storeFloat(get(l.t), loadFloat(doubleAt(get(l.w), loadInt(get(l.rows))))),
    advance(l.t, 8),
  ]),
};

/** w[q] −= Σ_i lq[i]·t[i] for q = 0 … 3 (doubles at w), each sum from 0 in increasing byte offsets i < to. */
const subtractDots4: WasmFunction = {
  name: 'subtractDots4',
  params: { w: i32, l0: i32, l1: i32, l2: i32, l3: i32, t: i32, to: i32 },
  locals: { i: i32, ti: f64, s0: f64, s1: f64, s2: f64, s3: f64 },
  body: (l) => {
    const subtract = (offset: number, s: number): Code =>
      storeFloat(add(get(l.w), int(offset)), floatSub(loadFloat(add(get(l.w), int(offset))), get(s)));
    return [
      forLoop(l.i, int(0), get(l.to), int(8), [
        set(l.ti, atOffset(l.t, l.i)),
        set(l.s0, floatAdd(get(l.s0), floatMul(atOffset(l.l0, l.i), get(l.ti)))),
        set(l.s1, floatAdd(get(l.s1), floatMul(atOffset(l.l1, l.i), get(l.ti)))),
        set(l.s2, floatAdd(get(l.s2), floatMul(atOffset(l.l2, l.i), get(l.ti)))),
        set(l.s3, floatAdd(get(l.s3), floatMul(atOffset(l.l3, l.i), get(l.ti)))),
      ]),
      subtract(0, l.s0), subtract(8, l.s1), subtract(16, l.s2), subtract(24, l.s3),
    ];
  },
};

/** Σ_i l[i]·t[i] from 0, in increasing byte offsets i < to. */
const dot: WasmFunction = {
  name: 'dot',
  params: { l: i32, t: i32, to: i32 },
  locals: { i: i32, s: f64 },
  result: f64,
  body: (l) => [
    forLoop(l.i, int(0), get(l.to), int(8), set(l.s, floatAdd(get(l.s), floatMul(atOffset(l.l, l.i), atOffset(l.t, l.i))))),
    get(l.s),
  ],
};

/** start − Σ_i l[i]·w[i] for byte offsets from ≤ i < to, subtracted one term at a time in increasing i. */
const subtractDotFrom: WasmFunction = {
  name: 'subtractDotFrom',
  params: { sum: f64, l: i32, w: i32, from: i32, to: i32 },
  locals: { i: i32 },
  result: f64,
  body: (l) => [
    forLoop(l.i, get(l.from), get(l.to), int(8), set(l.sum, floatSub(get(l.sum), floatMul(atOffset(l.l, l.i), atOffset(l.w, l.i))))),
    get(l.sum),
  ],
};

/*
 * Two modules, each below the 4 KB a browser's main thread may compile synchronously: the factorization's and the
 * solve's (with the count of negative pivots), on the same memory. The functions' indices in their module (their order in {@link sparseLDLTModuleBytes});
 * subtractScaled, used by both, is the first of each.
 */
const SUBTRACT_SCALED = 0;
const SCATTER_ADD = 1, EXTEND_ADD_COLUMN = 2, SUBTRACT_PRODUCTS4 = 3, SCALE_ENTRIES = 4, COPY_ENTRIES = 5,
  UPDATE_COLUMN_PAIR4 = 6, UPDATE_COLUMN_PAIR1 = 7, LOWER_UPDATE = 8, ASSEMBLE = 9, ASSEMBLE_FRONT = 10, FACTOR_PANEL = 11;
const ADD_PRODUCTS4 = 1, ADD_PRODUCT = 2, SUBTRACT_SCATTERED = 3, GATHER_ROWS = 4, SUBTRACT_DOTS4 = 5, DOT = 6,
  SUBTRACT_DOT_FROM = 7, FORWARD = 8, BACKWARD = 9;

/**
 * Lower-triangle update U −= L·D·Lᵀ with L = rows row0 … m − 1 of columns t0 … t1 − 1 of the column-major m × m front F
 * (d: the pivots of those columns, at d + 8·t), U (the front's trailing block) at u with leading dimension ld; two
 * columns of U and four columns of L at a time (w: work doubles indexed by t).
 */
const lowerUpdate: WasmFunction = {
  name: 'lowerUpdate',
  params: { F: i32, m: i32, t0: i32, t1: i32, row0: i32, d: i32, u: i32, ld: i32, w: i32 },
  locals: { r: i32, jc: i32, t: i32, dst0: i32, dst1: i32, o0: i32, o1: i32, o2: i32, o3: i32,
    a0: f64, a1: f64, a2: f64, a3: f64, b0: f64, b1: f64, b2: f64, b3: f64, s: f64 },
  body: (l) => {
    const jc = get(l.jc), t = get(l.t), m = get(l.m);
    const lower = (o: number, row: Code): Code => double(o, row);
    const column = (t: Code): Code => doubleAt(get(l.F), add(mul(t, m), get(l.row0)));
    return [
      set(l.r, sub(m, get(l.row0))),
      forLoop(l.jc, int(0), sub(get(l.r), int(1)), int(2), [
        set(l.dst0, doubleAt(get(l.u), mul(jc, get(l.ld)))),
        set(l.dst1, doubleAt(get(l.dst0), get(l.ld))),
        forLoop(l.t, get(l.t0), sub(get(l.t1), int(3)), int(4), [
          set(l.o0, column(t)),
          set(l.o1, doubleAt(get(l.o0), m)),
          set(l.o2, doubleAt(get(l.o1), m)),
          set(l.o3, doubleAt(get(l.o2), m)),
          set(l.a0, floatMul(double(l.d, t), lower(l.o0, jc))),
          set(l.a1, floatMul(double(l.d, next(t)), lower(l.o1, jc))),
          set(l.a2, floatMul(double(l.d, add(t, int(2))), lower(l.o2, jc))),
          set(l.a3, floatMul(double(l.d, add(t, int(3))), lower(l.o3, jc))),
          set(l.b0, floatMul(double(l.d, t), lower(l.o0, next(jc)))),
          set(l.b1, floatMul(double(l.d, next(t)), lower(l.o1, next(jc)))),
          set(l.b2, floatMul(double(l.d, add(t, int(2))), lower(l.o2, next(jc)))),
          set(l.b3, floatMul(double(l.d, add(t, int(3))), lower(l.o3, next(jc)))),
          storeFloat(doubleAt(get(l.dst0), jc), floatSub(double(l.dst0, jc), floatAdd(floatAdd(floatAdd(
            floatMul(lower(l.o0, jc), get(l.a0)), floatMul(lower(l.o1, jc), get(l.a1))),
          floatMul(lower(l.o2, jc), get(l.a2))), floatMul(lower(l.o3, jc), get(l.a3))))),
          call(UPDATE_COLUMN_PAIR4, get(l.dst0), get(l.dst1), get(l.o0), get(l.o1), get(l.o2), get(l.o3),
            bytes(next(jc)), bytes(get(l.r)), get(l.a0), get(l.a1), get(l.a2), get(l.a3), get(l.b0), get(l.b1),
            get(l.b2), get(l.b3)),
        ]),
        forLoop(l.t, t, get(l.t1), int(1), [
          set(l.o0, column(t)),
          set(l.a0, floatMul(double(l.d, t), lower(l.o0, jc))),
          set(l.b0, floatMul(double(l.d, t), lower(l.o0, next(jc)))),
          storeFloat(doubleAt(get(l.dst0), jc), floatSub(double(l.dst0, jc), floatMul(lower(l.o0, jc), get(l.a0)))),
          call(UPDATE_COLUMN_PAIR1, get(l.dst0), get(l.dst1), get(l.o0), bytes(next(jc)), bytes(get(l.r)), get(l.a0),
            get(l.b0)),
        ]),
      ]),
      when(lt(jc, get(l.r)), [
        forLoop(l.t, get(l.t0), get(l.t1), int(1),
          storeFloat(doubleAt(get(l.w), t), floatMul(double(l.d, t), loadFloat(doubleAt(column(t), jc))))),
        forLoop(l.t, get(l.t0), get(l.t1), int(1),
          set(l.s, floatAdd(get(l.s), floatMul(loadFloat(doubleAt(column(t), jc)), double(l.w, t))))),
        set(l.dst0, doubleAt(get(l.u), add(mul(jc, get(l.ld)), jc))),
        storeFloat(get(l.dst0), floatSub(loadFloat(get(l.dst0)), get(l.s))),
      ]),
    ];
  },
};

/** C's values from A's (cVal = 0, then cVal[slot[k]] += aValues[k] in k's order) and the column scales. */
const assemble: WasmFunction = {
  name: 'assemble',
  params: {},
  locals: { n: i32, entries: i32, cPtr: i32, cRow: i32, cVal: i32, slot: i32, aValues: i32, colScale: i32,
    k: i32, q: i32, j: i32, p: i32, i: i32, v: f64 },
  body: (l) => {
    const k = get(l.k), q = get(l.q), j = get(l.j), p = get(l.p), i = get(l.i), v = get(l.v);
    return [
      readHeader(l, ['n', 'entries', 'cPtr', 'cRow', 'cVal', 'slot', 'aValues', 'colScale']),
      forLoop(l.k, int(0), integer(l.cPtr, get(l.n)), int(1), storeFloat(doubleAt(get(l.cVal), k), float(0))),
      forLoop(l.k, int(0), get(l.entries), int(1), [
        set(l.q, integer(l.slot, k)),
        when(ge(q, int(0)), storeFloat(doubleAt(get(l.cVal), q), floatAdd(double(l.cVal, q), double(l.aValues, k)))),
      ]),
      forLoop(l.j, int(0), get(l.n), int(1), storeFloat(doubleAt(get(l.colScale), j), float(0))),
      forLoop(l.j, int(0), get(l.n), int(1),
        forLoop(l.p, integer(l.cPtr, j), integer(l.cPtr, next(j)), int(1), [
          set(l.v, floatAbs(double(l.cVal, p))),
          set(l.i, integer(l.cRow, p)),
          when(floatGt(v, double(l.colScale, j)), storeFloat(doubleAt(get(l.colScale), j), v)),
          when(floatGt(v, double(l.colScale, i)), storeFloat(doubleAt(get(l.colScale), i), v)),
        ])),
    ];
  },
};

/**
 * The front of supernode s: the map of its rows, the front zeroed, C's columns scattered in, the children's update
 * matrices (the top `childCount[s]` of the stack below depth) added; returns the stack pointer after popping them.
 */
const assembleFront: WasmFunction = {
  name: 'assembleFront',
  params: { s: i32, sp: i32, depth: i32 },
  locals: { superFirst: i32, rowPtr: i32, rows: i32, cPtr: i32, cRow: i32, cVal: i32, childCount: i32,
    stackSuper: i32, map: i32, rel: i32, front: i32, stack: i32,
    f: i32, k: i32, r0: i32, r: i32, m: i32, c: i32, i: i32, j: i32, t: i32, child: i32, c0: i32, rc: i32, p: i32 },
  result: i32,
  body: (l) => {
    const f = get(l.f), k = get(l.k), c = get(l.c), i = get(l.i), j = get(l.j), m = get(l.m), rc = get(l.rc);
    return [
      readHeader(l, ['superFirst', 'rowPtr', 'rows', 'cPtr', 'cRow', 'cVal', 'childCount', 'stackSuper', 'map', 'rel',
        'front', 'stack']),
      set(l.f, integer(l.superFirst, get(l.s))),
      set(l.k, sub(integer(l.superFirst, next(get(l.s))), f)),
      set(l.r0, integer(l.rowPtr, get(l.s))),
      set(l.r, sub(integer(l.rowPtr, next(get(l.s))), get(l.r0))),
      set(l.m, add(k, get(l.r))),
      forLoop(l.c, int(0), k, int(1), storeInt(intAt(get(l.map), add(f, c)), c)),
      forLoop(l.i, int(0), get(l.r), int(1), storeInt(intAt(get(l.map), integer(l.rows, add(get(l.r0), i))), add(k, i))),
      forLoop(l.p, get(l.front), doubleAt(get(l.front), mul(m, m)), int(8), storeFloat(get(l.p), float(0))),
      forLoop(l.c, int(0), k, int(1), [
        set(l.j, add(f, c)),
        call(SCATTER_ADD, doubleAt(get(l.front), mul(c, m)), get(l.map), intAt(get(l.cRow), integer(l.cPtr, j)),
          intAt(get(l.cRow), integer(l.cPtr, next(j))), doubleAt(get(l.cVal), integer(l.cPtr, j))),
      ]),
      // extend-add of the children's update matrices (on top of the stack, in reverse order)
      forLoop(l.t, int(0), integer(l.childCount, get(l.s)), int(1), [
        set(l.depth, sub(get(l.depth), int(1))),
        set(l.child, integer(l.stackSuper, get(l.depth))),
        set(l.c0, integer(l.rowPtr, get(l.child))),
        set(l.rc, sub(integer(l.rowPtr, next(get(l.child))), get(l.c0))),
        set(l.sp, sub(get(l.sp), mul(rc, rc))),
        forLoop(l.i, int(0), rc, int(1), storeInt(intAt(get(l.rel), i), integer(l.map, integer(l.rows, add(get(l.c0), i))))),
        forLoop(l.i, int(0), rc, int(1),
          call(EXTEND_ADD_COLUMN, doubleAt(get(l.front), mul(integer(l.rel, i), m)), intAt(get(l.rel), i),
            intAt(get(l.rel), rc), doubleAt(get(l.stack), add(add(get(l.sp), mul(i, rc)), i)))),
      ]),
      get(l.sp),
    ];
  },
};

/**
 * Dense LDLᵀ of the panel (columns 0 … k − 1) of the m × m front of the supernode whose first column is f, in blocks of
 * PANEL_BLOCK columns: left-looking inside a block, then the trailing lower triangle updated by the block's columns;
 * returns −1, or the elimination step whose pivot fails the test against the tolerance (the pivot stored in d).
 */
const factorPanel: WasmFunction = {
  name: 'factorPanel',
  params: { f: i32, k: i32, m: i32, tolerance: f64 },
  locals: { front: i32, d: i32, colScale: i32, work: i32, b0: i32, b1: i32, c: i32, cc: i32, t: i32, o0: i32,
    piv: f64 },
  result: i32,
  body: (l) => {
    const c = get(l.c), t = get(l.t), m = get(l.m), b1 = get(l.b1);
    const w = (index: Code): Code => double(l.work, index);
    return [
      readHeader(l, ['front', 'd', 'colScale', 'work']),
      set(l.d, doubleAt(get(l.d), get(l.f))),
      forLoop(l.b0, int(0), get(l.k), int(PANEL_BLOCK), [
        set(l.b1, add(get(l.b0), int(PANEL_BLOCK))),
        set(l.b1, select(b1, get(l.k), lt(b1, get(l.k)))),
        forLoop(l.c, get(l.b0), b1, int(1), [
          set(l.cc, doubleAt(get(l.front), mul(c, m))),
          forLoop(l.t, get(l.b0), c, int(1),
            storeFloat(doubleAt(get(l.work), t), floatMul(double(l.d, t), double(l.front, add(mul(t, m), c))))),
          forLoop(l.t, get(l.b0), sub(c, int(3)), int(4), [
            set(l.o0, doubleAt(get(l.front), mul(t, m))),
            call(SUBTRACT_PRODUCTS4, get(l.cc), get(l.o0), doubleAt(get(l.o0), m), doubleAt(get(l.o0), mul(m, int(2))),
              doubleAt(get(l.o0), mul(m, int(3))), bytes(c), bytes(m), w(t), w(next(t)), w(add(t, int(2))),
              w(add(t, int(3)))),
          ]),
          forLoop(l.t, t, c, int(1),
            call(SUBTRACT_SCALED, get(l.cc), doubleAt(get(l.front), mul(t, m)), bytes(c), bytes(m), w(t))),
          set(l.piv, double(l.cc, c)),
          storeFloat(doubleAt(get(l.d), c), get(l.piv)),
          when(isZero(floatGt(floatAbs(get(l.piv)), floatMul(get(l.tolerance), double(l.colScale, add(get(l.f), c))))),
            returnValue(add(get(l.f), c))),
          call(SCALE_ENTRIES, get(l.cc), bytes(next(c)), bytes(m), floatDiv(float(1), get(l.piv))),
        ]),
        when(lt(b1, m), call(LOWER_UPDATE, get(l.front), m, get(l.b0), b1, b1, get(l.d),
          doubleAt(get(l.front), add(mul(b1, m), b1)), m, get(l.work))),
      ]),
      int(-1),
    ];
  },
};

const factorize: WasmFunction = {
  name: 'factorize',
  params: { tolerance: f64 },
  locals: { supernodes: i32, superFirst: i32, rowPtr: i32, lPtr: i32, lx: i32, childCount: i32, stackSuper: i32,
    front: i32, stack: i32, s: i32, sp: i32, depth: i32, f: i32, k: i32, r: i32, m: i32, j: i32, jc: i32 },
  result: i32,
  body: (l) => {
    const s = get(l.s), k = get(l.k), r = get(l.r), m = get(l.m), jc = get(l.jc);
    return [
      call(ASSEMBLE),
      readHeader(l, ['supernodes', 'superFirst', 'rowPtr', 'lPtr', 'lx', 'childCount', 'stackSuper', 'front', 'stack']),
      forLoop(l.s, int(0), get(l.supernodes), int(1), [
        set(l.sp, call(ASSEMBLE_FRONT, s, get(l.sp), get(l.depth))),
        set(l.depth, sub(get(l.depth), integer(l.childCount, s))),
        set(l.f, integer(l.superFirst, s)),
        set(l.k, sub(integer(l.superFirst, next(s)), get(l.f))),
        set(l.r, sub(integer(l.rowPtr, next(s)), integer(l.rowPtr, s))),
        set(l.m, add(k, r)),
        set(l.j, call(FACTOR_PANEL, get(l.f), k, m, get(l.tolerance))),
        when(ge(get(l.j), int(0)), returnValue(get(l.j))),
        call(COPY_ENTRIES, doubleAt(get(l.lx), integer(l.lPtr, s)), get(l.front), int(0), bytes(mul(m, k))),
        // the update matrix F₂₂ − L₂₁·D·L₂₁ᵀ (already in the front) as a column-major r × r lower triangle on the stack
        when(gt(r, int(0)), [
          forLoop(l.jc, int(0), r, int(1),
            call(COPY_ENTRIES, doubleAt(get(l.stack), add(get(l.sp), mul(jc, r))),
              doubleAt(get(l.front), add(mul(add(k, jc), m), k)), bytes(jc), bytes(r))),
          set(l.sp, add(get(l.sp), mul(r, r))),
          storeInt(intAt(get(l.stackSuper), get(l.depth)), s),
          set(l.depth, next(get(l.depth))),
        ]),
      ]),
      int(-1),
    ];
  },
};

const countNegative: WasmFunction = {
  name: 'countNegative',
  params: {},
  locals: { n: i32, d: i32, j: i32, negative: i32 },
  result: i32,
  body: (l) => [
    readHeader(l, ['n', 'd']),
    forLoop(l.j, int(0), get(l.n), int(1),
      when(floatLt(double(l.d, get(l.j)), float(0)), set(l.negative, next(get(l.negative))))),
    get(l.negative),
  ],
};

/** Locals of the substitutions. */
const substitutionLocals = { n: i32, supernodes: i32, superFirst: i32, rowPtr: i32, rows: i32, lPtr: i32, lx: i32,
  solveWork: i32, gather: i32, s: i32, f: i32, k: i32, r0: i32, nr: i32, m: i32, off: i32, r: i32, c: i32, o: i32,
  c0: i32, x: f64 } as const;
const substitutionSlots = ['n', 'supernodes', 'superFirst', 'rowPtr', 'rows', 'lPtr', 'lx', 'solveWork', 'gather'] as const;

/** Supernode s's first column f, columns k, rows r0 … r0 + nr − 1, front size m and block address off in lx. */
function supernode(l: Readonly<Record<string, number>>): Code {
  const s = get(l.s);
  return [
    set(l.f, integer(l.superFirst, s)),
    set(l.k, sub(integer(l.superFirst, next(s)), get(l.f))),
    set(l.r0, integer(l.rowPtr, s)),
    set(l.nr, sub(integer(l.rowPtr, next(s)), get(l.r0))),
    set(l.m, add(get(l.k), get(l.nr))),
    set(l.off, doubleAt(get(l.lx), integer(l.lPtr, s))),
  ];
}

/** Forward substitution L y = b in place on the `count` permuted right-hand sides in solveWork. */
const forward: WasmFunction = {
  name: 'forward',
  params: { count: i32 },
  locals: substitutionLocals,
  body: (l) => {
    const n = get(l.n), f = get(l.f), k = get(l.k), nr = get(l.nr), m = get(l.m), r = get(l.r), c = get(l.c);
    const o = get(l.o), c0 = get(l.c0);
    const gathered = doubleAt(get(l.gather), mul(r, nr));
    return [
      readHeader(l, substitutionSlots),
      forLoop(l.s, int(0), get(l.supernodes), int(1), [
        supernode(l),
        // the unit triangle of the diagonal block
        forLoop(l.r, int(0), get(l.count), int(1), [
          set(l.o, doubleAt(get(l.solveWork), add(mul(r, n), f))),
          forLoop(l.c, int(0), k, int(1), [
            set(l.x, double(l.o, c)),
            breakIf(0, floatEq(get(l.x), float(0))),
            call(SUBTRACT_SCALED, o, doubleAt(get(l.off), mul(c, m)), bytes(next(c)), bytes(k), get(l.x)),
          ]),
        ]),
        // the rows below as dense products t = L₂₁·y₁ (four columns at a time), scattered once
        when(gt(nr, int(0)), [
          forLoop(l.o, get(l.gather), doubleAt(get(l.gather), mul(nr, get(l.count))), int(8), storeFloat(o, float(0))),
          forLoop(l.c, int(0), sub(k, int(3)), int(4), [
            set(l.c0, doubleAt(get(l.off), add(mul(c, m), k))),
            forLoop(l.r, int(0), get(l.count), int(1), [
              set(l.o, doubleAt(get(l.solveWork), add(add(mul(r, n), f), c))),
              call(ADD_PRODUCTS4, gathered, c0, doubleAt(c0, m), doubleAt(c0, mul(m, int(2))), doubleAt(c0, mul(m, int(3))),
                bytes(nr), loadFloat(o), loadFloat(add(o, int(8))), loadFloat(add(o, int(16))), loadFloat(add(o, int(24)))),
            ]),
          ]),
          forLoop(l.c, c, k, int(1), [
            set(l.c0, doubleAt(get(l.off), add(mul(c, m), k))),
            forLoop(l.r, int(0), get(l.count), int(1),
              call(ADD_PRODUCT, gathered, c0, bytes(nr), double(l.solveWork, add(add(mul(r, n), f), c)))),
          ]),
          forLoop(l.r, int(0), get(l.count), int(1),
            call(SUBTRACT_SCATTERED, doubleAt(get(l.solveWork), mul(r, n)), intAt(get(l.rows), get(l.r0)),
              intAt(get(l.rows), add(get(l.r0), nr)), gathered)),
        ]),
      ]),
    ];
  },
};

/** Backward substitution Lᵀ x = y in place on the `count` right-hand sides in solveWork (already divided by D). */
const backward: WasmFunction = {
  name: 'backward',
  params: { count: i32 },
  locals: substitutionLocals,
  body: (l) => {
    const n = get(l.n), f = get(l.f), k = get(l.k), nr = get(l.nr), m = get(l.m), r = get(l.r), c = get(l.c);
    const o = get(l.o), c0 = get(l.c0);
    const gathered = doubleAt(get(l.gather), mul(r, nr));
    return [
      readHeader(l, substitutionSlots),
      forLoopDown(l.s, sub(get(l.supernodes), int(1)), int(0), int(1), [
        supernode(l),
        // the rows below gathered once, dense dot products
        when(gt(nr, int(0)), [
          forLoop(l.r, int(0), get(l.count), int(1),
            call(GATHER_ROWS, gathered, doubleAt(get(l.solveWork), mul(r, n)), intAt(get(l.rows), get(l.r0)),
              intAt(get(l.rows), add(get(l.r0), nr)))),
          forLoop(l.c, int(0), sub(k, int(3)), int(4), [
            set(l.c0, doubleAt(get(l.off), add(mul(c, m), k))),
            forLoop(l.r, int(0), get(l.count), int(1),
              call(SUBTRACT_DOTS4, doubleAt(get(l.solveWork), add(add(mul(r, n), f), c)), c0, doubleAt(c0, m),
                doubleAt(c0, mul(m, int(2))), doubleAt(c0, mul(m, int(3))), gathered, bytes(nr))),
          ]),
          forLoop(l.c, c, k, int(1), [
            set(l.c0, doubleAt(get(l.off), add(mul(c, m), k))),
            forLoop(l.r, int(0), get(l.count), int(1), [
              set(l.o, doubleAt(get(l.solveWork), add(add(mul(r, n), f), c))),
              storeFloat(o, floatSub(loadFloat(o), call(DOT, c0, gathered, bytes(nr)))),
            ]),
          ]),
        ]),
        // the triangle of the diagonal block
        forLoop(l.r, int(0), get(l.count), int(1), [
          set(l.o, doubleAt(get(l.solveWork), add(mul(r, n), f))),
          forLoopDown(l.c, sub(k, int(1)), int(0), int(1),
            storeFloat(doubleAt(o, c), call(SUBTRACT_DOT_FROM, double(l.o, c), doubleAt(get(l.off), mul(c, m)), o,
              bytes(next(c)), bytes(k)))),
        ]),
      ]),
    ];
  },
};

/** Solves A X = B in place on the `count` right-hand sides at rhs: permute, forward, divide by the pivots, backward, put back. */
const solve: WasmFunction = {
  name: 'solve',
  params: { count: i32 },
  locals: { n: i32, perm: i32, d: i32, rhs: i32, solveWork: i32, r: i32, o: i32, j: i32, w: i32 },
  body: (l) => {
    const j = get(l.j);
    const permuted = doubleAt(get(l.o), integer(l.perm, j));
    return [
      readHeader(l, ['n', 'perm', 'd', 'rhs', 'solveWork']),
      forLoop(l.r, int(0), get(l.count), int(1), [
        set(l.o, doubleAt(get(l.rhs), mul(get(l.r), get(l.n)))),
        set(l.w, doubleAt(get(l.solveWork), mul(get(l.r), get(l.n)))),
        forLoop(l.j, int(0), get(l.n), int(1), storeFloat(doubleAt(get(l.w), j), loadFloat(permuted))),
      ]),
      call(FORWARD, get(l.count)),
      forLoop(l.r, int(0), get(l.count), int(1), [
        set(l.w, doubleAt(get(l.solveWork), mul(get(l.r), get(l.n)))),
        forLoop(l.j, int(0), get(l.n), int(1), storeFloat(doubleAt(get(l.w), j), floatDiv(double(l.w, j), double(l.d, j)))),
      ]),
      call(BACKWARD, get(l.count)),
      forLoop(l.r, int(0), get(l.count), int(1), [
        set(l.o, doubleAt(get(l.rhs), mul(get(l.r), get(l.n)))),
        set(l.w, doubleAt(get(l.solveWork), mul(get(l.r), get(l.n)))),
        forLoop(l.j, int(0), get(l.n), int(1), storeFloat(permuted, double(l.w, j))),
      ]),
    ];
  },
};

/** The bytes of the kernels' modules: the factorization's and the solve's. */
export function sparseLDLTModuleBytes(): { factorization: Uint8Array<ArrayBuffer>; solve: Uint8Array<ArrayBuffer> } {
  return {
    factorization: wasmModuleBytes([subtractScaled, scatterAdd, extendAddColumn, subtractProducts4, scaleEntries,
      copyEntries, updateColumnPair4, updateColumnPair1, lowerUpdate, assemble, assembleFront, factorPanel, factorize]),
    solve: wasmModuleBytes([subtractScaled, addProducts4, addProduct, subtractScattered, gatherRows, subtractDots4, dot,
      subtractDotFrom, forward, backward, solve, countNegative]),
  };
}

/** The text of sparseLDLTKernelsModule.ts: {@link sparseLDLTModuleBytes} as base64 (written by scripts/generateWasmKernels.ts). */
export function sparseLDLTModuleText(): string {
  const { factorization, solve } = sparseLDLTModuleBytes();
  return wasmModuleText('sparseLDLTKernelsSource.ts', [
    { constant: 'sparseLDLTFactorizationModuleBase64', description: "The sparse LDLᵀ factorization's WebAssembly module", bytes: factorization },
    { constant: 'sparseLDLTSolveModuleBase64', description: "The sparse LDLᵀ solve's WebAssembly module", bytes: solve },
  ]);
}
