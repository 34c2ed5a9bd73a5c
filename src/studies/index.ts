/**
 * Parameter studies for Node.js (`flexdyn/studies`): parameterVariation, geneticOptimization, minimize and
 * computeSensitivities with Exudyn's names, on three executors — inline, worker threads of this machine
 * (piscina) and a Redis job queue across machines (bullmq, `flexdyn worker`). piscina and bullmq are optional
 * peer dependencies, loaded when their executor is first used. The engine never imports this entry.
 * @module
 */
export { parameterVariation } from './parameterVariation.ts';
export type { ParameterVariationOptions, ParameterVariationResult, ParameterGrid } from './parameterVariation.ts';
export { geneticOptimization } from './geneticOptimization.ts';
export type { GeneticOptimizationOptions, OptimizationResult } from './geneticOptimization.ts';
export { minimize } from './minimize.ts';
export type { MinimizeOptions } from './minimize.ts';
export { computeSensitivities } from './sensitivities.ts';
export type { SensitivityOptions, SensitivityResult } from './sensitivities.ts';
export { InlineExecutor, ThreadExecutor } from './executors.ts';
export type { Executor, ThreadExecutorOptions } from './executors.ts';
export { QueueExecutor, startQueueWorker, checkRedisReachable } from './queue.ts';
export type { QueueExecutorOptions, QueueWorkerOptions, QueueWorker } from './queue.ts';
export type { StudyOptions } from './options.ts';
export type { ParameterSet, CaseValue, CaseRecord, CaseOutcome, StudyCase, ParameterFunction, ParameterFunctionModule, InlineParameterFunction } from './cases.ts';
export { plotParameterVariation, plotOptimizationHistory } from './plots.ts';
export type { PlotVariationOptions, PlotHistoryOptions } from './plots.ts';
export { SeededRandom } from './random.ts';
