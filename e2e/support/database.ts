import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * Direct SQL on the journeys' database (e2e/globalSetup.ts), for set-up a journey can't click its way
 * to: a small pool opened on first use and closed after the file. Call it at the top of the file:
 * the file's own afterAll hooks, registered later, run before this one closes the pool (vitest runs
 * after-hooks in reverse order).
 */
export function useJourneyDatabase(): () => pg.Pool {
  let pool: pg.Pool | undefined;
  afterAll(async () => {
    await pool?.end();
  });
  return () => {
    pool ??= new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
    return pool;
  };
}

/** Gives an account a staff role, as `npm run admin` (scripts/admin.ts) or an admin in the console would. */
export async function makeStaff(db: pg.Pool, userId: string, role: 'moderator' | 'admin') {
  await db.query('update users set role = $2 where id = $1', [userId, role]);
}
