/**
 * Skew-symmetric matrices and small 3×3 kernels.
 *
 * Two families:
 * - `…Into(out, …)` kernels work on Float64Array, 3×3 matrices stored row-major in 9
 *   entries (a[3·i + j] = A_ij). They allocate nothing and allow `out` to alias any
 *   input, so they can be called inside ode2Lhs / Jacobian loops.
 * - Functions without `Into` are for scripts: they accept nested arrays (`number[][]`)
 *   or flat row-major arrays and return fresh `number[][]` / `number[]`, like the numpy
 *   arrays of Exudyn's Python utilities.
 * @module
 */
import { FlexdynError, describeValue } from '../core/errors.ts';
import { hypot2, hypot3 } from './hypot.ts';

/** A 3D vector as a script passes it: `number[]`, `Float64Array`, … */
export type Vector3Like = ArrayLike<number>;

/** A 3×3 matrix as a script passes it: nested rows (`number[][]`) or 9 entries row-major. */
export type Matrix3Like = ArrayLike<ArrayLike<number>> | ArrayLike<number>;

/** Throws unless `value` is an array of `size` finite numbers; returns it as ArrayLike. */
export function checkVector(functionName: string, parameter: string, value: unknown, size: number): ArrayLike<number> {
  const ok = (Array.isArray(value) || ArrayBuffer.isView(value)) && (value as ArrayLike<unknown>).length === size;
  if (ok) {
    const v = value as ArrayLike<unknown>;
    let finite = true;
    for (let i = 0; i < size; i++) if (typeof v[i] !== 'number' || !Number.isFinite(v[i] as number)) finite = false;
    if (finite) return v as ArrayLike<number>;
  }
  throw new FlexdynError(`${functionName}: ${parameter} must be a vector of ${size} finite numbers, got ${describeValue(value)}`, { parameter });
}

/**
 * Converts a script matrix (nested rows or flat row-major) of `rows × cols` finite numbers into a
 * new row-major Float64Array; throws a FlexdynError naming the function and parameter otherwise.
 */
export function toMatrixArray(functionName: string, parameter: string, value: unknown, rows = 3, cols = 3): Float64Array {
  const out = new Float64Array(rows * cols);
  const fail = (): never => {
    throw new FlexdynError(`${functionName}: ${parameter} must be a ${rows}×${cols} matrix of finite numbers, got ${describeValue(value)}`, { parameter });
  };
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) fail();
  const m = value as ArrayLike<unknown>;
  if (m.length === rows * cols && typeof m[0] === 'number') {
    for (let k = 0; k < rows * cols; k++) out[k] = m[k] as number;
  } else if (m.length === rows) {
    for (let i = 0; i < rows; i++) {
      const row = m[i] as ArrayLike<unknown> | undefined;
      if ((!Array.isArray(row) && !ArrayBuffer.isView(row)) || row.length !== cols) fail();
      for (let j = 0; j < cols; j++) out[i * cols + j] = (row as ArrayLike<number>)[j];
    }
  } else {
    fail();
  }
  for (let k = 0; k < rows * cols; k++) if (!Number.isFinite(out[k])) fail();
  return out;
}

/** Converts a row-major Float64Array of `rows × cols` entries into nested `number[][]` rows. */
export function toNestedArray(a: ArrayLike<number>, rows = 3, cols = 3): number[][] {
  const m: number[][] = [];
  for (let i = 0; i < rows; i++) {
    const row: number[] = [];
    for (let j = 0; j < cols; j++) row.push(a[i * cols + j]);
    m.push(row);
  }
  return m;
}

// ---------------------------------------------------------------------------------------
// Allocation-free kernels

/** out = ṽ, the skew-symmetric matrix with ṽ r = v × r (v read from v[offset..offset+2]). */
export function skewInto(out: Float64Array, v: ArrayLike<number>, offset = 0): Float64Array {
  const x = v[offset], y = v[offset + 1], z = v[offset + 2];
  out[0] = 0; out[1] = -z; out[2] = y;
  out[3] = z; out[4] = 0; out[5] = -x;
  out[6] = -y; out[7] = x; out[8] = 0;
  return out;
}

/** Entry (row, col) of ṽ, the skew-symmetric matrix of the 3-vector at v[offset..offset+2] (0 on the diagonal). */
export function skewEntry(v: ArrayLike<number>, offset: number, row: number, col: number): number {
  if (row === col) return 0;
  const x = v[offset + 3 - row - col];
  return (col - row + 3) % 3 === 1 ? -x : x;
}

/** out = vector of the skew-symmetric part of A: ½(A32 − A23, A13 − A31, A21 − A12). */
export function skew2VecInto(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const x = 0.5 * (a[7] - a[5]), y = 0.5 * (a[2] - a[6]), z = 0.5 * (a[3] - a[1]);
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

/** Dot product of two 3D vectors. */
export function dot3(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export { hypot2, hypot3 };

/** Euclidean norm of a 3D vector. */
export function norm3(a: ArrayLike<number>): number {
  return hypot3(a[0], a[1], a[2]);
}

/** out = a × b (out may alias a or b). */
export function cross3Into(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const x = a[1] * b[2] - a[2] * b[1];
  const y = a[2] * b[0] - a[0] * b[2];
  const z = a[0] * b[1] - a[1] * b[0];
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

/** out = I (3×3). */
export function mat3IdentityInto(out: Float64Array): Float64Array {
  out.fill(0, 0, 9);
  out[0] = 1; out[4] = 1; out[8] = 1;
  return out;
}

/** out = Aᵀ (out may alias a). */
export function mat3TransposeInto(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const a01 = a[1], a02 = a[2], a12 = a[5];
  out[0] = a[0]; out[4] = a[4]; out[8] = a[8];
  out[1] = a[3]; out[3] = a01;
  out[2] = a[6]; out[6] = a02;
  out[5] = a[7]; out[7] = a12;
  return out;
}

/** out = A x (out may alias x). */
export function mat3MulVecInto(out: Float64Array, a: ArrayLike<number>, x: ArrayLike<number>): Float64Array {
  const x0 = x[0], x1 = x[1], x2 = x[2];
  out[0] = a[0] * x0 + a[1] * x1 + a[2] * x2;
  out[1] = a[3] * x0 + a[4] * x1 + a[5] * x2;
  out[2] = a[6] * x0 + a[7] * x1 + a[8] * x2;
  return out;
}

/** out = Aᵀ x (out may alias x). */
export function mat3TransposeMulVecInto(out: Float64Array, a: ArrayLike<number>, x: ArrayLike<number>): Float64Array {
  const x0 = x[0], x1 = x[1], x2 = x[2];
  out[0] = a[0] * x0 + a[3] * x1 + a[6] * x2;
  out[1] = a[1] * x0 + a[4] * x1 + a[7] * x2;
  out[2] = a[2] * x0 + a[5] * x1 + a[8] * x2;
  return out;
}

/** out = A B (out may alias a or b: all entries are read before the first write). */
export function mat3MulInto(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
  const b00 = b[0], b01 = b[1], b02 = b[2], b10 = b[3], b11 = b[4], b12 = b[5], b20 = b[6], b21 = b[7], b22 = b[8];
  out[0] = a00 * b00 + a01 * b10 + a02 * b20; out[1] = a00 * b01 + a01 * b11 + a02 * b21; out[2] = a00 * b02 + a01 * b12 + a02 * b22;
  out[3] = a10 * b00 + a11 * b10 + a12 * b20; out[4] = a10 * b01 + a11 * b11 + a12 * b21; out[5] = a10 * b02 + a11 * b12 + a12 * b22;
  out[6] = a20 * b00 + a21 * b10 + a22 * b20; out[7] = a20 * b01 + a21 * b11 + a22 * b21; out[8] = a20 * b02 + a21 * b12 + a22 * b22;
  return out;
}

/** out = Aᵀ B (out may alias a or b). */
export function mat3TransposeMulInto(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
  const b00 = b[0], b01 = b[1], b02 = b[2], b10 = b[3], b11 = b[4], b12 = b[5], b20 = b[6], b21 = b[7], b22 = b[8];
  out[0] = a00 * b00 + a10 * b10 + a20 * b20; out[1] = a00 * b01 + a10 * b11 + a20 * b21; out[2] = a00 * b02 + a10 * b12 + a20 * b22;
  out[3] = a01 * b00 + a11 * b10 + a21 * b20; out[4] = a01 * b01 + a11 * b11 + a21 * b21; out[5] = a01 * b02 + a11 * b12 + a21 * b22;
  out[6] = a02 * b00 + a12 * b10 + a22 * b20; out[7] = a02 * b01 + a12 * b11 + a22 * b21; out[8] = a02 * b02 + a12 * b12 + a22 * b22;
  return out;
}

/** out = A Bᵀ (out may alias a or b). */
export function mat3MulTransposeInto(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
  const b00 = b[0], b01 = b[1], b02 = b[2], b10 = b[3], b11 = b[4], b12 = b[5], b20 = b[6], b21 = b[7], b22 = b[8];
  out[0] = a00 * b00 + a01 * b01 + a02 * b02; out[1] = a00 * b10 + a01 * b11 + a02 * b12; out[2] = a00 * b20 + a01 * b21 + a02 * b22;
  out[3] = a10 * b00 + a11 * b01 + a12 * b02; out[4] = a10 * b10 + a11 * b11 + a12 * b12; out[5] = a10 * b20 + a11 * b21 + a12 * b22;
  out[6] = a20 * b00 + a21 * b01 + a22 * b02; out[7] = a20 * b10 + a21 * b11 + a22 * b12; out[8] = a20 * b20 + a21 * b21 + a22 * b22;
  return out;
}

/** out = ṽ A, i.e. column-wise v × A_j (out may alias a). */
export function skewMulInto(out: Float64Array, v: ArrayLike<number>, a: ArrayLike<number>): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
  out[0] = y * a20 - z * a10; out[1] = y * a21 - z * a11; out[2] = y * a22 - z * a12;
  out[3] = z * a00 - x * a20; out[4] = z * a01 - x * a21; out[5] = z * a02 - x * a22;
  out[6] = x * a10 - y * a00; out[7] = x * a11 - y * a01; out[8] = x * a12 - y * a02;
  return out;
}

/** out += c·ṽ A, column-wise c·(v × A_j) (out must not alias a). */
export function addSkewMulInto(out: Float64Array, v: ArrayLike<number>, a: ArrayLike<number>, c: number): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  for (let col = 0; col < 3; col++) {
    const a0 = a[col], a1 = a[3 + col], a2 = a[6 + col];
    out[col] += c * (y * a2 - z * a1);
    out[3 + col] += c * (z * a0 - x * a2);
    out[6 + col] += c * (x * a1 - y * a0);
  }
  return out;
}

/** Determinant of a 3×3 matrix. */
export function mat3Det(a: ArrayLike<number>): number {
  return a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
}

// ---------------------------------------------------------------------------------------
// Script functions (allocating, Exudyn names where Exudyn has them)

/** Skew-symmetric 3×3 matrix ṽ of a 3D vector, ṽ r = v × r (Exudyn's `Skew`). */
export function Skew(vector: Vector3Like): number[][] {
  const v = checkVector('Skew', 'vector', vector, 3);
  return toNestedArray(skewInto(new Float64Array(9), v));
}

/** Vector of a skew-symmetric 3×3 matrix (Exudyn's `Skew2Vec`); uses the skew-symmetric part of the input. */
export function Skew2Vec(skew: Matrix3Like): number[] {
  return Array.from(skew2VecInto(new Float64Array(3), toMatrixArray('Skew2Vec', 'skew', skew)));
}

/** Cross product a × b as a new array. */
export function cross3(a: Vector3Like, b: Vector3Like): number[] {
  return Array.from(cross3Into(new Float64Array(3), checkVector('cross3', 'a', a, 3), checkVector('cross3', 'b', b, 3)));
}

/** Matrix product A B of two 3×3 matrices (nested or flat input), as nested rows. */
export function mat3Mul(a: Matrix3Like, b: Matrix3Like): number[][] {
  const out = mat3MulInto(new Float64Array(9), toMatrixArray('mat3Mul', 'a', a), toMatrixArray('mat3Mul', 'b', b));
  return toNestedArray(out);
}

/** Product Aᵀ B of two 3×3 matrices, as nested rows. */
export function mat3TransposeMul(a: Matrix3Like, b: Matrix3Like): number[][] {
  const out = mat3TransposeMulInto(new Float64Array(9), toMatrixArray('mat3TransposeMul', 'a', a), toMatrixArray('mat3TransposeMul', 'b', b));
  return toNestedArray(out);
}

/** Product A Bᵀ of two 3×3 matrices, as nested rows. */
export function mat3MulTranspose(a: Matrix3Like, b: Matrix3Like): number[][] {
  const out = mat3MulTransposeInto(new Float64Array(9), toMatrixArray('mat3MulTranspose', 'a', a), toMatrixArray('mat3MulTranspose', 'b', b));
  return toNestedArray(out);
}

/** Transpose Aᵀ of a 3×3 matrix, as nested rows. */
export function mat3Transpose(a: Matrix3Like): number[][] {
  return toNestedArray(mat3TransposeInto(new Float64Array(9), toMatrixArray('mat3Transpose', 'a', a)));
}

/** Matrix-vector product A x of a 3×3 matrix and a 3D vector. */
export function mat3MulVec(a: Matrix3Like, x: Vector3Like): number[] {
  return Array.from(mat3MulVecInto(new Float64Array(3), toMatrixArray('mat3MulVec', 'a', a), checkVector('mat3MulVec', 'x', x, 3)));
}

/** Product Aᵀ x of a transposed 3×3 matrix and a 3D vector. */
export function mat3TransposeMulVec(a: Matrix3Like, x: Vector3Like): number[] {
  return Array.from(mat3TransposeMulVecInto(new Float64Array(3), toMatrixArray('mat3TransposeMulVec', 'a', a),
    checkVector('mat3TransposeMulVec', 'x', x, 3)));
}
