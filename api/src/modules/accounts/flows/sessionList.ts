import { createHash } from 'node:crypto';
import type { SessionView } from '@chorus/shared/accountRules';
import type { Request } from 'express';
import { SESSION_CHANGED_CHANNEL } from '../../../http/cachedSessionStore.ts';
import { notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { PgPool } from '../../../platform/pg.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { SessionSockets } from '../../../platform/sessionSockets.ts';

/**
 * The profile's sessions list: the user's rows of the `sessions` table (connect-pg-simple), each
 * named by a hash of its id (the id itself is the cookie's secret and never leaves the server).
 * Ending a session deletes its row, tells every api process to drop its cached copy, and closes
 * its WebSockets.
 */
export type { SessionView };

export const publicSessionId = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 32);

interface Row {
  sid: string;
  sess: { device?: { userAgent?: string; ip?: string; createdAt?: string }; lastActiveAt?: string };
}

async function rowsOf(pool: PgPool, userId: string): Promise<Row[]> {
  const { rows } = await pool.query<Row>(
    `select sid, sess from sessions where sess->>'userId' = $1 and expire > now()`,
    [userId],
  );
  return rows;
}

export async function listSessions(pool: PgPool, req: Request, userId: string): Promise<SessionView[]> {
  const rows = await rowsOf(pool, userId);
  return rows
    .map((r) => ({
      id: publicSessionId(r.sid),
      current: r.sid === req.sessionID,
      userAgent: r.sess.device?.userAgent ?? '',
      ip: (r.sess.device?.ip ?? '').replace(/^::ffff:/, ''),
      createdAt: r.sess.device?.createdAt ?? null,
      lastActiveAt: r.sess.lastActiveAt ?? r.sess.device?.createdAt ?? null,
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? ''),
    );
}

export interface EndSessionsDeps {
  pool: PgPool;
  pubsub: PubSub;
  sockets: SessionSockets;
}

/** Ends the sessions of `userId` chosen by `which` (raw ids); answers how many ended. */
async function endSids(deps: EndSessionsDeps, userId: string, sids: string[]): Promise<number> {
  if (sids.length === 0) return 0;
  const { rows } = await deps.pool.query<{ sid: string }>(
    `delete from sessions where sid = any($1) and sess->>'userId' = $2 returning sid`,
    [sids, userId],
  );
  for (const { sid } of rows) {
    await deps.pubsub.publish(SESSION_CHANGED_CHANNEL, sid).catch(() => {});
    await deps.sockets.endSession(sid);
  }
  return rows.length;
}

/** For sessions whose rows were deleted elsewhere (a deleted account): drop cached copies, close sockets. */
export async function announceEnded(deps: EndSessionsDeps, sids: string[]): Promise<void> {
  for (const sid of sids) {
    await deps.pubsub.publish(SESSION_CHANGED_CHANNEL, sid).catch(() => {});
    await deps.sockets.endSession(sid);
  }
}

/** Sign out one session (by its public id); 404 when it isn't one of the user's. */
export async function endSession(deps: EndSessionsDeps, userId: string, publicId: string): Promise<void> {
  const rows = await rowsOf(deps.pool, userId);
  const match = rows.find((r) => publicSessionId(r.sid) === publicId);
  if (!match || (await endSids(deps, userId, [match.sid])) === 0) throw notFound(msg('Session not found'));
}

/** Every session of the user but `keepSid` (all of them when it is undefined). */
export async function endOtherSessions(
  deps: EndSessionsDeps,
  userId: string,
  keepSid?: string,
): Promise<number> {
  const rows = await rowsOf(deps.pool, userId);
  const ended = await endSids(
    deps,
    userId,
    rows.map((r) => r.sid).filter((sid) => sid !== keepSid),
  );
  await deps.sockets.endUser(userId, keepSid);
  return ended;
}

/** Records that a session was used now (an UPDATE: it never brings back a session ended meanwhile). */
export const TOUCH_SESSION_SQL = `update sessions
  set sess = jsonb_set(sess::jsonb, '{lastActiveAt}', to_jsonb(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::json
  where sid = ?`;
