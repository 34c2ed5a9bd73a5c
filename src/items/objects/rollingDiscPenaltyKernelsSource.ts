/**
 * The Jacobian columns of ObjectConnectorRollingDiscPenalty as kernels in the subset of scripts/wasmKernelCompiler.ts:
 * compiled into rollingDiscPenaltyKernelsModule.ts (the engine runs them as WebAssembly through
 * rollingDiscPenaltyKernels.ts, on the memory of the forces' kernels, rollingDiscPenaltyForceKernelsSource.ts), and run
 * as JavaScript by the tests as the reference the module matches bit for bit. The input region's entries: see
 * rollingDiscPenaltyForceKernelsSource.ts.
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';

/**
 * m = factor × the columns of both markers' coordinates of ∂(ode2Lhs)/∂q (configuration ≠ 0) or ∂/∂u (configuration =
 * 0) at fixed data coordinates and loads (the part of the Jacobians' derivatives is added by the caller), n × n
 * row-major with n = n0 + n1: marker 0's columns (if n0 > 0), then marker 1's. Marker i's column arrays columnsi, five
 * blocks of 3 × ni: position and rotation Jacobians, ∂v/∂q and ∂ω/∂q (configuration only), and the part of δn0 (marker
 * 0) or δw1 (marker 1) that the rotation Jacobian misses. rolling ≠ 0 with rolling friction.
 */
export function addJacobianColumns(
  input: Float64Array, columns0: Float64Array, columns1: Float64Array, m: Float64Array, n0: Int, n1: Int, configuration: Int,
  rolling: Int, factor: number,
): void {
  const n: Int = n0 + n1;
  for (let i: Int = 0; i < n * n; i++) m[i] = 0;
  if (n0 > 0) addColumns(input, 0, n0, columns0, columns0, columns1, n0, n1, configuration, rolling, factor, m);
  if (n1 > 0) addColumns(input, 1, n1, columns1, columns0, columns1, n0, n1, configuration, rolling, factor, m);
}

/**
 * Adds factor × the columns of marker `side`'s nb coordinates into m: per column k, the variations δp, δθ, δv, δω of
 * the marker (the blocks of c: Jacobians, ∂v/∂q, ∂ω/∂q, then the null direction) carried through the frame (δn0, δw1 →
 * δw2, δw3, δwLateral), the contact point and velocity, the normal force, the slip velocity, the friction law and the
 * rolling friction to the marker loads δF, δτ, through both markers' Jacobians (the first two blocks of c0: 3 × p0; of
 * c1: 3 × p1).
 */
function addColumns(
  input: Float64Array, side: Int, nb: Int, c: Float64Array, c0: Float64Array, c1: Float64Array, p0: Int, p1: Int,
  configuration: Int, rolling: Int, factor: number, m: Float64Array,
): void {
  const g = input[47];
  const n0x = input[6], n0y = input[7], n0z = input[8], w1x = input[9], w1y = input[10], w1z = input[11];
  const w2x = input[12], w2y = input[13], w2z = input[14], wlx = input[18], wly = input[19], wlz = input[20];
  const a0x = input[27], a0y = input[28], a0z = input[29], a1x = input[24], a1y = input[25], a1z = input[26];
  const o0x = input[30], o0y = input[31], o0z = input[32], o1x = input[33], o1y = input[34], o1z = input[35];
  const sign = side === 0 ? -1 : 1, r = input[81];
  const ax = side === 0 ? a0x : a1x, ay = side === 0 ? a0y : a1y, az = side === 0 ? a0z : a1z;
  const vCx = input[42], vCy = input[43], vCz = input[44];
  const fn = input[48], ft0 = input[49], ft1 = input[50];
  const D0 = input[51], D1 = input[52], D2 = input[53], D3 = input[54], D4 = input[55], D5 = input[56];
  const stiffness = input[82], damping = input[83];
  const vg0 = input[57], vg1 = input[58], vg2 = input[59], vgp0 = input[60], vgp1 = input[61], vgp2 = input[62];
  const vgn = vg0 * n0x + vg1 * n0y + vg2 * n0z;
  // Math.sign(f_n) (±0 and NaN stay)
  const mu = input[84], magnitude = Math.abs(fn), fnSign = fn > 0 ? 1 : fn < 0 ? -1 : fn;
  const px = input[63], py = input[64], pz = input[65];
  const n: Int = p0 + p1;
  // the blocks of c: rotation Jacobian, ∂v/∂q, ∂ω/∂q, null direction (the position Jacobian at 0)
  const jr: Int = 3 * nb, vq: Int = 6 * nb, wq: Int = 9 * nb, nullDirection: Int = 12 * nb;
  for (let k: Int = 0; k < nb; k++) {
    const k1: Int = nb + k, k2: Int = 2 * nb + k;
    // δp, δθ (configuration only), δv, δω of the column
    let dpx = 0, dpy = 0, dpz = 0, drx = 0, dry = 0, drz = 0, dvx = 0, dvy = 0, dvz = 0, dwx = 0, dwy = 0, dwz = 0;
    if (configuration !== 0) {
      dpx = c[k]; dpy = c[k1]; dpz = c[k2];
      drx = c[jr + k]; dry = c[jr + k1]; drz = c[jr + k2];
      dvx = c[vq + k]; dvy = c[vq + k1]; dvz = c[vq + k2];
      dwx = c[wq + k]; dwy = c[wq + k1]; dwz = c[wq + k2];
    } else {
      dvx = c[k]; dvy = c[k1]; dvz = c[k2];
      dwx = c[jr + k]; dwy = c[jr + k1]; dwz = c[jr + k2];
    }
    // the frame's variations δn0, δw1, δw2 (forward), δw3 (toContact), δwLateral; zero for a translation or a velocity
    // (every column of ∂/∂u)
    let dnx = 0, dny = 0, dnz = 0, dfx = 0, dfy = 0, dfz = 0, dcx = 0, dcy = 0, dcz = 0, dlx = 0, dly = 0, dlz = 0;
    if (drx !== 0 || dry !== 0 || drz !== 0
      || (configuration !== 0 && (c[nullDirection + k] !== 0 || c[nullDirection + k1] !== 0 || c[nullDirection + k2] !== 0))) {
      // δn0 = δθ0 × n0, δw1 = δθ1 × w1, δx = δw1 × n0 + w1 × δn0, δw2 = (I − w2 w2ᵀ) δx/|x|, δw3 = δw1 × w2 + w1 × δw2,
      // δwLateral = δn0 × w2 + n0 × δw2
      let dax = 0, day = 0, daz = 0;
      if (side === 0) {
        dnx = dry * n0z - drz * n0y; dny = drz * n0x - drx * n0z; dnz = drx * n0y - dry * n0x;
      } else {
        dax = dry * w1z - drz * w1y; day = drz * w1x - drx * w1z; daz = drx * w1y - dry * w1x;
      }
      if (configuration !== 0) {
        if (side === 0) {
          dnx += c[nullDirection + k]; dny += c[nullDirection + k1]; dnz += c[nullDirection + k2];
        } else {
          dax += c[nullDirection + k]; day += c[nullDirection + k1]; daz += c[nullDirection + k2];
        }
      }
      const dxx = (day * n0z - daz * n0y) + (w1y * dnz - w1z * dny);
      const dxy = (daz * n0x - dax * n0z) + (w1z * dnx - w1x * dnz);
      const dxz = (dax * n0y - day * n0x) + (w1x * dny - w1y * dnx);
      const projection = dxx * w2x + dxy * w2y + dxz * w2z;
      dfx = (dxx - w2x * projection) / g; dfy = (dxy - w2y * projection) / g; dfz = (dxz - w2z * projection) / g;
      dcx = (day * w2z - daz * w2y) + (w1y * dfz - w1z * dfy);
      dcy = (daz * w2x - dax * w2z) + (w1z * dfx - w1x * dfz);
      dcz = (dax * w2y - day * w2x) + (w1x * dfy - w1y * dfx);
      dlx = (dny * w2z - dnz * w2y) + (n0y * dfz - n0z * dfy);
      dly = (dnz * w2x - dnx * w2z) + (n0z * dfx - n0x * dfz);
      dlz = (dnx * w2y - dny * w2x) + (n0x * dfy - n0y * dfx);
    }
    // contact point and velocity: δa1 = r δw3, δa0 = δp1 + δa1 − δp0, δvC = δv1 + δω1 × a1 + ω1 × δa1 − (δv0 + δω0 × a0 + ω0 × δa0)
    const dax1 = r * dcx, day1 = r * dcy, daz1 = r * dcz;
    const dax0 = sign * dpx + dax1, day0 = sign * dpy + day1, daz0 = sign * dpz + daz1;
    const dvCx = sign * (dvx + (dwy * az - dwz * ay)) + (o1y * daz1 - o1z * day1) - (o0y * daz0 - o0z * day0);
    const dvCy = sign * (dvy + (dwz * ax - dwx * az)) + (o1z * dax1 - o1x * daz1) - (o0z * dax0 - o0x * daz0);
    const dvCz = sign * (dvz + (dwx * ay - dwy * ax)) + (o1x * day1 - o1y * dax1) - (o0x * day0 - o0y * dax0);
    // forces: δf_n, δv_t, δf_t = ∂f_t/∂v_t δv_t + ∂f_t/∂f_n δf_n, δfPos = −δ(f_t,x wLateral + f_t,y w2 + f_n n0)
    const dfn = -(stiffness * ((dax0 * n0x + day0 * n0y + daz0 * n0z) + (a0x * dnx + a0y * dny + a0z * dnz))
      + damping * ((dvCx * n0x + dvCy * n0y + dvCz * n0z) + (vCx * dnx + vCy * dny + vCz * dnz)));
    const dsx = (dvCx * wlx + dvCy * wly + dvCz * wlz) + (vCx * dlx + vCy * dly + vCz * dlz);
    const dsy = (dvCx * w2x + dvCy * w2y + dvCz * w2z) + (vCx * dfx + vCy * dfy + vCz * dfz);
    const dftx = D0 * dsx + D1 * dsy + D4 * dfn, dfty = D2 * dsx + D3 * dsy + D5 * dfn;
    const dPx = -(dftx * wlx + ft0 * dlx + dfty * w2x + ft1 * dfx + dfn * n0x + fn * dnx);
    const dPy = -(dftx * wly + ft0 * dly + dfty * w2y + ft1 * dfy + dfn * n0y + fn * dny);
    const dPz = -(dftx * wlz + ft0 * dlz + dfty * w2z + ft1 * dfz + dfn * n0z + fn * dnz);
    // δF1 = δfPos + δR, R = μ_r |f_n| (I − n0 n0ᵀ) v_g, v_g = v1 − v0 − ω0 × a0
    let fx = dPx, fy = dPy, fz = dPz;
    if (rolling !== 0) {
      const gx = o0y * daz0 - o0z * day0, gy = o0z * dax0 - o0x * daz0, gz = o0x * day0 - o0y * dax0;
      const tx = dwy * a0z - dwz * a0y, ty = dwz * a0x - dwx * a0z, tz = dwx * a0y - dwy * a0x;
      const dvgx = side === 0 ? -(dvx + tx + gx) : dvx - gx;
      const dvgy = side === 0 ? -(dvy + ty + gy) : dvy - gy;
      const dvgz = side === 0 ? -(dvz + tz + gz) : dvz - gz;
      const dvgn = (dvgx * n0x + dvgy * n0y + dvgz * n0z) + (vg0 * dnx + vg1 * dny + vg2 * dnz);
      fx += mu * (fnSign * dfn * vgp0 + magnitude * (dvgx - dvgn * n0x - vgn * dnx));
      fy += mu * (fnSign * dfn * vgp1 + magnitude * (dvgy - dvgn * n0y - vgn * dny));
      fz += mu * (fnSign * dfn * vgp2 + magnitude * (dvgz - dvgn * n0z - vgn * dnz));
    }
    // torques: δτ1 = δa1 × fPos + a1 × δfPos, δτ0 = −(δa0 × fPos + a0 × δfPos)
    const col: Int = (side === 0 ? 0 : p0) + k;
    if (p0 > 0) {
      const tx = -((day0 * pz - daz0 * py) + (a0y * dPz - a0z * dPy));
      const ty = -((daz0 * px - dax0 * pz) + (a0z * dPx - a0x * dPz));
      const tz = -((dax0 * py - day0 * px) + (a0x * dPy - a0y * dPx));
      for (let i: Int = 0; i < p0; i++) {
        m[i * n + col] += factor * (-(c0[i] * fx + c0[p0 + i] * fy + c0[2 * p0 + i] * fz) + c0[3 * p0 + i] * tx + c0[4 * p0 + i] * ty + c0[5 * p0 + i] * tz);
      }
    }
    const tx = (day1 * pz - daz1 * py) + (a1y * dPz - a1z * dPy);
    const ty = (daz1 * px - dax1 * pz) + (a1z * dPx - a1x * dPz);
    const tz = (dax1 * py - day1 * px) + (a1x * dPy - a1y * dPx);
    for (let i: Int = 0; i < p1; i++) {
      m[(p0 + i) * n + col] += factor * (c1[i] * fx + c1[p1 + i] * fy + c1[2 * p1 + i] * fz + c1[3 * p1 + i] * tx + c1[4 * p1 + i] * ty + c1[5 * p1 + i] * tz);
    }
  }
}

/**
 * The column arrays of markers at the reference points of Euler-parameter nodes from the nodes' coordinates (x: the
 * reference coordinates, coordinates and velocities of node 0 [0…20] and node 1 [21…41] in the order of a
 * RollingDiscGeometry's region, plane normal [42…44] and disc axis [45…47] in the markers' frames), each entry as the
 * markers and NodeRigidBodyEP form it: position Jacobian [I₃ | 0], rotation Jacobian [0 | G], ∂v/∂q = 0, ∂ω/∂q = −G(ṗ)
 * plus the radial part of A ω̄, and the radial part of A0 planeNormal (marker 0) or A1 discAxis (marker 1). Marker 0's
 * arrays only with bodies = 1.
 */
export function nodeColumns(x: Float64Array, columns0: Float64Array, columns1: Float64Array, bodies: Int): void {
  if (bodies === 1) nodeBlocks(x, 0, columns0, 42);
  nodeBlocks(x, 21, columns1, 45);
}

/** The five blocks (3 × 7 each) of the node at x[o…o + 20] into c, the null direction of the vector x[v…v + 2]. */
function nodeBlocks(x: Float64Array, o: Int, c: Float64Array, v: Int): void {
  const p0 = x[o + 3] + x[o + 10], p1 = x[o + 4] + x[o + 11], p2 = x[o + 5] + x[o + 12], p3 = x[o + 6] + x[o + 13];
  // the position Jacobian [I₃ | 0] and ∂v/∂q = 0 (the reference point)
  for (let i: Int = 0; i < 21; i++) {
    c[i] = 0;
    c[42 + i] = 0;
    c[84 + i] = 0;
  }
  c[0] = 1; c[8] = 1; c[16] = 1;
  // the rotation Jacobian [0 | G], G = 2[−p1 p0 −p3 p2; −p2 p3 p0 −p1; −p3 −p2 p1 p0]
  const e0 = 2 * p0, e1 = 2 * p1, e2 = 2 * p2, e3 = 2 * p3;
  c[21] = 0; c[22] = 0; c[23] = 0; c[24] = -e1; c[25] = e0; c[26] = -e3; c[27] = e2;
  c[28] = 0; c[29] = 0; c[30] = 0; c[31] = -e2; c[32] = e3; c[33] = e0; c[34] = -e1;
  c[35] = 0; c[36] = 0; c[37] = 0; c[38] = -e3; c[39] = -e2; c[40] = e1; c[41] = e0;
  // ∂ω/∂q = −G(ṗ) (the negated entries of G(ṗ), position columns zero)
  const d0 = 2 * x[o + 17], d1 = 2 * x[o + 18], d2 = 2 * x[o + 19], d3 = 2 * x[o + 20];
  c[63] = 0; c[64] = 0; c[65] = 0; c[66] = -(-d1); c[67] = -d0; c[68] = -(-d3); c[69] = -d2;
  c[70] = 0; c[71] = 0; c[72] = 0; c[73] = -(-d2); c[74] = -d3; c[75] = -d0; c[76] = -(-d1);
  c[77] = 0; c[78] = 0; c[79] = 0; c[80] = -(-d3); c[81] = -(-d2); c[82] = -d1; c[83] = -d0;
  // A(p) and ω̄ = G_l ṗ as the node forms them
  const a0 = -2 * p3 * p3 - 2 * p2 * p2 + 1, a1 = -2 * p3 * p0 + 2 * p2 * p1, a2 = 2 * p3 * p1 + 2 * p2 * p0;
  const a3 = 2 * p3 * p0 + 2 * p2 * p1, a4 = -2 * p3 * p3 - 2 * p1 * p1 + 1, a5 = 2 * p3 * p2 - 2 * p1 * p0;
  const a6 = -2 * p2 * p0 + 2 * p3 * p1, a7 = 2 * p3 * p2 + 2 * p1 * p0, a8 = -2 * p2 * p2 - 2 * p1 * p1 + 1;
  const u0 = x[o + 17], u1 = x[o + 18], u2 = x[o + 19], u3 = x[o + 20];
  const wx = 0 + -e1 * u0 + e0 * u1 + e3 * u2 + -e2 * u3;
  const wy = 0 + -e2 * u0 + -e3 * u1 + e0 * u2 + e1 * u3;
  const wz = 0 + -e3 * u0 + e2 * u1 + -e1 * u2 + e0 * u3;
  const scale = 2 / (p0 * p0 + p1 * p1 + p2 * p2 + p3 * p3);
  addNullDirection(c, 84, scale, a0, a1, a2, a3, a4, a5, a6, a7, a8, p0, p1, p2, p3, x[v], x[v + 1], x[v + 2]);
  addNullDirection(c, 63, scale, a0, a1, a2, a3, a4, a5, a6, a7, a8, p0, p1, p2, p3, wx, wy, wz);
}

/**
 * c[at + 7r + 3 + k] += w_r p_k with w = scale·(A v − v) (NodeRigidBodyEP.addRotatedVectorNullDirection: the radial
 * direction p of A v, scale = 2/(p·p)).
 */
function addNullDirection(
  c: Float64Array, at: Int, scale: number, a0: number, a1: number, a2: number, a3: number, a4: number, a5: number, a6: number, a7: number,
  a8: number, p0: number, p1: number, p2: number, p3: number, v0: number, v1: number, v2: number,
): void {
  const w0 = scale * (a0 * v0 + a1 * v1 + a2 * v2 - v0);
  const w1 = scale * (a3 * v0 + a4 * v1 + a5 * v2 - v1);
  const w2 = scale * (a6 * v0 + a7 * v1 + a8 * v2 - v2);
  c[at + 3] += w0 * p0; c[at + 4] += w0 * p1; c[at + 5] += w0 * p2; c[at + 6] += w0 * p3;
  c[at + 10] += w1 * p0; c[at + 11] += w1 * p1; c[at + 12] += w1 * p2; c[at + 13] += w1 * p3;
  c[at + 17] += w2 * p0; c[at + 18] += w2 * p1; c[at + 19] += w2 * p2; c[at + 20] += w2 * p3;
}
