import {
  SystemContainer, SimulationSettings, NodePointGround, NodeGenericData, MarkerNodeRigid, MarkerBodyRigid, ObjectContactSphereSphere,
  OutputVariableType, InertiaSphere,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's contactSphereSphereTest: a rigid sphere (r = 0.1, m = 1.6, no gravity) starts at y = 0.5 with v_y = 10 and
 * bounces between two fixed spheres (centres y = −0.2 and y = 1.2) through two ContactSphereSphere items with the
 * Gonthier/Carvalho–Martins impact model (k = 1e6, e = 0.7, no linear damping; data nodes start with gap 0.1).
 * Generalized-α with ρ∞ = 1 and modified Newton, h = 4e-4, 2 s (5000 steps), the discontinuous iteration with its
 * defaults. The result is the sphere's final y coordinate.
 *
 * Tolerance 0.3, not 1e-8: the result is ill-conditioned in the initial state. The first impact falls exactly on a step
 * boundary (0.5 m at 10 m/s = 125 steps), so whether that step ends with gap +1e-16 or −5e-16 (rounding) decides the step
 * sequence of the contact (a micro step from the recommended step size or not), and with contacts of about 10 steps the
 * rebound speed of each of the ~13 impacts varies by ~1 % with that sequence. Moving the initial y by ±1e-12…1e-6 m changes
 * Flexdyn's result between 0.379 and 0.521 (unperturbed 0.4418); Exudyn's 0.5348 is the same kind of sample. The
 * end position after 2 s is therefore a weak check (e = 0.5 gives 0.384, inside the tolerance; e = 0.9 gives 0.110, outside);
 * the restitution law is checked tightly in test/items/contactSphereSphere.test.ts (rebound ratio e at small steps,
 * rebound heights e^{2k} h0, Hertz contact time).
 */
export const contactSphereSphereTest: TestModel = {
  name: 'contactSphereSphereTest',
  reference: 0.5348463536059522,
  comparison: 'relative',
  tolerance: 0.3,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const yInit = 0.5;
    const vyInit = 10;
    const radius = 0.1;
    const mass = 1.6;
    const contactStiffness = 1e6;
    const contactDamping = 0 * 5e-4 * contactStiffness;
    const restitutionCoefficient = 0.7;
    const impactModel = 2;
    const tEnd = 2;
    const stepSize = 2e-5 * 20;
    const g = 50 * 0;

    /** A fixed sphere at height y: ground object, ground node and the rigid marker the contact uses. */
    const groundSphere = (y: number): number => {
      mbs.createGround({ referencePosition: [0, y, 0] });
      const node = mbs.addNode(NodePointGround({ referenceCoordinates: [0, y, 0] }));
      return mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }));
    };
    const mGround1 = groundSphere(-2 * radius);
    const { bodyNumber: massPoint, nodeNumber: nMassPoint } = mbs.createRigidBody({
      referencePosition: [0, yInit, 0], initialVelocity: [0, vyInit, 0], inertia: InertiaSphere(mass, radius), gravity: [0, -g, 0], returnDict: true,
    });
    const mMass = mbs.addMarker(MarkerBodyRigid({ bodyNumber: massPoint }));
    const contact = (mGround: number) => {
      const nData = mbs.addNode(NodeGenericData({ initialCoordinates: [0.1, 0, 0, 0], numberOfDataCoordinates: 4 }));
      mbs.addObject(ObjectContactSphereSphere({
        markerNumbers: [mGround, mMass], nodeNumber: nData, spheresRadii: [radius, radius], contactStiffness, contactDamping,
        impactModel, restitutionCoefficient,
      }));
    };
    contact(mGround1);
    contact(groundSphere(1 + 2 * radius));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.solutionWritePeriod = 0.02;
    settings.solutionSettings.sensorsWritePeriod = stepSize;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    return mbs.getNodeOutput(nMassPoint, OutputVariableType.CoordinatesTotal)[1];
  },
};
