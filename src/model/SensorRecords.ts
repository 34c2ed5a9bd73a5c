import { FlexdynError } from '../core/errors.ts';

/** Rows per storage chunk: a chunk of a 3-value sensor is 4096 · 4 · 8 B = 128 kB, allocated once per 4096 rows. */
const rowsPerChunk = 4096;
/**
 * Rows of a table's first chunk when it is allocated; it doubles as rows arrive, up to {@link rowsPerChunk}: a short solve
 * (a few hundred rows, many solves per model) does not allocate and zero 128 kB per sensor (≈ 20 % of
 * solverExplicitODE1ODE2test's step loop, 15 solves of ≈ 730 steps).
 */
const firstChunkRows = 16;

/**
 * The rows of one sensor: [t, values…] rows of a fixed width, packed in Float64Array chunks of {@link rowsPerChunk} rows
 * (the first chunk allocated smaller and enlarged, see {@link firstChunkRows}).
 */
class SensorTable {
  /** Numbers per row (1 + number of values), fixed by the first row. */
  width = 0;
  /** Rows stored. */
  count = 0;
  /** Full chunks and the one being filled. */
  readonly chunks: Float64Array[] = [];
}

/**
 * Rows [t, values…] that sensors with storeInternal recorded, kept across solves until the next solver start.
 * Stored compactly (8 B per number, ≈ 32 B per row of a 3-value sensor instead of ≈ 91 B as arrays of arrays);
 * {@link SensorRecords.rowsOf} gives them back as number[][].
 */
export class SensorRecords {
  private readonly tables: SensorTable[] = [];

  /** Removes all rows and sizes the table for n sensors. */
  reset(numberOfSensors: number): void {
    this.tables.length = 0;
    for (let i = 0; i < numberOfSensors; i++) this.tables.push(new SensorTable());
  }

  /** Drops the rows of a deleted sensor; the rows of the later sensors move down by one index with their sensors. */
  remove(sensor: number): void {
    if (sensor < this.tables.length) this.tables.splice(sensor, 1);
  }

  /**
   * Appends one row [t, values…] for a sensor (copied: the recorder passes its row buffer); every row of a sensor must
   * have as many values as its first.
   */
  appendRow(sensor: number, row: ArrayLike<number>): void {
    const table = this.tables[sensor];
    const width = row.length;
    if (table.count === 0) table.width = width;
    else if (width !== table.width) {
      throw new FlexdynError(`Sensor #${sensor}: every row must have ${table.width - 1} values (as the first), got ${width - 1} at t = ${row[0]}`);
    }
    const inChunk = table.count % rowsPerChunk;
    const offset = inChunk * width;
    if (inChunk === 0) table.chunks.push(new Float64Array((table.count === 0 ? firstChunkRows : rowsPerChunk) * width));
    else if (offset === table.chunks[0].length) {
      // only the first chunk is ever full below rowsPerChunk rows: enlarge it
      const enlarged = new Float64Array(Math.min(2 * offset, rowsPerChunk * width));
      enlarged.set(table.chunks[0]);
      table.chunks[0] = enlarged;
    }
    const chunk = table.chunks[table.chunks.length - 1];
    for (let i = 0; i < width; i++) chunk[offset + i] = row[i];
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
