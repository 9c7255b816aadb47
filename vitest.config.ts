import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './web/vite-plugins/messageCatalogs.ts';

/**
 * Tests of whole processes against a clock (npm start restarting a killed api within 10 s, /healthz
 * with PostgreSQL frozen), each with a database of its own: they run after the integration files,
 * one at a time, so three busy workers can't slow a restart past its bound.
 */
const PROCESS_TESTS = ['scripts/start.test.ts', 'api/test/resilience.test.ts'];

/**
 * Three projects, run by `npx vitest run` together or one at a time with `--project`:
 * - unit: pure logic beside the code (web/src, packages/shared/src, api/src) and script helpers that
 *   need no database; no global setup, so a failure shows in seconds (scripts/test.ts runs it first).
 * - integration: one embedded PostgreSQL for the whole run (tests/globalSetup.ts), each test file
 *   starting its own api on a free port and making its own users. Files run three at a time, each
 *   worker on its own copy of the database: the files mostly wait (sockets, the database, timers),
 *   so three keep the machine's two cores busy. INTEGRATION_WORKERS changes how many.
 *   A worker's files share its loaded modules (`isolate: false`, below).
 * - processes: PROCESS_TESTS above, alone after the integration files.
 */
export default defineConfig({
  // Web modules import their language's texts as virtual:messages/… (web/vite-plugins/messageCatalogs.ts).
  plugins: [messageCatalogs()],
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds; Node loads the CJS one for our
    // dependencies, so our own code must get the same copy or schemas come "from another realm".
    alias: { graphql: fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url)) },
  },
  test: {
    pool: 'forks',
    // expect.poll waits up to 10 s, not vitest's 1 s: three files at once can hold an event back longer.
    expect: { poll: { timeout: 10_000 } },
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
          // A worker keeps the api's modules loaded from one file to the next instead of loading
          // them again for each (integration took 270 s loading them afresh, 185 s so). A file that
          // changes process-wide state puts it back (api/test/modules.test.ts takes its hooks away).
          isolate: false,
          include: ['api/test/**/*.test.ts', 'scripts/*.test.ts'],
          exclude: PROCESS_TESTS,
          globalSetup: ['tests/globalSetup.ts'],
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_TESTS,
          // After the integration files, alone: they time restarts and stops of whole processes.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
