/**
 * The consumer checks' model (scripts/checkConsumer.ts), run the same way by a Node.js app and by a
 * browser bundle: a mass on a linear spring, x(t) = x0 cos(ωt) (generalized-α with ρ∞ = 1 keeps the
 * amplitude; its period error is O((ωh)²)), with a stored sensor and a solution file. `flexdyn` is the
 * imported module namespace (the engine or flexdyn/node).
 */
export const solutionFileName = 'solution/oscillator.txt';

/** Builds and solves the model; returns the system and the figures every runner reports. */
export function solveOscillator(flexdyn) {
  const { SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint, MarkerNodeCoordinate, CoordinateSpringDamper, SensorNode } = flexdyn;
  const mbs = new SystemContainer().addSystem();
  const mass = 2, stiffness = 800, x0 = 0.01; // ω = 20 rad/s
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [x0, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness }));
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true }));
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 1;
  settings.timeIntegration.numberOfSteps = 2000;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
  settings.solutionSettings.coordinatesSolutionFileName = solutionFileName;
  settings.solutionSettings.solutionWritePeriod = 0.01;
  mbs.solveDynamic(settings);
  const rows = mbs.getSensorStoredData(sensor);
  const last = rows[rows.length - 1];
  return {
    mbs,
    figures: {
      t: last[0], x: last[1], analytic: 0.5 + x0 * Math.cos(Math.sqrt(stiffness / mass) * last[0]), sensorRows: rows.length,
    },
  };
}
