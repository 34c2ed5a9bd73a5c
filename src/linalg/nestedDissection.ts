/**
 * Nested dissection ordering by level-structure separators (George and Liu): for a
 * connected part, a breadth-first level structure from a pseudo-peripheral vertex, the
 * smallest level near the weight median as vertex separator (thinned: separator vertices
 * without a neighbour on the far side move to the near side), both halves ordered
 * recursively before the separator, parts below a leaf size by AMD. On finite element
 * meshes of elongated bodies the levels are cross sections, which AMD's local greedy
 * choice does not find; that halves the fill of a 40×12×12 Hex8 block.
 * @module
 */

import { amdOrder, type SymmetricGraph } from './ordering.ts';

/** Parts with at most this many vertices are ordered by AMD (default of {@link nestedDissectionOrder}). */
export const ND_LEAF_SIZE = 96;

/**
 * Nested dissection ordering of a symmetric graph; `weights` (default 1) give the unknowns a
 * vertex stands for (compressed graphs). Returns `perm` with `perm[k]` = vertex eliminated k-th.
 */
export function nestedDissectionOrder(g: SymmetricGraph, weights?: Int32Array, leafSize: number = ND_LEAF_SIZE): Int32Array {
  const n = g.n;
  const { ptr, adj } = g;
  const wt = weights ?? new Int32Array(n).fill(1);
  const perm = new Int32Array(n);
  let out = 0;
  const region = new Int32Array(n).fill(0);
  let regionCount = 1;
  const level = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const localIndex = new Int32Array(n).fill(-1);

  /** BFS inside region `id` from `start`; returns the number of vertices reached (in queue[0..count)) and sets level[]. */
  const bfs = (id: number, start: number): number => {
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    level[start] = 0;
    while (head < tail) {
      const v = queue[head++];
      for (let p = ptr[v]; p < ptr[v + 1]; p++) {
        const u = adj[p];
        if (region[u] === id && level[u] < 0) {
          level[u] = level[v] + 1;
          queue[tail++] = u;
        }
      }
    }
    return tail;
  };
  const clearLevels = (count: number): void => {
    for (let q = 0; q < count; q++) level[queue[q]] = -1;
  };

  /** Separator level of the current level structure: the lightest level with a quarter of the weight on either side, else the median one (-1: none). */
  const chooseLevel = (count: number): { level: number; weight: number } => {
    const height = level[queue[count - 1]];
    const levelWeight = new Float64Array(height + 1);
    let total = 0;
    for (let q = 0; q < count; q++) {
      levelWeight[level[queue[q]]] += wt[queue[q]];
      total += wt[queue[q]];
    }
    let sep = -1;
    let before = 0;
    let median = -1;
    for (let l = 0; l <= height; l++) {
      const after = total - before - levelWeight[l];
      if (median < 0 && before + levelWeight[l] >= total / 2) median = l;
      if (l > 0 && l < height && before >= total / 4 && after >= total / 4 && (sep < 0 || levelWeight[l] < levelWeight[sep])) sep = l;
      before += levelWeight[l];
    }
    if (sep < 0) sep = median > 0 && median < height ? median : -1;
    return { level: sep, weight: sep < 0 ? Infinity : levelWeight[sep] };
  };

  const leaf = (verts: Int32Array): void => {
    const m = verts.length;
    for (let q = 0; q < m; q++) localIndex[verts[q]] = q;
    const lptr = new Int32Array(m + 1);
    const ladj: number[] = [];
    const lw = new Int32Array(m);
    for (let q = 0; q < m; q++) {
      const v = verts[q];
      lw[q] = wt[v];
      for (let p = ptr[v]; p < ptr[v + 1]; p++) {
        const u = localIndex[adj[p]];
        if (u >= 0 && region[adj[p]] === region[v]) ladj.push(u);
      }
      lptr[q + 1] = ladj.length;
    }
    const local = amdOrder({ n: m, ptr: lptr, adj: Int32Array.from(ladj) }, lw);
    for (let q = 0; q < m; q++) perm[out++] = verts[local[q]];
    for (let q = 0; q < m; q++) localIndex[verts[q]] = -1;
  };

  const dissect = (verts: Int32Array): void => {
    const id = region[verts[0]];
    if (verts.length <= leafSize) {
      leaf(verts);
      return;
    }
    // Component of the first vertex; the rest is dissected separately.
    let count = bfs(id, verts[0]);
    if (count < verts.length) {
      const comp = queue.slice(0, count);
      const rest: number[] = [];
      for (const v of verts) if (level[v] < 0) rest.push(v);
      clearLevels(count);
      const compId = regionCount++;
      const restId = regionCount++;
      for (const v of comp) region[v] = compId;
      for (const v of rest) region[v] = restId;
      dissect(comp);
      dissect(Int32Array.from(rest));
      return;
    }
    // Pseudo-peripheral start: the farthest vertex of least degree, while the eccentricity grows.
    let start = verts[0];
    let eccentricity = level[queue[count - 1]];
    for (let it = 0; it < 8; it++) {
      let best = queue[count - 1];
      for (let q = count - 1; q >= 0 && level[queue[q]] === eccentricity; q--) {
        const v = queue[q];
        if (ptr[v + 1] - ptr[v] < ptr[best + 1] - ptr[best]) best = v;
      }
      clearLevels(count);
      count = bfs(id, best);
      const h = level[queue[count - 1]];
      if (h > eccentricity) {
        start = best;
        eccentricity = h;
        continue;
      }
      clearLevels(count);
      count = bfs(id, start);
      break;
    }
    // Further start candidates: boundary (least-degree) vertices half-way from the peripheral
    // one; on a cube-like part a face or edge centre, whose levels end in planar cross sections.
    const candidates = [start];
    const mid = level[queue[count - 1]] >> 1;
    const midLevel: number[] = [];
    for (let q = 0; q < count; q++) if (level[queue[q]] === mid) midLevel.push(queue[q]);
    midLevel.sort((x, y) => ptr[x + 1] - ptr[x] - (ptr[y + 1] - ptr[y]));
    for (let q = 0; q < midLevel.length && candidates.length < 4; q++) candidates.push(midLevel[q]);
    let bestStart = start;
    let bestWeight = Infinity;
    for (const c of candidates) {
      clearLevels(count);
      count = bfs(id, c);
      const choice = chooseLevel(count);
      if (choice.weight < bestWeight) {
        bestWeight = choice.weight;
        bestStart = c;
      }
    }
    clearLevels(count);
    count = bfs(id, bestStart);
    const height = level[queue[count - 1]];
    const sep = chooseLevel(count).level;
    if (sep < 0) {
      clearLevels(count);
      leaf(verts);
      return;
    }
    const near: number[] = [];
    const far: number[] = [];
    const separator: number[] = [];
    for (let q = 0; q < count; q++) {
      const v = queue[q];
      const l = level[v];
      if (l < sep) {
        near.push(v);
      } else if (l > sep) {
        far.push(v);
      } else {
        let touchesFar = false;
        for (let p = ptr[v]; p < ptr[v + 1] && !touchesFar; p++) touchesFar = region[adj[p]] === id && level[adj[p]] === sep + 1;
        if (touchesFar) separator.push(v);
        else near.push(v);
      }
    }
    clearLevels(count);
    const nearId = regionCount++;
    const farId = regionCount++;
    const sepId = regionCount++;
    for (const v of near) region[v] = nearId;
    for (const v of far) region[v] = farId;
    for (const v of separator) region[v] = sepId;
    if (near.length > 0) dissect(Int32Array.from(near));
    if (far.length > 0) dissect(Int32Array.from(far));
    for (const v of separator) perm[out++] = v;
  };

  if (n > 0) {
    const all = new Int32Array(n);
    for (let v = 0; v < n; v++) all[v] = v;
    dissect(all);
  }
  return perm;
}
