import { optionNames, ownOptions } from '../core/dictionary.ts';
import { describeValue, FlexdynError } from '../core/errors.ts';

/**
 * Geometric properties of a rod cross-section in the cross-section frame (K basis): local axis 1 (x)
 * is the rod tangent, axes 2 (y) and 3 (z) span the section. Moments are taken about the centroid.
 */
export interface CrossSection {
  /** Which constructor made it ('Circular', 'Rectangular'). */
  readonly type: string;
  /** Area A. */
  readonly area: number;
  /** Second moment of area about axis 2: I2 = ∫ z² dA (bending in the x–z plane, curvature κ2). */
  readonly I2: number;
  /** Second moment of area about axis 3: I3 = ∫ y² dA (bending in the x–y plane, curvature κ3). */
  readonly I3: number;
  /** Polar moment of area Ip = I2 + I3 = ∫ (y² + z²) dA; with the density it gives the rotary inertia about the tangent. */
  readonly Ip: number;
  /**
   * Saint-Venant torsion constant J (torsional stiffness G·J): J = Ip for circles, J < Ip for every other
   * section because the section warps.
   */
  readonly torsionConstant: number;
  /**
   * Shear correction factors [κ2, κ3] for shear along axes 2 and 3 (shear stiffness κ G A) for Poisson's
   * ratio nu: Cowper's (1966) values unless the section was created with a fixed shearCorrectionFactor.
   */
  shearCorrectionFactors(nu: number): [number, number];
}

/** Options of {@link CircularCrossSection}. */
export interface CircularCrossSectionOptions {
  /** Radius r > 0. */
  radius: number;
  /** Fixed shear correction factor for both axes; default Cowper's 6(1 + ν)/(7 + 6ν). */
  shearCorrectionFactor?: number;
}

/** The option names of {@link CircularCrossSectionOptions}, for the unknown-option check of CircularCrossSection. */
const circularCrossSectionOptionNames = optionNames<CircularCrossSectionOptions>({
  radius: true, shearCorrectionFactor: true,
});

/** Options of {@link RectangularCrossSection}. */
export interface RectangularCrossSectionOptions {
  /** Side length along the local axis 2 (y), > 0. */
  width: number;
  /** Side length along the local axis 3 (z), > 0. */
  height: number;
  /** Fixed shear correction factor for both axes; default Cowper's 10(1 + ν)/(12 + 11ν). */
  shearCorrectionFactor?: number;
}

/** The option names of {@link RectangularCrossSectionOptions}, for the unknown-option check of RectangularCrossSection. */
const rectangularCrossSectionOptionNames = optionNames<RectangularCrossSectionOptions>({
  width: true, height: true, shearCorrectionFactor: true,
});

/**
 * A solid circle of radius r: A = πr², I2 = I3 = πr⁴/4, Ip = J = πr⁴/2; shear correction factor
 * κ = 6(1 + ν)/(7 + 6ν) (Cowper 1966; 6/7 for ν = 0, 0.886 for ν = 0.3).
 */
export function CircularCrossSection(options: CircularCrossSectionOptions): CrossSection {
  options = ownOptions('CircularCrossSection', options, circularCrossSectionOptionNames);
  const where = 'CircularCrossSection';
  const r = positive(where, 'radius', options?.radius);
  const fixed = optionalShearFactor(where, options.shearCorrectionFactor);
  const I = Math.PI * r ** 4 / 4;
  return {
    type: 'Circular',
    area: Math.PI * r * r,
    I2: I,
    I3: I,
    Ip: 2 * I,
    torsionConstant: 2 * I,
    shearCorrectionFactors: (nu) => {
      const k = fixed ?? 6 * (1 + nu) / (7 + 6 * nu);
      return [k, k];
    },
  };
}

/**
 * A solid rectangle, width b along axis 2 (y) and height h along axis 3 (z): A = bh, I2 = bh³/12,
 * I3 = hb³/12, Ip = I2 + I3. Torsion constant from the Saint-Venant series (Timoshenko & Goodier,
 * Theory of Elasticity, §109) with a ≥ c the long and the short side:
 * J = a c³ [1/3 − (64/π⁵)(c/a) Σ_{n = 1, 3, 5, …} tanh(nπa/(2c))/n⁵],
 * summed until the terms fall below 1e-17 of the sum (J = 0.140577 a⁴ for a square, → a c³/3 for thin strips).
 * Shear correction factor κ = 10(1 + ν)/(12 + 11ν) (Cowper 1966; 5/6 for ν = 0).
 */
export function RectangularCrossSection(options: RectangularCrossSectionOptions): CrossSection {
  options = ownOptions('RectangularCrossSection', options, rectangularCrossSectionOptionNames);
  const where = 'RectangularCrossSection';
  const b = positive(where, 'width', options?.width);
  const h = positive(where, 'height', options?.height);
  const fixed = optionalShearFactor(where, options.shearCorrectionFactor);
  const I2 = b * h ** 3 / 12;
  const I3 = h * b ** 3 / 12;
  return {
    type: 'Rectangular',
    area: b * h,
    I2,
    I3,
    Ip: I2 + I3,
    torsionConstant: rectangleTorsionConstant(b, h),
    shearCorrectionFactors: (nu) => {
      const k = fixed ?? 10 * (1 + nu) / (12 + 11 * nu);
      return [k, k];
    },
  };
}

/** Saint-Venant torsion constant of a b × h rectangle by the series of Timoshenko & Goodier. */
function rectangleTorsionConstant(b: number, h: number): number {
  const a = Math.max(b, h);
  const c = Math.min(b, h);
  let sum = 0;
  for (let n = 1; ; n += 2) {
    const term = Math.tanh(n * Math.PI * a / (2 * c)) / n ** 5;
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return a * c ** 3 * (1 / 3 - (64 / Math.PI ** 5) * (c / a) * sum);
}

/** Options of {@link rodStiffnessFromMaterial}: a cross-section and an isotropic linear elastic material. */
export interface RodMaterialOptions {
  /** The cross-section (CircularCrossSection, RectangularCrossSection or an own {@link CrossSection}). */
  crossSection: CrossSection;
  /** Young's modulus E > 0. */
  E: number;
  /** Shear modulus G > 0; give either G or nu. */
  G?: number;
  /** Poisson's ratio ν in (−1, 0.5]; give either G or nu (then G = E/(2(1 + ν))). */
  nu?: number;
  /** Mass density ρ ≥ 0. */
  density: number;
}

/** The option names of {@link RodMaterialOptions}, for the unknown-option check of rodStiffnessFromMaterial. */
const rodMaterialOptionNames = optionNames<RodMaterialOptions>({
  crossSection: true, E: true, G: true, nu: true, density: true,
});

/** Rod parameters in the order of ObjectCosseratRod's physics parameters. */
export interface RodStiffness {
  /** [EA, κ2 G A, κ3 G A] → physicsAxialShearStiffness. */
  axialShear: [number, number, number];
  /** [G J, E I2, E I3] → physicsBendingTorsionStiffness (J the torsion constant). */
  bendingTorsion: [number, number, number];
  /** ρA → physicsMassPerLength. */
  massPerLength: number;
  /** [ρ Ip, ρ I2, ρ I3] → physicsInertiaPerLength (Ip the polar moment I2 + I3). */
  inertiaPerLength: [number, number, number];
}

/**
 * Stiffness and inertia per reference length of a homogeneous rod of an isotropic linear elastic
 * material: EA, κGA (Cowper's κ for the material's ν unless the section fixes it), G J with the
 * torsion constant J, E I2, E I3, ρA and the rotary inertia ρ[Ip, I2, I3].
 */
export function rodStiffnessFromMaterial(options: RodMaterialOptions): RodStiffness {
  options = ownOptions('rodStiffnessFromMaterial', options, rodMaterialOptionNames);
  const where = 'rodStiffnessFromMaterial';
  const section = options?.crossSection;
  if (section === undefined || typeof section !== 'object' || typeof section.shearCorrectionFactors !== 'function') {
    throw new FlexdynError(`${where}: crossSection must be a cross-section (CircularCrossSection({ radius }), RectangularCrossSection({ width, height })), got ${describeValue(section)}`, { parameter: 'crossSection' });
  }
  const E = positive(where, 'E', options.E);
  if ((options.G === undefined) === (options.nu === undefined)) {
    throw new FlexdynError(`${where}: give exactly one of G and nu, got ${options.G === undefined ? 'neither' : 'both'}`, { parameter: 'G' });
  }
  let G: number;
  let nu: number;
  if (options.G !== undefined) {
    G = positive(where, 'G', options.G);
    nu = E / (2 * G) - 1;
    if (!(nu > -1 && nu <= 0.5)) throw new FlexdynError(`${where}: G must give a Poisson's ratio E/(2G) − 1 in (−1, 0.5], got ν = ${nu} (E = ${E}, G = ${G})`, { parameter: 'G' });
  } else {
    nu = finite(where, 'nu', options.nu);
    if (!(nu > -1 && nu <= 0.5)) throw new FlexdynError(`${where}: nu must be in (−1, 0.5], got ${nu}`, { parameter: 'nu' });
    G = E / (2 * (1 + nu));
  }
  const density = finite(where, 'density', options.density);
  if (density < 0) throw new FlexdynError(`${where}: density must be non-negative, got ${density}`, { parameter: 'density' });
  const [k2, k3] = section.shearCorrectionFactors(nu);
  const A = section.area;
  return {
    axialShear: [E * A, k2 * G * A, k3 * G * A],
    bendingTorsion: [G * section.torsionConstant, E * section.I2, E * section.I3],
    massPerLength: density * A,
    inertiaPerLength: [density * section.Ip, density * section.I2, density * section.I3],
  };
}

function finite(where: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new FlexdynError(`${where}: ${name} must be a finite number, got ${describeValue(value)}`, { parameter: name });
  }
  return value;
}

function positive(where: string, name: string, value: unknown): number {
  const v = finite(where, name, value);
  if (v <= 0) throw new FlexdynError(`${where}: ${name} must be positive, got ${v}`, { parameter: name });
  return v;
}

function optionalShearFactor(where: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const v = positive(where, 'shearCorrectionFactor', value);
  if (v > 1) throw new FlexdynError(`${where}: shearCorrectionFactor must be in (0, 1], got ${v}`, { parameter: 'shearCorrectionFactor' });
  return v;
}
