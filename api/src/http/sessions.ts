import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Config } from '../platform/config.ts';
import type { PgPool } from '../platform/pg.ts';
import type { PubSub } from '../platform/pubsub.ts';
import { CachedSessionStore } from './cachedSessionStore.ts';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Shown in the profile's sessions list (modules/accounts/flows/sessionList.ts); set at sign-in. */
    device?: { userAgent: string; ip: string; createdAt: string };
    /** Refreshed about once a minute by the activity tracker (written in SQL, not by express-session). */
    lastActiveAt?: string;
  }
}

export const SESSION_COOKIE = 'chorus.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether the session cookie is Secure. COOKIE_SECURE=auto (the default) means Secure whenever
 * PUBLIC_URL is https: browsers then always reach us over HTTPS, even when a TLS-terminating proxy
 * talks plain HTTP to us and TRUST_PROXY isn't set to believe its X-Forwarded-Proto. Otherwise
 * 'auto' lets each request decide (HTTPS directly or, through trusted proxies, X-Forwarded-Proto).
 */
export function cookieSecurity(config: Pick<Config, 'COOKIE_SECURE' | 'publicUrl'>): boolean | 'auto' {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'true';
  return config.publicUrl.startsWith('https:') ? true : 'auto';
}

/**
 * Sessions live in PostgreSQL so any api process can serve any request. The cookie is httpOnly and
 * SameSite=Lax (a cross-site POST can't ride on it), and Secure as cookieSecurity decides.
 */
export function createSessionMiddleware(config: Config, pool: PgPool, pubsub: PubSub): RequestHandler {
  const PgStore = connectPgSimple(session);
  const secure = cookieSecurity(config);
  const sessions = session({
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
    // No `proxy` option: express-session then asks Express's req.secure, which honours TRUST_PROXY.
    cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: THIRTY_DAYS_MS, path: '/' },
  });
  if (secure !== true) return sessions;
  // express-session drops a Secure cookie from any request it doesn't see as HTTPS, which behind a
  // TLS-terminating proxy would be every request (nobody could sign in). Secure was decided from
  // configuration, so the request is taken as HTTPS, as the browser sent it.
  return (req, res, next) => {
    Object.defineProperty(req, 'secure', { value: true, configurable: true });
    sessions(req, res, next);
  };
}
export type SessionMiddleware = ReturnType<typeof createSessionMiddleware>;
