import {
  SystemContainer, SimulationSettings, MarkerBodyRigid, NodeGenericData, ObjectContactCurveCircles, InertiaCuboid,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's contactCurveExample (main/pythonDev/TestModels/contactCurveExample.py; ObjectContactCurveCircles, k_c = 2e6,
 * d_c = 5e3, pin radius r = 0.075): (1) a lever (3D rigid body, Euler parameters, 2 × 0.1 × 0.1 steel-like brick of
 * density 1000, gravity) whose pin at its end runs in a closed slot of 129 segments (two half circles joined by a short
 * straight piece), its x coordinate driven by −0.7(cos 2πt − 1) and y, z held by coordinate constraints; (2) a planar
 * lever (RigidBody2D) whose pin falls into a bucket of 3 segments. Generalized-α with modified Newton, 1000 steps to
 * t = 1. The result is 0.1·|q| of the final ODE2 coordinates.
 */
export const contactCurveExample: TestModel = {
  name: 'contactCurveExample',
  reference: 0.3096143279681347,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 2, a = 0.1, b = 0.1;
    const rPin = a * 0.75;
    const g = 9.81;
    const oGround = mbs.createGround({});
    const contactStiffness = 2e5 * 10;
    const contactDamping = 5e2 * 10;
    const inertiaBrick = InertiaCuboid(1000, [L, a, b]);
    /** Exudyn's segmentsData: row k − 1 = [p_k, p_{k−1}] for k = 1 … n − 1 (np.roll by one point, first row dropped). */
    const segmentsOf = (points: number[][]) => points.slice(1).map((p, k) => [...p, ...points[k]]);

    // example 1: arm moving in a given curve
    {
      const pOff = [-L, 0, 0];
      const inertiaBrick1 = inertiaBrick.translated([-0.5 * L, 0, 0]);
      const lever = mbs.createRigidBody({
        referencePosition: [pOff[0] + L + rPin, pOff[1] - 0.5 * L + rPin, pOff[2]], inertia: inertiaBrick1, gravity: [0, -g, 0],
      });
      const mBody = mbs.addMarker(MarkerBodyRigid({ bodyNumber: lever, localPosition: [-L, 0, 0] }));
      const n = 64;
      const pList: number[][] = [];
      for (let i = 0; i < 2 * n + 2; i++) {
        let phi = -Math.PI + i / (n - 1) * Math.PI;
        let r = L * 0.5;
        if (i >= n) {
          phi = 0 * Math.PI - phi;
          r = 0.5 * L - 2 * rPin;
        }
        let x = r * Math.sin(phi);
        let y = -r * Math.cos(phi);
        if (i === n) { x = 0.25 * L; y = -0.5 * L; }
        if (i === n + 1) { x = 0.25 * L; y = -0.5 * L + 2 * rPin; }
        pList.push([x, y]);
      }
      const segmentsData = segmentsOf(pList);
      const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: pOff }));
      const nGenericData = mbs.addNode(NodeGenericData({
        initialCoordinates: segmentsData.flatMap(() => [-1, 0, 0]), numberOfDataCoordinates: 3 * segmentsData.length,
      }));
      mbs.addObject(ObjectContactCurveCircles({
        markerNumbers: [mGround, mBody], nodeNumber: nGenericData, circlesRadii: [rPin], segmentsData, contactStiffness, contactDamping,
      }));
      mbs.createCoordinateConstraint({ bodyNumbers: [lever, null], coordinates: [1, null] });
      mbs.createCoordinateConstraint({ bodyNumbers: [lever, null], coordinates: [2, null] });
      mbs.createCoordinateConstraint({
        bodyNumbers: [lever, null], coordinates: [0, null],
        offsetUserFunction_t: (_mbs, t) => 2.2 * L * Math.sin(2 * Math.PI * t),
        offsetUserFunction: (_mbs, t) => -0.7 * (Math.cos(2 * Math.PI * t) - 1),
      });
    }

    // example 2: pendulum in a bucket
    {
      const pOff = [L * 1.5, 0, 0];
      const lever = mbs.createRigidBody({
        referencePosition: [pOff[0] - 0.9 * L, pOff[1] + rPin, pOff[2]], inertia: inertiaBrick, gravity: [0, -g, 0], create2D: true,
      });
      const mBody = mbs.addMarker(MarkerBodyRigid({ bodyNumber: lever, localPosition: [0.5 * L, 0, 0] }));
      const segmentsData = segmentsOf([[-1, 0.5], [-1, 0], [1, 0], [1, 0.5]]);
      const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: pOff }));
      const nGenericData = mbs.addNode(NodeGenericData({
        initialCoordinates: segmentsData.flatMap(() => [-1, 0, 0]), numberOfDataCoordinates: 3 * segmentsData.length,
      }));
      mbs.addObject(ObjectContactCurveCircles({
        markerNumbers: [mGround, mBody], nodeNumber: nGenericData, circlesRadii: [rPin], segmentsData, contactStiffness, contactDamping,
      }));
    }
    mbs.assemble();

    const stepSize = 0.001;
    const tEnd = 1;
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.solutionWritePeriod = 0.01;
    settings.solutionSettings.sensorsWritePeriod = stepSize;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.verboseMode = 0;
    mbs.solveDynamic(settings);
    const ode2 = mbs.systemData.getODE2Coordinates();
    return 0.1 * Math.hypot(...ode2);
  },
};
