import { describeValue, FlexdynError } from '../core/errors.ts';
import { closestName, isDictionary } from '../core/dictionary.ts';
import { LinearSolverType } from '../registry/enums.ts';
import type {
  ArcLengthSettings, DiscontinuousSettings, ExplicitIntegrationSettings, GeneralizedAlphaSettings, LinearSolverSettings, NewtonSettings, NumericalDifferentiationSettings, SimulationSettings,
  SolutionSettings, StaticSolverSettings, TimeIntegrationSettings,
} from './SimulationSettings.ts';

/** A numeric setting: finite, within [min, max] (an end excluded when open), an integer if integer. */
export interface NumberRule {
  /** Discriminant. */
  readonly kind: 'number';
  /** Lower bound (−Infinity: none). */
  readonly min: number;
  /** Upper bound (Infinity: none). */
  readonly max: number;
  /** True if min itself is excluded. */
  readonly minOpen: boolean;
  /** True if max itself is excluded. */
  readonly maxOpen: boolean;
  /** True if the value must be an integer. */
  readonly integer: boolean;
}

/** What one setting accepts; a group is a nested settings object with rules of its own. */
export type SettingRule =
  | { readonly kind: 'boolean' }
  | { readonly kind: 'string' }
  | { readonly kind: 'choice'; readonly values: readonly (string | number)[] }
  | NumberRule
  | { readonly kind: 'group'; readonly className: string; readonly rules: Readonly<Record<string, SettingRule>> };

/** One rule per field of a settings class (a missing or extra field is a compile error). */
type RulesOf<T> = { readonly [K in keyof T]-?: SettingRule };

function numberRule(min: number, max: number, options: { minOpen?: boolean; maxOpen?: boolean; integer?: boolean } = {}): NumberRule {
  return { kind: 'number', min, max, minOpen: options.minOpen ?? false, maxOpen: options.maxOpen ?? false, integer: options.integer ?? false };
}

/**
 * Largest count of steps, load steps or iterations a setting may ask for: Exudyn's index type is a 32-bit integer, and
 * the bound keeps every loop finite whatever the settings.
 */
export const maximumCount = 2 ** 31 - 1;
/**
 * Largest number of Newton iterations per solve: 25 by default; beyond a few hundred Newton has diverged or stalls, and
 * the bound keeps one step from running (practically) forever.
 */
export const maximumNewtonIterations = 10000;

const anyNumber = numberRule(-Infinity, Infinity);
const nonNegative = numberRule(0, Infinity);
const positive = numberRule(0, Infinity, { minOpen: true });
const flag: SettingRule = { kind: 'boolean' };
const text: SettingRule = { kind: 'string' };
const verboseMode = numberRule(0, 3, { integer: true });
/** A growth factor of the step size: above 1, else a reduced (or tiny initial) step would never grow back. */
const growthFactor = numberRule(1, Infinity, { minOpen: true });

const numericalDifferentiationRules: RulesOf<NumericalDifferentiationSettings> = {
  relativeEpsilon: numberRule(0, 1, { minOpen: true, maxOpen: true }),
  minimumCoordinateSize: positive,
  forODE2: flag,
};

const newtonRules: RulesOf<NewtonSettings> = {
  relativeTolerance: nonNegative,
  absoluteTolerance: nonNegative,
  roundOffResidualFactor: nonNegative,
  maxIterations: numberRule(1, maximumNewtonIterations, { integer: true }),
  useModifiedNewton: flag,
  maxModifiedNewtonIterations: numberRule(0, maximumNewtonIterations, { integer: true }),
  maxModifiedNewtonRestartIterations: numberRule(0, maximumNewtonIterations, { integer: true }),
  modifiedNewtonContractivity: positive,
  modifiedNewtonJacUpdatePerStep: flag,
  adaptInitialResidual: flag,
  weightTolerancePerCoordinate: flag,
  maximumSolutionNorm: positive,
  useNewtonSolver: flag,
  constraintForceJacobian: flag,
  numericalDifferentiation: { kind: 'group', className: 'NumericalDifferentiationSettings', rules: numericalDifferentiationRules },
};

const generalizedAlphaRules: RulesOf<GeneralizedAlphaSettings> = {
  spectralRadius: numberRule(0, 1),
  useNewmark: flag,
  newmarkBeta: numberRule(0, 1, { minOpen: true }),
  newmarkGamma: numberRule(0, 1, { minOpen: true }),
  useIndex2Constraints: flag,
  computeInitialAccelerations: flag,
  resetAccelerations: flag,
  storeInitialAlgebraicCoordinates: flag,
  computeInitialODE1Rates: flag,
  computeInitialVelocityConstraintRates: flag,
  constantAccelerationPredictor: flag,
  lieGroupSimplifiedKinematicRelations: flag,
};

const explicitIntegrationRules: RulesOf<ExplicitIntegrationSettings> = {
  eliminateConstraints: flag,
  computeEndOfStepAccelerations: flag,
  useLieGroupIntegration: flag,
};

const newtonGroup: SettingRule = { kind: 'group', className: 'NewtonSettings', rules: newtonRules };

/**
 * maxIterations ≥ 1: Exudyn accepts 0 and then solves nothing at all in a step (its loop runs Newton inside the
 * discontinuous iteration); a step without a solve has no use, so 0 is rejected.
 */
const discontinuousRules: RulesOf<DiscontinuousSettings> = {
  iterationTolerance: nonNegative,
  maxIterations: numberRule(1, maximumNewtonIterations, { integer: true }),
  ignoreMaxIterations: flag,
  useRecommendedStepSize: flag,
};

const discontinuousGroup: SettingRule = { kind: 'group', className: 'DiscontinuousSettings', rules: discontinuousRules };

const timeIntegrationRules: RulesOf<TimeIntegrationSettings> = {
  numberOfSteps: numberRule(1, maximumCount, { integer: true }),
  startTime: anyNumber,
  endTime: anyNumber,
  verboseMode,
  adaptiveStep: flag,
  adaptiveStepDecrease: numberRule(0, 1, { minOpen: true, maxOpen: true }),
  adaptiveStepIncrease: growthFactor,
  adaptiveStepRecoverySteps: numberRule(0, maximumCount, { integer: true }),
  adaptiveStepRecoveryIterations: numberRule(0, maximumCount, { integer: true }),
  automaticStepSize: flag,
  initialStepSize: nonNegative,
  minimumStepSize: positive,
  absoluteTolerance: positive,
  relativeTolerance: nonNegative,
  stepSizeSafety: numberRule(0, 1, { minOpen: true }),
  stepSizeMaxIncrease: growthFactor,
  reuseConstantMassMatrix: flag,
  computeLoadsJacobian: { kind: 'choice', values: [0, 1, 2] },
  newton: newtonGroup,
  discontinuous: discontinuousGroup,
  generalizedAlpha: { kind: 'group', className: 'GeneralizedAlphaSettings', rules: generalizedAlphaRules },
  explicitIntegration: { kind: 'group', className: 'ExplicitIntegrationSettings', rules: explicitIntegrationRules },
};

const arcLengthRules: RulesOf<ArcLengthSettings> = {
  useArcLength: flag,
  initialArcLength: positive,
  minimumArcLength: positive,
  maximumArcLength: positive,
  loadFactorScale: nonNegative,
  desiredIterations: numberRule(1, maximumNewtonIterations, { integer: true }),
  maximumLoadFactor: anyNumber,
  maximumNumberOfSteps: numberRule(1, maximumCount, { integer: true }),
};

const staticSolverRules: RulesOf<StaticSolverSettings> = {
  numberOfLoadSteps: numberRule(1, maximumCount, { integer: true }),
  loadStepDuration: positive,
  loadStepStart: anyNumber,
  useLoadFactor: flag,
  loadStepGeometric: flag,
  loadStepGeometricRange: positive,
  adaptiveStep: flag,
  adaptiveStepDecrease: numberRule(0, 1, { minOpen: true, maxOpen: true }),
  adaptiveStepIncrease: growthFactor,
  adaptiveStepRecoverySteps: numberRule(0, maximumCount, { integer: true }),
  adaptiveStepRecoveryIterations: numberRule(0, maximumCount, { integer: true }),
  minimumStepSize: positive,
  stabilizerODE2term: nonNegative,
  computeLoadsJacobian: flag,
  constrainODE1coordinates: flag,
  verboseMode,
  newton: newtonGroup,
  discontinuous: discontinuousGroup,
  arcLength: { kind: 'group', className: 'ArcLengthSettings', rules: arcLengthRules },
};

const solutionRules: RulesOf<SolutionSettings> = {
  sensorsWritePeriod: nonNegative,
  solutionWritePeriod: nonNegative,
  writeSolutionToFile: flag,
  coordinatesSolutionFileName: text,
  writeInitialValues: flag,
  exportVelocities: flag,
  exportAccelerations: flag,
  exportODE1Velocities: flag,
  exportAlgebraicCoordinates: flag,
  exportDataCoordinates: flag,
  outputPrecision: numberRule(1, 17, { integer: true }),
  sensorsStoreAndWriteFiles: flag,
  sensorsWriteFileHeader: flag,
  writeFileHeader: flag,
  writeFileFooter: flag,
  solutionInformation: text,
};

const linearSolverRules: RulesOf<LinearSolverSettings> = {
  ignoreSingularJacobian: flag,
  pivotThreshold: numberRule(0, 1),
};

/** The rules of every SimulationSettings field, nested like the settings object (the declaration the validator reads). */
export const simulationSettingsRules: RulesOf<SimulationSettings> = {
  timeIntegration: { kind: 'group', className: 'TimeIntegrationSettings', rules: timeIntegrationRules },
  staticSolver: { kind: 'group', className: 'StaticSolverSettings', rules: staticSolverRules },
  solutionSettings: { kind: 'group', className: 'SolutionSettings', rules: solutionRules },
  linearSolverType: { kind: 'choice', values: Object.values(LinearSolverType) },
  linearSolverSettings: { kind: 'group', className: 'LinearSolverSettings', rules: linearSolverRules },
  displayStatistics: flag,
};

function formatBound(value: number): string {
  return String(value);
}

/** What a rule accepts, in words: `a number in (0, 1)`, `an integer in 1 … 17`, `true or false`. */
export function describeSettingRule(rule: SettingRule): string {
  switch (rule.kind) {
    case 'boolean': return 'true or false';
    case 'string': return 'a string';
    case 'choice': return `one of ${rule.values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ')}`;
    case 'group': return `a ${rule.className} object`;
    case 'number': {
      const what = rule.integer ? 'an integer' : 'a finite number';
      const hasMin = rule.min > -Infinity;
      const hasMax = rule.max < Infinity;
      if (hasMin && hasMax) {
        if (rule.integer) return `${what} in ${formatBound(rule.min)} … ${formatBound(rule.max)}`;
        return `${what} in ${rule.minOpen ? '(' : '['}${formatBound(rule.min)}, ${formatBound(rule.max)}${rule.maxOpen ? ')' : ']'}`;
      }
      if (hasMin) return `${what} ${rule.minOpen ? '>' : '≥'} ${formatBound(rule.min)}`;
      if (hasMax) return `${what} ${rule.maxOpen ? '<' : '≤'} ${formatBound(rule.max)}`;
      return what;
    }
  }
}

/** An integer, or within 100ε (relative) of one: counts computed in floating point (Exudyn's tolerance; users round them). */
function isNearInteger(value: number): boolean {
  return Math.abs(Math.round(value) - value) <= 100 * Number.EPSILON * Math.abs(value);
}

function accepts(rule: NumberRule, value: number): boolean {
  if (!Number.isFinite(value) || (rule.integer && !isNearInteger(value))) return false;
  if (rule.minOpen ? value <= rule.min : value < rule.min) return false;
  return rule.maxOpen ? value < rule.max : value <= rule.max;
}

/** Throws the FlexdynError of a setting: `SimulationSettings: <dotted path> <message>`, parameter = the dotted path. */
export function settingError(path: string, message: string): never {
  throw new FlexdynError(`SimulationSettings: ${path} ${message}`, { parameter: path });
}

/** A group's rules as lists, made once per rules object (keys and rules looked up by name cost a hash lookup each, per solve). */
interface ListedRules {
  readonly names: readonly string[];
  readonly rules: readonly SettingRule[];
}

const listedRules = new WeakMap<Readonly<Record<string, SettingRule>>, ListedRules>();

function listRules(rules: Readonly<Record<string, SettingRule>>): ListedRules {
  let listed = listedRules.get(rules);
  if (listed === undefined) {
    const names = Object.keys(rules);
    listed = { names, rules: names.map((name) => rules[name]) };
    listedRules.set(rules, listed);
  }
  return listed;
}

function validateGroup(value: unknown, rules: Readonly<Record<string, SettingRule>>, className: string, prefix: string): void {
  if (!isDictionary(value)) {
    const where = prefix === '' ? 'the settings' : prefix.slice(0, -1);
    throw new FlexdynError(`SimulationSettings: ${where} must be a ${className} object, got ${describeValue(value)}`, { parameter: where });
  }
  const { names, rules: list } = listRules(rules);
  const record = value;
  const keys = Object.keys(record);
  // a settings object made by its class has exactly the rules' keys in their order: then no key is unknown or missing
  let exact = keys.length === names.length;
  for (let i = 0; exact && i < keys.length; i++) exact = keys[i] === names[i];
  if (!exact) {
    for (const key of keys) {
      if (Object.hasOwn(rules, key)) continue;
      const suggestion = closestName(key, names);
      settingError(`${prefix}${key}`, `is not a setting of ${className}${suggestion === undefined ? '' : ` (did you mean '${prefix}${suggestion}'?)`}; expected one of: ${names.join(', ')}`);
    }
  }
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const rule = list[i];
    // the dotted path is built only for a message (and for a group's prefix)
    if (!exact && !Object.hasOwn(record, name)) settingError(prefix + name, `is missing; expected ${describeSettingRule(rule)} (start from new SimulationSettings())`);
    const field = record[name];
    switch (rule.kind) {
      case 'group': validateGroup(field, rule.rules, rule.className, `${prefix}${name}.`); break;
      case 'boolean': if (typeof field !== 'boolean') settingError(prefix + name, `must be true or false, got ${describeValue(field)}`); break;
      case 'string': if (typeof field !== 'string') settingError(prefix + name, `must be a string, got ${describeValue(field)}`); break;
      case 'choice': if (!rule.values.includes(field as string | number)) settingError(prefix + name, `must be ${describeSettingRule(rule)}, got ${describeValue(field)}`); break;
      case 'number': if (typeof field !== 'number' || !accepts(rule, field)) settingError(prefix + name, `must be ${describeSettingRule(rule)}, got ${describeValue(field)}`); break;
    }
  }
}

/**
 * Checks a whole settings tree once at the start of a solve, before any file is opened: own enumerable keys only (a
 * misspelled key is rejected with the closest name), every field present with the right type and within its range
 * ({@link simulationSettingsRules}), and the dependencies between fields (those of the step settings are checked where
 * the step schedule is computed, stepSchedule.ts, also before any file is opened). Throws a FlexdynError naming the dotted path
 * of the setting, what it accepts and what it got.
 */
export function validateSimulationSettings(settings: unknown): asserts settings is SimulationSettings {
  validateGroup(settings, simulationSettingsRules, 'SimulationSettings', '');
  const output = (settings as SimulationSettings).solutionSettings;
  if (output.writeSolutionToFile && output.coordinatesSolutionFileName === '') {
    settingError('solutionSettings.coordinatesSolutionFileName', "must name a file when solutionSettings.writeSolutionToFile is true, got ''");
  }
}
