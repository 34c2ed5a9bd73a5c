// A consumer's TypeScript model, checked by `tsc` under strict + NodeNext with skipLibCheck false
// (scripts/checkConsumer.ts). The @ts-expect-error lines are errors the published types must catch.
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint, ObjectMassPoint, LoadCoordinate,
  MarkerNodeCoordinate, CoordinateSpringDamper, SensorNode, FlexdynError, type ObjectInput, type ObjectMassPointDictionary, type MainSystem,
} from 'flexdyn';
import { loadSolutionFile, exportScene } from 'flexdyn/node';
import { computeScene, type Scene } from 'flexdyn/viewer';

const mbs = new SystemContainer().addSystem();
const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [0.01, 0, 0] }));
const pointMass: ObjectMassPointDictionary = MassPoint({ physicsMass: 2, nodeNumber: node });
mbs.addObject(pointMass);
// a plain dictionary, narrowed by its objectType
const plain: ObjectInput = { objectType: 'MassPoint', physicsMass: 1, nodeNumber: node };
// @ts-expect-error a misspelled parameter is a compile error
mbs.addObject({ objectType: 'MassPoint', physicsMas: 2, nodeNumber: node });
// @ts-expect-error a parameter of the wrong type is a compile error
mbs.addObject(ObjectMassPoint({ physicsMass: '2', nodeNumber: node }));
// @ts-expect-error an unknown item type is a compile error
mbs.addObject({ objectType: 'MassPiont', physicsMass: 2 });
// @ts-expect-error a node is not an object
mbs.addObject(NodePointGround({}));
void plain;
const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: 800 }));
mbs.addLoad(LoadCoordinate({ markerNumber: m1, load: 0, loadUserFunction: (_mbs, t: number, load: number) => load * t }));
// a user function's first argument is the system: annotated MainSystem it needs no cast; a wrong type is caught
mbs.addLoad({ loadType: 'Coordinate', markerNumber: m1, load: 0, loadUserFunction: (system: MainSystem, t: number) => t * system.getSensorStoredData(0).length });
// @ts-expect-error the first argument is the system, not a number
mbs.addLoad(LoadCoordinate({ markerNumber: m1, load: 0, loadUserFunction: (gain: number, t: number) => gain * t }));
const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true }));
mbs.assemble();
const settings = new SimulationSettings();
settings.timeIntegration.endTime = 0.1;
settings.timeIntegration.numberOfSteps = 100;
mbs.solveDynamic(settings);
const rows: number[][] = mbs.getSensorStoredData(sensor);
const position: ArrayLike<number> = mbs.getNodeOutput(node, OutputVariableType.Position);
try {
  const solution = loadSolutionFile('coordinatesSolution.txt');
  const scene: Scene = computeScene(mbs, solution);
  exportScene(mbs, solution, { fileName: 'scene.json' });
  console.log(rows.length, position[0], scene.bodies.length);
} catch (error) {
  if (error instanceof FlexdynError) console.error(error.message);
}
