/**
 * The common tangent of two circles in space (the free span of a rope between two sheaves): circles with centres pA, pB,
 * unit axes aA, aB and radii RA, RB. With c0 = (pB − pA)/|pB − pA|, n = unit(a × c0) and t = n × a per circle, the
 * radius vectors to the tangent points are parametrized as r = R (t cos φ − n sin φ); the angles solve
 * (c + rB − rA)·rA = 0 and (c + rB − rA)·rB = 0 (the tangent is perpendicular to both radii) by Newton's method from
 * φA = φB = π/2, i.e. r = −R (a × c0): the side that the axis direction selects (Exudyn's convention, its
 * EGeometry::CommonTangentOf2Circles). A zero radius drops its equation (r = 0).
 * @module
 */

/** Newton tolerance on the residual, relative to (|c| + RA + RB)(RA + RB). */
const relativeTolerance = 1e-12;
import { hypot2, hypot3 } from '../../rotations/skew.ts';
/** Newton iterations before the tangent counts as not found (from π/2 it converges in 3 to 6 for sheave layouts). */
const maxIterations = 25;

/** cos and sin of the start angle π/2 (the same numbers Math.cos and Math.sin give there: four calls fewer per solve). */
const cosStart = Math.cos(0.5 * Math.PI), sinStart = Math.sin(0.5 * Math.PI);

/** Solves the common tangent of two circles without allocating; one instance per item. */
export class CircleTangentSolver {
  private readonly c = new Float64Array(3);
  private readonly nA = new Float64Array(3);
  private readonly nB = new Float64Array(3);
  private readonly tA = new Float64Array(3);
  private readonly tB = new Float64Array(3);
  private readonly dA = new Float64Array(3);
  private readonly dB = new Float64Array(3);

  /**
   * Writes the radius vectors rA (at out[outOffset]) and rB (at out[outOffset + 3]) of the tangent points; the centres
   * and axes are read at the given offsets. Returns a reason string when there is no tangent (coincident centres, an
   * axis parallel to the line of centres, a singular or non-converging iteration), else undefined.
   */
  solve(
    p: ArrayLike<number>, indexA: number, indexB: number, axes: ArrayLike<number>, RA: number, RB: number,
    out: Float64Array, outOffset: number,
  ): string | undefined {
    out.fill(0, outOffset, outOffset + 6);
    if (RA === 0 && RB === 0) return undefined;
    const { c, nA, nB, tA, tB, dA, dB } = this;
    const a = 3 * indexA, b = 3 * indexB;
    for (let i = 0; i < 3; i++) c[i] = p[b + i] - p[a + i];
    const cLength = hypot3(c[0], c[1], c[2]);
    if (cLength === 0) return 'the centres coincide';
    if (!unitNormal(nA, axes, a, c, cLength) || !unitNormal(nB, axes, b, c, cLength)) return 'a sheave axis is parallel to the line between the centres';
    cross(tA, nA, axes, a);
    cross(tB, nB, axes, b);
    let phiA = 0.5 * Math.PI, phiB = 0.5 * Math.PI;
    const scale = (cLength + RA + RB) * (RA + RB);
    for (let iteration = 0; iteration < maxIterations; iteration++) {
      const start = iteration === 0;
      const cosA = start ? cosStart : Math.cos(phiA), sinA = start ? sinStart : Math.sin(phiA);
      const cosB = start ? cosStart : Math.cos(phiB), sinB = start ? sinStart : Math.sin(phiB);
      let cA = 0, cB = 0, ab = 0, cdA = 0, cdB = 0, dAb = 0, adB = 0;
      for (let i = 0; i < 3; i++) {
        const rA = RA * (tA[i] * cosA - nA[i] * sinA);
        const rB = RB * (tB[i] * cosB - nB[i] * sinB);
        out[outOffset + i] = rA;
        out[outOffset + 3 + i] = rB;
        dA[i] = -RA * (tA[i] * sinA + nA[i] * cosA);
        dB[i] = -RB * (tB[i] * sinB + nB[i] * cosB);
        cA += c[i] * rA; cB += c[i] * rB; ab += rA * rB;
        cdA += c[i] * dA[i]; cdB += c[i] * dB[i]; dAb += dA[i] * rB; adB += rA * dB[i];
      }
      let residualA = cA - RA * RA + ab;
      let residualB = cB + RB * RB - ab;
      let j00 = cdA + dAb, j01 = adB, j10 = -dAb, j11 = cdB - adB;
      if (RA === 0) { j00 = 1; j01 = 0; residualA = 0; }
      if (RB === 0) { j11 = 1; j10 = 0; residualB = 0; }
      if (hypot2(residualA, residualB) <= relativeTolerance * scale) return undefined;
      const det = j00 * j11 - j01 * j10;
      if (det === 0 || !Number.isFinite(det)) return 'the tangent iteration is singular';
      phiA -= (j11 * residualA - j01 * residualB) / det;
      phiB -= (j00 * residualB - j10 * residualA) / det;
    }
    return `the tangent iteration did not converge in ${maxIterations} iterations`;
  }
}

/** out = unit(a × c) for the axis at axes[offset]; false if a ∥ c. */
function unitNormal(out: Float64Array, axes: ArrayLike<number>, offset: number, c: Float64Array, cLength: number): boolean {
  const ax = axes[offset], ay = axes[offset + 1], az = axes[offset + 2];
  out[0] = (ay * c[2] - az * c[1]) / cLength;
  out[1] = (az * c[0] - ax * c[2]) / cLength;
  out[2] = (ax * c[1] - ay * c[0]) / cLength;
  const length = hypot3(out[0], out[1], out[2]);
  if (length === 0) return false;
  for (let i = 0; i < 3; i++) out[i] /= length;
  return true;
}

/** out = n × a for the axis at axes[offset]. */
function cross(out: Float64Array, n: Float64Array, axes: ArrayLike<number>, offset: number): void {
  const ax = axes[offset], ay = axes[offset + 1], az = axes[offset + 2];
  out[0] = n[1] * az - n[2] * ay;
  out[1] = n[2] * ax - n[0] * az;
  out[2] = n[0] * ay - n[1] * ax;
}
