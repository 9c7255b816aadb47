import { isIP } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { signIn, signOut } from '../../../http/authSession.ts';
import type { Config } from '../../../platform/config.ts';
import type { AuthRateLimiter } from '../../../platform/rateLimit.ts';
import type { SessionSockets } from '../../../platform/sessionSockets.ts';
import { assertMaySignIn, signInRefusal } from '../core/restriction.ts';
import type { User } from '../core/User.ts';

/** What signing in needs, for the flows in authFlow.ts and secondFactorLogin.ts. */
export interface AuthFlowDeps {
  em: EntityManager;
  limiter: AuthRateLimiter;
  config: Config;
  req: Request;
  sockets: SessionSockets;
}

/**
 * Signing in replaces the session (signIn regenerates it): a socket opened under the session it
 * replaces (another account's, in the same browser) must not outlive it.
 */
export async function signInReplacing(
  em: EntityManager,
  req: Request,
  sockets: SessionSockets,
  user: Pick<User, 'id' | 'bannedAt' | 'suspendedUntil' | 'restrictionReason'>,
): Promise<void> {
  // Every way in (password, second factor, passkey, OpenID Connect, registration) passes here.
  assertMaySignIn(user);
  const previous = req.session?.userId ? req.sessionID : undefined;
  await signIn(req, user.id);
  if (previous) await sockets.endSession(previous);
  // `user` was read before the password check: a ban committed meanwhile may have swept the user's
  // sessions before this one was saved. Read the account once more now that the session is stored
  // (a later ban's sweep finds it), and take the session back if it was restricted meanwhile.
  const [now] = await em.execute<
    { banned_at: string | null; suspended_until: string | null; reason: string | null }[]
  >('select banned_at, suspended_until, restriction_reason as reason from users where id = ?', [user.id]);
  const late = now && {
    bannedAt: now.banned_at ? new Date(now.banned_at) : null,
    suspendedUntil: now.suspended_until ? new Date(now.suspended_until) : null,
    restrictionReason: now.reason,
  };
  if (late && signInRefusal(late)) {
    await signOut(req);
    assertMaySignIn(late);
  }
}

/**
 * The client's address as a limiter key. Behind more trusted proxies than there really are (a
 * misconfigured TRUST_PROXY), req.ip is whatever the client wrote in X-Forwarded-For: anything
 * that isn't an address shares one bucket rather than becoming a key of its own.
 */
export const clientAddress = (req: Request) => (req.ip && isIP(req.ip) ? req.ip : 'not-an-address');
