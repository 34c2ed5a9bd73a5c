/**
 * Runs one ported Exudyn test model in this process, as a model script would: it loads only the package entry and
 * the model's own module (testModels/<name>.ts), builds, solves, and prints one line: name, result, reference, error,
 * status, the whole-process wall time since Node started (performance.now(): start-up, imports, build, solve) and the
 * process's CPU time (user + system, which the load of a shared machine disturbs less than the wall time).
 * Exits non-zero when the model misses its tolerance. The model writes its files into a temporary folder.
 *
 * From source: `npx tsx testModels/runTestModel.ts heavyTop`. Compiled (`npm run build` writes dist/testModels/, with
 * the package entry imported as `flexdyn`: under Node dist/script/, scripts/build.mjs): `node dist/testModels/runTestModel.js heavyTop` — the
 * cold-start figure of docs/benchmarks.md.
 */
import '../src/node.ts'; // Node's file system: models write their files to disk
import { enterScratchDirectory } from './scratchDirectory.ts';
import { testModelError, type TestModel } from './testModel.ts';

/** The exported TestModel called name in the module testModels/<name> (.ts from source, .js compiled). */
async function loadModel(name: string): Promise<TestModel> {
  if (!/^\w+$/.test(name)) throw new Error(`runTestModel: expected a test model name (testModels/index.ts), got '${name}'`);
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  let module: Record<string, unknown>;
  try {
    module = await import(new URL(`./${name}${extension}`, import.meta.url).href) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`runTestModel: no test model '${name}' (testModels/${name}${extension}: ${error instanceof Error ? error.message : String(error)})`);
  }
  const model = Object.values(module).find((value): value is TestModel => typeof value === 'object' && value !== null && (value as TestModel).name === name
    && typeof (value as TestModel).run === 'function');
  if (model === undefined) throw new Error(`runTestModel: testModels/${name}${extension} exports no test model named '${name}'`);
  return model;
}

/** User + system CPU time of this process so far, seconds. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

const name = process.argv[2];
if (name === undefined) {
  console.error('usage: node dist/testModels/runTestModel.js <testModelName>   (or: npx tsx testModels/runTestModel.ts <testModelName>)');
  process.exit(2);
}
const model = await loadModel(name);
enterScratchDirectory('flexdyn-testmodel-');
const result = model.run();
const error = testModelError(model, result);
const status = error <= model.tolerance ? 'ok' : 'MISSED';
console.log(`${model.name}  result ${result}  reference ${model.reference}  error ${error.toExponential(2)} (${model.comparison})  ${status}  process ${(performance.now() / 1000).toFixed(3)} s  cpu ${cpuSeconds().toFixed(3)} s`);
process.exitCode = status === 'ok' ? 0 : 1;
