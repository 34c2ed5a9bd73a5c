/**
 * Shared pieces of the settings tests: a tiny model and a setter by dotted path.
 * @module
 */
import {
  SystemContainer, NodeGenericODE2, ObjectGenericODE2, MarkerNodeCoordinate, LoadCoordinate, SensorNode, OutputVariableType,
  type MainSystem, type SimulationSettings,
} from '../../src/index.ts';

/** A damped oscillator (one GenericODE2 coordinate, m = 1, k = 100, d = 0.1, a unit load) with a stored node sensor (#0). */
export function settingsTestOscillator(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.1] }));
  mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1]], stiffnessMatrix: [[100]], dampingMatrix: [[0.1]] }));
  const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: 1 }));
  mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  return mbs;
}

/** Sets the setting at a dotted path (`timeIntegration.newton.maxIterations`) to any value, as an own enumerable key. */
export function setSettingPath(settings: SimulationSettings, path: string, value: unknown): void {
  const parts = path.split('.');
  let target = settings as unknown as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    const next = target[part];
    if (next === null || typeof next !== 'object') return; // an earlier change replaced the group
    target = next as Record<string, unknown>;
  }
  Object.defineProperty(target, parts.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
}
