import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectFFRFreducedOrderInterface, ObjectGround, MarkerBodyRigid, MarkerNodeRigid,
  MarkerSuperElementPosition, MarkerSuperElementRigid, GenericJoint, SensorSuperElement, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { absSum } from './ffrfRotor.ts';
import { exudynRotorDisc } from './objectFFRFTest.ts';

/**
 * Exudyn's superElementRigidJointTest: two copies of the rotor disc (stiffness × 1e-3, 0.1 kg at mesh node 9, 20 eigenmodes
 * without the 6 rigid-body modes) as ObjectFFRFreducedOrder with the interface's user functions (mass matrix and forces incl.
 * gravity [0, −9.81, 0]), the second shifted by 0.5 along z; rigid super-element markers (alternative approach) on the end planes:
 * body 1's left plane clamped to ground and body 1's right plane clamped to body 2's left plane by generic joints (all six axes).
 * 5 steps of 1 ms (generalized-α, ρ∞ = 0.5, modified Newton); the result is Σ|·| of body 1's mid-node displacement rows (time
 * column included).
 */
export const superElementRigidJointTest: TestModel = {
  name: 'superElementRigidJointTest',
  needsExudynData: true,
  reference: 0.015217208913989071,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const fem = exudynRotorDisc(1e-3);
    fem.addNodeMass(9, 0.1);
    fem.computeEigenmodes(20, 6);
    const bodies = [[0, 0, 0], [0, 0, 0.5]].map((positionRef) => {
      const cms = new ObjectFFRFreducedOrderInterface(fem);
      return cms.addObjectFFRFreducedOrder(mbs, {
        positionRef, eulerParametersRef: [1, 0, 0, 0], initialVelocity: [0, 0, 0], initialAngularVelocity: [0, 0, 0], gravity: [0, -9.81, 0],
        massMatrixUserFunction: (_mbs, _t, _i, q) => cms.ufMassFFRFreducedOrder(q),
        forceUserFunction: (_mbs, _t, _i, q, qt) => cms.ufForceFFRFreducedOrder(q, qt),
        color: [0.1, 0.9, 0.1, 1],
      });
    });
    const pLeft = [0, 0, 0];
    const pRight = [0, 0, 0.5];
    const nMid = fem.getNodeAtPoint([0, 0, 0.25]);
    mbs.addMarker(MarkerNodeRigid({ nodeNumber: bodies[0].nRigidBody }));
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const mGroundPosLeft = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: pLeft }));
    mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: pRight }));
    const nodeListLeft = fem.getNodesInPlane(pLeft, [0, 0, 1]);
    const nodeListRight = fem.getNodesInPlane(pRight, [0, 0, 1]);
    const weightsLeft = nodeListLeft.map(() => 1 / nodeListLeft.length);
    const weightsRight = nodeListRight.map(() => 1 / nodeListRight.length);
    const [body1, body2] = bodies.map((b) => b.oFFRFreducedOrder);
    mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body1, meshNodeNumbers: nodeListRight, weightingFactors: weightsRight }));
    mbs.addMarker(MarkerSuperElementPosition({ bodyNumber: body2, meshNodeNumbers: nodeListLeft, weightingFactors: weightsLeft }));
    const rigid = (bodyNumber: number, meshNodeNumbers: number[], weightingFactors: number[]) =>
      mbs.addMarker(MarkerSuperElementRigid({ bodyNumber, useAlternativeApproach: true, meshNodeNumbers, weightingFactors }));
    const mLeftRigid = rigid(body1, nodeListLeft, weightsLeft);
    const mRightRigid = rigid(body1, nodeListRight, weightsRight);
    const mLeftRigid2 = rigid(body2, nodeListLeft, weightsLeft);
    mbs.addObject(GenericJoint({ markerNumbers: [mLeftRigid, mGroundPosLeft], constrainedAxes: [1, 1, 1, 1, 1, 1], visualization: { axesRadius: 0.02 } }));
    mbs.addObject(GenericJoint({ markerNumbers: [mRightRigid, mLeftRigid2], constrainedAxes: [1, 1, 1, 1, 1, 1], visualization: { axesRadius: 0.02 } }));
    const sDisp = mbs.addSensor(SensorSuperElement({ bodyNumber: body1, meshNodeNumber: nMid, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
    mbs.addSensor(SensorNode({ nodeNumber: bodies[0].nRigidBody, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.AngularVelocity }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const h = 1e-3;
    const tEnd = 0.005;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.solutionWritePeriod = h;
    settings.solutionSettings.sensorsWritePeriod = h;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = false;
    settings.timeIntegration.generalizedAlpha.useNewmark = false;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    mbs.solveDynamic(settings);
    return absSum(mbs.getSensorStoredData(sDisp));
  },
};
