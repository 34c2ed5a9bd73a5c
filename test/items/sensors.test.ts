import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, NodePoint, NodePointGround, MassPoint,
  MarkerNodeCoordinate, CoordinateSpringDamper, SensorNode, SensorObject, SensorBody, SensorMarker, SensorUserFunction,
  FlexdynError, type MainSystem,
} from '../../src/index.ts';
import { itemDefinitions } from '../../src/items/index.ts';

/** Settings with h = 1e-3 over 0.1 s, sensors every 1e-2, no solution file. */
function settings(): SimulationSettings {
  const s = new SimulationSettings();
  s.timeIntegration.endTime = 0.1;
  s.timeIntegration.numberOfSteps = 100;
  s.solutionSettings.sensorsWritePeriod = 1e-2;
  s.solutionSettings.writeSolutionToFile = false;
  return s;
}

/** A mass on an x spring-damper to ground, flying freely in y, with one sensor of each kind. */
function sensorModel(fileName = '') {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({}));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0], initialCoordinates: [0.05, 0, 0], initialVelocities: [0.5, 0.2, 0] }));
  const body = mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: node }));
  const groundMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const nodeMarker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  const spring = mbs.addObject(CoordinateSpringDamper({ markerNumbers: [groundMarker, nodeMarker], stiffness: 200, damping: 1 }));
  const sensors = {
    node: mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false })),
    body: mbs.addSensor(SensorBody({ bodyNumber: body, localPosition: [0, 0.5, 0.25], outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false })),
    object: mbs.addSensor(SensorObject({ objectNumber: spring, outputVariableType: OutputVariableType.Force, storeInternal: true, writeToFile: false })),
    marker: mbs.addSensor(SensorMarker({ markerNumber: nodeMarker, outputVariableType: OutputVariableType.Coordinates, storeInternal: true, writeToFile: false })),
    file: mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Velocity, writeToFile: fileName !== '', fileName })),
  };
  const configurations: ConfigurationType[] = [];
  const user = mbs.addSensor(SensorUserFunction({
    sensorNumbers: [sensors.node, sensors.object],
    factors: [2, -0.5],
    storeInternal: true,
    writeToFile: false,
    sensorUserFunction: (system: MainSystem, _t, sensorNumbers, factors, configuration) => {
      configurations.push(configuration);
      const position = system.getSensorValues(sensorNumbers[0], configuration);
      const [force] = system.getSensorValues(sensorNumbers[1], configuration);
      return [factors[0] * position[0] + factors[1] * force, position[1]];
    },
  }));
  mbs.assemble();
  return { mbs, node, body, spring, nodeMarker, sensors: { ...sensors, user }, configurations };
}

describe('sensors', () => {
  it('storeInternalRecordsOneRowPerWritePeriodIncludingStartAndEnd', () => {
    // h = 1e-3, period 1e-2, 0.1 s: rows at t = 0, 0.01, …, 0.1; the times are accumulated step sums, equal to k·0.01
    // up to a few ulp (1e-12 is generous, but far below h).
    const { mbs, sensors } = sensorModel();
    mbs.solveDynamic(settings());
    const rows = mbs.getSensorStoredData(sensors.node);
    expect(rows.length).toBe(11);
    rows.forEach((row, k) => {
      expect(Math.abs(row[0] - 0.01 * k)).toBeLessThan(1e-12);
      expect(row.length).toBe(4);
    });
    for (const index of Object.values(sensors).filter((s) => s !== sensors.file)) {
      const last = mbs.getSensorStoredData(index).at(-1)!;
      expect(last.slice(1)).toEqual(mbs.getSensorValues(index));
    }
  });

  it('eachSensorKindReportsItsItemsOutput', () => {
    const { mbs, node, body, spring, nodeMarker, sensors } = sensorModel();
    mbs.solveDynamic(settings());
    const position = mbs.getNodeOutput(node, OutputVariableType.Position);
    expect(mbs.getSensorValues(sensors.node)).toEqual(position);
    expect(mbs.getSensorValues(sensors.body)).toEqual(mbs.getObjectOutputBody(body, OutputVariableType.Position, [0, 0.5, 0.25]));
    expect(mbs.getSensorValues(sensors.body)).toEqual([position[0], position[1] + 0.5, 0.25]);
    expect(mbs.getSensorValues(sensors.object)).toEqual([mbs.getObjectOutput(spring, OutputVariableType.Force)[0]]);
    // Force of the coordinate spring-damper: k (q1 − q0) + d (q̇1 − q̇0) with the ground coordinate 0.
    const q = mbs.getNodeOutput(node, OutputVariableType.Coordinates);
    const v = mbs.getNodeOutput(node, OutputVariableType.Coordinates_t);
    expect(mbs.getSensorValues(sensors.object)[0]).toBeCloseTo(200 * q[0] + v[0], 13);
    expect(mbs.getSensorValues(sensors.marker)).toEqual([q[0]]);
    expect(mbs.getSensorValues(sensors.marker)).toEqual([mbs.getMarkerOutput(nodeMarker, OutputVariableType.Coordinates)[0]]);
  });

  it('userFunctionSensorCombinesTwoSensors', () => {
    // Each row of the user sensor is 2·x − 0.5·F from the rows of the node and object sensors at the same time:
    // the same floating-point operations on the same values, so equal exactly.
    const { mbs, sensors, configurations } = sensorModel();
    mbs.solveDynamic(settings());
    const user = mbs.getSensorStoredData(sensors.user);
    const positions = mbs.getSensorStoredData(sensors.node);
    const forces = mbs.getSensorStoredData(sensors.object);
    expect(user.length).toBe(11);
    user.forEach((row, k) => {
      expect(row[0]).toBe(positions[k][0]);
      expect(row[1]).toBe(2 * positions[k][1] - 0.5 * forces[k][1]);
      expect(row[2]).toBe(positions[k][2]);
    });
    expect(new Set(configurations)).toEqual(new Set([ConfigurationType.Current]));
    const initial = mbs.getSensorValues(sensors.user, ConfigurationType.Initial) as number[];
    expect(configurations.at(-1)).toBe(ConfigurationType.Initial);
    expect(initial).toEqual([2 * 1.05 - 0.5 * (200 * 0.05 + 0.5), 0]);
  });

  it('writeToFileWritesAHeaderAndOneRowPerWritePeriod', () => {
    // Rows are written with outputPrecision = 10 significant digits: relative difference ≤ 5e-10 to the values.
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-sensors-'));
    try {
      const fileName = join(folder, 'velocity.txt');
      const { mbs, node } = sensorModel(fileName);
      mbs.solveDynamic(settings());
      const velocity = mbs.getNodeOutput(node, OutputVariableType.Velocity);
      const lines = readFileSync(fileName, 'utf8').trim().split('\n');
      const header = lines.slice(0, lines.findIndex((line) => !line.startsWith('#')));
      const rows = lines.filter((line) => !line.startsWith('#')).map((line) => line.split(',').map(Number));
      expect(header.length).toBeGreaterThan(0);
      expect(lines.at(-1)).toMatch(/^#simulation finished=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/); // footer: the solver closed the file
      expect(header.some((line) => line.includes('time') && line.includes('Velocity'))).toBe(true);
      expect(rows.length).toBe(11);
      rows.forEach((row, k) => {
        expect(row.length).toBe(4);
        expect(Math.abs(row[0] - 0.01 * k)).toBeLessThan(1e-12);
      });
      expect(rows[0].slice(1)).toEqual([0.5, 0.2, 0]);
      const last = rows.at(-1)!;
      velocity.forEach((value, i) => expect(Math.abs(last[i + 1] - value)).toBeLessThanOrEqual(5e-10 * Math.abs(value)));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('getSensorStoredDataWithoutStoreInternalThrows', () => {
    const { mbs, sensors } = sensorModel();
    mbs.solveDynamic(settings());
    expect(() => mbs.getSensorStoredData(sensors.file)).toThrow(FlexdynError);
    expect(() => mbs.getSensorStoredData(sensors.file)).toThrow(/SensorNode #4.*storeInternal = false/);
  });

  it('defaultsEqualExudyn', () => {
    // From exudyn-1.11-defaults.txt (visualization is our extra dictionary of viewer settings).
    const mbs = new SystemContainer().addSystem();
    const common = { writeToFile: true, fileName: '', storeInternal: false, name: '', visualization: {} };
    expect(mbs.getSensorDefaults('Object')).toEqual({ sensorType: 'Object', objectNumber: -1, outputVariableType: '_None', ...common });
    expect(mbs.getSensorDefaults('Body')).toEqual({ sensorType: 'Body', bodyNumber: -1, localPosition: [0, 0, 0], outputVariableType: '_None', ...common });
    expect(mbs.getSensorDefaults('Marker')).toEqual({ sensorType: 'Marker', markerNumber: -1, outputVariableType: '_None', ...common });
    expect(mbs.getSensorDefaults('UserFunction')).toEqual({ sensorType: 'UserFunction', sensorNumbers: [], factors: [], sensorUserFunction: 0, ...common });
    expect(Object.keys(mbs.getSensorDefaults('UserFunction'))).toEqual(['sensorType', 'sensorNumbers', 'factors', 'writeToFile', 'fileName', 'sensorUserFunction', 'storeInternal', 'name', 'visualization']);
    expect(Object.keys(mbs.getSensorDefaults('Body'))).toEqual(['sensorType', 'bodyNumber', 'localPosition', 'writeToFile', 'fileName', 'outputVariableType', 'storeInternal', 'name', 'visualization']);
  });

  it('bindTimeChecksNameTheSensorAndTheItem', () => {
    const { mbs, body, spring } = sensorModel();
    mbs.addSensor(SensorBody({ bodyNumber: spring, outputVariableType: OutputVariableType.Position }));
    expect(() => mbs.assemble()).toThrow(/SensorBody #6: bodyNumber must refer to a body, got ObjectConnectorCoordinateSpringDamper #1, which is not a body/);
    mbs.modifySensor(6, { bodyNumber: body, outputVariableType: OutputVariableType.Force });
    expect(() => mbs.assemble()).toThrow(/SensorBody #6: outputVariableType must be an output variable of ObjectMassPoint #0 \(Position, Displacement, Velocity, Acceleration\), got Force/);
    mbs.modifySensor(6, { outputVariableType: OutputVariableType.Position });
    mbs.addSensor(SensorUserFunction({ sensorNumbers: [9] }));
    expect(() => mbs.assemble()).toThrow(/SensorUserFunction #7: sensorUserFunction must be a function .*, got 0 \(none\)/);
    mbs.modifySensor(7, { sensorUserFunction: () => [0] });
    expect(() => mbs.assemble()).toThrow(/SensorUserFunction #7: sensorNumbers must refer to an existing sensor \(0 \.\.\. 7\), got 9/);
    mbs.modifySensor(7, { sensorNumbers: [7] });
    expect(() => mbs.assemble()).toThrow(/SensorUserFunction #7: sensorNumbers = 7 forms a reference cycle/);
    mbs.modifySensor(7, { sensorNumbers: [0], sensorUserFunction: () => 'x' });
    mbs.assemble();
    expect(() => mbs.getSensorValues(7)).toThrow(/SensorUserFunction #7: sensorUserFunction must return an array of numbers, got string "x"/);
  });
});

/**
 * For every item type of the category (its example) and every output variable it declares, at a state with q, u and a
 * set: the value written into a buffer full of NaN must be the new array's entry for entry (an output that left an entry
 * to a new array's zeros would keep the NaN). Returns how many outputs took the buffer (returned it).
 */
function outputsTakingABuffer(category: 'Node' | 'Object'): number {
  let taken = 0;
  for (const definition of itemDefinitions.filter((d) => d.category === category)) {
    const mbs = new SystemContainer().addSystem();
    const index = definition.example!(mbs);
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    s.q.forEach((_, i) => { s.q[i] = 0.01 * (i + 1); });
    s.u.forEach((_, i) => { s.u[i] = 0.3 - 0.1 * i; });
    s.a.forEach((_, i) => { s.a[i] = 0.2 * i - 0.5; });
    const item = category === 'Node' ? model.nodes[index] : model.objects[index];
    for (const variable of definition.outputVariables) {
      const fresh = item.output(variable, s);
      if (fresh === undefined) continue;
      const into = new Float64Array(fresh.length).fill(Number.NaN);
      const written = item.output(variable, s, into)!;
      expect(Array.from(written), `${definition.typeName} ${variable}`).toEqual(Array.from(fresh));
      if (written === into) taken++;
    }
  }
  return taken;
}

describe('outputs into a sensor buffer', () => {
  it('everyNodeTypeWritesEachOutputIntoAGivenBufferAsItWouldIntoANewArray', () => {
    // a SensorNode passes its buffer (NodeModel.output's `into`) from the second row on; a node that takes it returns it:
    // point, 1D, 3D and 2D rigid nodes (85 of the 123 outputs of the node types when written)
    expect(outputsTakingABuffer('Node')).toBeGreaterThanOrEqual(85);
  });

  it('everyObjectTypeWritesEachOutputIntoAGivenBufferAsItWouldIntoANewArray', () => {
    // a SensorObject passes its buffer (ObjectModel.output's `into`) as well: ContactSphereSphere and ContactSphereTriangle
    // take it for each of their 7 outputs; the other objects return new arrays
    expect(outputsTakingABuffer('Object')).toBeGreaterThanOrEqual(14);
  });
});
