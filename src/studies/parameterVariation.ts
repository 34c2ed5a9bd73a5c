/**
 * `parameterVariation` (Exudyn's ParameterVariation): a parameter function evaluated over a grid of parameter
 * values or a list of parameter sets, on any executor; results in parameter order.
 * @module
 */
import { FlexdynError, describeValue } from '../core/errors.ts';
import { isDictionary } from '../core/dictionary.ts';
import type { CaseRecord, CaseValue, ParameterFunction, ParameterSet, StudyCase } from './cases.ts';
import { checkShapes, checkStudyOptions, executorFor, type StudyOptions } from './options.ts';
import { runCases } from './runCases.ts';

/** Options of {@link parameterVariation}. */
export interface ParameterVariationOptions extends StudyOptions {
  /** Grid values spaced logarithmically between min and max (Exudyn's useLogSpace; min and max must be > 0). */
  useLogSpace?: boolean;
}

/** What {@link parameterVariation} returns. */
export interface ParameterVariationResult {
  /** Per parameter, its value in each case (parameter order), as Exudyn's first return value. */
  parameterList: Record<string, number[]>;
  /** The value of each case in parameter order; undefined for a failed case. */
  values: (CaseValue | undefined)[];
  /** Every case with its parameters and value or error. */
  cases: CaseRecord[];
  /** The failed cases with their parameters and errors. */
  failed: CaseRecord[];
}

/** Grid of a parameter: [min, max, numberOfValues]. */
export type ParameterGrid = Record<string, readonly [number, number, number] | readonly number[]>;

/** The values of one grid parameter (linear or logarithmic spacing). */
function gridValues(name: string, spec: unknown, logSpace: boolean): number[] {
  const where = 'parameterVariation';
  if (!Array.isArray(spec) || spec.length !== 3 || !spec.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new FlexdynError(`${where}: parameters.${name} must be [min, max, numberOfValues], got ${describeValue(spec)}`, { parameter: `parameters.${name}` });
  }
  const [min, max, n] = spec as number[];
  if (min > max) throw new FlexdynError(`${where}: parameters.${name} has min > max: [${min}, ${max}]`, { parameter: `parameters.${name}` });
  if (!Number.isInteger(n) || n < 1) throw new FlexdynError(`${where}: parameters.${name} numberOfValues must be an integer ≥ 1, got ${n}`, { parameter: `parameters.${name}` });
  if (logSpace && !(min > 0)) throw new FlexdynError(`${where}: parameters.${name} needs min > 0 with useLogSpace, got ${min}`, { parameter: `parameters.${name}` });
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = n === 1 ? 0 : i / (n - 1);
    values.push(logSpace ? 10 ** (Math.log10(min) + s * (Math.log10(max) - Math.log10(min))) : min + s * (max - min));
  }
  return values;
}

/** The parameter sets of a grid, the last parameter varying fastest. */
function gridCases(parameters: Record<string, unknown>, logSpace: boolean): ParameterSet[] {
  const names = Object.keys(parameters);
  if (names.length === 0) throw new FlexdynError('parameterVariation: parameters must name at least one parameter', { parameter: 'parameters' });
  const axes = names.map((name) => gridValues(name, parameters[name], logSpace));
  let sets: ParameterSet[] = [{}];
  names.forEach((name, k) => {
    sets = sets.flatMap((set) => axes[k].map((value) => ({ ...set, [name]: value })));
  });
  return sets;
}

/** Checks a list of parameter sets (each a dictionary of finite numbers). */
function listCases(parameters: readonly unknown[]): ParameterSet[] {
  if (parameters.length === 0) throw new FlexdynError('parameterVariation: the list of parameter sets is empty', { parameter: 'parameters' });
  return parameters.map((set, i) => {
    if (!isDictionary(set) || !Object.values(set).every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new FlexdynError(`parameterVariation: parameters[${i}] must be a dictionary of finite numbers, got ${describeValue(set)}`, { parameter: `parameters[${i}]` });
    }
    return { ...(set as ParameterSet) };
  });
}

/**
 * Evaluates `parameterFunction` for every parameter set: `parameters` is a grid
 * `{ mass: [1, 10, 2], spring: [100, 10000, 3] }` (all combinations, the last parameter varying fastest) or a list
 * of parameter sets. A case whose function throws, returns a non-finite value or a value of another shape than
 * the first case is reported in `failed` with its parameters; the others go on.
 */
export async function parameterVariation(parameterFunction: ParameterFunction, parameters: ParameterGrid | readonly ParameterSet[], options: ParameterVariationOptions = {}): Promise<ParameterVariationResult> {
  checkStudyOptions('parameterVariation', options, ['useLogSpace']);
  const sets = Array.isArray(parameters) ? listCases(parameters) : isDictionary(parameters) ? gridCases(parameters, options.useLogSpace === true) : undefined;
  if (sets === undefined) throw new FlexdynError(`parameterVariation: parameters must be a grid dictionary or a list of parameter sets, got ${describeValue(parameters)}`, { parameter: 'parameters' });
  const cases: StudyCase[] = sets.map((set, index) => ({ index, parameters: options.addComputationIndex === true ? { ...set, computationIndex: index } : set }));
  const { executor, owned } = executorFor(options, 'parameterVariation');
  let records: CaseRecord[];
  try {
    records = await runCases(parameterFunction, cases, { executor, studyName: 'parameterVariation', label: 'variation', resultsFile: options.resultsFile, showProgress: options.showProgress });
  } finally {
    if (owned) await executor.close();
  }
  records = checkShapes(records, false);
  const parameterList: Record<string, number[]> = {};
  for (const name of Object.keys(sets[0])) parameterList[name] = sets.map((s) => s[name]);
  return { parameterList, values: records.map((r) => r.value), cases: records, failed: records.filter((r) => r.error !== undefined) };
}
