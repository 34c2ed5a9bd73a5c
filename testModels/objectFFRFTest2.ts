import { SystemContainer, OutputVariableType, ObjectFFRFinterface, MarkerNodeRigid, ObjectGround, MarkerBodyPosition, SensorSuperElement, SensorNode } from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { absSum, addRotorBearings, rotorSimulationSettings } from './ffrfRotor.ts';
import { exudynRotorDisc } from './objectFFRFTest.ts';

/**
 * Exudyn's objectFFRFTest2: the unbalanced rotor disc of objectFFRFTest (stiffness × 1e-2, 0.1 kg unbalance at mesh node 9) as a full
 * ObjectFFRF made by ObjectFFRFinterface.addObjectFFRF (Tisserand-frame constraints, initial spin 50 Hz about z), on Cartesian
 * spring-damper bearings (k = 2e8, d = 0.01 k; the right one free along z) at the averaged end planes; 25 steps of 0.1 ms
 * (generalized-α, ρ∞ = 0.5, modified Newton). The result is Σ|·| of the stored displacement rows of the mid node (time column
 * included). Exudyn also computes 8 eigenmodes before creating the body; ObjectFFRF does not use them, so the port leaves them out.
 */
export const objectFFRFTest2: TestModel = {
  name: 'objectFFRFTest2',
  needsExudynData: true,
  reference: 0.03552188069017914,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const fem = exudynRotorDisc();
    fem.addNodeMass(9, 0.1);
    const ffrf = new ObjectFFRFinterface(fem);
    const objFFRF = ffrf.addObjectFFRF(mbs, { positionRef: [0, 0, 0], initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 50 * 2 * Math.PI], gravity: [0, 0, 0], color: [0.1, 0.9, 0.1, 1] });
    const pLeft = [0, 0, 0];
    const pRight = [0, 0, 0.5];
    const nMid = fem.getNodeAtPoint([0, 0, 0.25]);
    mbs.addMarker(MarkerNodeRigid({ nodeNumber: objFFRF.nRigidBody }));
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const mGroundPosLeft = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: pLeft }));
    const mGroundPosRight = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: pRight }));
    addRotorBearings(mbs, objFFRF.oFFRF, fem.getNodesInPlane(pLeft, [0, 0, 1]), fem.getNodesInPlane(pRight, [0, 0, 1]), mGroundPosLeft, mGroundPosRight);
    const sDisp = mbs.addSensor(SensorSuperElement({ bodyNumber: objFFRF.oFFRF, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
    mbs.addSensor(SensorNode({ nodeNumber: objFFRF.nRigidBody, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.assemble();
    mbs.solveDynamic(rotorSimulationSettings(0.0025));
    return absSum(mbs.getSensorStoredData(sDisp));
  },
};
