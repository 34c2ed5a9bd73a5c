import {
  SystemContainer, SimulationSettings, OutputVariableType, FEMinterface, ObjectFFRFreducedOrderInterface,
  ObjectGround, MarkerBodyPosition, MarkerNodeRigid, MarkerSuperElementPosition, CartesianSpringDamper, SensorSuperElement, SensorNode,
  type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's test data beside the repository (../shared/data/exudyn-testData). */
export const exudynTestDataDir = new URL('../../shared/data/exudyn-testData/', import.meta.url);

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
  const fem = new FEMinterface();
  fem.importFromAbaqusInputFile(new URL('rotorDiscTest.inp', exudynTestDataDir), { typeName: 'Instance', name: 'rotor-1' });
  fem.readMassMatrixFromAbaqus(new URL('rotorDiscTestMASS1.mtx', exudynTestDataDir));
  fem.readStiffnessMatrixFromAbaqus(new URL('rotorDiscTestSTIF1.mtx', exudynTestDataDir));
  fem.scaleStiffnessMatrix(options.stiffnessScale);
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
  const k = 2e8, d = k * 0.01;
  const mLeft = mbs.addMarker(MarkerSuperElementPosition({
    bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumbers: nodeListLeft, weightingFactors: nodeListLeft.map(() => 1 / nodeListLeft.length),
  }));
  const mRight = mbs.addMarker(MarkerSuperElementPosition({
    bodyNumber: objFFRF.oFFRFreducedOrder, meshNodeNumbers: nodeListRight, weightingFactors: nodeListRight.map(() => 1 / nodeListRight.length),
  }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [mLeft, mGroundPosLeft], stiffness: [k, k, k], damping: [d, d, d] }));
  mbs.addObject(CartesianSpringDamper({ markerNumbers: [mRight, mGroundPosRight], stiffness: [k, k, 0], damping: [d, d, d] }));
  return { fem, cms, objFFRF, nMid };
}

/** Exudyn's solver settings of the rotor tests: h = 1e-4, modified Newton, generalized-α with ρ∞ = 0.5. */
export function rotorSimulationSettings(tEnd: number): SimulationSettings {
  const h = 1e-4;
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
  settings.timeIntegration.endTime = tEnd;
  settings.solutionSettings.solutionWritePeriod = h;
  settings.solutionSettings.sensorsWritePeriod = h;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
  return settings;
}

/** Sum of |entries| of a sensor's stored rows, time column included (numpy's abs(data).sum()). */
export function absSum(rows: number[][]): number {
  let sum = 0;
  for (const row of rows) for (const value of row) sum += Math.abs(value);
  return sum;
}

/** Exudyn's objectFFRFreducedOrderTest: the unbalanced rotor disc as ObjectFFRFreducedOrder with 8 modes, 100 steps. */
export const objectFFRFreducedOrderTest: TestModel = {
  name: 'objectFFRFreducedOrderTest',
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
