/**
 * The memory of one {@link SparseLDLT} factorization as its WebAssembly kernels (sparseLDLTKernels.ts) see it: a header
 * of byte addresses (the slots of {@link SparseLDLTSlot}, an i32 at 4·slot), then the integer arrays of the symbolic
 * analysis, then the doubles, then the right-hand sides' space.
 * @module
 */

/** Header slots: the i32 at byte 4·slot holds a count or the byte address of an array. */
export const SparseLDLTSlot = {
  /** Dimension n. */
  n: 0,
  /** Number of supernodes. */
  supernodes: 1,
  /** Stored entries of A (the length of aValues and slot). */
  entries: 2,
  /** Elimination order (n ints). */
  perm: 3,
  /** C's column starts (n + 1 ints), rows (ints) and values (doubles), C = P·A·Pᵀ's lower triangle. */
  cPtr: 4,
  cRow: 5,
  cVal: 6,
  /** Place in C of each entry of A (−1: lower entry of A, ignored). */
  slot: 7,
  /** First column of each supernode (supernodes + 1 ints), start of its rows (supernodes + 1), the rows below it. */
  superFirst: 8,
  rowPtr: 9,
  rows: 10,
  /** Start of each supernode's block in lx (supernodes + 1 ints, in doubles), and its children's count. */
  lPtr: 11,
  childCount: 12,
  /** Supernodes whose update matrices are on the stack (ints). */
  stackSuper: 13,
  /** Work arrays of the front assembly: the front row of each unknown (n ints), a child's rows in the front. */
  map: 14,
  rel: 15,
  /** A's values (doubles). */
  aValues: 16,
  /** Largest |c_ij| of each column (n doubles). */
  colScale: 17,
  /** Pivots (n doubles). */
  d: 18,
  /** Work array of the panel factorization (n doubles). */
  work: 19,
  /** The supernodes' column blocks of L (doubles). */
  lx: 20,
  /** The frontal matrix (doubles) and the update stack (doubles). */
  front: 21,
  stack: 22,
  /** The right-hand sides and solutions, the permuted work vectors (n·count doubles each), the gathered rows. */
  rhs: 23,
  solveWork: 24,
  gather: 25,
} as const;

/** Number of header slots. */
const headerSlots = 26;

/** Sizes of one factorization's arrays (counts of entries). */
export interface SparseLDLTSizes {
  /** Dimension and number of supernodes. */
  readonly n: number;
  readonly supernodes: number;
  /** Stored entries of A. */
  readonly entries: number;
  /** Entries of C (A's upper triangle, permuted). */
  readonly cEntries: number;
  /** Rows below the supernodes, in all. */
  readonly rows: number;
  /** Stored entries of L. */
  readonly lEntries: number;
  /** Largest row count below a supernode. */
  readonly maxRows: number;
  /** Largest front (m² doubles), peak of the update stack (doubles), deepest stack (supernodes). */
  readonly maxFront: number;
  readonly stackPeak: number;
  readonly stackDepth: number;
}

/** Byte addresses of the arrays of {@link SparseLDLTSlot} for given sizes. */
export type SparseLDLTLayout = { readonly [slot in keyof typeof SparseLDLTSlot]: number } & {
  /** Bytes up to the right-hand sides' space, and per right-hand side there (rhs, solveWork and gather). */
  readonly fixedBytes: number;
  readonly bytesPerRightHandSide: number;
  /** Bytes in all. */
  readonly bytes: number;
};

/**
 * The layout for `sizes` with room for `rightHandSides` right-hand sides; throws a RangeError when it needs more than
 * 2 GB (the kernels' addresses are signed 32-bit integers).
 */
export function sparseLDLTLayout(sizes: SparseLDLTSizes, rightHandSides: number): SparseLDLTLayout {
  const { n, supernodes: ns } = sizes;
  let next = headerSlots * 4;
  const place = (count: number, bytes: number): number => {
    const at = next;
    next += count * bytes;
    return at;
  };
  const perm = place(n, 4), cPtr = place(n + 1, 4), cRow = place(sizes.cEntries, 4), slot = place(sizes.entries, 4);
  const superFirst = place(ns + 1, 4), rowPtr = place(ns + 1, 4), rows = place(sizes.rows, 4), lPtr = place(ns + 1, 4);
  const childCount = place(ns, 4), stackSuper = place(sizes.stackDepth, 4), map = place(n, 4);
  const rel = place(sizes.maxRows, 4);
  next = Math.ceil(next / 8) * 8;
  const aValues = place(sizes.entries, 8), cVal = place(sizes.cEntries, 8), colScale = place(n, 8), d = place(n, 8);
  const work = place(n, 8), lx = place(sizes.lEntries, 8), front = place(sizes.maxFront, 8);
  const stack = place(sizes.stackPeak, 8);
  const fixedBytes = next;
  const bytesPerRightHandSide = (2 * n + sizes.maxRows) * 8;
  const rhs = fixedBytes;
  const solveWork = rhs + rightHandSides * n * 8;
  const gather = solveWork + rightHandSides * n * 8;
  const end = gather + rightHandSides * sizes.maxRows * 8;
  if (!(end < 2 ** 31)) throw new RangeError(`SparseLDLT: the factorization needs ${end} bytes, more than the kernels' 2 GB`);
  return { n, supernodes: ns, entries: sizes.entries, perm, cPtr, cRow, cVal, slot, superFirst, rowPtr, rows, lPtr,
    childCount, stackSuper, map, rel, aValues, colScale, d, work, lx, front, stack, rhs, solveWork, gather, fixedBytes,
    bytesPerRightHandSide, bytes: end };
}

/** Writes the layout's header into the memory's first bytes. */
export function writeSparseLDLTHeader(memory: WebAssembly.Memory, layout: SparseLDLTLayout): void {
  const header = new Int32Array(memory.buffer, 0, headerSlots);
  for (const [name, slot] of Object.entries(SparseLDLTSlot)) header[slot] = layout[name as keyof typeof SparseLDLTSlot];
}
