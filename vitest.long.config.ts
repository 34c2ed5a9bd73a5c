import { defineConfig } from 'vitest/config';

/**
 * `npm run testmodels:long`: tests that run for minutes (step-size convergence studies of Exudyn's contact test models at
 * h … h/32), kept out of `npm test` like the long test models; .ci/run runs them after the other suites.
 */
export default defineConfig({
  test: {
    include: ['test/long/**/*.test.ts'],
    testTimeout: 900_000,
    globalSetup: ['test/temporaryDirectory.globalSetup.ts'],
    setupFiles: ['test/setup.ts'],
  },
});
