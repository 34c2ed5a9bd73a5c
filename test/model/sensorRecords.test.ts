/**
 * SensorRecords keeps the rows of storeInternal sensors packed in Float64Array chunks (issue 12, resources): the rows
 * come back exactly as written into the staged places, across chunk boundaries, a staged row counts only when committed,
 * and a row of another width is an error.
 * @module
 */
import { describe, expect, it } from 'vitest';
import { SensorRecords } from '../../src/model/SensorRecords.ts';
import { FlexdynError } from '../../src/core/errors.ts';

/** Stages a row [t, values…] for a sensor, writes it where stageRow says and commits it. */
function appendRow(records: SensorRecords, sensor: number, row: ArrayLike<number>): void {
  const chunk = records.stageRow(sensor, row.length, row[0]);
  const start = records.stagedOffset(sensor);
  for (let k = 0; k < row.length; k++) chunk[start + k] = row[k];
  records.commitRow(sensor);
}

describe('SensorRecords', () => {
  it('returns every row [t, values…] bit for bit across chunk boundaries (10000 rows = 3 chunks), per sensor', () => {
    const records = new SensorRecords();
    records.reset(3);
    const expected: number[][] = [];
    for (let i = 0; i < 10000; i++) {
      const values = [Math.sin(i) * 1e-7, 1 / (i + 3), -i];
      appendRow(records, 1, new Float64Array([i * 1e-3, ...values]));
      expected.push([i * 1e-3, ...values]);
      if (i % 1000 === 0) appendRow(records, 2, [i, i / 7]);
    }
    expect(records.rowsOf(1)).toEqual(expected);
    expect(records.rowsOf(2)).toEqual(Array.from({ length: 10 }, (_, k) => [k * 1000, (k * 1000) / 7]));
    expect(records.rowsOf(0)).toEqual([]);
    expect(records.rowsOf(5)).toEqual([]);
    // the returned rows are copies: changing them does not change the records
    records.rowsOf(1)[0][0] = 99;
    expect(records.rowsOf(1)[0][0]).toBe(0);
    records.reset(2);
    expect(records.rowsOf(1)).toEqual([]);
  });

  it('a row with another number of values than the first is a FlexdynError naming the sensor, the widths and the time', () => {
    const records = new SensorRecords();
    records.reset(1);
    appendRow(records, 0, [0, 1, 2, 3]);
    expect(() => appendRow(records, 0, [0.5, 1, 2])).toThrow(FlexdynError);
    expect(() => appendRow(records, 0, [0.5, 1, 2])).toThrow(/^Sensor #0: every row must have 3 values \(as the first\), got 2 at t = 0.5$/);
  });

  it('a staged row counts only when committed; staging again writes the same place, also at a chunk boundary', () => {
    const records = new SensorRecords();
    records.reset(2);
    for (let i = 0; i < 4096; i++) appendRow(records, 0, [i, 2 * i]);
    // the first chunk is full: the staged row goes into a new chunk, and an uncommitted one leaves no row
    const chunk = records.stageRow(0, 2, 4096);
    expect(records.stagedOffset(0)).toBe(0);
    chunk[0] = 99; chunk[1] = 98;
    expect(records.rowsOf(0)).toHaveLength(4096);
    expect(records.stageRow(0, 2, 4096)).toBe(chunk);
    expect(records.stagedOffset(0)).toBe(0);
    chunk[0] = 4096; chunk[1] = 8192;
    records.commitRow(0);
    appendRow(records, 0, [4097, 8194]);
    expect(records.rowsOf(0)).toEqual(Array.from({ length: 4098 }, (_, i) => [i, 2 * i]));
    // a row of a sensor with rows of another width is refused at staging (nothing stored for it)
    appendRow(records, 1, [0, 1, 2]);
    expect(() => records.stageRow(1, 2, 0.5)).toThrow(/^Sensor #1: every row must have 2 values \(as the first\), got 1 at t = 0.5$/);
    expect(records.rowsOf(1)).toEqual([[0, 1, 2]]);
  });

  it('keeps the row buffer of each sensor across rows and resets while its width stays, and moves it down with a removed sensor', () => {
    const records = new SensorRecords();
    records.reset(3);
    const first = records.rowBuffer(1, 4);
    expect(first).toHaveLength(4);
    first.set([1, 2, 3, 4]);
    expect(records.rowBuffer(1, 4)).toBe(first);
    records.reset(3);
    expect(records.rowBuffer(1, 4)).toBe(first);
    const wider = records.rowBuffer(1, 5);
    expect(wider).not.toBe(first);
    expect(wider).toHaveLength(5);
    const other = records.rowBuffer(2, 2);
    records.remove(1);
    expect(records.rowBuffer(1, 2)).toBe(other);
  });
});
