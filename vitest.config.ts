import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './web/vite-plugins/messageCatalogs.ts';

/**
 * Tests against a clock, run alone after everything else (scripts/test.ts runs the integration files
 * beside the browser journeys, on the CPU those leave idle, where a timer can run late): npm start
 * restarting a killed api within 10 s, /healthz with PostgreSQL frozen, media reads timed while
 * passwords hash, a stalled WebSocket timed against a quiet one, answers and renders whose
 * heartbeats must not look stale while their writer lives, and stored objects judged by their age.
 * One at a time, each with its own app.
 */
const CLOCK_TESTS = [
  'scripts/start.test.ts',
  'api/test/resilience.test.ts',
  'api/test/hardening.hashing.test.ts',
  'api/test/hardening.ws.test.ts',
  'api/test/chat.interrupted.test.ts',
  'api/test/workerLiveness.test.ts',
  'api/test/orphanSweep.test.ts',
];

/**
 * Three projects, run by `npx vitest run` together or one at a time with `--project`:
 * - unit: pure logic beside the code (web/src, packages/shared/src, api/src) and script helpers that
 *   need no database; no global setup, so a failure shows in seconds (scripts/test.ts runs it first).
 * - integration: one embedded PostgreSQL for the whole run (tests/globalSetup.ts), each test file
 *   starting its own api on a free port and making its own users. Files run three at a time, each
 *   worker on its own copy of the database: the files mostly wait (sockets, the database, timers),
 *   so three keep the machine's two cores busy. INTEGRATION_WORKERS changes how many.
 *   A worker's files share its loaded modules (`isolate: false`, below).
 * - clock: CLOCK_TESTS above, one at a time after the integration files.
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
          exclude: CLOCK_TESTS,
          globalSetup: ['tests/globalSetup.ts'],
          maxWorkers: Number(process.env.INTEGRATION_WORKERS) || 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'clock',
          include: CLOCK_TESTS,
          globalSetup: ['tests/globalSetup.ts'],
          // After the integration files when both projects run together (npm run test:integration).
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
