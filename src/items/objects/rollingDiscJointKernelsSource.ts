/**
 * ObjectJointRollingDisc's node-coordinate kernels (a disc on an Euler-parameter node, rolling on a fixed plane or on a
 * second Euler-parameter node's body, both markers at their bodies' reference points) in the subset of
 * scripts/wasmKernelCompiler.ts: compiled into rollingDiscJointKernelsModule.ts (the engine runs them as WebAssembly
 * through rollingDiscJointKernels.ts), and run as JavaScript by the tests as the reference the module matches bit for bit.
 * Each is one call per evaluation: the nodes' kinematics from their coordinates (A(p) and ω̄ = G_l ṗ as NodeRigidBodyEP
 * forms them), the contact kinematics (RollingDiscGeometry's operations), g and C_qᵀλ or C, each entry the operations of
 * the joint's general path through the markers, the pair and the geometry, in its order, so the results are the same
 * to the last bit.
 *
 * Each joint has a region j of its own (doubles, rollingDiscJointLayout of rollingDiscJointKernels.ts). Constants: plane
 * normal [0…2] in marker 0's frame, disc axis [3…5] in marker 1's, radius r [6], the reference coordinates of node 0
 * [7…13] and node 1 [14…20], a fixed plane's p0, v0, n0 = A0·planeNormal and ω0 = A0 ω̄0 [21…32]. Inputs: the
 * coordinates q and velocities u of node 0 [33…39, 40…46] and node 1 [47…53, 54…60], the multipliers λ [61…63], the
 * residual's entries r[ltg[k]] of the local coordinates k [64…77] (node 0's first if it has coordinates). Results: g
 * [78…80], C (3 × n row-major, n = 7 or 14) [81…122]; the frame of the last evaluation: lateral, forward, normal
 * [123…131], the radius arm r·w3 [132…134], the plane arm pC − p0 [135…137], 2p of node 1 [138…141] and of node 0 [142…145].
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot3 } from '../../rotations/hypot.ts';

/**
 * g, and C_qᵀλ added into the residual's entries [64…] (each row with λ_i ≠ 0, per column as the general path adds
 * them): bodies = 1 for a plane on node 0, 0 for the fixed plane. Returns 0 when the disc axis is parallel to the plane
 * normal (nothing written: the general path names the item), 1 when every λ_i is 0 (g written), else 2.
 */
export function reaction(j: Float64Array, bodies: Int): number {
  if (kinematics(j, bodies) === 0) return 0;
  if (j[61] === 0 && j[62] === 0 && j[63] === 0) return 1;
  let at: Int = 64;
  if (bodies === 1) {
    // node 0's columns of −([I₃ | 0] + [0 | G0] × (pC − p0)), G0's entries ±2p_k of node 0
    const t0 = j[142], t1 = j[143], t2 = j[144], t3 = j[145];
    reactionColumn(j, 64, 1, 0, 0, 0, 0, 0, 135, 1);
    reactionColumn(j, 65, 0, 1, 0, 0, 0, 0, 135, 1);
    reactionColumn(j, 66, 0, 0, 1, 0, 0, 0, 135, 1);
    reactionColumn(j, 67, 0, 0, 0, -t1, -t2, -t3, 135, 1);
    reactionColumn(j, 68, 0, 0, 0, t0, t3, -t2, 135, 1);
    reactionColumn(j, 69, 0, 0, 0, -t3, t0, t1, 135, 1);
    reactionColumn(j, 70, 0, 0, 0, t2, -t1, t0, 135, 1);
    at = 71;
  }
  const s0 = j[138], s1 = j[139], s2 = j[140], s3 = j[141];
  reactionColumn(j, at, 1, 0, 0, 0, 0, 0, 132, 0);
  reactionColumn(j, at + 1, 0, 1, 0, 0, 0, 0, 132, 0);
  reactionColumn(j, at + 2, 0, 0, 1, 0, 0, 0, 132, 0);
  reactionColumn(j, at + 3, 0, 0, 0, -s1, -s2, -s3, 132, 0);
  reactionColumn(j, at + 4, 0, 0, 0, s0, s3, -s2, 132, 0);
  reactionColumn(j, at + 5, 0, 0, 0, -s3, s0, s1, 132, 0);
  reactionColumn(j, at + 6, 0, 0, 0, s2, -s1, s0, 132, 0);
  return 2;
}

/**
 * g and the Jacobian C = ∂g/∂u into [81…] (3 × n row-major, node 0's columns negated), as ae forms them. Returns 0 when
 * the disc axis is parallel to the plane normal (nothing written), else 1.
 */
export function jacobian(j: Float64Array, bodies: Int): number {
  if (kinematics(j, bodies) === 0) return 0;
  let n: Int = 7;
  let k: Int = 0;
  if (bodies === 1) {
    n = 14;
    const t0 = j[142], t1 = j[143], t2 = j[144], t3 = j[145];
    jacobianColumn(j, 0, n, 1, 0, 0, 0, 0, 0, 135, 1);
    jacobianColumn(j, 1, n, 0, 1, 0, 0, 0, 0, 135, 1);
    jacobianColumn(j, 2, n, 0, 0, 1, 0, 0, 0, 135, 1);
    jacobianColumn(j, 3, n, 0, 0, 0, -t1, -t2, -t3, 135, 1);
    jacobianColumn(j, 4, n, 0, 0, 0, t0, t3, -t2, 135, 1);
    jacobianColumn(j, 5, n, 0, 0, 0, -t3, t0, t1, 135, 1);
    jacobianColumn(j, 6, n, 0, 0, 0, t2, -t1, t0, 135, 1);
    k = 7;
  }
  const s0 = j[138], s1 = j[139], s2 = j[140], s3 = j[141];
  jacobianColumn(j, k, n, 1, 0, 0, 0, 0, 0, 132, 0);
  jacobianColumn(j, k + 1, n, 0, 1, 0, 0, 0, 0, 132, 0);
  jacobianColumn(j, k + 2, n, 0, 0, 1, 0, 0, 0, 132, 0);
  jacobianColumn(j, k + 3, n, 0, 0, 0, -s1, -s2, -s3, 132, 0);
  jacobianColumn(j, k + 4, n, 0, 0, 0, s0, s3, -s2, 132, 0);
  jacobianColumn(j, k + 5, n, 0, 0, 0, -s3, s0, s1, 132, 0);
  jacobianColumn(j, k + 6, n, 0, 0, 0, s2, -s1, s0, 132, 0);
  return 1;
}

/**
 * j[at] += (±e_i·c)·λ_i for the rows (lateral, forward, normal) with λ_i ≠ 0 of one column c = J_k + G_k × a (J_k, G_k the
 * column's position and rotation Jacobian entries, a the arm at j[arm…arm + 2]); negate = 1 for node 0's columns.
 */
function reactionColumn(j: Float64Array, at: Int, jx: number, jy: number, jz: number, gx: number, gy: number, gz: number, arm: Int, negate: Int): void {
  const ax = j[arm], ay = j[arm + 1], az = j[arm + 2];
  const cx = jx + gy * az - gz * ay, cy = jy + gz * ax - gx * az, cz = jz + gx * ay - gy * ax;
  const l0 = j[61], l1 = j[62], l2 = j[63];
  if (l0 !== 0) {
    const value = j[123] * cx + j[124] * cy + j[125] * cz;
    j[at] += (negate === 1 ? -value : value) * l0;
  }
  if (l1 !== 0) {
    const value = j[126] * cx + j[127] * cy + j[128] * cz;
    j[at] += (negate === 1 ? -value : value) * l1;
  }
  if (l2 !== 0) {
    const value = j[129] * cx + j[130] * cy + j[131] * cz;
    j[at] += (negate === 1 ? -value : value) * l2;
  }
}

/** C[row·n + k] = ±e_row·c for the three rows of column k, c as {@link reactionColumn} forms it. */
function jacobianColumn(j: Float64Array, k: Int, n: Int, jx: number, jy: number, jz: number, gx: number, gy: number, gz: number, arm: Int, negate: Int): void {
  const ax = j[arm], ay = j[arm + 1], az = j[arm + 2];
  const cx = jx + gy * az - gz * ay, cy = jy + gz * ax - gx * az, cz = jz + gx * ay - gy * ax;
  const e = j[123] * cx + j[124] * cy + j[125] * cz;
  const f = j[126] * cx + j[127] * cy + j[128] * cz;
  const m = j[129] * cx + j[130] * cy + j[131] * cz;
  j[81 + k] = negate === 1 ? -e : e;
  j[81 + n + k] = negate === 1 ? -f : f;
  j[81 + 2 * n + k] = negate === 1 ? -m : m;
}

/**
 * The kinematics of both sides, g into [78…80] and the frame into [123…145]: the plane's p0, v0, n0, ω0 from node 0
 * (bodies = 1) or the fixed plane's constants, the disc node's, then the contact kinematics and g = e_i·(vC1 − vC0).
 * Returns 0, having written nothing, when |w1 × n0| is not above 1e-14, else 1.
 */
function kinematics(j: Float64Array, bodies: Int): number {
  let p0x = j[21], p0y = j[22], p0z = j[23], v0x = j[24], v0y = j[25], v0z = j[26];
  let nx = j[27], ny = j[28], nz = j[29], o0x = j[30], o0y = j[31], o0z = j[32];
  let t0 = 0, t1 = 0, t2 = 0, t3 = 0;
  if (bodies === 1) {
    p0x = j[7] + j[33]; p0y = j[8] + j[34]; p0z = j[9] + j[35];
    const h0 = j[10] + j[36], h1 = j[11] + j[37], h2 = j[12] + j[38], h3 = j[13] + j[39];
    const b0 = -2 * h3 * h3 - 2 * h2 * h2 + 1, b1 = -2 * h3 * h0 + 2 * h2 * h1, b2 = 2 * h3 * h1 + 2 * h2 * h0;
    const b3 = 2 * h3 * h0 + 2 * h2 * h1, b4 = -2 * h3 * h3 - 2 * h1 * h1 + 1, b5 = 2 * h3 * h2 - 2 * h1 * h0;
    const b6 = -2 * h2 * h0 + 2 * h3 * h1, b7 = 2 * h3 * h2 + 2 * h1 * h0, b8 = -2 * h2 * h2 - 2 * h1 * h1 + 1;
    v0x = j[40]; v0y = j[41]; v0z = j[42];
    const z0 = j[43], z1 = j[44], z2 = j[45], z3 = j[46];
    t0 = 2 * h0; t1 = 2 * h1; t2 = 2 * h2; t3 = 2 * h3;
    const w0x = 0 + -t1 * z0 + t0 * z1 + t3 * z2 + -t2 * z3;
    const w0y = 0 + -t2 * z0 + -t3 * z1 + t0 * z2 + t1 * z3;
    const w0z = 0 + -t3 * z0 + t2 * z1 + -t1 * z2 + t0 * z3;
    const q0 = j[0], q1 = j[1], q2 = j[2];
    nx = b0 * q0 + b1 * q1 + b2 * q2; ny = b3 * q0 + b4 * q1 + b5 * q2; nz = b6 * q0 + b7 * q1 + b8 * q2;
    o0x = b0 * w0x + b1 * w0y + b2 * w0z; o0y = b3 * w0x + b4 * w0y + b5 * w0z; o0z = b6 * w0x + b7 * w0y + b8 * w0z;
  }
  // the disc node: position, Euler parameters p = p_ref + q, A(p), ω̄ = G_l ṗ
  const p1x = j[14] + j[47], p1y = j[15] + j[48], p1z = j[16] + j[49];
  const e0 = j[17] + j[50], e1 = j[18] + j[51], e2 = j[19] + j[52], e3 = j[20] + j[53];
  const a0 = -2 * e3 * e3 - 2 * e2 * e2 + 1, a1 = -2 * e3 * e0 + 2 * e2 * e1, a2 = 2 * e3 * e1 + 2 * e2 * e0;
  const a3 = 2 * e3 * e0 + 2 * e2 * e1, a4 = -2 * e3 * e3 - 2 * e1 * e1 + 1, a5 = 2 * e3 * e2 - 2 * e1 * e0;
  const a6 = -2 * e2 * e0 + 2 * e3 * e1, a7 = 2 * e3 * e2 + 2 * e1 * e0, a8 = -2 * e2 * e2 - 2 * e1 * e1 + 1;
  const d0 = j[57], d1 = j[58], d2 = j[59], d3 = j[60];
  const s0 = 2 * e0, s1 = 2 * e1, s2 = 2 * e2, s3 = 2 * e3;
  const w1x = 0 + -s1 * d0 + s0 * d1 + s3 * d2 + -s2 * d3;
  const w1y = 0 + -s2 * d0 + -s3 * d1 + s0 * d2 + s1 * d3;
  const w1z = 0 + -s3 * d0 + s2 * d1 + -s1 * d2 + s0 * d3;
  // the contact kinematics (rollingDiscGeometryKernelsSource.ts: positions, velocities)
  const x0 = j[3], x1 = j[4], x2 = j[5], radius = j[6];
  const wx = a0 * x0 + a1 * x1 + a2 * x2, wy = a3 * x0 + a4 * x1 + a5 * x2, wz = a6 * x0 + a7 * x1 + a8 * x2;
  let fx = wy * nz - wz * ny, fy = wz * nx - wx * nz, fz = wx * ny - wy * nx;
  const length = hypot3(fx, fy, fz);
  if (!(length > 1e-14)) return 0;
  fx /= length; fy /= length; fz /= length;
  const w3x = wy * fz - wz * fy, w3y = wz * fx - wx * fz, w3z = wx * fy - wy * fx;
  const lx = ny * fz - nz * fy, ly = nz * fx - nx * fz, lz = nx * fy - ny * fx;
  const r1x = radius * w3x, r1y = radius * w3y, r1z = radius * w3z;
  const cx = p1x + radius * w3x, cy = p1y + radius * w3y, cz = p1z + radius * w3z;
  const r0x = cx - p0x, r0y = cy - p0y, r0z = cz - p0z;
  const o1x = a0 * w1x + a1 * w1y + a2 * w1z, o1y = a3 * w1x + a4 * w1y + a5 * w1z, o1z = a6 * w1x + a7 * w1y + a8 * w1z;
  const c1x = j[54] + o1y * r1z - o1z * r1y, c1y = j[55] + o1z * r1x - o1x * r1z, c1z = j[56] + o1x * r1y - o1y * r1x;
  const c0x = v0x + o0y * r0z - o0z * r0y, c0y = v0y + o0z * r0x - o0x * r0z, c0z = v0z + o0x * r0y - o0y * r0x;
  const dx = c1x - c0x, dy = c1y - c0y, dz = c1z - c0z;
  j[78] = lx * dx + ly * dy + lz * dz;
  j[79] = fx * dx + fy * dy + fz * dz;
  j[80] = nx * dx + ny * dy + nz * dz;
  j[123] = lx; j[124] = ly; j[125] = lz; j[126] = fx; j[127] = fy; j[128] = fz; j[129] = nx; j[130] = ny; j[131] = nz;
  j[132] = r1x; j[133] = r1y; j[134] = r1z; j[135] = r0x; j[136] = r0y; j[137] = r0z;
  j[138] = s0; j[139] = s1; j[140] = s2; j[141] = s3; j[142] = t0; j[143] = t1; j[144] = t2; j[145] = t3;
  return 1;
}

