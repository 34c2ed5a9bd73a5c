import {
  SystemContainer, OutputVariableType, ObjectFFRFreducedOrderInterface,
  ObjectGround, MarkerBodyPosition, MarkerNodeRigid, SensorSuperElement, SensorNode,
  type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { absSum, addRotorBearings, rotorSimulationSettings } from './ffrfRotor.ts';
import { exudynRotorDisc } from './objectFFRFTest.ts';

/** Options of {@link buildRotorFFRFreducedOrder}. */
export interface RotorFFRFreducedOrderOptions {
  /** Factor of the Abaqus stiffness matrix (1e-2 in objectFFRFreducedOrderTest). */
  stiffnessScale: number;
  /** Mesh point whose displacement the SuperElement sensor records. */
  sensorPoint: readonly [number, number, number];
  /** Use the interface's user functions (computeFFRFterms = false) instead of the internal FFRF terms. */
  userFunctions?: boolean;
}

/**
 * The rotor of Exudyn's objectFFRFreducedOrderTest / objectFFRFreducedOrderAccelerations: rotorDiscTest (Abaqus) with an unbalance
 * mass of 0.1 kg, 8 free-free eigenmodes, reference frame spinning at 50·2π rad/s about z, supported at both shaft ends by
 * Cartesian spring-dampers (k = 2e8, d = 0.01 k; no axial spring on the right) on MarkerSuperElementPosition of the end planes.
 */
export function buildRotorFFRFreducedOrder(mbs: MainSystem, options: RotorFFRFreducedOrderOptions) {
  const fem = exudynRotorDisc(options.stiffnessScale);
  const nodeNumberUnbalance = fem.getNodeAtPoint([0, 0.19598444, 0.15]);
  fem.addNodeMass(nodeNumberUnbalance, 0.1);
  fem.computeEigenmodes(8, 6);
  const cms = new ObjectFFRFreducedOrderInterface(fem);
  const objFFRF = options.userFunctions === true
    ? cms.addObjectFFRFreducedOrder(mbs, {
      eulerParametersRef: [1, 0, 0, 0], initialAngularVelocity: [0, 0, 50 * 2 * Math.PI],
      massMatrixUserFunction: (_mbs, _t, _i, q) => cms.ufMassFFRFreducedOrder(q),
      forceUserFunction: (_mbs, _t, _i, q, qt) => cms.ufForceFFRFreducedOrder(q, qt),
    })
    : cms.addObjectFFRFreducedOrder(mbs, { positionRef: [0, 0, 0], initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 50 * 2 * Math.PI] });
  const pLeft = [0, 0, 0], pRight = [0, 0, 0.5];
  const nMid = fem.getNodeAtPoint(options.sensorPoint);
  mbs.addMarker(MarkerNodeRigid({ nodeNumber: objFFRF.nRigidBody }));
  const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  const mGroundPosLeft = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: pLeft }));
  const mGroundPosRight = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: pRight }));
  const nodeListLeft = fem.getNodesInPlane(pLeft, [0, 0, 1]);
  const nodeListRight = fem.getNodesInPlane(pRight, [0, 0, 1]);
  addRotorBearings(mbs, objFFRF.oFFRFreducedOrder, nodeListLeft, nodeListRight, mGroundPosLeft, mGroundPosRight);
  return { fem, cms, objFFRF, nMid };
}

/** Exudyn's objectFFRFreducedOrderTest: the unbalanced rotor disc as ObjectFFRFreducedOrder with 8 modes, 100 steps. */
export const objectFFRFreducedOrderTest: TestModel = {
  name: 'objectFFRFreducedOrderTest',
  needsExudynData: true,
  reference: 0.0053552332680605694,
  comparison: 'relative',
  tolerance: 1e-7,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const { objFFRF, nMid } = buildRotorFFRFreducedOrder(mbs, { stiffnessScale: 1e-2, sensorPoint: [0, 0, 0.25] });
    const sDisp = mbs.addSensor(SensorSuperElement({
      bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement,
    }));
    mbs.addSensor(SensorNode({ nodeNumber: objFFRF.nRigidBody, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.assemble();
    mbs.solveDynamic(rotorSimulationSettings(0.01));
    return 0.01 * absSum(mbs.getSensorStoredData(sDisp));
  },
};
