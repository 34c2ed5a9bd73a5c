import {
  SystemContainer, SimulationSettings, NodeType, RigidBodyInertia, ObjectGround, NodeRigidBody2D, ObjectRigidBody2D, MarkerBodyPosition,
  MarkerBodyMass, CartesianSpringDamper, Force, LoadMassProportional, OutputVariableType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's rigidBody2Dtest: three equivalent pendulums on stiff Cartesian springs — a RigidBody2D with its COM
 * as reference point, a RigidBody2D with a COM offset, and a 3D rigid body (Rxyz) with a COM offset.
 */
export const rigidBody2Dtest: TestModel = {
  name: 'rigidBody2Dtest',
  reference: -0.5055295700922415,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 1;
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const massRigid = 12;
    const inertiaRigidCOM = massRigid / 12 * L ** 2;
    const inertiaRigidRef = massRigid / 3 * L ** 2;
    const g = 9.81;
    const fact = 100;
    const k = 5000 * fact;
    const d = 50 * fact;
    const com = [0.5 * L, 0];
    const initAngVel = 2 * 0;

    const nRigid = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [-com[0], L + com[1], 0], initialVelocities: [0, 0, initAngVel] }));
    const oRigid = mbs.addObject(ObjectRigidBody2D({ physicsMass: massRigid, physicsInertia: inertiaRigidCOM, nodeNumber: nRigid }));
    const mR1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [-com[0], -com[1], 0] }));
    const mRcom = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0, 0, 0] }));
    const mG0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [-L, L, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mG0, mR1], stiffness: [k, k, 0], damping: [d, d, 0] }));
    mbs.addLoad(Force({ markerNumber: mRcom, loadVector: [0, -massRigid * g, 0] }));

    const nRigid2 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [-L, L, 0], initialVelocities: [0, 0, initAngVel] }));
    const oRigid2 = mbs.addObject(ObjectRigidBody2D({ physicsMass: massRigid, physicsInertia: inertiaRigidRef, physicsCenterOfMass: com, nodeNumber: nRigid2 }));
    const mR12 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid2, localPosition: [0, 0, 0] }));
    mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid2, localPosition: [...com, 0] }));
    const mG02 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [-L, L, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mG02, mR12], stiffness: [k, k, 0], damping: [d, d, 0] }));
    const mMass2 = mbs.addMarker(MarkerBodyMass({ bodyNumber: oRigid2 }));
    mbs.addLoad(LoadMassProportional({ markerNumber: mMass2, loadVector: [0, -g, 0] }));

    const inertia3 = new RigidBodyInertia(massRigid, [[inertiaRigidRef, 0, 0], [0, inertiaRigidRef, 0], [0, 0, inertiaRigidRef]], [...com, 0]);
    const oRigid3 = mbs.createRigidBody({ referencePosition: [-L, L, 0], nodeType: NodeType.RotationRxyz, inertia: inertia3, gravity: [0, -g, 0] });
    const nRigid3 = mbs.getObject(oRigid3).nodeNumber as number;
    const mR13 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid3, localPosition: [0, 0, 0] }));
    mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid3, localPosition: [...com, 0] }));
    const mG03 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [-L, L, 0] }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [mG03, mR13], stiffness: [k, k, 0], damping: [d, d, 0] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 0.4;
    const stepSize = 1e-3;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / stepSize);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.startTime = 0;
    settings.timeIntegration.verboseMode = 1;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.displayStatistics = true;
    mbs.solveDynamic(settings);

    const phi = mbs.getNodeOutput(nRigid, OutputVariableType.Coordinates)[2];
    const phi2 = mbs.getNodeOutput(nRigid2, OutputVariableType.Coordinates)[2];
    const phi3 = mbs.getNodeOutput(nRigid3, OutputVariableType.Coordinates)[5];
    const comOut = mbs.getObjectOutputBody(oRigid, OutputVariableType.Position);
    const comOut2 = mbs.getObjectOutputBody(oRigid2, OutputVariableType.Position, [com[0], com[1], 0]);
    const comOut3 = mbs.getObjectOutputBody(oRigid3, OutputVariableType.Position, [com[0], com[1], 0]);
    const norm = (v: number[]) => Math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2);
    return phi + phi2 + phi3 + norm(comOut) + norm(comOut2) + norm(comOut3);
  },
};
