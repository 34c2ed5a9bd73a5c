import { shapeFunctions, shapeFunctions_x } from '../items/objects/ObjectANCFCable2D.ts';
import { compileStoredModule, instantiateKernels, kernelLayout, kernelViews, memoryPages, type KernelExports } from '../linalg/storedWasmModule.ts';
import { ancfCableCircleModuleBase64 } from './ancfCableCircleKernelsModule.ts';
import type * as kernelSource from './ancfCableCircleKernelsSource.ts';

/** The halves ξ/2 (exact) of the 3-point Gauss–Lobatto points ξ = −1, 0, 1 on [−1, 1] (Exudyn's lobattoRuleOrder3). */
const lobattoHalfPoints = [-0.5, 0, 0.5];

/** Number of position-level variables X = [e (8), c (2)] and velocity-level variables Y = [ė (8), v_c (2), ω (1)]. */
const NX = 10;
const NY = 11;
/** Number of outputs g = [cable forces (8), contact force sum F_c (2), torque sum T (1)]. */
const NG = 11;

/** Material and geometry of one circle–cable pair. */
export interface CableCircleParameters {
  /** Element length L. */
  length: number;
  /** Exudyn's ancfCableUseExactMethod: contact with the cubic centerline itself (else with `segments` chords). */
  exact: boolean;
  /** Number of chords of the element without the exact method (Exudyn's ancfCableNumberOfContactSegments). */
  segments: number;
  /** Contact radius: circle radius + the cable's halfHeight. */
  contactRadius: number;
  /** Lever of the friction torque on the circle: its radius. */
  lever: number;
  /** Contact stiffness (springs in series) and damping (dampers in parallel). */
  stiffness: number;
  damping: number;
  /** Dry friction coefficient μ and the regularization velocity (frictionProportionalZone). */
  friction: number;
  zone: number;
}

/** Number of element lengths whose chord tables a CableCircleContact keeps. */
const chordTableSlots = 4;

/** Doubles of one chord's entries in a slot of chord tables: S_j at its ends (8), S_j and τ at its points (15), shared (1). */
const chordTableLength = 24;

/** The chords per element a kernel memory has room for at first (one 64 KB page); more make a larger memory. */
const initialChordCapacity = 64;

/** The segments of the exact method per element at most: the intervals between the ≤ 6 roots where the gap is negative. */
const exactSegmentCapacity = 4;

/** The coordinates of a circle's marker the pair blocks' views have room for at first (more make a larger memory). */
const initialColumnCapacity = 16;

/**
 * The kernels' regions of a memory with room for `capacity` chords and a circle marker of `columns` coordinates
 * (doubles; see ancfCableCircleKernelsSource.ts for what each holds): the inputs, the outputs g, gX, gY, the work
 * arrays, the segments' middles, the pair blocks' inputs K, J and outputs C, M, rows, and chordTableSlots slots of
 * chord tables.
 */
function cableCircleLayout(capacity: number, columns: number) {
  return kernelLayout({
    e: 8, et: 8, s: 16, g: NG, gX: NG * NX, gY: NG * NY, w: 48, dX: 2 * NX, r: 176, middles: 3 * Math.max(capacity, exactSegmentCapacity),
    K: 12 * columns, J: 3 * columns, C: NG * 8, M: NG * columns, rows: columns * (8 + columns),
    tables: chordTableSlots * chordTableLength * capacity,
  });
}

/** The compiled module of the kernels (compiled at its first use). */
let cableCircleModule: WebAssembly.Module | undefined;

/** The process's compiled module of ancfCableCircleKernelsSource.ts' kernels (each user instantiates it on its own memory). */
export function cableContactModule(): WebAssembly.Module {
  cableCircleModule ??= compileStoredModule(ancfCableCircleModuleBase64);
  return cableCircleModule;
}

/** A kernel instance on a memory of its own, its regions' addresses and views. */
interface CableCircleMemory {
  readonly capacity: number;
  readonly columns: number;
  readonly exports: KernelExports<typeof kernelSource>;
  readonly at: ReturnType<typeof cableCircleLayout>['addresses'];
  readonly views: ReturnType<typeof kernelViews<keyof ReturnType<typeof cableCircleLayout>['lengths']>>;
  /** The chord table slots, views of the memory. */
  readonly tables: ChordTables[];
}

/** A kernel instance with room for `capacity` chords and a circle marker of `columns` coordinates. */
function cableCircleMemory(capacity: number, columns: number): CableCircleMemory {
  const layout = cableCircleLayout(capacity, columns);
  const { exports, doubles } = instantiateKernels<KernelExports<typeof kernelSource>>(cableContactModule(), memoryPages(8 * layout.doubles));
  const views = kernelViews(doubles, layout), at = layout.addresses;
  const tables: ChordTables[] = [];
  const view = (address: number, length: number) => new Float64Array(doubles.buffer, address, length);
  for (let t = 0; t < chordTableSlots; t++) {
    const shapesAt = at.tables + 8 * chordTableLength * capacity * t, pointsAt = shapesAt + 64 * capacity, sharedAt = pointsAt + 120 * capacity;
    tables.push({
      length: NaN, segments: 0, shapes: view(shapesAt, 8 * capacity), points: view(pointsAt, 15 * capacity),
      startsAtPreviousEnd: view(sharedAt, capacity), shapesAt, pointsAt, sharedAt,
    });
  }
  return { capacity, columns, exports, at, views, tables };
}

/**
 * Exudyn's GeneralContact between a circle (a sphere in the x–y plane) and a planar ANCF cable element with the
 * centerline r(x) = Σ S_j(x) e_j, x ∈ [0, L]. The contact segments are where the centerline is inside the circle of
 * contact radius R around c: with the exact method (ancfCableUseExactMethod) the intervals of [0, L] where the
 * degree-6 polynomial |r(x) − c|² − R² is negative (its real roots), else, per chord between r(a) and r(b)
 * (a = i·L/n, b = a + L/n), the part of the chord inside the circle (the line–circle intersection clamped to the chord),
 * the contact point then lying on the chord. Each segment [x_a, x_b] is integrated with 3-point Gauss–Lobatto: at each
 * point the contact point p and its velocity v give d = p − c, n = d/|d|, gap |d| − R, the normal force
 * F = k·gap + d_c·n·(v − v_c) and, with μ ≠ 0, the regularized Coulomb friction of the tangential part of
 * Δv = v − v_c − ω ẑ × d (−μF/zone·v_t while |v_t| < zone, else −μF v_t/|v_t|). The force f = F n + f_t, weighted with
 * W = (x_b − x_a)/2·w, acts on the cable through the Hermite shape functions at the point (Σ S_j(x) f on e_j), and its
 * opposite on the circle, with the torque of the friction about the centre (lever r n). Every segment acts, also where
 * damping makes F tensile (Exudyn's full evaluation, CCode2rhsFull, which keeps the forces continuous in the state); a
 * segment is an active contact while the mean of F over its three points is compressive (Exudyn's active-set criterion).
 *
 * `evaluate` writes g = [cable forces (8), F_c = Σ W f (2), T = Σ W r (n × f)_z (1)] and, with derivatives, the exact
 * Jacobians ∂g/∂X, X = [e (8), c (2)] (row-major 11 × 10) and ∂g/∂Y, Y = [ė (8), v_c (2), ω (1)] (11 × 11), including
 * the motion of the segment ends with the state.
 *
 * The arithmetic runs in WebAssembly (ancfCableCircleKernelsSource.ts; a fresh process runs it compiled from its first
 * call, without boxed doubles): the chord method's whole evaluation in one call, the exact method's segments one call
 * each after the roots are found here. The outputs and the chord tables are views of the kernels' memory, one per
 * instance (a larger one for more chords than it has room for).
 *
 * The derivatives by structure: every output row is, at a point, E·∂W/∂X + D·∂x/∂X + Σ_i Q_i ∂d_i/∂X by X and
 * Σ_i V_i ∂Δv_i/∂Y by Y (d = p − c, Δv the relative velocity; ∂Δv/∂X is folded into Q and D). With ∂d_i/∂X = ∂p_i/∂X
 * at fixed x (the weights on the columns of e, −1 on c_i) + slope_i ∂x/∂X, and ∂x/∂X, ∂W/∂X combinations of the
 * segment ends' ∂x_a/∂X and ∂x_b/∂X, a point adds to the sparse columns (e_j, c) only, and the ends' coefficients are
 * summed over the points and added to the dense columns once per segment.
 */
export class CableCircleContact {
  /** Number of segments of the last evaluation (0: the element is outside the circle, g = 0). */
  segmentCount = 0;
  private memory: CableCircleMemory | undefined;
  /**
   * The chord tables of the current element length: shapes S_j(a), S_j(a + l) per chord (8), at the points of a whole
   * chord S_j(x) and τ = (x − a)/l (15 per chord), and 1 where a chord's start has the previous chord's end's numbers;
   * chordTables' slots hold the last few element lengths' (elements of other lengths alternate: a belt's arcs and
   * straight parts), each computed once, not per element.
   */
  private table: ChordTables | undefined;
  private nextChordTable = 0;
  // the exact method: coefficients of r(x) − c (x, y) and of |r − c|² − R², the roots in (0, L), S and S' at a root
  private readonly poly = new Float64Array(8);
  private readonly gap6 = new Float64Array(7);
  private readonly roots = new PolynomialRoots();
  private readonly S = new Float64Array(4);
  private readonly Sx = new Float64Array(4);

  /** Outputs: cable forces (8), F_c (2), T (1). */
  get g(): Float64Array {
    return this.kernels(1).views.g;
  }

  /** ∂g/∂X, 11 × 10 row-major. */
  get gX(): Float64Array {
    return this.kernels(1).views.gX;
  }

  /** ∂g/∂Y, 11 × 11 row-major. */
  get gY(): Float64Array {
    return this.kernels(1).views.gY;
  }

  /** Per segment of the last evaluation: its middle contact point (x, y) and depth R − |p − c| there (3 per segment). */
  get middles(): Float64Array {
    return this.kernels(1).views.middles;
  }

  /**
   * The pair blocks' views (see {@link pairBlocks}): the inputs K (12 × m) and J (3 × m), the outputs C (11 × 8), M
   * (11 × m) and rows (m × (8 + m)); valid after {@link reserveColumns} for m, until the next reserveColumns.
   */
  get blocks(): { readonly K: Float64Array; readonly J: Float64Array; readonly C: Float64Array; readonly M: Float64Array; readonly rows: Float64Array } {
    return this.kernels(1).views;
  }

  /** Makes room for a circle marker of `columns` coordinates in the pair blocks' views (call before evaluate: a larger memory starts empty). */
  reserveColumns(columns: number): void {
    this.kernels(1, columns);
  }

  /**
   * The Jacobian blocks of the last evaluation (with derivatives) for a circle on a marker with m coordinates, from the
   * views K = the marker's kinematics Jacobian [p; θ; v; ω] (12 × m, row-major: ∂/∂q blended with factorQ, factorU)
   * and J = the rows x, y of its position Jacobian and z of its rotation Jacobian (3 × m, zeros without rotation):
   * C = factorQ ∂g/∂e + factorU ∂g/∂ė (11 × 8); M = D K (11 × m) with D = ∂g/∂(p_x, p_y, v_x, v_y, ω_z); rows: per
   * marker coordinate a, −(J_x,a [C; M] row 8 + J_y,a row 9 + J_z,a row 10) (8 cable columns, then m).
   */
  pairBlocks(factorQ: number, factorU: number, m: number): void {
    const { exports, at } = this.kernels(1);
    exports.pairBlocks(at.gX, at.gY, at.K, at.J, at.C, at.M, at.rows, factorQ, factorU, m);
  }

  /**
   * The kernel memory, with room for at least `chords` chords and a marker of `columns` coordinates (a new, larger one
   * with empty chord tables if needed).
   */
  private kernels(chords: number, columns = 0): CableCircleMemory {
    if (this.memory === undefined || this.memory.capacity < chords || this.memory.columns < columns) {
      const capacity = this.memory === undefined || this.memory.capacity >= chords ? this.memory?.capacity ?? 0 : 2 * this.memory.capacity;
      this.memory = cableCircleMemory(Math.max(chords, initialChordCapacity, capacity), Math.max(columns, initialColumnCapacity, this.memory?.columns ?? 0));
      this.table = undefined;
      this.nextChordTable = 0;
    }
    return this.memory;
  }

  /**
   * Evaluates the contact of the element (total coordinates e[eAt …] and velocities ė[eAt …]) with the circle (centre
   * c[cAt …], velocity v_c[cAt …], angular velocity ω about z); returns true if a segment is an active contact
   * (compressive mean force).
   */
  evaluate(e: ArrayLike<number>, et: ArrayLike<number>, c: ArrayLike<number>, vc: ArrayLike<number>, omega: number,
    p: CableCircleParameters, derivatives: boolean, eAt = 0, cAt = 0): boolean {
    const memory = this.kernels(p.exact ? 1 : p.segments);
    const { views, at, exports } = memory;
    const ve = views.e, vet = views.et, s = views.s;
    for (let k = 0; k < 8; k++) { ve[k] = e[eAt + k]; vet[k] = et[eAt + k]; }
    s[0] = c[cAt]; s[1] = c[cAt + 1]; s[2] = vc[cAt]; s[3] = vc[cAt + 1]; s[4] = omega;
    s[5] = p.length; s[6] = p.segments; s[7] = p.contactRadius; s[8] = p.lever; s[9] = p.stiffness; s[10] = p.damping;
    s[11] = p.friction; s[12] = p.zone;
    const withDerivatives = derivatives ? 1 : 0;
    if (!p.exact) {
      const table = this.chordTables(memory, p);
      const result = exports.chords(at.e, at.et, at.s, at.g, at.gX, at.gY, at.w, at.dX, at.r, table.shapesAt, table.pointsAt, table.sharedAt,
        at.middles, p.segments, withDerivatives);
      this.segmentCount = result >> 1;
      return (result & 1) === 1;
    }
    views.g.fill(0);
    if (derivatives) { views.gX.fill(0); views.gY.fill(0); }
    this.segmentCount = 0;
    let any = false;
    const G = this.gapPolynomial(ve, s, p);
    const count = this.roots.find(G, 6, 0, p.length);
    const x = this.roots.values;
    for (let k = 0; k <= count; k++) {
      const xa = k === 0 ? 0 : x[k - 1], xb = k === count ? p.length : x[k];
      if (!(xb > xa) || !(evaluatePolynomial(G, 6, 0.5 * (xa + xb)) < 0)) continue;
      if (derivatives) {
        this.rootDerivative(xa, k === 0, ve, s, p.length, views.dX, 0);
        this.rootDerivative(xb, k === count, ve, s, p.length, views.dX, NX);
      }
      if (exports.exactSegment(at.e, at.et, at.s, at.g, at.gX, at.gY, at.w, at.dX, at.r, at.middles, xa, xb, this.segmentCount, withDerivatives) === 1) any = true;
      this.segmentCount++;
    }
    return any;
  }

  /** The chord tables of the element's length and number of chords in the memory: held, else computed into a slot. */
  private chordTables(memory: CableCircleMemory, p: CableCircleParameters): ChordTables {
    const L = p.length, n = p.segments;
    const current = this.table;
    if (current !== undefined && current.length === L && current.segments === n) return current;
    const tables = memory.tables;
    for (let t = 0; t < tables.length; t++) {
      if (tables[t].length === L && tables[t].segments === n) {
        this.table = tables[t];
        return tables[t];
      }
    }
    const table = tables[this.nextChordTable];
    this.nextChordTable = (this.nextChordTable + 1) % chordTableSlots;
    fillChordTables(table, L, n, L / n);
    this.table = table;
    return table;
  }

  /** ∂x/∂X of a root x of |r(x) − c|² − R² into out[at … at + 9] (0 at a clamped end 0 or L). */
  private rootDerivative(x: number, clamped: boolean, e: Float64Array, c: ArrayLike<number>, L: number, out: Float64Array, at: number): void {
    out.fill(0, at, at + NX);
    if (clamped) return;
    const { S, Sx } = this;
    shapeFunctions(x, L, S, 0);
    shapeFunctions_x(x, L, Sx, 0);
    let qx = -c[0], qy = -c[1], rx = 0, ry = 0;
    for (let j = 0; j < 4; j++) { qx += S[j] * e[2 * j]; qy += S[j] * e[2 * j + 1]; rx += Sx[j] * e[2 * j]; ry += Sx[j] * e[2 * j + 1]; }
    // ∂x/∂X = −(∂G/∂X)/(∂G/∂x) with q = r(x) − c: ∂G/∂x = 2 q·r', ∂G/∂e_j = 2 S_j q, ∂G/∂c = −2 q
    const s = qx * rx + qy * ry;
    for (let j = 0; j < 4; j++) { out[at + 2 * j] = -S[j] * qx / s; out[at + 2 * j + 1] = -S[j] * qy / s; }
    out[at + 8] = qx / s;
    out[at + 9] = qy / s;
  }

  /** Coefficients (increasing powers) of |r(x) − c|² − R², degree 6, with r(x) the element's cubic centerline. */
  private gapPolynomial(e: Float64Array, c: ArrayLike<number>, p: CableCircleParameters): Float64Array {
    const { poly, gap6 } = this;
    const L = p.length;
    // r(x) − c = Σ_k a_k x^k per component
    for (let i = 0; i < 2; i++) {
      centerlineCoefficients(e, 0, i, L, poly, 4 * i);
      poly[4 * i] -= c[i];
    }
    gap6.fill(0);
    for (let i = 0; i < 2; i++) for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) gap6[a + b] += poly[4 * i + a] * poly[4 * i + b];
    gap6[0] -= p.contactRadius * p.contactRadius;
    return gap6;
  }
}

/**
 * The power coefficients of one component of an ANCF cable element's centerline: r_i(x) = Σ_k out[o + k] x^k, k = 0 … 3,
 * from the total coordinates e[at …] = [r0, r0', r1, r1'] (component i of each at at + i, + 2 + i, + 4 + i, + 6 + i)
 * and the length L (the cubic Hermite shape functions expanded; Exudyn's ComputePolynomialCoeffs).
 */
export function centerlineCoefficients(e: ArrayLike<number>, at: number, i: number, L: number, out: Float64Array, o: number): void {
  const r0 = e[at + i], s0 = e[at + 2 + i], r1 = e[at + 4 + i], s1 = e[at + 6 + i];
  out[o] = r0;
  out[o + 1] = s0;
  out[o + 2] = -(3 * r0 - 3 * r1 + 2 * L * s0 + L * s1) / (L * L);
  out[o + 3] = (2 * r0 - 2 * r1 + L * (s0 + s1)) / (L * L * L);
}

/** Value of the polynomial Σ c_k x^k (degree d) at x (Horner). */
function evaluatePolynomial(c: ArrayLike<number>, d: number, x: number): number {
  let v = c[d];
  for (let k = d - 1; k >= 0; k--) v = v * x + c[k];
  return v;
}

/**
 * The real roots of a polynomial of degree ≤ 6 in an open interval (a, b), in increasing order: the roots of its
 * derivative (found the same way, down to degree 1) split (a, b) into intervals where it is monotone, each holding at
 * most one root, which bisection finds to round-off. Roots of even multiplicity (a touch without a sign change) are
 * not reported. Work arrays are allocated once.
 */
export class PolynomialRoots {
  /** The roots found by the last call, values[0 … count − 1]. */
  readonly values = new Float64Array(6);
  /** Coefficients of the polynomial and its derivatives, 7 per level. */
  private readonly levels = new Float64Array(49);
  /** Roots per level, 6 per level. */
  private readonly found = new Float64Array(42);
  private readonly counts = new Int32Array(7);

  /** Finds the roots of Σ c_k x^k (degree d ≤ 6) in (a, b); returns their number. */
  find(c: ArrayLike<number>, d: number, a: number, b: number): number {
    const { levels, found, counts } = this;
    for (let k = 0; k <= d; k++) levels[k] = c[k];
    for (let level = 1; level < d; level++) {
      for (let k = 0; k <= d - level; k++) levels[7 * level + k] = (k + 1) * levels[7 * (level - 1) + k + 1];
    }
    // from the linear derivative up: the roots of level l − 1 lie between the roots of level l
    for (let level = d - 1; level >= 0; level--) {
      const degree = d - level, at = 7 * level;
      let count = 0;
      let left = a, fLeft = evaluatePolynomial(levels.subarray(at), degree, a);
      const splits = level === d - 1 ? 0 : counts[level + 1];
      for (let s = 0; s <= splits; s++) {
        const right = s < splits ? found[6 * (level + 1) + s] : b;
        const fRight = evaluatePolynomial(levels.subarray(at), degree, right);
        if ((fLeft < 0 && fRight > 0) || (fLeft > 0 && fRight < 0)) found[6 * level + count++] = bisect(levels.subarray(at), degree, left, right, fLeft);
        left = right;
        fLeft = fRight;
      }
      counts[level] = count;
    }
    for (let k = 0; k < counts[0]; k++) this.values[k] = found[k];
    return counts[0];
  }
}

/** The root of a polynomial in [left, right] where it changes sign (value fLeft at left), by bisection to round-off. */
function bisect(c: ArrayLike<number>, d: number, left: number, right: number, fLeft: number): number {
  for (let iteration = 0; iteration < 200; iteration++) {
    const middle = 0.5 * (left + right);
    if (middle <= left || middle >= right) break;
    const f = evaluatePolynomial(c, d, middle);
    if (f === 0) return middle;
    if ((f < 0) === (fLeft < 0)) { left = middle; fLeft = f; } else right = middle;
  }
  return 0.5 * (left + right);
}

/** A slot of chord tables in a kernel memory (see CableCircleContact.table): views and their byte addresses. */
interface ChordTables {
  /** The element length and number of chords of the tables (NaN and 0 while empty). */
  length: number;
  segments: number;
  readonly shapes: Float64Array;
  readonly points: Float64Array;
  readonly startsAtPreviousEnd: Float64Array;
  readonly shapesAt: number;
  readonly pointsAt: number;
  readonly sharedAt: number;
}

/** Computes the chord tables of an element of length L with n chords of length lSeg into table. */
function fillChordTables(table: ChordTables, L: number, n: number, lSeg: number): void {
  const ends = table.shapes, points = table.points, shared = table.startsAtPreviousEnd;
  for (let segment = 0; segment < n; segment++) {
    const a = segment * lSeg;
    shapeFunctions(a, L, ends, 8 * segment);
    shapeFunctions(a + lSeg, L, ends, 8 * segment + 4);
    const xa = a, xb = a + lSeg, middle = 0.5 * (xa + xb), length = xb - xa;
    for (let k = 0; k < 3; k++) {
      const x = middle + lobattoHalfPoints[k] * length, at = 15 * segment + 5 * k;
      shapeFunctions(x, L, points, at);
      points[at + 4] = (x - a) / lSeg;
    }
    let same = segment > 0;
    for (let j = 0; j < 4 && same; j++) same = Object.is(ends[8 * segment + j], ends[8 * segment - 4 + j]);
    shared[segment] = same ? 1 : 0;
  }
  table.length = L;
  table.segments = n;
}
