import type { ItemState } from '../registry/capabilities.ts';
import { FlexdynError } from '../core/errors.ts';
import type { ContactSpheres } from './contactSpheres.ts';
import type { ContactANCFCables } from './contactANCFCables.ts';
import { cableContactModule, centerlineCoefficients, PolynomialRoots } from './ancfCableCircle.ts';
import type * as kernelSource from './ancfCableCircleKernelsSource.ts';
import { SearchGrid } from './searchGrid.ts';
import type { SphereMotion } from './sphereTunnelling.ts';
import { instantiateKernels, kernelLayout, kernelViews, memoryPages, type KernelExports } from '../linalg/storedWasmModule.ts';

/** The check's kernel memory for nE elements: the coordinates, lengths, halfHeights and boxes of the elements. */
function tunnellingMemory(nE: number) {
  const layout = kernelLayout({ e0: 8 * nE, e1: 8 * nE, lengths: nE, halfHeights: nE, boxes0: 6 * nE, boxes1: 6 * nE });
  const { exports, doubles } = instantiateKernels<KernelExports<typeof kernelSource>>(cableContactModule(), memoryPages(8 * layout.doubles));
  return { count: nE, exports, at: layout.addresses, views: kernelViews(doubles, layout) };
}

/**
 * The tunnelling check of GeneralContact's spheres (circles of the x–y plane) against its ANCF cable elements after
 * each step: a circle that was separated from an element at the start of the step (its centre at least r + halfHeight
 * from the centerline) and at the end either penetrates beyond its radius (centre closer than halfHeight to the
 * centerline) or lies on the other side of the element (the closest point inside the element, the side of the
 * centerline changed: it passed through) is reported with a FlexdynError naming the contact, sphere, element, time and
 * what to change. Without the check the circle would be pushed on through from the other side.
 *
 * The distance of a centre from a centerline whose coordinates and centre both move linearly over the step changes by
 * at most |Δc| + max_x |Δr(x)| ≤ |Δc| + max(|Δr₀|, |Δr₁|) + 4L/27 (|Δr₀'| + |Δr₁'|) (the Hermite shapes of the
 * positions sum to 1, those of the slopes are at most 4L/27), and either case needs a change of at least r: spheres
 * that cannot are skipped after one pass over the displacements; the others are searched on a grid of the swept boxes
 * with the contact's cells. Arrays are allocated on the first check and when the numbers of items change. The
 * elements' motion and swept boxes are computed by ancfCableCircleKernelsSource.ts' cableMotion and sweptCableBoxes
 * in a WebAssembly memory of the check's own.
 */
export class CableTunnellingCheck {
  private readonly grid = new SearchGrid();
  private boxes = new Float64Array(0);
  private candidates = new Int32Array(0);
  /**
   * The kernels' memory: element coordinates at the start (e0) and the end (e1) of the step (8 per element), lengths,
   * halfHeights, and the boxes at both (6 per element).
   */
  private memory: ReturnType<typeof tunnellingMemory> | undefined;
  private readonly coefficients = new Float64Array(8);
  private readonly squared = new Float64Array(7);
  private readonly slope = new Float64Array(6);
  private readonly roots = new PolynomialRoots();
  /** Result of {@link closest}: parameter x, distance and side (sign of r' × (c − r)). */
  private x = 0;
  private distance = 0;
  private side = 0;

  /** @param name the contact's name in errors ('GeneralContact 0') */
  constructor(private readonly name: string) {}

  /**
   * Throws if a sphere tunnels through an element within the step from startOfStep to s; start and end are the sphere
   * centres at those states (3 per sphere), moved their {@link SphereMotion}, layout the search grid whose cells and
   * box the swept search uses.
   */
  check(spheres: ContactSpheres, cables: ContactANCFCables, start: Float64Array, end: Float64Array, moved: SphereMotion, startOfStep: ItemState, s: ItemState, layout: SearchGrid): void {
    const nE = cables.count, nS = spheres.count;
    if (nE === 0 || nS === 0) return;
    if (this.memory?.count !== nE) this.memory = tunnellingMemory(nE);
    const { exports, at, views } = this.memory;
    const { e0, e1 } = views;
    cables.readCoordinates(startOfStep, e0);
    cables.readCoordinates(s, e1);
    views.lengths.set(cables.length);
    const motion = exports.cableMotion(at.e0, at.e1, at.lengths, nE);
    if (moved.largest + motion <= moved.smallest) return; // no sphere can tunnel
    if (this.candidates.length < nS) this.candidates = new Int32Array(nS);
    const radius = spheres.radius, candidates = this.candidates;
    let nC = 0;
    for (let i = 0; i < nS; i++) {
      // a candidate if |Δc| > r − motion (compared squared where that is positive)
      const safe = radius[i] - motion;
      const dx = end[3 * i] - start[3 * i], dy = end[3 * i + 1] - start[3 * i + 1];
      if (!(safe > 0) || dx * dx + dy * dy > safe * safe) candidates[nC++] = i;
    }
    if (nC === 0) return;
    if (this.boxes.length < 6 * (nC + nE)) this.boxes = new Float64Array(6 * (nC + nE));
    const boxes = this.boxes;
    for (let c = 0; c < nC; c++) {
      const i = this.candidates[c];
      for (let k = 0; k < 3; k++) {
        boxes[6 * c + k] = Math.min(start[3 * i + k], end[3 * i + k]) - radius[i];
        boxes[6 * c + 3 + k] = Math.max(start[3 * i + k], end[3 * i + k]) + radius[i];
      }
    }
    views.halfHeights.set(cables.halfHeight);
    exports.sweptCableBoxes(at.e0, at.e1, at.lengths, at.halfHeights, at.boxes0, at.boxes1, nE);
    boxes.set(views.boxes0, 6 * nC);
    const grid = this.grid;
    grid.resetLike(layout);
    grid.build(boxes, nC + nE);
    for (let c = 0; c < nC; c++) {
      const i = this.candidates[c], r = radius[i];
      const found = grid.query(c, nC, nC + nE);
      for (let f = 0; f < found; f++) {
        const j = grid.found[f] - nC, L = cables.length[j], h = cables.halfHeight[j];
        this.closest(e0, j, L, start[3 * i], start[3 * i + 1]);
        if (this.distance < r + h) continue; // in contact at the start
        const side = this.side;
        this.closest(e1, j, L, end[3 * i], end[3 * i + 1]);
        const beyond = this.distance < h, through = this.side !== side && this.x > 0 && this.x < L;
        if (!beyond && !through) continue;
        throw new FlexdynError(`${this.name}: sphere ${i} (radius ${r}) ${through ? 'passed through' : 'penetrated beyond its radius into'} ANCF cable ${j} (halfHeight ${h}) within one step at t = ${s.t} (tunnelling): `
          + 'reduce the step size (timeIntegration.numberOfSteps) so that spheres move less than their radius per step relative to the cables, or increase contactStiffness if the contact is too soft to stop them', { parameter: 'contactStiffness' });
      }
    }
  }

  /**
   * The closest point of the centerline of element j (coordinates e[8j …], length L) to the point (cx, cy): its
   * parameter, distance and side into this.x, this.distance, this.side (the ends or a zero of d/dx |r(x) − c|²).
   */
  private closest(e: Float64Array, j: number, L: number, cx: number, cy: number): void {
    const a = this.coefficients, q = this.squared, dq = this.slope;
    centerlineCoefficients(e, 8 * j, 0, L, a, 0);
    centerlineCoefficients(e, 8 * j, 1, L, a, 4);
    a[0] -= cx; a[4] -= cy;
    // |r(x) − c|² = Σ q_k x^k and its derivative
    q.fill(0);
    for (let m = 0; m < 4; m++) for (let n = 0; n < 4; n++) q[m + n] += a[m] * a[n] + a[4 + m] * a[4 + n];
    for (let k = 0; k < 6; k++) dq[k] = (k + 1) * q[k + 1];
    let best = 0, bestValue = q[0];
    if (sextic(q, L) < bestValue) { best = L; bestValue = sextic(q, L); }
    const count = this.roots.find(dq, 5, 0, L);
    for (let k = 0; k < count; k++) {
      const x = this.roots.values[k], v = sextic(q, x);
      if (v < bestValue) { best = x; bestValue = v; }
    }
    const x = best;
    const rx = a[0] + x * (a[1] + x * (a[2] + x * a[3])), ry = a[4] + x * (a[5] + x * (a[6] + x * a[7]));
    const tx = a[1] + x * (2 * a[2] + 3 * x * a[3]), ty = a[5] + x * (2 * a[6] + 3 * x * a[7]);
    this.x = x;
    this.distance = Math.sqrt(Math.max(0, bestValue));
    // r − c = (rx, ry): the side of c is the sign of t × (c − r) = −(tx ry − ty rx)
    this.side = Math.sign(ty * rx - tx * ry);
  }
}

/** Σ q_k x^k, k = 0 … 6 (Horner). */
function sextic(q: Float64Array, x: number): number {
  let v = q[6];
  for (let k = 5; k >= 0; k--) v = v * x + q[k];
  return v;
}
