import { SystemContainer, SimulationSettings, SensorBody, OutputVariableType, InertiaSphere, InertiaCuboid, LinearSolverType } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Runs Exudyn's createSphereQuadContact2 (see {@link createSphereQuadContact2}) with the step size divided by refinement
 * and the given Newton tolerance (absolute and relative; the original: 1e-6); returns 0.1·‖ODE2 coordinates‖ at t = 1.
 */
export function createSphereQuadContact2Result(refinement = 1, newtonTolerance = 1e-6): number {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const radius = 0.1;
  const mass = 0.2;
  const contactStiffness = 2e4 * 10;
  const contactDamping = 1e-4 * contactStiffness;
  const dynamicFriction = 0.2;
  const tEnd = 1;
  const stepSize = 5e-4 / refinement;
  const g = 9.81;
  const size = 1;

  const oGround = mbs.createGround({});
  const nSpheres = 5;
  const listMasses: number[] = [];
  const quadPoints = [[-size, -size, 0], [size, -size, 0], [size, size, 0], [-size, size, 0]];
  for (let iPhi = 0; iPhi < nSpheres; iPhi++) {
    const phi = iPhi / nSpheres * (2 * Math.PI);
    const x = 2 * radius * Math.cos(phi);
    const y = 2 * radius * Math.sin(phi);
    const vv = 0.5 * 2;
    const oMass = mbs.createRigidBody({
      referencePosition: [x, y, radius], initialVelocity: [-vv * Math.sin(phi), vv * Math.cos(phi), 0], initialAngularVelocity: [0, 0, 0],
      nodeType: 'RotationEulerParameters', inertia: InertiaSphere(mass, radius), gravity: [0, 0, -g],
    });
    listMasses.push(oMass);
    mbs.createSphereQuadContact({
      bodyNumbers: [oMass, oGround], quadPoints, includeEdges: 15, radiusSphere: radius, contactStiffness, contactDamping, dynamicFriction, show: true,
    });
    mbs.addSensor(SensorBody({ bodyNumber: oMass, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
  }
  const sizeTop = 8 * radius;
  const zTop = 0.5 * radius;
  const oBodyTop = mbs.createRigidBody({
    referencePosition: [0, 0, 2 * radius + 0.5 * zTop], initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 0], nodeType: 'RotationEulerParameters',
    inertia: InertiaCuboid(0.01 * 2800, [sizeTop, sizeTop, zTop]), gravity: [0, 0, -g],
  });
  mbs.addSensor(SensorBody({ bodyNumber: oBodyTop, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
  const topQuad = [[-0.5 * sizeTop, -0.5 * sizeTop, -0.5 * zTop], [0.5 * sizeTop, -0.5 * sizeTop, -0.5 * zTop],
    [0.5 * sizeTop, 0.5 * sizeTop, -0.5 * zTop], [-0.5 * sizeTop, 0.5 * sizeTop, -0.5 * zTop]];
  for (const oMass of listMasses) {
    mbs.createSphereQuadContact({
      bodyNumbers: [oMass, oBodyTop], quadPoints: topQuad, includeEdges: 15, radiusSphere: radius * 1, contactStiffness, contactDamping, dynamicFriction, show: true,
    });
  }
  mbs.assemble();

  const settings = new SimulationSettings();
  settings.solutionSettings.solutionWritePeriod = 0.005;
  settings.solutionSettings.sensorsWritePeriod = 0.001;
  settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.newton.absoluteTolerance = newtonTolerance;
  settings.timeIntegration.newton.relativeTolerance = newtonTolerance;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  mbs.solveDynamic(settings);
  return 0.1 * Math.hypot(...mbs.systemData.getODE2Coordinates());
}

/**
 * Exudyn's createSphereQuadContact2: five rigid spheres (r = 0.1, m = 0.2, Euler parameters, gravity 9.81) on a circle of
 * radius 0.2 on a ground quad (2 × 2, createSphereQuadContact with all edges), moving tangentially at 1 m/s, carry a
 * rigid plate (0.8 × 0.8 × 0.05, density 28) that rests on them through a second createSphereQuadContact on its lower
 * face (initial gap 0). Contacts: k = 2e5, d = 20, μ = 0.2, linear force law. Generalized-α (Exudyn's defaults), h = 5e-4
 * (2000 steps to 1 s), modified Newton, Newton tolerances 1e-6. The result is 0.1 times the norm of the ODE2 coordinates.
 *
 * Tolerance 4e-6, not 1e-8 (Flexdyn 0.156165405, 2.7e-6 from Exudyn): at h = 5e-4 the result carries a time-discretization
 * error of 6e-6 (Flexdyn with Newton tolerance 1e-10: 0.1561653217 at h, 0.1561660619 at h/2, 0.1561662254 at h/4,
 * 0.1561662357 at h/8), and that error depends on the step sequence: contacts that close reject steps and recommend
 * smaller ones, and the step size grows back only after steps of at most 7 Newton iterations, a count that differs
 * between Exudyn's numerically differentiated contacts and Flexdyn's analytic Jacobians (Exudyn 2035 steps, Flexdyn 2014).
 * Exudyn's 0.1561658243 lies between Flexdyn's results at h and at h/2; test/items/contactSphereTriangleModels.test.ts
 * checks this convergence (h, h/2, h/4).
 */
export const createSphereQuadContact2: TestModel = {
  name: 'createSphereQuadContact2',
  reference: 0.15616582432927872,
  comparison: 'relative',
  tolerance: 4e-6,
  run() {
    return createSphereQuadContact2Result();
  },
};
