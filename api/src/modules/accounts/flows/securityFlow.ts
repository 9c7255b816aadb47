import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { signOut } from '../../../http/authSession.ts';
import { knownDevice } from '../../../http/deviceCookie.ts';
import { linkOriginOf } from '../../../http/linkOrigin.ts';
import { raise } from '../../../platform/hooks.ts';
import { msg, requestLanguage, translate } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { AppServices } from '../../../platform/module.ts';
import { parseInput } from '../../../platform/validation.ts';
import { deleteAccount } from '../core/deleteAccount.ts';
import * as emailChange from '../core/emailChange.ts';
import { PasswordQueueFull } from '../core/password.ts';
import * as security from '../core/security.ts';
import { requireUser } from '../core/service.ts';
import type { User } from '../core/User.ts';
import { clientAddress } from './authFlow.ts';
import { announceEnded, endOtherSessions } from './sessionList.ts';

/**
 * The account-security operations that touch the session, the limiters or other processes, as the
 * REST shims (accountSecurity.ts, accountData.ts) and the GraphQL operations (graphql.ts) both run
 * them, so the two can't drift apart. The rules themselves live in core/.
 */
export interface SecurityFlowDeps {
  services: AppServices;
  em: EntityManager;
  req: Request;
}

const ends = ({ pool, pubsub, sessionSockets: sockets }: AppServices) => ({ pool, pubsub, sockets });

/** Account mail's settings, its links on the origin the user is on (http/linkOrigin.ts). */
export const mailDeps = (services: AppServices, req?: Request) => ({
  config: services.config,
  origin: linkOriginOf(services.config, req),
});

/**
 * A profile update. Moving to another e-mail address needs the current password, checked like
 * changePasswordEndingOthers does (reserved with the login limiter first); see core/emailChange.ts.
 */
export async function updateProfileChecked(
  { services, em, req }: SecurityFlowDeps,
  userId: string,
  input: unknown,
): Promise<User> {
  const { data, username, emailChanges } = await emailChange.readProfileChange(em, userId, input);
  if (data.username !== undefined && data.username.toLowerCase() !== username.toLowerCase())
    await raise('usernameChanging', { userId, from: username, to: data.username, config: services.config });
  if (emailChanges) {
    if (!data.currentPassword) await emailChange.checkCurrentPassword(em, userId, data.currentPassword);
    const reservation = await services.limiter.reserveLogin({
      ip: clientAddress(req),
      username,
      device: knownDevice(services.config, req, username),
    });
    try {
      await emailChange.checkCurrentPassword(em, userId, data.currentPassword);
    } catch (e) {
      if (e instanceof PasswordQueueFull) await reservation.release();
      throw e;
    }
    await reservation.succeeded();
  }
  const user = await emailChange.applyProfileChange(em, mailDeps(services, req), userId, data);
  services.currentUsers.forget(userId);
  return user;
}

/** Opens an undo link from the old address: the address comes back and every session ends. */
export async function undoEmailChangeEndingAll(
  { services, em, req }: SecurityFlowDeps,
  input: unknown,
): Promise<string> {
  const { userId, email } = await emailChange.undoEmailChange(em, input);
  services.currentUsers.forget(userId);
  await endOtherSessions(ends(services), userId);
  return translate(requestLanguage(req.headers['accept-language']), emailChange.emailChangeMessages.undone, {
    email,
  });
}

/**
 * Changes the password and ends every other session of the user (and their sockets). The check of
 * the current password is reserved with the login limiter first, under the same keys as a login to
 * this account from this browser: a stolen session can't be used to guess the password any faster
 * than the login form allows.
 */
export async function changePasswordEndingOthers(
  { services, em, req }: SecurityFlowDeps,
  userId: string,
  input: unknown,
): Promise<User> {
  const data = parseInput(security.changePasswordInput, input);
  const { username } = await requireUser(em, userId);
  const reservation = await services.limiter.reserveLogin({
    ip: clientAddress(req),
    username,
    device: knownDevice(services.config, req, username),
  });
  let user: User;
  try {
    user = await security.changePassword(em, userId, data);
  } catch (e) {
    // Turned away before the password was hashed: the attempt didn't happen.
    if (e instanceof PasswordQueueFull) await reservation.release();
    throw e;
  }
  await reservation.succeeded();
  services.currentUsers.forget(userId);
  await endOtherSessions(ends(services), userId, req.sessionID);
  return user;
}

/** Queues a reset link when the address has an account; the answer is the same either way. */
export async function forgotPassword(
  { services, em, req }: SecurityFlowDeps,
  input: unknown,
): Promise<string> {
  const { email } = parseInput(security.forgotPasswordInput, input);
  await services.accountMail.consume(email, clientAddress(req));
  // Not awaited: the answer takes as long whether or not the address has an account.
  security
    .requestPasswordReset(em, mailDeps(services, req), email)
    .catch((err) => logger.error({ err }, 'password reset e-mail could not be queued'));
  return security.securityMessages.forgotAnswer;
}

/** Sets the password from a reset link and ends every session of the account. */
export async function resetPasswordEndingAll(
  { services, em }: SecurityFlowDeps,
  input: unknown,
): Promise<string> {
  const userId = await security.resetPassword(em, input);
  services.currentUsers.forget(userId);
  await endOtherSessions(ends(services), userId);
  return msg('Your password has been changed. Please sign in with the new one.');
}

export async function verifyEmail({ services, em }: SecurityFlowDeps, input: unknown): Promise<string> {
  const userId = await security.confirmEmail(em, input);
  services.currentUsers.forget(userId);
  return msg('Your e-mail address is verified.');
}

/** "Resend link"; the new mail's local preview when there is no SMTP. */
export async function resendVerification(
  { services, em, req }: SecurityFlowDeps,
  userId: string,
): Promise<{ message: string; previewUrl: string | null }> {
  // A resend still in its cooldown is answered without spending the hour's allowance.
  const previewUrl = await security.resendVerification(em, mailDeps(services, req), userId, () =>
    services.accountMail.consume(`user:${userId}`, clientAddress(req)),
  );
  return { message: security.securityMessages.resendAnswer, previewUrl };
}

/**
 * Deletes the account (password, and second factor when on), then ends its sessions everywhere:
 * the rows went with the account, so every process drops its cached copies and closes the sockets.
 */
export async function deleteAccountSigningOut(
  { services, em, req }: SecurityFlowDeps,
  userId: string,
  input: unknown,
): Promise<string> {
  const { endedSessions } = await deleteAccount(
    em,
    { storage: services.storage, gateway: services.billing.gateway },
    userId,
    input,
  );
  services.currentUsers.forget(userId);
  await announceEnded(ends(services), endedSessions);
  await services.sessionSockets.endUser(userId);
  await signOut(req).catch(() => {});
  return msg('Your account and everything in it have been deleted.');
}
