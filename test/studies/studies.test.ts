import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  computeSensitivities, geneticOptimization, minimize, parameterVariation, plotOptimizationHistory, plotParameterVariation,
  InlineExecutor, ThreadExecutor, SeededRandom, type ParameterSet,
} from '../../src/studies/index.ts';
import { formatStudyProgress } from '../../src/studies/progress.ts';
import { FlexdynError } from '../../src/core/errors.ts';
// @ts-expect-error plain JavaScript fixture without types
import * as fixtures from './fixtures/cases.mjs';

/*
 * parameterVariation, geneticOptimization, minimize and computeSensitivities inline and on worker threads: results
 * in parameter order and identical bits on both executors, failing cases reported with their parameters, named
 * errors for bad options, resume from the results file, optima against analytic ones.
 */

const casesModule = fileURLToPath(new URL('./fixtures/cases.mjs', import.meta.url));
const fn = (name: string) => ({ module: casesModule, function: name });
const threads = new ThreadExecutor({ numberOfThreads: 2 });
const scratch = mkdtempSync(join(tmpdir(), 'flexdyn-studies-'));
afterAll(async () => {
  await threads.close();
  rmSync(scratch, { recursive: true, force: true });
});
const quiet = { showProgress: false };

describe('parameterVariation', () => {
  it('evaluatesTheGridInParameterOrderWithTheLastParameterFastest', async () => {
    const result = await parameterVariation(fn('oscillator'), { stiffness: [100, 400, 2], damping: [0, 2, 3] }, quiet);
    expect(result.parameterList).toEqual({ stiffness: [100, 100, 100, 400, 400, 400], damping: [0, 1, 2, 0, 1, 2] });
    result.cases.forEach((c, i) => expect(c.value).toEqual(fixtures.oscillator(c.parameters)));
    expect(result.values[4]).toEqual(fixtures.oscillator({ stiffness: 400, damping: 1 }));
    expect(result.failed).toEqual([]);
  });

  it('givesTheSameBitsOnWorkerThreadsAsInline', async () => {
    const grid = { stiffness: [50, 500, 5], damping: [0.1, 3, 4] } as const;
    const inline = await parameterVariation(fn('oscillator'), grid, quiet);
    const onThreads = await parameterVariation(fn('oscillator'), grid, { ...quiet, executor: threads });
    expect(onThreads.values).toEqual(inline.values); // toEqual compares numbers with Object.is: bit for bit
    expect(onThreads.values.length).toBe(20);
  });

  it('spacesLogarithmicallyAndAddsTheComputationIndexLikeExudyn', async () => {
    const result = await parameterVariation((p) => p.computationIndex, { spring: [100, 10000, 3] }, { ...quiet, useLogSpace: true, addComputationIndex: true });
    expect(result.parameterList.spring[0]).toBe(100);
    expect(result.parameterList.spring[1]).toBeCloseTo(1000, 10);
    expect(result.parameterList.spring[2]).toBeCloseTo(10000, 9);
    expect(result.values).toEqual([0, 1, 2]);
  });

  it('takesAListOfParameterSets', async () => {
    const sets: ParameterSet[] = [{ a: 1, b: 2 }, { a: 3, b: 4 }];
    const result = await parameterVariation((p) => p.a * p.b, sets, quiet);
    expect(result.values).toEqual([2, 12]);
  });

  for (const executor of ['inline', 'threads'] as const) {
    it(`reportsFailingCasesWithTheirParametersAndGoesOn_${executor}`, async () => {
      const modes = executor === 'threads' ? [0, 1, 2, 3, 4, 5] : [0, 1, 2, 3, 5]; // mode 4 ends its thread (inline: the process)
      const result = await parameterVariation(fn('misbehaving'), modes.map((mode) => ({ mode })), { ...quiet, executor: executor === 'threads' ? threads : 'inline' });
      const byMode = new Map(result.cases.map((c) => [c.parameters.mode, c]));
      expect(byMode.get(0)!.value).toBe(10);
      expect(byMode.get(5)!.value).toBe(15);
      expect(byMode.get(1)!.error).toMatch(/bad case 1/);
      expect(byMode.get(2)!.error).toMatch(/returned NaN, expected a finite number/);
      expect(byMode.get(3)!.error).toMatch(/returned an array of 2 numbers, expected a number like the first case/);
      if (executor === 'threads') expect(byMode.get(4)!.error).toMatch(/exit|terminated|3/i);
      expect(result.failed.map((c) => c.parameters.mode).sort()).toEqual(modes.filter((m) => m >= 1 && m <= 4));
    });
  }

  it('resumesFromItsResultsFileWithoutRecomputingFinishedCases', async () => {
    const resultsFile = join(scratch, 'resume.jsonl');
    const calls: number[] = [];
    let interrupt = true;
    const f = (p: ParameterSet) => {
      if (interrupt && p.x === 3) throw new Error('interrupted'); // a failed case is recomputed on the next run
      calls.push(p.x);
      return p.x * p.x;
    };
    const first = await parameterVariation(f, { x: [0, 5, 6] }, { ...quiet, resultsFile });
    expect(first.failed.map((c) => c.parameters.x)).toEqual([3]);
    expect(readFileSync(resultsFile, 'utf8').trim().split('\n')).toHaveLength(6);
    interrupt = false;
    calls.length = 0;
    const second = await parameterVariation(f, { x: [0, 5, 6] }, { ...quiet, resultsFile });
    expect(calls).toEqual([3]);
    expect(second.values).toEqual([0, 1, 4, 9, 16, 25]);
  });

  it('drawsTheVariationAsSvg', async () => {
    const result = await parameterVariation((p) => p.a + p.b, { a: [0, 1, 3], b: [0, 1, 2] }, quiet);
    const fileName = join(scratch, 'variation.svg');
    const svg = plotParameterVariation(result, { parameter: 'a', fileName });
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('b = 1');
    expect(existsSync(fileName)).toBe(true);
  });
});

describe('bad input gets named errors', () => {
  it('rejectsUnknownOptionsRangesAndPopulations', async () => {
    await expect(parameterVariation(fn('trivial'), { x: [0, 1, 2] }, { showProgres: false } as never)).rejects.toThrow(/'showProgres' is not an option of parameterVariation \(did you mean 'showProgress'\?\)/);
    await expect(parameterVariation(fn('trivial'), { x: [2, 1, 2] })).rejects.toThrow(/parameters\.x has min > max: \[2, 1\]/);
    await expect(geneticOptimization(fn('bowl'), { a: [1, 0] }, quiet)).rejects.toThrow(/parameters\.a has min > max/);
    await expect(geneticOptimization(fn('bowl'), { a: [0, 1] }, { ...quiet, populationSize: 0 })).rejects.toThrow(/populationSize must be an integer ≥ 1, got number 0/);
    await expect(minimize(fn('bowl'), { a: [0, 1] }, { ...quiet, maxIter: 3 } as never)).rejects.toThrow(FlexdynError);
    await expect(parameterVariation((p) => p.x, { x: [0, 1, 2] }, { ...quiet, executor: 'threads' })).rejects.toThrow(/parameterFunction must be \{ module, function \}/);
    await expect(parameterVariation(fn('trivial'), { x: [0, 1, 2] }, { ...quiet, executor: 'queue' })).rejects.toThrow(/executor 'queue' needs the option queue/);
  });
});

describe('geneticOptimization', () => {
  it('isReproducibleWithASeedAndEqualOnThreadsAndInline', async () => {
    const options = { ...quiet, populationSize: 12, numberOfGenerations: 4, randomizerInitialization: 7 };
    const a = await geneticOptimization(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, options);
    const b = await geneticOptimization(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { ...options, executor: threads });
    expect(b.values).toEqual(a.values);
    expect(b.parameterList).toEqual(a.parameterList);
    expect(a.values).toHaveLength(12 + 3 * (12 - 1)); // survivors are not evaluated again
    const c = await geneticOptimization(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { ...options, randomizerInitialization: 8 });
    expect(c.values).not.toEqual(a.values);
  });

  it('approachesTheKnownMinimumOfABowl', async () => {
    const result = await geneticOptimization(fixtures.bowl, { a: [-1, 1], b: [-1, 1] }, { ...quiet, populationSize: 40, numberOfGenerations: 12, randomizerInitialization: 1 });
    // range after 11 reductions by 0.7: 2 · 0.7^11 ≈ 0.04; the best child lies well inside it
    expect(Math.abs(result.optimumParameters.a - 0.3)).toBeLessThan(0.01);
    expect(Math.abs(result.optimumParameters.b + 0.2)).toBeLessThan(0.01);
    expect(result.optimumValue - 0.25).toBeLessThan(2e-4);
    expect(plotOptimizationHistory(result)).toContain('best so far');
  });
});

describe('minimize', () => {
  it('findsTheBowlMinimumWithNelderMeadInsideTheBounds', async () => {
    for (const executor of ['inline', threads] as const) {
      const result = await minimize(fn('bowl'), { a: [-1, 1], b: [-1, 1] }, { ...quiet, executor, tol: 1e-8 });
      expect(result.converged).toBe(true);
      expect(result.optimumParameters.a).toBeCloseTo(0.3, 4); // tol 1e-8 on values ⇒ |Δx| ≲ 1e-4
      expect(result.optimumParameters.b).toBeCloseTo(-0.2, 4);
    }
    // a minimum outside the box ends on its boundary
    const bounded = await minimize(fixtures.bowl, { a: [0.5, 1], b: [-1, 1] }, { ...quiet, tol: 1e-10 });
    expect(bounded.optimumParameters.a).toBe(0.5);
  });

  it('tunesTheWilberforceBobSoThatTorsionAndBobbingFrequenciesAgree', async () => {
    // 2-DOF Wilberforce pendulum without coupling: f_z = √(k/m)/2π, f_θ = √(δ/I)/2π; tuned when I = δ m / k
    const m = 0.4935, k = 2.8, delta = 7.86e-4;
    const objective = (p: ParameterSet) => (Math.sqrt(delta / p.inertia) / (2 * Math.PI) - Math.sqrt(k / m) / (2 * Math.PI)) ** 2;
    const result = await minimize(objective, { inertia: [1e-5, 1e-3] }, { ...quiet, tol: 1e-14 });
    expect(result.optimumParameters.inertia / ((delta * m) / k) - 1).toBeLessThan(1e-5);
  });
});

describe('computeSensitivities', () => {
  it('matchesTheAnalyticDerivatives', async () => {
    const f = (p: ParameterSet) => [p.a * p.a * p.b, Math.sin(p.b)];
    const forward = await computeSensitivities(f, { a: [2, 1e-6], b: [0.5, 1e-6] }, quiet);
    const exact = [[2 * 2 * 0.5, 4], [0, Math.cos(0.5)]];
    // forward differences: error ≈ h f''/2 ≈ 1e-6 relative
    forward.sensitivity.forEach((row, i) => row.forEach((s, j) => expect(Math.abs(s - exact[i][j])).toBeLessThan(1e-5)));
    const central = await computeSensitivities(fn('oscillator'), { stiffness: [100, 1e-4], damping: [1, 1e-4] }, { ...quiet, differences: 'central', executor: threads });
    const h = 1e-4 * 100;
    const exactLike = (fixtures.oscillator({ stiffness: 100 + h, damping: 1 })[0] - fixtures.oscillator({ stiffness: 100 - h, damping: 1 })[0]) / (2 * h);
    expect(central.sensitivity[0][0]).toBe(exactLike);
    expect(central.cases).toHaveLength(5);
  });
});

describe('helpers', () => {
  it('drawsTheSameRandomNumbersForTheSameSeed', () => {
    const a = new SeededRandom(42), b = new SeededRandom(42), c = new SeededRandom(43);
    const draws = (r: SeededRandom) => Array.from({ length: 1000 }, () => r.next());
    const da = draws(a);
    expect(da).toEqual(draws(b));
    expect(da).not.toEqual(draws(c));
    const mean = da.reduce((s, x) => s + x, 0) / da.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.03); // 3.3 σ of the mean of 1000 uniform draws (σ = 0.0091)
    expect(Math.min(...da)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...da)).toBeLessThan(1);
  });

  it('formatsTheProgressLine', () => {
    expect(formatStudyProgress('parameterVariation', 50, 200, 50, 10, 2)).toBe('parameterVariation [#####---------------] 50/200 cases (25.0 %), 2 failed, 5.00 cases/s, remaining 30.0 s');
  });

  it('runsInlineFunctionsOnTheInlineExecutor', async () => {
    const outcomes: unknown[] = [];
    await new InlineExecutor().run((p) => p.x + 1, [{ index: 0, parameters: { x: 1 } }], (o) => outcomes.push(o));
    expect(outcomes).toEqual([{ index: 0, value: 2 }]);
  });
});
