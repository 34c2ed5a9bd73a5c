/**
 * Compressed sparse column (CSC) matrices and their assembly from (row, col, value)
 * contributions with a reusable pattern.
 * @module
 */

/**
 * Square sparse matrix in compressed sparse column form: the entries of column j are
 * `rowIndex[k]`, `values[k]` for `colPtr[j] <= k < colPtr[j+1]`. Matrices built by
 * the sparse assembler have sorted row indices without duplicates.
 */
export interface CscMatrix {
  /** Dimension (n×n). */
  n: number;
  /** Column start offsets, length n+1; `colPtr[n]` is the number of stored entries. */
  colPtr: Int32Array;
  /** Row index of each stored entry. */
  rowIndex: Int32Array;
  /** Value of each stored entry. */
  values: Float64Array;
}

/** y = A·x for a CSC matrix (`y` must not alias `x`). */
export function cscMultiply(a: CscMatrix, x: Float64Array, y: Float64Array): void {
  const n = a.n;
  const cp = a.colPtr;
  const ri = a.rowIndex;
  const v = a.values;
  y.fill(0, 0, n);
  for (let j = 0; j < n; j++) {
    const xj = x[j];
    if (xj === 0) continue;
    for (let k = cp[j], end = cp[j + 1]; k < end; k++) y[ri[k]] += v[k] * xj;
  }
}

/**
 * Assembles a square CSC matrix from `add(row, col, value)` calls between `begin()` and
 * `end()`; duplicate positions are summed.
 *
 * The first assembly builds the pattern (row indices sorted, duplicates merged) and a
 * slot map from the k-th `add` call to its CSC value index. A later assembly whose calls
 * have the same (row, col) sequence only accumulates values through that map. When the
 * sequence differs in any way (other positions, more or fewer calls), `end()` rebuilds
 * the pattern, sets {@link SparseAssembler.patternChanged} and increments
 * {@link SparseAssembler.patternVersion}; a direct solver must then redo its symbolic
 * analysis. A rebuild always installs new `colPtr`/`rowIndex`/`values` arrays, so arrays
 * held from an earlier pattern are never modified structurally.
 *
 * While the sequence matches, the single values are not stored (only their sums): at the
 * first mismatch {@link SparseAssembler.storePrefixSums} puts each position's sum so far on
 * its first call of the sequence and 0 on the others, which the rebuild sums to the same
 * values bit for bit (a sum that starts at +0 is never −0, so adding +0 changes nothing).
 */
export class SparseAssembler {
  /** Dimension of the assembled matrix. */
  readonly n: number;
  /** The assembled matrix, updated in place (its arrays are replaced on a pattern change). */
  readonly matrix: CscMatrix;
  /** True when the last `end()` (re)built the pattern, including the very first assembly. */
  patternChanged = false;
  /** Number of pattern builds so far (0 before the first `end()`). */
  patternVersion = 0;
  private tripRow: Int32Array;
  private tripCol: Int32Array;
  private tripVal: Float64Array;
  private count = 0;
  private patternCount = -1;
  private slot: Int32Array = new Int32Array(0);
  private matching = false;
  /**
   * Stored calls k … k + rows·cols − 1 that were checked as one block (blockRows[k] = rows, blockCols[k] = cols, else 0):
   * their positions are the product of rows row and cols column indices, so that a block call of that size at k matches
   * if its row and column indices do (rows + cols comparisons instead of rows·cols). Cleared when the pattern is rebuilt.
   */
  private blockRows: Int32Array = new Int32Array(0);
  private blockCols: Int32Array = new Int32Array(0);

  /** Creates an assembler for n×n matrices; `capacityHint` preallocates that many `add` calls. */
  constructor(n: number, capacityHint: number = 4 * n) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`SparseAssembler: invalid dimension ${n}`);
    this.n = n;
    const cap = Math.max(16, capacityHint | 0);
    this.tripRow = new Int32Array(cap);
    this.tripCol = new Int32Array(cap);
    this.tripVal = new Float64Array(cap);
    this.matrix = { n, colPtr: new Int32Array(n + 1), rowIndex: new Int32Array(0), values: new Float64Array(0) };
  }

  /** Starts a new assembly: all values are reset to zero. */
  begin(): void {
    this.count = 0;
    this.matching = this.patternCount >= 0;
    if (this.matching) this.matrix.values.fill(0);
  }

  /** Adds `value` at (row, col). Allocation-free while the call sequence matches the stored pattern. */
  add(row: number, col: number, value: number): void {
    const k = this.count;
    if (this.matching) {
      if (k < this.patternCount && this.tripRow[k] === row && this.tripCol[k] === col) {
        this.matrix.values[this.slot[k]] += value;
        this.count = k + 1;
        return;
      }
      this.storePrefixSums();
    }
    if (k === this.tripRow.length) this.grow();
    this.tripRow[k] = row;
    this.tripCol[k] = col;
    this.tripVal[k] = value;
    this.count = k + 1;
  }

  /**
   * Adds factor·block[blockOffset + i·rowStride + j·colStride] at (rowIndex[rowOffset + i], colIndex[colOffset + j]) for
   * i < rows, j < cols, row by row: the same as the add calls in that order, without a call per entry.
   */
  addBlock(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number,
    block: Float64Array, blockOffset: number, rowStride: number, colStride: number, factor: number): void {
    let done = 0;
    if (this.matching) {
      const start = this.count;
      done = this.matchPositions(rowIndex, rowOffset, colIndex, colOffset, rows, cols);
      // the values of the matching entries, in call order
      const slot = this.slot, values = this.matrix.values, end = start + done;
      for (let i = 0, k = start; k < end; i++) {
        const base = blockOffset + i * rowStride;
        for (let j = 0; j < cols && k < end; j++, k++) values[slot[k]] += factor * block[base + j * colStride];
      }
      if (done === rows * cols) return;
      this.storePrefixSums();
    }
    const first = done === 0 ? 0 : Math.floor(done / cols);
    for (let i = first, j = done - first * cols; i < rows; i++, j = 0) {
      const row = rowIndex[rowOffset + i];
      const base = blockOffset + i * rowStride;
      for (; j < cols; j++) this.add(row, colIndex[colOffset + j], factor * block[base + j * colStride]);
    }
  }

  /**
   * The positions of addBlock with a zero block: while the call sequence matches the stored pattern only the positions
   * are checked (adding +0 or −0 to a sum changes no value), else the add calls with 0.
   */
  addZeros(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number): void {
    let done = 0;
    if (this.matching) {
      done = this.matchPositions(rowIndex, rowOffset, colIndex, colOffset, rows, cols);
      if (done === rows * cols) return;
      this.storePrefixSums();
    }
    const first = done === 0 ? 0 : Math.floor(done / cols);
    for (let i = first, j = done - first * cols; i < rows; i++, j = 0) {
      const row = rowIndex[rowOffset + i];
      for (; j < cols; j++) this.add(row, colIndex[colOffset + j], 0);
    }
  }

  /**
   * In matching mode: how many positions of a block call (row by row) match the stored calls from count on; advances
   * count past them. A whole match is recorded (markCheckedBlock) or found by its row and column indices alone
   * (matchesCheckedBlock).
   */
  private matchPositions(rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number): number {
    const start = this.count;
    if (this.matchesCheckedBlock(start, rowIndex, rowOffset, colIndex, colOffset, rows, cols)) {
      this.count = start + rows * cols;
      return rows * cols;
    }
    const tr = this.tripRow, tc = this.tripCol;
    const stored = this.patternCount;
    let k = start;
    outer: for (let i = 0; i < rows; i++) {
      const row = rowIndex[rowOffset + i];
      for (let j = 0; j < cols; j++) {
        if (k >= stored || tr[k] !== row || tc[k] !== colIndex[colOffset + j]) break outer;
        k++;
      }
    }
    this.count = k;
    if (k - start === rows * cols) this.markCheckedBlock(start, rows, cols);
    return k - start;
  }

  /**
   * True if the stored calls from k were checked as a block of rows × cols (a product of row and column indices) and
   * its row and column indices are those given: then every position of the block call matches.
   */
  private matchesCheckedBlock(k: number, rowIndex: Int32Array, rowOffset: number, colIndex: Int32Array, colOffset: number, rows: number, cols: number): boolean {
    if (k >= this.patternCount || this.blockRows[k] !== rows || this.blockCols[k] !== cols || rows === 0 || cols === 0) return false;
    const tr = this.tripRow, tc = this.tripCol;
    for (let i = 0; i < rows; i++) if (tr[k + i * cols] !== rowIndex[rowOffset + i]) return false;
    for (let j = 0; j < cols; j++) if (tc[k + j] !== colIndex[colOffset + j]) return false;
    return true;
  }

  /** Records that the stored calls k … k + rows·cols − 1 matched one block call entry by entry (see blockRows). */
  private markCheckedBlock(k: number, rows: number, cols: number): void {
    if (rows === 0 || cols === 0) return;
    this.blockRows[k] = rows;
    this.blockCols[k] = cols;
  }

  /** Adds factor·values[e] at (rowIndex[rows[e]], colIndex[cols[e]]) for e < count, in order: the same as the add calls. */
  addEntries(rowIndex: Int32Array, colIndex: Int32Array, rows: Int32Array, cols: Int32Array, values: Float64Array, count: number, factor: number): void {
    let e = 0;
    if (this.matching) {
      const tr = this.tripRow, tc = this.tripCol, slot = this.slot, sums = this.matrix.values;
      const stored = this.patternCount;
      let k = this.count;
      for (; e < count; e++) {
        if (k >= stored || tr[k] !== rowIndex[rows[e]] || tc[k] !== colIndex[cols[e]]) break;
        sums[slot[k]] += factor * values[e];
        k++;
      }
      this.count = k;
      if (e < count) this.storePrefixSums();
    }
    for (; e < count; e++) this.add(rowIndex[rows[e]], colIndex[cols[e]], factor * values[e]);
  }

  /** Finishes the assembly and returns {@link SparseAssembler.matrix}. */
  end(): CscMatrix {
    if (this.matching && this.count === this.patternCount) {
      this.patternChanged = false;
    } else {
      if (this.matching) this.storePrefixSums();
      this.rebuild();
      this.patternChanged = true;
      this.patternVersion++;
    }
    this.matching = false;
    return this.matrix;
  }

  /**
   * Leaves the matching mode: the calls so far matched the stored sequence and were only summed into the values; each
   * position's sum goes to the triplet value of its first call, 0 to its later calls, so that the rebuild's sum in call
   * order gives the same values as summing the single calls.
   */
  private storePrefixSums(): void {
    this.matching = false;
    const { slot, tripVal } = this;
    const sums = this.matrix.values;
    const taken = new Uint8Array(sums.length);
    for (let k = 0; k < this.count; k++) {
      const s = slot[k];
      if (taken[s] === 0) {
        taken[s] = 1;
        tripVal[k] = sums[s];
      } else {
        tripVal[k] = 0;
      }
    }
  }

  private grow(): void {
    const cap = 2 * this.tripRow.length;
    const r = new Int32Array(cap);
    const c = new Int32Array(cap);
    const v = new Float64Array(cap);
    r.set(this.tripRow);
    c.set(this.tripCol);
    v.set(this.tripVal);
    this.tripRow = r;
    this.tripCol = c;
    this.tripVal = v;
  }

  /** Builds the sorted, merged CSC pattern of the stored calls and their slot map ({@link compressTriplets}). */
  private rebuild(): void {
    const { colPtr, rowIndex, slot } = compressTriplets(this.n, this.tripRow, this.tripCol, this.count, 'SparseAssembler');
    this.slot = slot;
    this.patternCount = this.count;
    this.blockRows = new Int32Array(this.count);
    this.blockCols = new Int32Array(this.count);
    this.matrix.colPtr = colPtr;
    this.matrix.rowIndex = rowIndex;
    this.matrix.values = sumIntoSlots(this.tripVal, slot, this.count, rowIndex.length);
  }
}

/**
 * The CSC pattern of count (row, col) triplets of an n × n matrix: row indices sorted within each column, repeated
 * positions merged, and the slot of each triplet (its index in rowIndex) — two stable counting sorts, so repeated
 * positions keep the order of the triplets. Throws a RangeError naming `owner` for an entry outside n × n.
 */
export function compressTriplets(n: number, rows: Int32Array, cols: Int32Array, count: number, owner: string): { colPtr: Int32Array; rowIndex: Int32Array; slot: Int32Array } {
  const m = count;
  const tr = rows;
  const tc = cols;
  // each long loop ends its function: the first call in a fresh process is compiled on stack, and code after such a
  // loop that has not run yet would discard that compilation (the note at onStackReplacement in sparseLU.ts)
  const rowPtr = new Int32Array(n + 1);
  const ptr = new Int32Array(n + 1);
  checkAndCountTriplets(n, tr, tc, m, owner, rowPtr, ptr);
  prefixSums(rowPtr, n);
  const byRow = new Int32Array(m);
  bucketByIndex(tr, m, rowPtr, byRow);
  prefixSums(ptr, n);
  const sorted = new Int32Array(m);
  bucketInOrder(tc, byRow, m, ptr, sorted);
  const slot = new Int32Array(m);
  const colPtr = new Int32Array(n + 1);
  // byRow, read for the last time above, takes the row of each slot
  const nnz = mergeSorted(n, tr, ptr, sorted, slot, colPtr, byRow);
  colPtr[n] = nnz;
  return { colPtr, rowIndex: byRow.slice(0, nnz), slot };
}

/**
 * {@link compressTriplets}' input check and counts in one pass: every (row, column) an integer pair inside n × n, else a
 * RangeError naming `owner`; `rowCount[row + 1]`++ and `colCount[column + 1]`++ for each triplet.
 */
function checkAndCountTriplets(n: number, tr: Int32Array, tc: Int32Array, m: number, owner: string, rowCount: Int32Array, colCount: Int32Array): void {
  for (let k = 0; k < m; k++) {
    const r = tr[k];
    const c = tc[k];
    if (!(r >= 0 && r < n && c >= 0 && c < n && Number.isInteger(r) && Number.isInteger(c))) {
      throw new RangeError(`${owner}: entry (${r}, ${c}) outside ${n}×${n}`);
    }
    rowCount[r + 1]++;
    colCount[c + 1]++;
  }
}

/** Running sums in place: `cnt[i + 1]` += `cnt[i]` for i = 0 … n − 1 (counts at i + 1 become offsets). */
export function prefixSums(cnt: Int32Array, n: number): void {
  for (let i = 0; i < n; i++) cnt[i + 1] += cnt[i];
}

/** Entries 0 … m − 1 sorted by `index` (stable) into `out`, at the offsets `ptr` (advanced). */
function bucketByIndex(index: Int32Array, m: number, ptr: Int32Array, out: Int32Array): void {
  for (let k = 0; k < m; k++) out[ptr[index[k]]++] = k;
}

/** The entries `order[0 … m − 1]` sorted by `index` (stable) into `out`, at the offsets `ptr` (advanced). */
function bucketInOrder(index: Int32Array, order: Int32Array, m: number, ptr: Int32Array, out: Int32Array): void {
  for (let q = 0; q < m; q++) {
    const k = order[q];
    out[ptr[index[k]]++] = k;
  }
}

/**
 * {@link compressTriplets}' merge: the entries sorted by column, then row (column j's end at `ptr[j]`), each given the
 * slot of its (row, column) in `slot`, repeats one slot; column starts in `colPtr[j]` (j < n) and the row of each slot in
 * `slotRow`. Returns the slots.
 */
function mergeSorted(n: number, tr: Int32Array, ptr: Int32Array, sorted: Int32Array, slot: Int32Array, colPtr: Int32Array, slotRow: Int32Array): number {
  let nnz = 0;
  let q = 0;
  for (let j = 0; j < n; j++) {
    colPtr[j] = nnz;
    let lastRow = -1;
    for (const end = ptr[j]; q < end; q++) {
      const k = sorted[q];
      if (tr[k] !== lastRow) {
        lastRow = tr[k];
        slotRow[nnz] = lastRow;
        nnz++;
      }
      slot[k] = nnz - 1;
    }
  }
  return nnz;
}

/** values summed into their slots: out[slot[k]] += values[k] for k < count, in order (out has `size` entries). */
function sumIntoSlots(values: Float64Array, slot: Int32Array, count: number, size: number): Float64Array {
  const out = new Float64Array(size);
  for (let k = 0; k < count; k++) out[slot[k]] += values[k];
  return out;
}

/** The n × n CSC matrix of count (row, col, value) triplets, repeated positions summed in triplet order. */
export function cscFromTriplets(n: number, rows: Int32Array, cols: Int32Array, values: Float64Array, count: number): CscMatrix {
  const { colPtr, rowIndex, slot } = compressTriplets(n, rows, cols, count, 'cscFromTriplets');
  return { n, colPtr, rowIndex, values: sumIntoSlots(values, slot, count, rowIndex.length) };
}

/** The entry (row, col) of a CSC matrix with sorted row indices (binary search in column col); 0 if not stored. */
export function cscEntry(a: CscMatrix, row: number, col: number): number {
  const ri = a.rowIndex;
  let lo = a.colPtr[col], hi = a.colPtr[col + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ri[mid];
    if (r === row) return a.values[mid];
    if (r < row) lo = mid + 1; else hi = mid - 1;
  }
  return 0;
}

/**
 * x[index[p]] −= values[p]·factor for start ≤ p < end, in this order: the column update of the sparse triangular
 * solves and eliminations. Unrolled by four because V8 repeats the map checks and the reloads of the typed arrays'
 * length and data pointer at the start of every loop iteration (the loop's interrupt check invalidates them) but not
 * within one: the same operations in the same order at ≈ 0.6 of the CPU time (refactorization of the 141² grid
 * Laplacian, 48.6 million updates: 2.3 → 1.4 ns per update, Node 20). By eight is faster on long columns (1.2 ns) but
 * slower on the short ones of KKT systems (5–7 entries) and too large for V8 to inline it together with the other
 * calls of SparseLU's factorization loop.
 */
export function scatterSubtract(x: Float64Array, index: Int32Array, values: Float64Array, start: number, end: number, factor: number): void {
  let p = start;
  for (; p + 3 < end; p += 4) {
    x[index[p]] -= values[p] * factor;
    x[index[p + 1]] -= values[p + 1] * factor;
    x[index[p + 2]] -= values[p + 2] * factor;
    x[index[p + 3]] -= values[p + 3] * factor;
  }
  for (; p < end; p++) x[index[p]] -= values[p] * factor;
}
