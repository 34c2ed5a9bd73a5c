import { SystemContainer, SimulationSettings, SensorBody, OutputVariableType, InertiaSphere, LinearSolverType } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Runs the model of Exudyn's createSphereQuadContact once (see {@link createSphereQuadContact}): the ground plane as two
 * triangles (createSphereTriangleContact, includeEdges 5 and 3) or as one quad (createSphereQuadContact); returns
 * ‖ODE2 coordinates‖ at t = 0.65.
 */
export function createSphereQuadContactRun(method: 'trigs' | 'quad'): number {
  return Math.hypot(...createSphereQuadContactModel(method, 7, 1));
}

/**
 * The model of createSphereQuadContact with the first nSpheres spheres and the step size divided by refinement; returns the
 * ODE2 coordinates at t = 0.65.
 */
export function createSphereQuadContactModel(method: 'trigs' | 'quad', nSpheres: number, refinement: number): number[] {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const radius = 0.1;
  const mass = 0.2;
  const contactStiffness = 2e4;
  const dynamicFriction = 0.2;
  const restitutionCoefficient = 0.75;
  const impactModel = 2;
  const tEnd = 0.65;
  const stepSize = 2e-4 / refinement;
  const g = 9.81;
  const size = 1;
  const contact = { radiusSphere: radius, contactStiffness, dynamicFriction, impactModel, restitutionCoefficient, show: true };

  const oGround = mbs.createGround({});
  const listMasses: number[] = [];
  const ny = 4;
  let cnt = -1;
  for (let jy = 0; jy < ny; jy++) {
    for (let ix = 0; ix < Math.max(1, jy); ix++) {
      cnt += 1;
      if (cnt >= nSpheres) break;
      const x = (ix - (jy - 1) * 0.5) * 2 * radius;
      const y = -4 * radius + jy * radius * Math.sqrt(3);
      const vy = 2 * Math.sin(cnt * Math.PI / 3);
      const vx = 2 * Math.cos(cnt * Math.PI / 3);
      const oMass = mbs.createRigidBody({
        referencePosition: [x, y, radius], initialVelocity: [vx, vy, 0], initialAngularVelocity: [0, 0, 0], nodeType: 'RotationEulerParameters',
        inertia: InertiaSphere(mass, radius), gravity: [0, 0, -g],
      });
      listMasses.push(oMass);
      for (const oMass2 of listMasses.slice(0, -1)) {
        mbs.createSphereSphereContact({
          bodyNumbers: [oMass, oMass2], spheresRadii: [radius, radius], contactStiffness, dynamicFriction, impactModel, restitutionCoefficient, show: true,
        });
      }
      if (method === 'trigs') {
        const trianglePoints0 = [[-size, -size, 0], [size, -size, 0], [-size, size, 0]];
        const trianglePoints1 = [[size, -size, 0], [size, size, 0], [-size, size, 0]];
        [trianglePoints0, trianglePoints1].forEach((trianglePoints, k) => {
          mbs.createSphereTriangleContact({ bodyNumbers: [oMass, oGround], trianglePoints, includeEdges: [5, 3][k], ...contact });
        });
      } else {
        const quadPoints = [[-size, -size, 0], [size, -size, 0], [size, size, 0], [-size, size, 0]];
        mbs.createSphereQuadContact({ bodyNumbers: [oMass, oGround], quadPoints, includeEdges: 15, ...contact });
      }
      mbs.addSensor(SensorBody({ bodyNumber: oMass, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    }
  }
  mbs.assemble();

  const settings = new SimulationSettings();
  settings.solutionSettings.solutionWritePeriod = 0.005;
  settings.solutionSettings.sensorsWritePeriod = 0.001;
  settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.newton.absoluteTolerance = 1e-6;
  settings.timeIntegration.newton.relativeTolerance = 1e-6;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  mbs.solveDynamic(settings);
  return mbs.systemData.getODE2Coordinates();
}

/**
 * Exudyn's createSphereQuadContact: seven rigid spheres (r = 0.1, m = 0.2, Euler parameters, gravity 9.81) in a triangular
 * pattern on a 2 × 2 ground plane, each moving at 2 m/s in the direction cnt·60°, with sphere-sphere contacts between all
 * pairs (createSphereSphereContact) and the plane once as two triangles (createSphereTriangleContact, includeEdges 5
 * and 3) and once as a quad (createSphereQuadContact, all edges): both must give the same motion. Contacts: k = 2e4, no
 * damping, μ = 0.2, Gonthier/Carvalho–Martins impact model with e = 0.75, data nodes starting with [0, 0, 0, 0].
 * Generalized-α (Exudyn's defaults), h = 2e-4 (3250 steps to 0.65 s), modified Newton, Newton tolerances 1e-6. The result
 * is 0.1 times the sum of the norms of the ODE2 coordinates of both runs.
 *
 * Tolerance 2e-4, not 1e-8 (Flexdyn 1.1244838, 9.4e-5 from Exudyn; triangles and quad alike, as in Exudyn): the
 * spheres start touching the plane (gap 0, no contact in the data) and sink into the undamped contact, which then
 * oscillates with the static penetration m g/k = 1e-4 m at up to 0.03 m/s; where a sphere crosses the diagonal, the other
 * triangle's contact closes with the normal velocity of that oscillation at the step of the crossing as impact velocity,
 * and the Gonthier damping ∝ 1/v_impact of its further motion depends on the oscillation's phase, as do the collisions
 * of the spheres. The first sphere, which meets no other sphere, matches Exudyn's printed coordinates to 3.4e-6 (x) and
 * 1e-5 (Euler parameters) and converges with h (test/items/contactSphereTriangleModels.test.ts); the whole result moves by
 * 5e-5 with the Newton tolerance (1e-10: 1.1245053) and scatters by 4e-5 over h/2, h/4 (1.1245233, 1.1244777).
 */
export const createSphereQuadContact: TestModel = {
  name: 'createSphereQuadContact',
  reference: 1.124377662163088,
  comparison: 'relative',
  tolerance: 2e-4,
  run() {
    return 0.1 * createSphereQuadContactRun('trigs') + 0.1 * createSphereQuadContactRun('quad');
  },
};
