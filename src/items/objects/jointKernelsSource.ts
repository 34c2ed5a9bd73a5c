/**
 * The source of the WebAssembly module of the joints' per-evaluation arithmetic (JointModel of jointKernel.ts; see
 * jointKernels.ts), written in the TypeScript subset of scripts/wasmKernelCompiler.ts: from the markers' kinematics, the
 * joint frames and their rates, the generic equations, the item's rows and their C_qᵀλ terms or their Jacobian rows.
 * Each function does the same floating-point operations in the same order as the joint's JavaScript did (wasm has no
 * fused multiply-add), so the module's results are the same bit for bit; the tests run these functions as JavaScript
 * against the module's exports. Matrices are 3 × 3 row-major; a marker's Jacobians are 3 × n_i row-major (n_i its
 * coordinates). Joints with offset user functions do not come here: the offsets are zero (t − 0 is t, bit for bit).
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { mat3Mul, nodeMarker } from './nodeMarkerKernelsSource.ts';

/**
 * One evaluation of a joint on rigid markers. Inputs: the markers' orientations a0, a1, the joint's rotations r0, r1,
 * positions p0, p1, velocities v0, v1 and body-fixed angular velocities omega0, omega1 (read if index2 ≠ 0), the position
 * Jacobians j0, j1 and rotation Jacobians g0, g1 (read if reactions or jacobian ≠ 0), λ of the item's rows in lambda, the
 * residual's entries of the joint's coordinates in reaction (read if reactions ≠ 0). The joint's set-up, integers as
 * doubles in `setup`: [fromLeft, frame, alternative, rows, s0..s5, i0..i2, l0..l2]. The item's rows: rows of them, row r
 * writing generic equation s_r (0..5; −1: g = λ), rotation row k (generic 3 + k) the dot product of column i_k of A0all
 * and column l_k of A1all (or, alternative ≠ 0 on position level, Exudyn's alternative equation k). frame: the
 * translation rows measure p1 − p0 in the global frame (0), in J0 (1) or in J1 (2). fromLeft ≠ 0: A0all = R0 A0. Outputs: the rows into g; reactions ≠ 0: reaction += C_qᵀλ, row by row, rows with λ = 0
 * or g = λ left out; jacobian ≠ 0: C_q into c (rows × (n0 + n1), row-major; zero rows for g = λ). Work: the joint frames
 * a0All, a1All, their rates a0AllDot, a1AllDot, dp, dv, the products' work `product` and `skew`, the generic
 * equations `generic`.
 */
export function evaluateJoint(
  a0: Float64Array, a1: Float64Array, r0: Float64Array, r1: Float64Array, p0: Float64Array, p1: Float64Array,
  v0: Float64Array, v1: Float64Array, omega0: Float64Array, omega1: Float64Array,
  j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array, lambda: Float64Array, reaction: Float64Array,
  g: Float64Array, c: Float64Array, a0All: Float64Array, a1All: Float64Array, a0AllDot: Float64Array, a1AllDot: Float64Array,
  dp: Float64Array, dv: Float64Array, skew: Float64Array, product: Float64Array, generic: Float64Array, setup: Float64Array,
  n0: Int, n1: Int, index2: Int, reactions: Int, jacobian: Int,
): void {
  const fromLeft: Int = small(setup[0]), frame: Int = small(setup[1]), alternative: Int = small(setup[2]), rows: Int = small(setup[3]);
  const s0: Int = small(setup[4]), s1: Int = small(setup[5]), s2: Int = small(setup[6]);
  const s3: Int = small(setup[7]), s4: Int = small(setup[8]), s5: Int = small(setup[9]);
  const i0: Int = small(setup[10]), i1: Int = small(setup[11]), i2: Int = small(setup[12]);
  const l0: Int = small(setup[13]), l1: Int = small(setup[14]), l2: Int = small(setup[15]);
  if (fromLeft !== 0) mat3Mul(a0All, r0, a0);
  else mat3Mul(a0All, a0, r0);
  mat3Mul(a1All, a1, r1);
  dp[0] = p1[0] - p0[0]; dp[1] = p1[1] - p0[1]; dp[2] = p1[2] - p0[2];
  if (index2 !== 0) {
    dv[0] = v1[0] - v0[0]; dv[1] = v1[1] - v0[1]; dv[2] = v1[2] - v0[2];
    // Ȧall = (A ω̄̃) R, as two products with the skew matrix's zeros
    skewOf(skew, omega0);
    mat3Mul(product, a0, skew);
    mat3Mul(a0AllDot, product, r0);
    skewOf(skew, omega1);
    mat3Mul(product, a1, skew);
    mat3Mul(a1AllDot, product, r1);
  }
  for (let r: Int = 0; r < rows; r++) {
    const row: Int = rowSource(r, s0, s1, s2, s3, s4, s5);
    if (row >= 0 && row < 3) {
      generic[row] = translation(a0All, a1All, a0AllDot, a1AllDot, dp, dv, row, frame, index2);
    } else if (row >= 3) {
      const k: Int = row - 3;
      const i: Int = k === 0 ? i0 : k === 1 ? i1 : i2;
      const l: Int = k === 0 ? l0 : k === 1 ? l1 : l2;
      if (index2 !== 0) {
        generic[row] = (a0AllDot[i] * a1All[l] + a0AllDot[3 + i] * a1All[3 + l] + a0AllDot[6 + i] * a1All[6 + l])
          + (a0All[i] * a1AllDot[l] + a0All[3 + i] * a1AllDot[3 + l] + a0All[6 + i] * a1AllDot[6 + l]);
      } else if (alternative !== 0) {
        const m: Int = k === 2 ? 0 : k + 1;
        const o: Int = k === 0 ? 2 : k - 1;
        generic[row] = columnTriple(a0All, k, a1All, m, a0All, o) - 1;
      } else {
        generic[row] = a0All[i] * a1All[l] + a0All[3 + i] * a1All[3 + l] + a0All[6 + i] * a1All[6 + l];
      }
    }
  }
  for (let r: Int = 0; r < rows; r++) {
    const row: Int = rowSource(r, s0, s1, s2, s3, s4, s5);
    if (row >= 0) g[r] = generic[row];
    else g[r] = lambda[r];
  }
  const n: Int = n0 + n1;
  if (reactions !== 0) {
    for (let r: Int = 0; r < rows; r++) {
      const row: Int = rowSource(r, s0, s1, s2, s3, s4, s5);
      const l: number = lambda[r];
      if (l !== 0 && row >= 0) {
        rowEntries(a0All, a1All, dp, j0, g0, j1, g1, reaction, 0, l, 1, n0, n1, row, frame, i0, i1, i2, l0, l1, l2);
      }
    }
  }
  if (jacobian !== 0) {
    for (let r: Int = 0; r < rows; r++) {
      const row: Int = rowSource(r, s0, s1, s2, s3, s4, s5);
      if (row >= 0) rowEntries(a0All, a1All, dp, j0, g0, j1, g1, c, r * n, 1, 0, n0, n1, row, frame, i0, i1, i2, l0, l1, l2);
      else {
        for (let k: Int = 0; k < n; k++) c[r * n + k] = 0;
      }
    }
  }
}

/**
 * {@link evaluateJoint} with the markers' kinematics formed first from their nodes (nodeMarker, into a0/p0/v0/omega0/j0/g0
 * and a1/p1/v1/omega1/j1/g1, from constants0 and constants1, the nodes' coordinates and velocities in `nodes`, marker i's
 * from 14·i on). The other arguments are evaluateJoint's. A set-up with frame 3 (setup[1]) is a distance constraint
 * instead ({@link evaluateDistance}, d = setup[4]).
 */
export function evaluateNodeJoint(
  a0: Float64Array, a1: Float64Array, r0: Float64Array, r1: Float64Array, p0: Float64Array, p1: Float64Array,
  v0: Float64Array, v1: Float64Array, omega0: Float64Array, omega1: Float64Array,
  j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array, lambda: Float64Array, reaction: Float64Array,
  g: Float64Array, c: Float64Array, a0All: Float64Array, a1All: Float64Array, a0AllDot: Float64Array, a1AllDot: Float64Array,
  dp: Float64Array, dv: Float64Array, skew: Float64Array, product: Float64Array, generic: Float64Array, setup: Float64Array,
  n0: Int, n1: Int, index2: Int, reactions: Int, jacobian: Int, constants0: Float64Array, constants1: Float64Array, nodes: Float64Array,
  kind0: Int, kind1: Int,
): void {
  nodeMarker(a0, p0, v0, omega0, j0, g0, constants0, nodes, 0, kind0);
  nodeMarker(a1, p1, v1, omega1, j1, g1, constants1, nodes, 14, kind1);
  if (setup[1] > 2.5) {
    evaluateDistance(p0, p1, v0, v1, j0, j1, g, c, dp, dv, generic, setup[4], n0, n1, index2, jacobian);
    return;
  }
  evaluateJoint(a0, a1, r0, r1, p0, p1, v0, v1, omega0, omega1, j0, g0, j1, g1, lambda, reaction, g, c, a0All, a1All, a0AllDot, a1AllDot,
    dp, dv, skew, product, generic, setup, n0, n1, index2, reactions, jacobian);
}

/**
 * A distance constraint (ObjectConnectorDistance) from the markers' positions p0, p1, velocities v0, v1 (read if
 * index2 ≠ 0) and position Jacobians j0, j1 (read if jacobian ≠ 0), with the operations of its JavaScript: |Δp| into
 * generic[0]; g = |Δp| − d, or on velocity level (1/|Δp|) ΔpᵀΔv; jacobian ≠ 0: the row [0 − nᵀJ0, 0 + nᵀJ1] into c
 * (MarkerPair.addForcePair into a zeroed row), n = (1/|Δp|) Δp.
 */
function evaluateDistance(
  p0: Float64Array, p1: Float64Array, v0: Float64Array, v1: Float64Array, j0: Float64Array, j1: Float64Array,
  g: Float64Array, c: Float64Array, dp: Float64Array, dv: Float64Array, generic: Float64Array, d: number,
  n0: Int, n1: Int, index2: Int, jacobian: Int,
): void {
  const dx: number = p1[0] - p0[0], dy: number = p1[1] - p0[1], dz: number = p1[2] - p0[2];
  dp[0] = dx; dp[1] = dy; dp[2] = dz;
  const length: number = Math.sqrt(dx * dx + dy * dy + dz * dz);
  generic[0] = length;
  if (index2 === 0) g[0] = length - d;
  else {
    const ex: number = v1[0] - v0[0], ey: number = v1[1] - v0[1], ez: number = v1[2] - v0[2];
    dv[0] = ex; dv[1] = ey; dv[2] = ez;
    g[0] = (1 / length) * (dx * ex + dy * ey + dz * ez);
  }
  if (jacobian === 0) return;
  const inv: number = 1 / length;
  const nx: number = inv * dx, ny: number = inv * dy, nz: number = inv * dz;
  for (let k: Int = 0; k < n0; k++) c[k] = 0 - (j0[k] * nx + j0[n0 + k] * ny + j0[2 * n0 + k] * nz);
  for (let k: Int = 0; k < n1; k++) c[n0 + k] = 0 + (j1[k] * nx + j1[n1 + k] * ny + j1[2 * n1 + k] * nz);
}

/** The integer −1..6 that x holds (the set-up's entries are doubles: the subset converts no f64 to Int). */
function small(x: number): Int {
  return x < 0 ? -1 : x < 1 ? 0 : x < 2 ? 1 : x < 3 ? 2 : x < 4 ? 3 : x < 5 ? 4 : x < 6 ? 5 : 6;
}

/** s_r, the generic equation of item row r. */
function rowSource(r: Int, s0: Int, s1: Int, s2: Int, s3: Int, s4: Int, s5: Int): Int {
  if (r === 0) return s0;
  if (r === 1) return s1;
  if (r === 2) return s2;
  if (r === 3) return s3;
  if (r === 4) return s4;
  return s5;
}

/**
 * Translation equation `row`: component `row` of p1 − p0 (global), of A0allᵀ(p1 − p0) or A1allᵀ(p1 − p0); on velocity
 * level v1 − v0, or Aᵀ(v1 − v0) + Ȧᵀ(p1 − p0).
 */
function translation(a0All: Float64Array, a1All: Float64Array, a0AllDot: Float64Array, a1AllDot: Float64Array, dp: Float64Array, dv: Float64Array, row: Int, frame: Int, index2: Int): number {
  if (frame === 0) return index2 !== 0 ? dv[row] : dp[row];
  if (frame === 1) {
    if (index2 !== 0) return columnDot(a0All, row, dv) + columnDot(a0AllDot, row, dp);
    return columnDot(a0All, row, dp);
  }
  if (index2 !== 0) return columnDot(a1All, row, dv) + columnDot(a1AllDot, row, dp);
  return columnDot(a1All, row, dp);
}

/** Column i of a dotted with x (a[i] x0 + a[3 + i] x1 + a[6 + i] x2). */
function columnDot(a: Float64Array, i: Int, x: Float64Array): number {
  return a[i] * x[0] + a[3 + i] * x[1] + a[6 + i] * x[2];
}

/** Triple product col_i(a) · (col_j(b) × col_k(e)). */
function columnTriple(a: Float64Array, i: Int, b: Float64Array, j: Int, e: Float64Array, k: Int): number {
  const bx: number = b[j], by: number = b[3 + j], bz: number = b[6 + j];
  const cx: number = e[k], cy: number = e[3 + k], cz: number = e[6 + k];
  return a[i] * (by * cz - bz * cy) + a[3 + i] * (bz * cx - bx * cz) + a[6 + i] * (bx * cy - by * cx);
}

/**
 * The n0 + n1 entries of the Jacobian row of generic equation `row`: with add ≠ 0 each times l added to out[offset + k],
 * else stored there.
 */
function rowEntries(
  a0All: Float64Array, a1All: Float64Array, dp: Float64Array, j0: Float64Array, g0: Float64Array, j1: Float64Array, g1: Float64Array,
  out: Float64Array, offset: Int, l: number, add: Int, n0: Int, n1: Int, row: Int, frame: Int,
  i0: Int, i1: Int, i2: Int, l0: Int, l1: Int, l2: Int,
): void {
  if (row < 3 && frame === 0) {
    const first0: Int = row * n0, first1: Int = row * n1;
    if (add !== 0) {
      for (let k: Int = 0; k < n0; k++) out[offset + k] += -j0[first0 + k] * l;
      for (let k: Int = 0; k < n1; k++) out[offset + n0 + k] += j1[first1 + k] * l;
    } else {
      for (let k: Int = 0; k < n0; k++) out[offset + k] = -j0[first0 + k];
      for (let k: Int = 0; k < n1; k++) out[offset + n0 + k] = j1[first1 + k];
    }
  } else if (row < 3 && frame === 2) {
    // a1·d with a = column `row` of A1all: −a·J0 (marker 0); a·J1 + w·(a × d) with w = G1δ (marker 1)
    const ax: number = a1All[row], ay: number = a1All[3 + row], az: number = a1All[6 + row];
    const ex: number = ay * dp[2] - az * dp[1], ey: number = az * dp[0] - ax * dp[2], ez: number = ax * dp[1] - ay * dp[0];
    for (let k: Int = 0; k < n0; k++) {
      const x: number = -(ax * j0[k] + ay * j0[n0 + k] + az * j0[2 * n0 + k]);
      if (add !== 0) out[offset + k] += x * l;
      else out[offset + k] = x;
    }
    for (let k: Int = 0; k < n1; k++) {
      const x: number = ax * j1[k] + ay * j1[n1 + k] + az * j1[2 * n1 + k] + g1[k] * ex + g1[n1 + k] * ey + g1[2 * n1 + k] * ez;
      if (add !== 0) out[offset + n0 + k] += x * l;
      else out[offset + n0 + k] = x;
    }
  } else if (row < 3) {
    // (A0allᵀ d)_row: column `row` of A0all dotted with d × G0 − J0 (marker 0) and with J1 (marker 1)
    const ax: number = a0All[row], ay: number = a0All[3 + row], az: number = a0All[6 + row];
    const dx: number = dp[0], dy: number = dp[1], dz: number = dp[2];
    for (let k: Int = 0; k < n0; k++) {
      const gx: number = g0[k], gy: number = g0[n0 + k], gz: number = g0[2 * n0 + k];
      const wx: number = dy * gz - dz * gy - j0[k];
      const wy: number = dz * gx - dx * gz - j0[n0 + k];
      const wz: number = dx * gy - dy * gx - j0[2 * n0 + k];
      const x: number = ax * wx + ay * wy + az * wz;
      if (add !== 0) out[offset + k] += x * l;
      else out[offset + k] = x;
    }
    for (let k: Int = 0; k < n1; k++) {
      const x: number = ax * j1[k] + ay * j1[n1 + k] + az * j1[2 * n1 + k];
      if (add !== 0) out[offset + n0 + k] += x * l;
      else out[offset + n0 + k] = x;
    }
  } else {
    // a0·a1: entries −a1·(a0 × w) (marker 0, w = G0δ) and −a0·(a1 × w) (marker 1, w = G1δ)
    const q: Int = row - 3;
    const i: Int = q === 0 ? i0 : q === 1 ? i1 : i2;
    const m: Int = q === 0 ? l0 : q === 1 ? l1 : l2;
    const ax: number = a0All[i], ay: number = a0All[3 + i], az: number = a0All[6 + i];
    const bx: number = a1All[m], by: number = a1All[3 + m], bz: number = a1All[6 + m];
    for (let k: Int = 0; k < n0; k++) {
      const wx: number = g0[k], wy: number = g0[n0 + k], wz: number = g0[2 * n0 + k];
      const x: number = -(bx * (ay * wz - az * wy) + by * (az * wx - ax * wz) + bz * (ax * wy - ay * wx));
      if (add !== 0) out[offset + k] += x * l;
      else out[offset + k] = x;
    }
    for (let k: Int = 0; k < n1; k++) {
      const wx: number = g1[k], wy: number = g1[n1 + k], wz: number = g1[2 * n1 + k];
      const x: number = -(ax * (by * wz - bz * wy) + ay * (bz * wx - bx * wz) + az * (bx * wy - by * wx));
      if (add !== 0) out[offset + n0 + k] += x * l;
      else out[offset + n0 + k] = x;
    }
  }
}

/** out = ω̃, the skew matrix of the 3-vector w, with its zeros. */
function skewOf(out: Float64Array, w: Float64Array): void {
  const x: number = w[0], y: number = w[1], z: number = w[2];
  out[0] = 0; out[1] = -z; out[2] = y;
  out[3] = z; out[4] = 0; out[5] = -x;
  out[6] = -y; out[7] = x; out[8] = 0;
}
