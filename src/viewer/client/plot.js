// Sensor plots beside the scene: one SVG per sensor (axes, ticks, grid, legend, a cursor at the shown time).
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

/** Draws a sensor (columns: time, values…; rows: Float64Array row-major) into container; returns { setTime(t) }. */
export function createSensorPlot(container, sensor, rows) {
  const W = 340, H = 200, left = 52, right = 8, top = 8, bottom = 26;
  const nCols = sensor.columns.length, n = sensor.nRows;
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
  const X = (t) => left + ((t - tx.lo) / (tx.hi - tx.lo)) * (W - left - right);
  const Y = (y) => H - bottom - ((y - ty.lo) / (ty.hi - ty.lo)) * (H - top - bottom);
  for (const t of tx.ticks) {
    element('line', { x1: X(t), x2: X(t), y1: top, y2: H - bottom, stroke: '#e4e4e4' }, svg);
    element('text', { x: X(t), y: H - bottom + 14, 'text-anchor': 'middle', 'font-size': 10, fill: '#444' }, svg).textContent = label(t);
  }
  for (const y of ty.ticks) {
    element('line', { x1: left, x2: W - right, y1: Y(y), y2: Y(y), stroke: '#e4e4e4' }, svg);
    element('text', { x: left - 4, y: Y(y) + 3, 'text-anchor': 'end', 'font-size': 10, fill: '#444' }, svg).textContent = label(y);
  }
  element('rect', { x: left, y: top, width: W - left - right, height: H - top - bottom, fill: 'none', stroke: '#888' }, svg);
  element('text', { x: W - right, y: H - 2, 'text-anchor': 'end', 'font-size': 10, fill: '#444' }, svg).textContent = 'time';
  for (let c = 1; c < nCols; c++) {
    let d = '';
    for (let r = 0; r < n; r++) d += `${r === 0 ? 'M' : 'L'}${X(rows[r * nCols]).toFixed(1)},${Y(rows[r * nCols + c]).toFixed(1)}`;
    const colour = palette[(c - 1) % palette.length];
    element('path', { d, fill: 'none', stroke: colour, 'stroke-width': 1.3 }, svg);
    element('text', { x: left + 6, y: top + 12 * c, 'font-size': 10, fill: colour }, svg).textContent = sensor.columns[c];
  }
  const cursor = element('line', { y1: top, y2: H - bottom, stroke: '#000', 'stroke-dasharray': '3,2', class: 'cursor' }, svg);
  return {
    setTime(t) { const x = X(Math.min(Math.max(t, tx.lo), tx.hi)); cursor.setAttribute('x1', x); cursor.setAttribute('x2', x); },
  };
}
