import {
  SystemContainer, ObjectGround, MarkerBodyRigid, NodeGenericData, ObjectConnectorRollingDiscPenalty, OutputVariableType,
  RigidBodyInertia, RotationMatrixY, Skew, mat3MulVec,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';
import { rollingCoinSettings } from './rollingCoinTest.ts';

/**
 * Exudyn's rollingCoinPenaltyTest: a coin (m = 1, r = 0.01, J = diag(m r²/2, m r²/4, m r²/4), axis x) tilted by 5° about y,
 * its centre 0.01 above the contact position (it falls onto the ground), spinning with ω = [40, 0, 0] about its axis;
 * ObjectConnectorRollingDiscPenalty on the ground plane z = 0 (k = 1e5, d = 1e4, μ = [0.8, 0.8], v_μ = 0.01, rolling friction
 * 0.2), gravity −9.81 z; 5000 steps to 0.5 s with {@link rollingCoinSettings}. The result is the x coordinate of the contact point (output Position).
 */
export const rollingCoinPenaltyTest: TestModel = {
  name: 'rollingCoinPenaltyTest',
  reference: 0.03489603106689881,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const phi0 = 5 / 180 * Math.PI, m = 1, r = 0.01;
    const p0 = [r * Math.sin(phi0), 0, r * Math.cos(phi0) + 0.01];
    const initialRotation = RotationMatrixY(phi0);
    const omega0 = [40, 0, 0];
    const v0 = mat3MulVec(Skew(omega0), mat3MulVec(initialRotation, [0, 0, r]));
    const coin = mbs.createRigidBody({
      referencePosition: p0, referenceRotationMatrix: initialRotation, initialVelocity: v0, initialAngularVelocity: omega0,
      inertia: new RigidBodyInertia({ mass: 1, inertiaTensor: [[0.5 * m * r * r, 0, 0], [0, 0.25 * m * r * r, 0], [0, 0, 0.25 * m * r * r]] }),
      gravity: [0, 0, -9.81],
    }) as number;
    const oGround = mbs.addObject(ObjectGround({}));
    const markerGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const markerCoin = mbs.addMarker(MarkerBodyRigid({ bodyNumber: coin, localPosition: [0, 0, 0] }));
    const nGeneric = mbs.addNode(NodeGenericData({ initialCoordinates: [0, 0, 0], numberOfDataCoordinates: 3 }));
    const oRolling = mbs.addObject(ObjectConnectorRollingDiscPenalty({
      markerNumbers: [markerGround, markerCoin], nodeNumber: nGeneric, discRadius: r, dryFriction: [0.8, 0.8], dryFrictionProportionalZone: 1e-2,
      rollingFrictionViscous: 0.2, contactStiffness: 1e5, contactDamping: 1e4,
    }));
    mbs.assemble();
    mbs.solveDynamic(rollingCoinSettings(0.0001));
    return mbs.getObjectOutput(oRolling, OutputVariableType.Position)[0];
  },
};
