/**
 * Reference geometry of the Cosserat rod: the Gauss rules mapped to every element with the reference data of their
 * points (J = |r⁰_ξ|, γ⁰, κ⁰, arc length), and the reference arc length of the interpolated centerline with the map
 * s → (element, η) of the body capability.
 * @module
 */

import { itemError, type ItemLabel } from '../../../core/errors.ts';
import { gaussLegendreUnit, lagrangeBasisInto, type UnitRule } from './lagrange.ts';
import type { RodInterpolation } from './interpolation.ts';

/** Gauss points per element for arc lengths of the reference centerline (J = |r_ξ| is smooth, not polynomial). */
const ARC_LENGTH_POINTS = 16;
/**
 * Entries of the arc-length → element parameter cache of the body capability (direct-mapped by a hash of s: the points
 * of a rod's line items, contact and loads at every element, stay cached across evaluations).
 */
const LOCATION_CACHE_BITS = 11;
const LOCATION_CACHE = 1 << LOCATION_CACHE_BITS;

/** A Gauss rule mapped to every element: shape functions at its points and per-point reference data. */
export class RodRule {
  /** Points per element. */
  readonly count: number;
  /** Element parameters η_k of the points. */
  readonly points: Float64Array;
  /** N_i at point k: n[k(p + 1) + i]. */
  readonly n: Float64Array;
  /** dN_i/dξ = n_el dN_i/dη at point k. */
  readonly dn: Float64Array;
  /** Weights in dξ (w_k / n_el). */
  readonly weight: Float64Array;
  /** J = |r⁰_ξ| at point k of element e: J[e·count + k] (set by {@link ArcLength.referencePointData}). */
  readonly J: Float64Array;
  /** γ⁰ = A⁰ᵀ r⁰_ξ / J, 3 per point. */
  readonly gamma0: Float64Array;
  /** κ⁰ = j⁻¹(Skw(A⁰ᵀ A⁰_ξ)) / J, 3 per point. */
  readonly kappa0: Float64Array;
  /** Reference arc length from the rod start at each point. */
  readonly arc: Float64Array;

  constructor(rule: UnitRule, p: number, nElements: number) {
    const count = rule.points.length;
    this.count = count;
    this.points = rule.points;
    this.n = new Float64Array(count * (p + 1));
    this.dn = new Float64Array(count * (p + 1));
    this.weight = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      lagrangeBasisInto(p, rule.points[k], this.n, this.dn, k * (p + 1));
      for (let i = 0; i <= p; i++) this.dn[k * (p + 1) + i] *= nElements;
      this.weight[k] = rule.weights[k] / nElements;
    }
    this.J = new Float64Array(nElements * count);
    this.gamma0 = new Float64Array(3 * nElements * count);
    this.kappa0 = new Float64Array(3 * nElements * count);
    this.arc = new Float64Array(nElements * count);
  }
}

/**
 * Reference arc length of the interpolated reference centerline (its speed |r⁰_η| from the interpolation, 16-point Gauss per
 * element; p = 1: constant speed, the chord of R12 and quaternion, |u⁰| of SE3),
 * and the arc-length coordinate s ∈ [0, L] of markers and outputs: s → (element, η) by Newton on the arc length,
 * cached; the shape values at the located point in {@link ArcLength.bodyN}, {@link ArcLength.bodyDN}.
 */
export class ArcLength {
  /** Reference arc length per element. */
  readonly elementLength: Float64Array;
  /** Reference arc length at the start of each element (n_el + 1 entries). */
  readonly cumulativeLength: Float64Array;
  /** Total reference arc length L_ref. */
  referenceLength = 0;
  /** Length L of the coordinate s (physicsLength, or L_ref). */
  length = 0;
  /** Element parameter η ∈ [0, 1] of the last located point. */
  bodyEta = 0;
  /** N_i and dN_i/dξ at the last located point. */
  readonly bodyN: Float64Array;
  readonly bodyDN: Float64Array;
  private readonly arcRule: UnitRule;
  private readonly cacheS = new Float64Array(LOCATION_CACHE).fill(Number.NaN);
  private readonly cacheElement = new Int32Array(LOCATION_CACHE);
  private readonly cacheEta = new Float64Array(LOCATION_CACHE);
  /** s and element of the last located point (NaN: none). */
  private lastS = Number.NaN;
  private lastElement = 0;
  /** The bits of a located s, for its cache slot. */
  private readonly keyValue = new Float64Array(1);
  private readonly keyWords = new Uint32Array(this.keyValue.buffer);

  /** For the interpolation of p·n_el + 1 nodes, bound before {@link ArcLength.compute}. */
  constructor(private readonly label: ItemLabel, private readonly p: number, private readonly nElements: number, private readonly interpolation: RodInterpolation) {
    this.elementLength = new Float64Array(nElements);
    this.cumulativeLength = new Float64Array(nElements + 1);
    this.bodyN = new Float64Array(p + 1);
    this.bodyDN = new Float64Array(p + 1);
    this.arcRule = gaussLegendreUnit(ARC_LENGTH_POINTS);
  }

  /** Element lengths from the reference nodes; L = given if positive, else L_ref; clears the location cache. */
  compute(given: number): void {
    this.cacheS.fill(Number.NaN);
    this.lastS = Number.NaN;
    let total = 0;
    for (let e = 0; e < this.nElements; e++) {
      this.cumulativeLength[e] = total;
      this.elementLength[e] = this.partialLength(e, 1);
      total += this.elementLength[e];
    }
    this.cumulativeLength[this.nElements] = total;
    this.referenceLength = total;
    this.length = given > 0 ? given : total;
  }

  /**
   * Arc length, J, γ⁰ and κ⁰ at every point of rule from the reference configuration of the interpolation (after
   * {@link ArcLength.compute}); throws where the reference tangent vanishes.
   */
  referencePointData(interpolation: RodInterpolation, rule: RodRule): void {
    const np = this.p + 1, total = this.referenceLength, strains = interpolation.strains, rXi = interpolation.rXi;
    for (let e = 0; e < this.nElements; e++) {
      for (let k = 0; k < rule.count; k++) {
        const index = e * rule.count + k;
        rule.arc[index] = this.cumulativeLength[e] + this.partialLength(e, rule.points[k]);
        interpolation.section(e, rule.n, rule.dn, k * np, true);
        const J = Math.hypot(rXi[0], rXi[1], rXi[2]);
        if (!(J > 1e-10 * total)) {
          itemError(this.label, 'nodeNumbers', `must give a reference centerline with a nonzero tangent, got |r⁰_ξ| = ${J} at quadrature point ${k} of element ${e}`);
        }
        rule.J[index] = J;
        for (let d = 0; d < 3; d++) {
          rule.gamma0[3 * index + d] = strains.gammaBar[d] / J;
          rule.kappa0[3 * index + d] = strains.kappaBar[d] / J;
        }
      }
    }
  }

  /**
   * Element of the arc length s = localPosition[0] (checked: 0 ≤ s ≤ L, localPosition[1] = localPosition[2] = 0);
   * writes N_i and dN_i/dξ of that element at s into bodyN, bodyDN.
   */
  locate(localPosition: ArrayLike<number>): number {
    const sValue = localPosition[0];
    const y = localPosition[1] ?? 0, z = localPosition[2] ?? 0;
    const L = this.length, tolerance = 1e-12 * L;
    if (!(sValue >= -tolerance && sValue <= L + tolerance) || y !== 0 || z !== 0) {
      itemError(this.label, 'localPosition', `must be [s, 0, 0] with the reference arc length 0 ≤ s ≤ L = ${L}, got [${Array.from(localPosition).join(', ')}]`);
    }
    // the same point as the last call (a line item asks for several quantities at a point in a row): bodyN, bodyDN hold it
    if (sValue === this.lastS) return this.lastElement;
    let e = -1;
    let eta = 0;
    this.keyValue[0] = sValue;
    const slot = Math.imul(this.keyWords[0] ^ this.keyWords[1], 0x9e3779b1) >>> (32 - LOCATION_CACHE_BITS);
    if (this.cacheS[slot] === sValue) {
      e = this.cacheElement[slot];
      eta = this.cacheEta[slot];
    } else {
      const target = Math.min(Math.max(sValue, 0), L) * (this.referenceLength / L);
      // the last element whose start is at or before the target (bisection over the nondecreasing starts)
      let low = 0, high = this.nElements - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (this.cumulativeLength[middle] <= target) low = middle;
        else high = middle - 1;
      }
      e = low;
      eta = this.elementParameter(e, target - this.cumulativeLength[e]);
      this.cacheS[slot] = sValue; this.cacheElement[slot] = e; this.cacheEta[slot] = eta;
    }
    this.bodyEta = eta;
    lagrangeBasisInto(this.p, eta, this.bodyN, this.bodyDN, 0);
    for (let i = 0; i <= this.p; i++) this.bodyDN[i] *= this.nElements;
    this.lastS = sValue;
    this.lastElement = e;
    return e;
  }

  /** η ∈ [0, 1] where the reference arc length from the start of element e equals target (Newton). */
  private elementParameter(e: number, target: number): number {
    let eta = Math.min(Math.max(target / this.elementLength[e], 0), 1);
    for (let iteration = 0; iteration < 50; iteration++) {
      const step = (this.partialLength(e, eta) - target) / this.interpolation.referenceSpeed(e, eta);
      eta = Math.min(Math.max(eta - step, 0), 1);
      if (Math.abs(step) <= 1e-15) break;
    }
    return eta;
  }

  /** Reference arc length of element e from η = 0 to eta: ∫ |r⁰_η| dη by Gauss quadrature (p = 1: constant speed). */
  private partialLength(e: number, eta: number): number {
    if (this.p === 1) return eta * this.interpolation.referenceSpeed(e, 0);
    const rule = this.arcRule;
    let sum = 0;
    for (let k = 0; k < rule.points.length; k++) sum += rule.weights[k] * this.interpolation.referenceSpeed(e, eta * rule.points[k]);
    return eta * sum;
  }
}
