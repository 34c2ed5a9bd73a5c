/**
 * Setup of `npm run test:exudyn-data` (vitest.exudyn-data.config.ts): Node's file system as in the main
 * suite, and the reason when Exudyn's test data is absent — printed once per file, the tests then skip;
 * with FLEXDYN_EXUDYN_DATA_REQUIRED=1 (.ci/run) absent data fails the suite instead.
 */
import { installFileSystem } from '../../src/core/fileSystem.ts';
import { nodeFileSystem } from '../../src/nodeFileSystem.ts';
import { exudynDataMissingReason, exudynDataRequired } from '../../testModels/exudynData.ts';

installFileSystem(nodeFileSystem);
if (exudynDataMissingReason !== undefined) {
  if (exudynDataRequired) throw new Error(`FLEXDYN_EXUDYN_DATA_REQUIRED=1 but ${exudynDataMissingReason}`);
  console.log(`Exudyn-data tests skipped: ${exudynDataMissingReason}`);
}
