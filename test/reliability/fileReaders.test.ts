import { describe, expect, it } from 'vitest';
import { parseSolutionFile, parseSensorFile, FlexdynError } from '../../src/index.ts';
import { parseNumberField } from '../../src/io/textTable.ts';

const solutionHeader = [
  '#Flexdyn GeneralizedAlpha solver solution file',
  '#simulation started=2026-12-02 06:00:00',
  '#columns contain: time, ODE2 displacements',
  '#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [2,0,0,0]',
  '#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [2,0,0,0,0,0,0]',
  '#total columns exported  (excl. time) = 2',
  '#number of time steps (planned) = 2',
  '#',
];
const solutionFooter = ['#simulation finished=2026-12-02 06:00:01', '#Solver Info: cpuTime=0.1,stepReductionFailed(or step failed)=0,total time steps=2,total Newton iterations=4,total Newton jacobians=2'];

/** A solution file with the given data lines, header and footer; lines end with '\n' as the writer writes them. */
function solutionText(rows: string[], footer = true): string {
  return [...solutionHeader, ...rows, ...(footer ? solutionFooter : [])].join('\n') + '\n';
}

const sensorHeader = ['#Flexdyn GeneralizedAlpha sensor output file', '#measure SensorNode number = 0', '#columns: time, Position[0], Position[1]', '#'];

function flexdynError(fn: () => unknown): FlexdynError {
  try { fn(); } catch (error) {
    expect(error).toBeInstanceOf(FlexdynError);
    return error as FlexdynError;
  }
  throw new Error('expected a FlexdynError, got a normal return');
}

describe('reading solution and sensor files changes no data silently', () => {
  it('aFinishedFileIsCompleteAndReadExactly', () => {
    const solution = parseSolutionFile(solutionText(['0,0,0', '0.5,1.25e-3,-2', '1,nan,-inf']), 'sol.txt');
    expect(solution.complete).toBe(true);
    expect(solution.skippedIncompleteLastRow).toBe(false);
    expect(Array.from(solution.data.data)).toEqual([0, 0, 0, 0.5, 1.25e-3, -2, 1, NaN, -Infinity]);
  });

  const badFields: [string, string, RegExp][] = [
    ['emptyField', '0.5,,2', /line 10 column 2 must be a decimal number, got an empty field$/],
    ['blankField', '0.5, ,2', /line 10 column 2 must be a decimal number, got an empty field$/],
    ['rowCutAfterAComma', '0.5,1,', /line 10 column 3 must be a decimal number, got an empty field$/],
    ['hexadecimal', '0.5,0x10,2', /line 10 column 2 must be a decimal number, got '0x10'$/],
    ['binary', '0.5,0b1,2', /line 10 column 2 must be a decimal number, got '0b1'$/],
    ['octal', '0.5,0o7,2', /column 2 must be a decimal number, got '0o7'$/],
    ['danglingExponent', '0.5,1e,2', /column 2 must be a decimal number, got '1e'$/],
    ['twoSigns', '0.5,--1,2', /column 2 must be a decimal number, got '--1'$/],
    ['text', '0.5,abc,2', /column 2 must be a decimal number, got 'abc'$/],
    ['tooManyValues', '0.5,1,2,3', /line 10 must have 3 comma-separated values \(time \+ 2\), got 4$/],
    ['tooFewValuesInside', '0.5,1', /line 10 must have 3 comma-separated values \(time \+ 2\), got 2$/],
  ];
  for (const [name, row, message] of badFields) {
    it(`solutionFile_${name}_isRejectedWithFileAndLine`, () => {
      const error = flexdynError(() => parseSolutionFile(solutionText(['0,0,0', row, '1,1,1']), 'sol.txt'));
      expect(error.message).toMatch(/^loadSolutionFile: 'sol.txt' line 10 /);
      expect(error.message).toMatch(message);
    });
    it(`sensorFile_${name}_isRejectedWithFileAndLine`, () => {
      const text = [...sensorHeader, '0,0,0', row, '1,1,1', '#simulation finished=2026-12-02 06:00:01'].join('\n') + '\n';
      const error = flexdynError(() => parseSensorFile(text, 'sensor0.txt'));
      expect(error.message).toMatch(/^loadSensorFile: 'sensor0.txt' line 6 /);
    });
  }

  it('aFileWithoutFooterIsFlaggedIncomplete', () => {
    const solution = parseSolutionFile(solutionText(['0,0,0', '0.5,1,2'], false), 'killed.txt');
    expect(solution.complete).toBe(false);
    expect(solution.nRows).toBe(2);
    expect(solution.header.finished).toBe('');
  });

  it('aTruncatedLastValueIsDroppedAndFlagged', () => {
    // A killed run stops in the middle of '0.987654321': the last line has all fields but no line break.
    const text = [...solutionHeader, '0,0,0', '0.5,1,2', '1,0.5,0.98'].join('\n');
    const solution = parseSolutionFile(text, 'killed.txt');
    expect(solution.nRows).toBe(2);
    expect(solution.skippedIncompleteLastRow).toBe(true);
    expect(solution.complete).toBe(false);
  });

  it('aLastRowCutAfterACommaIsDroppedAndFlagged', () => {
    const solution = parseSolutionFile([...solutionHeader, '0,0,0', '0.5,1,'].join('\n'), 'killed.txt');
    expect(solution.nRows).toBe(1);
    expect(solution.skippedIncompleteLastRow).toBe(true);
  });

  it('aSensorFileWithoutFooterIsFlaggedIncomplete', () => {
    const finished = parseSensorFile([...sensorHeader, '0,0,0', '1,1,1', '#simulation finished=2026-12-02 06:00:01'].join('\n') + '\n', 's.txt');
    expect(finished.complete).toBe(true);
    const killed = parseSensorFile([...sensorHeader, '0,0,0', '1,1,0.3'].join('\n'), 's.txt');
    expect(killed.complete).toBe(false);
    expect(killed.skippedIncompleteLastRow).toBe(true);
    expect(killed.data.rows).toBe(1);
  });

  it('aHandWrittenTableWithoutHeaderKeepsItsLastRow', () => {
    const table = parseSensorFile('0,1\n1,2', 'hand.txt');
    expect(table.data.rows).toBe(2);
    expect(table.complete).toBe(true);
    expect(flexdynError(() => parseSensorFile('0,1\n1,', 'hand.txt')).message).toBe("loadSensorFile: 'hand.txt' line 2 column 2 must be a decimal number, got an empty field");
  });

  it('headerCountsMustBeDecimalIntegers', () => {
    const hex = solutionText(['0,0,0']).replace('#total columns exported  (excl. time) = 2', '#total columns exported  (excl. time) = 0x2');
    expect(flexdynError(() => parseSolutionFile(hex, 'h.txt')).message).toMatch(/^loadSolutionFile: 'h.txt' line 6 must end with '= <non-negative integer>', got '#total columns exported {2}\(excl. time\) = 0x2'$/);
    const written = solutionText(['0,0,0']).replace('= [2,0,0,0,0,0,0]', '= [2,0,,0,0,0,0]');
    expect(flexdynError(() => parseSolutionFile(written, 'w.txt')).message).toMatch(/must hold 7 non-negative integers, got '\[2,0,,0,0,0,0\]'$/);
  });

  it('parseNumberFieldAcceptsTheWritersNumbersOnly', () => {
    expect(parseNumberField(' -1.5e-3 ')).toBe(-1.5e-3);
    expect(parseNumberField('.5')).toBe(0.5);
    expect(parseNumberField('5.')).toBe(5);
    expect(parseNumberField('NaN')).toBeNaN();
    expect(parseNumberField('-Infinity')).toBe(-Infinity);
    expect(parseNumberField('inf')).toBe(Infinity);
    for (const bad of ['', ' ', '0x10', '1_000', '1e', 'e5', '.', '+', '1.2.3', 'Infinityx', 'constructor']) expect(parseNumberField(bad)).toBeUndefined();
  });
});
