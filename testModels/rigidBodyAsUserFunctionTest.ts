import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodeRigidBodyEP, NodePointGround, ObjectRigidBody,
  ObjectGenericODE2, MarkerBodyPosition, MarkerBodyMass, MarkerNodeCoordinates, Gravity, CoordinateVectorConstraint,
  AngularVelocity2EulerParameters_t, EulerParameters2GLocal, Inertia6D2InertiaTensor, eulerParameters0,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's rigidBodyAsUserFunctionTest: a spinning rigid body (ObjectRigidBody on NodeRigidBodyEP) and the same body as an
 * ObjectGenericODE2 with user mass matrix and user gyroscopic force on an Euler-parameter node without its own constraint;
 * the Euler-parameter norm is a CoordinateVectorConstraint with a quadratic term.
 */
export const rigidBodyAsUserFunctionTest: TestModel = {
  name: 'rigidBodyAsUserFunctionTest',
  reference: 8.950865271552148,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const s = 0.1;
    const sx = 3 * s;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [-2 * sx, 0, 0] }));
    const omega0 = [0, 50, 20];
    const ep0 = [...eulerParameters0];
    const epT0 = AngularVelocity2EulerParameters_t(omega0, ep0);
    const p0 = [0, 0, 0];
    const p1 = [s * 5, 0, 0];
    const v0 = [0.2, 0, 0];
    const mass = 2;
    const inertia6D = [6, 1, 6, 0, 1, 0];
    const g = 9.81;

    const nRB = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [...p1, ...ep0], initialVelocities: [...v0, ...epT0] }));
    const oRB = mbs.addObject(ObjectRigidBody({ physicsMass: mass, physicsInertia: inertia6D, nodeNumber: nRB }));
    const mMassRB = mbs.addMarker(MarkerBodyMass({ bodyNumber: oRB }));
    mbs.addLoad(Gravity({ markerNumber: mMassRB, loadVector: [0, -g, 0] }));

    // the same body as user functions: M = diag(m I, Gᵀ J G), f = [m g; −Gᵀ ω̃ J ω] with ω = G ṗ (G the local Euler-parameter matrix)
    const qRef2 = [...p0, ...ep0];
    const nRB2 = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: qRef2, initialVelocities: [...v0, ...epT0], addConstraintEquation: false }));
    const J = Inertia6D2InertiaTensor(inertia6D);
    const ep = new Float64Array(4);
    const userForce = (_mbs: unknown, _t: number, _i: number, q: Float64Array, qt: Float64Array): number[] => {
      for (let k = 0; k < 4; k++) ep[k] = q[3 + k] + qRef2[3 + k];
      const G = EulerParameters2GLocal(ep);
      const omega = [0, 1, 2].map((i) => G[i][0] * qt[3] + G[i][1] * qt[4] + G[i][2] * qt[5] + G[i][3] * qt[6]);
      const jOmega = [0, 1, 2].map((i) => J[i][0] * omega[0] + J[i][1] * omega[1] + J[i][2] * omega[2]);
      const gyroscopic = [ // ω × J ω
        omega[1] * jOmega[2] - omega[2] * jOmega[1],
        omega[2] * jOmega[0] - omega[0] * jOmega[2],
        omega[0] * jOmega[1] - omega[1] * jOmega[0],
      ];
      const f = [0, -g * mass, 0, 0, 0, 0, 0];
      for (let k = 0; k < 4; k++) f[3 + k] -= G[0][k] * gyroscopic[0] + G[1][k] * gyroscopic[1] + G[2][k] * gyroscopic[2];
      return f;
    };
    const userMass = (_mbs: unknown, _t: number, _i: number, q: Float64Array): number[][] => {
      for (let k = 0; k < 4; k++) ep[k] = q[3 + k] + qRef2[3 + k];
      const G = EulerParameters2GLocal(ep);
      const M = Array.from({ length: 7 }, () => new Array<number>(7).fill(0));
      for (let i = 0; i < 3; i++) M[i][i] = mass;
      for (let a = 0; a < 4; a++) {
        for (let b = 0; b < 4; b++) {
          let sum = 0;
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) sum += G[i][a] * J[i][j] * G[j][b];
          M[3 + a][3 + b] = sum;
        }
      }
      return M;
    };
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [nRB2], forceUserFunction: userForce, massMatrixUserFunction: userMass }));
    // the Euler-parameter constraint p0² + p1² + p2² + p3² − 1 = 0
    const nG = mbs.addNode(NodePointGround({}));
    const mNodeGround = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nG }));
    const mRB2 = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: nRB2 }));
    mbs.addObject(CoordinateVectorConstraint({ markerNumbers: [mNodeGround, mRB2], quadraticTermMarker1: [[0, 0, 0, 1, 1, 1, 1]], offset: [1] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 0.05;
    const h = 1e-3;
    settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
    mbs.solveDynamic(settings);

    const u0 = mbs.getNodeOutput(nRB, OutputVariableType.Displacement);
    const rot0 = mbs.getNodeOutput(nRB, OutputVariableType.Rotation);
    const u1 = mbs.getNodeOutput(nRB2, OutputVariableType.Displacement);
    const rot1 = mbs.getNodeOutput(nRB2, OutputVariableType.Rotation);
    let result = 0;
    for (let i = 0; i < 3; i++) result += Math.abs(u1[i] + u0[i]) + Math.abs(rot1[i] + rot0[i]);
    return result;
  },
};
