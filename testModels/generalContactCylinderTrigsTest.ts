import {
  SystemContainer, SimulationSettings, OutputVariableType, DynamicSolverType, MarkerBodyRigid, ObjectGround, SensorBody, NodeType,
  InertiaCylinder, graphics,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's generalContactCylinderTrigsTest: the triangle mesh of graphics.Cylinder (r = 0.25, width 0.25, 64 tiles,
 * axis y) on a rigid body (density 200, rotation-vector node) rolls with v = 2.5 m/s over a bed of 31 × 7 ground
 * spheres (r = 0.02, 0.05 apart, tops at z = 0); k = 2e4, d = 10, μ = 0.1, 10³ search cells; 1000 explicit Euler steps
 * (h = 1e-3). Result: the norm of the sum of the cylinder's position, velocity, angular velocity and rotation vectors
 * at t = 1 (Exudyn adds the sensor arrays).
 */
export const generalContactCylinderTrigsTest: TestModel = {
  name: 'generalContactCylinderTrigsTest',
  reference: 5.486908430912642,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const mbs = new SystemContainer().addSystem();
    const gravity = [0, 0, -9.81];
    const planeL = 0.3, xFact = 5, nPlane = 6, rMarker = 0.02, rCyl = 0.25, tCyl = 0.25;
    const k = 2e4, d = 0.0005 * k, stepSize = 1e-3, frictionCoeff = 0.1, ss = 10;
    const gContact = mbs.addGeneralContact();
    gContact.setFrictionPairings([[frictionCoeff]]);
    gContact.setSearchTreeCellSize([ss, ss, ss]);
    const gFloor = graphics.CheckerBoard({ point: [planeL * xFact * 0.5, 0, 0], size: planeL * xFact, size2: planeL, nTiles: 8 });
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0], visualization: { graphicsData: [gFloor] } }));
    const gCyl = graphics.Cylinder({ pAxis: [0, -0.5 * tCyl, 0], vAxis: [0, tCyl, 0], radius: rCyl, color: [0.3, 0.3, 0.3, 1], alternatingColor: graphics.color.lightgrey, nTiles: 64 });
    const omegaY = 10;
    const bCyl = mbs.createRigidBody({
      referencePosition: [0, 0, rCyl * 1.0], initialVelocity: [omegaY * rCyl, 0, 0], inertia: InertiaCylinder(200, tCyl, rCyl, 1), gravity,
      nodeType: NodeType.RotationRotationVector, graphicsDataList: [gCyl],
    });
    const mCyl = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bCyl, localPosition: [0, 0, 0] }));
    const sensor = (outputVariableType: OutputVariableType) => mbs.addSensor(SensorBody({ bodyNumber: bCyl, storeInternal: true, writeToFile: false, outputVariableType }));
    const [sPos, sRot, sVel, sOmega] = [OutputVariableType.Position, OutputVariableType.Rotation, OutputVariableType.Velocity, OutputVariableType.AngularVelocity].map(sensor);
    const [meshPoints, meshTrigs] = graphics.ToPointsAndTrigs(gCyl);
    gContact.addTrianglesRigidBodyBased(mCyl, k, d, 0, meshPoints, meshTrigs);
    for (let ix = 0; ix < nPlane * xFact + 1; ix++) {
      for (let iy = 0; iy < nPlane + 1; iy++) {
        const x = (ix / nPlane - 0.0) * planeL;
        const y = (iy / nPlane - 0.5) * planeL;
        const m = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [x, y, -rMarker] }));
        gContact.addSphereWithMarker(m, rMarker, k, d, 0);
      }
    }
    mbs.assemble();
    const tEnd = 1;
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    mbs.solveDynamic(settings, DynamicSolverType.ExplicitEuler);
    // Exudyn: q = GetSensorValues(sPos); q += GetSensorValues(sVel) … (numpy arrays: element-wise sums)
    const q = [0, 0, 0];
    for (const s of [sPos, sVel, sOmega, sRot]) mbs.getSensorValues(s).forEach((v, i) => { q[i] += v; });
    return Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  },
};
