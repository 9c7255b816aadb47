import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects, run by `npx vitest run` together or one at a time with `--project`:
 * - unit: pure logic beside the code (web/src, packages/shared/src, api/src) and script helpers that
 *   need no database; no global setup, so a failure shows in seconds (scripts/test.ts runs it first).
 * - integration: one embedded PostgreSQL for the whole run (tests/globalSetup.ts), each test file
 *   starting its own api on a free port and making its own users. Files run three at a time, each
 *   worker on its own copy of the database: the files mostly wait (sockets, the database, timers),
 *   so three keep the machine's two cores busy. INTEGRATION_WORKERS changes how many.
 */
export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds; Node loads the CJS one for our
    // dependencies, so our own code must get the same copy or schemas come "from another realm".
    alias: { graphql: fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url)) },
  },
  test: {
    pool: 'forks',
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'web/src/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'api/src/**/*.test.ts',
            'scripts/lib/**/*.test.ts',
          ],
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['api/test/**/*.test.ts', 'scripts/*.test.ts'],
          globalSetup: ['tests/globalSetup.ts'],
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
