import { describeValue, FlexdynError, formatItemLabel, type ItemLabel } from '../core/errors.ts';
import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SystemState } from '../model/SystemState.ts';
import { zeroArray } from '../linalg/arrays.ts';
import type { LocalMatrixAccumulator } from '../registry/capabilities.ts';

/** Index of the first NaN or ±Infinity entry, or −1 if all entries are finite. */
export function firstNonFinite(values: ArrayLike<number>): number {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}

/** True if the coordinates, velocities, accelerations, multipliers and ODE1 coordinates and rates of a state are all finite (O(n), no allocation). */
export function stateIsFinite(s: SystemState): boolean {
  // one pass over the coordinate blocks (one array, see SystemState.coordinates)
  const values = s.coordinates;
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

/** Names the first non-finite entry of a state (`velocity coordinate 2 of NodePoint #0 = NaN`), or undefined. */
export function describeNonFiniteState(model: CompiledModel, assembler: SystemAssembler, s: SystemState): string | undefined {
  const q = firstNonFinite(s.q);
  if (q >= 0) {
    const node = model.nodes.find((n) => q >= n.qIndex && q < n.qIndex + n.nq);
    return `position coordinate ${node === undefined ? q : `${q - node.qIndex} of ${formatItemLabel(node.label)}`} = ${s.q[q]}`;
  }
  const vectors: [string, Float64Array, number][] = [['velocity', s.u, 0], ['acceleration', s.a, 0], ['algebraic coordinate', s.lambda, model.nu]];
  for (const [what, values, offset] of vectors) {
    const i = firstNonFinite(values);
    if (i >= 0) return `${what} at ${assembler.describeEquation(offset + i)} = ${values[i]}`;
  }
  for (const [what, values] of [['value', s.ode1], ['rate', s.ode1_t]] as const) {
    const k = firstNonFinite(values);
    if (k >= 0) return `${what} of ${assembler.describeEquation(assembler.ode1SystemIndex(k))} = ${values[k]}`;
  }
  return undefined;
}

/** `Error: message` of a thrown value (anything may be thrown). */
export function describeThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : describeValue(error);
}

/** Calls a user hook of the solver (pre-step, post-Newton); an exception other than a FlexdynError becomes one naming the hook. */
export function callUserHook<T>(name: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw userHookError(name, error);
  }
}

/** What a throwing user hook becomes: a FlexdynError as it is, anything else a FlexdynError naming the hook. */
export function userHookError(name: string, error: unknown): FlexdynError {
  if (error instanceof FlexdynError) return error;
  return new FlexdynError(`${name} threw ${describeThrown(error)}`, { parameter: name, cause: error });
}

/**
 * Finds the item whose term throws or is not finite at state s and time t, by evaluating each term on its own (after a
 * solver detected a non-finite residual or state, or caught an exception; never per step): generalized loads, ODE2
 * terms (elastic, damping, user forces), mass matrices, ODE1 right-hand sides, algebraic equations. Returns e.g. `LoadForceVector #1 gives a
 * non-finite generalized load (entry 2 = NaN) at t = 0.5`, the message of an item's FlexdynError, or undefined if every
 * term is finite there. Overwrites the items' local work arrays; s is left as it was.
 */
export function findFailingTerm(model: CompiledModel, s: SystemState, t: number): string | undefined {
  const savedTime = s.t;
  s.t = t;
  const check = (label: ItemLabel, what: string, evaluate: () => ArrayLike<number>): string | undefined => {
    let values: ArrayLike<number>;
    try {
      values = evaluate();
    } catch (error) {
      if (error instanceof FlexdynError) return error.message;
      return `${formatItemLabel(label)} threw ${describeThrown(error)} (evaluating its ${what}) at t = ${t}`;
    }
    const k = firstNonFinite(values);
    return k < 0 ? undefined : `${formatItemLabel(label)} gives a non-finite ${what} (entry ${k} = ${values[k]}) at t = ${t}`;
  };
  try {
    const { loads, loadMaps, lhsObjects, massObjects, constraintObjects } = model;
    for (let i = 0; i < loads.length; i++) {
      const vector = loadMaps[i].vector;
      const found = check(loads[i].label, 'generalized load', () => { zeroArray(vector); loads[i].addGeneralizedLoad(s, vector); return vector; });
      if (found !== undefined) return found;
    }
    for (const { object, map } of lhsObjects) {
      const vector = map.vector;
      const found = check(object.label, 'ode2Lhs force term', () => { zeroArray(vector); object.ode2Lhs(s, vector); return vector; });
      if (found !== undefined) return found;
    }
    const entries = new NonFiniteEntries();
    for (const { object } of massObjects) {
      const found = check(object.label, 'mass matrix', () => { entries.values.length = 0; object.massMatrix(s, entries); return entries.values; });
      if (found !== undefined) return found;
    }
    for (const object of model.objects) {
      if (object.ode1Rhs === undefined) continue;
      const n = (object.localODE1Nodes ?? []).reduce((sum, node) => sum + (node.nODE1 ?? 0), 0);
      const found = check(object.label, 'ODE1 right-hand side', () => { const f = new Float64Array(n); object.ode1Rhs!(s, f); return f; });
      if (found !== undefined) return found;
    }
    for (const { object, map } of constraintObjects) {
      const values = map.constraintValues;
      const found = check(object.label, 'algebraic equation', () => { object.ae(s, values, false); return values; });
      if (found !== undefined) return found;
    }
    return undefined;
  } finally {
    s.t = savedTime;
  }
}

/**
 * Why a step produced a non-finite state or residual: the item whose term is not finite at the start-of-step
 * coordinates and the step's time (a load or user function that returned NaN), else at the start time; if every
 * term is finite there, the growth within the step (an explicit method beyond its stability limit, a diverging
 * Newton iteration). `state` is the non-finite state, `startOfStep` the last good one.
 */
export function explainNonFinite(model: CompiledModel, assembler: SystemAssembler, state: SystemState, startOfStep: SystemState, t: number): string {
  const where = describeNonFiniteState(model, assembler, state);
  const culprit = findFailingTerm(model, startOfStep, t) ?? findFailingTerm(model, startOfStep, startOfStep.t);
  if (culprit !== undefined) return `${culprit}${where === undefined ? '' : `; ${where}`}`;
  return `the solution became non-finite within the step (${where ?? 'residual not finite'}) although every term is finite at the start of the step: the step size is beyond the method's stability limit (explicit methods: reduce the step size or use an implicit solver) or the Newton iteration diverged`;
}

/** Collects the values a mass matrix adds, in call order (diagnosis only: finds a non-finite entry). */
class NonFiniteEntries implements LocalMatrixAccumulator {
  readonly values: number[] = [];

  add(_row: number, _col: number, value: number): void {
    this.values.push(value);
  }

  addBlock(_rowOffset: number, _colOffset: number, rows: number, cols: number, block: Float64Array, blockOffset: number, stride: number, factor: number): void {
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) this.values.push(factor * block[blockOffset + i * stride + j]);
  }

  addEntries(_rows: Int32Array, _cols: Int32Array, values: Float64Array, count: number, factor: number): void {
    for (let k = 0; k < count; k++) this.values.push(factor * values[k]);
  }

  addZeros(): void {}
}
