import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Integration tests: one embedded PostgreSQL for the whole run (tests/globalSetup.ts), each test
 * file starting its own api on a free port and making its own users. Unit tests of pure logic
 * (web/src, packages/shared/src) run in the same run; they simply ignore the database.
 */
export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds; Node loads the CJS one for our
    // dependencies, so our own code must get the same copy or schemas come "from another realm".
    alias: { graphql: fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url)) },
  },
  test: {
    include: [
      'api/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      // Unit tests of pure logic beside the code (no database, no browser): the web app's and the
      // rules shared with the api.
      'web/src/**/*.test.ts',
      'packages/shared/src/**/*.test.ts',
      // The api's pure rules beside their code (e.g. api/src/modules/chat/core/sendRules.test.ts).
      'api/src/**/*.test.ts',
    ],
    globalSetup: ['tests/globalSetup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
