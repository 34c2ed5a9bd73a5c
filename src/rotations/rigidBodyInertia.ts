/**
 * Rigid-body inertia with Exudyn's conventions (exudyn.rigidBodyUtilities.RigidBodyInertia):
 * mass m, center of mass `com` relative to a body-fixed reference point, and the inertia
 * tensor `inertiaTensor` about that reference point (not about the COM), all in body-fixed
 * components. The tensor about the COM follows from the parallel-axis theorem
 * J_ref = J_COM + m (|c|² I − c cᵀ) = J_COM + m c̃ᵀ c̃.
 *
 * Factories InertiaCuboid, InertiaCylinder, InertiaSphere, … take Exudyn's option names,
 * either as an options object (`InertiaCuboid({ density: 1000, sideLengths: [1, 0.1, 0.1] })`)
 * or positionally in Exudyn's order (`InertiaCuboid(1000, [1, 0.1, 0.1])`).
 * @module
 */
import { FlexdynError, describeValue } from '../core/errors.ts';
import type { Matrix3Like, Vector3Like } from './skew.ts';
import { mat3MulInto, mat3MulTransposeInto, mat3MulVecInto, toMatrixArray, toNestedArray } from './skew.ts';

/** Options of the RigidBodyInertia constructor (Exudyn's keyword arguments). */
export interface RigidBodyInertiaOptions {
  /** Mass (≥ 0); default 0. */
  mass?: number;
  /** 3×3 inertia tensor about the reference point (or about the COM if inertiaTensorAtCOM); default zero. */
  inertiaTensor?: Matrix3Like;
  /** Center of mass relative to the reference point; default [0, 0, 0]. */
  com?: Vector3Like;
  /** If true, inertiaTensor is given about the COM and shifted to the reference point; default false. */
  inertiaTensorAtCOM?: boolean;
}

/** Relative tolerance of the symmetry and semi-definiteness checks: rounding of a tensor assembled from
 * products of O(1) rotation entries stays below 1e-15·|J|, a genuinely non-physical tensor is far outside. */
const INERTIA_TOLERANCE = 1e-12;

/** Throws unless value is a finite number ≥ 0. */
function checkNonNegative(functionName: string, parameter: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new FlexdynError(`${functionName}: ${parameter} must be a finite number >= 0, got ${describeValue(value)}`, { parameter });
  }
  return value;
}

/** Throws unless value is an array of 3 finite numbers; returns a copy. */
function checkVector3(functionName: string, parameter: string, value: unknown): Float64Array {
  if ((Array.isArray(value) || ArrayBuffer.isView(value)) && (value as ArrayLike<unknown>).length === 3) {
    const v = value as ArrayLike<unknown>;
    if (typeof v[0] === 'number' && typeof v[1] === 'number' && typeof v[2] === 'number') {
      const out = new Float64Array([v[0], v[1], v[2]]);
      if (Number.isFinite(out[0]) && Number.isFinite(out[1]) && Number.isFinite(out[2])) return out;
    }
  }
  throw new FlexdynError(`${functionName}: ${parameter} must be a vector of 3 finite numbers, got ${describeValue(value)}`, { parameter });
}

/** Eigenvalues of a symmetric 3×3 matrix (row-major) by cyclic Jacobi rotations, accurate to ~1e-16·|A|. */
function symmetricEigenvalues3(m: ArrayLike<number>): [number, number, number] {
  const a = [[m[0], m[1], m[2]], [m[1], m[4], m[5]], [m[2], m[5], m[8]]];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
    const diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
    if (off <= 1e-36 * diag || off === 0) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      const apq = a[p][q];
      if (apq === 0) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * apq);
      const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      a[p][p] -= t * apq;
      a[q][q] += t * apq;
      a[p][q] = 0; a[q][p] = 0;
      const r = 3 - p - q;
      const arp = a[r][p], arq = a[r][q];
      a[r][p] = a[p][r] = c * arp - s * arq;
      a[r][q] = a[q][r] = s * arp + c * arq;
    }
  }
  return [a[0][0], a[1][1], a[2][2]];
}

/** Throws unless the row-major tensor j is symmetric and positive semi-definite (relative tolerance 1e-12). */
function checkInertiaTensor(functionName: string, parameter: string, j: Float64Array): void {
  let norm = 0;
  for (let k = 0; k < 9; k++) norm += j[k] * j[k];
  norm = Math.sqrt(norm);
  const asym = Math.max(Math.abs(j[1] - j[3]), Math.abs(j[2] - j[6]), Math.abs(j[5] - j[7]));
  if (asym > INERTIA_TOLERANCE * norm) {
    throw new FlexdynError(`${functionName}: ${parameter} must be symmetric, got ${JSON.stringify(toNestedArray(j))}`
      + ` (largest |J_ij − J_ji| = ${asym})`, { parameter });
  }
  const lambda = symmetricEigenvalues3(j);
  const minEig = Math.min(...lambda);
  if (minEig < -INERTIA_TOLERANCE * norm) {
    throw new FlexdynError(`${functionName}: ${parameter} must be positive semi-definite, got ${JSON.stringify(toNestedArray(j))}`
      + ` (eigenvalues ${lambda.map((x) => x.toPrecision(6)).join(', ')})`, { parameter });
  }
}

/**
 * Why a mass m, an inertia tensor J about a reference point (row-major 3×3) and a center of mass χ relative to it
 * cannot belong to a rigid body, or undefined when they can. The inertia about the COM, J_C = J − m(|χ|² I − χχᵀ),
 * must be symmetric positive semi-definite: the body's mass matrix [[m I, −m χ̃], [m χ̃, J]] is positive
 * semi-definite exactly then (otherwise some motion has negative kinetic energy). Tolerance 1e-10 relative to
 * trace J (round-off of computed tensors). The triangle inequalities J_i ≤ J_j + J_k are not required: planar
 * models (Exudyn's rigidBody2Dtest) give diag(mL²/3) with an offset COM, and only J_zz enters their motion.
 */
export function rigidBodyInertiaDefect(mass: number, inertia: ArrayLike<number>, centerOfMass: ArrayLike<number>): string | undefined {
  const j = Float64Array.from(inertia);
  const scale = Math.abs(j[0]) + Math.abs(j[4]) + Math.abs(j[8]);
  const tolerance = 1e-10 * scale;
  const asym = Math.max(Math.abs(j[1] - j[3]), Math.abs(j[2] - j[6]), Math.abs(j[5] - j[7]));
  if (asym > tolerance) return `the tensor must be symmetric, got largest |J_ij − J_ji| = ${asym}`;
  addParallelAxis(j, -mass, centerOfMass);
  const moments = symmetricEigenvalues3(j).sort((a, b) => a - b);
  const about = centerOfMass[0] === 0 && centerOfMass[1] === 0 && centerOfMass[2] === 0 ? '' : ' about the center of mass (J − m(|χ|² I − χχᵀ))';
  if (moments[0] < -tolerance) return `the principal moments${about} must be non-negative, got ${moments.map((x) => x.toPrecision(6)).join(', ')}`;
  return undefined;
}

/** j += s·(|c|² I − c cᵀ) (row-major), the parallel-axis term s·c̃ᵀc̃. */
function addParallelAxis(j: Float64Array, s: number, c: ArrayLike<number>): void {
  const cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
  for (let r = 0; r < 3; r++) {
    for (let k = 0; k < 3; k++) j[3 * r + k] += s * ((r === k ? cc : 0) - c[r] * c[k]);
  }
}

/** Symmetrizes a row-major 3×3 matrix in place (removes rounding asymmetry of A J Aᵀ). */
function symmetrize(j: Float64Array): void {
  const a = 0.5 * (j[1] + j[3]), b = 0.5 * (j[2] + j[6]), c = 0.5 * (j[5] + j[7]);
  j[1] = a; j[3] = a; j[2] = b; j[6] = b; j[5] = c; j[7] = c;
}

/**
 * Mass, center of mass and inertia tensor of a rigid body w.r.t. a body-fixed reference point
 * (Exudyn's RigidBodyInertia). Instances are immutable: translated, rotated, transformed and plus
 * return new inertias.
 */
export class RigidBodyInertia {
  /** Mass. */
  readonly mass: number;
  /** 3×3 inertia tensor about the reference point (not about the COM). */
  readonly inertiaTensor: number[][];
  /** Center of mass relative to the reference point. */
  readonly com: number[];

  /** Creates an inertia from Exudyn's keyword options. */
  constructor(options?: RigidBodyInertiaOptions);
  /** Creates an inertia from Exudyn's positional arguments (mass, inertiaTensor, com, inertiaTensorAtCOM). */
  constructor(mass: number, inertiaTensor?: Matrix3Like, com?: Vector3Like, inertiaTensorAtCOM?: boolean);
  constructor(first: number | RigidBodyInertiaOptions = {}, inertiaTensor?: Matrix3Like, com?: Vector3Like, inertiaTensorAtCOM?: boolean) {
    const o: RigidBodyInertiaOptions = typeof first === 'number' ? { mass: first, inertiaTensor, com, inertiaTensorAtCOM } : first;
    const name = 'RigidBodyInertia';
    const mass = checkNonNegative(name, 'mass', o.mass ?? 0);
    const j = o.inertiaTensor === undefined ? new Float64Array(9) : toMatrixArray(name, 'inertiaTensor', o.inertiaTensor);
    const c = o.com === undefined ? new Float64Array(3) : checkVector3(name, 'com', o.com);
    if (o.inertiaTensorAtCOM !== undefined && typeof o.inertiaTensorAtCOM !== 'boolean') {
      throw new FlexdynError(`${name}: inertiaTensorAtCOM must be a boolean, got ${describeValue(o.inertiaTensorAtCOM)}`, { parameter: 'inertiaTensorAtCOM' });
    }
    checkInertiaTensor(name, 'inertiaTensor', j);
    if (o.inertiaTensorAtCOM === true) addParallelAxis(j, mass, c);
    this.mass = mass;
    this.inertiaTensor = toNestedArray(j);
    this.com = Array.from(c);
  }

  /** Builds an inertia from values that are valid by construction (results of operations on valid inertias). */
  private static fromTrusted(mass: number, inertiaTensor: Float64Array, com: ArrayLike<number>): RigidBodyInertia {
    const r = Object.create(RigidBodyInertia.prototype) as { mass: number; inertiaTensor: number[][]; com: number[] };
    r.mass = mass;
    r.inertiaTensor = toNestedArray(inertiaTensor);
    r.com = Array.from(com);
    return r as unknown as RigidBodyInertia;
  }

  /** Row-major copy of the tensor about the reference point. */
  private tensorArray(): Float64Array {
    const j = new Float64Array(9);
    for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) j[3 * r + k] = this.inertiaTensor[r][k];
    return j;
  }

  /** Row-major tensor about the COM: J_ref − m c̃ᵀc̃. */
  private comTensorArray(): Float64Array {
    const j = this.tensorArray();
    addParallelAxis(j, -this.mass, this.com);
    return j;
  }

  /** 3×3 inertia tensor about the reference point (a copy; Exudyn's `Inertia()`). */
  inertia(): number[][] {
    return this.inertiaTensor.map((row) => row.slice());
  }

  /** 3×3 inertia tensor about the center of mass (Exudyn's `InertiaCOM()`). */
  inertiaCOM(): number[][] {
    return toNestedArray(this.comTensorArray());
  }

  /**
   * The same body moved by `vector` relative to the reference point: com + vector, and the tensor about
   * the (unchanged) reference point by the parallel-axis theorem (Exudyn's `Translated`).
   */
  translated(vector: Vector3Like): RigidBodyInertia {
    const v = checkVector3('RigidBodyInertia.translated', 'vector', vector);
    const c = new Float64Array([this.com[0] + v[0], this.com[1] + v[1], this.com[2] + v[2]]);
    const j = this.comTensorArray();
    addParallelAxis(j, this.mass, c);
    return RigidBodyInertia.fromTrusted(this.mass, j, c);
  }

  /**
   * The same body rotated by `rotationMatrix` about the reference point: J' = A J Aᵀ, com' = A com
   * (Exudyn's `Rotated`; Exudyn allows only com = 0, where both agree).
   */
  rotated(rotationMatrix: Matrix3Like): RigidBodyInertia {
    const a = toMatrixArray('RigidBodyInertia.rotated', 'rotationMatrix', rotationMatrix);
    const j = this.tensorArray();
    mat3MulInto(j, a, j);
    mat3MulTransposeInto(j, j, a);
    symmetrize(j);
    const c = mat3MulVecInto(new Float64Array(3), a, this.com);
    return RigidBodyInertia.fromTrusted(this.mass, j, c);
  }

  /**
   * The body transformed by the 4×4 homogeneous transformation HT = [A, v; 0, 1]: rotated by A about the
   * reference point, then moved by v (Exudyn's `Transformed`).
   */
  transformed(HT: ArrayLike<ArrayLike<number>> | ArrayLike<number>): RigidBodyInertia {
    const t = toMatrixArray('RigidBodyInertia.transformed', 'HT', HT, 4, 4);
    const a = new Float64Array([t[0], t[1], t[2], t[4], t[5], t[6], t[8], t[9], t[10]]);
    const j = this.comTensorArray();
    mat3MulInto(j, a, j);
    mat3MulTransposeInto(j, j, a);
    symmetrize(j);
    const c = mat3MulVecInto(new Float64Array(3), a, this.com);
    c[0] += t[3]; c[1] += t[7]; c[2] += t[11];
    addParallelAxis(j, this.mass, c);
    return RigidBodyInertia.fromTrusted(this.mass, j, c);
  }

  /**
   * Sum with another inertia given about the same reference point in the same frame (Exudyn's `+`):
   * masses and tensors add, the COM is the mass-weighted mean ([0, 0, 0] if both masses are 0).
   */
  plus(other: RigidBodyInertia): RigidBodyInertia {
    if (!(other instanceof RigidBodyInertia)) {
      throw new FlexdynError(`RigidBodyInertia.plus: other must be a RigidBodyInertia, got ${describeValue(other)}`, { parameter: 'other' });
    }
    const m = this.mass + other.mass;
    const j = this.tensorArray();
    const k = other.tensorArray();
    for (let i = 0; i < 9; i++) j[i] += k[i];
    const c = new Float64Array(3);
    if (m > 0) for (let i = 0; i < 3; i++) c[i] = (this.mass * this.com[i] + other.mass * other.com[i]) / m;
    return RigidBodyInertia.fromTrusted(m, j, c);
  }

  /** The 6 components [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the reference point, as ObjectRigidBody's physicsInertia. */
  getInertia6D(): number[] {
    return InertiaTensor2Inertia6D(this.inertiaTensor);
  }

  /** Multi-line description like Exudyn's `str(inertia)`. */
  toString(): string {
    const rows = (m: number[][]): string => m.map((r) => `[${r.join(', ')}]`).join('\n');
    return `mass = ${this.mass}\nCOM = [${this.com.join(', ')}]\ninertiaTensorAtOrigin = \n${rows(this.inertiaTensor)}`
      + `\ninertiaTensorAtCOM = \n${rows(this.inertiaCOM())}`;
  }
}

/** [J00, J11, J22, J12, J02, J01] of a 3×3 tensor (Exudyn's `InertiaTensor2Inertia6D`). */
export function InertiaTensor2Inertia6D(inertiaTensor: Matrix3Like): number[] {
  const j = toMatrixArray('InertiaTensor2Inertia6D', 'inertiaTensor', inertiaTensor);
  return [j[0], j[4], j[8], j[5], j[2], j[1]];
}

/** Symmetric 3×3 tensor from [J00, J11, J22, J12, J02, J01] (Exudyn's `Inertia6D2InertiaTensor`). */
export function Inertia6D2InertiaTensor(inertia6D: ArrayLike<number>): number[][] {
  const ok = (Array.isArray(inertia6D) || ArrayBuffer.isView(inertia6D)) && inertia6D.length === 6;
  if (!ok) {
    throw new FlexdynError(`Inertia6D2InertiaTensor: inertia6D must have 6 entries, got ${describeValue(inertia6D)}`, { parameter: 'inertia6D' });
  }
  const j = inertia6D;
  return [[j[0], j[5], j[4]], [j[5], j[1], j[3]], [j[4], j[3], j[2]]];
}

/** Diagonal inertia about the COM at the reference point (com = 0), validated by the constructor. */
function diagonalInertia(mass: number, jx: number, jy: number, jz: number): RigidBodyInertia {
  return new RigidBodyInertia({ mass, inertiaTensor: [[jx, 0, 0], [0, jy, 0], [0, 0, jz]] });
}

/** Options of InertiaCuboid. */
export interface InertiaCuboidOptions {
  /** Density (mass per volume). */
  density: number;
  /** Side lengths [L1, L2, L3] along the local axes. */
  sideLengths: Vector3Like;
}

/** Homogeneous cuboid with COM at the reference point: m = ρ L1 L2 L3, J11 = m (L2² + L3²)/12, … */
export function InertiaCuboid(options: InertiaCuboidOptions): RigidBodyInertia;
/** Homogeneous cuboid, positional in Exudyn's order (density, sideLengths). */
export function InertiaCuboid(density: number, sideLengths: Vector3Like): RigidBodyInertia;
export function InertiaCuboid(first: number | InertiaCuboidOptions, sideLengths?: Vector3Like): RigidBodyInertia {
  const o = typeof first === 'number' ? { density: first, sideLengths } : first;
  const density = checkNonNegative('InertiaCuboid', 'density', o.density);
  const l = checkVector3('InertiaCuboid', 'sideLengths', o.sideLengths);
  if (l[0] < 0 || l[1] < 0 || l[2] < 0) {
    throw new FlexdynError(`InertiaCuboid: sideLengths must be >= 0, got [${Array.from(l).join(', ')}]`, { parameter: 'sideLengths' });
  }
  const m = density * l[0] * l[1] * l[2];
  const a = l[0] * l[0], b = l[1] * l[1], c = l[2] * l[2];
  return diagonalInertia(m, m / 12 * (b + c), m / 12 * (a + c), m / 12 * (a + b));
}

/** Options of InertiaRodX. */
export interface InertiaRodXOptions {
  /** Mass of the rod. */
  mass: number;
  /** Length along the local x axis. */
  length: number;
}

/** Thin rod along x with COM at the reference point: diag(0, m L²/12, m L²/12). */
export function InertiaRodX(options: InertiaRodXOptions): RigidBodyInertia;
/** Thin rod along x, positional in Exudyn's order (mass, length). */
export function InertiaRodX(mass: number, length: number): RigidBodyInertia;
export function InertiaRodX(first: number | InertiaRodXOptions, length?: number): RigidBodyInertia {
  const o = typeof first === 'number' ? { mass: first, length } : first;
  const m = checkNonNegative('InertiaRodX', 'mass', o.mass);
  const len = checkNonNegative('InertiaRodX', 'length', o.length);
  const j = m * len * len / 12;
  return diagonalInertia(m, 0, j, j);
}

/** Options of InertiaMassPoint. */
export interface InertiaMassPointOptions {
  /** Mass of the point. */
  mass: number;
}

/** Point mass at the reference point: zero tensor (to add to other inertias, e.g. an unbalance). */
export function InertiaMassPoint(options: InertiaMassPointOptions): RigidBodyInertia;
/** Point mass, positional (mass). */
export function InertiaMassPoint(mass: number): RigidBodyInertia;
export function InertiaMassPoint(first: number | InertiaMassPointOptions): RigidBodyInertia {
  const o = typeof first === 'number' ? { mass: first } : first;
  return diagonalInertia(checkNonNegative('InertiaMassPoint', 'mass', o.mass), 0, 0, 0);
}

/** Options of InertiaSphere: radius and exactly one of mass and density. */
export interface InertiaSphereOptions {
  /** Mass (give either mass or density). */
  mass?: number;
  /** Radius. */
  radius: number;
  /** Density (give either mass or density). */
  density?: number;
}

/** Solid sphere with COM at the reference point: J = 2 m r²/5 about every axis. */
export function InertiaSphere(options: InertiaSphereOptions): RigidBodyInertia;
/** Solid sphere, positional in Exudyn's order (mass, radius). */
export function InertiaSphere(mass: number, radius: number): RigidBodyInertia;
export function InertiaSphere(first: number | InertiaSphereOptions, radius?: number): RigidBodyInertia {
  const o: Partial<InertiaSphereOptions> = typeof first === 'number' ? { mass: first, radius } : first;
  const r = checkNonNegative('InertiaSphere', 'radius', o.radius);
  const volume = 4 / 3 * Math.PI * r * r * r;
  let m: number;
  if (o.mass !== undefined && o.density === undefined) {
    m = checkNonNegative('InertiaSphere', 'mass', o.mass);
  } else if (o.density !== undefined && o.mass === undefined) {
    m = checkNonNegative('InertiaSphere', 'density', o.density) * volume;
  } else {
    throw new FlexdynError(`InertiaSphere: exactly one of mass and density must be given, got mass ${describeValue(o.mass)} and density ${describeValue(o.density)}`,
      { parameter: 'mass' });
  }
  const j = 0.4 * m * r * r;
  return diagonalInertia(m, j, j, j);
}

/** Options of InertiaHollowSphere. */
export interface InertiaHollowSphereOptions {
  /** Mass, concentrated on the surface. */
  mass: number;
  /** Radius. */
  radius: number;
}

/** Thin spherical shell with COM at the reference point: J = 2 m r²/3 about every axis. */
export function InertiaHollowSphere(options: InertiaHollowSphereOptions): RigidBodyInertia;
/** Thin spherical shell, positional in Exudyn's order (mass, radius). */
export function InertiaHollowSphere(mass: number, radius: number): RigidBodyInertia;
export function InertiaHollowSphere(first: number | InertiaHollowSphereOptions, radius?: number): RigidBodyInertia {
  const o = typeof first === 'number' ? { mass: first, radius } : first;
  const m = checkNonNegative('InertiaHollowSphere', 'mass', o.mass);
  const r = checkNonNegative('InertiaHollowSphere', 'radius', o.radius);
  const j = 2 / 3 * m * r * r;
  return diagonalInertia(m, j, j, j);
}

/** Options of InertiaCylinder. */
export interface InertiaCylinderOptions {
  /** Density (mass per volume). */
  density: number;
  /** Length along the axis. */
  length: number;
  /** Outer radius. */
  outerRadius: number;
  /** Axis of the cylinder: 0 = x, 1 = y, 2 = z. */
  axis: number;
  /** Inner radius of a hollow cylinder; default 0. */
  innerRadius?: number;
}

/**
 * Homogeneous (hollow) cylinder with COM at the reference point: m = ρ L π (ro² − ri²),
 * J_axis = m (ro² + ri²)/2, J_transverse = m (3 (ro² + ri²) + L²)/12.
 */
export function InertiaCylinder(options: InertiaCylinderOptions): RigidBodyInertia;
/** Cylinder, positional in Exudyn's order (density, length, outerRadius, axis, innerRadius = 0). */
export function InertiaCylinder(density: number, length: number, outerRadius: number, axis: number, innerRadius?: number): RigidBodyInertia;
export function InertiaCylinder(first: number | InertiaCylinderOptions, length?: number, outerRadius?: number, axis?: number,
  innerRadius?: number): RigidBodyInertia {
  const o: Partial<InertiaCylinderOptions> = typeof first === 'number' ? { density: first, length, outerRadius, axis, innerRadius } : first;
  const name = 'InertiaCylinder';
  const density = checkNonNegative(name, 'density', o.density);
  const len = checkNonNegative(name, 'length', o.length);
  const ro = checkNonNegative(name, 'outerRadius', o.outerRadius);
  const ri = checkNonNegative(name, 'innerRadius', o.innerRadius ?? 0);
  if (ri > ro) {
    throw new FlexdynError(`${name}: innerRadius must be <= outerRadius = ${ro}, got ${ri}`, { parameter: 'innerRadius' });
  }
  if (o.axis !== 0 && o.axis !== 1 && o.axis !== 2) {
    throw new FlexdynError(`${name}: axis must be 0, 1 or 2, got ${describeValue(o.axis)}`, { parameter: 'axis' });
  }
  const r2 = ro * ro + ri * ri;
  const m = density * len * Math.PI * (ro * ro - ri * ri);
  const jAxis = 0.5 * m * r2;
  const jT = m / 12 * (3 * r2 + len * len);
  return diagonalInertia(m, o.axis === 0 ? jAxis : jT, o.axis === 1 ? jAxis : jT, o.axis === 2 ? jAxis : jT);
}
