import { describe, it, expect } from 'vitest';
import { amdOrder, compressPairs, expandPairs, pairZeroDiagonal, rcmOrder, symmetricGraph } from '../../src/linalg/ordering.ts';
import type { SymmetricGraph } from '../../src/linalg/ordering.ts';
import { assemble, emitLaplacian2D, emitSpringChainKKT, mulberry32 } from './matrices.ts';

function expectPermutation(p: Int32Array, n: number): void {
  expect(p.length).toBe(n);
  expect(new Set(p).size).toBe(n);
  for (const v of p) expect(v >= 0 && v < n).toBe(true);
}

/** nnz of the Cholesky factor (strictly lower part) of the graph eliminated in order `perm`. */
function symbolicFill(g: SymmetricGraph, perm: Int32Array): number {
  const n = g.n;
  const inv = new Int32Array(n);
  perm.forEach((v, k) => (inv[v] = k));
  const adj: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let i = 0; i < n; i++) for (let k = g.ptr[i]; k < g.ptr[i + 1]; k++) adj[inv[i]].add(inv[g.adj[k]]);
  let nnz = 0;
  for (let k = 0; k < n; k++) {
    const nb = [...adj[k]].filter((v) => v > k);
    nnz += nb.length;
    for (const a of nb) for (const b of nb) if (a !== b) adj[a].add(b);
  }
  return nnz;
}

/** Exact minimum degree on an explicit elimination graph (reference for the AMD quality). */
function exactMinimumDegreeFill(g: SymmetricGraph): number {
  const n = g.n;
  const adj = Array.from({ length: n }, (_, i) => new Set<number>(g.adj.subarray(g.ptr[i], g.ptr[i + 1])));
  const alive = new Uint8Array(n).fill(1);
  let nnz = 0;
  for (let k = 0; k < n; k++) {
    let p = -1;
    for (let i = 0; i < n; i++) if (alive[i] && (p < 0 || adj[i].size < adj[p].size)) p = i;
    const nb = [...adj[p]];
    nnz += nb.length;
    alive[p] = 0;
    for (const a of nb) {
      adj[a].delete(p);
      for (const b of nb) if (a !== b) adj[a].add(b);
    }
  }
  return nnz;
}

const identity = (n: number): Int32Array => Int32Array.from({ length: n }, (_, i) => i);

describe('orderings', () => {
  it('symmetricGraph merges A and Aᵀ without diagonal or duplicates', () => {
    const a = assemble(3, (s) => {
      s(0, 0, 1);
      s(1, 0, 2);
      s(0, 1, 3);
      s(2, 1, 4);
    });
    const g = symmetricGraph(a);
    const nb = (i: number): number[] => [...g.adj.subarray(g.ptr[i], g.ptr[i + 1])].sort();
    expect(nb(0)).toEqual([1]);
    expect(nb(1)).toEqual([0, 2]);
    expect(nb(2)).toEqual([1]);
  });

  it('AMD on a 2D grid Laplacian: fill close to exact minimum degree, far below RCM and natural', () => {
    for (const m of [12, 30]) {
      const g = symmetricGraph(assemble(m * m, (s) => emitLaplacian2D(m, s)));
      const amd = amdOrder(g);
      const rcm = rcmOrder(g);
      expectPermutation(amd, m * m);
      expectPermutation(rcm, m * m);
      const fAmd = symbolicFill(g, amd);
      const fRcm = symbolicFill(g, rcm);
      const fNat = symbolicFill(g, identity(m * m));
      const fMd = exactMinimumDegreeFill(g);
      expect(fAmd).toBeLessThan(1.15 * fMd);
      if (m === 30) {
        expect(fAmd).toBeLessThan(0.6 * fRcm);
        expect(fAmd).toBeLessThan(0.45 * fNat);
      }
    }
  });

  it('AMD orders a tree with (almost) no fill and puts a dense vertex last', () => {
    const n = 400;
    const a = assemble(n, (s) => {
      for (let i = 1; i < n; i++) {
        s(i, (i - 1) >> 1, 1);
        s(i, 0, 1);
      }
    });
    const g = symmetricGraph(a);
    const p = amdOrder(g);
    expectPermutation(p, n);
    expect(p[n - 1]).toBe(0);
    expect(symbolicFill(g, p)).toBeLessThan(2 * (n - 1) + 5 * Math.log2(n));
  });

  it('RCM reduces the bandwidth of a randomly numbered grid', () => {
    const m = 20;
    const n = m * m;
    const rnd = mulberry32(11);
    const shuffle = identity(n);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [shuffle[i], shuffle[j]] = [shuffle[j], shuffle[i]];
    }
    const a = assemble(n, (s) => emitLaplacian2D(m, (r, c, v) => s(shuffle[r], shuffle[c], v)));
    const g = symmetricGraph(a);
    const bandwidth = (perm: Int32Array): number => {
      const inv = new Int32Array(n);
      perm.forEach((v, k) => (inv[v] = k));
      let bw = 0;
      for (let i = 0; i < n; i++) for (let k = g.ptr[i]; k < g.ptr[i + 1]; k++) bw = Math.max(bw, Math.abs(inv[i] - inv[g.adj[k]]));
      return bw;
    };
    const rcm = rcmOrder(g);
    expectPermutation(rcm, n);
    expect(bandwidth(rcm)).toBeLessThanOrEqual(m + 2);
    expect(bandwidth(identity(n))).toBeGreaterThan(5 * m);
  });

  it('pairs every multiplier of a KKT chain with a distinct displacement of its own constraint', () => {
    const masses = 50;
    const n = 3 * masses;
    const a = assemble(n, (s) => emitSpringChainKKT(masses, s));
    const pairOf = pairZeroDiagonal(a, 0.1);
    const partners = new Set<number>();
    for (let i = 0; i < 2 * masses; i++) expect(pairOf[i]).toBe(-1);
    for (let c = 0; c < masses; c++) {
      const r = pairOf[2 * masses + c];
      const mass = r >> 1;
      expect(mass === c || mass === c - 1).toBe(true);
      partners.add(r);
    }
    expect(partners.size).toBe(masses);
    const comp = compressPairs(symmetricGraph(a), pairOf);
    expect(comp.graph.n).toBe(2 * masses);
    const perm = expandPairs(comp, amdOrder(comp.graph, comp.weights));
    expectPermutation(perm, n);
    const pos = new Int32Array(n);
    perm.forEach((v, k) => (pos[v] = k));
    for (let c = 0; c < masses; c++) expect(pos[2 * masses + c]).toBe(pos[pairOf[2 * masses + c]] + 1);
  });
});
