import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, MarkerBodyRigid, ObjectJointRevoluteZ, LoadForceVector, SensorLoad,
  SensorNode, SensorBody, SensorObject, SensorMarker, InertiaCuboid, type LoadVectorUserFunction, type PlotSensorResult,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's plotSensorTest: a 0.4 m brick on a revolute joint under an end force [0, 2·cos(2πt), 0] with sensors of
 * every kind (load, node coordinates and rotation, body position, joint force, marker position) written to sensor
 * files; after 100 steps (1 s, modified Newton) plotSensor draws seven figures with Exudyn's options (several sensors
 * and components per figure, factors, offsets, labels, titles, font sizes, colour offsets, a sensor file as source).
 * Exudyn's result is 1 when every plot is made; here it is 1 only when every figure also holds the expected number
 * of curves and each curve has the rows of its sensor (101: t = 0 … 1 s), else 0.
 */
export const plotSensorTest: TestModel = {
  name: 'plotSensorTest',
  reference: 1,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.4;
    const d = 0.1;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const oRB = mbs.createRigidBody({ inertia: InertiaCuboid({ density: 1000, sideLengths: [L, d, d] }), referencePosition: [0.5 * L, 0, 0], gravity: [0, 0, 0] });
    const nRB = mbs.getObject(oRB).nodeNumber as number;
    const mPos0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRB, localPosition: [-0.5 * L, 0, 0] }));
    const mPosLast = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oRB, localPosition: [0.5 * L, 0, 0] }));
    const oRJ = mbs.addObject(ObjectJointRevoluteZ({ markerNumbers: [mGround, mPos0], visualization: { axisRadius: 0.5 * d, axisLength: 1.2 * d } }));
    const loadVectorUserFunction: LoadVectorUserFunction = (_mbs, t, load) => [0, load[1] * Math.cos(t * 2 * Math.PI), 0];
    const lForce = mbs.addLoad(LoadForceVector({ markerNumber: mPosLast, loadVector: [0, 2, 0], loadVectorUserFunction }));
    const filedir = 'solution/';
    const sLoad = mbs.addSensor(SensorLoad({ loadNumber: lForce, fileName: `${filedir}plotSensorLoad.txt` }));
    const sNode = mbs.addSensor(SensorNode({ nodeNumber: nRB, fileName: `${filedir}plotSensorNode.txt`, outputVariableType: OutputVariableType.Coordinates }));
    const sNode2 = mbs.addSensor(SensorNode({ nodeNumber: nRB, fileName: `${filedir}plotSensorNodeRotation.txt`, outputVariableType: OutputVariableType.Rotation }));
    const sBody = mbs.addSensor(SensorBody({ bodyNumber: oRB, fileName: `${filedir}plotSensorBody.txt`, localPosition: [0.5 * L, 0, 0], outputVariableType: OutputVariableType.Position }));
    const sObject = mbs.addSensor(SensorObject({ objectNumber: oRJ, fileName: `${filedir}plotSensorObject.txt`, outputVariableType: OutputVariableType.ForceLocal }));
    const sMarker = mbs.addSensor(SensorMarker({ markerNumber: mPosLast, fileName: `${filedir}plotSensorMarker.txt`, outputVariableType: OutputVariableType.Position }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 1;
    const h = 0.01;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = 0.01;
    settings.solutionSettings.sensorsWritePeriod = 0.01;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);

    const plots: [PlotSensorResult, number][] = [
      [mbs.plotSensor(sLoad, { components: [0, 1, 2] }), 3],
      [mbs.plotSensor(sNode, { components: [0, 1, 2, 3, 4, 5, 6], yLabel: 'Coordinates with offset 1\nand scaled with 1/1000', factors: 1e-3, offsets: 1, fontSize: 12 }), 7],
      [mbs.plotSensor(sNode2, { components: [0, 1, 2] }), 3],
      [mbs.plotSensor(sNode2, { components: [0, 1, 2] }), 3],
      [mbs.plotSensor([sBody, sBody, sBody, sMarker, sMarker, sMarker], { components: [0, 1, 2, 0, 1, 2], colorCodeOffset: 3, fontSize: 10, yLabel: 'Rotation α, β, γ and\n Position x, y, z' }), 6],
      [mbs.plotSensor(sObject, { components: [0, 1, 2], title: 'Revolute joint forces' }), 3],
      [mbs.plotSensor([sNode, sNode, sNode, `${filedir}plotSensorNode.txt`, `${filedir}plotSensorNode.txt`, `${filedir}plotSensorNode.txt`], { components: [0, 1, 2, 0, 1, 2] }), 6],
    ];
    const rows = tEnd / h + 1;
    return plots.every(([plot, curves]) => plot.curves.length === curves && plot.curves.every((c) => c.y.length === rows) && plot.svg.includes('<svg')) ? 1 : 0;
  },
};
