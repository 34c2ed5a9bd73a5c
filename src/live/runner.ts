/**
 * Runs a live demo and streams it: the model's scene at its initial state at once, then, while the solver steps, the
 * frames computed so far (every `chunkMilliseconds` of wall time) as scene chunks ({@link computeScene} of those frames,
 * with the sensor rows so far), then the solver statistics. The Web Worker of the live page calls it with
 * postMessage; a test calls it in Node.
 * @module
 */
import { ConfigurationType, type SolverStatistics } from '../index.ts';
import { computeScene, type Scene } from '../viewer/index.ts';
import { liveDemo } from './demos/index.ts';

/** A message of the live runner. */
export type LiveMessage =
  /** The first frame (the initial state): meshes, bounds, sensors. */
  | { type: 'start'; demo: string; values: Record<string, number>; scene: Scene }
  /** Further frames: a scene of those frames only (meshes again; the page keeps the first ones), sensor rows so far. */
  | { type: 'frames'; scene: Scene }
  /** The solve ended; the last frames came before. */
  | { type: 'done'; statistics: SolverStatistics; seconds: number }
  /** The build or the solve failed. */
  | { type: 'error'; message: string };

/** Options of {@link runLiveDemo}. */
export interface LiveRunOptions {
  /** Wall time between two frame messages [ms] (default 50). */
  chunkMilliseconds?: number;
}

/**
 * Builds demo `id` with `values` (see {@link liveDemo}), prepares it, solves it dynamically and posts the frames; errors
 * are posted as an 'error' message (and returned as undefined), never thrown.
 */
export function runLiveDemo(id: string, values: Readonly<Record<string, number>>, post: (message: LiveMessage) => void, options: LiveRunOptions = {}): SolverStatistics | undefined {
  const chunk = options.chunkMilliseconds ?? 50;
  try {
    const started = performance.now();
    const { demo, values: checked } = liveDemo(id, values);
    const model = demo.build(checked);
    model.prepare?.();
    const { mbs, settings, frameInterval } = model;
    const columns = mbs.stateOf(ConfigurationType.Current).q.length;
    const times: number[] = [];
    const rows: Float64Array[] = [];
    let nextFrame = -Infinity, lastPost = performance.now(), first = true;
    const record = (t: number, q: Float64Array) => {
      if (t < nextFrame) return;
      times.push(t);
      rows.push(Float64Array.from(q));
      nextFrame = t + frameInterval * (1 - 1e-9);
    };
    const flush = () => {
      if (times.length === 0) return;
      const scene = computeScene(mbs, { times, coordinates: { rows: times.length, columns, row: (i) => rows[i] } }, model.sceneOptions);
      post(first ? { type: 'start', demo: id, values: checked, scene } : { type: 'frames', scene });
      first = false;
      times.length = 0;
      rows.length = 0;
      lastPost = performance.now();
    };
    const initial = mbs.stateOf(ConfigurationType.Initial);
    record(settings.timeIntegration.startTime, initial.q);
    flush();
    // before each step the start-of-step state is the last accepted one
    const startOfStep = mbs.stateOf(ConfigurationType.StartOfStep);
    mbs.setPreStepUserFunction(() => {
      record(startOfStep.t, startOfStep.q);
      if (performance.now() - lastPost >= chunk) flush();
    });
    const statistics = mbs.solveDynamic(settings);
    const current = mbs.stateOf(ConfigurationType.Current);
    nextFrame = Math.min(nextFrame, current.t);
    record(current.t, current.q);
    flush();
    post({ type: 'done', statistics, seconds: (performance.now() - started) / 1000 });
    return statistics;
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
