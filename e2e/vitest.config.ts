import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the built app, api and worker processes as `npm start` runs them, real Chromium.
 * Three files at a time. One journey leaves half the machine idle (it waits on the api, the worker and
 * its own timers); measured on this 2-core machine for all 50 files: one at a time 1,090 s, two 650 s,
 * three 566 s (about 6% idle), every test passing in each. Journeys share one server and database, so
 * each makes its own users and names (uniqueName) and never counts what another could add.
 * E2E_WORKERS changes how many.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS) || 3,
    // Room for a long journey while two others keep the machine busy; a passing test never waits on it.
    testTimeout: 150_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s): with three journeys at once an answer can
    // take longer than that to start. A poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 150_000,
  },
});
