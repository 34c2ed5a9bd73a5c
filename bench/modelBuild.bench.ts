/**
 * Model-build benchmark (issue 12, resources): a chain of n mass points, each a NodePoint, a MassPoint, a
 * MarkerNodePosition and a CartesianSpringDamper to the previous one, added through the dictionaries and assembled.
 * Reports the wall time, the CPU time of this process (user + system: the machine may be shared) and the retained heap (after a garbage collection when node runs with --expose-gc, else the
 * heap growth) per node.
 * @module
 */
import {
  SystemContainer, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, CartesianSpringDamper,
} from '../src/index.ts';

/** One row: nodes, build time, time and heap per node. */
export interface ModelBuildRow {
  /** Number of mass points. */
  readonly nodes: number;
  /** Wall time of adding all items and assemble() [s]. */
  readonly seconds: number;
  /** Microseconds per node. */
  readonly microsecondsPerNode: number;
  /** CPU time (user + system, all threads of the process, so it includes concurrent garbage collection) per node [µs]. */
  readonly cpuMicrosecondsPerNode: number;
  /** Retained heap per node [bytes]. */
  readonly bytesPerNode: number;
}

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Builds and assembles the chain of n nodes; returns time and heap per node (the system is kept alive while measured). */
export function measureModelBuild(n: number): ModelBuildRow {
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const mbs = new SystemContainer().addSystem();
  let previous = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] })) }));
  for (let i = 0; i < n; i++) {
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [i + 1, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addObject(CartesianSpringDamper({ markerNumbers: [previous, marker], stiffness: [100, 100, 100], damping: [1, 1, 1] }));
    previous = marker;
  }
  mbs.assemble();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  collect();
  const bytes = process.memoryUsage().heapUsed - heapBefore;
  if (mbs.compiled().nu !== 3 * n) throw new Error('model build benchmark: wrong size');
  return { nodes: n, seconds, microsecondsPerNode: (seconds / n) * 1e6, cpuMicrosecondsPerNode: (cpu.user + cpu.system) / n, bytesPerNode: bytes / n };
}

/** The rows of `npm run bench` (1e4 and 1e5 nodes; `--build-nodes=` overrides the sizes). */
export function runModelBuildBenchmarks(sizes: readonly number[] = [1e4, 1e5]): ModelBuildRow[] {
  measureModelBuild(1000); // warm-up (JIT)
  return sizes.map((n) => measureModelBuild(n));
}

if (process.argv[1]?.endsWith('modelBuild.bench.ts')) {
  for (const row of runModelBuildBenchmarks()) {
    console.log(`model build ${row.nodes} nodes: ${row.seconds.toFixed(2)} s, ${row.microsecondsPerNode.toFixed(1)} µs/node (CPU ${row.cpuMicrosecondsPerNode.toFixed(1)} µs/node), ${(row.bytesPerNode / 1024).toFixed(2)} kB/node`);
  }
}
