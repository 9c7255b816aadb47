import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import * as accounts from '../domain/accounts/service.ts';
import type { User } from '../domain/accounts/User.ts';
import { AppError } from '../domain/errors.ts';
import type { AuthRateLimiter } from '../platform/rateLimit.ts';
import { signIn, signOut } from './authSession.ts';
import type { SessionSockets } from './sessionSockets.ts';

/**
 * Registration, login and logout as the GraphQL mutations and the REST shims both run them:
 * rate limits, the accounts service, then the session.
 */
export interface AuthFlowDeps {
  em: EntityManager;
  limiter: AuthRateLimiter;
  req: Request;
  sockets: SessionSockets;
}

/**
 * Signing in replaces the session (signIn regenerates it): a socket opened under the session it
 * replaces (another account's, in the same browser) must not outlive it.
 */
async function signInReplacing(req: Request, sockets: SessionSockets, userId: string): Promise<void> {
  const previous = req.session?.userId ? req.sessionID : undefined;
  await signIn(req, userId);
  if (previous) await sockets.endSession(previous);
}

const usernameOf = (input: unknown) =>
  typeof (input as { username?: unknown })?.username === 'string'
    ? (input as { username: string }).username
    : '';

export async function registerAndSignIn(
  { em, limiter, req, sockets }: AuthFlowDeps,
  input: unknown,
): Promise<User> {
  await limiter.countRegistration(req.ip ?? 'unknown', usernameOf(input));
  const user = await accounts.register(em, input);
  await signInReplacing(req, sockets, user.id);
  return user;
}

export async function loginAndSignIn(
  { em, limiter, req, sockets }: AuthFlowDeps,
  input: unknown,
): Promise<User> {
  const ip = req.ip ?? 'unknown';
  const username = usernameOf(input);
  await limiter.assertLoginAllowed(ip, username);
  try {
    const user = await accounts.login(em, input);
    await limiter.clearUsername(username);
    await signInReplacing(req, sockets, user.id);
    return user;
  } catch (e) {
    if (e instanceof AppError && e.code === 'UNAUTHENTICATED') await limiter.countFailedLogin(ip, username);
    throw e;
  }
}

/** Ends the session, and with it every WebSocket opened under it, in every api process. */
export async function logout(req: Request, sockets: SessionSockets): Promise<void> {
  const sessionId = req.session ? req.sessionID : undefined;
  await signOut(req);
  if (sessionId) await sockets.endSession(sessionId);
}
