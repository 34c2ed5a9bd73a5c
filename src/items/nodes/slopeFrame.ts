/**
 * The cross-section frame of ANCF slope vectors r_y, r_z (NodePointSlope23, ObjectANCFBeam), as Exudyn defines it:
 * A = [e_x, e_y, e_z] with e_z = r_z/|r_z|, e_y the normalized part of r_y orthogonal to e_z, e_x = e_y × e_z; and
 * the angular velocity ω = W⁻¹ (r̃_y ṙ_y + r̃_z ṙ_z), W = −(r̃_y² + r̃_z²), which is the exact angular velocity for
 * orthonormal slopes and a least-squares fit otherwise.
 * @module
 */

import { hypot3 } from '../../rotations/skew.ts';

/** Writes A (row-major) of the slopes ry = s[o..o+2], rz = s[o+3..o+5]. */
export function slopeFrame(s: ArrayLike<number>, o: number, out: Float64Array): void {
  const nz = hypot3(s[o + 3], s[o + 4], s[o + 5]);
  const zx = s[o + 3] / nz, zy = s[o + 4] / nz, zz = s[o + 5] / nz;
  const h = s[o] * zx + s[o + 1] * zy + s[o + 2] * zz;
  let yx = s[o] - h * zx, yy = s[o + 1] - h * zy, yz = s[o + 2] - h * zz;
  const ny = hypot3(yx, yy, yz);
  yx /= ny; yy /= ny; yz /= ny;
  out[0] = yy * zz - yz * zy; out[1] = yx; out[2] = zx;
  out[3] = yz * zx - yx * zz; out[4] = yy; out[5] = zy;
  out[6] = yx * zy - yy * zx; out[7] = yz; out[8] = zz;
}

/**
 * Writes the rotation Jacobian G = W⁻¹ [r̃_y, r̃_z] (3 × 6 row-major; ω = G [ṙ_y; ṙ_z]) of the slopes ry = s[o..o+2],
 * rz = s[o+3..o+5].
 */
export function slopeRotationJacobian(s: ArrayLike<number>, o: number, out: Float64Array): void {
  // W = −(r̃_y² + r̃_z²) = (|r_y|² + |r_z|²) I − r_y r_yᵀ − r_z r_zᵀ (symmetric)
  const w = scratchW;
  const ny = s[o] * s[o] + s[o + 1] * s[o + 1] + s[o + 2] * s[o + 2];
  const nz = s[o + 3] * s[o + 3] + s[o + 4] * s[o + 4] + s[o + 5] * s[o + 5];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) w[3 * i + j] = (i === j ? ny + nz : 0) - s[o + i] * s[o + j] - s[o + 3 + i] * s[o + 3 + j];
  }
  const inv = inverse3(w, scratchInverse);
  for (let b = 0; b < 2; b++) {
    const vx = s[o + 3 * b], vy = s[o + 3 * b + 1], vz = s[o + 3 * b + 2];
    // skew(v) columns: [0, vz, −vy], [−vz, 0, vx], [vy, −vx, 0]
    for (let i = 0; i < 3; i++) {
      const a0 = inv[3 * i], a1 = inv[3 * i + 1], a2 = inv[3 * i + 2];
      out[6 * i + 3 * b] = a1 * vz - a2 * vy;
      out[6 * i + 3 * b + 1] = -a0 * vz + a2 * vx;
      out[6 * i + 3 * b + 2] = a0 * vy - a1 * vx;
    }
  }
}

const scratchW = new Float64Array(9);
const scratchInverse = new Float64Array(9);

/** Writes the inverse of a 3 × 3 matrix (row-major) by cofactors into out. */
function inverse3(a: Float64Array, out: Float64Array): Float64Array {
  const c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6];
  const det = a[0] * c00 + a[1] * c01 + a[2] * c02;
  out[0] = c00 / det; out[1] = (a[2] * a[7] - a[1] * a[8]) / det; out[2] = (a[1] * a[5] - a[2] * a[4]) / det;
  out[3] = c01 / det; out[4] = (a[0] * a[8] - a[2] * a[6]) / det; out[5] = (a[2] * a[3] - a[0] * a[5]) / det;
  out[6] = c02 / det; out[7] = (a[1] * a[6] - a[0] * a[7]) / det; out[8] = (a[0] * a[4] - a[1] * a[3]) / det;
  return out;
}
