import type { Request } from 'express';
import { knownDevice, rememberDevice } from '../../../http/deviceCookie.ts';
import { unauthenticated } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { SessionSockets } from '../../../platform/sessionSockets.ts';
import { parseSecondFactorCode, type SecondFactorMethod, verifySecondFactor } from '../core/secondFactor.ts';
import * as accounts from '../core/service.ts';
import type { User } from '../core/User.ts';
import { type AuthFlowDeps, clientAddress, signInReplacing } from './signIn.ts';

declare module 'express-session' {
  interface SessionData {
    /** A login whose password was right and whose second factor is still to come (not signed in). */
    pendingLogin?: { userId: string; username: string; expiresAt: number };
    /** The WebAuthn challenge this browser was last given (passkey registration or sign-in). */
    webauthnChallenge?: string;
  }
}

export const pendingLoginExpired = msg('Your sign-in has expired. Please enter your password again.');

/**
 * The password was right but the account has a second factor: the session remembers whose login
 * it is for a few minutes and is NOT signed in. A session that was signed in (to anyone) is
 * replaced first, so nobody stays signed in while the second step is pending.
 */
export async function awaitSecondFactor(
  req: Request,
  sockets: SessionSockets,
  user: User,
  ttlSeconds: number,
): Promise<void> {
  const previous = req.session?.userId ? req.sessionID : undefined;
  await new Promise<void>((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
  if (previous) await sockets.endSession(previous);
  req.session.pendingLogin = {
    userId: user.id,
    username: user.username,
    expiresAt: Date.now() + ttlSeconds * 1000,
  };
  await new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));
}

/** The pending login of this session, or a 401 when there is none or it has expired. */
export function pendingLogin(req: Request) {
  const pending = req.session?.pendingLogin;
  if (!pending || pending.expiresAt < Date.now()) throw unauthenticated(pendingLoginExpired);
  return pending;
}

/**
 * Completes a pending login once `check` accepts the second factor. Each attempt is reserved with
 * the same limiter and keys as a password attempt before anything is checked, so wrong codes use up
 * the same allowance as wrong passwords; a success clears the consecutive failures.
 */
export async function completePendingLogin(
  { em, limiter, config, req, sockets }: AuthFlowDeps,
  check: (userId: string) => Promise<boolean>,
  wrong = msg('That code is not right'),
): Promise<User> {
  const pending = pendingLogin(req);
  const reservation = await limiter.reserveLogin({
    ip: clientAddress(req),
    username: pending.username,
    device: knownDevice(config, req, pending.username),
  });
  if (!(await check(pending.userId))) throw unauthenticated(wrong);
  await reservation.succeeded();
  const user = await accounts.requireUser(em, pending.userId);
  await signInReplacing(em, req, sockets, user);
  rememberDevice(config, req, user.username);
  return user;
}

/** `POST /api/auth/login/2fa` and the GraphQL `loginSecondFactor`: a TOTP or recovery code. */
export function completeLoginWithCode(deps: AuthFlowDeps, input: unknown): Promise<User> {
  const code = parseSecondFactorCode(input);
  return completePendingLogin(deps, (userId) => verifySecondFactor(deps.em, { id: userId }, code));
}

/** A passwordless sign-in: `userId` is whose passkey verified (with user verification), or null. */
export async function signInWithPasskey(
  { em, config, req, sockets }: AuthFlowDeps,
  userId: string | null,
): Promise<User> {
  if (!userId) throw unauthenticated(msg('That passkey was not accepted'));
  const user = await accounts.requireUser(em, userId);
  await signInReplacing(em, req, sockets, user);
  rememberDevice(config, req, user.username);
  return user;
}

export type LoginOutcome =
  | { user: User; twoFactorRequired?: undefined }
  | { user?: undefined; twoFactorRequired: true; methods: SecondFactorMethod[] };
