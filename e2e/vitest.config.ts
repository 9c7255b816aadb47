import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the built app, api and worker processes as `npm start` runs them, real Chromium.
 * Two files at a time. One journey leaves half the machine idle (it waits on the api, the worker and
 * its own timers); measured on this 2-core machine for all 50 files: one at a time 1,090 s, two 650 s
 * (19% idle), three 566 s (6% idle). Three saturate the CPU, and journeys that time what a person
 * waits for then failed now and then in clean-clone runs, so two (decision 161). Journeys share one
 * server and database, so each makes its own users and names (uniqueName) and never counts what
 * another could add. E2E_WORKERS changes how many.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    // Room for a long journey while another keeps the machine busy; a passing test never waits on it.
    testTimeout: 150_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s): with journeys side by side an answer can
    // take longer than that to start. A poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 150_000,
  },
});
