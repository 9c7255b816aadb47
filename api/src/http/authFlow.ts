import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import * as accounts from '../domain/accounts/service.ts';
import type { User } from '../domain/accounts/User.ts';
import { AppError } from '../domain/errors.ts';
import type { AuthRateLimiter } from '../platform/rateLimit.ts';
import { signIn, signOut } from './authSession.ts';

/**
 * Registration, login and logout as the GraphQL mutations and the REST shims both run them:
 * rate limits, the accounts service, then the session.
 */
export interface AuthFlowDeps {
  em: EntityManager;
  limiter: AuthRateLimiter;
  req: Request;
}

const usernameOf = (input: unknown) =>
  typeof (input as { username?: unknown })?.username === 'string'
    ? (input as { username: string }).username
    : '';

export async function registerAndSignIn({ em, limiter, req }: AuthFlowDeps, input: unknown): Promise<User> {
  await limiter.countRegistration(req.ip ?? 'unknown', usernameOf(input));
  const user = await accounts.register(em, input);
  await signIn(req, user.id);
  return user;
}

export async function loginAndSignIn({ em, limiter, req }: AuthFlowDeps, input: unknown): Promise<User> {
  const ip = req.ip ?? 'unknown';
  const username = usernameOf(input);
  await limiter.assertLoginAllowed(ip, username);
  try {
    const user = await accounts.login(em, input);
    await limiter.clearUsername(username);
    await signIn(req, user.id);
    return user;
  } catch (e) {
    if (e instanceof AppError && e.code === 'UNAUTHENTICATED') await limiter.countFailedLogin(ip, username);
    throw e;
  }
}

export const logout = (req: Request) => signOut(req);
