import pg from 'pg';

/**
 * A small plain `pg` pool for the libraries that speak to Postgres themselves (the session store,
 * the rate limiter, graphile-worker's job adder). Domain code uses the ORM instead.
 */
export function createPgPool(databaseUrl: string, max = 5): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, idleTimeoutMillis: 30_000 });
  // An idle client dying (e.g. the database restarting) must not crash the process.
  pool.on('error', () => {});
  return pool;
}
export type PgPool = pg.Pool;
