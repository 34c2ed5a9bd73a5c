/**
 * A uniform search grid over an axis-aligned box (Exudyn's SearchTree of GeneralContact): items given by their
 * bounding boxes are sorted into the cells their boxes overlap (a counting sort, linear in the number of items and
 * occupied cells); boxes outside the grid's box are clamped into its boundary cells, so no item is lost. The pair
 * search reports each pair of overlapping boxes exactly once: in the one cell that holds the lower corner of the two
 * boxes' intersection. Arrays grow when needed and are reused otherwise.
 */
export class SearchGrid {
  /** Number of cells along x, y, z. */
  readonly cells: Int32Array = new Int32Array(3);
  /** Lower and upper corner of the grid's box. */
  readonly boxMin = new Float64Array(3);
  readonly boxMax = new Float64Array(3);
  /** Per cell c: its items are cellItems[cellStart[c] … cellStart[c + 1] − 1]. */
  private cellStart = new Int32Array(1);
  private cellItems = new Int32Array(0);
  /** Per item: its cell ranges [ix0, iy0, iz0, ix1, iy1, iz1]. */
  private ranges = new Int32Array(0);
  /** Bounding boxes of the last build: item i has [min x, y, z, max x, y, z] at 6i. */
  private boxes: Float64Array = new Float64Array(0);
  private count = 0;

  /** Sets the number of cells (each ≥ 1) and the box (min < max in each direction). */
  reset(cellsX: number, cellsY: number, cellsZ: number, boxMin: ArrayLike<number>, boxMax: ArrayLike<number>): void {
    this.cells[0] = cellsX; this.cells[1] = cellsY; this.cells[2] = cellsZ;
    for (let k = 0; k < 3; k++) { this.boxMin[k] = boxMin[k]; this.boxMax[k] = boxMax[k]; }
    this.cellStart = new Int32Array(cellsX * cellsY * cellsZ + 1);
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

  /** The cell index along direction k of coordinate x, clamped to the grid. */
  private cellOf(k: number, x: number): number {
    const n = this.cells[k];
    const i = Math.floor((x - this.boxMin[k]) / (this.boxMax[k] - this.boxMin[k]) * n);
    return i < 0 ? 0 : i >= n ? n - 1 : i;
  }

  /** Sorts count items with bounding boxes boxes[6i … 6i + 5] = [min, max] into the cells. */
  build(boxes: Float64Array, count: number): void {
    this.boxes = boxes;
    this.count = count;
    if (this.ranges.length < 6 * count) this.ranges = new Int32Array(6 * count);
    const start = this.cellStart;
    start.fill(0);
    let total = 0;
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < 3; k++) {
        this.ranges[6 * i + k] = this.cellOf(k, boxes[6 * i + k]);
        this.ranges[6 * i + 3 + k] = this.cellOf(k, boxes[6 * i + 3 + k]);
      }
      this.visit(i, (cell) => { start[cell + 1]++; total++; });
    }
    for (let c = 1; c < start.length; c++) start[c] += start[c - 1];
    if (this.cellItems.length < total) this.cellItems = new Int32Array(2 * total);
    const fill = start.slice(0, start.length - 1);
    for (let i = 0; i < count; i++) this.visit(i, (cell) => { this.cellItems[fill[cell]++] = i; });
  }

  /** Calls visit(cell) for every cell item i's box overlaps. */
  private visit(i: number, visit: (cell: number) => void): void {
    const r = this.ranges;
    const nx = this.cells[0], ny = this.cells[1];
    for (let iz = r[6 * i + 2]; iz <= r[6 * i + 5]; iz++) {
      for (let iy = r[6 * i + 1]; iy <= r[6 * i + 4]; iy++) {
        for (let ix = r[6 * i]; ix <= r[6 * i + 3]; ix++) visit(ix + nx * (iy + ny * iz));
      }
    }
  }

  /** True if the boxes of items a and b overlap (touching counts). */
  private overlap(a: number, b: number): boolean {
    const x = this.boxes;
    for (let k = 0; k < 3; k++) {
      if (x[6 * a + k] > x[6 * b + 3 + k] || x[6 * b + k] > x[6 * a + 3 + k]) return false;
    }
    return true;
  }

  /**
   * Calls pair(a, b) with a < b once for every two items of the last build whose boxes overlap; the cost is linear in
   * the number of items when the number per cell is bounded.
   */
  forEachPair(pair: (a: number, b: number) => void): void {
    const { cellStart: start, cellItems: items, ranges: r } = this;
    const nx = this.cells[0], ny = this.cells[1];
    for (let c = 0; c + 1 < start.length; c++) {
      for (let p = start[c]; p < start[c + 1]; p++) {
        const a = items[p];
        for (let m = p + 1; m < start[c + 1]; m++) {
          const b = items[m];
          if (!this.overlap(a, b)) continue;
          // report in the cell of the lower corner of the intersection of the two cell ranges only
          const ix = Math.max(r[6 * a], r[6 * b]), iy = Math.max(r[6 * a + 1], r[6 * b + 1]), iz = Math.max(r[6 * a + 2], r[6 * b + 2]);
          if (ix + nx * (iy + ny * iz) !== c) continue;
          if (a < b) pair(a, b); else pair(b, a);
        }
      }
    }
  }

  /** The items of the last build whose boxes overlap the box [pMin, pMax], in increasing order. */
  itemsInBox(pMin: ArrayLike<number>, pMax: ArrayLike<number>): number[] {
    const x = this.boxes;
    const found: number[] = [];
    for (let i = 0; i < this.count; i++) {
      let inside = true;
      for (let k = 0; k < 3; k++) if (x[6 * i + k] > pMax[k] || pMin[k] > x[6 * i + 3 + k]) inside = false;
      if (inside) found.push(i);
    }
    return found;
  }
}
