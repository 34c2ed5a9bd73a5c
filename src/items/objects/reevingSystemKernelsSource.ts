/**
 * ObjectConnectorReevingSystemSprings' kernels in the subset of scripts/wasmKernelCompiler.ts: compiled into
 * reevingSystemKernelsModule.ts (the engine runs them as WebAssembly through reevingSystemKernels.ts), and run as
 * JavaScript by the tests as the reference the module matches bit for bit. Each is one call per evaluation of the rope,
 * each entry the operations of the item's former JavaScript in its order, so the results are the same to the last bit.
 *
 * Each rope has a region of doubles j and a table of Ints n of its own (reevingSystemKernels.ts lays them out): n[0] the
 * number S of rigid markers, n[1] the widest marker's local coordinates w, n[2…13] the offsets in j of the markers'
 * positions, velocities, angular velocities and global axes (3 per marker), the spans' tangent radius vectors rA, rB
 * (6 per span), unit directions (3 per span) and lengths, the wrap-angle arguments x, y (2 per marker), the forces and
 * torques on the markers (3 per marker), the markers' position and rotation Jacobians (6w per marker: 3 × n_i each,
 * row-major, the rotation Jacobian at 3w) and the generalized forces (w per marker); n[14] the span of the tangent kernels,
 * n[15…17] the offsets of the markers' radii R_i (1 each), of the spans' inputs of their last tangent solve (14 each:
 * the centres and axes of its two markers, their radii) and of the tangent kernels' scratch (22); n[18 + i] the local
 * coordinates n_i of marker i; n[18 + S], n[19 + S] the offsets of the markers' rotation matrices A_i (9 each, row-major)
 * and of their sheave axes ā_i in their frames (3 each). Constants and inputs j[0…3]: the rope force F, the torsional and shear damping DT and DS, and 1 if
 * either of them is non-zero (else 0).
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot2, hypot3 } from '../../rotations/hypot.ts';

/**
 * Per span i: its unit direction d and length ℓ (from the tangent point at marker i to that at i + 1); per inner marker
 * i the arguments x = rB(i − 1)·rA(i), y = (a_i × rB(i − 1))·rA(i) of its wrap angle atan2(y, x). Returns the rope's
 * length rate L̇ = Σ (v_{i+1} + ω_{i+1} × rB − v_i − ω_i × rA)·d over the spans with ℓ ≠ 0.
 */
export function spans(j: Float64Array, n: Int32Array): number {
  const S: Int = n[0];
  const p: Int = n[2], vel: Int = n[3], omega: Int = n[4], axis: Int = n[5], t: Int = n[6], dir: Int = n[7], len: Int = n[8], wrap: Int = n[9];
  let rate: number = 0;
  for (let i: Int = 0; i < S - 1; i++) {
    const a: Int = 3 * i, b: Int = a + 3, rA: Int = t + 6 * i, rB: Int = rA + 3;
    let d0 = j[p + b] + j[rB] - j[p + a] - j[rA];
    let d1 = j[p + b + 1] + j[rB + 1] - j[p + a + 1] - j[rA + 1];
    let d2 = j[p + b + 2] + j[rB + 2] - j[p + a + 2] - j[rA + 2];
    const span = hypot3(d0, d1, d2);
    if (span !== 0) {
      d0 /= span; d1 /= span; d2 /= span;
    }
    j[len + i] = span;
    j[dir + a] = d0; j[dir + a + 1] = d1; j[dir + a + 2] = d2;
    if (span !== 0) {
      const wa: Int = omega + a, wb: Int = omega + b, va: Int = vel + a, vb: Int = vel + b;
      let vB = j[vb] + j[wb + 1] * j[rB + 2] - j[wb + 2] * j[rB + 1];
      let vA = j[va] + j[wa + 1] * j[rA + 2] - j[wa + 2] * j[rA + 1];
      rate += (vB - vA) * d0;
      vB = j[vb + 1] + j[wb + 2] * j[rB] - j[wb] * j[rB + 2];
      vA = j[va + 1] + j[wa + 2] * j[rA] - j[wa] * j[rA + 2];
      rate += (vB - vA) * d1;
      vB = j[vb + 2] + j[wb] * j[rB + 1] - j[wb + 1] * j[rB];
      vA = j[va + 2] + j[wa] * j[rA + 1] - j[wa + 1] * j[rA];
      rate += (vB - vA) * d2;
    }
  }
  for (let i: Int = 1; i < S - 1; i++) {
    const last: Int = t + 6 * (i - 1) + 3, next: Int = t + 6 * i, a: Int = axis + 3 * i;
    let x: number = 0;
    let y: number = 0;
    const n0 = j[a + 1] * j[last + 2] - j[a + 2] * j[last + 1];
    x += j[last] * j[next];
    y += n0 * j[next];
    const n1 = j[a + 2] * j[last] - j[a] * j[last + 2];
    x += j[last + 1] * j[next + 1];
    y += n1 * j[next + 1];
    const n2 = j[a] * j[last + 1] - j[a + 1] * j[last];
    x += j[last + 2] * j[next + 2];
    y += n2 * j[next + 2];
    j[wrap + 2 * i] = x;
    j[wrap + 2 * i + 1] = y;
  }
  return rate;
}

/**
 * The forces and torques of the spans on the markers (the rope force F d_i, torsional and shear damping), then per
 * marker i its generalized forces J_posᵀ f_i + J_rotᵀ τ_i into its w entries (n_i of them written). Returns 0.
 */
export function loads(j: Float64Array, n: Int32Array): number {
  const S: Int = n[0], w: Int = n[1];
  const vel: Int = n[3], omega: Int = n[4], t: Int = n[6], dir: Int = n[7], len: Int = n[8], force: Int = n[10], torque: Int = n[11];
  const jac: Int = n[12], out: Int = n[13];
  const F = j[0], DT = j[1], DS = j[2];
  for (let k: Int = 0; k < 3 * S; k++) {
    j[force + k] = 0;
    j[torque + k] = 0;
  }
  for (let i: Int = 0; i < S - 1; i++) {
    const span = j[len + i];
    const a: Int = 3 * i, b: Int = a + 3, rA: Int = t + 6 * i, rB: Int = rA + 3;
    const d0 = j[dir + a], d1 = j[dir + a + 1], d2 = j[dir + a + 2];
    let px = -F * d0, py = -F * d1, pz = -F * d2;
    let tx: number = 0;
    let ty: number = 0;
    let tz: number = 0;
    if (j[3] !== 0) {
      const wa: Int = omega + a, wb: Int = omega + b;
      const relativeSpin = (j[wb] - j[wa]) * d0 + (j[wb + 1] - j[wa + 1]) * d1 + (j[wb + 2] - j[wa + 2]) * d2;
      tx = -DT * relativeSpin * d0;
      ty = -DT * relativeSpin * d1;
      tz = -DT * relativeSpin * d2;
      if (span !== 0) {
        const va: Int = vel + a, vb: Int = vel + b;
        const rel0 = j[vb] + j[wb + 1] * j[rB + 2] - j[wb + 2] * j[rB + 1] - (j[va] + j[wa + 1] * j[rA + 2] - j[wa + 2] * j[rA + 1]);
        const rel1 = j[vb + 1] + j[wb + 2] * j[rB] - j[wb] * j[rB + 2] - (j[va + 1] + j[wa + 2] * j[rA] - j[wa] * j[rA + 2]);
        const rel2 = j[vb + 2] + j[wb] * j[rB + 1] - j[wb + 1] * j[rB] - (j[va + 2] + j[wa] * j[rA + 1] - j[wa + 1] * j[rA]);
        const along = rel0 * d0 + rel1 * d1 + rel2 * d2;
        const factor = DS / span;
        px -= factor * (rel0 - along * d0);
        py -= factor * (rel1 - along * d1);
        pz -= factor * (rel2 - along * d2);
      }
    }
    const fa: Int = force + a, fb: Int = force + b, ta: Int = torque + a, tb: Int = torque + b;
    j[fa] += px; j[fa + 1] += py; j[fa + 2] += pz;
    j[fb] -= px; j[fb + 1] -= py; j[fb + 2] -= pz;
    j[ta] += tx + j[rA + 1] * pz - j[rA + 2] * py;
    j[ta + 1] += ty + j[rA + 2] * px - j[rA] * pz;
    j[ta + 2] += tz + j[rA] * py - j[rA + 1] * px;
    j[tb] -= tx + j[rB + 1] * pz - j[rB + 2] * py;
    j[tb + 1] -= ty + j[rB + 2] * px - j[rB] * pz;
    j[tb + 2] -= tz + j[rB] * py - j[rB + 1] * px;
  }
  for (let i: Int = 0; i < S; i++) {
    const m: Int = n[18 + i];
    const jp: Int = jac + 6 * w * i, jr: Int = jp + 3 * w, o: Int = out + w * i;
    const f0 = j[force + 3 * i], f1 = j[force + 3 * i + 1], f2 = j[force + 3 * i + 2];
    const t0 = j[torque + 3 * i], t1 = j[torque + 3 * i + 1], t2 = j[torque + 3 * i + 2];
    for (let k: Int = 0; k < m; k++) {
      j[o + k] = j[jp + k] * f0 + j[jp + m + k] * f1 + j[jp + 2 * m + k] * f2 + j[jr + k] * t0 + j[jr + m + k] * t1 + j[jr + 2 * m + k] * t2;
    }
  }
  return 0;
}

/*
 * The common tangent of two circles in space (span i of the rope, between markers i and i + 1): circles with centres
 * pA, pB, unit axes aA, aB and radii RA, RB. With c0 = (pB − pA)/|pB − pA|, n = unit(a × c0) and t = n × a per circle,
 * the radius vectors to the tangent points are r = R (t cos φ − n sin φ); the angles solve (c + rB − rA)·rA = 0 and
 * (c + rB − rA)·rB = 0 (the tangent is perpendicular to both radii) by Newton's method from φA = φB = π/2, i.e.
 * r = −R (a × c0): the side that the axis direction selects (Exudyn's convention, its
 * EGeometry::CommonTangentOf2Circles). A zero radius drops its equation (r = 0). The kernels have no trigonometry: the
 * caller runs the iteration (reevingSystemKernels.ts: tangentStart, then per iteration cos and sin of the angles into the
 * scratch and tangentStep). Scratch: c [0…2], nA [3…5], nB [6…8], tA [9…11], tB [12…14], φA, φB [15, 16], cos φA, sin φA,
 * cos φB, sin φB [17…20], the tolerance scale [21].
 */

/**
 * Starts the tangent solve of span n[14]; for span 0, first forms every marker's global axis a_i = A_i ā_i. Returns 1 when its inputs (centres, axes, radii; ±0 told apart, a NaN never
 * the same) are those of its last solve (the tangents are current) or both radii are 0 (zero radius vectors written),
 * 0 when the iteration is set up (rA = rB = 0 written; the caller iterates), 3 for coincident centres, 4 for an axis
 * parallel to the line of centres. The inputs are stored for the next call in every case.
 */
export function tangentStart(j: Float64Array, n: Int32Array): number {
  const i: Int = n[14];
  const p: Int = n[2], axes: Int = n[5], radii: Int = n[15], x: Int = n[16] + 14 * i, s: Int = n[17], o: Int = n[6] + 6 * i;
  const a: Int = 3 * i, b: Int = a + 3;
  if (i === 0) {
    const S: Int = n[0], rotations: Int = n[18 + S], local: Int = n[19 + S];
    for (let m: Int = 0; m < S; m++) {
      const A: Int = rotations + 9 * m, x: Int = local + 3 * m, out: Int = axes + 3 * m;
      const x0 = j[x], x1 = j[x + 1], x2 = j[x + 2];
      j[out] = j[A] * x0 + j[A + 1] * x1 + j[A + 2] * x2;
      j[out + 1] = j[A + 3] * x0 + j[A + 4] * x1 + j[A + 5] * x2;
      j[out + 2] = j[A + 6] * x0 + j[A + 7] * x1 + j[A + 8] * x2;
    }
  }
  const RA = j[radii + i], RB = j[radii + i + 1];
  let same: Int = 1;
  if (RA !== j[x + 12] || RB !== j[x + 13]) same = 0;
  for (let k: Int = 0; k < 6; k++) {
    const pk = j[p + a + k], ak = j[axes + a + k];
    const xp = j[x + k], xa = j[x + 6 + k];
    // (±0 compare equal: their reciprocals tell them apart)
    if (pk !== xp || ak !== xa || (pk === 0 && 1 / pk !== 1 / xp) || (ak === 0 && 1 / ak !== 1 / xa)) same = 0;
    j[x + k] = pk; j[x + 6 + k] = ak;
  }
  j[x + 12] = RA; j[x + 13] = RB;
  if (same === 1) return 1;
  for (let k: Int = 0; k < 6; k++) j[o + k] = 0;
  if (RA === 0 && RB === 0) return 1;
  const c0 = j[p + b] - j[p + a], c1 = j[p + b + 1] - j[p + a + 1], c2 = j[p + b + 2] - j[p + a + 2];
  j[s] = c0; j[s + 1] = c1; j[s + 2] = c2;
  const cLength = hypot3(c0, c1, c2);
  if (cLength === 0) return 3;
  if (unitNormal(j, s + 3, axes + a, c0, c1, c2, cLength) === 0) return 4;
  if (unitNormal(j, s + 6, axes + b, c0, c1, c2, cLength) === 0) return 4;
  cross(j, s + 9, s + 3, axes + a);
  cross(j, s + 12, s + 6, axes + b);
  j[s + 15] = 0.5 * 3.141592653589793;
  j[s + 16] = 0.5 * 3.141592653589793;
  j[s + 21] = (cLength + RA + RB) * (RA + RB);
  return 0;
}

/**
 * One Newton iteration of the tangent solve of span n[14] at the angles whose cos and sin are in the scratch: writes
 * rA, rB of those angles; returns 1 when the residual is within the tolerance (the tangents are those rA, rB), 5 when
 * the iteration matrix is singular or not finite, else 0 (the angles updated in the scratch).
 */
export function tangentStep(j: Float64Array, n: Int32Array): number {
  const i: Int = n[14];
  const radii: Int = n[15], s: Int = n[17], o: Int = n[6] + 6 * i;
  const RA = j[radii + i], RB = j[radii + i + 1];
  const cosA = j[s + 17], sinA = j[s + 18], cosB = j[s + 19], sinB = j[s + 20];
  let cA: number = 0;
  let cB: number = 0;
  let ab: number = 0;
  let cdA: number = 0;
  let cdB: number = 0;
  let dAb: number = 0;
  let adB: number = 0;
  for (let k: Int = 0; k < 3; k++) {
    const ck = j[s + k], nA = j[s + 3 + k], nB = j[s + 6 + k], tA = j[s + 9 + k], tB = j[s + 12 + k];
    const rA = RA * (tA * cosA - nA * sinA);
    const rB = RB * (tB * cosB - nB * sinB);
    j[o + k] = rA;
    j[o + 3 + k] = rB;
    const dA = -RA * (tA * sinA + nA * cosA);
    const dB = -RB * (tB * sinB + nB * cosB);
    cA += ck * rA; cB += ck * rB; ab += rA * rB;
    cdA += ck * dA; cdB += ck * dB; dAb += dA * rB; adB += rA * dB;
  }
  let residualA = cA - RA * RA + ab;
  let residualB = cB + RB * RB - ab;
  let j00 = cdA + dAb, j01 = adB, j10 = -dAb, j11 = cdB - adB;
  if (RA === 0) {
    j00 = 1; j01 = 0; residualA = 0;
  }
  if (RB === 0) {
    j11 = 1; j10 = 0; residualB = 0;
  }
  // Newton tolerance on the residual: 1e-12 relative to (|c| + RA + RB)(RA + RB)
  if (hypot2(residualA, residualB) <= 1e-12 * j[s + 21]) return 1;
  const det = j00 * j11 - j01 * j10;
  if (det === 0 || det - det !== 0) return 5;
  j[s + 15] -= (j11 * residualA - j01 * residualB) / det;
  j[s + 16] -= (j00 * residualB - j10 * residualA) / det;
  return 0;
}

/** j[out…out + 2] = unit(a × c)/|c|… for the axis at j[axis…]: the normal unit(a × c0); returns 0 if a ∥ c. */
function unitNormal(j: Float64Array, out: Int, axis: Int, c0: number, c1: number, c2: number, cLength: number): Int {
  const ax = j[axis], ay = j[axis + 1], az = j[axis + 2];
  const x = (ay * c2 - az * c1) / cLength;
  const y = (az * c0 - ax * c2) / cLength;
  const z = (ax * c1 - ay * c0) / cLength;
  const length = hypot3(x, y, z);
  if (length === 0) return 0;
  j[out] = x / length; j[out + 1] = y / length; j[out + 2] = z / length;
  return 1;
}

/** j[out…out + 2] = n × a for the normal at j[normal…] and the axis at j[axis…]. */
function cross(j: Float64Array, out: Int, normal: Int, axis: Int): void {
  const ax = j[axis], ay = j[axis + 1], az = j[axis + 2];
  const n0 = j[normal], n1 = j[normal + 1], n2 = j[normal + 2];
  j[out] = n1 * az - n2 * ay;
  j[out + 1] = n2 * ax - n0 * az;
  j[out + 2] = n0 * ay - n1 * ax;
}
