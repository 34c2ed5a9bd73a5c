import type { SystemAssembler } from '../model/assembly.ts';
import type { CompiledModel } from '../model/compile.ts';
import type { SensorRecords } from '../model/SensorRecords.ts';
import type { InMemoryFileSystem } from '../core/fileSystem.ts';
import { DynamicSolverType } from '../registry/enums.ts';
import { FlexdynError } from '../core/errors.ts';
import { ImplicitSecondOrderStepper } from './implicit.ts';
import { createExplicitStepper } from './explicit.ts';
import { OutputRecorder } from './output.ts';
import { ProgressReporter } from './progress.ts';
import type { SimulationSettings } from './SimulationSettings.ts';
import { runStepLoop, type SolverHooks, type SolverStatistics } from './stepLoop.ts';

/** Solves the dynamic problem from the initial state with the given solver; the end state becomes current. */
export function solveDynamic(
  model: CompiledModel, assembler: SystemAssembler, settings: SimulationSettings,
  solverType: DynamicSolverType, hooks: SolverHooks, records: SensorRecords, memoryFiles: InMemoryFileSystem,
): SolverStatistics {
  const ti = settings.timeIntegration;
  assembler.differentiation = ti.newton.numericalDifferentiation;
  const data = model.data;
  data.current.copyFrom(data.initial);
  data.current.t = ti.startTime;
  data.current.loadFactor = 1;
  let stepper;
  let automaticStepSize = false;
  if (solverType === DynamicSolverType.GeneralizedAlpha || solverType === DynamicSolverType.TrapezoidalIndex2) {
    const implicit = new ImplicitSecondOrderStepper(model, assembler, settings, hooks, solverType, solverType === DynamicSolverType.TrapezoidalIndex2);
    implicit.initialize();
    stepper = implicit;
  } else if (Object.values(DynamicSolverType).includes(solverType)) {
    const explicit = createExplicitStepper(model, assembler, settings, solverType);
    automaticStepSize = explicit.automaticStepSize;
    stepper = explicit;
  } else {
    throw new FlexdynError(`solveDynamic: unknown solverType ${String(solverType)}; expected one of ${Object.values(DynamicSolverType).join(', ')}`);
  }
  const recorder = new OutputRecorder(model, records, settings.solutionSettings, ti.startTime, ti.endTime, solverType, true, ti.numberOfSteps, memoryFiles);
  recorder.start(data.current);
  let statistics: SolverStatistics | undefined;
  const progress = ti.verboseMode >= 1 ? new ProgressReporter(solverType, ti.startTime, ti.endTime) : undefined;
  try {
    statistics = runStepLoop(model, stepper, ti, recorder, hooks, automaticStepSize, progress);
    progress?.finish();
    if (settings.displayStatistics || ti.verboseMode >= 1) {
      console.log(`${solverType}: ${statistics.steps} steps, ${statistics.rejectedSteps} rejected, ${statistics.newtonIterations} Newton iterations, ${statistics.jacobianUpdates} Jacobian updates, ${statistics.computationTime.toFixed(3)} s`);
    }
    return statistics;
  } finally {
    progress?.finish();
    recorder.close(statistics);
  }
}
