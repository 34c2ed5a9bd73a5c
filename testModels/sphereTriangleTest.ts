import {
  SystemContainer, SimulationSettings, NodeGenericData, MarkerBodyRigid, ObjectContactSphereTriangle, SensorBody, OutputVariableType,
  InertiaSphere, DynamicSolverType, LinearSolverType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Options of {@link sphereTriangleTestRun}. */
export interface SphereTriangleTestOptions {
  /** End time (the original: 0.5 s). */
  tEnd?: number;
  /** Divides the step size 2e-4 (and multiplies the number of steps). */
  refinement?: number;
  /** Added to the initial x coordinate of every sphere, in m (a probe of the result's sensitivity). */
  positionPerturbation?: number;
  /** Newton's relative tolerance (the original: 1e-6; the absolute one is 1e-2 times it). */
  newtonTolerance?: number;
  /** The discontinuous iteration's tolerance (default 1: a contact state change is accepted at |k·gap| ≤ 1, gap ≤ 1e-5 m). */
  discontinuousTolerance?: number;
  /** Called before every step attempt with its end time. */
  preStep?: (t: number) => void;
}

/**
 * Runs Exudyn's sphereTriangleTest (see {@link sphereTriangleTest}) with its step size 2e-4 (the original: 0.5 s, 2500
 * steps) or a refinement of it; returns ‖ODE2 coordinates‖ at tEnd.
 */
export function sphereTriangleTestRun(options: SphereTriangleTestOptions = {}): number {
  const { tEnd = 0.5, refinement = 1, positionPerturbation = 0, newtonTolerance = 1e-6, discontinuousTolerance = 1, preStep } = options;
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const radius = 0.1;
  const mass = 1.6;
  const contactStiffness = 1e5;
  const contactDamping = 0 * 5e-4 * contactStiffness;
  const dynamicFriction = 0.2;
  const restitutionCoefficient = 0.5;
  const impactModel = 2;
  const stepSize = 2e-4 / refinement;
  const g = 10;
  const a = 0.25;

  const oGround = mbs.createGround({});
  const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround }));
  mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, -radius] }));
  const nMasses = 6;
  for (let i = 0; i < nMasses; i++) {
    const vx = Math.sin(i / nMasses * 2 * Math.PI);
    const vy = Math.cos(i / nMasses * 2 * Math.PI);
    const oMass = mbs.createRigidBody({
      referencePosition: [2 * radius * vx + 0.2 + positionPerturbation, 2 * radius * vy + 0.2, radius * 1.1], initialVelocity: [1.2 * vx, 1.2 * vy, 0],
      inertia: InertiaSphere(mass, radius), gravity: [0, 0, -g],
    });
    const mMass = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oMass }));
    const trianglePoints0 = [[-a, -a, 0], [2 * a, -a, 0], [-a, 2 * a, 0]];
    const trianglePoints1 = [[2 * a, -a, 0], [2 * a, 2 * a, 0], [-a, 2 * a, 0]];
    const includeEdgesList = [5, 3];
    [trianglePoints0, trianglePoints1].forEach((trianglePoints, k) => {
      const nData1 = mbs.addNode(NodeGenericData({ initialCoordinates: [0.1, 0, 0, 0], numberOfDataCoordinates: 4 }));
      mbs.addObject(ObjectContactSphereTriangle({
        markerNumbers: [mMass, mGround], nodeNumber: nData1, trianglePoints, includeEdges: includeEdgesList[k], radiusSphere: radius,
        contactStiffness, dynamicFriction, contactDamping, impactModel, restitutionCoefficient,
      }));
    });
    mbs.addSensor(SensorBody({ bodyNumber: oMass, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
  }
  mbs.assemble();

  const settings = new SimulationSettings();
  settings.solutionSettings.solutionWritePeriod = 0.005;
  settings.solutionSettings.sensorsWritePeriod = stepSize;
  settings.timeIntegration.numberOfSteps = Math.round(tEnd / stepSize);
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.newton.absoluteTolerance = 1e-2 * newtonTolerance;
  settings.timeIntegration.newton.relativeTolerance = newtonTolerance;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.timeIntegration.discontinuous.iterationTolerance = discontinuousTolerance;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  if (preStep !== undefined) mbs.setPreStepUserFunction((_mbs, t) => { preStep(t); return true; });
  mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
  return Math.hypot(...mbs.systemData.getODE2Coordinates());
}

/**
 * Exudyn's sphereTriangleTest: six rigid spheres (r = 0.1, m = 1.6, Euler parameters, gravity 10) start 0.01 above a
 * square plane of two ground triangles (the square [−a, 2a]², a = 0.25, split along its diagonal; includeEdges 5 and 3
 * exclude the diagonal) on a circle of radius 0.2 around (0.2, 0.2), moving outwards at 1.2 m/s. Each sphere has one
 * ContactSphereTriangle per triangle (k = 1e5, no damping, μ = 0.2, Gonthier/Carvalho–Martins impact model with e = 0.5,
 * data nodes starting with gap 0.1): the spheres drop onto the plane, bounce, slide and roll off its edges. Index-2
 * trapezoidal rule, h = 2e-4 (2500 steps to 0.5 s), modified Newton, Newton tolerances 1e-8 absolute and 1e-6 relative.
 * The result is the norm of the ODE2 coordinates.
 *
 * Tolerance 3e-2, not 1e-8: at its settings the result is ill-conditioned in Exudyn itself. Up to t = 0.1 s Flexdyn
 * reproduces the events of Exudyn's log (the step reductions to 1.20982e-4 at t = 0.0446, 3.7639e-7 at 0.044721,
 * 1.11787e-4 at 0.0955715, 8.79614e-7 at 0.0956832 and 9.60045e-5 at 0.0985263, all six printed digits; checked in
 * test/items/contactSphereTriangleModels.test.ts). Later the spheres roll across the shared diagonal of the two triangles
 * and over the plate's edges: the contact of the other triangle closes there with the vertical velocity of the sphere's
 * decayed bounce, 1e-9 to 1e-6 m/s, as its impact velocity, so that the Gonthier damping 1.43 k/v_impact grows to
 * 1e11…1e14 N s/m when that velocity points into the plane (and vanishes when it points away). The discontinuous
 * tolerance 1 accepts the closing step at |k·gap| ≤ 1 (gap ≤ 1e-5 m), so that step, and with it the damping, whether
 * Newton converges (tolerance 1e-6) and how the spheres move on, depends on rounding: initial positions moved by 1e-12 m
 * change ‖q‖ by 6e-11 up to t = 0.2 and by 1e-2 at 0.5. Exudyn 1.10 gives 3.8226 (Windows, the reference), 1623 (macOS
 * x86), 59370 (Linux, Newton diverged at t = 0.4376) and 545966 (macOS ARM) for this model (its TestSuiteLogs); Flexdyn
 * 3.8928, with the initial positions moved by +1e-12 m 3.8828, by −1e-12 m 3.9129, and 3.9177 at h/2.
 * With the contact instants resolved (discontinuous tolerance 1e-2, gap ≤ 1e-7 m) and Newton 1e-10 the model converges
 * with h up to t = 0.4 (3.00619221, 3.00620069, 3.00620386 at h, h/2, h/4; test/long/contactConvergence.test.ts) and up
 * to t = 0.2 at order ≈ 1.7 (test/items/contactSphereTriangleModels.test.ts). At t = 0.5, with spheres rolling over the
 * plate's left edge, even those runs scatter: 3.87387140, 3.87387954, 3.87388646, 3.87597529 at h … h/8. So no sequence
 * converges at the model's end to better than 5e-4, and none can show Exudyn's value and Flexdyn's approaching one
 * number: Exudyn's reference lies 1.3e-2 below the resolved run at h and Flexdyn's result at the original settings 4.9e-3
 * above it, both within the scatter of the original settings, which the tolerance 3e-2 covers. Exudyn 1.11.0 built on this
 * machine (2026-12-02) confirms both halves: with the resolved settings to t = 0.2 it prints 1.1714503757923207,
 * 1.1714556388508879, 1.1714571471634132 at h, h/2, h/4, Flexdyn's figures to 3e-12 (tested: both codes approach one limit
 * along the same sequence); to t = 0.4 its result moves with the Newton tolerance (3.00177 at 1e-8, 3.00734 at 1e-9; at
 * 1e-10 the step size falls to its minimum and the solve fails), and at the original settings and t = 0.5 it gives 59370.97,
 * four orders of magnitude from its own (Windows) reference. Runs ~1 min (tiny steps after the
 * diverging handover steps), so it is a long model.
 */
export const sphereTriangleTest: TestModel = {
  name: 'sphereTriangleTest',
  reference: 3.8226410966196975,
  comparison: 'relative',
  tolerance: 3e-2,
  long: true,
  run() {
    return sphereTriangleTestRun();
  },
};
