/**
 * The live page's Web Worker (bundled by `npm run build:live` into worker.js): answers { type: 'list' } with the
 * demos and their parameters, and { type: 'run', demo, values } by building and solving the demo with the engine,
 * posting the frames as they are computed ({@link runLiveDemo}).
 * @module
 */
import { liveDemos } from './demos/index.ts';
import { runLiveDemo, type LiveMessage } from './runner.ts';

/** A request to the worker. */
export type LiveRequest = { type: 'list' } | { type: 'run'; demo: string; values: Record<string, number> };

/** The demos as the page's form shows them. */
export type LiveDemoList = { type: 'demos'; demos: { id: string; title: string; description: string; parameters: (typeof liveDemos)[number]['parameters'] }[] };

/** The worker's global scope (the part used here). */
const scope = globalThis as unknown as { onmessage: ((event: { data: LiveRequest }) => void) | null; postMessage(message: LiveMessage | LiveDemoList): void };

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'list') {
    scope.postMessage({ type: 'demos', demos: liveDemos.map(({ id, title, description, parameters }) => ({ id, title, description, parameters })) });
  } else if (request.type === 'run') {
    runLiveDemo(request.demo, request.values, (message) => scope.postMessage(message));
  }
};
