/**
 * The forces of ObjectConnectorRollingDiscPenalty (its friction law included) as kernels in the subset of
 * scripts/wasmKernelCompiler.ts: compiled into rollingDiscPenaltyForceKernelsModule.ts (the engine runs them as
 * WebAssembly through rollingDiscPenaltyKernels.ts, on one memory with the Jacobian columns' kernels,
 * rollingDiscPenaltyKernelsSource.ts), and run as JavaScript by the tests as the reference the module matches bit for bit.
 *
 * The input region (doubles, rollingDiscPenaltyInput of rollingDiscPenaltyKernels.ts) holds the kinematics: normal n0
 * [0…2], disc axis w1 [3…5], forward w2 [6…8], lateral wLateral [9…11], plane arm a0 = pC − p0 [12…14], radius vector
 * a1 = r w3 [15…17], global angular velocities ω0 [18…20] and ω1 [21…23], contact velocity vC [24…26], slip velocity
 * v_t [45, 46], marker velocities v0 [47…49] and v1 [50…52]; the forces ({@link evaluate} writes them): normal force f_n
 * [27], slip force f_t [28, 29], its derivatives ∂f_t/∂v_t (2×2 row-major) and ∂f_t/∂f_n [30…35], ground velocity
 * v_g = v1 − v0 − ω0 × a0 [36…38] and its projection (I − n0 n0ᵀ) v_g [39…41], contact force fPos = −(f_t,x wLateral
 * + f_t,y w2 + f_n n0) [42…44], rolling friction force [53…55], marker loads F0 [56…58], τ0 [59…61], F1 [62…64], τ1
 * [65…67]; and the connector's constants: disc radius r [68], contact stiffness [69] and damping [70], rolling friction
 * μ_r [71], active (≠ 0) [72], proportional zone v_μ [73], linear zone (≠ 0) [74], dry friction μ_x, μ_y [75, 76],
 * viscous friction d_x, d_y [77, 78], friction angle α_t [79], cos α_t [80], sin α_t [81].
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * The forces at fixed data coordinates (data slip velocity dataX, dataY and gap dataGap) from the kinematics: contact if
 * active and dataGap < 0, then f_n = −(k a0·n0 + d vC·n0) and the slip force of {@link slipForce} (with its derivatives
 * if derivatives ≠ 0), else zero; fPos, the rolling friction R = μ_r |f_n| (I − n0 n0ᵀ) v_g (v_g, its projection: only
 * with μ_r ≠ 0), the marker loads F1 = fPos + R, τ1 = a1 × fPos, F0 = −F1, τ0 = −(a0 × fPos).
 */
export function evaluate(input: Float64Array, dataX: number, dataY: number, dataGap: number, derivatives: Int): void {
  const n0x = input[0], n0y = input[1], n0z = input[2];
  const a0x = input[12], a0y = input[13], a0z = input[14];
  const gap = a0x * n0x + a0y * n0y + a0z * n0z;
  if (input[72] !== 0 && dataGap < 0) {
    input[27] = -(input[69] * gap + input[70] * (input[24] * n0x + input[25] * n0y + input[26] * n0z));
    slipForce(input, dataX, dataY, derivatives);
  } else {
    input[27] = 0;
    for (let i: Int = 28; i < 36; i++) input[i] = 0;
  }
  const fn = input[27], ft0 = input[28], ft1 = input[29];
  const px = -(ft0 * input[9] + ft1 * input[6] + fn * n0x), py = -(ft0 * input[10] + ft1 * input[7] + fn * n0y);
  const pz = -(ft0 * input[11] + ft1 * input[8] + fn * n0z);
  input[42] = px; input[43] = py; input[44] = pz;
  let rx = 0, ry = 0, rz = 0;
  const mu = input[71];
  if (mu !== 0) {
    const o0x = input[18], o0y = input[19], o0z = input[20];
    const fx = input[50] - (input[47] + (o0y * a0z - o0z * a0y));
    const fy = input[51] - (input[48] + (o0z * a0x - o0x * a0z));
    const fz = input[52] - (input[49] + (o0x * a0y - o0y * a0x));
    input[36] = fx; input[37] = fy; input[38] = fz;
    const vn = fx * n0x + fy * n0y + fz * n0z;
    const gx = fx - vn * n0x, gy = fy - vn * n0y, gz = fz - vn * n0z;
    input[39] = gx; input[40] = gy; input[41] = gz;
    const scale = mu * Math.abs(fn);
    rx = scale * gx; ry = scale * gy; rz = scale * gz;
  }
  input[53] = rx; input[54] = ry; input[55] = rz;
  const f1x = px + rx, f1y = py + ry, f1z = pz + rz;
  input[62] = f1x; input[63] = f1y; input[64] = f1z;
  input[56] = -f1x; input[57] = -f1y; input[58] = -f1z;
  const a1x = input[15], a1y = input[16], a1z = input[17];
  input[65] = a1y * pz - a1z * py; input[66] = a1z * px - a1x * pz; input[67] = a1x * py - a1y * px;
  input[59] = -(a0y * pz - a0z * py); input[60] = -(a0z * px - a0x * pz); input[61] = -(a0x * py - a0y * px);
}

/**
 * Exudyn's friction law: the slip force f_t [28, 29] for the slip velocity v_t [45, 46] and the normal force f_n [27],
 * with the data slip x = (dataX, dataY) fixing the regime: x = 0 or v_t = 0 give no force; |x| ≤ v_μ (proportional
 * zone) f_t = −T φ(|v_t|) |f_n| v_t/|v_t|; else f_t = −T |f_n| x/|x|, with T = R(α_t)ᵀ diag(μ_x + d_x|v_t|, μ_y +
 * d_y|v_t|) R(α_t). With derivatives ≠ 0 also ∂f_t/∂v_t (2×2 row-major) and ∂f_t/∂f_n [30…35].
 */
export function slipForce(input: Float64Array, dataX: number, dataY: number, derivatives: Int): void {
  const vx = input[45], vy = input[46], normalForce = input[27];
  input[28] = 0; input[29] = 0;
  if (derivatives !== 0) for (let i: Int = 30; i < 36; i++) input[i] = 0;
  const speed = hypot2(vx, vy), dataSpeed = hypot2(dataX, dataY);
  if (dataSpeed === 0 || speed === 0) return;
  const zone = input[73];
  // |f_n| and Math.sign(f_n) (±0 and NaN stay)
  const magnitude = Math.abs(normalForce), sign = normalForce > 0 ? 1 : normalForce < 0 ? -1 : normalForce;
  const ex = vx / speed, ey = vy / speed;
  // the base force b = −φ |f_n| e and ∂b/∂v_t (2×2 row-major), ∂b/∂f_n
  let b0 = 0, b1 = 0, db0 = 0, db1 = 0, db2 = 0, db3 = 0, db4 = 0, db5 = 0;
  if (dataSpeed <= zone && zone !== 0) {
    // proportional zone: the current slip direction, φ of the current speed
    const ratio = speed / zone;
    const phi = input[74] !== 0 ? ratio : ratio * (2 - ratio);
    const phi_s = input[74] !== 0 ? 1 / zone : (2 - 2 * ratio) / zone;
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
  const dx = input[77], dy = input[78];
  const mx = input[75] + dx * speed, my = input[76] + dy * speed;
  const c = input[80], s = input[81];
  if (input[79] === 0) {
    input[28] = mx * b0;
    input[29] = my * b1;
  } else {
    // Rᵀ (M (R b)), R = [[c, −s], [s, c]]
    const r0 = mx * (c * b0 - s * b1), r1 = my * (s * b0 + c * b1);
    input[28] = c * r0 + s * r1;
    input[29] = -s * r0 + c * r1;
  }
  if (derivatives === 0) return;
  // f_t = T(|v_t|) b: ∂f_t/∂v_t = T ∂b/∂v_t + (T' b) eᵀ with T' = Rᵀ diag(d_x, d_y) R; ∂f_t/∂f_n = T ∂b/∂f_n
  const t00 = c * c * mx + s * s * my, t01 = s * c * (my - mx), t11 = s * s * mx + c * c * my;
  const u00 = c * c * dx + s * s * dy, u01 = s * c * (dy - dx), u11 = s * s * dx + c * c * dy;
  const g0 = u00 * b0 + u01 * b1, g1 = u01 * b0 + u11 * b1;
  input[30] = t00 * db0 + t01 * db2 + g0 * ex;
  input[31] = t00 * db1 + t01 * db3 + g0 * ey;
  input[32] = t01 * db0 + t11 * db2 + g1 * ex;
  input[33] = t01 * db1 + t11 * db3 + g1 * ey;
  input[34] = t00 * db4 + t01 * db5;
  input[35] = t01 * db4 + t11 * db5;
}

/**
 * √(x² + y²) with the operations of src/rotations/skew.ts's hypot2 (those of V8's Math.hypot for two arguments: the
 * same double), which a kernel cannot import: +∞ if an argument is infinite, else NaN if one is NaN.
 */
function hypot2(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  // an infinite argument (the largest double times 2 is +∞)
  if (ax > 1.7976931348623157e308 || ay > 1.7976931348623157e308) return 1.7976931348623157e308 * 2;
  const large = ax >= ay ? ax : ay, small = ax >= ay ? ay : ax;
  if (large + small === 0) return 0;
  const b = small / large;
  return Math.sqrt(1 + b * b) * large;
}
