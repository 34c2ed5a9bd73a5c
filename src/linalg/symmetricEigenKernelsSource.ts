/**
 * The source of the WebAssembly module of {@link symmetricEigen}'s kernels (see symmetricEigenKernels.ts): the copy of
 * the matrix with its check for non-finite entries, the Householder reduction to tridiagonal form (tred2) and the
 * implicit QL iteration with the sort (tql2), written as instruction lists of wasmModule.ts. Each does the same
 * floating-point operations in the same order as the JavaScript it replaced (wasm has no fused multiply-add, and its
 * f64.sqrt, f64.abs, f64.neg and f64.max are Math.sqrt, Math.abs, unary minus and Math.max), so the results are the
 * same bit for bit. scripts/generateWasmKernels.ts writes its bytes into symmetricEigenKernelsModule.ts (the engine
 * loads those, building nothing at run time); test/linalg/symmetricEigenKernels.test.ts checks that they are this
 * source's bytes. Addresses are byte offsets in the instance's memory; indices count doubles.
 * @module
 */

import {
  add, breakIf, call, type Code, doWhile, f64, float, floatAbs, floatAdd, floatDiv, floatEq, floatGt, floatLe, floatLt,
  floatMax, floatMul, floatNe, floatNeg, floatSqrt, floatSub, forLoop, forLoopDown, get, i32, int, isZero, loadFloat,
  lt, mul, ne, returnValue, set, shl, storeFloat, sub, wasmModuleBytes, wasmModuleText, type WasmFunction, when,
} from './wasmModule.ts';

type Locals = Readonly<Record<string, number>>;

/** The address of entry `index` of the doubles at address local `base`. */
const at = (base: number, index: Code): Code => add(get(base), shl(index, int(3)));
/** Entry `index` of the doubles at address local `base`. */
const entry = (base: number, index: Code): Code => loadFloat(at(base, index));
/** Entry `index` of the doubles at address local `base` ← value. */
const setEntry = (base: number, index: Code, value: Code): Code => storeFloat(at(base, index), value);
/** index + 1 */
const next = (index: Code): Code => add(index, int(1));
/** index − 1 */
const previous = (index: Code): Code => sub(index, int(1));

/** p += 8 (the next double). */
const advance = (p: number): Code => set(p, add(get(p), int(8)));

/*
 * The innermost loops as small functions of their own, over byte pointers: when V8 compiles a hot function again with
 * its optimizing compiler, it compiles these few bytes, not the whole reduction or iteration.
 */

/** The Givens rotation of two rows of q: for each u < end, t = v; v ← s·u + c·t; u ← c·u − s·t (u, v advancing). */
const rotate: WasmFunction = {
  name: 'rotate',
  params: { u: i32, v: i32, end: i32, c: f64, s: f64 },
  locals: { t: f64 },
  body: (l) => forLoop(l.u, get(l.u), get(l.end), int(8), [
    set(l.t, loadFloat(get(l.v))),
    storeFloat(get(l.v), floatAdd(floatMul(get(l.s), loadFloat(get(l.u))), floatMul(get(l.c), get(l.t)))),
    storeFloat(get(l.u), floatSub(floatMul(get(l.c), loadFloat(get(l.u))), floatMul(get(l.s), get(l.t)))),
    advance(l.v),
  ]),
};

/**
 * A row's share of the product p = A u in tred2 (a: the row's entries k = j + 1 … i − 1, up to end; d: u_k; e: p_k):
 * g ← g + a_k·d_k and e_k ← e_k + a_k·f for each k; returns g.
 */
const productRow: WasmFunction = {
  name: 'productRow',
  params: { a: i32, end: i32, d: i32, e: i32, f: f64, g: f64 },
  locals: {},
  result: f64,
  body: (l) => [
    forLoop(l.a, get(l.a), get(l.end), int(8), [
      set(l.g, floatAdd(get(l.g), floatMul(loadFloat(get(l.a)), loadFloat(get(l.d))))),
      storeFloat(get(l.e), floatAdd(loadFloat(get(l.e)), floatMul(loadFloat(get(l.a)), get(l.f)))),
      advance(l.d),
      advance(l.e),
    ]),
    get(l.g),
  ],
};

/** A row of the rank-two update A − u wᵀ − w uᵀ (a up to end; d: u, e: w): a_k ← a_k − (f·e_k + g·d_k). */
const rankTwoRow: WasmFunction = {
  name: 'rankTwoRow',
  params: { a: i32, end: i32, d: i32, e: i32, f: f64, g: f64 },
  locals: {},
  body: (l) => forLoop(l.a, get(l.a), get(l.end), int(8), [
    storeFloat(get(l.a), floatSub(loadFloat(get(l.a)), floatAdd(floatMul(get(l.f), loadFloat(get(l.e))), floatMul(get(l.g), loadFloat(get(l.d)))))),
    advance(l.d),
    advance(l.e),
  ]),
};

/** A reflection of a row of Q (row up to end, v the reflection's row, d its scaled copy): g = v·row; row ← row − g·d. */
const reflectRow: WasmFunction = {
  name: 'reflectRow',
  params: { row: i32, end: i32, v: i32, d: i32 },
  locals: { p: i32, w: i32, g: f64 },
  body: (l) => [
    set(l.w, get(l.v)),
    forLoop(l.p, get(l.row), get(l.end), int(8), [
      set(l.g, floatAdd(get(l.g), floatMul(loadFloat(get(l.w)), loadFloat(get(l.p))))),
      advance(l.w),
    ]),
    forLoop(l.p, get(l.row), get(l.end), int(8), [
      storeFloat(get(l.p), floatSub(loadFloat(get(l.p)), floatMul(get(l.g), loadFloat(get(l.d))))),
      advance(l.d),
    ]),
  ],
};

/** The functions' indices in the module (their order in {@link symmetricEigenModuleBytes}). */
const ROTATE = 0, PRODUCT_ROW = 1, RANK_TWO_ROW = 2, REFLECT_ROW = 3;

const load: WasmFunction = {
  name: 'load',
  params: { n: i32, a: i32, q: i32 },
  locals: { r: i32, c: i32, v: f64 },
  result: i32,
  // q[r·n + c] = a[c·n + r], row by row; returns r·n + c of the first non-finite entry (v − v is not 0), else −1
  body: (l) => [
    forLoop(l.r, int(0), get(l.n), int(1),
      forLoop(l.c, int(0), get(l.n), int(1), [
        set(l.v, entry(l.a, add(mul(get(l.c), get(l.n)), get(l.r)))),
        when(isZero(floatEq(floatSub(get(l.v), get(l.v)), float(0))), returnValue(add(mul(get(l.r), get(l.n)), get(l.c)))),
        setEntry(l.q, add(mul(get(l.r), get(l.n)), get(l.c)), get(l.v)),
      ])),
    int(-1),
  ],
};

/** Q's entry (index) in the locals' q. */
const qEntry = (l: Locals, index: Code): Code => entry(l.q, index);
const setQ = (l: Locals, index: Code, value: Code): Code => setEntry(l.q, index, value);
const dEntry = (l: Locals, index: Code): Code => entry(l.d, index);
const setD = (l: Locals, index: Code, value: Code): Code => setEntry(l.d, index, value);
const eEntry = (l: Locals, index: Code): Code => entry(l.e, index);
const setE = (l: Locals, index: Code, value: Code): Code => setEntry(l.e, index, value);

/** The reflection of one row when its scale is not 0 (tred2's main branch; locals of {@link tridiagonalize}). */
function reflect(l: Locals): Code {
  const i = get(l.i), j = get(l.j), k = get(l.k);
  return [
    forLoop(l.k, int(0), i, int(1), [
      setD(l, k, floatDiv(dEntry(l, k), get(l.scale))),
      set(l.h, floatAdd(get(l.h), floatMul(dEntry(l, k), dEntry(l, k)))),
    ]),
    set(l.f, dEntry(l, previous(i))),
    set(l.g, floatSqrt(get(l.h))),
    when(floatGt(get(l.f), float(0)), set(l.g, floatNeg(get(l.g)))),
    setE(l, i, floatMul(get(l.scale), get(l.g))),
    set(l.h, floatSub(get(l.h), floatMul(get(l.f), get(l.g)))),
    setD(l, previous(i), floatSub(get(l.f), get(l.g))),
    // p = A u / h into e (the upper triangle of the leading block, row by row)
    forLoop(l.j, int(0), i, int(1), setE(l, j, float(0))),
    forLoop(l.j, int(0), i, int(1), [
      set(l.f, dEntry(l, j)),
      setQ(l, add(mul(i, get(l.n)), j), get(l.f)),
      set(l.row, mul(j, get(l.n))),
      setE(l, j, call(PRODUCT_ROW, at(l.q, add(get(l.row), next(j))), at(l.q, add(get(l.row), i)), at(l.d, next(j)),
        at(l.e, next(j)), get(l.f), floatAdd(eEntry(l, j), floatMul(qEntry(l, add(get(l.row), j)), get(l.f))))),
    ]),
    set(l.f, float(0)),
    forLoop(l.j, int(0), i, int(1), [
      setE(l, j, floatDiv(eEntry(l, j), get(l.h))),
      set(l.f, floatAdd(get(l.f), floatMul(eEntry(l, j), dEntry(l, j)))),
    ]),
    // w = p − (uᵀp / 2h) u, then the rank-two update A − u wᵀ − w uᵀ
    set(l.hh, floatDiv(get(l.f), floatAdd(get(l.h), get(l.h)))),
    forLoop(l.j, int(0), i, int(1), setE(l, j, floatSub(eEntry(l, j), floatMul(get(l.hh), dEntry(l, j))))),
    forLoop(l.j, int(0), i, int(1), [
      set(l.row, mul(j, get(l.n))),
      call(RANK_TWO_ROW, at(l.q, add(get(l.row), j)), at(l.q, add(get(l.row), i)), at(l.d, j), at(l.e, j), dEntry(l, j),
        eEntry(l, j)),
      setD(l, j, qEntry(l, add(get(l.row), previous(i)))),
      setQ(l, add(get(l.row), i), float(0)),
    ]),
  ];
}

const tridiagonalize: WasmFunction = {
  name: 'tridiagonalize',
  params: { n: i32, q: i32, d: i32, e: i32 },
  locals: { i: i32, j: i32, k: i32, row: i32, nextRow: i32, scale: f64, h: f64, f: f64, g: f64, hh: f64 },
  body: (l) => {
    const i = get(l.i), j = get(l.j), k = get(l.k), n = get(l.n), last = previous(get(l.n));
    return [
      forLoop(l.j, int(0), n, int(1), setD(l, j, qEntry(l, add(mul(j, n), last)))),
      forLoopDown(l.i, last, int(1), int(1), [
        set(l.scale, float(0)),
        set(l.h, float(0)),
        forLoop(l.k, int(0), i, int(1), set(l.scale, floatAdd(get(l.scale), floatAbs(dEntry(l, k))))),
        when(floatEq(get(l.scale), float(0)), [
          // the row is already reduced: no reflection
          setE(l, i, dEntry(l, previous(i))),
          forLoop(l.j, int(0), i, int(1), [
            setD(l, j, qEntry(l, add(mul(j, n), previous(i)))),
            setQ(l, add(mul(j, n), i), float(0)),
            setQ(l, add(mul(i, n), j), float(0)),
          ]),
        ], reflect(l)),
        setD(l, i, get(l.h)),
      ]),
      // accumulate the reflections into Q
      forLoop(l.i, int(0), last, int(1), [
        set(l.row, mul(i, n)),
        set(l.nextRow, add(get(l.row), n)),
        setQ(l, add(get(l.row), last), qEntry(l, add(get(l.row), i))),
        setQ(l, add(get(l.row), i), float(1)),
        set(l.h, dEntry(l, next(i))),
        when(floatNe(get(l.h), float(0)), [
          forLoop(l.k, int(0), next(i), int(1), setD(l, k, floatDiv(qEntry(l, add(get(l.nextRow), k)), get(l.h)))),
          forLoop(l.j, int(0), next(i), int(1), [
            set(l.row, mul(j, n)),
            call(REFLECT_ROW, at(l.q, get(l.row)), at(l.q, add(get(l.row), next(i))), at(l.q, get(l.nextRow)), get(l.d)),
          ]),
        ]),
        forLoop(l.k, int(0), next(i), int(1), setQ(l, add(get(l.nextRow), k), float(0))),
      ]),
      forLoop(l.j, int(0), n, int(1), [
        setD(l, j, qEntry(l, add(mul(j, n), last))),
        setQ(l, add(mul(j, n), last), float(0)),
      ]),
      setQ(l, add(mul(last, n), last), float(1)),
      setE(l, int(0), float(0)),
    ];
  },
};

/** r = √(a² + b²) without overflow or destructive underflow (scaled by the larger magnitude; locals ha, hb, ratio). */
function hypotenuse(l: Locals, r: number, a: Code, b: Code): Code {
  const scaled = (big: Code, small: Code): Code => [
    set(l.ratio, floatDiv(small, big)),
    set(r, floatMul(floatAbs(big), floatSqrt(floatAdd(float(1), floatMul(get(l.ratio), get(l.ratio)))))),
  ];
  return [
    set(l.ha, a),
    set(l.hb, b),
    when(floatGt(floatAbs(get(l.ha)), floatAbs(get(l.hb))), scaled(get(l.ha), get(l.hb)),
      when(floatNe(get(l.hb), float(0)), scaled(get(l.hb), get(l.ha)), set(r, float(0)))),
  ];
}

/** One shifted QL sweep over rows m … l (the body of tql2's iteration; locals of {@link diagonalize}). */
function qlSweep(l: Locals): Code {
  const L = get(l.l), i = get(l.i), k = get(l.k), n = get(l.n);
  return [
    // shift from the leading 2 × 2 block
    set(l.g, dEntry(l, L)),
    set(l.p, floatDiv(floatSub(dEntry(l, next(L)), get(l.g)), floatMul(float(2), eEntry(l, L)))),
    hypotenuse(l, l.r, get(l.p), float(1)),
    when(floatLt(get(l.p), float(0)), set(l.r, floatNeg(get(l.r)))),
    setD(l, L, floatDiv(eEntry(l, L), floatAdd(get(l.p), get(l.r)))),
    setD(l, next(L), floatMul(eEntry(l, L), floatAdd(get(l.p), get(l.r)))),
    set(l.dl1, dEntry(l, next(L))),
    set(l.h, floatSub(get(l.g), dEntry(l, L))),
    forLoop(l.i, add(L, int(2)), n, int(1), setD(l, i, floatSub(dEntry(l, i), get(l.h)))),
    set(l.shiftSum, floatAdd(get(l.shiftSum), get(l.h))),
    // the QL sweep from m − 1 up to l
    set(l.p, dEntry(l, get(l.m))),
    set(l.c, float(1)),
    set(l.c2, get(l.c)),
    set(l.c3, get(l.c)),
    set(l.el1, eEntry(l, next(L))),
    set(l.s, float(0)),
    set(l.s2, float(0)),
    forLoopDown(l.i, previous(get(l.m)), L, int(1), [
      set(l.c3, get(l.c2)),
      set(l.c2, get(l.c)),
      set(l.s2, get(l.s)),
      set(l.g, floatMul(get(l.c), eEntry(l, i))),
      set(l.h, floatMul(get(l.c), get(l.p))),
      hypotenuse(l, l.r, get(l.p), eEntry(l, i)),
      setE(l, next(i), floatMul(get(l.s), get(l.r))),
      set(l.s, floatDiv(eEntry(l, i), get(l.r))),
      set(l.c, floatDiv(get(l.p), get(l.r))),
      set(l.p, floatSub(floatMul(get(l.c), dEntry(l, i)), floatMul(get(l.s), get(l.g)))),
      setD(l, next(i), floatAdd(get(l.h),
        floatMul(get(l.s), floatAdd(floatMul(get(l.c), get(l.g)), floatMul(get(l.s), dEntry(l, i)))))),
      // the Givens rotation of rows i and i + 1 of q (entries first … n − 1)
      set(l.upper, at(l.q, add(mul(i, n), get(l.first)))),
      call(ROTATE, get(l.upper), add(get(l.upper), shl(n, int(3))), at(l.q, mul(next(i), n)), get(l.c), get(l.s)),
    ]),
    set(l.p, floatDiv(floatMul(floatMul(floatMul(floatMul(floatNeg(get(l.s)), get(l.s2)), get(l.c3)), get(l.el1)), eEntry(l, L)),
      get(l.dl1))),
    setE(l, L, floatMul(get(l.s), get(l.p))),
    setD(l, L, floatMul(get(l.c), get(l.p))),
  ];
}

const diagonalize: WasmFunction = {
  name: 'diagonalize',
  params: { n: i32, first: i32, maxIterations: i32, q: i32, d: i32, e: i32 },
  locals: { l: i32, m: i32, i: i32, j: i32, k: i32, iterations: i32, upper: i32, lower: i32,
    shiftSum: f64, norm: f64, eps: f64, g: f64, p: f64, r: f64, h: f64, c: f64, c2: f64, c3: f64, s: f64, s2: f64,
    el1: f64, dl1: f64, t: f64, ha: f64, hb: f64, ratio: f64 },
  result: i32,
  // returns −1, or the eigenvalue whose QL iteration did not converge within maxIterations sweeps
  body: (l) => {
    const L = get(l.l), i = get(l.i), j = get(l.j), k = get(l.k), n = get(l.n);
    const negligible = (index: Code): Code => floatLe(floatAbs(eEntry(l, index)), floatMul(get(l.eps), get(l.norm)));
    return [
      forLoop(l.i, int(1), n, int(1), setE(l, previous(i), eEntry(l, i))),
      setE(l, previous(n), float(0)),
      set(l.eps, float(Number.EPSILON)),
      forLoop(l.l, int(0), n, int(1), [
        set(l.norm, floatMax(get(l.norm), floatAdd(floatAbs(dEntry(l, L)), floatAbs(eEntry(l, L))))),
        // the first negligible sub-diagonal entry at or below l (e[n − 1] = 0 ends the search)
        forLoop(l.m, L, previous(n), int(1), breakIf(2, negligible(get(l.m)))),
        when(lt(L, get(l.m)), [
          set(l.iterations, int(0)),
          doWhile([
            set(l.iterations, next(get(l.iterations))),
            when(lt(get(l.maxIterations), get(l.iterations)), returnValue(L)),
            qlSweep(l),
          ], floatGt(floatAbs(eEntry(l, L)), floatMul(get(l.eps), get(l.norm)))),
        ]),
        setD(l, L, floatAdd(dEntry(l, L), get(l.shiftSum))),
        setE(l, L, float(0)),
      ]),
      // selection sort, ascending (rows of q swapped along)
      forLoop(l.i, int(0), previous(n), int(1), [
        set(l.k, i),
        set(l.p, dEntry(l, i)),
        forLoop(l.j, next(i), n, int(1),
          when(floatLt(dEntry(l, j), get(l.p)), [set(l.k, j), set(l.p, dEntry(l, j))])),
        when(ne(k, i), [
          setD(l, k, dEntry(l, i)),
          setD(l, i, get(l.p)),
          set(l.upper, mul(i, n)),
          set(l.lower, mul(k, n)),
          forLoop(l.j, get(l.first), n, int(1), [
            set(l.t, qEntry(l, add(get(l.upper), j))),
            setQ(l, add(get(l.upper), j), qEntry(l, add(get(l.lower), j))),
            setQ(l, add(get(l.lower), j), get(l.t)),
          ]),
        ]),
      ]),
      int(-1),
    ];
  },
};

/** The bytes of the kernels' module. */
export function symmetricEigenModuleBytes(): Uint8Array<ArrayBuffer> {
  return wasmModuleBytes([rotate, productRow, rankTwoRow, reflectRow, load, tridiagonalize, diagonalize]);
}

/** The text of symmetricEigenKernelsModule.ts: {@link symmetricEigenModuleBytes} as base64 (written by scripts/generateWasmKernels.ts). */
export function symmetricEigenModuleText(): string {
  return wasmModuleText('symmetricEigenKernelsSource.ts', [
    {
      constant: 'symmetricEigenModuleBase64', description: "The symmetric eigen kernels' WebAssembly module",
      bytes: symmetricEigenModuleBytes(),
    },
  ]);
}
