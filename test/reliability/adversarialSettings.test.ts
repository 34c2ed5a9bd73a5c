import { describe, expect, it } from 'vitest';
import { SimulationSettings, DynamicSolverType, FlexdynError, OutputVariableType } from '../../src/index.ts';
import { setSettingPath, settingsTestOscillator } from './settingsHelpers.ts';
import { simulationSettingsRules, type SettingRule } from '../../src/solvers/settingsValidation.ts';
import { renderSettingsPage } from '../../scripts/generateSettingsDocs.ts';

const oscillator = settingsTestOscillator;

/** Dotted paths of the numeric settings below a group of the declaration. */
function numericPaths(rules: Readonly<Record<string, SettingRule>>, prefix: string): string[] {
  return Object.entries(rules).flatMap(([name, rule]) => {
    if (rule.kind === 'group') return numericPaths(rule.rules, `${prefix}${name}.`);
    return rule.kind === 'number' || (rule.kind === 'choice' && typeof rule.values[0] === 'number') ? [`${prefix}${name}`] : [];
  });
}

const setPath = setSettingPath;

const rules = simulationSettingsRules as unknown as Record<string, SettingRule & { kind: 'group' }>;
const paths = [...numericPaths(rules.timeIntegration.rules, 'timeIntegration.'), ...numericPaths(rules.staticSolver.rules, 'staticSolver.')];
const hostileValues = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -1];
/** Wall-time bound of one hostile solve (the model takes milliseconds; a hang would take forever). */
const secondsPerSolve = 5;

describe('adversarial settings: NaN, ±Infinity, 0 and −1 for every numeric setting of time integration, static solver and Newton', () => {
  it('coversEveryNumericSetting', () => {
    // the paths come from the rules, which the compiler keeps complete (one per settings field): 49 numeric settings today
    expect(paths.length).toBeGreaterThanOrEqual(49);
    expect(paths).toContain('timeIntegration.newton.maxIterations');
    expect(paths).toContain('staticSolver.newton.relativeTolerance');
    expect(paths).toContain('staticSolver.numberOfLoadSteps');
  });

  for (const path of paths) {
    it(`${path}: each hostile value ends within ${secondsPerSolve} s with a finite result or a FlexdynError naming it`, () => {
      for (const value of hostileValues) {
        const solvers: (DynamicSolverType | 'static')[] = path.startsWith('staticSolver.') ? ['static'] : [DynamicSolverType.GeneralizedAlpha, DynamicSolverType.DOPRI5];
        for (const solver of solvers) {
          const mbs = oscillator();
          const settings = new SimulationSettings();
          settings.solutionSettings.writeSolutionToFile = false;
          settings.timeIntegration.numberOfSteps = 20;
          settings.timeIntegration.endTime = 0.2;
          settings.staticSolver.verboseMode = 0;
          settings.staticSolver.numberOfLoadSteps = 5;
          setPath(settings, path, value);
          const started = performance.now();
          let error: unknown;
          try {
            if (solver === 'static') mbs.solveStatic(settings);
            else mbs.solveDynamic(settings, solver);
          } catch (caught) {
            error = caught;
          }
          const seconds = (performance.now() - started) / 1000;
          expect(seconds, `${path} = ${value} with ${solver}`).toBeLessThan(secondsPerSolve);
          if (error === undefined) {
            // accepted: the run reached its end with finite values
            const q = mbs.getNodeOutput(0, OutputVariableType.Coordinates)[0];
            expect(Number.isFinite(q), `${path} = ${value} with ${solver}: q = ${q}`).toBe(true);
            continue;
          }
          expect(error, `${path} = ${value} with ${solver}: ${String(error)}`).toBeInstanceOf(FlexdynError);
          const flexdyn = error as FlexdynError;
          // rejected by the validation (naming the setting), or a run failure (time and step) for an accepted value
          if (flexdyn.parameter === path) expect(flexdyn.message).toContain(`SimulationSettings: ${path} must be`);
          else expect(flexdyn.message, `${path} = ${value} with ${solver}`).toMatch(/failed at t = [\d.e-]+ \(step \d+/);
        }
      }
    });
  }

  it('nonFiniteAndNonPositiveTimesAndCountsAreRejectedByName', () => {
    const cases: [string, unknown, string][] = [
      ['timeIntegration.endTime', Number.NaN, 'must be a finite number, got number NaN'],
      ['timeIntegration.startTime', Number.POSITIVE_INFINITY, 'must be a finite number, got number Infinity'],
      ['timeIntegration.numberOfSteps', 0, 'must be an integer in 1 … 2147483647, got number 0'],
      ['staticSolver.numberOfLoadSteps', 0, 'must be an integer in 1 … 2147483647, got number 0'],
      ['timeIntegration.adaptiveStepDecrease', 1, 'must be a finite number in (0, 1), got number 1'],
      ['timeIntegration.minimumStepSize', 0, 'must be a finite number > 0, got number 0'],
      ['timeIntegration.initialStepSize', -0.1, 'must be a finite number ≥ 0, got number -0.1'],
    ];
    for (const [path, value, message] of cases) {
      const settings = new SimulationSettings();
      setPath(settings, path, value);
      const mbs = oscillator();
      let caught: unknown;
      try { if (path.startsWith('static')) mbs.solveStatic(settings); else mbs.solveDynamic(settings); } catch (error) { caught = error; }
      expect(caught).toBeInstanceOf(FlexdynError);
      expect((caught as FlexdynError).message).toBe(`SimulationSettings: ${path} ${message}`);
      expect((caught as FlexdynError).parameter).toBe(path);
    }
  });

  it('settingsReferenceListsWhatEachSettingAcceptsFromTheSameRules', () => {
    const page = renderSettingsPage();
    expect(page).toContain('| Field | Default | Meaning | Accepts |');
    expect(page).toMatch(/\| `outputPrecision` \| `10` \| [^|]+ \| an integer in 1 … 17 \|/);
    expect(page).toMatch(/\| `adaptiveStepDecrease` \| `0\.5` \| [^|]+ \| a finite number in \(0, 1\) \|/);
    expect(page).toMatch(/\| `linearSolverType` \| `'EXUdense'` \| [^|]+ \| one of 'EXUdense', 'EigenSparse', 'EigenDense' \|/);
  });
});
