import { baseName, readTextFile } from '../core/fileSystem.ts';
import { FlexdynError } from '../core/errors.ts';
import type { RowMatrix } from './rowMatrix.ts';
import { parseCountField, parseDataRows, type DataLine } from './textTable.ts';

/** The file sensor `sensorIndex` writes: its fileName, or `solution/sensor<index>.txt` when that is empty. */
export function sensorFileName(fileName: unknown, sensorIndex: number): string {
  return typeof fileName === 'string' && fileName !== '' ? fileName : `solution/sensor${sensorIndex}.txt`;
}

/** A sensor (or solution) file read back as a table: column 0 is time. */
export interface SensorFileData {
  /** File the data came from. */
  fileName: string;
  /** Column names including 'time' (from the '#columns:' line; 'column k' where the header gives none). */
  columnNames: string[];
  /** Output variable of the sensor ('' if the header does not name one). */
  outputVariableType: string;
  /** Rows [t, values…]. */
  data: RowMatrix;
  /** True if a last row cut off by a killed run (no line break at its end, or too few values) was dropped. */
  skippedIncompleteLastRow: boolean;
  /**
   * False if a file with a Flexdyn header lacks its footer ('#simulation finished=…'): the run that wrote it
   * was killed, so the rows may end early. True for finished files and for files without a Flexdyn header.
   */
  complete: boolean;
}

/**
 * Reads a text file of rows `t,v1,v2,…` with '#' header lines: a Flexdyn or Exudyn sensor file,
 * or a solution file (columns then named q[i], u[i], a[i], lambda[i]). Every value must be a decimal
 * number (error with file, line and column otherwise); a last row cut off by a killed run is dropped and
 * reported (`skippedIncompleteLastRow`), a Flexdyn file without its footer is flagged `complete: false`.
 */
export function loadSensorFile(path: string): SensorFileData {
  return parseSensorFile(readTextFile(path, 'loadSensorFile').text, path);
}

/** Parses the text of a sensor file (the format `loadSensorFile` of flexdyn/node reads by file name). */
export function parseSensorFile(text: string, fileName = ''): SensorFileData {
  const lines = text.split(/\r?\n/);
  let columnNames: string[] | undefined;
  let outputVariableType = '';
  let written: number[] | undefined;
  let flexdynHeader = false;
  let finished = false;
  const rows: DataLine[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      if (n === 0 && line.startsWith('#Flexdyn ')) flexdynHeader = true;
      if (line.startsWith('#columns:')) columnNames = line.slice('#columns:'.length).split(',').map((s) => s.trim());
      else if (line.startsWith('#OutputVariableType =')) outputVariableType = line.split('=')[1].trim();
      else if (line.startsWith('#simulation finished')) finished = true;
      else if (line.startsWith('#number of written coordinates')) {
        const m = /\[([^\]]*)\]\s*$/.exec(line);
        if (m !== null) written = m[1].split(',').map((v) => parseCountField(v) ?? -1);
      }
      continue;
    }
    rows.push({ text: line, line: n + 1 });
  }
  if (rows.length === 0) throw new FlexdynError(`loadSensorFile: '${fileName}' must contain data rows, got none`);
  const columns = columnNames?.length ?? rows[0].text.split(',').length;
  // A file whose title names its writer ends every row with a line break: a last row without one was cut off.
  const fromWriter = /^#(Flexdyn|Exudyn) /.test(lines[0]);
  const { data, skippedIncompleteLastRow } = parseDataRows(rows, columns, 'loadSensorFile', fileName, lines.length, fromWriter);
  if (columnNames === undefined) {
    columnNames = ['time'];
    if (written !== undefined && written.length === 7 && written.every((n) => n >= 0)) {
      const [nq, nu, na, nODE1, nVel1, nAE, nData] = written;
      const add = (prefix: string, n: number) => { for (let i = 0; i < n; i++) columnNames!.push(`${prefix}[${i}]`); };
      add('q', nq); add('u', nu); add('a', na); add('ODE1', nODE1); add('ODE1_t', nVel1); add('lambda', nAE); add('data', nData);
      if (outputVariableType === '') outputVariableType = 'Coordinates';
    }
    for (let c = columnNames.length; c < columns; c++) columnNames.push(outputVariableType !== '' ? `${outputVariableType}[${c - 1}]` : `column ${c}`);
    columnNames.length = columns;
  }
  if (outputVariableType === '' && columnNames.length > 1) {
    const m = /^([A-Za-z_]+)(\[\d+\])?$/.exec(columnNames[1]);
    if (m !== null && columnNames.slice(1).every((name) => name.startsWith(m[1]))) outputVariableType = m[1];
  }
  return { fileName, columnNames, outputVariableType, data, skippedIncompleteLastRow, complete: !skippedIncompleteLastRow && (!flexdynHeader || finished) };
}

/** A file's name without folder and extension (the default curve name of a file in plots). */
export function fileStem(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
