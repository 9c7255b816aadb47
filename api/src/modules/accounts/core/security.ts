import { EMAIL_PATTERN, accountMessages as m, PASSWORD_MAX, PASSWORD_MIN } from '@chorus/shared/accountRules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, textError } from '../../../platform/errors.ts';
import { inEveryLanguage, msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import { parseInput } from '../../../platform/validation.ts';
import { outboxPreviewPath } from '../../outbox/core/outbox.ts';
import {
  type AccountMailDeps,
  mailLanguageOf,
  queueAccountEmail,
  resetEmail,
  resetLinkOf,
  VERIFY_SUBJECT,
  verifyEmail,
  verifyLinkOf,
} from './accountMail.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { requireUser } from './service.ts';
import { consumeToken, issueToken, lastIssuedAt } from './tokens.ts';
import { User } from './User.ts';

/**
 * Password change and reset, and e-mail verification. Ending sessions is the caller's part
 * (flows/sessionList.ts): the domain only says whose. Address changes are in emailChange.ts.
 */
export const securityMessages = {
  currentMissing: msg('Please enter your current password'),
  currentWrong: msg('Your current password is not correct'),
  passwordMissing: msg('Please enter a new password'),
  emailMissing: msg('Please enter your e-mail address'),
  forgotAnswer: msg('If an account uses that address, we have sent it a link to reset the password.'),
  resendAnswer: msg('We have sent you a new verification link.'),
  alreadyVerified: msg('Your e-mail address is already verified.'),
  unverified: msg(
    'Please verify your e-mail address first: open the link we sent you, or ask for a new one.',
  ),
} as const;

export interface SecurityDeps extends AccountMailDeps {
  config: AccountMailDeps['config'] & {
    PASSWORD_RESET_TTL_MINUTES: number;
    EMAIL_VERIFY_TTL_HOURS: number;
    EMAIL_RESEND_COOLDOWN_SECONDS: number;
    EMAIL_UNDO_TTL_HOURS: number;
  };
}

const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .min(PASSWORD_MIN, m.passwordShort)
    .max(PASSWORD_MAX, m.passwordLong);

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: securityMessages.currentMissing })
    .min(1, securityMessages.currentMissing)
    .max(PASSWORD_MAX, securityMessages.currentWrong),
  newPassword: newPassword(securityMessages.passwordMissing),
});
export const forgotPasswordInput = z.object({
  email: z
    .string({ error: securityMessages.emailMissing })
    .trim()
    .min(1, securityMessages.emailMissing)
    .max(254, m.emailInvalid)
    .regex(EMAIL_PATTERN, m.emailInvalid),
});
export const resetPasswordInput = z.object({
  token: z.string({ error: msg('The reset link is missing its token') }).max(200),
  password: newPassword(securityMessages.passwordMissing),
});
export const verifyEmailInput = z.object({
  token: z.string({ error: msg('The link is missing its token') }).max(200),
});

/** Changes the password after checking the current one. */
export async function changePassword(em: EntityManager, userId: string, input: unknown): Promise<User> {
  const data = parseInput(changePasswordInput, input);
  const user = await em.findOne(User, { id: userId }, { populate: ['password'] });
  if (!user) throw badInput(msg('User not found'));
  if (!(await verifyPassword(user.password, data.currentPassword))) {
    throw badInput(securityMessages.currentWrong, { field: 'currentPassword' });
  }
  user.password = await hashPassword(data.newPassword);
  user.passwordChangedAt = new Date();
  await em.flush();
  return user;
}

/**
 * Queues a reset link when the address belongs to an account; does nothing visible otherwise (the
 * caller answers the same either way, and doesn't wait for this).
 */
export async function requestPasswordReset(
  em: EntityManager,
  deps: SecurityDeps,
  email: string,
): Promise<void> {
  // Only to a proved address: an unverified one may be somebody else's (typed by whoever holds a
  // session), and the answer is the same as for an unknown address.
  const [row] = await em.execute<
    { id: string; username: string; display_name: string | null; email: string }[]
  >(
    'select id, username, display_name, email from users where lower(email) = lower(?) and email_verified_at is not null',
    [email],
  );
  if (!row) return;
  const minutes = deps.config.PASSWORD_RESET_TTL_MINUTES;
  await em.transactional(async (tem) => {
    const token = await issueToken(tem, row.id, 'password_reset', minutes * 60, row.email);
    const link = resetLinkOf(deps, token);
    await queueAccountEmail(
      tem,
      deps,
      row.id,
      row.email,
      resetEmail(await mailLanguageOf(tem, row.id), row.display_name || row.username, link, minutes),
    );
  });
}

/** Sets a new password through a reset link; answers whose it was (their sessions must all end). */
export async function resetPassword(em: EntityManager, input: unknown): Promise<string> {
  const data = parseInput(resetPasswordInput, input);
  return em.transactional(async (tem) => {
    const { userId, email } = await consumeToken(tem, data.token, 'password_reset');
    const hash = await hashPassword(data.password);
    // The link was opened from the inbox of the account's address: that proves the address too.
    await tem.execute(
      `update users set password = ?, password_changed_at = now(),
         email_verified_at = case when lower(email) = lower(?) then coalesce(email_verified_at, now()) else email_verified_at end
       where id = ?`,
      [hash, email ?? '', userId],
    );
    return userId;
  });
}

/**
 * Sends a verification link to the user's current address (at sign-up, on change, on resend);
 * answers the mail's preview path when the local outbox keeps it (no SMTP).
 */
export async function sendVerification(
  em: EntityManager,
  deps: SecurityDeps,
  userId: string,
): Promise<string | null> {
  const user = await requireUser(em, userId);
  if (user.emailVerifiedAt) return null;
  return em.transactional(async (tem) => {
    const token = await issueToken(
      tem,
      user.id,
      'email_verify',
      deps.config.EMAIL_VERIFY_TTL_HOURS * 3600,
      user.email,
    );
    return queueAccountEmail(
      tem,
      deps,
      user.id,
      user.email,
      verifyEmail(
        await mailLanguageOf(tem, user.id),
        user.displayName || user.username,
        verifyLinkOf(deps, token),
      ),
    );
  });
}

/** Best effort, for sign-up and address changes: a failure to queue must not fail those. */
export function sendVerificationQuietly(
  em: EntityManager,
  deps: SecurityDeps,
  userId: string,
): Promise<void> {
  return sendVerification(em, deps, userId).then(
    () => {},
    (err) => logger.warn({ err, userId }, 'verification e-mail could not be queued'),
  );
}

/** The pending verification, for the banner: when the last link went, its preview, when another may. */
export interface PendingVerification {
  email: string;
  emailVerified: boolean;
  sentAt: Date | null;
  /** The last verification mail's local preview (no SMTP); null when it was mailed or there is none. */
  previewUrl: string | null;
  /** Seconds before "Resend link" is taken (0: now). */
  resendInSeconds: number;
}

export async function pendingVerification(
  em: EntityManager,
  deps: SecurityDeps,
  userId: string,
): Promise<PendingVerification> {
  const user = await requireUser(em, userId);
  const sentAt = await lastIssuedAt(em, userId, 'email_verify');
  const [preview] = user.emailVerifiedAt
    ? []
    : await em.execute<{ id: string }[]>(
        `select id from outbox_messages
          where user_id = ? and invitation_id is null and transport = 'outbox' and lower(recipient) = lower(?)
            and subject in (?)
          order by created_at desc limit 1`,
        // Sent in whichever language the account had then.
        [userId, user.email, inEveryLanguage(VERIFY_SUBJECT)],
      );
  return {
    email: user.email,
    emailVerified: Boolean(user.emailVerifiedAt),
    sentAt,
    previewUrl: preview ? outboxPreviewPath(preview.id) : null,
    resendInSeconds: user.emailVerifiedAt ? 0 : Math.ceil(cooldownLeftMs(deps, sentAt) / 1000),
  };
}

const cooldownLeftMs = (deps: SecurityDeps, last: Date | null) =>
  last ? Math.max(0, last.getTime() + deps.config.EMAIL_RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) : 0;

/**
 * "Send the link again": while the last one is younger than the cooldown, a 429 that says when it
 * went and how long to wait (the banner shows it as information, with a countdown). Answers the new
 * mail's preview path when the local outbox keeps it.
 */
export async function resendVerification(
  em: EntityManager,
  deps: SecurityDeps,
  userId: string,
  /** Counts the mail against the hourly limits: only once the cooldown lets it go. */
  beforeSend: () => Promise<void> = async () => {},
): Promise<string | null> {
  const user = await requireUser(em, userId);
  if (user.emailVerifiedAt) throw badInput(securityMessages.alreadyVerified);
  const last = await lastIssuedAt(em, userId, 'email_verify');
  const waitMs = cooldownLeftMs(deps, last);
  if (last && waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    const ago = Math.max(0, Math.round((Date.now() - last.getTime()) / 1000));
    throw textError(
      'RATE_LIMITED',
      msg(
        'We sent you a link {ago, plural, one {# second} other {# seconds}} ago. Please wait {seconds} seconds before asking for another one.',
      ),
      { ago, seconds },
      { retryAfterSeconds: seconds, sentAt: last.toISOString() },
    );
  }
  await beforeSend();
  return sendVerification(em, deps, userId);
}

/** Marks the address verified through its link; the link must be for the address the account has now. */
export async function confirmEmail(em: EntityManager, input: unknown): Promise<string> {
  const data = parseInput(verifyEmailInput, input);
  return em.transactional(async (tem) => {
    const { userId, email } = await consumeToken(tem, data.token, 'email_verify');
    const rows = await tem.execute<{ id: string }[]>(
      `update users set email_verified_at = coalesce(email_verified_at, now())
        where id = ? and lower(email) = lower(?) returning id`,
      [userId, email ?? ''],
    );
    if (rows.length === 0) throw badInput(msg('This link was for an address the account no longer uses.'));
    return userId;
  });
}

/**
 * Invitations ask for a verified address (they mail other people in the user's name): 403 with a
 * reason the UI reads. Checkout does not: the payment provider collects the payer's own address.
 */
export async function requireVerifiedEmail(em: EntityManager, userId: string): Promise<void> {
  const [row] = await em.execute<{ verified: boolean }[]>(
    'select email_verified_at is not null as verified from users where id = ?',
    [userId],
  );
  if (!row?.verified)
    throw new AppError('FORBIDDEN', securityMessages.unverified, { reason: 'EMAIL_UNVERIFIED' });
}
