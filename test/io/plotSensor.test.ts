import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SensorNode, OutputVariableType, SimulationSettings, niceTicks, formatTicks, plotSensor, componentNorm, svgPlot, loadSensorFile,
} from '../../src/node.ts';
import { springChain } from '../solvers/modelsForTests.ts';
import { findAll, parseXml, type XmlElement } from './xml.ts';

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-plot-'));

/** Points of an SVG path made of M/L commands with absolute coordinates. */
function pathPoints(d: string): [number, number][] {
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Linear pixel → data map of an axis from its tick labels (data-value and pixel position). */
function axisMap(svg: XmlElement, axis: 'x' | 'y'): (pixel: number) => number {
  const ticks = findAll(svg, 'text').filter((t) => t.attributes.class === `tick-${axis}`);
  const fontOffset = axis === 'y' ? 0.35 * Number(svg.attributes['font-size']) : 0;
  const a = ticks[0];
  const b = ticks[ticks.length - 1];
  const pa = Number(a.attributes[axis]) - fontOffset;
  const pb = Number(b.attributes[axis]) - fontOffset;
  const va = Number(a.attributes['data-value']);
  const vb = Number(b.attributes['data-value']);
  return (pixel) => va + ((pixel - pa) / (pb - pa)) * (vb - va);
}

describe('axis ticks', () => {
  it('chooses 1, 2, 2.5, 5 · 10^k steps with at most maxTicks ticks inside the range', () => {
    expect(niceTicks(-0.05, 1.05, 10)).toEqual({ ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], step: 0.2 });
    expect(niceTicks(0, 7, 10)).toEqual({ ticks: [0, 1, 2, 3, 4, 5, 6, 7], step: 1 });
    expect(niceTicks(-3.3, 3.3, 4).ticks).toEqual([-2, 0, 2]);
    expect(niceTicks(-3.3, 3.3, 2).ticks).toEqual([0]);
    expect(niceTicks(0.00012, 0.00047, 5).ticks).toEqual([2e-4, 3e-4, 4e-4]);
    expect(niceTicks(1e6, 1e6 + 50, 6).ticks).toEqual([1e6, 1e6 + 10, 1e6 + 20, 1e6 + 30, 1e6 + 40, 1e6 + 50]);
    expect(() => niceTicks(1, 1)).toThrow(/max > min, got \[1, 1\]/);
    // invariants over random ranges: ascending, equally spaced, inside, 2 ≤ count ≤ maxTicks for maxTicks ≥ 4
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let k = 0; k < 2000; k++) {
      const scale = 10 ** Math.floor(random() * 16 - 8);
      const lo = (random() - 0.5) * 10 * scale;
      const hi = lo + (0.01 + random() * 10) * scale;
      const maxTicks = 4 + Math.floor(random() * 10);
      const { ticks, step } = niceTicks(lo, hi, maxTicks);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(maxTicks);
      expect(ticks[0]).toBeGreaterThanOrEqual(lo - 1e-9 * step);
      expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(hi + 1e-9 * step);
      for (let i = 1; i < ticks.length; i++) expect(Math.abs(ticks[i] - ticks[i - 1] - step)).toBeLessThan(1e-9 * step);
      const labels = formatTicks(ticks, step);
      expect(new Set(labels).size).toBe(labels.length); // labels tell the ticks apart
    }
  });

  it('formats tick labels with the decimals the step needs', () => {
    expect(formatTicks([0, 0.25, 0.5], 0.25)).toEqual(['0.00', '0.25', '0.50']);
    expect(formatTicks([-1, 0, 1], 1)).toEqual(['-1', '0', '1']);
    expect(formatTicks([-0.2, 0, 0.2], 0.2)).toEqual(['-0.2', '0.0', '0.2']);
    expect(formatTicks([2e-4, 3e-4, 4e-4], 1e-4)).toEqual(['2e-4', '3e-4', '4e-4']);
    expect(formatTicks([0, 5e5, 1e6], 5e5)).toEqual(['0', '5e5', '1e6']);
  });
});

describe('plotSensor', () => {
  it('plots stored sensor data, a sensor file and a reference file in one SVG: valid XML, curves on the data, ticks, grid, legend', () => {
    // one mass on a spring: x(t) = x0 cos(ωt), ω = sqrt(k/m) = 10
    const { mbs, nodes } = springChain({ masses: 1, mass: 1, stiffness: 100, initialDisplacement: 0.1 });
    const sPos = mbs.addSensor(SensorNode({ nodeNumber: nodes[0], outputVariableType: OutputVariableType.Displacement, storeInternal: true, writeToFile: false }));
    const sVel = mbs.addSensor(SensorNode({ nodeNumber: nodes[0], outputVariableType: OutputVariableType.Velocity, fileName: join(folder, 'velocity.txt') }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 1;
    settings.timeIntegration.numberOfSteps = 1000;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);
    const reference = join(folder, 'reference.txt');
    const rows: string[] = ['#analytic solution', '#columns: time, x'];
    for (let i = 0; i <= 200; i++) rows.push(`${i / 200},${0.1 * Math.cos(10 * i / 200)}`);
    writeFileSync(reference, rows.join('\n') + '\n');
    expect(loadSensorFile(reference).columnNames).toEqual(['time', 'x']);

    const fileName = join(folder, 'figures', 'oscillator');
    const result = mbs.plotSensor([sPos, sVel, reference], {
      components: [0, 0, 0], factors: [1, 0.1, 1], labels: ['x', 'v/10', 'analytic'], title: 'Oscillator & spring', yLabel: 'x (m), v/10 (m/s)',
      lineStyles: ['-', '--', ':'], markerStyles: ['', '', 'o'], markerDensity: 20, fileName,
    });
    expect(result.fileName).toBe(`${fileName}.svg`);
    const svg = parseXml(readFileSync(result.fileName, 'utf8'));
    expect(svg.name).toBe('svg');
    expect(svg.attributes.width).toBe('640');
    const curves = findAll(svg, 'path').filter((p) => p.attributes.class === 'curve');
    expect(curves.map((c) => c.attributes['data-label'])).toEqual(['x', 'v/10', 'analytic']);
    expect(curves[1].attributes['stroke-dasharray']).toBeDefined();
    const markers = findAll(svg, 'path').filter((p) => p.attributes.class === 'markers');
    expect(markers).toHaveLength(1);
    expect(markers[0].attributes.d.match(/M/g)).toHaveLength(20);
    expect(findAll(svg, 'path').some((p) => p.attributes.class === 'grid')).toBe(true);
    const legend = findAll(svg, 'g').find((g) => g.attributes.class === 'legend')!;
    expect(findAll(legend, 'text').map((t) => t.text)).toEqual(['x', 'v/10', 'analytic']);
    expect(findAll(svg, 'text').find((t) => t.attributes.class === 'title')!.text).toBe('Oscillator & spring');
    expect(findAll(svg, 'text').find((t) => t.attributes.class === 'x-label')!.text).toBe('time (s)');
    const xTicks = findAll(svg, 'text').filter((t) => t.attributes.class === 'tick-x').map((t) => t.text);
    expect(xTicks).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);

    // every curve point maps back to its data (pixel coordinates have 2 decimals: 0.005 px)
    const toX = axisMap(svg, 'x');
    const toY = axisMap(svg, 'y');
    // tolerance: point and tick positions are rounded to 0.005 px each → 0.015 px, in data units
    const tolX = 0.015 * Math.abs(toX(1) - toX(0));
    const tolY = 0.015 * Math.abs(toY(1) - toY(0));
    const stored = mbs.getSensorStoredData(sPos);
    const positionPoints = pathPoints(curves[0].attributes.d);
    expect(positionPoints).toHaveLength(stored.length);
    positionPoints.forEach(([px, py], i) => {
      expect(Math.abs(toX(px) - stored[i][0])).toBeLessThan(tolX);
      expect(Math.abs(toY(py) - stored[i][1])).toBeLessThan(tolY);
    });
    const velocity = loadSensorFile(join(folder, 'velocity.txt'));
    pathPoints(curves[1].attributes.d).forEach(([, py], i) => expect(Math.abs(toY(py) - 0.1 * velocity.data.get(i, 1))).toBeLessThan(tolY));
    // the simulated displacement follows the analytic curve (generalized-α, h = 1e-3: 1e-4 m)
    stored.forEach(([t, x]) => expect(Math.abs(x - 0.1 * Math.cos(10 * t))).toBeLessThan(1e-4));
  });

  it('default labels and y label from the sensors; norm component; offsets and errors', () => {
    const data = [[0, 3, 4, 0], [1, 0, 0, 2], [2, 6, 8, 0]];
    const r = plotSensor(undefined, { data, name: 'f', outputVariableType: 'Force' }, { components: [0, 1, componentNorm], offsets: [1, 0, 0], factors: 2 });
    expect(r.curves.map((c) => c.label)).toEqual(['f, ForceX', 'f, ForceY', 'f, Force norm']);
    expect(Array.from(r.curves[0].y)).toEqual([8, 2, 14]);
    expect(Array.from(r.curves[2].y)).toEqual([10, 4, 20]);
    const svg = parseXml(r.svg);
    expect(findAll(svg, 'text').find((t) => t.attributes.class === 'y-label')!.text).toBe('Force');
    const difference = plotSensor(undefined, { data }, { components: 1, offsets: [data.map((row) => row.map((v) => -v))] });
    expect(Array.from(difference.curves[0].y)).toEqual([0, 0, 0]);
    expect(difference.curves[0].label).toBe('data, column 2');
    expect(() => plotSensor(undefined, { data }, { components: 3 })).toThrow(/components\[0\] must be −1 \(time\), componentNorm or a value index in 0 … 2 of 'data', got 3/);
    expect(() => plotSensor(undefined, [{ data }, { data }], { components: [0, 1, 2] })).toThrow(/sources \(2\) and components \(3\) must have the same length/);
    expect(() => plotSensor(undefined, 0, {})).toThrow(/needs the MainSystem/);
    expect(() => plotSensor(undefined, { data }, { fileName: join(folder, 'x.png') })).toThrow(/fileName must end in .svg/);
    expect(() => plotSensor(undefined, { data }, { labels: ['a', 'b'] })).toThrow(/labels must have one entry per curve \(1\), got 2/);
    expect(() => svgPlot([{ x: [0, 1], y: [1], label: '' }])).toThrow(/curve 0 \(''\) must have as many x as y values, got 2 and 1/);
  });

  it('colorCodeOffset shifts the default colours; explicit colors win; a bad offset is a named error', () => {
    const data = [[0, 1, 2], [1, 2, 3]];
    const shifted = plotSensor(undefined, { data }, { components: [0, 1], colorCodeOffset: 3 });
    const plain = plotSensor(undefined, { data }, { components: [0, 1, 0, 1, 0] });
    expect(shifted.curves.map((c) => c.color)).toEqual([plain.curves[3].color, plain.curves[4].color]);
    expect(plotSensor(undefined, { data }, { components: 0, colors: ['red'], colorCodeOffset: 2 }).curves[0].color).toBe('red');
    expect(() => plotSensor(undefined, { data }, { colorCodeOffset: -1 })).toThrow(/colorCodeOffset must be a non-negative integer, got -1/);
  });

  it('log axes: decade ticks, power laws as straight lines, non-positive values left out', () => {
    const x = [10, 20, 50, 100, 200, 500, 1000];
    const r = svgPlot([{ x, y: x.map((v) => v ** -2), label: 'x^-2' }, { x: [1, 10, 100], y: [-1, 0, 1e-4], label: 'clipped' }], { logScaleX: true, logScaleY: true });
    const svg = parseXml(r);
    const xTicks = findAll(svg, 'text').filter((t) => t.attributes.class === 'tick-x');
    const yTicks = findAll(svg, 'text').filter((t) => t.attributes.class === 'tick-y');
    expect(xTicks.map((t) => t.text)).toEqual(['1', '10', '100', '1000']);
    expect(yTicks.map((t) => t.text)).toEqual(['1e-6', '1e-5', '1e-4', '0.001', '0.01']);
    expect(yTicks.map((t) => Number(t.attributes['data-value']))).toEqual([1e-6, 1e-5, 1e-4, 1e-3, 1e-2]);
    const [power, clipped] = findAll(svg, 'path').filter((p) => p.attributes.class === 'curve').map((p) => pathPoints(p.attributes.d));
    // pixel x linear in log10 x: decade ticks equally spaced
    const tx = xTicks.map((t) => Number(t.attributes.x));
    expect(Math.abs(tx[2] - tx[1] - (tx[1] - tx[0]))).toBeLessThan(0.011);
    const pxPerDecadeX = tx[1] - tx[0];
    const ty = yTicks.map((t) => Number(t.attributes.y));
    const pxPerDecadeY = ty[0] - ty[1];
    power.forEach(([px, py], i) => {
      expect(Math.abs(px - power[0][0] - pxPerDecadeX * Math.log10(x[i] / x[0]))).toBeLessThan(0.02);
      // slope −2 in decades
      expect(Math.abs(power[0][1] - py - pxPerDecadeY * -2 * Math.log10(x[i] / x[0]))).toBeLessThan(0.02);
    });
    expect(clipped).toHaveLength(1);
    // fewer than three decades inside: 1, 2, 5 steps, or 1 … 9 when that gives fewer than three ticks
    const ticksOf = (y: number[]) => findAll(parseXml(svgPlot([{ x: [1, 2, 3], y, label: '' }], { logScaleY: true })), 'text').filter((t) => t.attributes.class === 'tick-y').map((t) => t.text);
    expect(ticksOf([0.3, 0.5, 0.9])).toEqual(['0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9']);
    expect(ticksOf([0.15, 1, 6])).toEqual(['0.2', '0.5', '1', '2', '5']);
    expect(ticksOf([10, 50, 160])).toEqual(['10', '20', '50', '100']);
    expect(() => svgPlot([{ x: [1], y: [1], label: '' }], { logScaleX: true, rangeX: [0, 1] })).toThrow(/rangeX of a logarithmic axis must be positive/);
  });

  it('escapes text and keeps the document valid for special characters; a constant curve gets a usable range', () => {
    const r = svgPlot([{ x: [0, 1, 2], y: [5, 5, 5], label: '<a> & "b"' }], { title: "it's <1>", xLabel: 'x & y' });
    const svg = parseXml(r);
    expect(findAll(svg, 'text').find((t) => t.attributes.class === 'legend-label')!.text).toBe('<a> & "b"');
    const yTicks = findAll(svg, 'text').filter((t) => t.attributes.class === 'tick-y').map((t) => Number(t.attributes['data-value']));
    expect(yTicks[0]).toBeLessThan(5);
    expect(yTicks[yTicks.length - 1]).toBeGreaterThan(5);
    expect(() => parseXml('<svg><g></svg>')).toThrow(/does not match/);
  });
});
