/** Rows [t, values…] that sensors with storeInternal recorded, kept across solves until the next solver start. */
export class SensorRecords {
  /** Rows per sensor index. */
  readonly rows: number[][][] = [];

  /** Removes all rows and sizes the table for n sensors. */
  reset(numberOfSensors: number): void {
    this.rows.length = 0;
    for (let i = 0; i < numberOfSensors; i++) this.rows.push([]);
  }

  /** Appends one row for a sensor. */
  append(sensor: number, t: number, values: ArrayLike<number>): void {
    const row = new Array<number>(values.length + 1);
    row[0] = t;
    for (let i = 0; i < values.length; i++) row[i + 1] = values[i];
    this.rows[sensor].push(row);
  }
}
