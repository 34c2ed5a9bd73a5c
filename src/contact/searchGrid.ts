/**
 * A uniform search grid over an axis-aligned box (Exudyn's SearchTree of GeneralContact): items given by their
 * bounding boxes are sorted into the cells their boxes overlap (a counting sort, linear in the number of items and
 * occupied cells); boxes outside the grid's box are clamped into its boundary cells, so no item is lost. All
 * overlapping pairs can be listed ({@link forEachPair}), or a query
 * returns the items of an index range whose boxes overlap a given box, each once (a stamp per item marks the items
 * already found), in the order of the cells (x slowest) and, within a cell, in decreasing index (a cell's items are
 * sorted, so items outside the range cost nothing beyond the range's end). Arrays grow when needed and
 * are reused otherwise. A build whose items all lie in the same cells as at the last build (most Newton iterations and
 * many steps: items move by a fraction of a cell) keeps the cell lists, which are then the same; a build in which a few
 * items changed cells moves only those items (each cell has spare slots for that), giving the lists a full sort gives.
 */
export class SearchGrid {
  /** Number of cells along x, y, z. */
  readonly cells: Int32Array = new Int32Array(3);
  /** Lower and upper corner of the grid's box. */
  readonly boxMin = new Float64Array(3);
  readonly boxMax = new Float64Array(3);
  /** The items found by the last query: found[0 … count − 1]. */
  found = new Int32Array(16);
  /**
   * Per cell c: its items are cellItems[cellStart[c] … cellStart[c] + cellLength[c] − 1] (increasing); the slots up to
   * cellStart[c + 1] are spare, for items that move into the cell.
   */
  private cellStart = new Int32Array(1);
  private cellLength = new Int32Array(0);
  private cellItems = new Int32Array(0);
  /**
   * Per cell: the last index value a query looked for in its list (−1: none since the list changed) and the position of
   * the first item ≥ it (queries of one kind look for the same bound in the same cells: a bisection saved per query).
   */
  private splitValue = new Int32Array(0);
  private splitAt = new Int32Array(0);
  /** Per item: its cell ranges [ix0, iy0, iz0, ix1, iy1, iz1]. */
  private ranges = new Int32Array(0);
  /** The items whose cell ranges the last {@link updateRanges} changed, and their ranges before (6 per item). */
  private changed = new Int32Array(0);
  private changedRanges = new Int32Array(0);
  /** Bounding boxes of the last build: item i has [min x, y, z, max x, y, z] at 6i. */
  private boxes: Float64Array = new Float64Array(0);
  private count = 0;
  /** Per item: the number of the last query that found it. */
  private stamps = new Int32Array(0);
  private stamp = 0;
  private readonly range = new Int32Array(6);
  /** Number of builds since construction: results computed from the items of a build stay valid while it is unchanged. */
  builds = 0;
  /** True while cellStart and cellItems hold the cells of {@link ranges} for {@link count} items (false after reset). */
  private sorted = false;
  /** Per item: 1 if its box never changes after the first build ({@link setFixedItems}); none if empty. */
  private fixed = new Uint8Array(0);
  /** True while {@link ranges} holds the cell ranges of the fixed items' boxes (false after reset and setFixedItems). */
  private fixedRanges = false;

  /** Sets the number of cells (each ≥ 1) and the box (min < max in each direction). */
  reset(cellsX: number, cellsY: number, cellsZ: number, boxMin: ArrayLike<number>, boxMax: ArrayLike<number>): void {
    this.cells[0] = cellsX; this.cells[1] = cellsY; this.cells[2] = cellsZ;
    for (let k = 0; k < 3; k++) { this.boxMin[k] = boxMin[k]; this.boxMax[k] = boxMax[k]; }
    this.cellStart = new Int32Array(cellsX * cellsY * cellsZ + 1);
    this.cellLength = new Int32Array(cellsX * cellsY * cellsZ);
    this.splitValue = new Int32Array(cellsX * cellsY * cellsZ).fill(-1);
    this.splitAt = new Int32Array(cellsX * cellsY * cellsZ);
    this.sorted = false;
    this.fixedRanges = false;
  }

  /**
   * Marks the items whose boxes stay the same at every build after the next one (fixed[i] = 1; e.g. the triangles of a
   * mesh on the ground, placed once): their cell ranges are then computed once, not per build. A copy is kept.
   */
  setFixedItems(fixed: ArrayLike<number>): void {
    this.fixed = Uint8Array.from(fixed);
    this.fixedRanges = false;
  }

  /** The next build finds the cells of the fixed items again (their boxes changed: a run-time change of the model). */
  findFixedCellsAgain(): void {
    this.fixedRanges = false;
  }

  /** Takes the cells and box of another grid (keeps its own storage when they are the same already). */
  resetLike(other: SearchGrid): void {
    for (let k = 0; k < 3; k++) {
      if (this.cells[k] !== other.cells[k] || this.boxMin[k] !== other.boxMin[k] || this.boxMax[k] !== other.boxMax[k]) {
        this.reset(other.cells[0], other.cells[1], other.cells[2], other.boxMin, other.boxMax);
        return;
      }
    }
  }

  /**
   * Sorts count items with bounding boxes boxes[6i … 6i + 5] = [min, max] into the cells; when every item's cell range is
   * the one of the last build (same count, grid not reset), the cell lists stay as they are, and when a few changed,
   * only those items move.
   */
  build(boxes: Float64Array, count: number): void {
    this.builds++;
    if (boxes !== this.boxes || count !== this.count) this.fixedRanges = false;
    this.boxes = boxes;
    if (this.ranges.length < 6 * count) { this.ranges = new Int32Array(6 * count); this.sorted = false; this.fixedRanges = false; }
    if (this.stamps.length < count) { this.stamps = new Int32Array(count); this.stamp = 0; }
    if (count !== this.count) this.sorted = false;
    this.count = count;
    const changed = this.updateRanges(boxes, count);
    if (this.sorted && (changed === 0 || (changed > 0 && this.moveChanged(changed)))) return;
    this.sort(count);
  }

  /** Sorts all items into the cells of their ranges, each cell with spare slots. */
  private sort(count: number): void {
    const start = this.cellStart, cellLength = this.cellLength, r = this.ranges;
    const nx = this.cells[0], ny = this.cells[1];
    cellLength.fill(0);
    for (let i = 0; i < count; i++) {
      const b = 6 * i;
      const ix0 = r[b], iy0 = r[b + 1], iz0 = r[b + 2], ix1 = r[b + 3], iy1 = r[b + 4], iz1 = r[b + 5];
      for (let iz = iz0; iz <= iz1; iz++) {
        for (let iy = iy0; iy <= iy1; iy++) {
          const row = nx * (iy + ny * iz);
          for (let ix = ix0; ix <= ix1; ix++) cellLength[row + ix]++;
        }
      }
    }
    let total = 0;
    for (let c = 0; c < cellLength.length; c++) {
      start[c] = total;
      total += cellLength[c] + spareSlots(cellLength[c]);
    }
    start[cellLength.length] = total;
    if (this.cellItems.length < total) this.cellItems = new Int32Array(total + (total >> 1));
    const items = this.cellItems;
    this.splitValue.fill(-1);
    // in increasing order within a cell (cellLength counts again as the cells fill)
    cellLength.fill(0);
    for (let i = 0; i < count; i++) {
      const b = 6 * i;
      for (let iz = r[b + 2]; iz <= r[b + 5]; iz++) {
        for (let iy = r[b + 1]; iy <= r[b + 4]; iy++) {
          const row = nx * (iy + ny * iz);
          for (let ix = r[b]; ix <= r[b + 3]; ix++) { const c = row + ix; items[start[c] + cellLength[c]++] = i; }
        }
      }
    }
    this.sorted = true;
  }

  /**
   * Moves the n items of {@link changed} from the cells of their former ranges to those of their new ones, keeping
   * each cell's list increasing; false if a cell has no spare slot left (the lists are then incomplete: sort again).
   */
  private moveChanged(n: number): boolean {
    const start = this.cellStart, cellLength = this.cellLength, items = this.cellItems, r = this.ranges;
    const changed = this.changed, before = this.changedRanges;
    const nx = this.cells[0], ny = this.cells[1];
    for (let k = 0; k < n; k++) {
      const i = changed[k], b = 6 * i, o = 6 * k;
      const ix0 = r[b], iy0 = r[b + 1], iz0 = r[b + 2], ix1 = r[b + 3], iy1 = r[b + 4], iz1 = r[b + 5];
      const ox0 = before[o], oy0 = before[o + 1], oz0 = before[o + 2], ox1 = before[o + 3], oy1 = before[o + 4], oz1 = before[o + 5];
      // out of the cells it left
      for (let iz = oz0; iz <= oz1; iz++) {
        for (let iy = oy0; iy <= oy1; iy++) {
          const row = nx * (iy + ny * iz), keptRow = iz >= iz0 && iz <= iz1 && iy >= iy0 && iy <= iy1;
          for (let ix = ox0; ix <= ox1; ix++) {
            if (keptRow && ix >= ix0 && ix <= ix1) continue;
            const c = row + ix, first = start[c], end = first + cellLength[c];
            let p = first;
            while (p < end && items[p] !== i) p++;
            if (p === end) return false; // (not listed: cannot happen while the lists are those of the ranges)
            for (; p + 1 < end; p++) items[p] = items[p + 1];
            cellLength[c]--;
            this.splitValue[c] = -1;
          }
        }
      }
      // into the cells it entered
      for (let iz = iz0; iz <= iz1; iz++) {
        for (let iy = iy0; iy <= iy1; iy++) {
          const row = nx * (iy + ny * iz), keptRow = iz >= oz0 && iz <= oz1 && iy >= oy0 && iy <= oy1;
          for (let ix = ix0; ix <= ix1; ix++) {
            if (keptRow && ix >= ox0 && ix <= ox1) continue;
            const c = row + ix, first = start[c];
            let p = first + cellLength[c];
            if (p === start[c + 1]) return false;
            for (; p > first && items[p - 1] > i; p--) items[p] = items[p - 1];
            items[p] = i;
            cellLength[c]++;
            this.splitValue[c] = -1;
          }
        }
      }
    }
    return true;
  }

  /**
   * Writes the cell range [ix0, iy0, iz0, ix1, iy1, iz1] of each item's box (clamped to the grid) into {@link ranges};
   * returns the number of items whose range changed, listed in {@link changed} with their former ranges, or −1 if
   * more than a quarter of the items changed (then not all are listed: a full sort is cheaper than moving them).
   */
  private updateRanges(boxes: Float64Array, count: number): number {
    const r = this.ranges;
    const listed = (count >> 2) + 1;
    if (this.changed.length < listed) { this.changed = new Int32Array(listed); this.changedRanges = new Int32Array(6 * listed); }
    const changed = this.changed, before = this.changedRanges;
    const nx = this.cells[0], ny = this.cells[1], nz = this.cells[2];
    const x0 = this.boxMin[0], y0 = this.boxMin[1], z0 = this.boxMin[2];
    const sx = nx / (this.boxMax[0] - x0), sy = ny / (this.boxMax[1] - y0), sz = nz / (this.boxMax[2] - z0);
    let n = 0;
    // the fixed items' ranges are those of the last build while they are valid
    const fixed = this.fixed, skipFixed = this.fixedRanges, nFixed = fixed.length;
    for (let i = 0; i < count; i++) {
      if (skipFixed && i < nFixed && fixed[i] === 1) continue;
      const b = 6 * i;
      const ix0 = clampCell((boxes[b] - x0) * sx, nx), ix1 = clampCell((boxes[b + 3] - x0) * sx, nx);
      const iy0 = clampCell((boxes[b + 1] - y0) * sy, ny), iy1 = clampCell((boxes[b + 4] - y0) * sy, ny);
      const iz0 = clampCell((boxes[b + 2] - z0) * sz, nz), iz1 = clampCell((boxes[b + 5] - z0) * sz, nz);
      if (n >= 0 && (r[b] !== ix0 || r[b + 1] !== iy0 || r[b + 2] !== iz0 || r[b + 3] !== ix1 || r[b + 4] !== iy1 || r[b + 5] !== iz1)) {
        if (n === listed) n = -1;
        else {
          changed[n] = i;
          for (let k = 0; k < 6; k++) before[6 * n + k] = r[b + k];
          n++;
        }
      }
      r[b] = ix0; r[b + 1] = iy0; r[b + 2] = iz0; r[b + 3] = ix1; r[b + 4] = iy1; r[b + 5] = iz1;
    }
    this.fixedRanges = nFixed > 0;
    return n;
  }

  /** The cell index along direction k of coordinate x, clamped to the grid. */
  private cellOf(k: number, x: number): number {
    const n = this.cells[k];
    const i = Math.floor((x - this.boxMin[k]) * (n / (this.boxMax[k] - this.boxMin[k])));
    return i < 0 ? 0 : i >= n ? n - 1 : i;
  }

  /**
   * The items i ≠ item with lo ≤ i < hi whose boxes overlap the box of item (of the last build; touching counts):
   * written to {@link found}; returns their number.
   */
  query(item: number, lo: number, hi: number): number {
    return this.queryExcept(item, lo, hi, hi, hi);
  }

  /**
   * The items of {@link query} without those of [skipLo, skipHi) (a run in each cell's list, passed over by bisection):
   * the same items in the same order otherwise.
   */
  queryExcept(item: number, lo: number, hi: number, skipLo: number, skipHi: number): number {
    const b = this.boxes, r = this.ranges, range = this.range;
    for (let k = 0; k < 6; k++) range[k] = r[6 * item + k];
    return this.collect(b, 6 * item, lo, hi, item, skipLo, skipHi);
  }

  /**
   * False if the box of item (of the last build) and box[at … at + 5] = [min, max] are apart in some direction (as a
   * query tests its candidates: touching counts as overlapping, a NaN as overlapping).
   */
  overlaps(item: number, box: Float64Array, at: number): boolean {
    const x = this.boxes, b = 6 * item;
    return !(x[b] > box[at + 3] || box[at] > x[b + 3] || x[b + 1] > box[at + 4] || box[at + 1] > x[b + 4]
      || x[b + 2] > box[at + 5] || box[at + 2] > x[b + 5]);
  }

  /** Number of cells the box of item (of the last build) is sorted into. */
  cellCount(item: number): number {
    const r = this.ranges, b = 6 * item;
    return (r[b + 3] - r[b] + 1) * (r[b + 4] - r[b + 1] + 1) * (r[b + 5] - r[b + 2] + 1);
  }

  /**
   * True if a query of item (of the last build, with other in its index range) lists other: other ≠ item, their cell
   * ranges share a cell and their boxes overlap (touching counts, a NaN as overlapping) — the query's test, without
   * visiting the cells.
   */
  finds(item: number, other: number): boolean {
    if (other === item) return false;
    const r = this.ranges, a = 6 * item, b = 6 * other;
    for (let k = 0; k < 3; k++) {
      // the query visits the cells of item's range, other is in the cells of its own (an empty range: in none)
      const lowA = r[a + k], highA = r[a + 3 + k], lowB = r[b + k], highB = r[b + 3 + k];
      if (lowA > highA || lowB > highB || lowA > highB || lowB > highA) return false;
    }
    const x = this.boxes;
    return !(x[b] > x[a + 3] || x[a] > x[b + 3] || x[b + 1] > x[a + 4] || x[a + 1] > x[b + 4] || x[b + 2] > x[a + 5] || x[a + 2] > x[b + 5]);
  }

  /** The items with lo ≤ i < hi of the last build whose boxes overlap the box [pMin, pMax]: written to {@link found}; returns their number. */
  queryBox(pMin: ArrayLike<number>, pMax: ArrayLike<number>, lo: number, hi: number): number {
    if (this.count === 0) return 0;
    const box = new Float64Array([pMin[0], pMin[1], pMin[2], pMax[0], pMax[1], pMax[2]]);
    for (let k = 0; k < 3; k++) { this.range[k] = this.cellOf(k, pMin[k]); this.range[3 + k] = this.cellOf(k, pMax[k]); }
    return this.collect(box, 0, lo, hi, -1, hi, hi);
  }

  /**
   * Collects the items of [lo, hi) outside [skipLo, skipHi) in the cells of this.range whose boxes overlap
   * box[at … at + 5], except `except`.
   */
  private collect(box: Float64Array, at: number, lo: number, hi: number, except: number, skipLo: number, skipHi: number): number {
    const { cellStart: start, cellLength, cellItems: items, range, boxes: x, stamps } = this;
    const nx = this.cells[0], ny = this.cells[1];
    if (++this.stamp === 0x7fffffff) { stamps.fill(0); this.stamp = 1; }
    const stamp = this.stamp;
    if (except >= 0) stamps[except] = stamp;
    let count = 0;
    // the box and the cell range in locals: the optimizer cannot tell that the stores into stamps and found leave the
    // arrays alone, and would load them again for every item
    const xMin = box[at], yMin = box[at + 1], zMin = box[at + 2], xMax = box[at + 3], yMax = box[at + 4], zMax = box[at + 5];
    const ix0 = range[0], iy0 = range[1], iz0 = range[2], ix1 = range[3], iy1 = range[4], iz1 = range[5];
    for (let ix = ix0; ix <= ix1; ix++) {
      for (let iy = iy0; iy <= iy1; iy++) {
        for (let iz = iz0; iz <= iz1; iz++) {
          const c = ix + nx * (iy + ny * iz), first = start[c];
          // items are in increasing order within a cell: from the last one below hi (bisection: a cell may hold many
          // items of a later set, such as a mesh's triangles in a sphere–sphere query) downwards, stop below lo
          const end = first + cellLength[c];
          // (a cell whose last item is below hi, the usual case of a query up to the last item set: no bisection)
          const below = end > first && items[end - 1] < hi ? end : this.split(c, first, end, hi);
          // the skipped items at positions [skipBottom, skipLast]: passed over in one jump (skipLast −2: none)
          let skipLast = -2, skipBottom = 0;
          if (skipLo < skipHi) {
            const skipTop = skipHi >= hi ? below : this.split(c, first, end, skipHi);
            skipBottom = this.split(c, first, end, skipLo);
            if (skipTop > skipBottom) skipLast = skipTop - 1;
          }
          for (let p = below - 1; p >= first; p--) {
            if (p === skipLast) { p = skipBottom; continue; }
            const j = items[p];
            if (j < lo) break;
            if (stamps[j] === stamp) continue;
            stamps[j] = stamp;
            if (x[6 * j] > xMax || xMin > x[6 * j + 3] || x[6 * j + 1] > yMax || yMin > x[6 * j + 4]
              || x[6 * j + 2] > zMax || zMin > x[6 * j + 5]) continue;
            if (count === this.found.length) {
              const grown = new Int32Array(2 * count);
              grown.set(this.found);
              this.found = grown;
            }
            this.found[count++] = j;
          }
        }
      }
    }
    return count;
  }

  /** The position of the first item ≥ value in cell c's list items[first … end − 1] (end if none). */
  private split(c: number, first: number, end: number, value: number): number {
    if (this.splitValue[c] === value) return this.splitAt[c];
    const at = firstAtLeast(this.cellItems, first, end, value);
    this.splitValue[c] = value;
    this.splitAt[c] = at;
    return at;
  }

  /**
   * Calls pair(a, b) with a < b once for every two items of the last build whose boxes overlap (touching counts): in
   * the one cell that holds the lower corner of the intersection of their cell ranges; the cost is linear in the number
   * of items when the number per cell is bounded.
   */
  forEachPair(pair: (a: number, b: number) => void): void {
    const { cellStart: start, cellLength, cellItems: items, ranges: r, boxes: x } = this;
    const nx = this.cells[0], ny = this.cells[1];
    for (let c = 0; c < cellLength.length; c++) {
      const end = start[c] + cellLength[c];
      for (let p = start[c]; p < end; p++) {
        const a = items[p];
        for (let m = p + 1; m < end; m++) {
          const b = items[m];
          if (x[6 * a] > x[6 * b + 3] || x[6 * b] > x[6 * a + 3] || x[6 * a + 1] > x[6 * b + 4] || x[6 * b + 1] > x[6 * a + 4]
            || x[6 * a + 2] > x[6 * b + 5] || x[6 * b + 2] > x[6 * a + 5]) continue;
          const ix = Math.max(r[6 * a], r[6 * b]), iy = Math.max(r[6 * a + 1], r[6 * b + 1]), iz = Math.max(r[6 * a + 2], r[6 * b + 2]);
          if (ix + nx * (iy + ny * iz) !== c) continue;
          pair(a, b); // items are stored in increasing order within a cell
        }
      }
    }
  }

  /** Number of items of the last build. */
  get numberOfItems(): number {
    return this.count;
  }
}

/** The first position p in [from, to) of the increasing items with items[p] ≥ value (to if none): bisection. */
function firstAtLeast(items: Int32Array, from: number, to: number, value: number): number {
  let below = from, above = to;
  while (below < above) {
    const middle = (below + above) >> 1;
    if (items[middle] < value) below = middle + 1; else above = middle;
  }
  return below;
}

/**
 * Spare slots of a cell holding n items after a full sort: room for items that move in before the next full sort. An
 * occupied cell gets half as many again and four more (items crowd where others are: generalContactSpheresTest sorted
 * again at 35 of 500 builds with a quarter and two, at 5 with this), an empty one two (a fine grid has many).
 */
function spareSlots(n: number): number {
  return n === 0 ? 2 : 4 + (n >> 1);
}

/**
 * The cell index ⌊x⌋ of a coordinate x in cell units, clamped to [0, n − 1] (boxes outside the grid's box go into its
 * boundary cells). The comparisons are made on x, a fraction in general, before the floor: the same index as clamping
 * ⌊x⌋ (n is an integer), but the comparisons see doubles from the start, so that a coordinate far outside the grid (a
 * flat grid dimension's scale is huge: ⌊x⌋ beyond the small integers) does not deoptimize code compiled without one.
 */
function clampCell(x: number, n: number): number {
  return x < 0 ? 0 : x >= n ? n - 1 : Math.floor(x);
}
