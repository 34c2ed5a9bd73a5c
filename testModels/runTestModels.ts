import '../src/node.ts'; // Node's file system: models and benchmarks write their files to disk
import { enterScratchDirectory } from './scratchDirectory.ts';
import { testModels } from './index.ts';
import { testModelError, type TestModel } from './testModel.ts';
import { exudynDataMissingReason, exudynDataRequired } from './exudynData.ts';

/**
 * Runs the ported Exudyn test models, prints a table (model, result, reference, error, wall
 * time) and exits non-zero when a model misses its tolerance or throws. Models write their
 * solution and sensor files into a temporary folder. Without arguments: the models that need
 * nothing beside the repository (npm test); with --exudyn-data: those on Exudyn's test data
 * (npm run test:exudyn-data), skipped with the reason when the data is absent — a failure
 * with FLEXDYN_EXUDYN_DATA_REQUIRED=1; with --long: Exudyn's long performance models (npm run testmodels:long).
 */
function runAll(): number {
  const onData = process.argv.includes('--exudyn-data');
  const long = process.argv.includes('--long');
  const selected: readonly TestModel[] = testModels.filter((m) => (m.needsExudynData === true) === onData && (m.long === true) === long);
  if (onData && exudynDataMissingReason !== undefined) {
    console.log(`testModels on Exudyn's data (${selected.map((m) => m.name).join(', ')}) ${exudynDataRequired ? 'FAILED' : 'skipped'}: ${exudynDataMissingReason}`);
    return exudynDataRequired ? 1 : 0;
  }
  enterScratchDirectory('flexdyn-testmodels-');
  const rows: string[][] = [['model', 'result', 'reference', 'error', 'tolerance', 'time [s]', 'status']];
  let failures = 0;
  for (const model of selected) {
    const started = performance.now();
    let result = Number.NaN;
    let status: string;
    try {
      result = model.run();
      const error = testModelError(model, result);
      status = error <= model.tolerance ? 'ok' : 'MISSED';
      rows.push([model.name, String(result), String(model.reference), `${error.toExponential(2)} (${model.comparison})`, model.tolerance.toExponential(0), ((performance.now() - started) / 1000).toFixed(2), status]);
    } catch (error) {
      status = 'ERROR';
      rows.push([model.name, 'NaN', String(model.reference), String(error instanceof Error ? error.message : error).slice(0, 80), model.tolerance.toExponential(0), ((performance.now() - started) / 1000).toFixed(2), status]);
    }
    if (status !== 'ok') failures++;
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  '));
  console.log(`testModels${onData ? ' on Exudyn\'s data' : ''}: ${selected.length - failures} passed, ${failures} failed`);
  return failures;
}

process.exitCode = runAll() > 0 ? 1 : 0;
