import { optionNames, ownOptions } from '../core/dictionary.ts';
import { FlexdynError } from '../core/errors.ts';
import { plotColors, svgPlot, writePlotFile, type PlotCurve } from './svgPlot.ts';

/** Options of {@link PlotFFT}, named as Exudyn's PlotFFT arguments (plus the SVG file and title). */
export interface PlotFFTOptions {
  /** x-axis label (default 'frequency'). */
  xLabel?: string;
  /** y-axis label (default 'magnitude'). */
  yLabel?: string;
  /** Legend label ('' = no legend, the default). */
  label?: string;
  /** Plot from the last frequency ≤ freqStart on (default 0). */
  freqStart?: number;
  /** Plot up to (excluding) the last frequency ≤ freqEnd; −1 (default) = to the end. */
  freqEnd?: number;
  /** Logarithmic frequency axis (default true). */
  logScaleX?: boolean;
  /** Logarithmic magnitude axis (default true). */
  logScaleY?: boolean;
  /** Draw the grid (Exudyn's majorGrid; default true). */
  majorGrid?: boolean;
  /** Figure title. */
  title?: string;
  /** SVG file to write ('.svg' is appended without extension). */
  fileName?: string;
}

/** The option names of {@link PlotFFTOptions}, for the unknown-option check. */
const plotFFTOptionNames = optionNames<PlotFFTOptions>({
  xLabel: true, yLabel: true, label: true, freqStart: true, freqEnd: true, logScaleX: true, logScaleY: true, majorGrid: true, title: true, fileName: true,
});

/** What PlotFFT produced. */
export interface PlotFFTResult {
  /** The SVG document. */
  svg: string;
  /** The file written ('' if no fileName was given). */
  fileName: string;
  /** The plotted curve (the selected frequency range). */
  curve: PlotCurve;
}

/**
 * Exudyn's PlotFFT: plots a spectrum (e.g. frequency and magnitude of ComputeFFT) into an SVG figure, by default on
 * logarithmic axes (values ≤ 0 are left out there); the range selection follows Exudyn's freqStart and freqEnd.
 */
export function PlotFFT(frequency: ArrayLike<number>, data: ArrayLike<number>, options: PlotFFTOptions = {}): PlotFFTResult {
  options = ownOptions('PlotFFT', options, plotFFTOptionNames);
  if (frequency.length !== data.length) throw new FlexdynError(`PlotFFT: data must have one value per frequency (${frequency.length}), got ${data.length}`);
  if (frequency.length === 0) throw new FlexdynError('PlotFFT: frequency must not be empty');
  const freqStart = options.freqStart ?? 0;
  const freqEnd = options.freqEnd ?? -1;
  let start = 0, end = data.length;
  for (let i = 0; i < frequency.length; i++) {
    if (frequency[i] <= freqStart) start = i;
    if (frequency[i] <= freqEnd) end = i;
  }
  if (end <= start) throw new FlexdynError(`PlotFFT: freqStart (${freqStart}) and freqEnd (${freqEnd}) select no frequencies`);
  const curve: PlotCurve = {
    x: Array.from(frequency).slice(start, end), y: Array.from(data).slice(start, end), label: options.label ?? '', color: plotColors[0],
  };
  const svg = svgPlot([curve], {
    title: options.title, xLabel: options.xLabel ?? 'frequency', yLabel: options.yLabel ?? 'magnitude',
    logScaleX: options.logScaleX ?? true, logScaleY: options.logScaleY ?? true, grid: options.majorGrid ?? true,
  });
  return { svg, fileName: writePlotFile('PlotFFT', options.fileName, svg), curve };
}
