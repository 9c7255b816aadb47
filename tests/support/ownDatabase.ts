import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase } from '../../scripts/lib/migrate.ts';

/**
 * A database of its own on the test run's PostgreSQL, fully migrated: for a test file whose
 * workers must not take (or be taken) jobs of other files' workers, which share the run's database
 * and are configured with other video providers.
 */
export async function ownDatabase(): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const base = new URL(inject('databaseUrl'));
  const name = `chorus_own_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  await migrateDatabase(url.href);
  const pool = new pg.Pool({ connectionString: url.href, max: 3 });
  return {
    url: url.href,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: base.href });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
