import { describe, expect, it } from 'vitest';
import { amdOrder, compressPairs, pairZeroDiagonal, symmetricGraph, type SymmetricGraph } from '../../src/linalg/ordering.ts';
import { assemble, emitLaplacian2D, emitRandomSparse, emitSpringChainKKT, mulberry32 } from './matrices.ts';

/*
 * The approximate minimum degree ordering as it was before its steps were restructured (ordering.ts at c2b289fe, session
 * 32: bucket updates inline, one loop over the element and variable parts of a list, weights always present, the
 * orderings of the last graphs kept): the reference, permutation for permutation.
 */

const VARIABLE = 0;
const ELEMENT = 1;
const DEAD = 2;

/**
 * Approximate minimum degree ordering of a symmetric graph. Returns `perm` with
 * `perm[k]` = vertex eliminated k-th.
 *
 * Quotient-graph elimination in the style of Amestoy, Davis and Duff (1996): each
 * vertex is a variable or an element (an eliminated pivot standing for the clique of
 * its uneliminated neighbours). Eliminating pivot p forms L_p = A_p ∪ ⋃_{e∈E_p} L_e,
 * absorbs the elements of E_p, prunes the adjacency lists of L_p, and bounds the
 * external degree of each i ∈ L_p by
 *   min(n - k, d_i + |L_p \ i|, |A_i \ i| + |L_p \ i| + Σ_{e∈E_i, e≠p} |L_e \ L_p|),
 * with |L_e \ L_p| found for all neighbouring elements in one sweep. Variables whose
 * whole neighbourhood lies in L_p are eliminated together with p (mass elimination),
 * elements contained in L_p are absorbed (aggressive absorption). Vertices of degree
 * above `denseThreshold` (default max(16, 10√n)) are left out and ordered last.
 * `weights` (default 1) give the number of unknowns a vertex stands for, as in a
 * compressed graph; degrees are then counted in unknowns.
 */
function referenceAmdOrder(g: SymmetricGraph, weights?: Int32Array, denseThreshold?: number): Int32Array {
  const n = g.n;
  const perm = new Int32Array(n);
  if (n === 0) return perm;
  const dense = denseThreshold ?? Math.max(16, Math.floor(10 * Math.sqrt(n)));
  const isDense = new Uint8Array(n);
  const pivots = new Int32Array(n);
  const mergedHead = new Int32Array(n).fill(-1);
  const mergedNext = new Int32Array(n).fill(-1);
  // the elimination loop ends its function (the note at onStackReplacement in sparseLU.ts)
  const nPivots = amdEliminate(g, weights, dense, isDense, pivots, mergedHead, mergedNext);
  let k = 0;
  for (let t = 0; t < nPivots; t++) {
    const p = pivots[t];
    perm[k++] = p;
    for (let i = mergedHead[p]; i >= 0; i = mergedNext[i]) perm[k++] = i;
  }
  for (let i = 0; i < n; i++) if (isDense[i]) perm[k++] = i;
  return perm;
}

/**
 * {@link amdOrder}'s elimination: marks the dense vertices in `isDense`, writes the pivots in their order to `pivots`
 * and the variables eliminated with pivot p (mass elimination) to the list `mergedHead[p]`, `mergedNext` (−1 ends;
 * both −1 on entry); returns the number of pivots.
 */
function amdEliminate(g: SymmetricGraph, weights: Int32Array | undefined, dense: number, isDense: Uint8Array, pivots: Int32Array,
  mergedHead: Int32Array, mergedNext: Int32Array): number {
  const n = g.n;
  const s = new MinimumDegreeState(n, pivots, mergedHead, mergedNext);
  // each loop of the set-up ends its function (the note at onStackReplacement in sparseLU.ts), which gets the arrays as
  // arguments, not from g or s (the note at eliminationTree there)
  markDense(g, dense, isDense);
  s.iw = new Int32Array(Math.max(2 * n, Math.ceil(1.5 * g.adj.length) + n));
  s.pfree = initialLists(n, g.ptr, g.adj, weights, isDense, s.iw, s.state, s.nv, s.pe, s.len, s.degree);
  const nActive = activeWeight(s.state, s.nv);
  s.nActive = nActive;
  s.wMax = 0x3fffffff - nActive - 2;
  // Degree buckets: doubly linked lists of variables by approximate degree.
  s.head = new Int32Array(nActive + 1).fill(-1);
  fillBuckets(s.state, s.head, s.next, s.prev, s.degree);
  // one pivot per call: a function too large for V8 to inline, compiled once after a few pivots, where the loop over
  // the pivots in this function would be compiled on stack in the first call and once more for the next call
  while (s.nel < nActive) eliminatePivot(s);
  return s.nPivots;
}

/** Marks the vertices of more than `dense` neighbours in isDense. */
function markDense(g: SymmetricGraph, dense: number, isDense: Uint8Array): void {
  for (let i = 0; i < g.n; i++) if (g.ptr[i + 1] - g.ptr[i] > dense) isDense[i] = 1;
}

/**
 * {@link amdEliminate}'s initial variable lists in iw: the graph (n, ptr, adj) without dense vertices (those DEAD), each
 * variable's weight and degree (the arrays of its MinimumDegreeState); returns the first free entry of iw.
 */
function initialLists(n: number, ptr: Int32Array, adj: Int32Array, weights: Int32Array | undefined, isDense: Uint8Array, iw: Int32Array,
  state: Uint8Array, nv: Int32Array, pe: Int32Array, len: Int32Array, degree: Int32Array): number {
  let pfree = 0;
  for (let i = 0; i < n; i++) {
    pe[i] = pfree;
    if (isDense[i]) {
      state[i] = DEAD;
      continue;
    }
    let d = 0;
    for (let k = ptr[i]; k < ptr[i + 1]; k++) {
      const j = adj[k];
      if (isDense[j]) continue;
      iw[pfree++] = j;
      d += weights ? weights[j] : 1;
    }
    len[i] = pfree - pe[i];
    nv[i] = weights ? weights[i] : 1;
    degree[i] = d;
  }
  return pfree;
}

/** Total weight of the variables of {@link initialLists} (a MinimumDegreeState's state and nv). */
function activeWeight(state: Uint8Array, nv: Int32Array): number {
  let total = 0;
  for (let i = 0; i < state.length; i++) if (state[i] === VARIABLE) total += nv[i];
  return total;
}

/** Puts every variable in the degree bucket of its degree (a MinimumDegreeState's arrays). */
function fillBuckets(state: Uint8Array, head: Int32Array, next: Int32Array, prev: Int32Array, degree: Int32Array): void {
  for (let i = 0; i < state.length; i++) if (state[i] === VARIABLE) bucketInsert(head, next, prev, i, degree[i]);
}

/** The quotient graph and degree lists of {@link amdEliminate} between its pivots (see {@link eliminatePivot}). */
class MinimumDegreeState {
  /** VARIABLE, ELEMENT or DEAD per vertex. */
  readonly state: Uint8Array;
  /** Weight of a variable (negated while in the element being formed; 0 once mass-eliminated), an element's size. */
  readonly nv: Int32Array;
  /** Start of each vertex's list in iw: its elements (the first elen) then its variables; an element's members. */
  readonly pe: Int32Array;
  /** Length of each list. */
  readonly len: Int32Array;
  /** Elements at the front of a variable's list. */
  readonly elen: Int32Array;
  /** Approximate external degree of a variable; an element's degree when formed. */
  readonly degree: Int32Array;
  /** |L_e \ L_p| + wflg of the elements seen in the current step. */
  readonly w: Int32Array;
  /** The next variable in the same degree bucket (−1: last). */
  readonly next: Int32Array;
  /** The previous variable in the same degree bucket (−1: first). */
  readonly prev: Int32Array;
  /** The lists' storage (grows when full) and its first free entry. */
  iw = new Int32Array(0);
  pfree = 0;
  /** First variable of each degree bucket (−1: empty). */
  head = new Int32Array(0);
  /** Total weight of the variables to eliminate, weight eliminated so far, the smallest non-empty degree bucket. */
  nActive = 0;
  nel = 0;
  mindeg = 0;
  /** The weight of the element being formed (the external degree of the pivot's element). */
  degme = 0;
  /** The w stamp of the current step and its largest value before w is cleared. */
  wflg = 1;
  wMax = 0;
  /** Pivots chosen so far. */
  nPivots = 0;

  /** The state of n vertices, all variables of degree 0; the results go to pivots, mergedHead and mergedNext. */
  constructor(n: number, readonly pivots: Int32Array, readonly mergedHead: Int32Array, readonly mergedNext: Int32Array) {
    this.state = new Uint8Array(n);
    this.nv = new Int32Array(n);
    this.pe = new Int32Array(n);
    this.len = new Int32Array(n);
    this.elen = new Int32Array(n);
    this.degree = new Int32Array(n);
    this.w = new Int32Array(n);
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
  }
}

/**
 * One step of {@link amdEliminate}: the variable of least approximate degree becomes an element, its neighbours updated.
 * Each loop over lists is a function of its own (elementSpace, gatherElement, externalDegrees, updateVariables,
 * finishElement), each compiled by V8 in a short job of its own when it is hot: as one function, the step was a 43–48 ms
 * TurboFan job in every FEM process (docs/benchmarks.md, asm29), which ended after the ordering it was compiled for.
 */
function eliminatePivot(s: MinimumDegreeState): void {
  const { state, nv, pe, len, elen, degree, w, next, prev, head } = s;
  let mindeg = s.mindeg;
  while (head[mindeg] < 0) mindeg++;
  const p = head[mindeg];
  bucketRemove(head, next, prev, degree, p);
  const nvp = nv[p];
  s.nel += nvp;
  nv[p] = -nvp;

  // Form L_p, in place when p is adjacent to no element, else at the end of iw.
  const elp = elen[p];
  let start: number;
  if (elp === 0) {
    start = pe[p];
  } else {
    const need = elementSpace(s, p, elp);
    if (s.pfree + need > s.iw.length) {
      const n = state.length;
      const larger = new Int32Array(Math.max(s.iw.length, 2 * (liveListLength(len, state, n) + need)));
      s.pfree = moveLists(s.iw, larger, pe, len, state, n);
      s.iw = larger;
    }
    start = s.pfree;
  }
  const lenp = gatherElement(s, p, elp, start);
  if (elp !== 0) s.pfree = start + lenp;
  pe[p] = start;
  len[p] = lenp;
  elen[p] = 0;
  state[p] = ELEMENT;

  // |L_e \ L_p| for every element e adjacent to L_p: w[e] - wflg.
  if (s.wflg > s.wMax) {
    w.fill(0);
    s.wflg = 1;
  }
  externalDegrees(s, start, lenp);
  const merged = updateVariables(s, p, start, lenp);
  s.mindeg = finishElement(s, p, start, lenp, mindeg);
  nv[p] = nvp + merged;
  degree[p] = s.degme;
  s.pivots[s.nPivots++] = p;
  s.wflg += s.nActive + 1;
}

/** The entries of iw that {@link eliminatePivot} needs to form element p at its end: p's elp elements' and own variables. */
function elementSpace(s: MinimumDegreeState, p: number, elp: number): number {
  const { iw, pe, len, state } = s;
  let need = len[p] - elp;
  for (let q = pe[p], end = pe[p] + elp; q < end; q++) {
    const e = iw[q];
    if (state[e] === ELEMENT) need += len[e];
  }
  return need;
}

/**
 * L_p into iw from start: the variables of p's elp elements (those elements then DEAD) and of p's own list, each once
 * (its weight negated while in L_p) and out of its degree bucket; their total weight into s.degme; returns |L_p|.
 */
function gatherElement(s: MinimumDegreeState, p: number, elp: number, start: number): number {
  const { iw, state, nv, pe, len, head, next, prev, degree } = s;
  let lenp = 0;
  let degme = 0;
  const p0 = pe[p];
  const p1 = p0 + len[p];
  for (let q = p0; q < p1; q++) {
    const x = iw[q];
    if (q < p0 + elp) {
      if (state[x] !== ELEMENT) continue;
      for (let r = pe[x], rEnd = pe[x] + len[x]; r < rEnd; r++) {
        const i = iw[r];
        const nvi = nv[i];
        if (nvi <= 0 || state[i] !== VARIABLE) continue;
        degme += nvi;
        nv[i] = -nvi;
        iw[start + lenp++] = i;
        bucketRemove(head, next, prev, degree, i);
      }
      state[x] = DEAD;
    } else {
      const nvi = nv[x];
      if (nvi <= 0 || state[x] !== VARIABLE) continue;
      degme += nvi;
      nv[x] = -nvi;
      iw[start + lenp++] = x;
      bucketRemove(head, next, prev, degree, x);
    }
  }
  s.degme = degme;
  return lenp;
}

/** w[e] = wflg + |L_e \ L_p| for every element e adjacent to the variables of L_p (iw[start … start + lenp)). */
function externalDegrees(s: MinimumDegreeState, start: number, lenp: number): void {
  const { iw, state, nv, pe, elen, degree, w, wflg } = s;
  for (let t = start; t < start + lenp; t++) {
    const i = iw[t];
    const nvi = -nv[i];
    for (let q = pe[i], qEnd = pe[i] + elen[i]; q < qEnd; q++) {
      const e = iw[q];
      if (state[e] !== ELEMENT) continue;
      const we = w[e];
      w[e] = we >= wflg ? we - nvi : wflg + degree[e] - nvi;
    }
  }
}

/**
 * Prunes the lists of the variables of L_p, updates their approximate degrees and mass-eliminates those left without
 * neighbours (into p's merged list; s.degme and s.nel follow); returns their total weight.
 */
function updateVariables(s: MinimumDegreeState, p: number, start: number, lenp: number): number {
  const { iw, state, nv, pe, len, elen, degree, w, wflg, nActive, mergedHead, mergedNext } = s;
  let degme = s.degme;
  let nel = s.nel;
  let merged = 0;
  for (let t = start; t < start + lenp; t++) {
    const i = iw[t];
    const nvi = -nv[i];
    const s0 = pe[i];
    const eEnd = s0 + elen[i];
    const aEnd = s0 + len[i];
    let wr = s0;
    let degE = 0;
    for (let q = s0; q < eEnd; q++) {
      const e = iw[q];
      if (state[e] !== ELEMENT) continue;
      const ext = w[e] - wflg;
      if (ext > 0) {
        degE += ext;
        iw[wr++] = e;
      } else {
        state[e] = DEAD;
      }
    }
    const nE = wr - s0;
    let degA = 0;
    for (let q = eEnd; q < aEnd; q++) {
      const j = iw[q];
      if (state[j] !== VARIABLE || nv[j] <= 0) continue;
      degA += nv[j];
      iw[wr++] = j;
    }
    if (degE === 0 && degA === 0) {
      state[i] = DEAD;
      nv[i] = 0;
      merged += nvi;
      degme -= nvi;
      nel += nvi;
      mergedNext[i] = mergedHead[p];
      mergedHead[p] = i;
      continue;
    }
    // Insert p as the first element (the slot freed by pruning makes room).
    iw[wr] = iw[s0 + nE];
    iw[s0 + nE] = p;
    elen[i] = nE + 1;
    len[i] = wr + 1 - s0;
    const outside = degme - nvi;
    let d = degree[i] + outside;
    const d2 = degE + degA + outside;
    if (d2 < d) d = d2;
    const dMax = nActive - nel - nvi;
    degree[i] = d < dMax ? d : dMax;
  }
  s.degme = degme;
  s.nel = nel;
  return merged;
}

/**
 * Finishes element p: drops its mass-eliminated members, puts the others (weights positive again) back in the degree
 * buckets; returns the smallest degree bucket that may be non-empty (mindeg, or lower).
 */
function finishElement(s: MinimumDegreeState, p: number, start: number, lenp: number, mindeg: number): number {
  const { iw, state, nv, len, degree, head, next, prev } = s;
  let wr = start;
  for (let t = start; t < start + lenp; t++) {
    const i = iw[t];
    if (state[i] !== VARIABLE) continue;
    nv[i] = -nv[i];
    iw[wr++] = i;
    const d = degree[i];
    bucketInsert(head, next, prev, i, d);
    if (d < mindeg) mindeg = d;
  }
  len[p] = wr - start;
  return mindeg;
}

/** Puts variable i at the front of the degree bucket d (doubly linked lists head/next/prev). */
function bucketInsert(head: Int32Array, next: Int32Array, prev: Int32Array, i: number, d: number): void {
  const h = head[d];
  next[i] = h;
  prev[i] = -1;
  if (h >= 0) prev[h] = i;
  head[d] = i;
}

/** Unlinks variable i from its degree bucket, degree[i]. */
function bucketRemove(head: Int32Array, next: Int32Array, prev: Int32Array, degree: Int32Array, i: number): void {
  const nx = next[i];
  const pv = prev[i];
  if (nx >= 0) prev[nx] = pv;
  if (pv >= 0) next[pv] = nx;
  else head[degree[i]] = nx;
}

/** Total length of the lists of the vertices that are not dead. */
function liveListLength(len: Int32Array, state: Uint8Array, n: number): number {
  let live = 0;
  for (let i = 0; i < n; i++) if (state[i] !== DEAD) live += len[i];
  return live;
}

/** Copies the lists of the vertices that are not dead to the front of dst (updating pe); returns the used length. */
function moveLists(src: Int32Array, dst: Int32Array, pe: Int32Array, len: Int32Array, state: Uint8Array, n: number): number {
  let q = 0;
  for (let i = 0; i < n; i++) {
    if (state[i] === DEAD) continue;
    dst.set(src.subarray(pe[i], pe[i] + len[i]), q);
    pe[i] = q;
    q += len[i];
  }
  return q;
}

/** A random symmetric graph of n vertices with about `perVertex` neighbours each (and a few denser vertices). */
function randomGraph(n: number, perVertex: number, seed: number): SymmetricGraph {
  const rnd = mulberry32(seed);
  return symmetricGraph(assemble(n, (sink) => {
    for (let j = 0; j < n; j++) {
      sink(j, j, 1);
      const count = rnd() < 0.05 ? 4 * perVertex : perVertex;
      for (let k = 0; k < count; k++) sink(Math.floor(rnd() * n), j, 1);
    }
  }));
}

/** Weights of 1 … maxWeight per vertex. */
function randomWeights(n: number, maxWeight: number, seed: number): Int32Array {
  const rnd = mulberry32(seed);
  return Int32Array.from({ length: n }, () => 1 + Math.floor(rnd() * maxWeight));
}

describe('amdOrder against the reference', () => {
  const graphs: [string, SymmetricGraph][] = [
    ['grid 12 × 12', symmetricGraph(assemble(144, (sink) => emitLaplacian2D(12, sink)))],
    ['grid 31 × 31', symmetricGraph(assemble(961, (sink) => emitLaplacian2D(31, sink)))],
    ['random sparse 300', symmetricGraph(assemble(300, (sink) => emitRandomSparse(300, 4, mulberry32(7), sink)))],
  ];
  for (let seed = 1; seed <= 12; seed++) {
    const n = 20 + 37 * seed;
    graphs.push([`random n = ${n}, seed ${seed}`, randomGraph(n, 1 + (seed % 6), seed)]);
  }
  const kkt = assemble(3 * 40, (sink) => emitSpringChainKKT(40, sink));
  const pairs = compressPairs(symmetricGraph(kkt), pairZeroDiagonal(kkt, 1e-12));

  it('gives the same permutation on grids and random graphs, with and without weights', () => {
    for (const [name, g] of graphs) {
      expect(amdOrder(g), name).toEqual(referenceAmdOrder(g));
      const weights = randomWeights(g.n, 4, g.n);
      expect(amdOrder(g, weights), `${name}, weighted`).toEqual(referenceAmdOrder(g, weights));
    }
    expect(amdOrder(pairs.graph, pairs.weights)).toEqual(referenceAmdOrder(pairs.graph, pairs.weights));
  });

  it('gives the same permutation with dense vertices and with small dense thresholds', () => {
    for (const [name, g] of graphs) {
      for (const threshold of [3, 6, 12]) {
        expect(amdOrder(g, undefined, threshold), `${name}, threshold ${threshold}`).toEqual(referenceAmdOrder(g, undefined, threshold));
      }
    }
  });

  it('gives the same permutation again for the same graph, and after another graph', () => {
    const [, first] = graphs[3];
    const [, second] = graphs[4];
    const weights = randomWeights(first.n, 3, 5);
    const expected = referenceAmdOrder(first, weights);
    const once = amdOrder(first, weights);
    once.fill(0); // the caller's copy: changing it changes no later result
    expect(amdOrder(first, weights)).toEqual(expected);
    expect(amdOrder({ n: first.n, ptr: first.ptr.slice(), adj: first.adj.slice() }, weights.slice())).toEqual(expected);
    expect(amdOrder(first)).toEqual(referenceAmdOrder(first));
    const secondWeights = randomWeights(second.n, 3, 6);
    expect(amdOrder(second, secondWeights)).toEqual(referenceAmdOrder(second, secondWeights));
    expect(amdOrder(first, weights)).toEqual(expected);
    const changed = weights.slice();
    changed[0]++;
    expect(amdOrder(first, changed)).toEqual(referenceAmdOrder(first, changed));
  });
});
