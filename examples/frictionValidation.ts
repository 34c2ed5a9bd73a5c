/**
 * A straight Cosserat rod lying on a plane (ObjectContactRodPlane), after PyElastica's friction validation cases
 * (examples/FrictionValidationCases: axial_friction, rolling_friction_on_inclined_plane): mass 1 kg, length 1 m, radius
 * 0.025 m, solid circular section (rotary inertia per length ρ[R²/2, R²/4, R²/4]), gravity 9.80665 m/s².
 * @module
 */
import { SystemContainer, type MainSystem } from '../../src/index.ts';

/** Options of {@link rodOnPlane}. */
export interface RodOnPlaneOptions {
  /** Unit plane normal; the plane passes through the origin. */
  normal: readonly number[];
  /** Unit rod direction (in the plane); the rod's middle lies above the origin. */
  direction: readonly number[];
  /** Load per mass besides gravity (a uniform line load, e.g. PyElastica's UniformForces divided by the mass). */
  extraLoadPerMass?: readonly number[];
  staticFriction?: readonly number[];
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
  });
  mbs.assemble();
  return { mbs, rodNumber: created.objectNumber, contactNumber, nodeNumbers: created.nodeNumbers, penetration };
}
