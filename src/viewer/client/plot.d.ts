/**
 * Types of the viewer page's plot module (plot.js runs in the browser as it is; this declaration lets the Node tests
 * import it).
 * @module
 */

/** Axis ticks at a 1-2-5 step covering lo … hi (widened to whole ticks). */
export function niceTicks(lo: number, hi: number): { lo: number; hi: number; ticks: number[] };

/** What a sensor column shows: output variable, component name and unit. */
export function describeColumn(column: string, count: number): { variable: string; component: string; unit: string };

/** Draws a sensor into container; returns { setTime(t) }. */
export function createSensorPlot(container: unknown, sensor: { columns: string[]; nRows: number; label: string; name: string }, rows: Float64Array): { setTime(t: number): void };
