import { defineConfig } from 'vitest/config';

/** Browser journeys: the built app, api and worker processes as `npm start` runs them, real Chromium. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
