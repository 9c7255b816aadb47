import { isIP } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { signIn } from '../../../http/authSession.ts';
import type { Config } from '../../../platform/config.ts';
import type { AuthRateLimiter } from '../../../platform/rateLimit.ts';
import type { SessionSockets } from '../../../platform/sessionSockets.ts';
import { assertMaySignIn } from '../core/restriction.ts';
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
  req: Request,
  sockets: SessionSockets,
  user: Pick<User, 'id' | 'bannedAt' | 'suspendedUntil' | 'restrictionReason'>,
): Promise<void> {
  // Every way in (password, second factor, passkey, OpenID Connect, registration) passes here.
  assertMaySignIn(user);
  const previous = req.session?.userId ? req.sessionID : undefined;
  await signIn(req, user.id);
  if (previous) await sockets.endSession(previous);
}

/**
 * The client's address as a limiter key. Behind more trusted proxies than there really are (a
 * misconfigured TRUST_PROXY), req.ip is whatever the client wrote in X-Forwarded-For: anything
 * that isn't an address shares one bucket rather than becoming a key of its own.
 */
export const clientAddress = (req: Request) => (req.ip && isIP(req.ip) ? req.ip : 'not-an-address');
