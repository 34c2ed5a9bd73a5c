/**
 * `computeSensitivities` (Exudyn's ComputeSensitivities): derivatives of a parameter function's outputs with
 * respect to its parameters by finite differences, the difference cases run as one batch on the executor.
 * @module
 */
import { FlexdynError, describeValue } from '../core/errors.ts';
import { isDictionary } from '../core/dictionary.ts';
import type { CaseRecord, ParameterFunction, ParameterSet, StudyCase } from './cases.ts';
import { checkShapes, checkStudyOptions, executorFor, type StudyOptions } from './options.ts';
import { runCases } from './runCases.ts';

/** Options of {@link computeSensitivities}. */
export interface SensitivityOptions extends StudyOptions {
  /** 'forward' (default, n + 1 cases, error O(h)) or 'central' (2n + 1 cases, error O(h²)). */
  differences?: 'forward' | 'central';
  /** Scale each derivative by referenceParameter / referenceValue (relative sensitivities; Exudyn's scaledByReference). */
  scaledByReference?: boolean;
}

/** What {@link computeSensitivities} returns. */
export interface SensitivityResult {
  /** The function's value at the reference parameters. */
  referenceValue: number[];
  /** sensitivity[i][j] = ∂ output i / ∂ parameter j (scaled when scaledByReference). */
  sensitivity: number[][];
  /** Parameter names in the column order of `sensitivity`. */
  parameterNames: string[];
  /** Every case with its parameters and value. */
  cases: CaseRecord[];
}

/**
 * Finite-difference sensitivities at `parameters = { name: [referenceValue, relativeStep] }`: the step of a
 * parameter is relativeStep × |referenceValue| (relativeStep itself for a reference value 0). A failed case makes
 * the study fail with a named error naming it (a derivative cannot be formed without it).
 */
export async function computeSensitivities(parameterFunction: ParameterFunction, parameters: Record<string, readonly [number, number]>, options: SensitivityOptions = {}): Promise<SensitivityResult> {
  const where = 'computeSensitivities';
  checkStudyOptions(where, options, ['differences', 'scaledByReference']);
  const differences = options.differences ?? 'forward';
  if (differences !== 'forward' && differences !== 'central') throw new FlexdynError(`${where}: differences must be 'forward' or 'central', got ${describeValue(differences)}`, { parameter: 'differences' });
  if (!isDictionary(parameters) || Object.keys(parameters).length === 0) throw new FlexdynError(`${where}: parameters must be { name: [referenceValue, relativeStep] }, got ${describeValue(parameters)}`, { parameter: 'parameters' });
  const names = Object.keys(parameters);
  const reference: ParameterSet = {}, steps: number[] = [];
  for (const name of names) {
    const spec: unknown = parameters[name];
    if (!Array.isArray(spec) || spec.length !== 2 || !spec.every((v) => typeof v === 'number' && Number.isFinite(v)) || !(spec[1] > 0)) {
      throw new FlexdynError(`${where}: parameters.${name} must be [referenceValue, relativeStep > 0], got ${describeValue(spec)}`, { parameter: `parameters.${name}` });
    }
    reference[name] = spec[0];
    steps.push(spec[0] === 0 ? spec[1] : spec[1] * Math.abs(spec[0]));
  }
  const sets: ParameterSet[] = [reference];
  names.forEach((name, j) => {
    sets.push({ ...reference, [name]: reference[name] + steps[j] });
    if (differences === 'central') sets.push({ ...reference, [name]: reference[name] - steps[j] });
  });
  const cases: StudyCase[] = sets.map((set, index) => ({ index, parameters: options.addComputationIndex === true ? { ...set, computationIndex: index } : set }));
  const { executor, owned } = executorFor(options, where);
  let records: CaseRecord[];
  try {
    records = checkShapes(await runCases(parameterFunction, cases, { executor, studyName: where, label: 'sensitivities', resultsFile: options.resultsFile, showProgress: options.showProgress }), false);
  } finally {
    if (owned) await executor.close();
  }
  const failed = records.find((r) => r.error !== undefined);
  if (failed !== undefined) throw new FlexdynError(`${where}: the case with parameters ${JSON.stringify(failed.parameters)} failed: ${failed.error}`);
  const asArray = (v: number | number[] | undefined) => (typeof v === 'number' ? [v] : v!);
  const f0 = asArray(records[0].value);
  const per = differences === 'central' ? 2 : 1;
  const sensitivity = f0.map((_, i) => names.map((name, j) => {
    const plus = asArray(records[1 + per * j].value)[i];
    const derivative = differences === 'central' ? (plus - asArray(records[2 + per * j].value)[i]) / (2 * steps[j]) : (plus - f0[i]) / steps[j];
    return options.scaledByReference === true ? (derivative * reference[name]) / f0[i] : derivative;
  }));
  return { referenceValue: f0, sensitivity, parameterNames: names, cases: records };
}
