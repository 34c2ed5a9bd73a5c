/**
 * The source of the WebAssembly module of ObjectContactCurveCircles' force and post-Newton evaluations (see
 * contactCurveCirclesKernels.ts), in the TypeScript subset of scripts/wasmKernelCompiler.ts: the same floating-point
 * operations in the same order as the item's JavaScript (with SegmentDistance and hypot2) had them, so the module's
 * results are the same bit for bit; the tests run these functions as JavaScript against the module's exports.
 *
 * Arrays of an item's memory: frame = [A0 (3 × 3 row-major), p0, v0 (the curve marker's rotation, position and velocity),
 * v0_loc = A0ᵀv0, F0 (the force on m0 in its frame), τ0 (the torque on m0 about its local z axis)]; per circle 16 entries
 * [p_c, v_c (global), c = A0ᵀ(p_c − p0), v_c,loc = A0ᵀv_c, radius, F (the force on it in m0's frame)]; the segments
 * [p0x, p0y, p1x, p1y, …] and their lengths; the data coordinates [circle index, gap, unused] per segment; the work array
 * of a pair p = [t, d, gap, w_x, w_y, n_x, n_y, ġ, f_n].
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot2 } from '../../rotations/hypot.ts';

/** out[o…o+2] = A0ᵀ x with x = [x0, x1, x2] (as the item's transposeTimes sums it). */
function transposeTimes(frame: Float64Array, out: Float64Array, o: Int, x0: number, x1: number, x2: number): void {
  out[o] = frame[0] * x0 + frame[3] * x1 + frame[6] * x2;
  out[o + 1] = frame[1] * x0 + frame[4] * x1 + frame[7] * x2;
  out[o + 2] = frame[2] * x0 + frame[5] * x1 + frame[8] * x2;
}

/** The circles in m0's frame and v0_loc (the item's kinematics after the markers' values). */
export function curveKinematics(frame: Float64Array, circles: Float64Array, nC: Int): void {
  transposeTimes(frame, frame, 15, frame[12], frame[13], frame[14]);
  for (let i: Int = 0; i < nC; i++) {
    const c: Int = i * 16;
    transposeTimes(frame, circles, c + 6, circles[c] - frame[9], circles[c + 1] - frame[10], circles[c + 2] - frame[11]);
    transposeTimes(frame, circles, c + 9, circles[c + 3], circles[c + 4], circles[c + 5]);
  }
}

/** Segment at sg[o] against the circle at circles[c]: t, d, the gap and w into p (SegmentDistance.evaluateGap). */
function pairGap(sg: Float64Array, o: Int, circles: Float64Array, c: Int, p: Float64Array): void {
  const ax = sg[o], ay = sg[o + 1], bx = sg[o + 2], by = sg[o + 3], cx = circles[c + 6], cy = circles[c + 7];
  const ex = bx - ax, ey = by - ay;
  const vx = cx - ax, vy = cy - ay;
  const D = ex * ex + ey * ey;
  let t = D === 0 ? 0 : (vx * ex + vy * ey) / D;
  if (t < 0) t = 0;
  else if (t >= 1) t = 1;
  const wx = ax + t * ex - cx, wy = ay + t * ey - cy;
  const d = hypot2(wx, wy);
  p[0] = t; p[1] = d; p[2] = d - circles[c + 12]; p[3] = wx; p[4] = wy;
}

/** After pairGap: the normal n = −w/d (0 for d = 0), ġ and f_n = k_c g + d_c ġ into p (evaluateNormal and pairForce). */
function pairForce(p: Float64Array, circles: Float64Array, c: Int, frame: Float64Array, stiffness: number, damping: number): void {
  const d = p[1];
  const inverse = d === 0 ? 0 : 1 / d;
  const nx = -(p[3] * inverse), ny = -(p[4] * inverse);
  const normalVelocity = (circles[c + 9] - frame[15]) * nx + (circles[c + 10] - frame[16]) * ny;
  p[5] = nx; p[6] = ny; p[7] = normalVelocity;
  p[8] = p[2] * stiffness + normalVelocity * damping;
}

/**
 * The item's sumForces after its markers' values: the kinematics, then per segment in contact (its stored gap < 0 and
 * its stored circle index one of 0 … nC − 1) F = l_seg f_n n added to its circle, −F to F0 and the torque −(q × F)_z to
 * τ0 (all zeroed first). 1 if a segment is in contact, else 0.
 */
export function curveForces(
  frame: Float64Array, circles: Float64Array, nC: Int, sg: Float64Array, lengths: Float64Array, data: Float64Array, nS: Int,
  p: Float64Array, stiffness: number, damping: number,
): Int {
  curveKinematics(frame, circles, nC);
  for (let i: Int = 0; i < nC; i++) {
    const c: Int = i * 16;
    circles[c + 13] = 0; circles[c + 14] = 0; circles[c + 15] = 0;
  }
  frame[18] = 0; frame[19] = 0; frame[20] = 0; frame[21] = 0;
  let any: Int = 0;
  for (let j: Int = 0; j < nS; j++) {
    if (data[3 * j + 1] < 0) {
      const index = data[3 * j];
      let c: Int = -1;
      let candidate = 0;
      for (let i: Int = 0; i < nC; i++) {
        if (index === candidate) c = i * 16;
        candidate += 1;
      }
      if (c >= 0) {
        any = 1;
        const o: Int = 4 * j;
        pairGap(sg, o, circles, c, p);
        pairForce(p, circles, c, frame, stiffness, damping);
        const f = p[8] * lengths[j];
        const z0 = f * p[5], z1 = f * p[6];
        const t = p[0];
        const qx = sg[o] + t * (sg[o + 2] - sg[o]), qy = sg[o + 1] + t * (sg[o + 3] - sg[o + 1]);
        const z2 = -(qx * z1 - qy * z0);
        circles[c + 13] += z0;
        circles[c + 14] += z1;
        frame[18] -= z0;
        frame[19] -= z1;
        frame[21] += z2;
      }
    }
  }
  return any;
}

/**
 * The item's post-Newton step after its markers' values: the kinematics, then per segment the circle of smallest gap;
 * its index stored where it penetrates with a compressive force (else −1), its gap always; a segment whose gap changed
 * sign sets the returned error |k_c g + d_c ġ| (the last such segment's).
 */
export function curvePostNewton(
  frame: Float64Array, circles: Float64Array, nC: Int, sg: Float64Array, data: Float64Array, nS: Int, p: Float64Array,
  stiffness: number, damping: number,
): number {
  curveKinematics(frame, circles, nC);
  let error = 0;
  for (let j: Int = 0; j < nS; j++) {
    const o: Int = 4 * j, d: Int = 3 * j;
    let gap = 1 / 0;
    let best: Int = -1;
    let index = -1;
    let candidate = 0;
    for (let i: Int = 0; i < nC; i++) {
      const c: Int = i * 16;
      pairGap(sg, o, circles, c, p);
      const g = p[2];
      if (g < gap) {
        gap = g;
        best = c;
        if (g < 0) {
          pairForce(p, circles, c, frame, stiffness, damping);
          if (p[8] < 0) index = candidate;
        }
      }
      candidate += 1;
    }
    data[d] = index;
    const last = data[d + 1];
    data[d + 1] = gap;
    if ((gap > 0 && last <= 0) || (gap <= 0 && last > 0)) {
      let normalVelocity = 0;
      if (best >= 0) {
        pairGap(sg, o, circles, best, p);
        pairForce(p, circles, best, frame, stiffness, damping);
        normalVelocity = p[7];
      }
      error = Math.abs(gap * stiffness + normalVelocity * damping);
    }
  }
  return error;
}
