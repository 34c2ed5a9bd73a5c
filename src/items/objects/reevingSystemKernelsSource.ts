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
 * row-major, the rotation Jacobian at 3w) and the generalized forces (w per marker); n[14 + i] the local coordinates
 * n_i of marker i. Constants and inputs j[0…3]: the rope force F, the torsional and shear damping DT and DS, and 1 if
 * either of them is non-zero (else 0).
 * @module
 */

import type { Int } from '../../linalg/wasmModule.ts';
import { hypot3 } from '../../rotations/hypot.ts';

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
    const m: Int = n[14 + i];
    const jp: Int = jac + 6 * w * i, jr: Int = jp + 3 * w, o: Int = out + w * i;
    const f0 = j[force + 3 * i], f1 = j[force + 3 * i + 1], f2 = j[force + 3 * i + 2];
    const t0 = j[torque + 3 * i], t1 = j[torque + 3 * i + 1], t2 = j[torque + 3 * i + 2];
    for (let k: Int = 0; k < m; k++) {
      j[o + k] = j[jp + k] * f0 + j[jp + m + k] * f1 + j[jp + 2 * m + k] * f2 + j[jr + k] * t0 + j[jr + m + k] * t1 + j[jr + 2 * m + k] * t2;
    }
  }
  return 0;
}
