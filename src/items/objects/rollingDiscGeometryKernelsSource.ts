/**
 * The contact kinematics of RollingDiscGeometry as kernels in the subset of scripts/wasmKernelCompiler.ts: compiled
 * into rollingDiscGeometryKernelsModule.ts (the engine runs them as WebAssembly through rollingDiscGeometryKernels.ts),
 * and run as JavaScript by the tests as the reference the module matches bit for bit.
 *
 * Each geometry has a region g of its own (doubles, rollingDiscGeometryLayout of rollingDiscGeometryKernels.ts). Inputs:
 * rotation matrices A0 [0…8] and A1 [9…17] (row-major), positions p0 [18…20] and p1 [21…23], plane normal [24…26] and
 * disc axis [27…29] in the markers' frames, disc radius r [30], body-fixed angular velocities ω̄0 [31…33] and ω̄1
 * [34…36], velocities v0 [37…39] and v1 [40…42]. Results: normal n0 [43…45], axis w1 [46…48], forward [49…51], toContact
 * w3 [52…54], lateral [55…57], contact point pC [58…60], radius vector r w3 [61…63], plane arm pC − p0 [64…66], ω0
 * [67…69], ω1 [70…72], contact velocities vC1 [73…75] and vC0 [76…78], vC = vC1 − vC0 [79…81], slip velocity
 * (vC·lateral, vC·forward) [82, 83], |w1 × n0| [84], trail velocity [85…87]. The inputs of {@link nodeKinematics}
 * (markers at the reference points of Euler-parameter nodes): reference coordinates [88…94], coordinates [95…101] and
 * velocities [102…108] of node 0, the same of node 1 [109…115, 116…122, 123…129].
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot3 } from '../../rotations/hypot.ts';

/**
 * The directions and the contact point from A0, A1, p0, p1: n0 = A0 planeNormal, w1 = A1 discAxis, forward = (w1 × n0)/g
 * with g = |w1 × n0| (stored and returned: the caller rejects g ≤ 1e-14, a disc lying flat), w3 = w1 × forward, lateral
 * = n0 × forward, r w3, pC = p1 + r w3, pC − p0.
 */
export function positions(g: Float64Array): number {
  const q0 = g[24], q1 = g[25], q2 = g[26];
  const nx = g[0] * q0 + g[1] * q1 + g[2] * q2, ny = g[3] * q0 + g[4] * q1 + g[5] * q2, nz = g[6] * q0 + g[7] * q1 + g[8] * q2;
  g[43] = nx; g[44] = ny; g[45] = nz;
  const d0 = g[27], d1 = g[28], d2 = g[29];
  const wx = g[9] * d0 + g[10] * d1 + g[11] * d2, wy = g[12] * d0 + g[13] * d1 + g[14] * d2, wz = g[15] * d0 + g[16] * d1 + g[17] * d2;
  g[46] = wx; g[47] = wy; g[48] = wz;
  let fx = wy * nz - wz * ny, fy = wz * nx - wx * nz, fz = wx * ny - wy * nx;
  const length = hypot3(fx, fy, fz);
  g[84] = length;
  fx /= length; fy /= length; fz /= length;
  g[49] = fx; g[50] = fy; g[51] = fz;
  const w3x = wy * fz - wz * fy, w3y = wz * fx - wx * fz, w3z = wx * fy - wy * fx;
  g[52] = w3x; g[53] = w3y; g[54] = w3z;
  g[55] = ny * fz - nz * fy; g[56] = nz * fx - nx * fz; g[57] = nx * fy - ny * fx;
  const r = g[30];
  g[61] = r * w3x; g[62] = r * w3y; g[63] = r * w3z;
  const cx = g[21] + r * w3x, cy = g[22] + r * w3y, cz = g[23] + r * w3z;
  g[58] = cx; g[59] = cy; g[60] = cz;
  g[64] = cx - g[18]; g[65] = cy - g[19]; g[66] = cz - g[20];
  return length;
}

/** {@link positions} and {@link velocities} in one call: returns g = |w1 × n0|. */
export function kinematics(g: Float64Array): number {
  const length = positions(g);
  velocities(g);
  return length;
}

/**
 * {@link kinematics} with the markers' inputs formed from their nodes' coordinates first (each marker at the reference
 * point of an Euler-parameter node): p = p_ref + q, A(p) and ω̄ = G_l ṗ of p = p_ref + q as NodeRigidBodyEP forms them,
 * v = u̇; marker 0's (A0, p0, ω̄0, v0) only with bodies = 1 (else the region's, a fixed plane's). Returns g = |w1 × n0|.
 */
export function nodeKinematics(g: Float64Array, bodies: Int): number {
  if (bodies === 1) nodeFrame(g, 88, 0, 18, 31, 37);
  nodeFrame(g, 109, 9, 21, 34, 40);
  return kinematics(g);
}

/**
 * A marker's rotation matrix into g[a…a + 8], position into g[p…p + 2], ω̄ into g[w…w + 2] and velocity into g[v…v + 2]
 * from the node's reference coordinates at g[n…n + 6], coordinates at g[n + 7…] and velocities at g[n + 14…].
 */
function nodeFrame(g: Float64Array, n: Int, a: Int, p: Int, w: Int, v: Int): void {
  g[p] = g[n] + g[n + 7]; g[p + 1] = g[n + 1] + g[n + 8]; g[p + 2] = g[n + 2] + g[n + 9];
  const e0 = g[n + 3] + g[n + 10], e1 = g[n + 4] + g[n + 11], e2 = g[n + 5] + g[n + 12], e3 = g[n + 6] + g[n + 13];
  g[a] = -2 * e3 * e3 - 2 * e2 * e2 + 1; g[a + 1] = -2 * e3 * e0 + 2 * e2 * e1; g[a + 2] = 2 * e3 * e1 + 2 * e2 * e0;
  g[a + 3] = 2 * e3 * e0 + 2 * e2 * e1; g[a + 4] = -2 * e3 * e3 - 2 * e1 * e1 + 1; g[a + 5] = 2 * e3 * e2 - 2 * e1 * e0;
  g[a + 6] = -2 * e2 * e0 + 2 * e3 * e1; g[a + 7] = 2 * e3 * e2 + 2 * e1 * e0; g[a + 8] = -2 * e2 * e2 - 2 * e1 * e1 + 1;
  g[v] = g[n + 14]; g[v + 1] = g[n + 15]; g[v + 2] = g[n + 16];
  const d0 = g[n + 17], d1 = g[n + 18], d2 = g[n + 19], d3 = g[n + 20];
  const t0 = 2 * e0, t1 = 2 * e1, t2 = 2 * e2, t3 = 2 * e3;
  g[w] = 0 + -t1 * d0 + t0 * d1 + t3 * d2 + -t2 * d3;
  g[w + 1] = 0 + -t2 * d0 + -t3 * d1 + t0 * d2 + t1 * d3;
  g[w + 2] = 0 + -t3 * d0 + t2 * d1 + -t1 * d2 + t0 * d3;
}

/**
 * ω0 = A0 ω̄0, ω1 = A1 ω̄1, the contact velocities vC1 = v1 + ω1 × r w3, vC0 = v0 + ω0 × (pC − p0), vC = vC1 − vC0 and
 * the slip velocity (vC·lateral, vC·forward) (after positions).
 */
function velocities(g: Float64Array): void {
  const b0 = g[31], b1 = g[32], b2 = g[33], e0 = g[34], e1 = g[35], e2 = g[36];
  const o0x = g[0] * b0 + g[1] * b1 + g[2] * b2, o0y = g[3] * b0 + g[4] * b1 + g[5] * b2, o0z = g[6] * b0 + g[7] * b1 + g[8] * b2;
  const o1x = g[9] * e0 + g[10] * e1 + g[11] * e2, o1y = g[12] * e0 + g[13] * e1 + g[14] * e2, o1z = g[15] * e0 + g[16] * e1 + g[17] * e2;
  g[67] = o0x; g[68] = o0y; g[69] = o0z;
  g[70] = o1x; g[71] = o1y; g[72] = o1z;
  const a0x = g[64], a0y = g[65], a0z = g[66], a1x = g[61], a1y = g[62], a1z = g[63];
  const c1x = g[40] + o1y * a1z - o1z * a1y, c1y = g[41] + o1z * a1x - o1x * a1z, c1z = g[42] + o1x * a1y - o1y * a1x;
  const c0x = g[37] + o0y * a0z - o0z * a0y, c0y = g[38] + o0z * a0x - o0x * a0z, c0z = g[39] + o0x * a0y - o0y * a0x;
  g[73] = c1x; g[74] = c1y; g[75] = c1z;
  g[76] = c0x; g[77] = c0y; g[78] = c0z;
  const x = c1x - c0x, y = c1y - c0y, z = c1z - c0z;
  g[79] = x; g[80] = y; g[81] = z;
  g[82] = x * g[55] + y * g[56] + z * g[57];
  g[83] = x * g[49] + y * g[50] + z * g[51];
}

/**
 * The velocity of the contact point as a geometric point (Exudyn's trail velocity), v1 + r ẇ3 − (v0 + ω0 × arm), into
 * [85…87] (after velocities; arm: the region's contact point or plane arm).
 */
export function trailVelocity(g: Float64Array, arm: Float64Array): void {
  const w10 = g[46], w11 = g[47], w12 = g[48], n00 = g[43], n01 = g[44], n02 = g[45];
  const o00 = g[67], o01 = g[68], o02 = g[69], o10 = g[70], o11 = g[71], o12 = g[72];
  // ẇ1 = ω1 × w1, ṅ0 = ω0 × n0
  const w1tx = o11 * w12 - o12 * w11, w1ty = o12 * w10 - o10 * w12, w1tz = o10 * w11 - o11 * w10;
  const n0tx = o01 * n02 - o02 * n01, n0ty = o02 * n00 - o00 * n02, n0tz = o00 * n01 - o01 * n00;
  // f = w1 × n0 unnormalized: g = |f|, wForward = f/g, ẇForward = (ḟ g − f ġ)/g², ġ = f·ḟ/g
  const fux = w11 * n02 - w12 * n01, fuy = w12 * n00 - w10 * n02, fuz = w10 * n01 - w11 * n00;
  const ftx = (w1ty * n02 - w1tz * n01) + (w11 * n0tz - w12 * n0ty);
  const fty = (w1tz * n00 - w1tx * n02) + (w12 * n0tx - w10 * n0tz);
  const ftz = (w1tx * n01 - w1ty * n00) + (w10 * n0ty - w11 * n0tx);
  const s = g[84];
  const gt = (fux * ftx + fuy * fty + fuz * ftz) / s;
  const ffx = (ftx * s - fux * gt) / (s * s), ffy = (fty * s - fuy * gt) / (s * s), ffz = (ftz * s - fuz * gt) / (s * s);
  const f0 = g[49], f1 = g[50], f2 = g[51];
  const w3tx = (w1ty * f2 - w1tz * f1) + (w11 * ffz - w12 * ffy);
  const w3ty = (w1tz * f0 - w1tx * f2) + (w12 * ffx - w10 * ffz);
  const w3tz = (w1tx * f1 - w1ty * f0) + (w10 * ffy - w11 * ffx);
  const cx = o01 * arm[2] - o02 * arm[1], cy = o02 * arm[0] - o00 * arm[2], cz = o00 * arm[1] - o01 * arm[0];
  const r = g[30];
  g[85] = g[40] + r * w3tx - (g[37] + cx);
  g[86] = g[41] + r * w3ty - (g[38] + cy);
  g[87] = g[42] + r * w3tz - (g[39] + cz);
}

