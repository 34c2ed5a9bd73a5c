import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodePoint2D, NodePointGround, MassPoint2D,
  MarkerBodyPosition, MarkerNodePosition, MarkerNodeCoordinates, DistanceConstraint, CoordinateVectorConstraint, Force, SensorNode,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Exudyn's coordinateVectorConstraint: a planar double pendulum whose two rods are CoordinateVectorConstraints with user functions. */
export const coordinateVectorConstraint: TestModel = {
  name: 'coordinateVectorConstraint',
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
    const oR0 = mbs.addObject(MassPoint2D({ nodeNumber: nR0, physicsMass: mass }));
    const mGround0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const mTip0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: nR0 }));
    // Exudyn draws the rods with inactive distance constraints (their multipliers stay, λ = 0)
    mbs.addObject(DistanceConstraint({ markerNumbers: [mGround0, mTip0], distance: L, activeConnector: false }));
    const nGround = mbs.addNode(NodePointGround({}));
    const mCoordsGround = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nGround }));
    const mCoords0 = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nR0 }));
    // rod 0: |q0| − L = 0 (q includes the reference coordinates); the ground marker has no coordinates
    mbs.addObject(CoordinateVectorConstraint({
      markerNumbers: [mCoordsGround, mCoords0], scalingMarker0: [[0, 0]],
      constraintUserFunction: (_mbs, _t, _i, q) => [Math.hypot(q[0], q[1]) - L],
      jacobianUserFunction: (_mbs, _t, _i, q) => {
        const f = Math.hypot(q[0], q[1]);
        return [[q[0] / f, q[1] / f]];
      },
    }));
    mbs.addLoad(Force({ markerNumber: mTip0, loadVector: [0, -mass * g, 0] }));
    mbs.addSensor(SensorNode({ nodeNumber: nR0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));

    const nR1 = mbs.addNode(NodePoint2D({ referenceCoordinates: [2 * L, 0] }));
    mbs.addObject(MassPoint2D({ nodeNumber: nR1, physicsMass: mass }));
    const mTip1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: nR1 }));
    mbs.addObject(DistanceConstraint({ markerNumbers: [mTip0, mTip1], distance: L, activeConnector: false }));
    const mCoords0b = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nR0 }));
    const mCoords1 = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nR1 }));
    // rod 1: |q1 − q0| − L = 0
    mbs.addObject(CoordinateVectorConstraint({
      markerNumbers: [mCoords0b, mCoords1], scalingMarker0: [[0, 0, 0, 0]],
      constraintUserFunction: (_mbs, _t, _i, q) => [Math.hypot(q[2] - q[0], q[3] - q[1]) - L],
      jacobianUserFunction: (_mbs, _t, _i, q) => {
        const f = Math.hypot(q[2] - q[0], q[3] - q[1]);
        const ex = (q[2] - q[0]) / f, ey = (q[3] - q[1]) / f;
        return [[-ex, -ey, ex, ey]];
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
    const p0 = mbs.getObjectOutputBody(oR0, OutputVariableType.Position, [0, 0, 0]);
    return p0[0] + p0[1] + p0[2];
  },
};
