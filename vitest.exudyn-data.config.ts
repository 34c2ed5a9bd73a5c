import { defineConfig } from 'vitest/config';

/**
 * `npm run test:exudyn-data`: the parity runs on Exudyn's test data (test/exudyn-data/), kept out of `npm test`
 * because the data is not the project's (testModels/exudynData.ts says where it is looked for).
 */
export default defineConfig({
  test: {
    include: ['test/exudyn-data/**/*.test.ts'],
    testTimeout: 60_000,
    globalSetup: ['test/temporaryDirectory.globalSetup.ts'],
    setupFiles: ['test/exudyn-data/setup.ts'],
  },
});
