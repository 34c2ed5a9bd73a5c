/**
 * Reference centerlines of rods: a curve r(s) parametrized by arc length s ∈ [0, L] with the
 * cross-section frame A(s) = [e1, e2, e3] (columns; e1 the tangent). createCosseratRod places the
 * rod nodes on them.
 * @module
 */
import { describeValue, FlexdynError } from '../core/errors.ts';
import { checkKnownKeys, ownValue } from '../core/dictionary.ts';
import { cross3Into } from '../rotations/skew.ts';

/** A straight centerline from start along direction; frame: x = direction, z = the part of up normal to x, y = z × x. */
export interface StraightCenterlineOptions {
  /** Centerline type. */
  readonly type: 'Straight';
  /** Start point; default [0, 0, 0]. */
  readonly start?: ArrayLike<number>;
  /** Direction of the tangent (need not be unit); default [1, 0, 0]. */
  readonly direction?: ArrayLike<number>;
  /** Length L > 0. */
  readonly length: number;
  /**
   * Vector in the local x–z plane that fixes the roll of the frame: local z is its part normal to the
   * direction. Default: the frame is the global frame rotated by the smallest rotation that turns
   * global x into the direction (the identity for direction [1, 0, 0]).
   */
  readonly up?: ArrayLike<number>;
}

/**
 * A circular arc in the plane of direction and towardCenter: r(s) = c − R cos(s/R) n₀ + R sin(s/R) t₀
 * with c = start + R n₀; frame: x tangent, y toward the center, z = x × y (the constant binormal).
 */
export interface CircularArcCenterlineOptions {
  /** Centerline type. */
  readonly type: 'CircularArc';
  /** Start point; default [0, 0, 0]. */
  readonly start?: ArrayLike<number>;
  /** Tangent at the start t₀ (need not be unit); default [1, 0, 0]. */
  readonly direction?: ArrayLike<number>;
  /** Direction from the start toward the center (its part normal to the tangent is used); default [0, 1, 0]. */
  readonly towardCenter?: ArrayLike<number>;
  /** Radius R > 0. */
  readonly radius: number;
  /** Swept angle in radians, > 0 (L = R·angle). */
  readonly angle: number;
}

/**
 * A circular helix about the local z axis of the helix frame (center, rotationMatrix):
 * r(α) = center + B R₀ (sin α, −cos α, c α), c = pitch/(2π R₀), α ∈ [0, 2π·turns], arc length
 * s = R₀√(1 + c²) α. Frame: x tangent (cos α, sin α, c)/√(1 + c²), y toward the axis (−sin α, cos α, 0),
 * z binormal (−c cos α, −c sin α, 1)/√(1 + c²), each multiplied by B. Right-handed for pitch > 0.
 */
export interface HelixCenterlineOptions {
  /** Centerline type. */
  readonly type: 'Helix';
  /** Helix radius R₀ > 0. */
  readonly radius: number;
  /** Rise per turn along the axis (negative: left-handed helix, 0: a circle run through turns times). */
  readonly pitch: number;
  /** Number of turns, > 0 (need not be an integer). */
  readonly turns: number;
  /** Point on the helix axis at α = 0; default [0, 0, 0]. */
  readonly center?: ArrayLike<number>;
  /** Orientation B of the helix frame (its third column is the axis), 3×3; default identity. */
  readonly rotationMatrix?: ArrayLike<ArrayLike<number>> | ArrayLike<number>;
}

/** A user curve: position and frame as functions of the arc length s ∈ [0, length]. */
export interface UserCenterlineOptions {
  /** Centerline type. */
  readonly type: 'Curve';
  /** Length L > 0. */
  readonly length: number;
  /** r(s); s should be the arc length (the nodes are equally spaced in s). */
  readonly position: (s: number) => ArrayLike<number>;
  /** A(s), 3×3 (nested or row-major) with the tangent as first column; must be a rotation matrix. */
  readonly rotationMatrix: (s: number) => ArrayLike<ArrayLike<number>> | ArrayLike<number>;
}

/** The centerline descriptions createCosseratRod accepts. */
export type CenterlineOptions = StraightCenterlineOptions | CircularArcCenterlineOptions | HelixCenterlineOptions | UserCenterlineOptions;

/** A centerline ready to be sampled. */
export interface RodCenterline {
  /** Arc length L. */
  readonly length: number;
  /** Writes r(s) into out (3 entries). */
  position(s: number, out: Float64Array): void;
  /** Writes A(s) into out (9 entries, row-major; columns = frame axes). */
  rotationMatrix(s: number, out: Float64Array): void;
}

/** The keys of each centerline description (the compiler keeps them equal to the interfaces). */
const centerlineKeys = {
  Straight: { type: true, start: true, direction: true, length: true, up: true } satisfies { readonly [K in keyof Required<StraightCenterlineOptions>]: true },
  CircularArc: { type: true, start: true, direction: true, towardCenter: true, radius: true, angle: true } satisfies { readonly [K in keyof Required<CircularArcCenterlineOptions>]: true },
  Helix: { type: true, radius: true, pitch: true, turns: true, center: true, rotationMatrix: true } satisfies { readonly [K in keyof Required<HelixCenterlineOptions>]: true },
  Curve: { type: true, length: true, position: true, rotationMatrix: true } satisfies { readonly [K in keyof Required<UserCenterlineOptions>]: true },
};

/**
 * Builds the centerline of a description; where names the caller in error messages. A key the description's type does
 * not have (a misspelling such as `centre`, which would silently leave the default) is an error naming it.
 */
export function rodCenterline(options: CenterlineOptions, where = 'rodCenterline'): RodCenterline {
  if (options === undefined || options === null || typeof options !== 'object') {
    throw new FlexdynError(`${where}: centerline must be an object with type 'Straight', 'CircularArc', 'Helix' or 'Curve', got ${describeValue(options)}`, { parameter: 'centerline' });
  }
  const type = ownValue(options, 'type');
  if (typeof type === 'string' && Object.hasOwn(centerlineKeys, type)) {
    checkKnownKeys(where, options, centerlineKeys[type as CenterlineOptions['type']], `a key of a '${type}' centerline`, 'centerline');
  }
  switch (type) {
    case 'Straight': return straight(options as StraightCenterlineOptions, where);
    case 'CircularArc': return circularArc(options as CircularArcCenterlineOptions, where);
    case 'Helix': return helix(options as HelixCenterlineOptions, where);
    case 'Curve': return userCurve(options as UserCenterlineOptions, where);
    default:
      throw new FlexdynError(`${where}: centerline.type must be 'Straight', 'CircularArc', 'Helix' or 'Curve', got ${describeValue(type)}`, { parameter: 'centerline.type' });
  }
}

function straight(o: StraightCenterlineOptions, where: string): RodCenterline {
  const start = vector3(where, 'centerline.start', o.start ?? [0, 0, 0]);
  const length = positive(where, 'centerline.length', o.length);
  const x = unit(where, 'centerline.direction', vector3(where, 'centerline.direction', o.direction ?? [1, 0, 0]));
  const frame = new Float64Array(9);
  if (o.up === undefined) {
    smallestRotationFromX(x, frame);
  } else {
    const z = normalPart(where, 'centerline.up', vector3(where, 'centerline.up', o.up), x);
    setColumns(frame, x, cross3Into(new Float64Array(3), z, x), z);
  }
  return {
    length,
    position: (s, out) => { for (let i = 0; i < 3; i++) out[i] = start[i] + s * x[i]; },
    rotationMatrix: (_s, out) => out.set(frame),
  };
}

function circularArc(o: CircularArcCenterlineOptions, where: string): RodCenterline {
  const start = vector3(where, 'centerline.start', o.start ?? [0, 0, 0]);
  const radius = positive(where, 'centerline.radius', o.radius);
  const angle = positive(where, 'centerline.angle', o.angle);
  const t0 = unit(where, 'centerline.direction', vector3(where, 'centerline.direction', o.direction ?? [1, 0, 0]));
  const n0 = normalPart(where, 'centerline.towardCenter', vector3(where, 'centerline.towardCenter', o.towardCenter ?? [0, 1, 0]), t0);
  const b = cross3Into(new Float64Array(3), t0, n0);
  return {
    length: radius * angle,
    position: (s, out) => {
      const phi = s / radius;
      const c = Math.cos(phi), sn = Math.sin(phi);
      for (let i = 0; i < 3; i++) out[i] = start[i] + radius * ((1 - c) * n0[i] + sn * t0[i]);
    },
    rotationMatrix: (s, out) => {
      const phi = s / radius;
      const c = Math.cos(phi), sn = Math.sin(phi);
      for (let i = 0; i < 3; i++) {
        out[3 * i] = sn * n0[i] + c * t0[i];
        out[3 * i + 1] = c * n0[i] - sn * t0[i];
        out[3 * i + 2] = b[i];
      }
    },
  };
}

function helix(o: HelixCenterlineOptions, where: string): RodCenterline {
  const radius = positive(where, 'centerline.radius', o.radius);
  const pitch = finite(where, 'centerline.pitch', o.pitch);
  const turns = positive(where, 'centerline.turns', o.turns);
  const center = vector3(where, 'centerline.center', o.center ?? [0, 0, 0]);
  const frame = o.rotationMatrix === undefined ? Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) : rotationMatrix(where, 'centerline.rotationMatrix', o.rotationMatrix);
  const c = pitch / (2 * Math.PI * radius);
  const w = Math.sqrt(1 + c * c);
  const perAngle = radius * w;
  const local = new Float64Array(9);
  return {
    length: 2 * Math.PI * turns * perAngle,
    position: (s, out) => {
      const alpha = s / perAngle;
      const x = radius * Math.sin(alpha), y = -radius * Math.cos(alpha), z = radius * c * alpha;
      for (let i = 0; i < 3; i++) out[i] = center[i] + frame[3 * i] * x + frame[3 * i + 1] * y + frame[3 * i + 2] * z;
    },
    rotationMatrix: (s, out) => {
      const alpha = s / perAngle;
      const ca = Math.cos(alpha), sa = Math.sin(alpha);
      local[0] = ca / w; local[1] = -sa; local[2] = -c * ca / w;
      local[3] = sa / w; local[4] = ca; local[5] = -c * sa / w;
      local[6] = c / w; local[7] = 0; local[8] = 1 / w;
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) out[3 * i + j] = frame[3 * i] * local[j] + frame[3 * i + 1] * local[3 + j] + frame[3 * i + 2] * local[6 + j];
      }
    },
  };
}

function userCurve(o: UserCenterlineOptions, where: string): RodCenterline {
  const length = positive(where, 'centerline.length', o.length);
  if (typeof o.position !== 'function') throw new FlexdynError(`${where}: centerline.position must be a function (s) => [x, y, z], got ${describeValue(o.position)}`, { parameter: 'centerline.position' });
  if (typeof o.rotationMatrix !== 'function') throw new FlexdynError(`${where}: centerline.rotationMatrix must be a function (s) => 3×3 matrix, got ${describeValue(o.rotationMatrix)}`, { parameter: 'centerline.rotationMatrix' });
  return {
    length,
    position: (s, out) => out.set(vector3(where, `centerline.position(${s})`, o.position(s))),
    rotationMatrix: (s, out) => out.set(rotationMatrix(where, `centerline.rotationMatrix(${s})`, o.rotationMatrix(s))),
  };
}

/** The frame obtained by rotating the global frame about x × d so that x goes to the unit vector d. */
function smallestRotationFromX(d: Float64Array, out: Float64Array): void {
  // Rodrigues with axis k = e_x × d (|k| = sin θ), cos θ = d_x: A = I + k̃ + k̃²/(1 + cos θ)
  const c = d[0];
  const kx = 0, ky = -d[2], kz = d[1];
  const k2 = ky * ky + kz * kz;
  if (k2 === 0 && c < 0) {
    out.set([-1, 0, 0, 0, -1, 0, 0, 0, 1]);
    return;
  }
  // 1/(1 + cos θ) = (1 − cos θ)/sin²θ avoids the cancellation in 1 + cos θ near θ = π
  const f = c >= 0 ? 1 / (1 + c) : (1 - c) / k2;
  out[0] = 1 - f * (ky * ky + kz * kz); out[1] = -kz + f * kx * ky; out[2] = ky + f * kx * kz;
  out[3] = kz + f * kx * ky; out[4] = 1 - f * (kx * kx + kz * kz); out[5] = -kx + f * ky * kz;
  out[6] = -ky + f * kx * kz; out[7] = kx + f * ky * kz; out[8] = 1 - f * (kx * kx + ky * ky);
}

function setColumns(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, c: ArrayLike<number>): void {
  for (let i = 0; i < 3; i++) { out[3 * i] = a[i]; out[3 * i + 1] = b[i]; out[3 * i + 2] = c[i]; }
}

function finite(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FlexdynError(`${where}: ${name} must be a finite number, got ${describeValue(value)}`, { parameter: name });
  return value;
}

function positive(where: string, name: string, value: unknown): number {
  const v = finite(where, name, value);
  if (v <= 0) throw new FlexdynError(`${where}: ${name} must be positive, got ${v}`, { parameter: name });
  return v;
}

function vector3(where: string, name: string, value: unknown): Float64Array {
  const ok = value !== null && typeof value === 'object' && (value as ArrayLike<number>).length === 3
    && Array.prototype.every.call(value, (x: unknown) => typeof x === 'number' && Number.isFinite(x));
  if (!ok) throw new FlexdynError(`${where}: ${name} must be 3 finite numbers, got ${describeValue(value)}`, { parameter: name });
  return Float64Array.from(value as ArrayLike<number>);
}

function unit(where: string, name: string, v: Float64Array): Float64Array {
  const n = Math.hypot(v[0], v[1], v[2]);
  if (n === 0) throw new FlexdynError(`${where}: ${name} must not be zero`, { parameter: name });
  return Float64Array.of(v[0] / n, v[1] / n, v[2] / n);
}

/** The unit part of v normal to the unit vector x. */
function normalPart(where: string, name: string, v: Float64Array, x: Float64Array): Float64Array {
  const n = Math.hypot(v[0], v[1], v[2]);
  const d = v[0] * x[0] + v[1] * x[1] + v[2] * x[2];
  const w = Float64Array.of(v[0] - d * x[0], v[1] - d * x[1], v[2] - d * x[2]);
  const m = Math.hypot(w[0], w[1], w[2]);
  if (!(m > 1e-10 * n)) throw new FlexdynError(`${where}: ${name} must not be parallel to the tangent, got [${Array.from(v).join(', ')}]`, { parameter: name });
  return Float64Array.of(w[0] / m, w[1] / m, w[2] / m);
}

/** A 3×3 rotation matrix (nested or row-major) as 9 row-major entries, checked orthonormal (1e-10) with det +1. */
function rotationMatrix(where: string, name: string, value: unknown): Float64Array {
  const a = new Float64Array(9);
  const rows = value as ArrayLike<unknown>;
  let ok = value !== null && typeof value === 'object';
  if (ok && rows.length === 9) {
    for (let k = 0; k < 9; k++) a[k] = rows[k] as number;
  } else if (ok && rows.length === 3) {
    for (let i = 0; i < 3 && ok; i++) {
      const row = rows[i] as ArrayLike<number> | undefined;
      if (row === null || typeof row !== 'object' || row.length !== 3) { ok = false; break; }
      for (let j = 0; j < 3; j++) a[3 * i + j] = row[j];
    }
  } else {
    ok = false;
  }
  if (!ok || !a.every(Number.isFinite)) throw new FlexdynError(`${where}: ${name} must be a 3×3 matrix of finite numbers, got ${describeValue(value)}`, { parameter: name });
  let error = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const d = a[i] * a[j] + a[3 + i] * a[3 + j] + a[6 + i] * a[6 + j] - (i === j ? 1 : 0);
      error = Math.max(error, Math.abs(d));
    }
  }
  const det = a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
  if (error > 1e-10 || det < 0) {
    throw new FlexdynError(`${where}: ${name} must be a rotation matrix (AᵀA = I to 1e-10, det A = +1), got |AᵀA − I| = ${error.toExponential(2)}, det A = ${det}`, { parameter: name });
  }
  return a;
}
