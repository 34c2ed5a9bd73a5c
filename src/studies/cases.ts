/**
 * The vocabulary shared by all studies and executors: parameter sets, the parameter function (inline or as a
 * module path plus export name, which worker threads and queue workers can load), a case and its outcome, and
 * the check of what a parameter function returned.
 * @module
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FlexdynError, describeValue } from '../core/errors.ts';

/** One parameter set: parameter name → value (Exudyn's `parameterSet` dictionary). */
export type ParameterSet = Record<string, number>;

/** What a parameter function returns: one number or a flat list of numbers, all finite. */
export type CaseValue = number | number[];

/** A parameter function called in the study's own thread (inline executor only). */
export type InlineParameterFunction = (parameters: ParameterSet) => CaseValue | Promise<CaseValue>;

/**
 * A parameter function that worker threads and queue workers can load: the path of a JavaScript module
 * (.js/.mjs; Node 20 does not load TypeScript in workers without a loader) and the name of its export.
 * A relative path is resolved against the study process's working directory; queue workers on other
 * machines need the module at the same absolute path.
 */
export interface ParameterFunctionModule {
  /** Path of the module (absolute, or relative to the working directory). */
  module: string;
  /** Name of the exported function, e.g. 'parameterFunction' or 'default'. */
  function: string;
}

/** A parameter function: inline (serial only) or a module plus export name (every executor). */
export type ParameterFunction = InlineParameterFunction | ParameterFunctionModule;

/** One case of a study: its position in parameter order and its parameters. */
export interface StudyCase {
  /** Position in the study's parameter order (0-based). */
  index: number;
  /** The parameter set passed to the parameter function. */
  parameters: ParameterSet;
}

/** What an executor reports for one case: the value the function returned, or why it failed. */
export interface CaseOutcome {
  /** The case's index. */
  index: number;
  /** The checked value (absent when the case failed). */
  value?: CaseValue;
  /** The error message of a failed case (the function threw, returned a bad value, or its worker died). */
  error?: string;
}

/** A finished case with its parameters, as a study reports it and as the results file stores it. */
export interface CaseRecord extends CaseOutcome {
  /** The case's parameters. */
  parameters: ParameterSet;
}

/** The module form with an absolute path, checked. */
export function resolveFunctionModule(spec: ParameterFunctionModule, where: string): ParameterFunctionModule {
  if (typeof spec.module !== 'string' || spec.module === '') throw new FlexdynError(`${where}: parameterFunction.module must be a module path, got ${describeValue(spec.module)}`, { parameter: 'parameterFunction' });
  if (typeof spec.function !== 'string' || spec.function === '') throw new FlexdynError(`${where}: parameterFunction.function must be an export name, got ${describeValue(spec.function)}`, { parameter: 'parameterFunction' });
  return { module: isAbsolute(spec.module) ? spec.module : resolve(spec.module), function: spec.function };
}

/** Loads the exported function of a parameter-function module (workers call this once per module). */
export async function loadParameterFunction(spec: ParameterFunctionModule): Promise<InlineParameterFunction> {
  const loaded = (await import(pathToFileURL(spec.module).href)) as Record<string, unknown>;
  const fn = loaded[spec.function];
  if (typeof fn !== 'function') throw new FlexdynError(`parameter function module ${spec.module} has no exported function '${spec.function}' (got ${describeValue(fn)})`, { parameter: 'parameterFunction' });
  return fn as InlineParameterFunction;
}

/**
 * Checks a returned value: a finite number or a non-empty flat array of finite numbers (a typed array is copied
 * to a plain array). Returns the value, or the error message that marks the case failed.
 */
export function checkCaseValue(value: unknown): { value: CaseValue } | { error: string } {
  if (typeof value === 'number') return Number.isFinite(value) ? { value } : { error: `the parameter function returned ${value}, expected a finite number` };
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) value = Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) {
    if (value.length === 0) return { error: 'the parameter function returned an empty array, expected numbers' };
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (typeof entry !== 'number' || !Number.isFinite(entry)) return { error: `the parameter function returned an array whose entry ${i} is ${describeValue(entry)}, expected finite numbers` };
    }
    return { value: value as number[] };
  }
  return { error: `the parameter function returned ${describeValue(value)}, expected a finite number or an array of finite numbers` };
}

/** The message of a thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
