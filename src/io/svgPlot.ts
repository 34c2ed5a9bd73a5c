import { optionNames, ownOptions } from '../core/dictionary.ts';
import { FlexdynError } from '../core/errors.ts';
import { extensionOf, writeFile } from '../core/fileSystem.ts';

/** One curve of an SVG line plot. */
export interface PlotCurve {
  /** x values. */
  x: ArrayLike<number>;
  /** y values (same length as x; NaN breaks the line). */
  y: ArrayLike<number>;
  /** Legend text ('' leaves the curve out of the legend). */
  label: string;
  /** CSS colour; default: the colour cycle. */
  color?: string;
  /** '-' (default), '--', ':', '-.' or '' (no line, markers only). */
  lineStyle?: string;
  /** Line width in px (default 1.5). */
  lineWidth?: number;
  /** Marker: 'o', 's', '^', 'v', 'd', 'x', '+' or '' (default: none). */
  markerStyle?: string;
  /** Marker size in px (default 6). */
  markerSize?: number;
}

/** Layout of an SVG line plot. */
export interface SvgPlotOptions {
  /** Title above the axes. */
  title?: string;
  /** x-axis label. */
  xLabel?: string;
  /** y-axis label. */
  yLabel?: string;
  /** Fixed x range [min, max]; default: data range with 5 % margins. */
  rangeX?: readonly [number, number] | readonly number[];
  /** Fixed y range [min, max]; default: data range with 5 % margins. */
  rangeY?: readonly [number, number] | readonly number[];
  /** Maximum number of major ticks on the x axis (default 10). */
  majorTicksX?: number;
  /** Maximum number of major ticks on the y axis (default 10). */
  majorTicksY?: number;
  /** Figure size in inches at 100 px per inch (default [6.4, 4.8], matplotlib's). */
  sizeInches?: readonly [number, number] | readonly number[];
  /** Font size of tick labels and legend in px (default 13; labels and title are larger). */
  fontSize?: number;
  /** Draw the grid (default true). */
  grid?: boolean;
  /** Draw the legend when a curve has a label (default true). */
  legend?: boolean;
  /** Markers: ≥ 1 = about this many per curve; < 1 = spacing relative to the plot diagonal (default 0.08). */
  markerDensity?: number;
  /** Logarithmic x axis (ticks at decades, or 1-2-5 within fewer than three; values ≤ 0 are left out). */
  logScaleX?: boolean;
  /** Logarithmic y axis (ticks at decades, or 1-2-5 within fewer than three; values ≤ 0 are left out). */
  logScaleY?: boolean;
}

/** The option names of {@link SvgPlotOptions}, for the unknown-option check of svgPlot. */
const svgPlotOptionNames = optionNames<SvgPlotOptions>({
  title: true, xLabel: true, yLabel: true, rangeX: true, rangeY: true, majorTicksX: true, majorTicksY: true, sizeInches: true, fontSize: true, grid: true, legend: true, markerDensity: true, logScaleX: true, logScaleY: true,
});

/** Colour cycle of the curves (matplotlib's tab10). */
export const plotColors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/** Major ticks of an axis: positions and the step between them. */
export interface AxisTicks {
  /** Tick positions in data units, ascending. */
  ticks: number[];
  /** Step between ticks (1, 2, 2.5 or 5 times a power of ten). */
  step: number;
}

/**
 * Ticks at multiples of a "nice" step (1, 2, 2.5, 5 · 10^k) inside [min, max]: the smallest
 * such step that gives at most maxTicks ticks; for maxTicks ≥ 4 there are at least 2 (the next
 * smaller step gave more than maxTicks and is at least half as large).
 */
export function niceTicks(min: number, max: number, maxTicks = 10): AxisTicks {
  if (!Number.isFinite(min) || !Number.isFinite(max) || !(max > min)) {
    throw new FlexdynError(`niceTicks: the range must be finite with max > min, got [${min}, ${max}]`);
  }
  if (!Number.isInteger(maxTicks) || maxTicks < 2) throw new FlexdynError(`niceTicks: maxTicks must be an integer ≥ 2, got ${maxTicks}`);
  const span = max - min;
  let exponent = Math.floor(Math.log10(span / maxTicks));
  for (;;) {
    for (const mantissa of [1, 2, 2.5, 5]) {
      const step = mantissa * 10 ** exponent;
      const first = Math.ceil(min / step - 1e-9);
      const last = Math.floor(max / step + 1e-9);
      if (last - first + 1 <= maxTicks) {
        const ticks: number[] = [];
        for (let k = first; k <= last; k++) ticks.push(cleanTick(k, mantissa, exponent));
        return { ticks, step };
      }
    }
    exponent++;
  }
}

/** k · mantissa · 10^exponent without binary round-off artifacts in its decimal form. */
function cleanTick(k: number, mantissa: number, exponent: number): number {
  const value = k * mantissa * 10 ** exponent;
  return value === 0 ? 0 : Number(value.toPrecision(12));
}

/** Formats tick values with the fewest decimals that tell them apart (exponent form for very large/small). */
export function formatTicks(ticks: readonly number[], step: number): string[] {
  const largest = Math.max(...ticks.map(Math.abs));
  if (largest >= 1e5 || (largest > 0 && largest < 1e-3)) return ticks.map((t) => (t === 0 ? '0' : t.toExponential().replace('e+', 'e')));
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9) + (isQuarterStep(step) ? 1 : 0));
  return ticks.map((t) => {
    const s = t.toFixed(Math.min(decimals, 20));
    return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
  });
}

/** True for steps 2.5·10^k, which need one decimal more than their power of ten. */
function isQuarterStep(step: number): boolean {
  const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
  return Math.abs(mantissa - 2.5) < 1e-6;
}

/** Tick positions (in axis units: log10 of the value on log axes), the values they stand for, and labels. */
interface AxisLayout { positions: number[]; values: number[]; labels: string[] }

/** Label of the decade 10^k: plain for |k| ≤ 3, else '1e<k>'. */
function decadeLabel(k: number): string {
  return Math.abs(k) <= 3 ? String(Number((10 ** k).toPrecision(1))) : `1e${k}`;
}

/** Ticks of a linear axis, or of a log axis at decades (1, 2, 5 — or 1 … 9 — per decade when fewer than three decades are inside). */
function axisLayout(range: [number, number], maxTicks: number, log: boolean): AxisLayout {
  if (!log) {
    const { ticks, step } = niceTicks(range[0], range[1], maxTicks);
    return { positions: ticks, values: ticks, labels: formatTicks(ticks, step) };
  }
  const first = Math.ceil(range[0] - 1e-9);
  const last = Math.floor(range[1] + 1e-9);
  if (last - first >= 2) {
    const every = Math.max(1, Math.ceil((last - first + 1) / maxTicks));
    const positions: number[] = [];
    for (let k = first; k <= last; k += every) positions.push(k);
    return { positions, values: positions.map((k) => Number((10 ** k).toPrecision(1))), labels: positions.map(decadeLabel) };
  }
  const inside = (mantissas: readonly number[]) => {
    const values: number[] = [];
    for (let k = Math.floor(range[0]); k <= Math.ceil(range[1]); k++) {
      for (const m of mantissas) {
        const v = Number((m * 10 ** k).toPrecision(1));
        const u = Math.log10(v);
        if (u >= range[0] - 1e-9 && u <= range[1] + 1e-9) values.push(v);
      }
    }
    return values;
  };
  let values = inside([1, 2, 5]);
  if (values.length < 3) values = inside([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return { positions: values.map(Math.log10), values, labels: values.map((v) => String(v)) };
}

/** The values in axis units: log10 for log axes (non-positive values become NaN). */
function axisUnits(values: ArrayLike<number>, log: boolean): Float64Array {
  const out = Float64Array.from(values as ArrayLike<number>);
  if (log) for (let i = 0; i < out.length; i++) out[i] = out[i] > 0 ? Math.log10(out[i]) : NaN;
  return out;
}

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const dashPatterns: Record<string, (w: number) => string | undefined> = {
  '-': () => undefined,
  '--': (w) => `${4 * w},${2.5 * w}`,
  ':': (w) => `${w},${1.8 * w}`,
  '-.': (w) => `${4 * w},${1.8 * w},${w},${1.8 * w}`,
};

function checkRange(name: string, range: readonly number[] | undefined): [number, number] | undefined {
  if (range === undefined || range.length === 0) return undefined;
  if (range.length !== 2 || !Number.isFinite(range[0]) || !Number.isFinite(range[1]) || !(range[1] > range[0])) {
    throw new FlexdynError(`plot: ${name} must be [min, max] with finite min < max, got [${range.join(', ')}]`);
  }
  return [range[0], range[1]];
}

/** Data range of some arrays, ignoring non-finite values; undefined if there is none. */
function dataRange(arrays: ArrayLike<number>[]): [number, number] | undefined {
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of arrays) {
    for (let i = 0; i < a.length; i++) {
      const v = a[i];
      if (Number.isFinite(v)) { if (v < lo) lo = v; if (v > hi) hi = v; }
    }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

/** Axis limits: the data range with 5 % margins (a constant gets ±max(|v|·0.05, 1e-3·…, 1)). */
function paddedRange(range: [number, number] | undefined): [number, number] {
  if (range === undefined) return [0, 1];
  const [lo, hi] = range;
  if (hi > lo) {
    const pad = 0.05 * (hi - lo);
    return [lo - pad, hi + pad];
  }
  const pad = lo === 0 ? 1 : 0.05 * Math.abs(lo);
  return [lo - pad, hi + pad];
}

function markerPath(style: string, x: number, y: number, size: number): string {
  const r = size / 2;
  const f = (v: number) => v.toFixed(2);
  switch (style) {
    case 'o': return `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0Z`;
    case 's': return `M${f(x - r)},${f(y - r)}h${f(2 * r)}v${f(2 * r)}h${f(-2 * r)}Z`;
    case '^': return `M${f(x)},${f(y - r)}L${f(x + r)},${f(y + r)}L${f(x - r)},${f(y + r)}Z`;
    case 'v': return `M${f(x)},${f(y + r)}L${f(x + r)},${f(y - r)}L${f(x - r)},${f(y - r)}Z`;
    case 'd': return `M${f(x)},${f(y - r)}L${f(x + r)},${f(y)}L${f(x)},${f(y + r)}L${f(x - r)},${f(y)}Z`;
    case 'x': return `M${f(x - r)},${f(y - r)}L${f(x + r)},${f(y + r)}M${f(x - r)},${f(y + r)}L${f(x + r)},${f(y - r)}`;
    case '+': return `M${f(x - r)},${f(y)}L${f(x + r)},${f(y)}M${f(x)},${f(y - r)}L${f(x)},${f(y + r)}`;
    default: throw new FlexdynError(`plot: markerStyle must be one of 'o', 's', '^', 'v', 'd', 'x', '+' or '', got '${style}'`);
  }
}

/**
 * An SVG line plot (no native dependencies): frame, major ticks with labels, grid, axis labels,
 * title and a legend in the corner that hides the fewest points; curves are clipped to the axes. Element classes for tools and tests:
 * `curve` (one path per curve, attribute data-label), `grid`, `tick-x`/`tick-y` (labels),
 * `legend`, `title`, `x-label`, `y-label`.
 */
export function svgPlot(curves: readonly PlotCurve[], options: SvgPlotOptions = {}): string {
  options = ownOptions('svgPlot', options, svgPlotOptionNames);
  const sizeInches = options.sizeInches ?? [6.4, 4.8];
  if (sizeInches.length !== 2 || !(sizeInches[0] > 0) || !(sizeInches[1] > 0)) {
    throw new FlexdynError(`plot: sizeInches must be [width, height] with positive entries, got [${sizeInches.join(', ')}]`);
  }
  const width = Math.round(100 * sizeInches[0]);
  const height = Math.round(100 * sizeInches[1]);
  const font = options.fontSize ?? 13;
  if (!(font > 0)) throw new FlexdynError(`plot: fontSize must be positive, got ${font}`);
  curves.forEach((c, i) => {
    if (c.x.length !== c.y.length) throw new FlexdynError(`plot: curve ${i} ('${c.label}') must have as many x as y values, got ${c.x.length} and ${c.y.length}`);
  });
  const logX = options.logScaleX ?? false;
  const logY = options.logScaleY ?? false;
  const cx = curves.map((c) => axisUnits(c.x, logX));
  const cy = curves.map((c) => axisUnits(c.y, logY));
  const givenRange = (name: string, range: readonly number[] | undefined, log: boolean): [number, number] | undefined => {
    const r = checkRange(name, range);
    if (r === undefined || !log) return r;
    if (!(r[0] > 0)) throw new FlexdynError(`plot: ${name} of a logarithmic axis must be positive, got [${r.join(', ')}]`);
    return [Math.log10(r[0]), Math.log10(r[1])];
  };
  const xr = givenRange('rangeX', options.rangeX, logX) ?? paddedRange(dataRange(cx));
  const yr = givenRange('rangeY', options.rangeY, logY) ?? paddedRange(dataRange(cy));
  const xAxis = axisLayout(xr, options.majorTicksX ?? 10, logX);
  const yAxis = axisLayout(yr, options.majorTicksY ?? 10, logY);
  const xLabels = xAxis.labels;
  const yLabels = yAxis.labels;
  const charWidth = 0.6 * font;
  const labelFont = 1.15 * font;
  const titleFont = 1.3 * font;
  const left = Math.ceil(Math.max(...yLabels.map((s) => s.length)) * charWidth + 10 + (options.yLabel ? labelFont * 1.6 : 0) + 8);
  const right = Math.ceil(Math.max(16, (xLabels[xLabels.length - 1]?.length ?? 0) * charWidth / 2 + 6));
  const top = Math.ceil(options.title ? titleFont * 2 : font);
  const bottom = Math.ceil(font * 1.8 + (options.xLabel ? labelFont * 1.8 : 0) + 6);
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  if (plotW < 20 || plotH < 20) throw new FlexdynError(`plot: sizeInches [${sizeInches.join(', ')}] leave no room for the axes at fontSize ${font}`);
  const X = (v: number) => left + ((v - xr[0]) / (xr[1] - xr[0])) * plotW;
  const Y = (v: number) => top + plotH - ((v - yr[0]) / (yr[1] - yr[0])) * plotH;
  const f = (v: number) => v.toFixed(2);

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${f(font)}">`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="white"/>`);
  out.push(`<defs><clipPath id="plotArea"><rect x="${f(left)}" y="${f(top)}" width="${f(plotW)}" height="${f(plotH)}"/></clipPath></defs>`);
  if (options.grid ?? true) {
    const grid: string[] = [];
    for (const t of xAxis.positions) grid.push(`M${f(X(t))},${f(top)}V${f(top + plotH)}`);
    for (const t of yAxis.positions) grid.push(`M${f(left)},${f(Y(t))}H${f(left + plotW)}`);
    out.push(`<path class="grid" d="${grid.join('')}" stroke="#d0d0d0" stroke-width="0.8" fill="none"/>`);
  }
  const tickMarks: string[] = [];
  for (const t of xAxis.positions) tickMarks.push(`M${f(X(t))},${f(top + plotH)}v5`);
  for (const t of yAxis.positions) tickMarks.push(`M${f(left)},${f(Y(t))}h-5`);
  out.push(`<path class="ticks" d="${tickMarks.join('')}" stroke="black" stroke-width="1" fill="none"/>`);
  xAxis.positions.forEach((t, i) => out.push(`<text class="tick-x" x="${f(X(t))}" y="${f(top + plotH + 7 + font)}" text-anchor="middle" data-value="${xAxis.values[i]}">${escapeXml(xLabels[i])}</text>`));
  yAxis.positions.forEach((t, i) => out.push(`<text class="tick-y" x="${f(left - 8)}" y="${f(Y(t) + 0.35 * font)}" text-anchor="end" data-value="${yAxis.values[i]}">${escapeXml(yLabels[i])}</text>`));

  const density = options.markerDensity ?? 0.08;
  const diagonal = Math.hypot(plotW, plotH);
  const allPoints: [number, number][] = [];
  out.push('<g clip-path="url(#plotArea)">');
  curves.forEach((c, i) => {
    const color = c.color ?? plotColors[i % plotColors.length];
    const w = c.lineWidth ?? 1.5;
    const style = c.lineStyle ?? '-';
    if (style !== '' && dashPatterns[style] === undefined) throw new FlexdynError(`plot: lineStyle of curve ${i} must be '-', '--', ':', '-.' or '', got '${style}'`);
    const segments: string[] = [];
    let penDown = false;
    let last = '';
    const points: [number, number][] = [];
    for (let k = 0; k < c.x.length; k++) {
      const xv = cx[i][k];
      const yv = cy[i][k];
      if (!Number.isFinite(xv) || !Number.isFinite(yv)) { penDown = false; continue; }
      const px = X(xv);
      const py = Y(yv);
      points.push([px, py]);
      allPoints.push([px, py]);
      const p = `${f(px)},${f(py)}`;
      if (penDown && p === last) continue;
      segments.push(`${penDown ? 'L' : 'M'}${p}`);
      penDown = true;
      last = p;
    }
    const dash = style === '' ? undefined : dashPatterns[style](w);
    const label = escapeXml(c.label);
    if (style !== '') {
      out.push(`<path class="curve" data-label="${label}" d="${segments.join('')}" fill="none" stroke="${escapeXml(color)}" stroke-width="${w}" stroke-linejoin="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`);
    }
    const marker = c.markerStyle ?? '';
    if (marker !== '' && points.length > 0) {
      const size = c.markerSize ?? 6;
      const chosen: [number, number][] = [];
      if (density >= 1) {
        const n = Math.min(points.length, Math.round(density));
        for (let k = 0; k < n; k++) chosen.push(points[n === 1 ? 0 : Math.round((k * (points.length - 1)) / (n - 1))]);
      } else {
        const spacing = Math.max(density, 1e-3) * diagonal;
        let travelled = spacing;
        for (let k = 0; k < points.length; k++) {
          if (k > 0) travelled += Math.hypot(points[k][0] - points[k - 1][0], points[k][1] - points[k - 1][1]);
          if (travelled >= spacing) { chosen.push(points[k]); travelled = 0; }
        }
      }
      const filled = marker !== 'x' && marker !== '+';
      out.push(`<path class="markers" data-label="${label}" d="${chosen.map(([x, y]) => markerPath(marker, x, y, size)).join('')}" fill="${filled ? escapeXml(color) : 'none'}" stroke="${escapeXml(color)}" stroke-width="1.2"/>`);
    }
  });
  out.push('</g>');
  out.push(`<rect class="frame" x="${f(left)}" y="${f(top)}" width="${f(plotW)}" height="${f(plotH)}" fill="none" stroke="black" stroke-width="1"/>`);

  if (options.title) out.push(`<text class="title" x="${f(left + plotW / 2)}" y="${f(titleFont * 1.3)}" text-anchor="middle" font-size="${f(titleFont)}">${escapeXml(options.title)}</text>`);
  if (options.xLabel) out.push(`<text class="x-label" x="${f(left + plotW / 2)}" y="${f(height - labelFont * 0.6)}" text-anchor="middle" font-size="${f(labelFont)}">${escapeXml(options.xLabel)}</text>`);
  if (options.yLabel) {
    const cx = labelFont * 1.1;
    const cy = top + plotH / 2;
    out.push(`<text class="y-label" x="${f(cx)}" y="${f(cy)}" text-anchor="middle" font-size="${f(labelFont)}" transform="rotate(-90 ${f(cx)} ${f(cy)})">${escapeXml(options.yLabel)}</text>`);
  }

  const entries = curves.map((c, i) => ({ c, i })).filter(({ c }) => c.label !== '');
  if ((options.legend ?? true) && entries.length > 0) {
    const rowH = font * 1.45;
    const sample = 2.2 * font;
    const boxW = Math.min(plotW - 8, 16 + sample + Math.max(...entries.map(({ c }) => c.label.length)) * charWidth);
    const boxH = entries.length * rowH + 8;
    // the corner (top right, top left, bottom right, bottom left) that covers the fewest curve points
    const corners: [number, number][] = [
      [left + plotW - boxW - 6, top + 6], [left + 6, top + 6], [left + plotW - boxW - 6, top + plotH - boxH - 6], [left + 6, top + plotH - boxH - 6],
    ];
    const covered = ([cx, cy]: [number, number]) => allPoints.reduce((n, [x, y]) => n + (x >= cx && x <= cx + boxW && y >= cy && y <= cy + boxH ? 1 : 0), 0);
    let [bx, by] = corners[0];
    let fewest = covered(corners[0]);
    for (const corner of corners.slice(1)) {
      const n = covered(corner);
      if (n < fewest) { fewest = n; [bx, by] = corner; }
    }
    out.push('<g class="legend">');
    out.push(`<rect x="${f(bx)}" y="${f(by)}" width="${f(boxW)}" height="${f(boxH)}" fill="white" fill-opacity="0.85" stroke="#a0a0a0" stroke-width="0.8" rx="3"/>`);
    entries.forEach(({ c, i }, row) => {
      const color = escapeXml(c.color ?? plotColors[i % plotColors.length]);
      const w = c.lineWidth ?? 1.5;
      const style = c.lineStyle ?? '-';
      const y = by + 4 + rowH * (row + 0.5);
      const dash = style === '' ? undefined : dashPatterns[style](w);
      if (style !== '') out.push(`<path d="M${f(bx + 6)},${f(y)}h${f(sample)}" stroke="${color}" stroke-width="${w}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`);
      if ((c.markerStyle ?? '') !== '') {
        const filled = c.markerStyle !== 'x' && c.markerStyle !== '+';
        out.push(`<path d="${markerPath(c.markerStyle!, bx + 6 + sample / 2, y, c.markerSize ?? 6)}" fill="${filled ? color : 'none'}" stroke="${color}" stroke-width="1.2"/>`);
      }
      out.push(`<text class="legend-label" x="${f(bx + 12 + sample)}" y="${f(y + 0.35 * font)}">${escapeXml(c.label)}</text>`);
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/**
 * Writes a plot's SVG document to fileName ('.svg' appended without extension; another extension is an error naming
 * `where`); returns the file written, or '' when fileName is undefined or empty.
 */
export function writePlotFile(where: string, fileName: string | undefined, svg: string): string {
  if (fileName === undefined || fileName === '') return '';
  const extension = extensionOf(fileName).toLowerCase();
  if (extension !== '' && extension !== '.svg') throw new FlexdynError(`${where}: fileName must end in .svg (plots are SVG), got '${fileName}'`);
  const written = extension === '' ? `${fileName}.svg` : fileName;
  writeFile(written, svg, where);
  return written;
}
