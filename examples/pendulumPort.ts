import { SystemContainer, SimulationSettings, OutputVariableType, SensorBody } from '../src/node.ts';

const SC = new SystemContainer();
const mbs = SC.addSystem();

const L = 0.8;      // m, pendulum length
const g = 9.81;     // m/s²
const phi0 = 0.05;  // rad, initial angle

const oGround = mbs.createGround({ referencePosition: [0, 0, 0] });
const oMass = mbs.createMassPoint({
  referencePosition: [L * Math.sin(phi0), -L * Math.cos(phi0), 0],
  physicsMass: 1, gravity: [0, -g, 0],
});
mbs.createDistanceConstraint({ bodyNumbers: [oGround, oMass], distance: L });
const sPos = mbs.addSensor(SensorBody({
  bodyNumber: oMass, storeInternal: true,
  outputVariableType: OutputVariableType.Position,
}));
mbs.assemble();

const T0 = 2 * Math.PI * Math.sqrt(L / g); // small-angle period
const simulationSettings = new SimulationSettings();
simulationSettings.timeIntegration.endTime = T0;
simulationSettings.timeIntegration.numberOfSteps = 2000;
simulationSettings.timeIntegration.generalizedAlpha.spectralRadius = 1;
simulationSettings.solutionSettings.writeSolutionToFile = false;
mbs.solveDynamic(simulationSettings);

const data = mbs.getSensorStoredData(sPos);
// the period grows with the amplitude: T = T0 (1 + phi0²/16 + 11 phi0⁴/3072)
const T = T0 * (1 + phi0 ** 2 / 16 + 11 * phi0 ** 4 / 3072);
console.log('x(T0) =', data[data.length - 1][1].toFixed(10), 'm, expected', (L * Math.sin(phi0 * Math.cos(2 * Math.PI * T0 / T))).toFixed(10), 'm');
