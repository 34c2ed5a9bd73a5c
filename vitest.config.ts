import { defineConfig } from 'vitest/config';

/**
 * Vitest settings. The default 5 s per-test limit is too tight for the model-level tests (rotor eigen solve,
 * Wilberforce run, rigid-body chain analysis) on a shared 2-core CI machine, where they take a few seconds each;
 * 60 s still catches a hung solver.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    globalSetup: ['test/temporaryDirectory.globalSetup.ts'],
    setupFiles: ['test/setup.ts'],
    // Exudyn's data is not the project's: its parity runs are `npm run test:exudyn-data` (vitest.exudyn-data.config.ts);
    // the minutes-long convergence studies run in `npm run testmodels:long` (vitest.long.config.ts)
    exclude: ['**/node_modules/**', 'test/exudyn-data/**', 'test/long/**'],
  },
});
