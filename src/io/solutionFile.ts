import { readTextFile } from '../core/fileSystem.ts';
import { FlexdynError } from '../core/errors.ts';
import { RowMatrix } from './rowMatrix.ts';
import { parseCountField, parseDataRows, type DataLine } from './textTable.ts';

export { RowMatrix } from './rowMatrix.ts';

/** Version of the Flexdyn solution file header (the `#Flexdyn solution file format` line). */
export const solutionFileFormatVersion = 1;

/** Counts of the coordinates written per row, in Exudyn's order [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData]. */
export interface WrittenCoordinates {
  /** ODE2 position coordinates (displacements). */
  nODE2: number;
  /** ODE2 velocity coordinates (0 if not exported). */
  nVel2: number;
  /** ODE2 accelerations (0 if not exported). */
  nAcc2: number;
  /** ODE1 coordinates. */
  nODE1: number;
  /** ODE1 velocities (0 if not exported). */
  nVel1: number;
  /** Algebraic coordinates (0 if not exported). */
  nAlgebraic: number;
  /** Data coordinates (0 if not exported). */
  nData: number;
}

/** A marker or load in the model summary. */
export interface SolutionItemSummary {
  /** Item type name, e.g. 'NodePosition'. */
  type: string;
}

/** A node in the model summary: its type and coordinate ranges q[qIndex, qIndex + nq), u[uIndex, uIndex + nu). */
export interface SolutionNodeSummary extends SolutionItemSummary {
  /** First position coordinate in the system vector q. */
  qIndex: number;
  /** Number of position coordinates. */
  nq: number;
  /** First velocity coordinate in the system vector u. */
  uIndex: number;
  /** Number of velocity coordinates. */
  nu: number;
}

/** An object in the model summary. */
export interface SolutionObjectSummary extends SolutionItemSummary {
  /** Indices of the object's nodes. */
  nodes: number[];
}

/** A sensor in the model summary. */
export interface SolutionSensorSummary extends SolutionItemSummary {
  /** The sensor's file name ('' if the sensor writes no file). */
  fileName: string;
}

/** Per-node and per-object summary of the model written into the solution header (one JSON line). */
export interface SolutionModelSummary {
  /** Nodes by index. */
  nodes: SolutionNodeSummary[];
  /** Objects by index. */
  objects: SolutionObjectSummary[];
  /** Markers by index. */
  markers: SolutionItemSummary[];
  /** Loads by index. */
  loads: SolutionItemSummary[];
  /** Sensors by index. */
  sensors: SolutionSensorSummary[];
}

/** System sizes as written in the header line '#number of system coordinates'. */
export interface SystemCoordinateCounts {
  /** Second-order (ODE2) position coordinates. */
  nODE2: number;
  /** First-order (ODE1) coordinates. */
  nODE1: number;
  /** Algebraic coordinates (Lagrange multipliers). */
  nAlgebraic: number;
  /** Data coordinates. */
  nData: number;
}

/** What the solver tells the header writer. */
export interface SolutionFileInfo {
  /** Solver name, e.g. 'GeneralizedAlpha' or 'StaticSolver'. */
  solverName: string;
  /** True for the static solver (no velocities or accelerations). */
  isStatic: boolean;
  /** Number of position coordinates of the system. */
  nq: number;
  /** Number of velocity coordinates of the system. */
  nu: number;
  /** Number of algebraic coordinates of the system. */
  nAE: number;
  /** Number of data coordinates of the system. */
  nData: number;
  /** Number of ODE1 coordinates of the system. */
  nODE1: number;
  /** What each row holds. */
  written: WrittenCoordinates;
  /** Planned time steps (dynamic) or load steps (static). */
  plannedSteps: number;
  /** solutionSettings.solutionInformation (line breaks become '_'); empty: no line. */
  solutionInformation: string;
  /** Model summary; omitted: no line. */
  model?: SolutionModelSummary;
  /** Start time of the simulation (written as local date and time). */
  started: Date;
}

/** Statistics for the footer lines. */
export interface SolutionFileFooterInfo {
  /** End time of the simulation. */
  finished: Date;
  /** CPU (wall) time of the solve in seconds. */
  cpuTime: number;
  /** Accepted steps. */
  steps: number;
  /** Newton iterations. */
  newtonIterations: number;
  /** Jacobian evaluations and factorizations of the Newton iterations. */
  jacobianUpdates: number;
  /** True if the solve failed (the file holds the rows up to the last accepted step). */
  failed: boolean;
}

/** The header (and footer) of a solution file as read back. */
export interface SolutionHeader {
  /** First header line without '#', e.g. 'Flexdyn GeneralizedAlpha solver solution file' or an Exudyn file's. */
  title: string;
  /** Solver name from the first line ('' if unknown). */
  solverName: string;
  /** True if the file is from a static solve. */
  isStatic: boolean;
  /** Date and time string of the start ('' if missing). */
  started: string;
  /** Column groups from '#columns contain:', e.g. ['time', 'ODE2 displacements', …]. */
  columnsContain: string[];
  /** System sizes [nODE2, nODE1, nAlgebraic, nData] as written. */
  systemCoordinates: SystemCoordinateCounts;
  /** ODE2 velocity coordinates of the system (≠ nODE2 with quaternion nodes); Exudyn files: nODE2. */
  nVelocityCoordinates: number;
  /** Written coordinates per row. */
  written: WrittenCoordinates;
  /** Columns per row excluding time. */
  totalColumns: number;
  /** Planned number of time or load steps (undefined if missing). */
  plannedSteps?: number;
  /** Flexdyn header version (undefined for Exudyn files). */
  formatVersion?: number;
  /** Solution information line ('' if none). */
  solutionInformation: string;
  /** Model summary (Flexdyn files). */
  model?: SolutionModelSummary;
  /** Date and time string of the end (footer; '' if the solve did not finish). */
  finished: string;
  /** Footer '#Solver Info:' entries as key → value strings (empty if none). */
  solverInfo: Record<string, string>;
}

/** A solution file read back: times and coordinate blocks, one row per written time. */
export interface Solution {
  /** File the solution came from ('' when parsed from text). */
  fileName: string;
  /** Header information. */
  header: SolutionHeader;
  /** Number of rows (written times). */
  nRows: number;
  /** Times of the rows. */
  times: Float64Array;
  /** All columns including time (column 0), as in the file. */
  data: RowMatrix;
  /** ODE2 position coordinates (displacements from reference), nRows × nODE2. */
  coordinates: RowMatrix;
  /** ODE2 velocities, nRows × nVel2 (if written). */
  velocities?: RowMatrix;
  /** ODE2 accelerations, nRows × nAcc2 (if written). */
  accelerations?: RowMatrix;
  /** ODE1 coordinates, nRows × nODE1 (if the system has any). */
  ode1Coordinates?: RowMatrix;
  /** ODE1 velocities, nRows × nVel1 (if written). */
  ode1Velocities?: RowMatrix;
  /** Algebraic coordinates, nRows × nAlgebraic (if written). */
  algebraicCoordinates?: RowMatrix;
  /** Data coordinates, nRows × nData (if written). */
  dataCoordinates?: RowMatrix;
  /** True if an incomplete last row (e.g. from an aborted run) was skipped. */
  skippedIncompleteLastRow: boolean;
  /**
   * False if the file lacks its footer ('#simulation finished=…'): the run that wrote it was killed (or
   * writeFileFooter was false), so the rows may end before the end time; true for a finished file.
   */
  complete: boolean;
}

const writtenLinePrefix = '#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = ';
const systemLinePrefix = '#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = ';

/** Local date and time as 'YYYY-MM-DD hh:mm:ss' (Exudyn's format). */
export function formatDateTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/**
 * Header lines of a solution file, Exudyn-compatible in its first seven lines (Exudyn's
 * LoadSolutionFile reads them), then Flexdyn's lines and a closing '#'.
 */
export function solutionFileHeader(info: SolutionFileInfo): string[] {
  const w = info.written;
  const groups = ['time'];
  if (w.nODE2 > 0) groups.push('ODE2 displacements');
  if (w.nVel2 > 0) groups.push('ODE2 velocities');
  if (w.nAcc2 > 0) groups.push('ODE2 accelerations');
  if (w.nODE1 > 0) groups.push('ODE1 coordinates');
  if (w.nVel1 > 0) groups.push('ODE1 velocities');
  if (w.nAlgebraic > 0) groups.push('AE coordinates');
  if (w.nData > 0) groups.push('Data coordinates');
  const total = w.nODE2 + w.nVel2 + w.nAcc2 + w.nODE1 + w.nVel1 + w.nAlgebraic + w.nData;
  const lines = [
    `#Flexdyn ${info.solverName} ${info.isStatic ? 'static ' : ''}solver solution file`,
    `#simulation started=${formatDateTime(info.started)}`,
    `#columns contain: ${groups.join(', ')}`,
    `${systemLinePrefix}[${info.nq},${info.nODE1},${info.nAE},${info.nData}]`,
    `${writtenLinePrefix}[${w.nODE2},${w.nVel2},${w.nAcc2},${w.nODE1},${w.nVel1},${w.nAlgebraic},${w.nData}]`,
    `#total columns exported  (excl. time) = ${total}`,
    info.isStatic ? `#number of load steps (planned) = ${info.plannedSteps}` : `#number of time steps (planned) = ${info.plannedSteps}`,
    `#Flexdyn solution file format = ${solutionFileFormatVersion}`,
    `#number of ODE2 velocity coordinates = ${info.nu}`,
  ];
  if (info.model !== undefined) lines.push(`#model = ${JSON.stringify(info.model)}`);
  if (info.solutionInformation !== '') lines.push(`#solution information = ${info.solutionInformation.replace(/\r?\n/g, '_')}`);
  lines.push('#');
  return lines;
}

/** Footer lines of a solution file (Exudyn's two lines). */
export function solutionFileFooter(info: SolutionFileFooterInfo): string[] {
  return [
    `#simulation finished=${formatDateTime(info.finished)}`,
    `#Solver Info: cpuTime=${info.cpuTime},stepReductionFailed(or step failed)=${info.failed ? 1 : 0},total time steps=${info.steps},total Newton iterations=${info.newtonIterations},total Newton jacobians=${info.jacobianUpdates}`,
  ];
}

/** Reads a solution file written by Flexdyn (or an ASCII coordinatesSolution.txt of Exudyn). */
export function loadSolutionFile(path: string): Solution {
  return parseSolutionFile(readTextFile(path, 'loadSolutionFile').text, path);
}

function parseIntegerList(line: string, prefix: string, count: number, fileName: string): number[] {
  const body = line.slice(prefix.length).trim();
  const match = /^\[([^\]]*)\]$/.exec(body);
  const values = match === null ? [] : match[1].split(',').map((v) => parseCountField(v) ?? -1);
  if (values.length !== count || values.some((v) => v < 0)) {
    throw new FlexdynError(`loadSolutionFile: '${fileName}': header line '${prefix.trim()}' must hold ${count} non-negative integers, got '${body}'`);
  }
  return values;
}

/** Parses the text of a solution file (the format `loadSolutionFile` of flexdyn/node reads by file name); fileName is used in messages. */
export function parseSolutionFile(text: string, fileName = ''): Solution {
  const lines = text.split(/\r?\n/);
  const header: SolutionHeader = {
    title: '', solverName: '', isStatic: false, started: '', columnsContain: [],
    systemCoordinates: { nODE2: 0, nODE1: 0, nAlgebraic: 0, nData: 0 }, nVelocityCoordinates: -1,
    written: { nODE2: 0, nVel2: 0, nAcc2: 0, nODE1: 0, nVel1: 0, nAlgebraic: 0, nData: 0 },
    totalColumns: 0, solutionInformation: '', finished: '', solverInfo: {},
  };
  let hasWritten = false;
  const dataLines: DataLine[] = [];
  const headerCount = (line: string, n: number): number => {
    const value = parseCountField(line.slice(line.indexOf('=') + 1));
    if (value === undefined) throw new FlexdynError(`loadSolutionFile: '${fileName}' line ${n + 1} must end with '= <non-negative integer>', got '${line}'`);
    return value;
  };
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (line.trim() === '') continue;
    if (!line.startsWith('#')) { dataLines.push({ text: line, line: n + 1 }); continue; }
    if (line.startsWith('#simulation started=')) {
      header.started = line.slice('#simulation started='.length).trim();
    } else if (line.startsWith('#columns contain:')) {
      header.columnsContain = line.slice('#columns contain:'.length).split(',').map((s) => s.trim());
    } else if (line.startsWith(systemLinePrefix.trim())) {
      const [nODE2, nODE1, nAlgebraic, nData] = parseIntegerList(line, systemLinePrefix, 4, fileName);
      header.systemCoordinates = { nODE2, nODE1, nAlgebraic, nData };
    } else if (line.startsWith(writtenLinePrefix.trim())) {
      const [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = parseIntegerList(line, writtenLinePrefix, 7, fileName);
      header.written = { nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData };
      hasWritten = true;
    } else if (line.startsWith('#total columns exported')) {
      header.totalColumns = headerCount(line, n);
    } else if (/^#number of (time|load) steps \(planned\) =/.test(line)) {
      header.plannedSteps = headerCount(line, n);
    } else if (line.startsWith('#Flexdyn solution file format =')) {
      header.formatVersion = headerCount(line, n);
    } else if (line.startsWith('#number of ODE2 velocity coordinates =')) {
      header.nVelocityCoordinates = headerCount(line, n);
    } else if (line.startsWith('#model = ')) {
      try {
        header.model = JSON.parse(line.slice('#model = '.length)) as SolutionModelSummary;
      } catch (error) {
        throw new FlexdynError(`loadSolutionFile: '${fileName}' line ${n + 1}: the model summary must be JSON, got a parse error: ${(error as Error).message}`);
      }
    } else if (line.startsWith('#solution information = ')) {
      header.solutionInformation = line.slice('#solution information = '.length);
    } else if (line.startsWith('#simulation finished=')) {
      header.finished = line.slice('#simulation finished='.length).trim();
    } else if (line.startsWith('#Solver Info:')) {
      for (const entry of line.slice('#Solver Info:'.length).split(',')) {
        const k = entry.lastIndexOf('=');
        if (k > 0) header.solverInfo[entry.slice(0, k).trim()] = entry.slice(k + 1).trim();
      }
    } else if (n === 0) {
      header.title = line.slice(1).trim();
      const m = /^(?:Flexdyn|Exudyn) (.*?) ?(static )?solver solution file$/.exec(header.title);
      if (m !== null) { header.solverName = m[1]; header.isStatic = m[2] !== undefined; }
    }
  }
  if (!hasWritten) {
    throw new FlexdynError(`loadSolutionFile: '${fileName}' must have the header line '${writtenLinePrefix.trim()} […]', got none (file empty or header missing)`);
  }
  const w = header.written;
  const total = w.nODE2 + w.nVel2 + w.nAcc2 + w.nODE1 + w.nVel1 + w.nAlgebraic + w.nData;
  if (header.totalColumns !== 0 && header.totalColumns !== total) {
    throw new FlexdynError(`loadSolutionFile: '${fileName}': '#total columns exported' must equal the sum of the written coordinates ${total}, got ${header.totalColumns}`);
  }
  header.totalColumns = total;
  if (header.nVelocityCoordinates < 0) header.nVelocityCoordinates = w.nVel2 > 0 ? w.nVel2 : header.systemCoordinates.nODE2;
  const columns = total + 1;
  // A file whose title names its writer ends every row with a line break: a last row without one was cut off.
  const fromWriter = /^#(Flexdyn|Exudyn) /.test(lines[0] ?? '');
  const { data, skippedIncompleteLastRow } = parseDataRows(dataLines, columns, 'loadSolutionFile', fileName, lines.length, fromWriter);
  const nRows = data.rows;
  const block = (offset: number, width: number): RowMatrix => {
    const m = new RowMatrix(nRows, width);
    for (let r = 0; r < nRows; r++) m.data.set(data.data.subarray(r * columns + offset, r * columns + offset + width), r * width);
    return m;
  };
  let offset = 1;
  const coordinates = block(offset, w.nODE2); offset += w.nODE2;
  const velocities = w.nVel2 > 0 ? block(offset, w.nVel2) : undefined; offset += w.nVel2;
  const accelerations = w.nAcc2 > 0 ? block(offset, w.nAcc2) : undefined; offset += w.nAcc2;
  const ode1Coordinates = w.nODE1 > 0 ? block(offset, w.nODE1) : undefined; offset += w.nODE1;
  const ode1Velocities = w.nVel1 > 0 ? block(offset, w.nVel1) : undefined; offset += w.nVel1;
  const algebraicCoordinates = w.nAlgebraic > 0 ? block(offset, w.nAlgebraic) : undefined; offset += w.nAlgebraic;
  const dataCoordinates = w.nData > 0 ? block(offset, w.nData) : undefined;
  return {
    fileName, header, nRows, times: data.column(0), data, coordinates, velocities, accelerations, ode1Coordinates, ode1Velocities, algebraicCoordinates, dataCoordinates, skippedIncompleteLastRow,
    complete: header.finished !== '' && !skippedIncompleteLastRow,
  };
}

/** The row whose time is closest to t (ties: the earlier row); the solution must have rows. */
export function solutionRowAtTime(solution: Solution, t: number): number {
  if (solution.nRows === 0) throw new FlexdynError(`solutionRowAtTime: solution '${solution.fileName}' has no rows`);
  let best = 0;
  for (let i = 1; i < solution.nRows; i++) {
    if (Math.abs(solution.times[i] - t) < Math.abs(solution.times[best] - t)) best = i;
  }
  return best;
}

/** The coordinate vectors a solution row is copied into (a SystemState). */
export interface SolutionStateTarget {
  /** Position coordinates. */
  readonly q: Float64Array;
  /** Velocities. */
  readonly u: Float64Array;
  /** Accelerations. */
  readonly a: Float64Array;
  /** Algebraic coordinates. */
  readonly lambda: Float64Array;
  /** Data coordinates. */
  readonly data: Float64Array;
  /** Time. */
  t: number;
}

/**
 * Copies row `row` of a solution into a state: time, coordinates and the written velocities,
 * accelerations, algebraic and data coordinates; blocks the file does not hold are set to zero.
 * The sizes must match the state's (same model as the one that wrote the file).
 */
export function applySolutionRow(solution: Solution, row: number, target: SolutionStateTarget): void {
  if (!Number.isInteger(row) || row < 0 || row >= solution.nRows) {
    throw new FlexdynError(`setStateFromSolution: row must be an integer in 0 … ${solution.nRows - 1} (solution '${solution.fileName}'), got ${row}`);
  }
  const check = (what: string, written: number, expected: number) => {
    if (written !== 0 && written !== expected) {
      throw new FlexdynError(`setStateFromSolution: the solution's ${what} must have ${expected} entries as the system has, got ${written} (solution '${solution.fileName}' from another model?)`);
    }
  };
  const w = solution.header.written;
  if (w.nODE2 !== target.q.length) check('ODE2 coordinates', w.nODE2, target.q.length);
  check('ODE2 velocities', w.nVel2, target.u.length);
  check('ODE2 accelerations', w.nAcc2, target.a.length);
  check('algebraic coordinates', w.nAlgebraic, target.lambda.length);
  check('data coordinates', w.nData, target.data.length);
  target.t = solution.times[row];
  target.q.set(solution.coordinates.row(row));
  if (solution.velocities !== undefined) target.u.set(solution.velocities.row(row)); else target.u.fill(0);
  if (solution.accelerations !== undefined) target.a.set(solution.accelerations.row(row)); else target.a.fill(0);
  if (solution.algebraicCoordinates !== undefined) target.lambda.set(solution.algebraicCoordinates.row(row)); else target.lambda.fill(0);
  if (solution.dataCoordinates !== undefined) target.data.set(solution.dataCoordinates.row(row)); else target.data.fill(0);
}
