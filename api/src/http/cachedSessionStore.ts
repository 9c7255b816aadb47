import session from 'express-session';
import type { PubSub } from '../platform/pubsub.ts';
import { SharedCache } from '../platform/sharedCache.ts';

/** Announced with a session id whenever that session is written or destroyed (any process). */
export const SESSION_CHANGED_CHANNEL = 'session_changed';
const CHANNEL = SESSION_CHANGED_CHANNEL;

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * A read-through cache in front of the Postgres session store. Nearly every request reads the
 * session and almost none change it, so reads come from memory. Every write or destroy is
 * announced over LISTEN/NOTIFY and each api process drops its copy: signing out in one process
 * signs out everywhere within milliseconds.
 */
export class CachedSessionStore extends session.Store {
  private readonly cache: SharedCache<string | null>;

  constructor(
    private readonly inner: session.Store,
    private readonly pubsub: PubSub,
    ttlMs = 60_000,
  ) {
    super();
    this.cache = new SharedCache(pubsub, CHANNEL, ttlMs);
  }

  override get(sid: string, cb: Callback<session.SessionData | null>): void {
    this.cache
      .get(
        sid,
        () =>
          new Promise<string | null>((resolve, reject) =>
            this.inner.get(sid, (err, data) =>
              err ? reject(err) : resolve(data ? JSON.stringify(data) : null),
            ),
          ),
      )
      .then((json) => {
        // A copy each time: express-session mutates the object it is given.
        const data = json === null ? null : (JSON.parse(json) as session.SessionData);
        const expires = data?.cookie?.expires
          ? new Date(data.cookie.expires).getTime()
          : Number.POSITIVE_INFINITY;
        if (expires <= Date.now()) {
          this.cache.drop(sid);
          cb(null, null);
        } else cb(null, data);
      }, cb);
  }

  override set(sid: string, data: session.SessionData, cb?: Callback): void {
    this.cache.drop(sid);
    this.inner.set(sid, data, (err) => {
      void this.announce(sid).then(() => cb?.(err));
    });
  }

  override destroy(sid: string, cb?: Callback): void {
    this.cache.drop(sid);
    this.inner.destroy(sid, (err) => {
      // Answer only once the other processes have been told, so "logged out" really means it.
      void this.announce(sid).then(() => cb?.(err));
    });
  }

  private async announce(sid: string): Promise<void> {
    await this.pubsub.publish(CHANNEL, sid).catch(() => {});
  }
}
