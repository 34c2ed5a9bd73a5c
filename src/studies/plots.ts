/**
 * SVG plots of studies, drawn like plotSensor's (src/io/svgPlot.ts): a parameter variation's value over one
 * parameter, and an optimization's history (each evaluation and the best value so far).
 * @module
 */
import { writeFileSync } from 'node:fs';
import { FlexdynError } from '../core/errors.ts';
import { svgPlot, type PlotCurve, type SvgPlotOptions } from '../io/svgPlot.ts';
import type { ParameterVariationResult } from './parameterVariation.ts';
import type { OptimizationResult } from './geneticOptimization.ts';

/** Options of {@link plotParameterVariation}. */
export interface PlotVariationOptions extends SvgPlotOptions {
  /** The parameter on the x axis (default: the first). Other parameters give one curve per value combination. */
  parameter?: string;
  /** Which entry of an array value to plot (default 0). */
  output?: number;
  /** Writes the SVG to this file as well. */
  fileName?: string;
}

/** The value of a variation over one parameter, one curve per combination of the other parameters; returns the SVG. */
export function plotParameterVariation(result: ParameterVariationResult, options: PlotVariationOptions = {}): string {
  const { parameter, output = 0, fileName, ...plotOptions } = options;
  const names = Object.keys(result.parameterList).filter((n) => n !== 'computationIndex');
  const x = parameter ?? names[0];
  if (!names.includes(x)) throw new FlexdynError(`plotParameterVariation: parameter '${x}' is not one of ${names.join(', ')}`, { parameter: 'parameter' });
  const others = names.filter((n) => n !== x);
  const groups = new Map<string, { x: number[]; y: number[] }>();
  result.cases.forEach((c) => {
    const key = others.map((n) => `${n} = ${Number(c.parameters[n].toPrecision(4))}`).join(', ');
    const value = c.value === undefined ? NaN : typeof c.value === 'number' ? c.value : c.value[output];
    const group = groups.get(key) ?? { x: [], y: [] };
    group.x.push(c.parameters[x]);
    group.y.push(value);
    groups.set(key, group);
  });
  const curves: PlotCurve[] = [...groups].map(([label, g]) => {
    const order = g.x.map((_, i) => i).sort((a, b) => g.x[a] - g.x[b]);
    return { x: order.map((i) => g.x[i]), y: order.map((i) => g.y[i]), label, markerStyle: 'o' };
  });
  const svg = svgPlot(curves, { xLabel: x, yLabel: output === 0 ? 'value' : `value[${output}]`, title: 'parameter variation', ...plotOptions });
  if (fileName !== undefined) writeFileSync(fileName, svg);
  return svg;
}

/** Options of {@link plotOptimizationHistory}. */
export interface PlotHistoryOptions extends SvgPlotOptions {
  /** Writes the SVG to this file as well. */
  fileName?: string;
}

/** Every evaluation's value and the best value so far over the evaluation number; returns the SVG. */
export function plotOptimizationHistory(result: OptimizationResult, options: PlotHistoryOptions = {}): string {
  const { fileName, ...plotOptions } = options;
  const x = result.values.map((_, i) => i);
  let best = Infinity;
  const bestSoFar = result.values.map((v) => (best = Number.isFinite(v) ? Math.min(best, v) : best));
  const svg = svgPlot([
    { x, y: result.values, label: 'evaluation', lineStyle: '', markerStyle: 'o', markerSize: 4 },
    { x, y: bestSoFar, label: 'best so far' },
  ], { xLabel: 'evaluation', yLabel: 'objective', title: 'optimization history', ...plotOptions });
  if (fileName !== undefined) writeFileSync(fileName, svg);
  return svg;
}
