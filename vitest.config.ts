import { defineConfig } from 'vitest/config';

/**
 * Integration tests: one embedded PostgreSQL for the whole run (tests/globalSetup.ts), each test
 * file starting its own api on a free port and making its own users.
 */
export default defineConfig({
  test: {
    include: ['api/test/**/*.test.ts', 'worker/test/**/*.test.ts'],
    globalSetup: ['tests/globalSetup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
