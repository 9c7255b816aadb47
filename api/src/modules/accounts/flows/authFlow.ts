import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { signOut } from '../../../http/authSession.ts';
import { knownDevice, rememberDevice } from '../../../http/deviceCookie.ts';
import { linkOriginOf } from '../../../http/linkOrigin.ts';
import { raise } from '../../../platform/hooks.ts';
import type { Reservation } from '../../../platform/rateLimit.ts';
import type { SessionSockets } from '../../../platform/sessionSockets.ts';
import { parseInput } from '../../../platform/validation.ts';
import { PasswordQueueFull } from '../core/password.ts';
import { loginInput, registerInput } from '../core/schemas.ts';
import { secondFactorMethods } from '../core/secondFactor.ts';
import { sendVerificationQuietly } from '../core/security.ts';
import * as accounts from '../core/service.ts';
import type { User } from '../core/User.ts';
import { awaitSecondFactor, type LoginOutcome } from './secondFactorLogin.ts';
import { type AuthFlowDeps, clientAddress, signInReplacing } from './signIn.ts';

export { type AuthFlowDeps, clientAddress, signInReplacing } from './signIn.ts';

/**
 * Registration, login and logout as the GraphQL mutations and the REST shims both run them:
 * validation first (nothing unchecked reaches a limiter key or the database), then an attempt
 * reserved with the rate limits, the accounts service (which hashes), then the session.
 */
export async function registerAndSignIn(
  { em, limiter, config, req, sockets }: AuthFlowDeps,
  input: unknown,
): Promise<User> {
  const data = parseInput(registerInput, input);
  const reservation = await limiter.reserveRegistration(clientAddress(req), data.username);
  const user = await settle(reservation, () => accounts.register(em, data));
  await sendVerificationQuietly(em, { config, origin: linkOriginOf(config, req) }, user.id);
  await signInReplacing(em, req, sockets, user);
  rememberDevice(config, req, user.username);
  return user;
}

export async function loginAndSignIn(
  { em, limiter, config, req, sockets }: AuthFlowDeps,
  input: unknown,
): Promise<LoginOutcome> {
  const data = parseInput(loginInput, input);
  const reservation = await limiter.reserveLogin({
    ip: clientAddress(req),
    username: data.username,
    device: knownDevice(config, req, data.username),
  });
  const user = await settle(reservation, () => accounts.login(em, data));
  const methods = await secondFactorMethods(em, user.id);
  if (methods.length > 0) {
    // The attempt keeps its points until the second factor is right too (secondFactorLogin.ts).
    await awaitSecondFactor(req, sockets, user, config.TWO_FACTOR_LOGIN_TTL_SECONDS);
    return { twoFactorRequired: true, methods };
  }
  await reservation.succeeded();
  await signInReplacing(em, req, sockets, user);
  rememberDevice(config, req, user.username);
  return { user };
}

/** Runs the attempt; when it was turned away before any password was hashed, the reservation goes back. */
async function settle<T>(reservation: Reservation, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof PasswordQueueFull) await reservation.release();
    throw e;
  }
}

/**
 * Ends the session, and with it every WebSocket opened under it, in every api process, and what
 * else belonged to it (`sessionEnded`: the browser's push subscriptions).
 */
export async function logout(req: Request, sockets: SessionSockets, em: EntityManager): Promise<void> {
  const sessionId = req.session ? req.sessionID : undefined;
  await signOut(req);
  if (!sessionId) return;
  await sockets.endSession(sessionId);
  await raise('sessionEnded', { em, sessionId });
}
