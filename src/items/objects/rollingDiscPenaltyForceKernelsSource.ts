/**
 * The forces of ObjectConnectorRollingDiscPenalty (its friction law included) as kernels in the subset of
 * scripts/wasmKernelCompiler.ts: compiled into rollingDiscPenaltyForceKernelsModule.ts (the engine runs them as
 * WebAssembly through rollingDiscPenaltyKernels.ts, on one memory with the Jacobian columns' kernels,
 * rollingDiscPenaltyKernelsSource.ts), and run as JavaScript by the tests as the reference the module matches bit for bit.
 *
 * The input region (doubles, rollingDiscPenaltyInput of rollingDiscPenaltyKernels.ts) holds the kinematics, in the
 * order of a RollingDiscGeometry's region from v0 (one copy): marker velocities v0 [0…2] and v1 [3…5], normal n0 [6…8],
 * disc axis w1 [9…11], forward w2 [12…14], toContact w3 [15…17], lateral wLateral [18…20], contact point [21…23],
 * radius vector a1 = r w3 [24…26], plane arm a0 = pC − p0 [27…29], global angular velocities ω0 [30…32] and ω1
 * [33…35], contact velocities vC1 [36…38] and vC0 [39…41], vC = vC1 − vC0 [42…44], slip velocity v_t [45, 46],
 * g = |w1 × n0| [47]; the forces ({@link evaluate} writes them): normal force f_n [48], slip force f_t [49, 50], its
 * derivatives ∂f_t/∂v_t (2×2 row-major) and ∂f_t/∂f_n [51…56], ground velocity v_g = v1 − v0 − ω0 × a0 [57…59] and its
 * projection (I − n0 n0ᵀ) v_g [60…62], contact force fPos = −(f_t,x wLateral + f_t,y w2 + f_n n0) [63…65], rolling
 * friction force [66…68], marker loads F0 [69…71], τ0 [72…74], F1 [75…77], τ1 [78…80]; and the connector's constants:
 * disc radius r [81], contact stiffness [82] and damping [83], rolling friction μ_r [84], active (≠ 0) [85],
 * proportional zone v_μ [86], linear zone (≠ 0) [87], dry friction μ_x, μ_y [88, 89], viscous friction d_x, d_y [90,
 * 91], friction angle α_t [92], cos α_t [93], sin α_t [94].
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot2 } from '../../rotations/hypot.ts';

/**
 * The forces at fixed data coordinates (data slip velocity dataX, dataY and gap dataGap) from the kinematics: contact if
 * active and dataGap < 0, then f_n = −(k a0·n0 + d vC·n0) and the slip force of {@link slipForce} (with its derivatives
 * if derivatives ≠ 0), else zero; fPos, the rolling friction R = μ_r |f_n| (I − n0 n0ᵀ) v_g (v_g, its projection: only
 * with μ_r ≠ 0), the marker loads F1 = fPos + R, τ1 = a1 × fPos, F0 = −F1, τ0 = −(a0 × fPos).
 */
export function evaluate(input: Float64Array, dataX: number, dataY: number, dataGap: number, derivatives: Int): void {
  const n0x = input[6], n0y = input[7], n0z = input[8];
  const a0x = input[27], a0y = input[28], a0z = input[29];
  const gap = a0x * n0x + a0y * n0y + a0z * n0z;
  if (input[85] !== 0 && dataGap < 0) {
    input[48] = -(input[82] * gap + input[83] * (input[42] * n0x + input[43] * n0y + input[44] * n0z));
    slipForce(input, dataX, dataY, derivatives);
  } else {
    input[48] = 0;
    for (let i: Int = 49; i < 57; i++) input[i] = 0;
  }
  const fn = input[48], ft0 = input[49], ft1 = input[50];
  const px = -(ft0 * input[18] + ft1 * input[12] + fn * n0x), py = -(ft0 * input[19] + ft1 * input[13] + fn * n0y);
  const pz = -(ft0 * input[20] + ft1 * input[14] + fn * n0z);
  input[63] = px; input[64] = py; input[65] = pz;
  let rx = 0, ry = 0, rz = 0;
  const mu = input[84];
  if (mu !== 0) {
    const o0x = input[30], o0y = input[31], o0z = input[32];
    const fx = input[3] - (input[0] + (o0y * a0z - o0z * a0y));
    const fy = input[4] - (input[1] + (o0z * a0x - o0x * a0z));
    const fz = input[5] - (input[2] + (o0x * a0y - o0y * a0x));
    input[57] = fx; input[58] = fy; input[59] = fz;
    const vn = fx * n0x + fy * n0y + fz * n0z;
    const gx = fx - vn * n0x, gy = fy - vn * n0y, gz = fz - vn * n0z;
    input[60] = gx; input[61] = gy; input[62] = gz;
    const scale = mu * Math.abs(fn);
    rx = scale * gx; ry = scale * gy; rz = scale * gz;
  }
  input[66] = rx; input[67] = ry; input[68] = rz;
  const f1x = px + rx, f1y = py + ry, f1z = pz + rz;
  input[75] = f1x; input[76] = f1y; input[77] = f1z;
  input[69] = -f1x; input[70] = -f1y; input[71] = -f1z;
  const a1x = input[24], a1y = input[25], a1z = input[26];
  input[78] = a1y * pz - a1z * py; input[79] = a1z * px - a1x * pz; input[80] = a1x * py - a1y * px;
  input[72] = -(a0y * pz - a0z * py); input[73] = -(a0z * px - a0x * pz); input[74] = -(a0x * py - a0y * px);
}

/**
 * Exudyn's friction law: the slip force f_t [49, 50] for the slip velocity v_t [45, 46] and the normal force f_n [48],
 * with the data slip x = (dataX, dataY) fixing the regime: x = 0 or v_t = 0 give no force; |x| ≤ v_μ (proportional
 * zone) f_t = −T φ(|v_t|) |f_n| v_t/|v_t|; else f_t = −T |f_n| x/|x|, with T = R(α_t)ᵀ diag(μ_x + d_x|v_t|, μ_y +
 * d_y|v_t|) R(α_t). With derivatives ≠ 0 also ∂f_t/∂v_t (2×2 row-major) and ∂f_t/∂f_n [51…56].
 */
export function slipForce(input: Float64Array, dataX: number, dataY: number, derivatives: Int): void {
  const vx = input[45], vy = input[46], normalForce = input[48];
  input[49] = 0; input[50] = 0;
  if (derivatives !== 0) for (let i: Int = 51; i < 57; i++) input[i] = 0;
  const speed = hypot2(vx, vy), dataSpeed = hypot2(dataX, dataY);
  if (dataSpeed === 0 || speed === 0) return;
  const zone = input[86];
  // |f_n| and Math.sign(f_n) (±0 and NaN stay)
  const magnitude = Math.abs(normalForce), sign = normalForce > 0 ? 1 : normalForce < 0 ? -1 : normalForce;
  const ex = vx / speed, ey = vy / speed;
  // the base force b = −φ |f_n| e and ∂b/∂v_t (2×2 row-major), ∂b/∂f_n
  let b0 = 0, b1 = 0, db0 = 0, db1 = 0, db2 = 0, db3 = 0, db4 = 0, db5 = 0;
  if (dataSpeed <= zone && zone !== 0) {
    // proportional zone: the current slip direction, φ of the current speed
    const ratio = speed / zone;
    const phi = input[87] !== 0 ? ratio : ratio * (2 - ratio);
    const phi_s = input[87] !== 0 ? 1 / zone : (2 - 2 * ratio) / zone;
    b0 = -(phi * magnitude * ex);
    b1 = -(phi * magnitude * ey);
    if (derivatives !== 0) {
      // ∂(φ e)/∂v_t = φ' e eᵀ + φ (I − e eᵀ)/|v_t|
      const a = phi_s - phi / speed, c = phi / speed;
      db0 = -magnitude * (a * ex * ex + c); db1 = -magnitude * a * ex * ey;
      db2 = -magnitude * a * ey * ex; db3 = -magnitude * (a * ey * ey + c);
      db4 = -phi * sign * ex; db5 = -phi * sign * ey;
    }
  } else {
    b0 = -(magnitude * (dataX / dataSpeed));
    b1 = -(magnitude * (dataY / dataSpeed));
    if (derivatives !== 0) {
      db4 = -sign * (dataX / dataSpeed); db5 = -sign * (dataY / dataSpeed);
    }
  }
  const dx = input[90], dy = input[91];
  const mx = input[88] + dx * speed, my = input[89] + dy * speed;
  const c = input[93], s = input[94];
  if (input[92] === 0) {
    input[49] = mx * b0;
    input[50] = my * b1;
  } else {
    // Rᵀ (M (R b)), R = [[c, −s], [s, c]]
    const r0 = mx * (c * b0 - s * b1), r1 = my * (s * b0 + c * b1);
    input[49] = c * r0 + s * r1;
    input[50] = -s * r0 + c * r1;
  }
  if (derivatives === 0) return;
  // f_t = T(|v_t|) b: ∂f_t/∂v_t = T ∂b/∂v_t + (T' b) eᵀ with T' = Rᵀ diag(d_x, d_y) R; ∂f_t/∂f_n = T ∂b/∂f_n
  const t00 = c * c * mx + s * s * my, t01 = s * c * (my - mx), t11 = s * s * mx + c * c * my;
  const u00 = c * c * dx + s * s * dy, u01 = s * c * (dy - dx), u11 = s * s * dx + c * c * dy;
  const g0 = u00 * b0 + u01 * b1, g1 = u01 * b0 + u11 * b1;
  input[51] = t00 * db0 + t01 * db2 + g0 * ex;
  input[52] = t00 * db1 + t01 * db3 + g0 * ey;
  input[53] = t01 * db0 + t11 * db2 + g1 * ex;
  input[54] = t01 * db1 + t11 * db3 + g1 * ey;
  input[55] = t00 * db4 + t01 * db5;
  input[56] = t01 * db4 + t11 * db5;
}

/**
 * The generalized loads of markers at the reference points of Euler-parameter nodes into out (7 per marker: marker 0's
 * only with bodies = 1, then marker 1's), each entry as ObjectRigidBody.addOriginLoad forms the amount it adds: 1·F_i,
 * then the rows of Gᵀτ as NodeRigidBodyEP.addRotationJacobianTransposed sums them (G of p = p_ref + q; x: the nodes'
 * coordinates in the order of nodeColumns', rollingDiscPenaltyKernelsSource.ts).
 */
export function nodeLoads(input: Float64Array, x: Float64Array, out: Float64Array, bodies: Int): void {
  let at: Int = 0;
  if (bodies === 1) {
    originLoad(input, 69, x, 0, out, 0);
    at = 7;
  }
  originLoad(input, 75, x, 21, out, at);
}

/** out[at…at + 6] = [1·F; Gᵀτ] for the force and torque at input[f…f + 5] and the node at x[o…o + 20]. */
function originLoad(input: Float64Array, f: Int, x: Float64Array, o: Int, out: Float64Array, at: Int): void {
  out[at] = 1 * input[f];
  out[at + 1] = 1 * input[f + 1];
  out[at + 2] = 1 * input[f + 2];
  const t0 = input[f + 3], t1 = input[f + 4], t2 = input[f + 5];
  const e0 = 2 * (x[o + 3] + x[o + 10]), e1 = 2 * (x[o + 4] + x[o + 11]), e2 = 2 * (x[o + 5] + x[o + 12]), e3 = 2 * (x[o + 6] + x[o + 13]);
  out[at + 3] = -e1 * t0 + -e2 * t1 + -e3 * t2;
  out[at + 4] = e0 * t0 + e3 * t1 + -e2 * t2;
  out[at + 5] = -e3 * t0 + e0 * t1 + e1 * t2;
  out[at + 6] = e2 * t0 + -e1 * t1 + e0 * t2;
}

/**
 * m += factor·∂(J_posᵀF + J_rotᵀτ)/∂q of markers at the reference points of Euler-parameter nodes, each marker's 7 × 7
 * diagonal block of the n × n local matrix (n = 7 or 14; marker 0's only with bodies = 1) as the pair's
 * addJacobianTransposedLoads_q adds it: every entry of the block, the node's ∂(Gᵀτ)/∂p (NodeRigidBodyEP's
 * gTransposedVector_q) times factor in the rotation rows and columns added to a zero, the other entries zeros.
 */
export function nodeLoads_q(input: Float64Array, m: Float64Array, bodies: Int, factor: number): void {
  if (bodies === 1) {
    loadBlock_q(m, 14, 0, input[72], input[73], input[74], factor);
    loadBlock_q(m, 14, 7, input[78], input[79], input[80], factor);
    return;
  }
  loadBlock_q(m, 7, 0, input[78], input[79], input[80], factor);
}

/** The block of {@link nodeLoads_q} of one marker with torque τ = (t0, t1, t2), at rows and columns offset… of m (n × n). */
function loadBlock_q(m: Float64Array, n: Int, offset: Int, t0: number, t1: number, t2: number, factor: number): void {
  const x = 2 * t0, y = 2 * t1, z = 2 * t2;
  // the zeros of the block (the position rows, and the position columns of the rotation rows)
  for (let i: Int = 0; i < 7; i++) {
    const row: Int = (offset + i) * n + offset;
    const last: Int = i < 3 ? 7 : 3;
    for (let j: Int = 0; j < last; j++) m[row + j] += 0;
  }
  const r3: Int = (offset + 3) * n + offset + 3, r4: Int = r3 + n, r5: Int = r4 + n, r6: Int = r5 + n;
  m[r3] += 0 + factor * 0; m[r3 + 1] += 0 + factor * -x; m[r3 + 2] += 0 + factor * -y; m[r3 + 3] += 0 + factor * -z;
  m[r4] += 0 + factor * x; m[r4 + 1] += 0 + factor * 0; m[r4 + 2] += 0 + factor * -z; m[r4 + 3] += 0 + factor * y;
  m[r5] += 0 + factor * y; m[r5 + 1] += 0 + factor * z; m[r5 + 2] += 0 + factor * 0; m[r5 + 3] += 0 + factor * -x;
  m[r6] += 0 + factor * z; m[r6 + 1] += 0 + factor * -y; m[r6 + 2] += 0 + factor * x; m[r6 + 3] += 0 + factor * 0;
}
