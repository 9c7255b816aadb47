import { createHash, randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { logger } from './logger.ts';
import type { PgPool } from './pg.ts';
import type { PubSub } from './pubsub.ts';

const CHANNEL = 'session_sockets_end';

/** graphql-ws's own "Unauthorized" close code: its client takes it as final and doesn't reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
const REASON = 'Session ended';

type EndMessage = { session: string } | { user: string; exceptSession?: string };

interface Entry {
  socket: WebSocket;
  /** The raw id, kept in this process only (for the re-check), and its hash (for announcements). */
  sid: string;
  session: string;
  userId: string;
  /** Its row in open_sockets (what `hasOpenTab` reads), and the write of it (the delete waits for it). */
  tab: string;
  noted?: Promise<unknown>;
}

/**
 * The signed-in WebSockets of this process, by session and by user, so that ending a session
 * (logout, a password change, "sign out other sessions") ends its sockets too. endSession/endUser
 * announce over Postgres NOTIFY and every api process closes the sockets it holds. Sockets whose
 * session ended some other way (expired, its row deleted) are found by a re-check of all of them
 * against the sessions table every `recheckMs`.
 *
 * Announcements name a session only by a hash of its id: the id is the cookie's secret, and
 * NOTIFY payloads travel through the database.
 *
 * Each socket is also a row of `open_sockets` while it lives (refreshed at every re-check), so any
 * process, the worker included, can tell whether a person has a Chorus tab open: every signed-in
 * page keeps one socket (web/src/features/notifications/liveAlerts.ts). Web Push asks it
 * (modules/push) and pushes only to people with no tab open.
 */
export class SessionSockets {
  private readonly entries = new Set<Entry>();
  private timer?: NodeJS.Timeout;
  private checking = false;

  constructor(
    private readonly pubsub: PubSub,
    private readonly pool: PgPool,
    private readonly recheckMs: number,
  ) {
    pubsub
      .subscribe(CHANNEL, (payload) => this.onEnd(payload))
      .catch((err) => logger.error({ err }, 'session sockets channel unavailable'));
  }

  /** Follows `socket` until it closes; `sessionId` is the raw session id (express-session's req.sessionID). */
  register(socket: WebSocket, sessionId: string, userId: string): void {
    if (socket.readyState !== socket.OPEN) return;
    const entry: Entry = {
      socket,
      sid: sessionId,
      session: hashSession(sessionId),
      userId,
      tab: randomUUID(),
    };
    this.entries.add(entry);
    entry.noted = this.pool
      .query('insert into open_sockets (id, user_id) values ($1, $2) on conflict do nothing', [
        entry.tab,
        userId,
      ])
      .catch((err) => logger.warn({ err }, 'could not note an open socket'));
    socket.once('close', () => {
      this.entries.delete(entry);
      this.forgetTab(entry);
      if (this.entries.size === 0) this.stopTimer();
    });
    this.timer ??= setInterval(() => void this.recheck(), this.recheckMs).unref();
  }

  /** Closes every socket of this session, in every api process. */
  async endSession(sessionId: string): Promise<void> {
    await this.announce({ session: hashSession(sessionId) });
  }

  /** Closes every socket of this user, in every api process, but those of `exceptSessionId` if given. */
  async endUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.announce({
      user: userId,
      ...(exceptSessionId ? { exceptSession: hashSession(exceptSessionId) } : {}),
    });
  }

  /** How many sockets this process follows (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private async announce(message: EndMessage): Promise<void> {
    // Delivered here at once; the other processes hear it through NOTIFY. Should that fail (the
    // database away), their next re-check closes the sockets: the session itself is already gone.
    await this.pubsub
      .publish(CHANNEL, JSON.stringify(message))
      .catch((err) => logger.warn({ err }, 'could not announce ended session sockets'));
  }

  private onEnd(payload: string): void {
    let message: EndMessage;
    try {
      message = JSON.parse(payload) as EndMessage;
    } catch {
      return;
    }
    for (const entry of this.entries) {
      const ends =
        'session' in message
          ? entry.session === message.session
          : entry.userId === message.user && entry.session !== message.exceptSession;
      if (ends) this.close(entry);
    }
  }

  /** One query for all of this process's sockets: which of their sessions still exist, for whom. */
  private async recheck(): Promise<void> {
    if (this.checking || this.entries.size === 0) return;
    this.checking = true;
    try {
      const bySession = new Map<string, Entry[]>();
      for (const entry of this.entries) {
        const list = bySession.get(entry.sid) ?? [];
        list.push(entry);
        bySession.set(entry.sid, list);
      }
      // connect-pg-simple's table (http/sessions.ts); `expire` is when the cookie runs out.
      const { rows } = await this.pool.query<{ sid: string; user_id: string | null }>(
        `select sid, sess->>'userId' as user_id from sessions where sid = any($1) and expire > now()`,
        [[...bySession.keys()]],
      );
      const alive = new Map(rows.map((r) => [r.sid, r.user_id]));
      for (const [sid, list] of bySession) {
        for (const entry of list) if (alive.get(sid) !== entry.userId) this.close(entry);
      }
      // The sockets still open are seen now; rows of a process that died without closing age out.
      await this.pool.query('update open_sockets set seen_at = now() where id = any($1::uuid[])', [
        [...this.entries].map((e) => e.tab),
      ]);
      await this.pool.query(`delete from open_sockets where seen_at < now() - interval '1 hour'`);
    } catch (err) {
      logger.warn({ err }, 'session sockets re-check failed; trying again later');
    } finally {
      this.checking = false;
    }
  }

  private forgetTab(entry: Entry): void {
    void Promise.resolve(entry.noted)
      .then(() => this.pool.query('delete from open_sockets where id = $1', [entry.tab]))
      .catch((err) => logger.warn({ err }, 'could not forget a closed socket'));
  }

  private close(entry: Entry): void {
    this.entries.delete(entry);
    if (this.entries.size === 0) this.stopTimer();
    entry.socket.close(SESSION_ENDED_CLOSE_CODE, REASON);
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** How a session is named outside its own row (announcements, push subscriptions). */
export const hashSession = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');
