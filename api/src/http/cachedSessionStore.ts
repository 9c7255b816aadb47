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
  /** Each session as the database had it, frozen: requests get copies, never this object. */
  private readonly cache: SharedCache<session.SessionData | null>;

  constructor(
    private readonly inner: session.Store,
    private readonly pubsub: PubSub,
    ttlMs = 60_000,
  ) {
    super();
    this.cache = new SharedCache(pubsub, CHANNEL, ttlMs);
  }

  override get(sid: string, cb: Callback<session.SessionData | null>): void {
    // A hit answers at once: this runs before nearly every request.
    const hit = this.cache.peek(sid);
    if (hit !== undefined) {
      this.answer(sid, hit, cb);
      return;
    }
    this.cache
      .get(
        sid,
        () =>
          new Promise<session.SessionData | null>((resolve, reject) =>
            this.inner.get(sid, (err, data) => (err ? reject(err) : resolve(data ? deepFreeze(data) : null))),
          ),
      )
      .then((data) => this.answer(sid, data, cb), cb);
  }

  private answer(
    sid: string,
    data: session.SessionData | null,
    cb: Callback<session.SessionData | null>,
  ): void {
    const expires = data?.cookie?.expires
      ? new Date(data.cookie.expires).getTime()
      : Number.POSITIVE_INFINITY;
    if (!data || expires <= Date.now()) {
      if (data) this.cache.drop(sid);
      cb(null, null);
      return;
    }
    // express-session replaces `cookie` on the object it is given and copies the rest onto the
    // request's own session, so a shallow copy keeps the cached one intact; the frozen nested
    // values (the device) make an in-place change throw instead of leaking into other requests.
    cb(null, { ...data });
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

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
