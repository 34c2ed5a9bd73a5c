// Sensor plots beside the scene: one SVG per sensor (axes with units, ticks, grid, a legend below the axes, a cursor at
// the shown time).
const svgNS = 'http://www.w3.org/2000/svg';
const palette = ['#d62728', '#2ca02c', '#1f77b4', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];

function element(name, attributes, parent) {
  const e = document.createElementNS(svgNS, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** About five round tick values covering [lo, hi]. */
export function niceTicks(lo, hi) {
  if (!(hi > lo)) { const d = Math.abs(lo) > 0 ? Math.abs(lo) * 0.1 : 1; lo -= d; hi += d; }
  const raw = (hi - lo) / 5, mag = 10 ** Math.floor(Math.log10(raw)), f = raw / mag;
  const step = (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step) ticks.push(Math.abs(v) < 1e-12 * step ? 0 : v);
  return { lo: Math.min(lo, ticks[0]), hi: Math.max(hi, ticks[ticks.length - 1]), ticks };
}

function label(v) {
  return Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(1) : String(Number(v.toPrecision(4)));
}

/** SI units of output variables (OutputVariableType members); a variable not listed is shown without unit. */
const units = {
  Position: 'm', Displacement: 'm', DisplacementLocal: 'm', Distance: 'm', Velocity: 'm/s', VelocityLocal: 'm/s',
  Acceleration: 'm/s²', AccelerationLocal: 'm/s²', Rotation: 'rad', AngularVelocity: 'rad/s', AngularVelocityLocal: 'rad/s',
  AngularAcceleration: 'rad/s²', AngularAccelerationLocal: 'rad/s²', Force: 'N', ForceLocal: 'N', Torque: 'N m', TorqueLocal: 'N m',
  CurvatureLocal: '1/m', StressLocal: 'Pa', EnergyPotential: 'J', EnergyKinetic: 'J',
};

/**
 * What a sensor column shows: its output variable, the component name (x, y, z for 3-vectors; the index otherwise) and
 * the variable's unit where known. Columns are named 'Variable[i]' or 'Variable' (scene.ts), user-function sensors
 * 'userFunction[i]'.
 */
export function describeColumn(column, count) {
  const m = /^(\w+)(?:\[(\d+)\])?$/.exec(column);
  if (!m) return { variable: column, component: '', unit: '' };
  const [, variable, index] = m;
  const component = index === undefined ? '' : count === 3 && variable !== 'userFunction' ? 'xyz'[Number(index)] : `[${index}]`;
  return { variable: variable === 'userFunction' ? 'value' : variable, component, unit: units[variable] ?? '' };
}

/**
 * Draws a sensor (columns: time, values…; rows: Float64Array row-major) into container; returns { setTime(t) }.
 * The legend (sensor name and component per curve) sits below the axes, never on the data; the axes name the time in
 * s and the variable with its unit.
 */
export function createSensorPlot(container, sensor, rows) {
  const nCols = sensor.columns.length, n = sensor.nRows;
  const columns = sensor.columns.slice(1).map((c) => describeColumn(c, nCols - 1));
  const who = sensor.name || sensor.label;
  const legend = columns.map((c) => `${who}: ${c.variable}${c.component ? ' ' + c.component : ''}`);
  // legend entries below the axes, two per row if they fit (≈ 5.5 px per character at font size 10)
  const W = 340, perRow = Math.max(...legend.map((t) => t.length)) * 5.5 + 24 <= (W - 52) / 2 ? 2 : 1, legendRows = Math.ceil(legend.length / perRow);
  const left = 52, right = 8, top = 8, plotHeight = 166, bottom = 30, H = top + plotHeight + bottom + 14 * legendRows;
  const heading = document.createElement('h3');
  heading.textContent = sensor.name ? `${sensor.label} '${sensor.name}'` : sensor.label;
  container.appendChild(heading);
  const svg = element('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: 'sensor-plot' }, container);
  let tMin = Infinity, tMax = -Infinity, yMin = Infinity, yMax = -Infinity;
  for (let r = 0; r < n; r++) {
    tMin = Math.min(tMin, rows[r * nCols]); tMax = Math.max(tMax, rows[r * nCols]);
    for (let c = 1; c < nCols; c++) { yMin = Math.min(yMin, rows[r * nCols + c]); yMax = Math.max(yMax, rows[r * nCols + c]); }
  }
  const tx = niceTicks(tMin, tMax), ty = niceTicks(yMin, yMax);
  const axisBottom = top + plotHeight;
  const X = (t) => left + ((t - tx.lo) / (tx.hi - tx.lo)) * (W - left - right);
  const Y = (y) => axisBottom - ((y - ty.lo) / (ty.hi - ty.lo)) * plotHeight;
  for (const t of tx.ticks) {
    element('line', { x1: X(t), x2: X(t), y1: top, y2: axisBottom, stroke: '#e4e4e4' }, svg);
    element('text', { x: X(t), y: axisBottom + 12, 'text-anchor': 'middle', 'font-size': 10, fill: '#444' }, svg).textContent = label(t);
  }
  for (const y of ty.ticks) {
    element('line', { x1: left, x2: W - right, y1: Y(y), y2: Y(y), stroke: '#e4e4e4' }, svg);
    element('text', { x: left - 4, y: Y(y) + 3, 'text-anchor': 'end', 'font-size': 10, fill: '#444' }, svg).textContent = label(y);
  }
  element('rect', { x: left, y: top, width: W - left - right, height: plotHeight, fill: 'none', stroke: '#888' }, svg);
  element('text', { x: W - right, y: axisBottom + 24, 'text-anchor': 'end', 'font-size': 10, fill: '#444', class: 'x-label' }, svg).textContent = 'time [s]';
  // y axis: the variable and its unit if all curves share them (user-function values have neither)
  const variables = [...new Set(columns.map((c) => `${c.variable}${c.unit ? ` [${c.unit}]` : ''}`))];
  if (variables.length === 1 && variables[0] !== 'value') {
    element('text', { x: 10, y: top + plotHeight / 2, 'text-anchor': 'middle', 'font-size': 10, fill: '#444', class: 'y-label', transform: `rotate(-90 10 ${top + plotHeight / 2})` }, svg).textContent = variables[0];
  }
  for (let c = 1; c < nCols; c++) {
    let d = '';
    for (let r = 0; r < n; r++) d += `${r === 0 ? 'M' : 'L'}${X(rows[r * nCols]).toFixed(1)},${Y(rows[r * nCols + c]).toFixed(1)}`;
    const colour = palette[(c - 1) % palette.length];
    element('path', { d, fill: 'none', stroke: colour, 'stroke-width': 1.3 }, svg);
    const row = Math.floor((c - 1) / perRow), column = (c - 1) % perRow;
    const lx = left + column * ((W - left) / perRow), ly = axisBottom + bottom + 14 * row + 4;
    element('line', { x1: lx, x2: lx + 14, y1: ly - 3, y2: ly - 3, stroke: colour, 'stroke-width': 2 }, svg);
    element('text', { x: lx + 18, y: ly, 'font-size': 10, fill: '#222', class: 'legend' }, svg).textContent = legend[c - 1];
  }
  const cursor = element('line', { y1: top, y2: axisBottom, stroke: '#000', 'stroke-dasharray': '3,2', class: 'cursor' }, svg);
  return {
    setTime(t) { const x = X(Math.min(Math.max(t, tx.lo), tx.hi)); cursor.setAttribute('x1', x); cursor.setAttribute('x2', x); },
  };
}
