import {
  SystemContainer, OutputVariableType, FEMinterface, NodeRigidBodyEP, NodePoint, NodePointGround, ObjectGround,
  ObjectFFRF, ObjectRigidBody, MarkerBodyRigid, MarkerNodeRigid, MarkerNodeCoordinate, MarkerNodePosition, CoordinateConstraint,
  SensorSuperElement, AngularVelocity2EulerParameters_t, type MainSystem, type SimulationSettings,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { absSum, addRotorBearings, rotorSimulationSettings } from './ffrfRotor.ts';
import { exudynData } from './exudynData.ts';

/** Exudyn's rotor disc (its Abaqus mesh and matrices from Exudyn's test data), stiffness scaled (1e-2 in Exudyn's FFRF tests). */
export function exudynRotorDisc(stiffnessScale = 1e-2): FEMinterface {
  const fem = new FEMinterface();
  fem.importFromAbaqusInputFile(exudynData('rotorDiscTest.inp'), { typeName: 'Instance', name: 'rotor-1' });
  fem.readMassMatrixFromAbaqus(exudynData('rotorDiscTestMASS1.mtx'));
  fem.readStiffnessMatrixFromAbaqus(exudynData('rotorDiscTestSTIF1.mtx'));
  fem.scaleStiffnessMatrix(stiffnessScale);
  return fem;
}

/**
 * The rotor model of objectFFRFTest: full ObjectFFRF of rotorDiscTest (115 Hex8 nodes, 352 coordinates); returns mbs, the
 * sensor and the simulation settings for the given number of steps of 0.1 ms (Exudyn's test: 10). Another rotor mesh along
 * z (with nodes on the axis at both ends and in the middle) may be given as `fem`.
 */
export function buildObjectFFRFTestModel(steps = 10, fem: FEMinterface = exudynRotorDisc()): { mbs: MainSystem; sensor: number; settings: SimulationSettings } {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const nodes = fem.nodes;
  const nNodes = nodes.length / 3;
  const z = (i: number) => nodes[3 * i + 2];
  let minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < nNodes; i++) { minZ = Math.min(minZ, z(i)); maxZ = Math.max(maxZ, z(i)); }
  const midZ = 0.5 * (minZ + maxZ);
  const nTopMid = 9;
  const unbalance = 0.1;
  fem.addNodeMass(nTopMid, unbalance);
  let nLeft = -1, nRight = -1, nMid = -1;
  const onAxis = (i: number) => Math.abs(nodes[3 * i + 1]) < 1e-6 && Math.abs(nodes[3 * i]) < 1e-6;
  for (let i = 0; i < nNodes; i++) {
    if (Math.abs(z(i) - minZ) < 1e-6 && onAxis(i)) nLeft = i;
    if (Math.abs(z(i) - maxZ) < 1e-6 && onAxis(i)) nRight = i;
    if (Math.abs(z(i) - midZ) < 1e-6 && onAxis(i)) nMid = i;
  }

  const p0 = [0, 0, 0];
  const omega0 = [0, 0, 50 * 2 * Math.PI];
  const ep0 = [1, 0, 0, 0];
  const epT0 = AngularVelocity2EulerParameters_t(omega0, ep0);
  const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: p0 }));
  const nRB = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [...p0, ...ep0], initialVelocities: [0, 0, 0, ...epT0] }));
  const meshNodes: number[] = [];
  for (let i = 0; i < nNodes; i++) meshNodes.push(mbs.addNode(NodePoint({ referenceCoordinates: [nodes[3 * i], nodes[3 * i + 1], nodes[3 * i + 2]] })));
  const oFFRF = mbs.addObject(ObjectFFRF({
    nodeNumbers: [nRB, ...meshNodes], stiffnessMatrixFF: fem.getStiffnessMatrix(), massMatrixFF: fem.getMassMatrix(),
  }));
  // Exudyn's test adds a small rigid body on the frame node (it carried the Euler-parameter constraint in older versions)
  const epsMass = 1e-3;
  mbs.addObject(ObjectRigidBody({ nodeNumber: nRB, physicsMass: epsMass, physicsInertia: [epsMass, epsMass, epsMass, 0, 0, 0] }));
  mbs.addMarker(MarkerNodeRigid({ nodeNumber: nRB }));

  const nGroundLeft = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, minZ] }));
  const nGroundRight = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, maxZ] }));
  const mGroundLeft = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGroundLeft, coordinate: 0 }));
  const mGroundRight = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGroundRight, coordinate: 0 }));
  const mGroundPosLeft = mbs.addMarker(MarkerNodePosition({ nodeNumber: nGroundLeft }));
  const mGroundPosRight = mbs.addMarker(MarkerNodePosition({ nodeNumber: nGroundRight }));

  const nodeListLeft: number[] = [], nodeListRight: number[] = [];
  for (let i = 0; i < nNodes; i++) {
    if (Math.abs(z(i) - minZ) < 1e-6) nodeListLeft.push(i);
    else if (Math.abs(z(i) - maxZ) < 1e-6) nodeListRight.push(i);
  }
  // reference conditions of the frame: the left axis node fixed, the right one in x and y, the top node in x (rotation)
  for (let i = 0; i < 3; i++) {
    const mLeft = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: meshNodes[nLeft], coordinate: i }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mGroundLeft, mLeft] }));
    if (i !== 2) {
      const mRight = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: meshNodes[nRight], coordinate: i }));
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mGroundRight, mRight] }));
    }
  }
  const mTopRight = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: meshNodes[nTopMid], coordinate: 0 }));
  mbs.addObject(CoordinateConstraint({ markerNumbers: [mGroundRight, mTopRight] }));

  addRotorBearings(mbs, oFFRF, nodeListLeft, nodeListRight, mGroundPosLeft, mGroundPosRight);
  const sensor = mbs.addSensor(SensorSuperElement({ bodyNumber: oFFRF, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
  mbs.assemble();

  const settings = rotorSimulationSettings(steps * 1e-4);
  return { mbs, sensor, settings };
}

/** Exudyn's objectFFRFTest: an unbalanced rotor disc (full ObjectFFRF) spinning at 50 Hz on elastic supports. */
export const objectFFRFTest: TestModel = {
  name: 'objectFFRFTest',
  needsExudynData: true,
  reference: 0.0064600108120842666,
  comparison: 'relative',
  tolerance: 1e-7,
  run() {
    const { mbs, sensor, settings } = buildObjectFFRFTestModel();
    mbs.solveDynamic(settings);
    return absSum(mbs.getSensorStoredData(sensor));
  },
};
