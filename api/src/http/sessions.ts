import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Config } from '../platform/config.ts';
import type { PgPool } from '../platform/pg.ts';
import type { PubSub } from '../platform/pubsub.ts';
import { CachedSessionStore } from './cachedSessionStore.ts';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'chorus.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions live in PostgreSQL so any api process can serve any request. The cookie is httpOnly and
 * SameSite=Lax (a cross-site POST can't ride on it), and Secure whenever the request came over
 * HTTPS (directly or through a trusted proxy).
 */
export function createSessionMiddleware(config: Config, pool: PgPool, pubsub: PubSub) {
  const PgStore = connectPgSimple(session);
  const secure = config.COOKIE_SECURE === 'auto' ? 'auto' : config.COOKIE_SECURE === 'true';
  return session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store: new CachedSessionStore(
      new PgStore({
        pool,
        tableName: 'sessions',
        // The worker prunes expired sessions on a schedule; api processes don't each do it.
        pruneSessionInterval: false,
        // The cookie's lifetime is fixed at sign-in (rolling: false), so there is nothing to touch.
        disableTouch: true,
      }),
      pubsub,
    ),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.TRUST_PROXY > 0,
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: THIRTY_DAYS_MS, path: '/' },
  });
}
export type SessionMiddleware = ReturnType<typeof createSessionMiddleware>;
