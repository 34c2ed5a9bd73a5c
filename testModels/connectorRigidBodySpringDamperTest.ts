import {
  SystemContainer, SimulationSettings, ObjectGround, NodePointGround, NodeRigidBodyRxyz, ObjectRigidBody, MarkerNodeRigid, MarkerBodyRigid,
  ObjectConnectorRigidBodySpringDamper, OutputVariableType,
} from '../src/index.ts';
import { diagonalMatrix, type TestModel } from './testModel.ts';

/**
 * Exudyn's connectorRigidBodySpringDamperTest: an Rxyz rigid body spinning on a ConnectorRigidBodySpringDamper to
 * ground whose force law is a user function (numerical connector Jacobian); trapezoidal rule (ρ∞ = 1), 100 steps.
 * Matches Exudyn to 2e-12 relative (Exudyn's own reference moved by 2e-11 between versions).
 */
export const connectorRigidBodySpringDamperTest: TestModel = {
  name: 'connectorRigidBodySpringDamperTest',
  reference: 0.1827622474318292,
  comparison: 'relative',
  tolerance: 1e-10,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const nBody = mbs.addNode(NodeRigidBodyRxyz({ initialVelocities: [0, 10, 0, 2 * Math.PI * 4, 0, 0] }));
    const oBody = mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: nBody }));
    const mBody = mbs.addMarker(MarkerNodeRigid({ nodeNumber: nBody }));
    const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    const k = 5000;
    mbs.addObject(ObjectConnectorRigidBodySpringDamper({
      markerNumbers: [mGround, mBody],
      stiffness: diagonalMatrix([k, k, k, 0, 0, 0]),
      damping: diagonalMatrix([0, k * 0.01, 0, 0, 0, 0]),
      offset: [0, 1, 0, 0, 0, 0],
      springForceTorqueUserFunction: (_mbs, _t, _itemNumber, u, rot, v, w, stiffness) => [
        u[0] * stiffness[0][0], u[1] * stiffness[1][1] + v[1] * 0.01 * stiffness[1][1], u[2] * stiffness[2][2],
        rot[0] * stiffness[0][0] + w[0] * 0.001 * stiffness[0][0], rot[1] * stiffness[0][0], rot[2] * stiffness[0][0],
      ],
    }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 0.1;
    const h = 1e-3;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.verboseMode = 1;
    mbs.solveDynamic(settings);
    const p0 = mbs.getObjectOutputBody(oBody, OutputVariableType.Position, [0.1, 0.1, 0.1]);
    return p0[0] + p0[1];
  },
};
