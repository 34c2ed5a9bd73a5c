/**
 * A thread over a pulley (Atwood's machine): a Cosserat rod thread (radius 0.5 mm, EA = 1e5 N, EI = 1e-4 N m², 0.1 kg/m)
 * laid over a pulley of radius 0.1 m (a rigid body with J = 0.01 kg m² on a revolute joint about z) by θ = π, with masses
 * m1 = 1 kg and m2 = 1.5 kg hanging from its ends under gravity. ObjectContactRodCylinder (friction μ = 0.5, regularized
 * below 1e-4 m/s: the thread sticks, e^{μπ} = 4.8 exceeds the tension ratio) carries the torque onto the pulley.
 * Generalized-α, h = 1e-3 s, 0.3 s from rest. Closed form of a massless-pulley-free Atwood machine with an inextensible
 * thread that does not slip, thread inertia included (it moves with ρ_c ω everywhere, ρ_c = R_c + R the radius of its
 * centerline; the thread's weight is left out): α = (m2 − m1) g ρ_c / ((m1 + m2 + m' L) ρ_c² + J). The weights are
 * switched on over τ = 0.05 s, r(t) = (1 − cos(π t/τ))/2, so the pulley turns by φ(T) = α((T − τ/2)²/2 + τ²(1/8 − 1/π²)).
 *
 * Run `npx tsx examples/threadOverPulley.ts`; shared with test/examples/threadOverPulley.test.ts.
 * @module
 */

import { pathToFileURL } from 'node:url';
import { OutputVariableType, SimulationSettings, SystemContainer, type MainSystem, type SolverStatistics } from '../src/node.ts';

/** The data of the example (SI units). */
export const pulleyData = {
  pulleyRadius: 0.1, pulleyInertia: 0.01, threadRadius: 5e-4, axialStiffness: 1e5, bendingStiffness: 1e-4, massPerLength: 0.1,
  mass1: 1, mass2: 1.5, g: 9.81, friction: 0.5, leg: 0.2, elements: 40, contactStiffness: 1e6,
};

/** Gravity is switched on smoothly over τ (a thread snapping taut under a sudden load takes tiny steps): r(t) = (1 − cos(π t/τ))/2. */
export const rampTime = 0.05;

/** The ramp r(t) of the weights. */
export function gravityRamp(t: number): number {
  return t < rampTime ? 0.5 - 0.5 * Math.cos(Math.PI * t / rampTime) : 1;
}

/** The model: the system, the pulley's node and the contact item. */
export interface PulleyModel {
  mbs: MainSystem;
  pulleyNode: number;
  contact: number;
  /** The thread's nodes. */
  nodeNumbers: number[];
  /** Length of the thread. */
  length: number;
}

/** Builds the model (assembled, contact state initialized from the reference configuration). */
export function buildThreadOverPulley(): PulleyModel {
  const d = pulleyData, R = d.threadRadius, Rc = d.pulleyRadius;
  const rho = Rc + R, arc = Math.PI * rho, L = 2 * d.leg + arc;
  // left leg up (x = −ρ), over the top clockwise, right leg down (x = ρ)
  const tangent = (s: number): number[] => {
    if (s <= d.leg) return [0, 1, 0];
    if (s <= d.leg + arc) { const phi = Math.PI - (s - d.leg) / rho; return [Math.sin(phi), -Math.cos(phi), 0]; }
    return [0, -1, 0];
  };
  const position = (s: number): number[] => {
    if (s <= d.leg) return [-rho, s - d.leg, 0];
    if (s <= d.leg + arc) { const phi = Math.PI - (s - d.leg) / rho; return [rho * Math.cos(phi), rho * Math.sin(phi), 0]; }
    return [rho, -(s - d.leg - arc), 0];
  };
  const mbs = new SystemContainer().addSystem();
  const m = d.massPerLength, EI = d.bendingStiffness, EA = d.axialStiffness;
  const created = mbs.createCosseratRod({
    interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Curve', length: L, position, rotationMatrix: (s) => { const t = tangent(s); return [[t[0], -t[1], 0], [t[1], t[0], 0], [0, 0, 1]]; } },
    numberOfElements: d.elements, polynomialDegree: 2, physicsAxialShearStiffness: [EA, EA, EA], physicsBendingTorsionStiffness: [EI, EI, EI],
    physicsMassPerLength: m, physicsInertiaPerLength: [m * R * R / 2, m * R * R / 4, m * R * R / 4],
  });
  const rod = created.objectNumber;
  const ground = mbs.createGround({});
  const pulleyNode = mbs.addNode({ nodeType: 'RigidBodyRxyz', referenceCoordinates: [0, 0, 0, 0, 0, 0] });
  const pulley = mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [d.pulleyInertia, d.pulleyInertia, d.pulleyInertia, 0, 0, 0], nodeNumber: pulleyNode });
  mbs.createRevoluteJoint({ bodyNumbers: [ground, pulley], position: [0, 0, 0], axis: [0, 0, 1] });
  for (const [s, mass] of [[0, d.mass1], [L, d.mass2]]) {
    const body = mbs.createMassPoint({ referencePosition: position(s), physicsMass: mass });
    mbs.createForce({ bodyNumber: body, loadVector: [0, -mass * d.g, 0], loadVectorUserFunction: (_mbs, t, load) => [0, gravityRamp(t) * load[1], 0] });
    mbs.addObject({
      objectType: 'JointSpherical', markerNumbers: [mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: body, localPosition: [0, 0, 0] }),
        mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: rod, localPosition: [s, 0, 0] })],
    });
  }
  const points = 3 * d.elements;
  const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4 * points });
  const contact = mbs.addObject({
    objectType: 'ContactRodCylinder', bodyNumber: rod, markerNumber: mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: pulley, localPosition: [0, 0, 0] }),
    nodeNumber: data, radius: R, cylinderRadius: Rc, pointsPerElement: 3, contactStiffness: d.contactStiffness, contactDamping: 2 * Math.sqrt(d.contactStiffness * m),
    dynamicFriction: d.friction, frictionProportionalZone: 1e-4,
  });
  mbs.assemble();
  // the arc's points start in contact: the thread rests on the pulley (gap 0 there, −1e-12 to close it)
  const gaps = mbs.getObjectOutput(contact, OutputVariableType.DisplacementLocal);
  mbs.modifyNode(data, { initialCoordinates: Array.from(gaps).flatMap((gap) => [gap < 1e-9 ? Math.min(gap, -1e-12) : gap, 0, 0, 0]) });
  mbs.assemble();
  return { mbs, pulleyNode, contact, nodeNumbers: created.nodeNumbers, length: L };
}

/** The closed form α = (m2 − m1) g ρ_c / ((m1 + m2 + m' L) ρ_c² + J) (clockwise positive: the heavier mass 2 is on the right). */
export function atwoodAcceleration(length: number): number {
  const d = pulleyData, rho = d.pulleyRadius + d.threadRadius;
  return (d.mass2 - d.mass1) * d.g * rho / ((d.mass1 + d.mass2 + d.massPerLength * length) * rho * rho + d.pulleyInertia);
}

/** The closed-form angle under the ramped weights: φ(T) = α ∫₀^T ∫₀^t r = α((T − τ/2)²/2 + τ²(1/8 − 1/π²)), T ≥ τ. */
export function atwoodAngle(length: number, time: number): number {
  const tau = rampTime;
  return atwoodAcceleration(length) * ((time - tau / 2) ** 2 / 2 + tau * tau * (1 / 8 - 1 / (Math.PI * Math.PI)));
}

/** Runs the example to endTime (h = 1e-3) and returns the pulley's clockwise angle φ and the solver statistics. */
export function simulateThreadOverPulley(endTime = 0.3): { model: PulleyModel; angle: number; statistics: SolverStatistics } {
  const model = buildThreadOverPulley();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / 1e-3);
  settings.timeIntegration.verboseMode = 0;
  settings.solutionSettings.writeSolutionToFile = false;
  // thread points enter and leave the pulley tangentially (gap crossing 0 at vanishing normal speed): the step that
  // reaches a contact, which the contact recommends, would only shrink the steps
  settings.timeIntegration.discontinuous.useRecommendedStepSize = false;
  const statistics = model.mbs.solveDynamic(settings);
  const angle = -model.mbs.getNodeOutput(model.pulleyNode, OutputVariableType.Coordinates)[5];
  return { model, angle, statistics };
}

function main(): void {
  const endTime = 0.3;
  const started = performance.now();
  const { model, angle, statistics } = simulateThreadOverPulley(endTime);
  const seconds = (performance.now() - started) / 1000;
  const alpha = atwoodAcceleration(model.length), exact = atwoodAngle(model.length, endTime);
  const slip = model.mbs.getObjectOutput(model.contact, OutputVariableType.VelocityLocal), gaps = model.mbs.getObjectOutput(model.contact, OutputVariableType.DisplacementLocal);
  const sticking = Array.from(slip).filter((_, k) => gaps[k] < 0);
  console.log('Thread over a pulley (Atwood): m1 = 1 kg, m2 = 1.5 kg, pulley R_c = 0.1 m, J = 0.01 kg m², thread R = 0.5 mm, 0.1 kg/m, μ = 0.5');
  console.log(`generalized-α, h = 1e-3 s, ${statistics.steps} steps, ${statistics.newtonIterations} Newton iterations, ${seconds.toFixed(2)} s`);
  console.log(`pulley angle at t = ${endTime} s: ${angle.toFixed(6)} rad, closed form ${exact.toFixed(6)} rad (α = ${alpha.toFixed(4)} rad/s²), `
    + `relative ${(angle / exact - 1).toExponential(2)}; largest slip speed of the ${sticking.length} points on the pulley ${Math.max(...sticking).toExponential(2)} m/s`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
