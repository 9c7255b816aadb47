import type { Request } from 'express';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * Signing in swaps the session id (no session fixation) before remembering the user;
 * signing out destroys the session row and clears the cookie.
 */
export async function signIn(req: Request, userId: string): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
  req.session.userId = userId;
  const now = new Date().toISOString();
  req.session.device = {
    userAgent: (req.get('user-agent') ?? '').slice(0, 400),
    ip: req.ip ?? '',
    createdAt: now,
  };
  req.session.lastActiveAt = now;
  await new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));
}

export async function signOut(req: Request): Promise<void> {
  if (!req.session) return;
  const { path, httpOnly, sameSite, secure } = req.session.cookie;
  await new Promise<void>((resolve, reject) => req.session.destroy((e) => (e ? reject(e) : resolve())));
  // The browser drops its copy too (an expired Set-Cookie with the same attributes), so a signed-out
  // browser sends no stale session id.
  req.res?.clearCookie(SESSION_COOKIE, {
    path,
    httpOnly,
    sameSite,
    secure: secure === 'auto' ? req.secure : Boolean(secure),
  });
}
