import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import { migrateDatabase } from '../scripts/lib/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** A real PostgreSQL for the test run: the embedded one, in a throw-away folder, fully migrated. */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let teardown = async () => {};
  if (!url) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-test-'));
    const db = await startEmbeddedDb({ dataDir: path.join(dir, 'pg'), persistent: false });
    url = db.url;
    teardown = async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  await migrateDatabase(url);
  project.provide('databaseUrl', url);
  return teardown;
}
