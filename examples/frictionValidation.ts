/**
 * PyElastica's friction validation cases (its examples/FrictionValidationCases: axial_friction,
 * rolling_friction_on_inclined_plane) against their closed forms: a straight Cosserat rod lying on a plane
 * (ObjectContactRodPlane), mass 1 kg, length 1 m, radius 0.025 m, solid circular section (rotary inertia per length
 * ρ[R²/2, R²/4, R²/4]), gravity 9.80665 m/s².
 * - Axial friction: pulled along its axis by a uniform force F (total), anisotropic Coulomb friction μ_static
 *   [forward, backward, sideways] = [0.8, 0.4, 0.4], μ_kinetic [0.4, 0.2, 0.2]; the kinetic energy at t = 0.25 s is
 *   t²(|F| − μ_k m g)²/(2m) when |F| > μ_s m g, else 0. PyElastica: 25 000 steps of 1e-5 s; here 250 steps.
 * - Rolling on an incline of angle α, isotropic μ_static 0.4, μ_kinetic 0.2, J = m R²/2: rolling without slip while
 *   sin α/3 ≤ μ_s cos α (v = (2/3) g sin α t, ω = v/R), else sliding (v = g (sin α − μ_k cos α) t, ω = μ_k m g R cos α t/J);
 *   the kinetic energy at t = 0.5 s. PyElastica: 500 000 steps of 1e-6 s; here 2000 steps.
 *
 * Run `npx tsx examples/frictionValidation.ts`. Shared with test/items/contactRodPlane*.test.ts,
 * test/long/pyelasticaAxialFriction.test.ts and bench/pyelasticaCases.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import { OutputVariableType, SimulationSettings, SystemContainer, type MainSystem, type SolverStatistics } from '../src/node.ts';

/** Options of {@link rodOnPlane}. */
export interface RodOnPlaneOptions {
  /** Unit plane normal; the plane passes through the origin. */
  normal: readonly number[];
  /** Unit rod direction (in the plane); the rod's middle lies above the origin. */
  direction: readonly number[];
  /** Load per mass besides gravity (a uniform line load, e.g. PyElastica's UniformForces divided by the mass). */
  extraLoadPerMass?: readonly number[];
  staticFriction?: readonly number[];
  /** Friction per direction (ContactRodPlane's componentwiseFriction) instead of Coulomb along the slip. */
  componentwiseFriction?: boolean;
  dynamicFriction?: readonly number[];
  contactStiffnessExponent?: number;
  numberOfElements?: number;
  polynomialDegree?: number;
  interpolation?: 'R12' | 'quaternion' | 'SE3';
  /** Initial velocities of all rod nodes [v, ω̄] (default rest). */
  initialVelocities?: readonly number[];
}

/** PyElastica's rod: m = 1 kg, L = 1 m, R = 0.025 m; g = 9.80665 m/s². */
export const rod = { mass: 1, length: 1, radius: 0.025, g: 9.80665 };
/**
 * Contact per length: stiffness 1e5 N/m² (static penetration m g/(k L) = 9.8e-5 m ≪ R), damping 600 N s/m² (≈ critical
 * 2√(k ρA) = 632 of the bouncing mode), regularization velocity 1e-3 m/s (PyElastica: 1e-4; ours is a viscous stick
 * zone, whose creep speed scales with it, see docs/decisions.md).
 */
export const contact = { stiffness: 1e5, damping: 600, zone: 1e-3 };

/** Contact points per element of {@link rodOnPlane}. */
export const pointsPerElement = 2;

/**
 * A rod resting on the plane at its static penetration ((m g n_z/(k L))^(1/exponent)) with the contact closed from the
 * start (data gaps set to it), gravity −z plus the extra load, and the given friction.
 */
export function rodOnPlane(options: RodOnPlaneOptions): { mbs: MainSystem; rodNumber: number; contactNumber: number; nodeNumbers: number[]; penetration: number } {
  const mbs = new SystemContainer().addSystem();
  const { mass, length, radius, g } = rod, n = options.normal;
  const exponent = options.contactStiffnessExponent ?? 1;
  const penetration = (mass * g * n[2] / (contact.stiffness * length)) ** (1 / exponent);
  const start = [0, 1, 2].map((i) => (radius - penetration) * n[i] - 0.5 * length * options.direction[i]);
  const extra = options.extraLoadPerMass ?? [0, 0, 0];
  const massPerLength = mass / length, elements = options.numberOfElements ?? 8;
  const created = mbs.createCosseratRod({ formulation: 'displacement',
    centerline: { type: 'Straight', start, direction: options.direction, length },
    numberOfElements: elements, polynomialDegree: options.polynomialDegree ?? 1, interpolation: options.interpolation ?? 'R12',
    physicsAxialShearStiffness: [1e6, 1e6, 1e6], physicsBendingTorsionStiffness: [10, 10, 10], physicsMassPerLength: massPerLength,
    physicsInertiaPerLength: [massPerLength * radius * radius / 2, massPerLength * radius * radius / 4, massPerLength * radius * radius / 4],
    gravity: [extra[0], extra[1], extra[2] - g],
  });
  if (options.initialVelocities !== undefined) {
    for (const node of created.nodeNumbers) mbs.modifyNode(node, { initialVelocities: options.initialVelocities });
  }
  const points = elements * pointsPerElement;
  const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4 * points, initialCoordinates: Array.from({ length: 4 * points }, (_, i) => (i % 4 === 0 ? -penetration : 0)) });
  const contactNumber = mbs.addObject({
    objectType: 'ContactRodPlane', bodyNumber: created.objectNumber, nodeNumber: data, planePoint: [0, 0, 0], planeNormal: n, radius,
    pointsPerElement, contactStiffness: contact.stiffness, contactDamping: contact.damping, contactStiffnessExponent: exponent,
    dynamicFriction: options.dynamicFriction ?? [0, 0, 0], staticFriction: options.staticFriction ?? [0, 0, 0], frictionProportionalZone: contact.zone,
    componentwiseFriction: options.componentwiseFriction ?? false,
  });
  mbs.assemble();
  return { mbs, rodNumber: created.objectNumber, contactNumber, nodeNumbers: created.nodeNumbers, penetration };
}

/** Axial friction: μ_static and μ_kinetic [forward, backward, sideways] of PyElastica's case. */
export const axialFriction = { staticFriction: [0.8, 0.4, 0.4], dynamicFriction: [0.4, 0.2, 0.2], endTime: 0.25 };

/** The closed-form kinetic energy [J] of the axial case at time t under the total axial force F [N] (F < 0: backward). */
export function axialFrictionKineticEnergy(F: number, t: number): number {
  const { mass: m, g } = rod, forward = F >= 0;
  const muS = axialFriction.staticFriction[forward ? 0 : 1], muK = axialFriction.dynamicFriction[forward ? 0 : 1];
  return Math.abs(F) <= muS * m * g ? 0 : t * t / (2 * m) * (Math.abs(F) - muK * m * g) ** 2;
}

/** Rolling on an incline: isotropic μ_static, μ_kinetic of PyElastica's case. */
export const inclineFriction = { staticFriction: 0.4, dynamicFriction: 0.2, endTime: 0.5 };

/** The closed-form kinetic energy [J] (translation and rotation) of the rod on the incline of angle alpha [rad] at time t. */
export function inclineKineticEnergy(alpha: number, t: number): number {
  const { mass: m, g, radius: R } = rod, J = 0.5 * m * R * R, sin = Math.sin(alpha), cos = Math.cos(alpha);
  const { staticFriction: muS, dynamicFriction: muK } = inclineFriction;
  if (sin / 3 <= muS * cos) {
    const v = 2 / 3 * g * sin * t;
    return 0.5 * m * v * v + 0.5 * J * (v / R) ** 2;
  }
  const v = g * t * (sin - muK * cos), omega = muK * m * g * R * cos * t / J;
  return 0.5 * m * v * v + 0.5 * J * omega * omega;
}

/** Generalized-α (the default ρ∞ = 0.9), fixed steps, no files. */
export function frictionSettings(endTime: number, steps: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  return settings;
}

/** Result of one friction run: the rod's kinetic energy at the end and the closed form. */
export interface FrictionRun {
  energy: number;
  exact: number;
  statistics: SolverStatistics;
}

/**
 * The axial case under the total force F [N] in `steps` steps (250: 100× fewer than PyElastica). elastic: the elastic
 * stick/slip friction (stick stiffness 1e5 N/m², damping 6√(k_t ρA)) instead of the viscous stick zone.
 */
export function simulateAxialFriction(F: number, steps = 250, elastic = false): FrictionRun {
  const { mbs, rodNumber, contactNumber } = rodOnPlane({ normal: [0, 0, 1], direction: [1, 0, 0], extraLoadPerMass: [F / rod.mass, 0, 0], ...axialFriction });
  if (elastic) {
    mbs.modifyObject(contactNumber, { frictionStiffness: 1e5, frictionDamping: 6 * Math.sqrt(1e5 * rod.mass / rod.length) });
    mbs.assemble();
  }
  const statistics = mbs.solveDynamic(frictionSettings(axialFriction.endTime, steps));
  return { energy: mbs.getObjectOutput(rodNumber, OutputVariableType.KineticEnergy)[0], exact: axialFrictionKineticEnergy(F, axialFriction.endTime), statistics };
}

/** The incline case at angle alpha [rad] in `steps` steps (2000: 250× fewer than PyElastica). */
export function simulateIncline(alpha: number, steps = 2000): FrictionRun {
  const { staticFriction: muS, dynamicFriction: muK, endTime } = inclineFriction;
  const { mbs, rodNumber } = rodOnPlane({
    normal: [Math.sin(alpha), 0, Math.cos(alpha)], direction: [0, 1, 0], staticFriction: [muS, muS, muS], dynamicFriction: [muK, muK, muK],
  });
  const statistics = mbs.solveDynamic(frictionSettings(endTime, steps));
  return { energy: mbs.getObjectOutput(rodNumber, OutputVariableType.KineticEnergy)[0], exact: inclineKineticEnergy(alpha, endTime), statistics };
}

function main(): void {
  const describe = (run: FrictionRun) => `kinetic energy ${run.energy.toExponential(4)} J, closed form ${run.exact.toExponential(4)} J`
    + (run.exact > 0 ? ` (${(run.energy / run.exact - 1).toExponential(2)})` : '') + `, ${run.statistics.steps} steps, ${run.statistics.newtonIterations} Newton iterations`;
  for (const F of [2.5, 6, 8, 10.5, -2.6, -4.1, -10.6]) {
    console.log(`axial friction, F = ${F} N, viscous stick zone: ${describe(simulateAxialFriction(F))}`);
    console.log(`axial friction, F = ${F} N, elastic stick/slip: ${describe(simulateAxialFriction(F, 250, true))}`);
  }
  for (const alphaS of [0.1, 0.2, 0.3, 0.4]) console.log(`incline α = ${alphaS}π: ${describe(simulateIncline(alphaS * Math.PI))}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
