import { FlexdynError } from '../core/errors.ts';

/** Rows per storage chunk: a chunk of a 3-value sensor is 4096 · 4 · 8 B = 128 kB, allocated once per 4096 rows. */
const rowsPerChunk = 4096;
/**
 * Rows of a table's first chunk when it is allocated; it doubles as rows arrive, up to {@link rowsPerChunk}: a short solve
 * (a few hundred rows, many solves per model) does not allocate and zero 128 kB per sensor (≈ 20 % of
 * solverExplicitODE1ODE2test's step loop, 15 solves of ≈ 730 steps).
 */
const firstChunkRows = 16;

/** The first chunk of every table before its first row (zero length: never written). */
const noRows = new Float64Array(0);

/**
 * The rows of one sensor: [t, values…] rows of a fixed width, packed in Float64Array chunks of {@link rowsPerChunk} rows
 * (the first chunk allocated smaller and enlarged, see {@link firstChunkRows}).
 */
class SensorTable {
  /** Numbers per row (1 + number of values), fixed by the first row. */
  width = 0;
  /** Rows stored. */
  count = 0;
  /** Numbers written into the last chunk. */
  used = 0;
  /**
   * Full chunks and the one being filled; a new table holds one empty chunk, which the first row enlarges as every full
   * chunk below {@link rowsPerChunk} rows is: a table's first row takes the path of its later rows, so that the optimized
   * appendRow of one solve does not meet an operation it never saw at the next solve's first row (V8 deoptimized it there).
   */
  readonly chunks: Float64Array[] = [noRows];
}

/**
 * Rows [t, values…] that sensors with storeInternal recorded, kept across solves until the next solver start.
 * Stored compactly (8 B per number, ≈ 32 B per row of a 3-value sensor instead of ≈ 91 B as arrays of arrays);
 * {@link SensorRecords.rowsOf} gives them back as number[][].
 */
export class SensorRecords {
  private readonly tables: SensorTable[] = [];
  /**
   * Each sensor's [t, values…] buffer of the row being recorded (see {@link SensorRecords.rowBuffer}), kept across solves:
   * the first row of the next solve finds it at its length and takes no allocation path, which V8's optimized recorder of
   * the previous solve had never seen (it threw that code away there, in every solve after the first).
   */
  private readonly rowBuffers: Float64Array[] = [];

  /** Removes all rows and sizes the table for n sensors. */
  reset(numberOfSensors: number): void {
    this.tables.length = 0;
    for (let i = 0; i < numberOfSensors; i++) this.tables.push(new SensorTable());
    while (this.rowBuffers.length < numberOfSensors) this.rowBuffers.push(noRows);
  }

  /** Drops the rows of a deleted sensor; the rows of the later sensors move down by one index with their sensors. */
  remove(sensor: number): void {
    if (sensor < this.tables.length) this.tables.splice(sensor, 1);
    if (sensor < this.rowBuffers.length) this.rowBuffers.splice(sensor, 1);
  }

  /**
   * A sensor's buffer for the row being recorded, of the given width (1 + number of values): the same array from row to row
   * and solve to solve while the width stays (its contents are the caller's until the next call for this sensor); a sensor
   * beyond {@link SensorRecords.reset}'s count has none.
   */
  rowBuffer(sensor: number, width: number): Float64Array {
    let row = this.rowBuffers[sensor];
    if (row.length !== width) {
      row = new Float64Array(width);
      this.rowBuffers[sensor] = row;
    }
    return row;
  }

  /**
   * The chunk to write a sensor's next row [t, values…] into, from {@link SensorRecords.stagedOffset} on (a row of the given
   * width fits there); the row counts only after {@link SensorRecords.commitRow}, and staging again before that writes the
   * same place. Every row of a sensor must have as many values as its first (t names the row in the error).
   */
  stageRow(sensor: number, width: number, t: number): Float64Array {
    const table = this.tables[sensor];
    if (table.count !== 0 && width !== table.width) {
      throw new FlexdynError(`Sensor #${sensor}: every row must have ${table.width - 1} values (as the first), got ${width - 1} at t = ${t}`);
    }
    table.width = width;
    const chunk = table.chunks[table.chunks.length - 1];
    return table.used === chunk.length ? nextChunk(table, width) : chunk;
  }

  /** Where the staged row of a sensor begins in the chunk {@link SensorRecords.stageRow} returned. */
  stagedOffset(sensor: number): number {
    return this.tables[sensor].used;
  }

  /** Stores the row last staged for a sensor ({@link SensorRecords.stageRow}). */
  commitRow(sensor: number): void {
    const table = this.tables[sensor];
    table.used += table.width;
    table.count++;
  }

  /** The rows of a sensor as new arrays [t, values…] (none for a sensor without rows or an index beyond the table). */
  rowsOf(sensor: number): number[][] {
    const table = this.tables[sensor];
    if (table === undefined) return [];
    const rows = new Array<number[]>(table.count);
    for (let r = 0; r < table.count; r++) {
      const offset = (r % rowsPerChunk) * table.width;
      rows[r] = Array.from(table.chunks[Math.floor(r / rowsPerChunk)].subarray(offset, offset + table.width));
    }
    return rows;
  }
}

/**
 * The chunk for a table's next row when its last chunk is full: the first chunk enlarged (to {@link firstChunkRows} rows
 * at the first row, then doubled up to {@link rowsPerChunk} rows), else a new chunk of {@link rowsPerChunk} rows.
 */
function nextChunk(table: SensorTable, width: number): Float64Array {
  const last = table.chunks.length - 1;
  const full = table.chunks[last];
  if (full.length >= rowsPerChunk * width) {
    const chunk = new Float64Array(rowsPerChunk * width);
    table.chunks.push(chunk);
    table.used = 0;
    return chunk;
  }
  const enlarged = new Float64Array(Math.min(Math.max(2 * full.length, firstChunkRows * width), rowsPerChunk * width));
  enlarged.set(full);
  table.chunks[last] = enlarged;
  return enlarged;
}
