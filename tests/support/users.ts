import pg from 'pg';
import { uniqueName } from './app.ts';
import { HttpClient } from './client.ts';
import { testDatabaseUrl } from './database.ts';

let pool: pg.Pool | undefined;
/** Direct SQL for test set-up and for checking what was stored. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: testDatabaseUrl(), max: 3 });
  return pool;
}

/**
 * Marks a user's e-mail address verified, as following the link would (the link itself has its
 * own tests in accounts.security.test.ts). Invitations and checkout need it.
 */
export async function markEmailVerified(userId: string) {
  await db().query('update users set email_verified_at = now() where id = $1', [userId]);
}

/**
 * A new signed-in "browser" for a fresh account, its e-mail verified unless `verified: false`
 * (tests of the unverified state, and apps on a database of their own, which `db()` doesn't reach).
 * `username` when the name matters (ADMIN_USERNAMES); otherwise a unique one from `prefix`.
 */
export async function signedUpClient(
  baseUrl: string,
  options: { verified?: boolean; ip?: string; prefix?: string; username?: string } = {},
) {
  const client = new HttpClient(baseUrl, options.ip);
  const username = options.username ?? uniqueName(options.prefix);
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'secret123',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  if (options.verified !== false) await markEmailVerified(res.body.id);
  return { client, username, userId: res.body.id as string };
}

/** Puts a user on a paid plan directly (billing has its own tests). */
export async function makePaid(userId: string, planType = 'monthly') {
  await db().query(
    `insert into subscriptions (id, user_id, plan_type, status, current_period_end)
     values (gen_random_uuid(), $1, $2, 'active', now() + interval '30 days')
     on conflict (user_id) do update set plan_type = excluded.plan_type, status = 'active'`,
    [userId, planType],
  );
}

/** A new signed-in "browser" for a fresh account on a paid plan (the tests that need its limits). */
export async function paidClient(baseUrl: string) {
  const user = await signedUpClient(baseUrl);
  await makePaid(user.userId);
  return user;
}

/** A chat row of the user's, written straight to the database; its id. */
export async function insertChat(userId: string, title: string): Promise<string> {
  const chat = await db().query(
    `insert into chats (id, user_id, title) values (gen_random_uuid(), $1, $2) returning id`,
    [userId, title],
  );
  return chat.rows[0].id as string;
}
