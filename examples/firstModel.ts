import {
  SystemContainer, SimulationSettings, OutputVariableType,
  NodePoint, NodePointGround, MassPoint, MarkerNodeCoordinate, CoordinateSpringDamper, SensorNode,
} from '../src/node.ts';

const SC = new SystemContainer();
const mbs = SC.addSystem();

const mass = 2;         // kg
const stiffness = 800;  // N/m, ω = √(k/m) = 20 rad/s
const x0 = 0.01;        // m, initial displacement

// a point node at x = 0.5 m, displaced by x0, carrying the mass
const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [x0, 0, 0] }));
mbs.addObject(MassPoint({ physicsMass: mass, nodeNumber: node }));

// a spring between the x coordinate of a ground node and the x coordinate of the mass
const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
const markerGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
const markerMass = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
mbs.addObject(CoordinateSpringDamper({ markerNumbers: [markerGround, markerMass], stiffness }));

// record the position of the mass in memory (and in solution/sensor0.txt)
const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true }));

mbs.assemble();

const settings = new SimulationSettings();
settings.timeIntegration.endTime = 1;
settings.timeIntegration.numberOfSteps = 1000;
settings.solutionSettings.writeSolutionToFile = false;
mbs.solveDynamic(settings); // generalized-α, spectral radius 0.9

const rows = mbs.getSensorStoredData(sensor); // rows [t, x, y, z]
const [t, x] = rows[rows.length - 1];
const omega = Math.sqrt(stiffness / mass);
console.log(`${rows.length} sensor rows; x(${t}) = ${x.toFixed(6)} m, analytic ${(0.5 + x0 * Math.cos(omega * t)).toFixed(6)} m`);
