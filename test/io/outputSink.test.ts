import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, NodePointGround, MassPoint, MarkerNodeCoordinate,
  CoordinateSpringDamper, SensorNode, SensorUserFunction, parseSolutionFile, parseSensorFile, installFileSystem, installedFileSystem,
  InMemoryFileSystem, FEMinterface, createBlockMesh, graphics, FlexdynError,
} from '../../src/index.ts';
import { nodeFileSystem } from '../../src/nodeFileSystem.ts';
import { decodeBase64, encodeBase64 } from '../../src/core/base64.ts';

/** A mass on a spring writing a solution file and two sensor files (one kept only in the file). */
function oscillator(folder: string) {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, 0, 0], initialCoordinates: [0.01, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: node }));
  const ground = mbs.addNode(NodePointGround({}));
  const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
  mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: 800 }));
  const stored = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Position, storeInternal: true, fileName: `${folder}/stored.txt` }));
  const fileOnly = mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType: OutputVariableType.Velocity, fileName: `${folder}/velocity.txt` }));
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 0.1;
  settings.timeIntegration.numberOfSteps = 100;
  settings.solutionSettings.coordinatesSolutionFileName = `${folder}/solution.txt`;
  return { mbs, settings, stored, fileOnly };
}

/** File text without the lines that carry the wall-clock date or the computation time. */
function withoutClock(text: string): string {
  return text.split('\n').filter((line) => !/started|finished|cpuTime/.test(line)).join('\n');
}

describe('solves without a file system (a browser, a worker)', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'flexdyn-sink-'));
    installFileSystem(undefined);
  });
  afterEach(() => {
    installFileSystem(nodeFileSystem);
    vi.restoreAllMocks();
  });

  it('keep the files in memory with the text a file would have, say so once, and write nothing to disk', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const memory = oscillator(folder);
    memory.mbs.solveDynamic(memory.settings);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/GeneralizedAlpha: no file system installed .*kept in memory: read them with mbs\.getOutputFile\(name\)/);
    expect(memory.mbs.outputFileNames().sort()).toEqual([`${folder}/solution.txt`, `${folder}/stored.txt`, `${folder}/velocity.txt`]);
    for (const name of memory.mbs.outputFileNames()) expect(existsSync(name)).toBe(false);

    installFileSystem(nodeFileSystem);
    const disk = oscillator(folder);
    disk.mbs.solveDynamic(disk.settings);
    expect(warn).toHaveBeenCalledTimes(1); // nothing said when the files go to disk
    expect(disk.mbs.outputFileNames()).toEqual([]);
    for (const name of memory.mbs.outputFileNames()) {
      expect(withoutClock(memory.mbs.getOutputFile(name))).toBe(withoutClock(readFileSync(name, 'utf8')));
    }
    const solution = parseSolutionFile(memory.mbs.getOutputFile(`${folder}/solution.txt`));
    expect(solution.nRows).toBe(11); // solutionWritePeriod 0.01 s over 0.1 s
    // the last row holds the end state (written with outputPrecision = 10 significant digits)
    expect(solution.coordinates.get(10, 0)).toBeCloseTo(memory.mbs.systemData.getODE2Coordinates()[0], 11);
    expect(parseSensorFile(memory.mbs.getOutputFile(`${folder}/velocity.txt`)).data.rows).toBe(11);
  });

  it('store rows of different widths, user-function values and file rows alike (rows written straight into the tables)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { mbs, settings, stored } = oscillator(folder);
    const twice = mbs.addSensor(SensorUserFunction({
      sensorNumbers: [stored], storeInternal: true, fileName: `${folder}/twice.txt`,
      sensorUserFunction: (m, _t, numbers) => [2 * m.getSensorValues(numbers[0])[0]],
    }));
    const pair = mbs.addSensor(SensorUserFunction({
      sensorNumbers: [stored], storeInternal: true, writeToFile: false,
      sensorUserFunction: (m, t, numbers) => [t, m.getSensorValues(numbers[0])[0]],
    }));
    settings.solutionSettings.outputPrecision = 17;
    settings.solutionSettings.sensorsWritePeriod = 1e-3;
    mbs.assemble();
    mbs.solveDynamic(settings);
    const fileRows = (name: string) => mbs.getOutputFile(`${folder}/${name}`).split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')).map((line) => line.split(',').map(Number));
    const positions = mbs.getSensorStoredData(stored);
    expect(positions).toHaveLength(101);
    expect(positions.every((row) => row.length === 4)).toBe(true);
    expect(mbs.getSensorStoredData(twice)).toEqual(positions.map((row) => [row[0], 2 * row[1]]));
    expect(mbs.getSensorStoredData(pair)).toEqual(positions.map((row) => [row[0], row[0], row[1]]));
    expect(fileRows('stored.txt')).toEqual(positions);
    expect(fileRows('twice.txt')).toEqual(mbs.getSensorStoredData(twice));
    expect(fileRows('velocity.txt').map((row) => row.length)).toEqual(positions.map(() => 4));

    // a sensor that throws: no row of that time in any table
    const failing = oscillator(folder);
    const failingPair = failing.mbs.addSensor(SensorUserFunction({
      sensorNumbers: [failing.stored], storeInternal: true, writeToFile: false,
      sensorUserFunction: (m, t, numbers) => { if (t >= 0.05) throw new Error('sensor failure'); return [t, m.getSensorValues(numbers[0])[0]]; },
    }));
    failing.settings.solutionSettings.sensorsWritePeriod = 1e-3;
    failing.mbs.assemble();
    expect(() => failing.mbs.solveDynamic(failing.settings)).toThrow(FlexdynError);
    const rows = failing.mbs.getSensorStoredData(failing.stored);
    expect(rows.length).toBeGreaterThan(40);
    expect(rows[rows.length - 1][0]).toBeLessThan(0.05);
    expect(failing.mbs.getSensorStoredData(failingPair)).toHaveLength(rows.length);
  });

  it('plot a sensor that writes only a file from the file kept in memory', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { mbs, settings, fileOnly } = oscillator(folder);
    mbs.solveDynamic(settings);
    const plot = mbs.plotSensor(fileOnly);
    expect(plot.curves.length).toBe(1); // component 0 by default
    expect(plot.curves[0].y.length).toBe(11);
    expect(plot.svg).toContain('<svg');
  });

  it('name the file asked for and the files kept when getOutputFile misses', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { mbs, settings } = oscillator(folder);
    mbs.solveDynamic(settings);
    expect(() => mbs.getOutputFile('solution.txt')).toThrow(new RegExp(`getOutputFile: no file string "solution.txt" kept in memory; files kept: .*'${folder}/solution.txt'`));
  });

  it('make reading a named file a FlexdynError that says what to do instead', () => {
    expect(installedFileSystem()).toBeUndefined();
    expect(() => new FEMinterface().importFromAbaqusInputFile('mesh.inp')).toThrow(/Abaqus input file: no file system to access 'mesh\.inp': import 'flexdyn\/node' in Node\.js/);
    expect(() => graphics.FromSTL('part.stl')).toThrow(FlexdynError);
  });

  it('let an installed InMemoryFileSystem hold FEM data files', () => {
    const memory = new InMemoryFileSystem();
    installFileSystem(memory);
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [1, 0.5, 0.2], divisions: [2, 1, 1] }));
    fem.saveToFile('block.json');
    expect(memory.fileNames()).toEqual(['block.json']);
    const loaded = new FEMinterface();
    loaded.loadFromFile('block.json');
    expect(Array.from(loaded.nodes)).toEqual(Array.from(fem.nodes));
  });
});

describe('Node\'s text files (nodeFileSystem.openTextFile)', () => {
  it('hold exactly what was written once closed, over a longer or shorter old file, in a new folder, as text or bytes', () => {
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-text-'));
    const longer = join(folder, 'longer.txt'), shorter = join(folder, 'shorter.txt'), created = join(folder, 'new', 'created.txt');
    writeFileSync(longer, 'x'.repeat(5000));
    writeFileSync(shorter, 'yz');
    const files = [longer, shorter, created].map((name) => nodeFileSystem.openTextFile(name));
    for (const file of files) {
      file.write('abc\n');
      file.writeBytes!(new TextEncoder().encode('défg\n'.repeat(3)));
      file.close();
    }
    for (const name of [longer, shorter, created]) expect(readFileSync(name, 'utf8')).toBe('abc\n' + 'défg\n'.repeat(3));
    // the same name again, shorter content: the old tail is cut at close
    const again = nodeFileSystem.openTextFile(longer);
    again.write('1\n');
    again.close();
    expect(readFileSync(longer, 'utf8')).toBe('1\n');
  });

  it('keep the sensor file of a second solve free of the first one\'s longer text', () => {
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-rerun-'));
    const first = oscillator(folder);
    first.settings.timeIntegration.endTime = 0.2;
    first.settings.timeIntegration.numberOfSteps = 200;
    first.mbs.solveDynamic(first.settings);
    const second = oscillator(folder);
    second.mbs.solveDynamic(second.settings);
    const text = readFileSync(`${folder}/velocity.txt`, 'utf8');
    expect(parseSensorFile(text).data.rows).toBe(11);
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('base64 without Buffer', () => {
  it('encodes and decodes every length and byte value as Node\'s Buffer does', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 97 + length * 31) & 255);
      const text = encodeBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(Array.from(decodeBase64(text))).toEqual(Array.from(bytes));
    }
    const large = new Float64Array(50_000).map((_, i) => Math.sin(i));
    expect(encodeBase64(large)).toBe(Buffer.from(large.buffer).toString('base64'));
    expect(new Float64Array(decodeBase64(encodeBase64(large)).buffer)).toEqual(large);
  });

  it('rejects text that is not base64', () => {
    expect(() => decodeBase64('ab$d')).toThrow(/base64: character 2 must be one of/);
    expect(() => decodeBase64('abcde')).toThrow(/groups of 4 characters/);
  });
});
