import { describe, expect, it } from 'vitest';
import { DynamicSolverType } from '../../src/index.ts';
import { mulberry32 } from '../helpers/random.ts';
import { catchFlexdynError, expectLastGoodStepKept, faultModel, openDescriptors, type FaultKind, type FaultModel, type FaultSite } from './faultModel.ts';

/** One way to run the model: a name and the solve (settings adjusted for the variant). */
interface SolverVariant {
  name: string;
  isStatic: boolean;
  solve: (model: FaultModel) => void;
}

const dynamic = (solver: DynamicSolverType, adjust: (model: FaultModel) => void = () => {}): SolverVariant => ({
  name: solver, isStatic: false, solve: (model) => { adjust(model); model.mbs.solveDynamic(model.settings, solver); },
});

/** Every solver: static, implicit (generalized-α, Newmark, trapezoidal index 2; adaptive and fixed steps), each explicit method, DOPRI5 with and without step-size control. */
const variants: SolverVariant[] = [
  { name: 'StaticSolver', isStatic: true, solve: (model) => model.mbs.solveStatic(model.settings) },
  { name: 'StaticSolver fixed load steps', isStatic: true, solve: (model) => { model.settings.staticSolver.adaptiveStep = false; model.mbs.solveStatic(model.settings); } },
  dynamic(DynamicSolverType.GeneralizedAlpha),
  { ...dynamic(DynamicSolverType.GeneralizedAlpha, (m) => { m.settings.timeIntegration.adaptiveStep = false; }), name: 'GeneralizedAlpha fixed steps' },
  { ...dynamic(DynamicSolverType.GeneralizedAlpha, (m) => { m.settings.timeIntegration.generalizedAlpha.useNewmark = true; }), name: 'Newmark' },
  dynamic(DynamicSolverType.TrapezoidalIndex2),
  dynamic(DynamicSolverType.ExplicitEuler),
  dynamic(DynamicSolverType.ExplicitMidpoint),
  dynamic(DynamicSolverType.RK33),
  dynamic(DynamicSolverType.RK44),
  dynamic(DynamicSolverType.RK67),
  dynamic(DynamicSolverType.ODE23),
  dynamic(DynamicSolverType.DOPRI5),
  { ...dynamic(DynamicSolverType.DOPRI5, (m) => { m.settings.timeIntegration.automaticStepSize = false; }), name: 'DOPRI5 fixed steps' },
  dynamic(DynamicSolverType.VelocityVerlet),
];

const sites: FaultSite[] = ['load', 'force', 'sensor', 'preStep'];
const kinds: FaultKind[] = ['throw', 'NaN'];
/** What the error names for each site. */
const causeOf: Record<FaultSite, Record<FaultKind, RegExp>> = {
  load: { throw: /LoadCoordinate #0 threw Error: injected load fault/, NaN: /LoadCoordinate #0: loadUserFunction must return a finite number, got number NaN/ },
  force: { throw: /ObjectGenericODE2 #0 threw Error: injected force fault/, NaN: /ObjectGenericODE2 #0: forceUserFunction must return finite numbers, got number NaN/ },
  sensor: { throw: /SensorUserFunction #1 threw Error: injected sensor fault/, NaN: /SensorUserFunction #1: sensorUserFunction must return finite numbers, got number NaN at entry 0/ },
  preStep: { throw: /preStepUserFunction threw Error: injected preStep fault/, NaN: /preStepUserFunction threw Error: injected preStep fault/ },
};

describe('fault injection: a user function that throws or returns NaN at a random step', () => {
  // Seeded: the fault times reproduce. A fault time in (0.1, 0.9) of the 50 steps of length 0.02 (load steps alike).
  const random = mulberry32(20261202);
  for (const variant of variants) {
    for (const site of sites) {
      for (const kind of kinds) {
        if (site === 'preStep' && kind === 'NaN') continue;
        const faultTime = 0.1 + 0.8 * random();
        it(`${variant.name}: ${site} ${kind} at t = ${faultTime.toFixed(4)} names the cause, keeps the last good step, its rows and closes the files`, () => {
          const model = faultModel({ site, kind, time: faultTime });
          const descriptors = openDescriptors();
          const error = catchFlexdynError(() => variant.solve(model));
          expect(error.message).toMatch(causeOf[site][kind]);
          expect(error.message).toMatch(/failed at t = [\d.e-]+ \(step \d+, step size [\d.e-]+\)/);
          expect(error.message).toMatch(/the state of t = [\d.e-]+ is kept and all sensor rows up to it are stored/);
          expect(openDescriptors()).toBe(descriptors);
          expectLastGoodStepKept(model, faultTime, variant.isStatic);
        });
      }
    }
  }

  it('withoutAFaultEverySolverRunsToTheEnd', () => {
    for (const variant of variants) {
      const model = faultModel();
      variant.solve(model);
      expect(model.mbs.getTime()).toBeCloseTo(1, 10);
      expect(model.mbs.getSensorStoredData(model.nodeSensor).length).toBe(model.mbs.getSensorStoredData(model.userSensor).length);
    }
  });
});
