/**
 * Where Exudyn's test data (the Abaqus meshes and matrices of its FFRF test models: rotorDiscTest.*,
 * abaqus/block*) is found: the folder in the environment variable FLEXDYN_EXUDYN_DATA, else
 * ../shared/data/exudyn-testData beside the repository. The data is Exudyn's, not the project's, so
 * the parity runs on it form a suite of their own (`npm run test:exudyn-data`) that says plainly why it
 * skips when the data is absent; with FLEXDYN_EXUDYN_DATA_REQUIRED=1 (set by .ci/run) absent data fails.
 * @module
 */
import { createRequire } from 'node:module';

// node:fs and node:url through require: an ES import of node:fs builds its module facade, which reads every export and so
// loads Node's promise file system and its streams (≈ 3 ms of every fresh process of a model on this data that the model's
// own script does not pay; docs/benchmarks.md, cold20 and cold22)
const require = createRequire(import.meta.url);
const { existsSync } = require('node:fs') as typeof import('node:fs');
const { fileURLToPath, pathToFileURL } = require('node:url') as typeof import('node:url');

/** The file that marks the folder as Exudyn's test data. */
const marker = 'rotorDiscTest.inp';

function candidate(): URL {
  const fromEnvironment = process.env.FLEXDYN_EXUDYN_DATA;
  if (fromEnvironment !== undefined && fromEnvironment !== '') return pathToFileURL(fromEnvironment.endsWith('/') ? fromEnvironment : `${fromEnvironment}/`);
  // beside the repository: from testModels/<file>.ts, or compiled from dist/testModels/<file>.js (runTestModel.ts)
  return new URL(import.meta.url.endsWith('.js') ? '../../../shared/data/exudyn-testData/' : '../../shared/data/exudyn-testData/', import.meta.url);
}

/** The data folder (a file: URL ending in '/'), whether or not it exists. */
export const exudynDataDir: URL = candidate();

/** Why the Exudyn data cannot be used here, or undefined when it can. */
export const exudynDataMissingReason: string | undefined = existsSync(fileURLToPath(new URL(marker, exudynDataDir)))
  ? undefined
  : `no Exudyn test data at ${fileURLToPath(exudynDataDir)} (no ${marker}); set FLEXDYN_EXUDYN_DATA to the folder holding rotorDiscTest.inp and abaqus/`;

/** True when absent data must fail the suite (FLEXDYN_EXUDYN_DATA_REQUIRED=1, as .ci/run sets it). */
export const exudynDataRequired: boolean = process.env.FLEXDYN_EXUDYN_DATA_REQUIRED === '1';

/** URL of a file in the data folder; throws with the reason when the data is absent. */
export function exudynData(path: string): URL {
  if (exudynDataMissingReason !== undefined) throw new Error(`Exudyn test data needed for ${path}: ${exudynDataMissingReason}`);
  return new URL(path, exudynDataDir);
}
