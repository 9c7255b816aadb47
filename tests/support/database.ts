import { inject } from 'vitest';

/**
 * This test file's database: a copy of the migrated test database for each vitest worker
 * (tests/globalSetup.ts makes them), so files running at the same time never share one. A worker
 * started by one file would otherwise take the jobs another file queued, with that file's settings.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}
