import {
  SystemContainer, SimulationSettings, OutputVariableType, NodeRigidBody2D, RigidBody2D, MarkerBodyMass, LoadMassProportional, MarkerBodyPosition,
  MarkerBodyRigid, ObjectGround, RevoluteJoint2D, SensorBody, SensorUserFunction, InertiaRodX, type SensorUserFunctionType,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's fourBarMechanismIftomm (the IFToMM benchmark's double four-bar): five 1 kg, 1 m planar bars (three vertical
 * cranks on the ground, two horizontal couplers) joined by seven revolute joints — one redundant constraint pair —,
 * gravity, initial speed 1 m/s of the couplers. Generalized-α (ρ∞ = 0.95, initial accelerations computed, modified
 * Newton), 400 steps to 4 s; a user-function sensor sums kinetic and potential energy of all bars minus the initial
 * value. The result is the largest energy error over the run plus the final x-position of the first bar's center.
 */
export const fourBarMechanismIftomm: TestModel = {
  name: 'fourBarMechanismIftomm',
  reference: 0.1721665271840173,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const g = [0, -9.81, 0];
    const mass = 1;
    const L = 1;
    const inertiaBar = InertiaRodX(mass, L);
    const J = inertiaBar.inertia()[2][2];
    const v0 = 1;
    const listRef = [[0, 0.5 * L, 0.5 * Math.PI], [0.5 * L, L, 0], [L, 0.5 * L, 0.5 * Math.PI], [1.5 * L, L, 0], [2 * L, 0.5 * L, 0.5 * Math.PI]];
    const listVel = [[0.5 * v0, 0, -v0 / L], [v0, 0, 0], [0.5 * v0, 0, -v0 / L], [v0, 0, 0], [0.5 * v0, 0, -v0 / L]];
    const markers0: number[] = [];
    const markers1: number[] = [];
    const sensors: number[] = [];
    for (let i = 0; i < listRef.length; i++) {
      const nRigid = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: listRef[i], initialVelocities: listVel[i] }));
      const oRigid = mbs.addObject(RigidBody2D({ nodeNumber: nRigid, physicsMass: inertiaBar.mass, physicsInertia: J }));
      mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: oRigid })), loadVector: g }));
      markers0.push(mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [-0.5 * L, 0, 0] })));
      markers1.push(mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [0.5 * L, 0, 0] })));
      for (const outputVariableType of [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.AngularVelocity]) {
        sensors.push(mbs.addSensor(SensorBody({ bodyNumber: oRigid, localPosition: [0, 0, 0], storeInternal: true, writeToFile: false, outputVariableType })));
      }
    }
    const oGround = mbs.addObject(ObjectGround({}));
    const ground = [0, L, 2 * L].map((x) => mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [x, 0, 0] })));
    const joints = [[ground[0], markers0[0]], [ground[1], markers0[2]], [ground[2], markers0[4]], [markers1[0], markers0[1]], [markers1[1], markers0[3]], [markers1[2], markers0[3]], [markers1[3], markers1[4]]];
    for (const markerNumbers of joints) mbs.addObject(RevoluteJoint2D({ markerNumbers }));
    const energyError: SensorUserFunctionType = (system, _t, sensorNumbers) => {
      let energy = 0;
      for (let i = 0; i < sensorNumbers.length / 3; i++) {
        const height = system.getSensorValues(sensorNumbers[3 * i])[1];
        const v = system.getSensorValues(sensorNumbers[3 * i + 1]);
        const omega = system.getSensorValues(sensorNumbers[3 * i + 2])[2];
        energy += 0.5 * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2) * mass + 0.5 * J * omega ** 2 + height * (-g[1]) * mass;
      }
      return [energy - 3.5 * mass * (-g[1]) - 1.5];
    };
    const sUser = mbs.addSensor(SensorUserFunction({ sensorNumbers: sensors, sensorUserFunction: energyError, factors: sensors.map(() => 0), storeInternal: true, writeToFile: false }));
    mbs.assemble();

    const settings = new SimulationSettings();
    const tEnd = 4;
    const h = 0.01;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0.01;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.95;
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = true;
    settings.timeIntegration.newton.useModifiedNewton = true;
    mbs.solveDynamic(settings);
    const maxEnergyError = Math.max(...mbs.getSensorStoredData(sUser).map((row) => Math.abs(row[1])));
    const rows = mbs.getSensorStoredData(sensors[0]);
    return maxEnergyError + rows[rows.length - 1][1];
  },
};
