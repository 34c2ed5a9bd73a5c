/**
 * The source of the WebAssembly kernels of GeneralContact's circle–ANCF cable contact (runtime: ancfCableCircle.ts'
 * CableCircleContact), in the TypeScript subset of scripts/wasmKernelCompiler.ts: the chord method's whole evaluation
 * of an element against a circle ({@link chords}), and one segment's integration for the exact method
 * ({@link exactSegment}, the segment found and its ends' derivatives written by the runtime); and the cable elements'
 * bounding boxes ({@link cableBoxes}, runtime: contactANCFCables.ts' ContactANCFCables). The same operations in
 * the same order as the JavaScript they replaced, so the results are the same bit for bit; run as JavaScript, these
 * functions are the reference of the tests.
 *
 * The arrays (see ancfCableCircle.ts' layout):
 * - e, et: the element's total coordinates and their velocities (8 each);
 * - s: [c_x, c_y, v_c,x, v_c,y, ω, L, n (chords), R (contact radius), lever, k, d_c, μ, zone];
 * - g (11), gX (11 × 10), gY (11 × 11): the outputs, as CableCircleContact documents them;
 * - w: the point's work values: chord ends P0, P1 and their velocities (0–7), S (8–11), S' (12–15), the weights of e_j
 *   (16–19), the point and its velocity (20–23), the slopes ∂p/∂x, ∂v/∂x (24–27), f (28–29), n (30–31), ∂f/∂d (32–35),
 *   ∂f/∂Δv (36–39), F (40);
 * - dX: ∂x_a/∂X (0–9) and ∂x_b/∂X (10–19) of the current segment's ends;
 * - r: per point and output row the coefficients Q (0–65) and V (66–131), the ends' sums endA (132–142) and endB
 *   (143–153), per point its weights (154–165), d (166–171) and whether it acted (172–174);
 * - shapes, points, shared: the chord tables of the element's length (S_j at the chord ends, 8 per chord; S_j and τ
 *   at a whole chord's points, 15 per chord; 1 where a chord's start shares the previous chord's end's numbers);
 * - middles: per segment its middle point (x, y) and depth.
 * @module
 */

import type { Int } from '../linalg/wasmModule.ts';
import { shapeFunctions, shapeFunctions_x } from '../items/objects/ancfCable2DShapeFunctions.ts';
import { hypot2 } from '../rotations/hypot.ts';

/**
 * The chord method (n chords of the element, each clipped to the circle): g and, if derivatives ≠ 0, gX and gY of all
 * segments; returns 2 × (number of segments) + 1 if a segment is an active contact (compressive mean force), else + 0.
 */
export function chords(
  e: Float64Array, et: Float64Array, s: Float64Array, g: Float64Array, gX: Float64Array, gY: Float64Array, w: Float64Array,
  dX: Float64Array, r: Float64Array, shapes: Float64Array, points: Float64Array, shared: Float64Array, middles: Float64Array,
  segments: Int, derivatives: Int,
): Int {
  for (let k: Int = 0; k < 11; k++) g[k] = 0;
  if (derivatives !== 0) {
    for (let k: Int = 0; k < 110; k++) gX[k] = 0;
    for (let k: Int = 0; k < 121; k++) gY[k] = 0;
  }
  let count: Int = 0;
  let any: Int = 0;
  const lSeg = s[5] / s[6];
  const R = s[7], R2 = R * R, cx = s[0], cy = s[1];
  const e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3], e4 = e[4], e5 = e[5], e6 = e[6], e7 = e[7];
  const et0 = et[0], et1 = et[1], et2 = et[2], et3 = et[3], et4 = et[4], et5 = et[5], et6 = et[6], et7 = et[7];
  let xPrevious = 0, yPrevious = 0, uPrevious = 0, vPrevious = 0;
  let velocityOf: Int = -1;
  let segmentNumber = 0;
  for (let segment: Int = 0; segment < segments; segment++) {
    const a = segmentNumber * lSeg;
    segmentNumber = segmentNumber + 1;
    const o: Int = 8 * segment;
    const isShared: Int = shared[segment] === 1 ? 1 : 0;
    const b0 = shapes[o + 4], b1 = shapes[o + 5], b2 = shapes[o + 6], b3 = shapes[o + 7];
    const x0 = isShared !== 0 ? xPrevious : 0 + shapes[o] * e0 + shapes[o + 1] * e2 + shapes[o + 2] * e4 + shapes[o + 3] * e6;
    const y0 = isShared !== 0 ? yPrevious : 0 + shapes[o] * e1 + shapes[o + 1] * e3 + shapes[o + 2] * e5 + shapes[o + 3] * e7;
    const x1 = 0 + b0 * e0 + b1 * e2 + b2 * e4 + b3 * e6, y1 = 0 + b0 * e1 + b1 * e3 + b2 * e5 + b3 * e7;
    xPrevious = x1;
    yPrevious = y1;
    // chord P0 + t (P1 − P0) against the circle: A t² + B t + C = 0
    const lx = x1 - x0, ly = y1 - y0;
    const A = lx * lx + ly * ly;
    if (A !== 0) {
      const qx = cx - x0, qy = cy - y0;
      const B = -2 * (qx * lx + qy * ly);
      const C = qx * qx + qy * qy - R2;
      const det = B * B - 4 * A * C;
      if (det > 0) {
        const root = Math.sqrt(det), twoA = 2 * A;
        const t1 = (-B - root) / twoA, t2 = (-B + root) / twoA;
        if (!((t1 < 0 && t2 < 0) || (t1 > 1 && t2 > 1))) {
          // the ends' velocities only for a chord in contact
          const sharedVelocity: Int = isShared !== 0 && velocityOf === segment - 1 ? 1 : 0;
          const u0 = sharedVelocity !== 0 ? uPrevious : 0 + shapes[o] * et0 + shapes[o + 1] * et2 + shapes[o + 2] * et4 + shapes[o + 3] * et6;
          const v0 = sharedVelocity !== 0 ? vPrevious : 0 + shapes[o] * et1 + shapes[o + 1] * et3 + shapes[o + 2] * et5 + shapes[o + 3] * et7;
          const u1 = 0 + b0 * et0 + b1 * et2 + b2 * et4 + b3 * et6, v1 = 0 + b0 * et1 + b1 * et3 + b2 * et5 + b3 * et7;
          uPrevious = u1;
          vPrevious = v1;
          velocityOf = segment;
          w[0] = x0; w[1] = y0; w[2] = x1; w[3] = y1;
          w[4] = u0; w[5] = v0; w[6] = u1; w[7] = v1;
          const xa = a + Math.max(t1, 0) * lSeg, xb = a + Math.min(t2, 1) * lSeg;
          let whole: Int = 0;
          if (t1 <= 0 && t2 >= 1) whole = 1;
          if (derivatives !== 0) {
            chordDerivative(t1, t1 < 0 ? 1 : 0, s, w, shapes, o, lSeg, dX, 0);
            chordDerivative(t2, t2 > 1 ? 1 : 0, s, w, shapes, o, lSeg, dX, 10);
          }
          if (integrate(e, et, s, g, gX, gY, w, dX, r, shapes, points, middles, xa, xb, 0, whole, a, lSeg, o, 15 * segment, count, derivatives) !== 0) any = 1;
          count++;
        }
      }
    }
  }
  return 2 * count + any;
}

/**
 * The exact method's segment [xa, xb] of the centerline (index `count` among the element's segments; dX set by the
 * caller): its terms added to g (and gX, gY); returns 1 if it is an active contact, else 0.
 */
export function exactSegment(
  e: Float64Array, et: Float64Array, s: Float64Array, g: Float64Array, gX: Float64Array, gY: Float64Array, w: Float64Array,
  dX: Float64Array, r: Float64Array, middles: Float64Array, xa: number, xb: number, count: Int, derivatives: Int,
): Int {
  return integrate(e, et, s, g, gX, gY, w, dX, r, middles, middles, middles, xa, xb, 1, 0, 0, 0, 0, 0, count, derivatives);
}

/** ∂x/∂X of a chord–circle intersection t of the chord in w (0 where clamped ≠ 0) into dX[at … at + 9]. */
function chordDerivative(t: number, clamped: Int, s: Float64Array, w: Float64Array, shapes: Float64Array, o: Int, lSeg: number, dX: Float64Array, at: Int): void {
  for (let k: Int = 0; k < 10; k++) dX[at + k] = 0;
  if (clamped !== 0) return;
  // G(t, X) = |P0 + t l − c|² − R² = 0: ∂t/∂X = −(∂G/∂X)/(∂G/∂t) with q = P0 + t l − c, ∂G/∂t = 2 q·l
  const lx = w[2] - w[0], ly = w[3] - w[1];
  const qx = w[0] + t * lx - s[0], qy = w[1] + t * ly - s[1];
  const sq = (qx * lx + qy * ly) / lSeg;
  for (let j: Int = 0; j < 4; j++) {
    const weight = (1 - t) * shapes[o + j] + t * shapes[o + 4 + j];
    dX[at + 2 * j] = -weight * qx / sq;
    dX[at + 2 * j + 1] = -weight * qy / sq;
  }
  dX[at + 8] = qx / sq;
  dX[at + 9] = qy / sq;
}

/**
 * Integrates the segment [xa, xb] (3-point Gauss–Lobatto) into g and, with derivatives (dX set), gX and gY; on a
 * chord (exact = 0: the chord in w, starting at chordStart, of length chordLength, its end shapes at shapes[o …], its
 * whole-chord points at points[pointsAt …] if whole ≠ 0) or on the centerline (exact ≠ 0); returns 1 if the mean normal
 * force of its points is compressive. See ancfCableCircle.ts for the derivatives' structure.
 */
function integrate(
  e: Float64Array, et: Float64Array, s: Float64Array, g: Float64Array, gX: Float64Array, gY: Float64Array, w: Float64Array,
  dX: Float64Array, r: Float64Array, shapes: Float64Array, points: Float64Array, middles: Float64Array, xa: number, xb: number,
  exact: Int, whole: Int, chordStart: number, chordLength: number, o: Int, pointsAt: Int, count: Int, derivatives: Int,
): Int {
  const L = s[5], lever = s[8];
  const omega = s[11] !== 0 ? s[4] : 0; // the circle's rotation enters through friction only
  let mean = 0;
  if (derivatives !== 0) for (let k: Int = 132; k < 154; k++) r[k] = 0;
  let g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4], g5 = g[5], g6 = g[6], g7 = g[7], g8 = g[8], g9 = g[9], g10 = g[10];
  const middle = 0.5 * (xa + xb), length = xb - xa, halfLength = 0.5 * length;
  const cx = s[0], cy = s[1], vcx = s[2], vcy = s[3];
  for (let k: Int = 0; k < 3; k++) {
    r[172 + k] = 0;
    const xi = k === 0 ? -1 : k === 1 ? 0 : 1;
    const lobattoWeight = k === 1 ? 4 / 3 : 1 / 3;
    const x = middle + 0.5 * xi * length;
    const W = halfLength * lobattoWeight;
    // the point's kinematics: p, v (w[20 …]), S (w[8 …]), with derivatives S' (w[12 …]) and the weights (w[16 …])
    if (exact !== 0) {
      shapeFunctions(x, L, w, 8);
      let px = 0, py = 0, vx = 0, vy = 0;
      for (let j: Int = 0; j < 4; j++) {
        const Sj = w[8 + j];
        px = px + Sj * e[2 * j]; vx = vx + Sj * et[2 * j];
        py = py + Sj * e[2 * j + 1]; vy = vy + Sj * et[2 * j + 1];
      }
      w[20] = px; w[21] = py; w[22] = vx; w[23] = vy;
      if (derivatives !== 0) {
        shapeFunctions_x(x, L, w, 12);
        w[16] = w[8]; w[17] = w[9]; w[18] = w[10]; w[19] = w[11];
      }
    } else {
      let tau = 0;
      if (whole !== 0) {
        const at: Int = pointsAt + 5 * k;
        w[8] = points[at]; w[9] = points[at + 1]; w[10] = points[at + 2]; w[11] = points[at + 3];
        tau = points[at + 4];
      } else {
        shapeFunctions(x, L, w, 8);
        tau = (x - chordStart) / chordLength;
      }
      const sigma = 1 - tau;
      w[20] = sigma * w[0] + tau * w[2]; w[21] = sigma * w[1] + tau * w[3];
      w[22] = sigma * w[4] + tau * w[6]; w[23] = sigma * w[5] + tau * w[7];
      if (derivatives !== 0) {
        shapeFunctions_x(x, L, w, 12);
        w[16] = sigma * shapes[o] + tau * shapes[o + 4]; w[17] = sigma * shapes[o + 1] + tau * shapes[o + 5];
        w[18] = sigma * shapes[o + 2] + tau * shapes[o + 6]; w[19] = sigma * shapes[o + 3] + tau * shapes[o + 7];
      }
    }
    const dx0 = w[20] - cx, dy0 = w[21] - cy;
    const dist = hypot2(dx0, dy0);
    const vx = w[22] - vcx + omega * dy0, vy = w[23] - vcy - omega * dx0;
    if (k === 1) {
      const at: Int = 3 * count;
      middles[at] = w[20]; middles[at + 1] = w[21]; middles[at + 2] = s[7] - dist;
    }
    if (pointForce(s, w, dx0, dy0, dist, vx, vy, derivatives) !== 0) {
      mean += w[40] / 3;
      const f0 = w[28], f1 = w[29];
      const torque = lever * (w[30] * f1 - w[31] * f0);
      const WS0 = W * w[8], WS1 = W * w[9], WS2 = W * w[10], WS3 = W * w[11];
      g0 += WS0 * f0; g1 += WS0 * f1;
      g2 += WS1 * f0; g3 += WS1 * f1;
      g4 += WS2 * f0; g5 += WS2 * f1;
      g6 += WS3 * f0; g7 += WS3 * f1;
      g8 += W * f0; g9 += W * f1;
      g10 += W * torque;
      if (derivatives !== 0) {
        r[172 + k] = 1;
        // the slopes ∂p/∂x, ∂v/∂x: the chord's, or the centerline's
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        if (exact !== 0) {
          for (let j: Int = 0; j < 4; j++) {
            const Sxj = w[12 + j];
            s0 = s0 + Sxj * e[2 * j]; s2 = s2 + Sxj * et[2 * j];
            s1 = s1 + Sxj * e[2 * j + 1]; s3 = s3 + Sxj * et[2 * j + 1];
          }
        } else {
          const l = s[5] / s[6];
          s0 = (w[2] - w[0]) / l; s2 = (w[6] - w[4]) / l;
          s1 = (w[3] - w[1]) / l; s3 = (w[7] - w[5]) / l;
        }
        const n0 = w[30], n1 = w[31];
        const fD0 = w[32], fD1 = w[33], fD2 = w[34], fD3 = w[35], fV0 = w[36], fV1 = w[37], fV2 = w[38], fV3 = w[39];
        // ∂f_r/∂X = Σ_i A_ri ∂d_i/∂X + u_r ∂x/∂X
        const A00 = fD0 - omega * fV1, A01 = fD1 + omega * fV0, A10 = fD2 - omega * fV3, A11 = fD3 + omega * fV2;
        const u0 = fV0 * s2 + fV1 * s3, u1 = fV2 * s2 + fV3 * s3;
        const alpha = 0.5 * (1 - xi), beta = 0.5 * (1 + xi), gamma = 0.5 * lobattoWeight;
        const q: Int = 22 * k;
        for (let j: Int = 0; j < 4; j++) {
          const Sj = w[8 + j];
          const WSj = W * Sj, endsJ = W * w[12 + j];
          const row: Int = 2 * j;
          // r = 0
          const Q0 = WSj * A00, Q1 = WSj * A01;
          r[q + 2 * row] = Q0; r[q + 2 * row + 1] = Q1;
          r[66 + q + 2 * row] = WSj * fV0; r[66 + q + 2 * row + 1] = WSj * fV1;
          const E = f0 * Sj, D = endsJ * f0 + WSj * u0 + Q0 * s0 + Q1 * s1;
          r[132 + row] += alpha * D - gamma * E; r[143 + row] += beta * D + gamma * E;
          // r = 1
          const R0 = WSj * A10, R1 = WSj * A11;
          r[q + 2 * row + 2] = R0; r[q + 2 * row + 3] = R1;
          r[66 + q + 2 * row + 2] = WSj * fV2; r[66 + q + 2 * row + 3] = WSj * fV3;
          const F = f1 * Sj, G = endsJ * f1 + WSj * u1 + R0 * s0 + R1 * s1;
          r[133 + row] += alpha * G - gamma * F; r[144 + row] += beta * G + gamma * F;
        }
        {
          const Q0 = W * A00, Q1 = W * A01;
          r[q + 16] = Q0; r[q + 17] = Q1;
          r[66 + q + 16] = W * fV0; r[66 + q + 17] = W * fV1;
          const D = W * u0 + Q0 * s0 + Q1 * s1;
          r[140] += alpha * D - gamma * f0; r[151] += beta * D + gamma * f0;
          const R0 = W * A10, R1 = W * A11;
          r[q + 18] = R0; r[q + 19] = R1;
          r[66 + q + 18] = W * fV2; r[66 + q + 19] = W * fV3;
          const G = W * u1 + R0 * s0 + R1 * s1;
          r[141] += alpha * G - gamma * f1; r[152] += beta * G + gamma * f1;
        }
        {
          const Wl = W * lever, dist1 = 1 / dist;
          const P00 = (1 - n0 * n0) * dist1, P01 = -n0 * n1 * dist1, P11 = (1 - n1 * n1) * dist1;
          const Q0 = Wl * (f1 * P00 - f0 * P01 + n0 * A10 - n1 * A00), Q1 = Wl * (f1 * P01 - f0 * P11 + n0 * A11 - n1 * A01);
          r[q + 20] = Q0; r[q + 21] = Q1;
          r[66 + q + 20] = Wl * (n0 * fV2 - n1 * fV0); r[66 + q + 21] = Wl * (n0 * fV3 - n1 * fV1);
          const D = Wl * (n0 * u1 - n1 * u0) + Q0 * s0 + Q1 * s1;
          r[142] += alpha * D - gamma * torque; r[153] += beta * D + gamma * torque;
        }
        r[154 + 4 * k] = w[16]; r[155 + 4 * k] = w[17];
        r[156 + 4 * k] = w[18]; r[157 + 4 * k] = w[19];
        r[166 + 2 * k] = dx0; r[167 + 2 * k] = dy0;
      }
    }
  }
  g[0] = g0; g[1] = g1; g[2] = g2; g[3] = g3; g[4] = g4; g[5] = g5; g[6] = g6; g[7] = g7; g[8] = g8; g[9] = g9; g[10] = g10;
  if (derivatives !== 0) addSegmentDerivatives(gX, gY, dX, r, omega !== 0 ? 1 : 0);
  return mean < 0 ? 1 : 0;
}

/**
 * The force f at a point with relative position d = (dx, dy) (cable point − centre), dist = |d|, and relative velocity
 * Δv = (vx, vy): f into w[28 …], the normal into w[30 …], F into w[40], with derivatives ∂f/∂d and ∂f/∂Δv (2 × 2
 * row-major) into w[32 …] and w[36 …]; returns 0 if |d| = 0 (no force), else 1.
 */
function pointForce(s: Float64Array, w: Float64Array, dx: number, dy: number, dist: number, vx: number, vy: number, derivatives: Int): Int {
  if (dist === 0) return 0;
  const stiffness = s[9], damping = s[10], mu = s[11], zone = s[12];
  const nx = dx / dist, ny = dy / dist;
  w[30] = nx; w[31] = ny;
  const vn = nx * vx + ny * vy;
  const F = stiffness * (dist - s[7]) + damping * vn;
  w[40] = F;
  const vtx = vx - vn * nx, vty = vy - vn * ny;
  // a squared speed far below zone² answers the zone test without hypot2 (see ancfCableCircle.ts)
  let speed = 0;
  if (!(vtx * vtx + vty * vty < 0.25 * zone * zone && zone > 1e-100)) speed = hypot2(vtx, vty);
  const regularized: Int = speed < zone ? 1 : 0;
  let cf = 0;
  if (!(mu === 0 || (regularized === 0 && speed === 0))) {
    if (regularized !== 0) cf = -mu * F / zone;
    else cf = -mu * F / speed;
  }
  w[28] = F * nx + cf * vtx;
  w[29] = F * ny + cf * vty;
  if (derivatives === 0) return 1;
  // P = I − n nᵀ; ∂F/∂d = k nᵀ + (d_c/|d|) Δvᵀ P; ∂F/∂Δv = d_c nᵀ; ∂(F n)/∂d = n ∂F/∂d + F P/|d|
  const P00 = 1 - nx * nx, P01 = -nx * ny, P11 = 1 - ny * ny;
  const vP0 = vx * P00 + vy * P01, vP1 = vx * P01 + vy * P11;
  const Fd0 = stiffness * nx + damping / dist * vP0, Fd1 = stiffness * ny + damping / dist * vP1;
  const Fv0 = damping * nx, Fv1 = damping * ny;
  let fD0 = nx * Fd0 + F * P00 / dist, fD1 = nx * Fd1 + F * P01 / dist;
  let fD2 = ny * Fd0 + F * P01 / dist, fD3 = ny * Fd1 + F * P11 / dist;
  let fV0 = nx * Fv0, fV1 = nx * Fv1, fV2 = ny * Fv0, fV3 = ny * Fv1;
  if (cf !== 0) {
    // v_t = P Δv: ∂v_t/∂d = −(n (PΔv)ᵀ + v_n P)/|d|, ∂v_t/∂Δv = P
    const Td00 = -(nx * vP0 + vn * P00) / dist, Td01 = -(nx * vP1 + vn * P01) / dist;
    const Td10 = -(ny * vP0 + vn * P01) / dist, Td11 = -(ny * vP1 + vn * P11) / dist;
    if (regularized !== 0) {
      // f_t = c v_t with c = −μF/zone
      const q = -mu / zone;
      fD0 += cf * Td00 + q * vtx * Fd0; fD1 += cf * Td01 + q * vtx * Fd1;
      fD2 += cf * Td10 + q * vty * Fd0; fD3 += cf * Td11 + q * vty * Fd1;
      fV0 += cf * P00 + q * vtx * Fv0; fV1 += cf * P01 + q * vtx * Fv1;
      fV2 += cf * P01 + q * vty * Fv0; fV3 += cf * P11 + q * vty * Fv1;
    } else {
      // f_t = −μF e with e = v_t/|v_t|: ∂e = E ∂v_t, E = (I − e eᵀ)/|v_t|
      const ex = vtx / speed, ey = vty / speed;
      const E00 = (1 - ex * ex) / speed, E01 = -ex * ey / speed, E11 = (1 - ey * ey) / speed;
      const m = -mu * F;
      fD0 += -mu * ex * Fd0 + m * (E00 * Td00 + E01 * Td10); fD1 += -mu * ex * Fd1 + m * (E00 * Td01 + E01 * Td11);
      fD2 += -mu * ey * Fd0 + m * (E01 * Td00 + E11 * Td10); fD3 += -mu * ey * Fd1 + m * (E01 * Td01 + E11 * Td11);
      fV0 += -mu * ex * Fv0 + m * (E00 * P00 + E01 * P01); fV1 += -mu * ex * Fv1 + m * (E00 * P01 + E01 * P11);
      fV2 += -mu * ey * Fv0 + m * (E01 * P00 + E11 * P01); fV3 += -mu * ey * Fv1 + m * (E01 * P01 + E11 * P11);
    }
  }
  w[32] = fD0; w[33] = fD1; w[34] = fD2; w[35] = fD3;
  w[36] = fV0; w[37] = fV1; w[38] = fV2; w[39] = fV3;
  return 1;
}

/**
 * Adds the current segment's terms to gX and gY (withOmega ≠ 0: the circle's ω enters): per entry, the points' sparse
 * columns in point order and then (gX) the segment ends' motion — the additions of ancfCableCircle.ts' former
 * JavaScript in the same order.
 */
function addSegmentDerivatives(gX: Float64Array, gY: Float64Array, dX: Float64Array, r: Float64Array, withOmega: Int): void {
  const act0: Int = r[172] === 1 ? 1 : 0, act1: Int = r[173] === 1 ? 1 : 0, act2: Int = r[174] === 1 ? 1 : 0;
  for (let row: Int = 0; row < 11; row++) {
    const x0: Int = row * 10, y0: Int = row * 11;
    const a = r[132 + row], b = r[143 + row];
    const r0: Int = 2 * row, r1: Int = 22 + 2 * row, r2: Int = 44 + 2 * row;
    const Qa0 = r[r0], Qa1 = r[r0 + 1], Qb0 = r[r1], Qb1 = r[r1 + 1], Qc0 = r[r2], Qc1 = r[r2 + 1];
    const Va0 = r[66 + r0], Va1 = r[67 + r0], Vb0 = r[66 + r1], Vb1 = r[67 + r1], Vc0 = r[66 + r2], Vc1 = r[67 + r2];
    for (let j: Int = 0; j < 4; j++) {
      const wa = r[154 + j], wb = r[158 + j], wc = r[162 + j];
      const m: Int = 2 * j;
      let x = gX[x0 + m], z = gX[x0 + m + 1], u = gY[y0 + m], v = gY[y0 + m + 1];
      if (act0 !== 0) { x += Qa0 * wa; z += Qa1 * wa; u += Va0 * wa; v += Va1 * wa; }
      if (act1 !== 0) { x += Qb0 * wb; z += Qb1 * wb; u += Vb0 * wb; v += Vb1 * wb; }
      if (act2 !== 0) { x += Qc0 * wc; z += Qc1 * wc; u += Vc0 * wc; v += Vc1 * wc; }
      gX[x0 + m] = x + (a * dX[m] + b * dX[10 + m]);
      gX[x0 + m + 1] = z + (a * dX[m + 1] + b * dX[11 + m]);
      gY[y0 + m] = u;
      gY[y0 + m + 1] = v;
    }
    let x = gX[x0 + 8], z = gX[x0 + 9], u = gY[y0 + 8], v = gY[y0 + 9], o = gY[y0 + 10];
    if (act0 !== 0) { x -= Qa0; z -= Qa1; u -= Va0; v -= Va1; if (withOmega !== 0) o += Va0 * r[167] - Va1 * r[166]; }
    if (act1 !== 0) { x -= Qb0; z -= Qb1; u -= Vb0; v -= Vb1; if (withOmega !== 0) o += Vb0 * r[169] - Vb1 * r[168]; }
    if (act2 !== 0) { x -= Qc0; z -= Qc1; u -= Vc0; v -= Vc1; if (withOmega !== 0) o += Vc0 * r[171] - Vc1 * r[170]; }
    gX[x0 + 8] = x + (a * dX[8] + b * dX[18]);
    gX[x0 + 9] = z + (a * dX[9] + b * dX[19]);
    gY[y0 + 8] = u;
    gY[y0 + 9] = v;
    gY[y0 + 10] = o;
  }
}

/**
 * The bounding boxes of `count` cable elements (ContactANCFCables.elementBox): per element i with the total
 * coordinates e[8i …], length lengths[i] and halfHeight halfHeights[i], the range of its cubic centerline on [0, L] in x
 * and y (from the ends and the interior zeros of the derivative) widened by √2·halfHeight, flat in z = 0, into
 * boxes[6i …] (min x, y, z, max x, y, z).
 */
export function cableBoxes(e: Float64Array, lengths: Float64Array, halfHeights: Float64Array, boxes: Float64Array, count: Int): void {
  for (let i: Int = 0; i < count; i++) {
    const L = lengths[i], at: Int = 6 * i, o: Int = 8 * i;
    const widen = 1.4142135623730951 * halfHeights[i];
    for (let k: Int = 0; k < 2; k++) {
      // the power coefficients of component k (centerlineCoefficients)
      const r0 = e[o + k], s0 = e[o + 2 + k], r1 = e[o + 4 + k], s1 = e[o + 6 + k];
      const c0 = r0, c1 = s0;
      const c2 = -(3 * r0 - 3 * r1 + 2 * L * s0 + L * s1) / (L * L);
      const c3 = (2 * r0 - 2 * r1 + L * (s0 + s1)) / (L * L * L);
      const end = c0 + L * (c1 + L * (c2 + L * c3));
      let lo = Math.min(c0, end), hi = Math.max(c0, end);
      // interior extrema: r'(x) = c1 + 2 c2 x + 3 c3 x² = 0
      let xa = 0 / 0, xb = 0 / 0;
      if (c3 !== 0) {
        const det = c2 * c2 - 3 * c3 * c1;
        if (det >= 0) {
          xa = (-c2 + Math.sqrt(det)) / (3 * c3);
          xb = (-c2 - Math.sqrt(det)) / (3 * c3);
        }
      } else if (c2 !== 0) xa = -c1 / (2 * c2);
      if (xa > 0 && xa < L) {
        const v = c0 + xa * (c1 + xa * (c2 + xa * c3));
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      if (xb > 0 && xb < L) {
        const v = c0 + xb * (c1 + xb * (c2 + xb * c3));
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      boxes[at + k] = lo - widen;
      boxes[at + 3 + k] = hi + widen;
    }
    boxes[at + 2] = 0;
    boxes[at + 5] = 0;
  }
}

/**
 * The Jacobian blocks of a cable–circle pair for a circle on a marker with m coordinates (CableCircleContact.pairBlocks):
 * C = factorQ gX + factorU gY on the cable columns (11 × 8); M = D K (11 × m) with D the columns p_x, p_y of gX and v_x,
 * v_y, ω_z of gY and K the marker's kinematics Jacobian (rows p (0–2), θ (3–5), v (6–8), ω (9–11), m columns); rows
 * (m × (8 + m)): per marker coordinate a, −(J[a] row 8 + J[m + a] row 9 + J[2m + a] row 10) of C, then of M.
 */
export function pairBlocks(
  gX: Float64Array, gY: Float64Array, K: Float64Array, J: Float64Array, C: Float64Array, M: Float64Array, rows: Float64Array,
  factorQ: number, factorU: number, m: Int,
): void {
  for (let r: Int = 0; r < 11; r++) for (let k: Int = 0; k < 8; k++) C[8 * r + k] = factorQ * gX[10 * r + k] + factorU * gY[11 * r + k];
  for (let r: Int = 0; r < 11; r++) {
    const dpx = gX[10 * r + 8], dpy = gX[10 * r + 9], dvx = gY[11 * r + 8], dvy = gY[11 * r + 9], dw = gY[11 * r + 10];
    for (let col: Int = 0; col < m; col++) M[r * m + col] = dpx * K[col] + dpy * K[m + col] + dvx * K[6 * m + col] + dvy * K[7 * m + col] + dw * K[11 * m + col];
  }
  const width: Int = 8 + m;
  for (let a: Int = 0; a < m; a++) {
    const px = J[a], py = J[m + a], rz = J[2 * m + a];
    const rowAt: Int = a * width;
    for (let k: Int = 0; k < 8; k++) rows[rowAt + k] = -(px * C[64 + k] + py * C[72 + k] + rz * C[80 + k]);
    for (let col: Int = 0; col < m; col++) rows[rowAt + 8 + col] = -(px * M[8 * m + col] + py * M[9 * m + col] + rz * M[10 * m + col]);
  }
}

/**
 * The largest motion of a point of `count` cable elements between the coordinates e0 and e1 (8 per element), bounded
 * per element by the larger of its ends' displacements plus 4L/27 times the sum of its slopes' changes (lengths[j] = L);
 * the bound of CableTunnellingCheck.
 */
export function cableMotion(e0: Float64Array, e1: Float64Array, lengths: Float64Array, count: Int): number {
  let motion = 0;
  for (let j: Int = 0; j < count; j++) {
    const o: Int = 8 * j;
    motion = Math.max(motion, Math.max(shift(e0, e1, o), shift(e0, e1, o + 4)) + (4 * lengths[j] / 27) * (shift(e0, e1, o + 2) + shift(e0, e1, o + 6)));
  }
  return motion;
}

/** |Δ| of the 2-vector at o between the coordinates e0 and e1. */
function shift(e0: Float64Array, e1: Float64Array, o: Int): number {
  return hypot2(e1[o] - e0[o], e1[o + 1] - e0[o + 1]);
}

/**
 * The boxes swept by `count` cable elements from the coordinates e0 to e1: each element's box at both (cableBoxes)
 * into boxes0 and boxes1, and their union into boxes0.
 */
export function sweptCableBoxes(
  e0: Float64Array, e1: Float64Array, lengths: Float64Array, halfHeights: Float64Array, boxes0: Float64Array, boxes1: Float64Array, count: Int,
): void {
  cableBoxes(e0, lengths, halfHeights, boxes0, count);
  cableBoxes(e1, lengths, halfHeights, boxes1, count);
  for (let j: Int = 0; j < count; j++) {
    const at: Int = 6 * j;
    for (let k: Int = 0; k < 3; k++) {
      boxes0[at + k] = Math.min(boxes0[at + k], boxes1[at + k]);
      boxes0[at + 3 + k] = Math.max(boxes0[at + 3 + k], boxes1[at + 3 + k]);
    }
  }
}
