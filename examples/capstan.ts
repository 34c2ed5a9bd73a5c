/**
 * The capstan equation (issue 14): a thread wrapped by an angle θ over a cylinder with friction μ holds T₁/T₂ = e^{μθ}
 * at the onset of slip.
 *
 * The thread (radius 5e-5 m, EA = 1e5 N, EI = 1e-5 N m², 1 kg/m, 40 quadratic elements) is wrapped by θ over a drum
 * (radius R_c = 0.1 m, ObjectContactRodCylinder on a rigid body of 1e6 kg and 1e6 kg m² held by a spherical joint) that
 * turns with ω = 1 rad/s, so that every contact point slides at ω R_c = 1000 times the friction's regularization speed:
 * the friction is μ F_c throughout, the limit of a Coulomb law at the onset of slip (μ_s = μ_d). End 1 carries the dead
 * load T₁ = 10 N (ramped in 0.1 s), end 2 is held by a spherical joint; the drum drags the thread towards end 2, so the
 * held end carries T₂ = T₁ e^{−μθ} once the thread is at rest — kinematically the thread pulled slowly over a fixed
 * cylinder, without its inertia. Generalized-α, h = 1e-3, to t = 0.25 s (at 0.125 s the thread still swings).
 *
 * Run `npx tsx examples/capstan.ts`. Shared with test/items/contactRodRigid.test.ts.
 * @module
 */
import { pathToFileURL } from 'node:url';
import {
  LinearSolverType, MarkerBodyPosition, MarkerBodyRigid, ObjectGround, OutputVariableType, SimulationSettings, SystemContainer, type SolverStatistics,
} from '../src/node.ts';

/** Result of {@link capstan}. */
export interface CapstanResult {
  /** T₁/T₂ at the end of the run. */
  ratio: number;
  /** The smallest slip speed [m/s] over the contact points in contact at the end (the capstan law needs all of them sliding). */
  smallestSlipSpeed: number;
  /** The friction's regularization speed [m/s]. */
  regularizationSpeed: number;
  /** [x, y] of the rod's nodes at the end [m] (the drum's axis at the origin, radius 0.1 m). */
  shape: number[][];
  statistics: SolverStatistics;
}

/**
 * The capstan model for wrap angle theta [rad] and friction coefficient mu. `defaultRod` leaves the rod's interpolation
 * and formulation at their defaults (quaternion, mixed) and solves with the sparse LU (the mixed rod's 978 unknowns are
 * below the automatic switch from the dense LU, which would take ≈ 10× longer); otherwise R12, displacement formulation.
 */
export function capstan(theta: number, mu: number, defaultRod = false): CapstanResult {
  const T1 = 10, Rc = 0.1, R = 5e-5, k = 1e7, omega = 1, elements = 40, m = 1, regularizationSpeed = 1e-4;
  // the centerline radius of the wrapped part: drum + thread radius less the penalty compression under the tension
  const rho = Rc + R - T1 / ((Rc + R) * k);
  const leg = 0.1, arc = rho * theta, L = 2 * leg + arc;
  const start = [Math.sin(theta), -Math.cos(theta), 0], arcStart = [rho * Math.cos(theta), rho * Math.sin(theta), 0];
  const tangent = (s: number): number[] => {
    if (s <= leg) return start;
    if (s <= leg + arc) { const phi = theta - (s - leg) / rho; return [Math.sin(phi), -Math.cos(phi), 0]; }
    return [0, -1, 0];
  };
  const position = (s: number): number[] => {
    if (s <= leg) return [0, 1, 2].map((i) => arcStart[i] - (leg - s) * start[i]);
    if (s <= leg + arc) { const phi = theta - (s - leg) / rho; return [rho * Math.cos(phi), rho * Math.sin(phi), 0]; }
    return [rho, -(s - leg - arc), 0];
  };
  const mbs = new SystemContainer().addSystem();
  const created = mbs.createCosseratRod({
    ...(defaultRod ? {} : { interpolation: 'R12', formulation: 'displacement' } as const),
    centerline: { type: 'Curve', length: L, position, rotationMatrix: (s) => { const t = tangent(s); return [[t[0], -t[1], 0], [t[1], t[0], 0], [0, 0, 1]]; } },
    numberOfElements: elements, polynomialDegree: 2, physicsAxialShearStiffness: [1e5, 1e5, 1e5], physicsBendingTorsionStiffness: [1e-5, 1e-5, 1e-5],
    physicsMassPerLength: m, physicsInertiaPerLength: [1e-6, 1e-6, 1e-6], physicsAxialShearDamping: [100, 100, 100],
  });
  const rod = created.objectNumber;
  const ground = mbs.addObject(ObjectGround({}));
  const drum = mbs.addObject({
    objectType: 'RigidBody', physicsMass: 1e6, physicsInertia: [1e6, 1e6, 1e6, 0, 0, 0],
    nodeNumber: mbs.addNode({ nodeType: 'RigidBodyRxyz', referenceCoordinates: [0, 0, 0, 0, 0, 0], initialVelocities: [0, 0, 0, 0, 0, -omega] }),
  });
  const joint = (body: number, localPosition: number[], place: number[]) => mbs.addObject({
    objectType: 'JointSpherical', markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: place })), mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition }))],
  });
  joint(drum, [0, 0, 0], [0, 0, 0]);
  const held = joint(rod, [L, 0, 0], position(L));
  const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4 * 3 * elements });
  const contact = mbs.addObject({
    objectType: 'ContactRodCylinder', bodyNumber: rod, markerNumber: mbs.addMarker(MarkerBodyRigid({ bodyNumber: drum, localPosition: [0, 0, 0] })), nodeNumber: data,
    radius: R, cylinderRadius: Rc, pointsPerElement: 3, contactStiffness: k, contactDamping: 2 * Math.sqrt(k * m), dynamicFriction: mu, frictionProportionalZone: regularizationSpeed,
  });
  const ramp = (t: number) => (t < 0.1 ? 0.5 - 0.5 * Math.cos(Math.PI * t / 0.1) : 1);
  mbs.createForce({ bodyNumber: rod, loadVector: [-T1 * start[0], -T1 * start[1], 0], loadVectorUserFunction: (_mbs, t, v) => [ramp(t) * v[0], ramp(t) * v[1], 0] });
  mbs.assemble();
  // contact closed where the reference is inside, slip state from the start (the drum turns)
  const gaps = mbs.getObjectOutput(contact, OutputVariableType.DisplacementLocal);
  mbs.modifyNode(data, { initialCoordinates: Array.from(gaps).flatMap((gap) => [gap, omega * Rc, 0, 0]) });
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 0.25;
  settings.timeIntegration.numberOfSteps = 250;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  if (defaultRod) settings.linearSolverType = LinearSolverType.EigenSparse;
  const statistics = mbs.solveDynamic(settings);
  const slip = mbs.getObjectOutput(contact, OutputVariableType.VelocityLocal), finalGaps = mbs.getObjectOutput(contact, OutputVariableType.DisplacementLocal);
  let smallestSlipSpeed = Infinity;
  for (let i = 0; i < slip.length; i++) if (finalGaps[i] < 0) smallestSlipSpeed = Math.min(smallestSlipSpeed, slip[i]);
  const reaction = mbs.getObjectOutput(held, OutputVariableType.Force);
  const shape = created.nodeNumbers.map((node) => mbs.getNodeOutput(node, OutputVariableType.Position).slice(0, 2));
  return { ratio: T1 / Math.hypot(reaction[0], reaction[1], reaction[2]), smallestSlipSpeed, regularizationSpeed, shape, statistics };
}

function main(): void {
  const theta = Math.PI, mu = 0.3, exact = Math.exp(mu * theta);
  const result = capstan(theta, mu);
  console.log(`θ = π, μ = 0.3: T1/T2 = ${result.ratio.toFixed(5)}, e^{μθ} = ${exact.toFixed(5)} (${(result.ratio / exact - 1).toExponential(2)}); `
    + `smallest slip speed ${result.smallestSlipSpeed.toExponential(2)} m/s (regularization ${result.regularizationSpeed} m/s), ${result.statistics.steps} steps, ${result.statistics.newtonIterations} Newton iterations`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
