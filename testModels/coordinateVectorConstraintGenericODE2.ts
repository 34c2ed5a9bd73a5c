import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodePoint2D, NodePointGround, ObjectGenericODE2,
  MarkerBodyPosition, MarkerNodePosition, MarkerNodeCoordinates, MarkerObjectODE2Coordinates, DistanceConstraint,
  CoordinateVectorConstraint, Force, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's coordinateVectorConstraintGenericODE2: the double pendulum of coordinateVectorConstraint with both masses in
 * one ObjectGenericODE2 and both rods in one CoordinateVectorConstraint on its MarkerObjectODE2Coordinates.
 */
export const coordinateVectorConstraintGenericODE2: TestModel = {
  name: 'coordinateVectorConstraintGenericODE2',
  reference: -1.0825265797698322,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.8;
    const mass = 2.5;
    const g = 9.81;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const nR0 = mbs.addNode(NodePoint2D({ referenceCoordinates: [L, 0] }));
    const mGround0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const mTip0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: nR0 }));
    // Exudyn draws the rods with inactive distance constraints (their multipliers stay, λ = 0)
    mbs.addObject(DistanceConstraint({ markerNumbers: [mGround0, mTip0], distance: L, activeConnector: false }));
    mbs.addLoad(Force({ markerNumber: mTip0, loadVector: [0, -mass * g, 0] }));
    mbs.addSensor(SensorNode({ nodeNumber: nR0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));

    const nR1 = mbs.addNode(NodePoint2D({ referenceCoordinates: [2 * L, 0] }));
    const identity4 = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i === j ? mass : 0)));
    const oGeneric = mbs.addObject(ObjectGenericODE2({ nodeNumbers: [nR0, nR1], massMatrix: identity4 }));
    const mTip1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: nR1 }));
    mbs.addObject(DistanceConstraint({ markerNumbers: [mTip0, mTip1], distance: L, activeConnector: false }));
    const nGround = mbs.addNode(NodePointGround({}));
    const mCoordsGround = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nGround }));
    // unused in the constraint, as in Exudyn's model (markers on the single nodes)
    mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nR0 }));
    mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nR1 }));
    const mCoordsAll = mbs.addMarker(MarkerObjectODE2Coordinates({ objectNumber: oGeneric }));
    // both rods: |q0| − L = 0 and |q1 − q0| − L = 0, q = [q0; q1] with the reference coordinates
    mbs.addObject(CoordinateVectorConstraint({
      markerNumbers: [mCoordsGround, mCoordsAll], scalingMarker0: [[0, 0, 0, 0], [0, 0, 0, 0]],
      constraintUserFunction: (_mbs, _t, _i, q) => [Math.hypot(q[0], q[1]) - L, Math.hypot(q[2] - q[0], q[3] - q[1]) - L],
      jacobianUserFunction: (_mbs, _t, _i, q) => {
        const f0 = Math.hypot(q[0], q[1]);
        const f1 = Math.hypot(q[2] - q[0], q[3] - q[1]);
        const ex = (q[2] - q[0]) / f1, ey = (q[3] - q[1]) / f1;
        return [[q[0] / f0, q[1] / f0, 0, 0], [-ex, -ey, ex, ey]];
      },
    }));
    mbs.addLoad(Force({ markerNumber: mTip1, loadVector: [0, -mass * g, 0] }));
    mbs.addSensor(SensorNode({ nodeNumber: nR1, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 1;
    const h = 1e-3;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
    mbs.solveDynamic(settings);
    const p0 = mbs.getNodeOutput(nR0, OutputVariableType.Position);
    return p0[0] + p0[1] + p0[2];
  },
};
