import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrateDatabase } from '../../scripts/lib/migrate.ts';
import { testDatabaseUrl } from './database.ts';

/**
 * An empty database of its own (named `prefix_…`) on the server at `server` (the test run's
 * PostgreSQL by default): its URL, and `drop` to remove it again.
 */
export async function emptyDatabase(
  server: string = testDatabaseUrl(),
  prefix = 'chorus_own',
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(server);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: base.href });
      await client.connect();
      // pg's Pool.end() resolves before its connections have closed: a forced drop at once would cut
      // one still closing, and pg raises that as an uncaught error. Wait (briefly) for them to go.
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A database of its own on the test run's PostgreSQL (or `server`), fully migrated: for a test file
 * whose workers must not take (or be taken) jobs of other files' workers, which share the run's
 * database and are configured with other video providers.
 */
export async function ownDatabase(
  server?: string,
  prefix?: string,
): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const db = await emptyDatabase(server, prefix);
  await migrateDatabase(db.url);
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  // The pool first: the forced drop would cut its idle connections, which pg reports as errors.
  const drop = () => pool.end().then(db.drop);
  return { url: db.url, pool, drop };
}

/**
 * `ownDatabase()` for a whole test file: made before its tests (call this above `useTestApp`, whose
 * app then reads `url` when it starts) and dropped after them (after the app has closed).
 */
export function useOwnDatabase(): { readonly url: string; readonly pool: pg.Pool } {
  let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  beforeAll(async () => {
    own = await ownDatabase();
  }, 60_000);
  afterAll(async () => {
    await own?.drop();
  });
  const made = () => {
    if (!own) throw new Error('The own database is made in beforeAll: read it from a test or a hook');
    return own;
  };
  return {
    get url() {
      return made().url;
    },
    get pool() {
      return made().pool;
    },
  };
}
