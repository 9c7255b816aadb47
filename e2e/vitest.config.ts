import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the built app, api and worker processes as `npm start` runs them, real Chromium.
 * One file at a time: a journey keeps both cores busy (Chromium drawing, the api, the worker), and
 * two at once took as long and shared the server. E2E_WORKERS=2 tries it again.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS) || 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
