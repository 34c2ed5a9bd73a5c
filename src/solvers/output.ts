import { formatDateTime, solutionFileFooter, solutionFileHeader, type SolutionModelSummary } from '../io/solutionFile.ts';
import { sensorFileName } from '../io/sensorFile.ts';
import { TextOutputFile } from '../io/textOutput.ts';
import { fileErrorReason, installedFileSystem, type InMemoryFileSystem } from '../core/fileSystem.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { SystemState } from '../model/SystemState.ts';
import type { SolutionSettings } from './SimulationSettings.ts';
import type { SolverStatistics, StepRecorder } from './stepContracts.ts';
import { FlexdynError, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import { describeThrown } from './stepDiagnosis.ts';

/** Tolerance of Exudyn's write-time checks (sensor and solution periods, end time). */
const writeTimeTolerance = 1e-10;

/** A sensor's row before its first value (zero length: never written). */
const noSensorRow = new Float64Array(0);

/**
 * Records sensors (internal rows and files) and the solution file at the end of accepted steps,
 * with Exudyn's write-period logic: a row at the start, then whenever t reaches the next
 * write time (within 1e-10), and always at the end time. Files go through the installed file
 * system; without one (a browser, a worker) into `memoryFiles`, which the solve announces once.
 */
export class OutputRecorder implements StepRecorder {
  private lastSensorsWritten = 0;
  private lastSolutionWritten = 0;
  private readonly sensorFiles: (TextOutputFile | undefined)[] = [];
  /**
   * Where each sensor's row [t, values…] of the current time was written: its table's staged row (SensorRecords.stageRow)
   * for a storeInternal sensor, else its row buffer (SensorRecords.rowBuffer); one entry per sensor from the start.
   */
  private readonly sensorRows: Float64Array[];
  /** Where each sensor's row begins in {@link OutputRecorder.sensorRows}. */
  private readonly sensorRowStarts: Int32Array;
  /** Each sensor's row width (1 + number of values) at the current time. */
  private readonly sensorRowWidths: Int32Array;
  private solutionFile?: TextOutputFile;
  private readonly solutionRow: Float64Array;
  /** Whether the model has sensors: without any, a step skips the sensors' write-time logic (recordSensors would do nothing). */
  private readonly hasSensors: boolean;

  constructor(
    private readonly model: CompiledModel,
    private readonly records: SensorRecords,
    private readonly settings: SolutionSettings,
    private readonly startTime: number,
    private readonly endTime: number,
    private readonly solverName: string,
    private readonly exportRates: boolean,
    private readonly plannedSteps: number,
    private readonly memoryFiles: InMemoryFileSystem,
  ) {
    const { nu, nq, nAE, nODE1, nData } = model;
    this.sensorRows = model.sensors.map(() => noSensorRow);
    this.sensorRowStarts = new Int32Array(model.sensors.length);
    this.sensorRowWidths = new Int32Array(model.sensors.length);
    this.hasSensors = model.sensors.length > 0;
    this.solutionRow = new Float64Array(1 + nq + (exportRates && settings.exportVelocities ? nu : 0) + (exportRates && settings.exportAccelerations ? nu : 0)
      + nODE1 + (exportRates && settings.exportODE1Velocities ? nODE1 : 0) + (settings.exportAlgebraicCoordinates ? nAE : 0) + (settings.exportDataCoordinates ? nData : 0));
  }

  /**
   * Opens files, writes headers and clears internal sensor rows. A file that cannot be opened is a FlexdynError naming
   * its setting (the sensor's fileName, solutionSettings.coordinatesSolutionFileName); then the files opened before it
   * are closed and removed again (they hold nothing yet), so a failed start leaks no descriptor and leaves no empty file.
   */
  start(s: SystemState): void {
    this.lastSensorsWritten = this.startTime;
    this.lastSolutionWritten = this.startTime;
    this.records.reset(this.model.sensors.length);
    const files = installedFileSystem() ?? this.memoryFiles;
    const opened: { name: string; file: TextOutputFile }[] = [];
    const open = (name: string, setting: string): TextOutputFile => {
      let file: TextOutputFile;
      try {
        file = new TextOutputFile(name, files.openTextFile(name));
      } catch (error) {
        throw new FlexdynError(`${setting} = '${name}': the file cannot be opened for writing (${fileErrorReason(error)})`, { parameter: setting, cause: error });
      }
      opened.push({ name, file });
      return file;
    };
    try {
      if (this.settings.sensorsStoreAndWriteFiles) {
        this.model.sensors.forEach((sensor, i) => {
          if (!sensor.writeToFile) { this.sensorFiles.push(undefined); return; }
          const file = open(sensorFileName(sensor.fileName, i), `${formatItemLabel(sensor.label)}: fileName`);
          if (this.settings.sensorsWriteFileHeader) {
            const names = sensor.columnNames(s);
            file.writeLine(`#Flexdyn ${this.solverName} ${this.exportRates ? '' : 'static '}sensor output file`);
            file.writeLine(`#measure ${sensor.label.category}${sensor.label.typeName} number = ${i}`);
            file.writeLine(`#simulation started = ${formatDateTime(new Date())}`);
            file.writeLine('#columns contain: time, comma separated sensor values (e.g, x,y,z position coordinates)');
            file.writeLine(`#number of sensor values = ${names.length}`);
            file.writeLine(`#columns: time, ${names.join(', ')}`);
            file.writeLine('#');
          }
          this.sensorFiles.push(file);
        });
      }
      if (this.settings.writeSolutionToFile) {
        const name = this.settings.coordinatesSolutionFileName;
        this.solutionFile = open(name.includes('.') ? name : `${name}.txt`, 'solutionSettings.coordinatesSolutionFileName');
        if (this.settings.writeFileHeader) this.writeSolutionHeader();
      }
    } catch (error) {
      for (const { name, file } of opened) {
        try { file.discard(); files.removeFile?.(name); } catch { /* the first error is the one to report */ }
      }
      this.sensorFiles.length = 0;
      this.solutionFile = undefined;
      throw error;
    }
    if (files === this.memoryFiles && opened.length > 0) announceMemoryFiles(this.solverName, opened.map(({ name }) => name));
  }

  /** Called after each accepted step (and once at the start): writes what is due. */
  finishStep(s: SystemState, stepSize: number, isInitial: boolean): void {
    const t = s.t;
    const atEnd = Math.abs(t - this.endTime) <= writeTimeTolerance;
    // the end step's write times stored at every step (the same value otherwise): a store that only the last step of a
    // solve made threw away the optimized recorder there, for the next solve's steps
    const endWriteTime = this.endTime - stepSize;
    if (this.hasSensors && this.settings.sensorsStoreAndWriteFiles) {
      this.lastSensorsWritten = atEnd ? endWriteTime : this.lastSensorsWritten;
      if (t === this.startTime || t - this.lastSensorsWritten >= -writeTimeTolerance) {
        this.lastSensorsWritten = Math.max(this.lastSensorsWritten + this.settings.sensorsWritePeriod, t);
        this.recordSensors(s);
      }
    }
    if (this.solutionFile !== undefined && (!isInitial || this.settings.writeInitialValues)) {
      this.lastSolutionWritten = atEnd ? endWriteTime : this.lastSolutionWritten;
      if (t === this.startTime || t - this.lastSolutionWritten >= -writeTimeTolerance) {
        this.lastSolutionWritten = Math.max(this.lastSolutionWritten + this.settings.solutionWritePeriod, t);
        this.writeSolutionRow(s);
      }
    }
  }

  /**
   * Writes the solution file footer (if writeFileFooter), flushes and closes all files; call it
   * also after a failed solve, without statistics (the footer then reports the failure).
   */
  close(statistics?: SolverStatistics): void {
    // every file is closed even when writing or closing another one fails (a full disk); the first failure is reported
    let failure: unknown;
    const attempt = (action: () => void) => {
      try { action(); } catch (error) { failure ??= error; }
    };
    for (const file of this.sensorFiles) {
      if (file === undefined) continue;
      if (this.settings.sensorsWriteFileHeader) {
        // The footer tells a reader the file was closed by the solver (loadSensorFile's `complete`).
        attempt(() => file.writeLine(`#simulation finished=${formatDateTime(new Date())}${statistics === undefined ? ' (solve failed: rows end at the last accepted step)' : ''}`));
      }
      attempt(() => file.close());
    }
    this.sensorFiles.length = 0;
    const solutionFile = this.solutionFile;
    this.solutionFile = undefined;
    if (solutionFile !== undefined && this.settings.writeFileFooter) {
      attempt(() => {
        for (const line of solutionFileFooter({
          finished: new Date(), failed: statistics === undefined, cpuTime: statistics?.computationTime ?? 0,
          steps: statistics?.steps ?? 0, newtonIterations: statistics?.newtonIterations ?? 0, jacobianUpdates: statistics?.jacobianUpdates ?? 0,
        })) solutionFile.writeLine(line);
      });
    }
    if (solutionFile !== undefined) attempt(() => solutionFile.close());
    if (failure !== undefined) {
      throw failure instanceof FlexdynError ? failure : new FlexdynError(`closing the output files failed (${fileErrorReason(failure)})`, { cause: failure });
    }
  }

  /**
   * Evaluates every sensor into its staged row or row buffer first ([t, values…]: straight into the sensor's table, staged and
   * stored below, if it stores internally, else into its row buffer, kept across solves), then stores and writes all rows: a
   * sensor that throws or gives a non-finite value stops the solve with no row of this time in any table (all sensor tables
   * keep equal lengths).
   */
  private recordSensors(s: SystemState): void {
    const sensors = this.model.sensors;
    const records = this.records, t = s.t;
    let i = 0;
    try {
      for (; i < sensors.length; i++) {
        const sensor = sensors[i];
        const values = sensor.evaluate(s);
        const n = values.length;
        for (let k = 0; k < n; k++) if (!Number.isFinite(values[k])) throw nonFiniteSensorValue(sensor.label, k, values[k], t);
        let row: Float64Array;
        let start = 0;
        if (sensor.storeInternal) {
          row = records.stageRow(i, n + 1, t);
          start = records.stagedOffset(i);
        } else {
          row = records.rowBuffer(i, n + 1);
        }
        row[start] = t;
        for (let k = 0; k < n; k++) row[start + k + 1] = values[k];
        this.sensorRows[i] = row;
        this.sensorRowStarts[i] = start;
        this.sensorRowWidths[i] = n + 1;
      }
    } catch (error) {
      throw error instanceof FlexdynError ? error : sensorThrew(sensors[i].label, error, t);
    }
    const precision = this.settings.outputPrecision;
    for (i = 0; i < sensors.length; i++) {
      if (sensors[i].storeInternal) records.commitRow(i);
      const file = this.sensorFiles[i];
      if (file !== undefined) {
        const start = this.sensorRowStarts[i];
        file.writeRow(this.sensorRows[i], precision, start, start + this.sensorRowWidths[i]);
      }
    }
  }

  private writeSolutionHeader(): void {
    const { nq, nu, nAE, nODE1, nData } = this.model;
    const velocities = this.exportRates && this.settings.exportVelocities;
    const accelerations = this.exportRates && this.settings.exportAccelerations;
    const ode1Velocities = this.exportRates && this.settings.exportODE1Velocities;
    const lines = solutionFileHeader({
      solverName: this.solverName, isStatic: !this.exportRates, nq, nu, nAE, nODE1, nData,
      written: {
        nODE2: nq, nVel2: velocities ? nu : 0, nAcc2: accelerations ? nu : 0, nODE1, nVel1: ode1Velocities ? nODE1 : 0,
        nAlgebraic: this.settings.exportAlgebraicCoordinates ? nAE : 0, nData: this.settings.exportDataCoordinates ? nData : 0,
      },
      plannedSteps: this.plannedSteps, solutionInformation: this.settings.solutionInformation,
      model: modelSummary(this.model), started: new Date(),
    });
    for (const line of lines) this.solutionFile!.writeLine(line);
  }

  private writeSolutionRow(s: SystemState): void {
    const row = this.solutionRow;
    let k = 0;
    row[k++] = s.t;
    row.set(s.q, k); k += s.q.length;
    if (this.exportRates && this.settings.exportVelocities) { row.set(s.u, k); k += s.u.length; }
    if (this.exportRates && this.settings.exportAccelerations) { row.set(s.a, k); k += s.a.length; }
    row.set(s.ode1, k); k += s.ode1.length;
    if (this.exportRates && this.settings.exportODE1Velocities) { row.set(s.ode1_t, k); k += s.ode1_t.length; }
    if (this.settings.exportAlgebraicCoordinates) { row.set(s.lambda, k); k += s.lambda.length; }
    if (this.settings.exportDataCoordinates) row.set(s.data, k);
    this.solutionFile!.writeRow(row, this.settings.outputPrecision);
  }
}

/** The error of a sensor that threw a non-FlexdynError while recording at time t. */
function sensorThrew(label: ItemLabel, error: unknown, t: number): FlexdynError {
  return new FlexdynError(`${formatItemLabel(label)} threw ${describeThrown(error)} while recording t = ${t}`, { item: label, cause: error });
}

/** The error of a sensor whose value k is not finite at time t. */
function nonFiniteSensorValue(label: ItemLabel, k: number, value: number, t: number): FlexdynError {
  return new FlexdynError(`${formatItemLabel(label)}: value ${k} must be finite, got ${value} at t = ${t}`, { item: label });
}

/**
 * Says once per solve that its files are kept in memory (no file system installed) and where to read them;
 * a warning, so that it shows whatever the solver's verbosity.
 */
function announceMemoryFiles(solverName: string, names: readonly string[]): void {
  const list = names.length <= 3 ? names.map((n) => `'${n}'`).join(', ') : `'${names[0]}', '${names[1]}' and ${names.length - 2} more`;
  console.warn(`${solverName}: no file system installed (in Node.js import 'flexdyn/node'); files ${list} are kept in memory: read them with mbs.getOutputFile(name)`);
}

/** The model summary of the solution file header: item types, node coordinate ranges, object nodes. */
export function modelSummary(model: CompiledModel): SolutionModelSummary {
  return {
    nodes: model.nodes.map((n) => ({ type: n.label.typeName, qIndex: n.qIndex, nq: n.nq, uIndex: n.uIndex, nu: n.nu })),
    objects: model.objects.map((o) => ({ type: o.label.typeName, nodes: o.localNodes.map((n) => n.label.index) })),
    markers: model.markers.map((m) => ({ type: m.label.typeName })),
    loads: model.loads.map((l) => ({ type: l.label.typeName })),
    sensors: model.sensors.map((s, i) => ({ type: s.label.typeName, fileName: s.writeToFile ? sensorFileName(s.fileName, i) : '' })),
  };
}
