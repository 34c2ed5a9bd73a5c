/**
 * Copy and zero helpers for the per-step hot paths. For the shortest arrays a plain loop is faster than the
 * TypedArray built-ins (`set`, `fill`), whose call costs about as much as a loop over 12–16 entries; longer arrays use
 * the built-ins.
 * @module
 */

/**
 * Below this length the helpers loop; from it on they call the TypedArray built-ins. Measured (Node 20, CPU time per
 * call, 2026-12-02): the loop costs ≈ 1 ns per entry, `set` and `fill` ≈ 14 ns + 0.07 ns per entry: equal at 12–16 entries;
 * at 36 entries the loop takes 37–51 ns against 17–18 ns, at 144 entries 107–146 ns against 18–21 ns.
 */
const builtinThreshold = 16;

/**
 * The entries of a as a new plain array (what the API's getters return). One to three entries (a distance, a position)
 * as a literal of that length; longer ones created at their length and filled by a loop: `Array.from` of a typed array
 * goes through its iterator (≈ 720 ns for 20 entries, Node 20, 2026-12-03), and pushing into an empty array allocates
 * room for 17 entries at the first push and grows it again at the 18th (≈ 200 ns against ≈ 40 ns for 20 entries,
 * 2026-12-06; a user integrator calls several such getters every step).
 */
export function toNumberArray(a: ArrayLike<number>): number[] {
  switch (a.length) {
    case 1: return [a[0]];
    case 2: return [a[0], a[1]];
    case 3: return [a[0], a[1], a[2]];
  }
  const out: number[] = new Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i];
  return out;
}

/** Copies all entries of src into dst (same length). */
export function copyArray(dst: Float64Array, src: Float64Array): void {
  const n = src.length;
  if (n >= builtinThreshold) { dst.set(src); return; }
  for (let i = 0; i < n; i++) dst[i] = src[i];
}

/** Sets all entries of a to zero. */
export function zeroArray(a: Float64Array): void {
  const n = a.length;
  if (n >= builtinThreshold) { a.fill(0); return; }
  for (let i = 0; i < n; i++) a[i] = 0;
}

/** Sets the first n entries of a to zero. */
export function zeroLeading(a: Float64Array, n: number): void {
  if (n >= builtinThreshold) { a.fill(0, 0, n); return; }
  for (let i = 0; i < n; i++) a[i] = 0;
}

/** Copies all entries of src into dst from index offset on (dst has room for them). */
export function copyArrayAt(dst: Float64Array, src: Float64Array, offset: number): void {
  const n = src.length;
  if (n >= builtinThreshold) { dst.set(src, offset); return; }
  for (let i = 0; i < n; i++) dst[offset + i] = src[i];
}

/**
 * Copies the first count entries of src (all of them if it has fewer) into dst from index offset on: what
 * dst.set(src.subarray(0, count), offset) does, without the view, which costs a fresh process ≈ 1–2 µs (compiling a model
 * copies three per node).
 */
export function copyLeadingAt(dst: Float64Array, src: Float64Array, count: number, offset: number): void {
  const n = Math.min(count, src.length);
  for (let i = 0; i < n; i++) dst[offset + i] = src[i];
}

/** Entries of the blocks that {@link float64Views} cuts small sets of views from. */
const viewBlockLength = 4096;
/** The current block of {@link float64Views} and its first unused entry (a new block when the rest is too short). */
let viewBlock = new Float64Array(0);
let viewBlockUsed = 0;

/**
 * Float64Arrays of the given lengths as views into one zero-filled buffer: an item's small work arrays cost one
 * buffer instead of one each (issue 12, build memory). The views do not overlap. Views of at most 512 entries in all are
 * cut from a block of 4096 entries shared with the views of other calls (never handed out twice), so that they cost no
 * buffer of their own: each small typed array costs a fresh process ≈ 2 µs and ≈ 250 bytes that the scavenges of the
 * set-up copy (docs/benchmarks.md, part21).
 */
export function float64Views(lengths: readonly number[]): Float64Array<ArrayBuffer>[] {
  let total = 0;
  for (const length of lengths) total += length;
  let buffer: Float64Array<ArrayBuffer>;
  let offset = 0;
  if (total > viewBlockLength / 8) {
    buffer = new Float64Array(total);
  } else {
    if (viewBlockUsed + total > viewBlock.length) {
      viewBlock = new Float64Array(viewBlockLength);
      viewBlockUsed = 0;
    }
    buffer = viewBlock;
    offset = viewBlockUsed;
    viewBlockUsed += total;
  }
  const views: Float64Array<ArrayBuffer>[] = [];
  for (const length of lengths) {
    views.push(buffer.subarray(offset, offset + length));
    offset += length;
  }
  return views;
}

/**
 * The numbers of values in a Float64Array view cut by {@link float64Views}: what Float64Array.from(values) holds, without
 * a buffer of its own (an item's small parameter vectors: ≈ 130 bytes less per array that the set-up's scavenges copy;
 * docs/benchmarks.md, gc24).
 */
export function float64Copy(values: ArrayLike<number>): Float64Array<ArrayBuffer> {
  const [copy] = float64Views([values.length]);
  for (let i = 0; i < values.length; i++) copy[i] = values[i];
  return copy;
}

/**
 * `into` if its length is `length`, else a new array of that length: the array an output writes its value into (a
 * sensor's buffer, reused every row: NodeModel.output, ObjectModel.output).
 */
export function arrayInto(into: Float64Array | undefined, length: number): Float64Array {
  return into !== undefined && into.length === length ? into : new Float64Array(length);
}

/**
 * values as a Float64Array: values itself when it is one, else a copy. For numbers that enter the solve's kernels from
 * a caller's list (a local position), so that the kernels see one array kind (docs/decisions.md, "Local positions and
 * load vectors reach the kernels as Float64Arrays").
 */
export function asFloat64Array(values: ArrayLike<number>): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

/**
 * True if a and b are the same double bit for bit as far as arithmetic can tell: equal and, for zeros, of the same sign
 * (NaN never matches). The key test of memos that reuse a result while their inputs are unchanged.
 */
export function sameBits(a: number, b: number): boolean {
  return a === b && (a !== 0 || 1 / a === 1 / b);
}

/**
 * Runs the loop and the built-in branch of {@link zeroArray}, {@link copyArray}, {@link zeroLeading} and
 * {@link copyArrayAt} when this module is loaded, on arrays of its own: a process whose first arrays were all short (or
 * all long) had these helpers, and the solver code that inlines them, optimized without the other branch, and the first
 * array of the other kind threw that code away (taskmanagerTest, mainSystemExtensionsTests: zeroArray, copyArray and
 * the linear system's and the state's copies that inline them). V8 records a function's type feedback only after its
 * first calls: the rounds give it those.
 */
function warmUpBranches(): void {
  const long = new Float64Array(builtinThreshold), longSource = new Float64Array(builtinThreshold);
  const short = new Float64Array(3), shortSource = new Float64Array(3);
  for (let round = 0; round < 24; round++) {
    zeroArray(long);
    zeroArray(short);
    copyArray(long, longSource);
    copyArray(short, shortSource);
    zeroLeading(long, builtinThreshold);
    zeroLeading(short, 3);
    copyArrayAt(long, longSource, 0);
    copyArrayAt(long, shortSource, 0);
  }
}

warmUpBranches();
