/**
 * w = −ṽ J_rot (3 × n), the change δv = w δq of a vector v = A v_local that rotates with a marker whose rotation
 * Jacobian is J_rot (3 × n), along the directions J_rot sees.
 */
export function followerProduct(jr: Float64Array, v: Float64Array, w: Float64Array, n: number): void {
  const vx = v[0], vy = v[1], vz = v[2];
  for (let c = 0; c < n; c++) {
    const x = jr[c], y = jr[n + c], z = jr[2 * n + c];
    // column c of −ṽ J_rot = J_rot[:, c] × v
    w[c] = y * vz - z * vy;
    w[n + c] = z * vx - x * vz;
    w[2 * n + c] = x * vy - y * vx;
  }
}

/** k += scale·Jᵀw for J and w of 3 × n (the follower term Jᵀ ∂v/∂q of a load Jᵀv). */
export function addFollowerTerm(j: Float64Array, w: Float64Array, n: number, k: Float64Array, scale: number): void {
  for (let r = 0; r < n; r++) {
    const a = j[r], b = j[n + r], c3 = j[2 * n + r];
    if (a === 0 && b === 0 && c3 === 0) continue;
    for (let c = 0; c < n; c++) k[r * n + c] += scale * (a * w[c] + b * w[n + c] + c3 * w[2 * n + c]);
  }
}
