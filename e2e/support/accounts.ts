import pg from 'pg';
import { inject } from 'vitest';

/**
 * Marks an account's e-mail address verified in the journeys' database, as opening the emailed link
 * would (the link itself has its own journey in accountSecurity.e2e.test.ts). Invitations and
 * checkout wait for a verified address.
 */
export async function markEmailVerified(username: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      'update users set email_verified_at = now() where lower(username) = lower($1)',
      [username],
    );
    if (rowCount !== 1) throw new Error(`no account named ${username}`);
  } finally {
    await client.end();
  }
}
