import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, MarkerNodeRigid, MarkerBodyRigid, GenericJoint,
  ReevingSystemSprings, SensorNode, SensorObject, InertiaCylinder,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's reevingSystemSpringsTest: a rope from a fixed sheave over a hanging sheave (COM below its centre, under
 * gravity) to a second fixed sheave, ReevingSystemSprings with torsional and shear damping; the result is the norm of
 * the ODE2 coordinates after 2 s.
 */
export const reevingSystemSpringsTest: TestModel = {
  name: 'reevingSystemSpringsTest',
  reference: 2.2155575717433007,
  comparison: 'relative',
  // Not Exudyn's 1e-8: we measure 4.8e-5. Exudyn's CommonTangentOf2Circles normalizes the normal of circle B by the
  // length of circle A's normal; once the hanging sheave tilts (the spans have z components), its tangent radius is
  // then not R. With that normalization reproduced, our model gives 2.2155575717433003 (2e-16); we keep the exact
  // tangent (docs/decisions.md), so the tolerance is 1e-4, twice the measured difference.
  tolerance: 1e-4,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const oGround = mbs.addObject(ObjectGround({}));
    const t = 0.1;
    const r0 = 0.5;
    const g = [0, -9.81, 0];
    const posList = [[0, 0, 0], [7, -20, 1], [12, 0, 2]];
    const rList = [r0, 4 * r0, r0];
    const dirList = [-1, 1, -1];
    const nodeList: number[] = [];
    const markerList: number[] = [];
    const sheavesAxes: number[][] = [];
    const sheavesRadii: number[] = [];
    let Lref = 0;
    let pLast = [0, 0, 0];
    posList.forEach((pos, i) => {
      const r = rList[i];
      const inertiaRoll = InertiaCylinder({ density: 1000, length: t, outerRadius: r, axis: 2 }).translated([0, -r, 0]);
      const body = mbs.createRigidBody({ referencePosition: pos, inertia: inertiaRoll, gravity: g, returnDict: true });
      nodeList.push(body.nodeNumber);
      markerList.push(mbs.addMarker(MarkerNodeRigid({ nodeNumber: body.nodeNumber })));
      sheavesAxes.push([0, 0, dirList[i]]);
      sheavesRadii.push(r);
      if (i !== 0) Lref += Math.hypot(pos[0] - pLast[0], pos[1] - pLast[1], pos[2] - pLast[2]);
      // Exudyn's note: this Lref is slightly too long, so the rope would be in compression without the regularization
      if (i > 0 && i < posList.length - 1) Lref += r * Math.PI;
      pLast = pos;
    });
    const markerGround0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: posList[0] }));
    mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: posList[2] }));
    const markerGroundLast = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: posList[posList.length - 1] }));
    mbs.addObject(GenericJoint({ markerNumbers: [markerGround0, markerList[0]], constrainedAxes: [1, 1, 1, 1, 1, 1] }));
    mbs.addObject(GenericJoint({ markerNumbers: [markerGroundLast, markerList[markerList.length - 1]], constrainedAxes: [1, 1, 1, 1, 1, 1] }));

    const stiffness = 1e5;
    const damping = 0.5 * stiffness;
    const oRS = mbs.addObject(ReevingSystemSprings({
      markerNumbers: markerList, hasCoordinateMarkers: false, stiffnessPerLength: stiffness, dampingPerLength: damping,
      referenceLength: Lref, dampingTorsional: 0.01 * damping, dampingShear: 0.1 * damping, sheavesAxes, sheavesRadii,
    }));
    mbs.addSensor(SensorNode({ nodeNumber: nodeList[1], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    mbs.addSensor(SensorNode({ nodeNumber: nodeList[1], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.addSensor(SensorObject({ objectNumber: oRS, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Distance }));
    mbs.addSensor(SensorObject({ objectNumber: oRS, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.VelocityLocal }));
    mbs.addSensor(SensorObject({ objectNumber: oRS, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.ForceLocal }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 2;
    const h = 0.01;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.sensorsWritePeriod = 0.01;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings);
    return Math.hypot(...mbs.systemData.getODE2Coordinates());
  },
};
