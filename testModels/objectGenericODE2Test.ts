import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, ObjectGenericODE2, MarkerNodeCoordinate,
  CoordinateConstraint, CoordinateSpringDamper, SensorNode, cscMultiply, type CscMatrix,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { exudynRotorDisc } from './objectFFRFTest.ts';

/** Dense rows of a CSC matrix (Exudyn's GetMassMatrix(sparse=False)). */
export function denseRows(a: CscMatrix): number[][] {
  const rows = Array.from({ length: a.n }, () => new Array<number>(a.n).fill(0));
  for (let col = 0; col < a.n; col++) for (let p = a.colPtr[col]; p < a.colPtr[col + 1]; p++) rows[a.rowIndex[p]][col] += a.values[p];
  return rows;
}

/** Exudyn's SweepSin, SweepCos and FrequencySweep (exudyn.advancedUtilities): a linear frequency sweep f0 → f1 over [0, t1]. */
const sweepPhase = (t: number, t1: number, f0: number, f1: number): number => 2 * Math.PI * (f0 + ((f1 - f0) / t1) * 0.5 * t) * t;
const frequencySweep = (t: number, t1: number, f0: number, f1: number): number => (t * (f1 - f0)) / t1 + f0;

/**
 * Exudyn's objectGenericODE2Test: the rotor disc of Exudyn's test data (stiffness scaled by 1e-2, elastic supports at both
 * axis ends) as one linear ObjectGenericODE2 with a swept unbalance force and the gyroscopic force −ω G q̇ (forward
 * whirl) in a force user function. The result adds 1e-2·(f1/57.63178639764625 − 1) of the first supported
 * eigenfrequency f1 to the x position of the middle axis node after 50 steps.
 */
export const objectGenericODE2Test: TestModel = {
  name: 'objectGenericODE2Test',
  reference: -2.316378897486015e-5,
  comparison: 'relative',
  tolerance: 1e-8,
  needsExudynData: true,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const fem = exudynRotorDisc();
    const nNodes = fem.numberOfNodes();
    const nODE2 = 3 * nNodes;
    const pLeft = [0, 0, 0], pRight = [0, 0, 0.5];
    const nLeft = fem.getNodeAtPoint(pLeft), nRight = fem.getNodeAtPoint(pRight);
    const kJoint = 2e8, dJoint = kJoint * 0.01;
    fem.addElasticSupportAtNode(nLeft, [kJoint, kJoint, kJoint]);
    fem.addElasticSupportAtNode(nRight, [kJoint, kJoint, kJoint]);
    // Exudyn: ComputeEigenmodes(8, excludeRigidBodyModes=6, dense) and GetEigenFrequenciesHz()[1], the second of all
    // eigenfrequencies: with the supports only the free rotation about z is a zero mode, so [1] is the first elastic one
    const eigen = fem.computeEigenmodes(2, 0);
    let accumulatedError = 1e-2 * (eigen.eigenFrequenciesHz[1] / 57.63178639764625 - 1);

    const forceVector = new Array<number>(nODE2).fill(0);
    for (let i = 0; i < nNodes; i++) forceVector[3 * i + 1] = -1;
    const fUnbalance = 2000;
    const nForce = fem.getNodeAtPoint([0, 0, 0.15]);
    const t1 = 5, f0 = 50, f1 = 250, omega1 = 2 * Math.PI * f1;
    const G = fem.getGyroscopicMatrix(2);
    const omegaQt = new Float64Array(nODE2), gyroscopic = new Float64Array(nODE2);
    const UFforce = (_mbs: unknown, t: number, _i: number, _q: Float64Array, qt: Float64Array): Float64Array => {
      const omega = 2 * Math.PI * frequencySweep(t, t1, f0, f1);
      const fact = omega / omega1;
      for (let k = 0; k < nODE2; k++) omegaQt[k] = omega * qt[k];
      cscMultiply(G, omegaQt, gyroscopic);
      const force = new Float64Array(nODE2);
      // forward whirl: unbalance fact·(cos, sin) in (y, x); the gyroscopic term belongs to the left-hand side
      force[3 * nForce + 1] = fact * Math.cos(sweepPhase(t, t1, f0, f1)) * fUnbalance;
      force[3 * nForce] = fact * Math.sin(sweepPhase(t, t1, f0, f1)) * fUnbalance;
      for (let k = 0; k < nODE2; k++) force[k] -= gyroscopic[k];
      return force;
    };
    const positions = fem.nodes;
    const nodeList: number[] = [];
    for (let i = 0; i < nNodes; i++) nodeList.push(mbs.addNode(NodePoint({ referenceCoordinates: [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]] })));
    mbs.addObject(ObjectGenericODE2({
      nodeNumbers: nodeList, massMatrix: denseRows(fem.getMassMatrix()), stiffnessMatrix: denseRows(fem.getStiffnessMatrix()),
      forceVector, forceUserFunction: UFforce,
    }));
    const nMid = fem.getNodeAtPoint([0, 0, 0.25]);
    const nTopMid = fem.getNodeAtPoint([0, 0.05, 0.25]);
    const nGround = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mGroundCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    // the rotation about the axis is locked by the x coordinate of the top middle node
    const mTopRight = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodeList[nTopMid], coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [mGroundCoordinate, mTopRight] }));
    for (let i = 0; i < 3; i++) {
      const mLeft = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodeList[nLeft], coordinate: i }));
      const mRight = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodeList[nRight], coordinate: i }));
      mbs.addObject(CoordinateSpringDamper({ markerNumbers: [mGroundCoordinate, mLeft], stiffness: 0, damping: dJoint }));
      if (i !== 2) mbs.addObject(CoordinateSpringDamper({ markerNumbers: [mGroundCoordinate, mRight], stiffness: 0, damping: dJoint }));
    }
    // Exudyn records the mid node with SensorSuperElement (meshNodeNumber nMid) of the GenericODE2 object; our
    // ObjectGenericODE2 is no super element, so the same displacement comes from the node (the result does not use it)
    mbs.addSensor(SensorNode({ nodeNumber: nodeList[nMid], storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const h = 1e-3, tEnd = 0.05;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = h;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.solutionSettings.sensorsWritePeriod = h;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    mbs.solveDynamic(settings);
    accumulatedError += mbs.getNodeOutput(nodeList[nMid], OutputVariableType.Position)[0];
    return accumulatedError;
  },
};
