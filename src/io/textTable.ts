import { FlexdynError } from '../core/errors.ts';
import { RowMatrix } from './rowMatrix.ts';

/** A data line of a text file and its 1-based line number. */
export interface DataLine {
  /** The line's text (without line break). */
  readonly text: string;
  /** 1-based line number in the file. */
  readonly line: number;
}

/** Decimal numbers as the writers print them: optional sign, digits with optional fraction, optional exponent. */
const decimalPattern = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Non-finite values as Flexdyn (JavaScript), Exudyn (C++ streams) and numpy print them. */
const nonFiniteValues: Record<string, number> = {
  nan: NaN, '+nan': NaN, '-nan': NaN, 'nan(ind)': NaN, '-nan(ind)': NaN,
  inf: Infinity, '+inf': Infinity, '-inf': -Infinity, infinity: Infinity, '+infinity': Infinity, '-infinity': -Infinity,
};

/**
 * The number a field of a data row holds, or undefined when the field is not a decimal number: an empty
 * field, `0x10`, `0b1`, `1,5`, `1e` are rejected (JavaScript's Number() would read '' as 0 and `0x10` as 16).
 */
export function parseNumberField(field: string): number | undefined {
  const text = field.trim();
  if (decimalPattern.test(text)) return Number(text);
  const special = text.toLowerCase();
  return Object.hasOwn(nonFiniteValues, special) ? nonFiniteValues[special] : undefined;
}

/** A header value that must be a non-negative integer written in decimal digits, or undefined. */
export function parseCountField(field: string): number | undefined {
  const text = field.trim();
  return /^\d+$/.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER ? Number(text) : undefined;
}

/** The rows read from data lines, and whether the last line was dropped as cut off. */
export interface ParsedRows {
  /** The rows, one per complete data line. */
  data: RowMatrix;
  /** True if the last data line was cut off (no line break at the end of the file, or too few values) and was dropped. */
  skippedIncompleteLastRow: boolean;
}

/**
 * Reads data lines of `columns` comma-separated decimal numbers into a RowMatrix. Every field must be a
 * number (an empty field, a row cut after a comma, `0x10` is an error naming file, line and column). A
 * writer ends every row with a line break; when `cutOffPossible` (the file comes from a writer), a last line
 * without one or with fewer values is a row cut by a killed run: it is dropped and reported in the result.
 * `linesInFile` is the number of pieces the text split into at line breaks.
 */
export function parseDataRows(lines: readonly DataLine[], columns: number, reader: string, fileName: string, linesInFile: number, cutOffPossible: boolean): ParsedRows {
  let count = lines.length;
  let skippedIncompleteLastRow = false;
  if (count > 0 && cutOffPossible) {
    const last = lines[count - 1];
    // Split at '\n', a file ending with a line break has an empty last piece: a line is terminated when one follows it.
    const terminated = last.line < linesInFile;
    if (!terminated || countFields(last.text) < columns) { count--; skippedIncompleteLastRow = true; }
  }
  const data = new RowMatrix(count, columns);
  for (let r = 0; r < count; r++) {
    const { text, line } = lines[r];
    const fields = text.split(',');
    if (fields.length !== columns) {
      throw new FlexdynError(`${reader}: '${fileName}' line ${line} must have ${columns} comma-separated values${columns > 1 ? ` (time + ${columns - 1})` : ''}, got ${fields.length}`);
    }
    for (let c = 0; c < columns; c++) {
      const value = parseNumberField(fields[c]);
      if (value === undefined) {
        const got = fields[c].trim() === '' ? 'an empty field' : `'${fields[c].length > 40 ? fields[c].slice(0, 40) + '…' : fields[c]}'`;
        throw new FlexdynError(`${reader}: '${fileName}' line ${line} column ${c + 1} must be a decimal number, got ${got}`);
      }
      data.data[r * columns + c] = value;
    }
  }
  return { data, skippedIncompleteLastRow };
}

function countFields(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++;
  return n;
}
