import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, conflict } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { emailChangedNotice, mailLanguageOf, queueAccountEmail, undoLinkOf } from './accountMail.ts';
import { verifyPassword } from './password.ts';
import { type UpdateProfileInput, updateProfileInput } from './schemas.ts';
import { type SecurityDeps, securityMessages, sendVerificationQuietly } from './security.ts';
import { requireUser, updateProfile } from './service.ts';
import { consumeToken, issueToken } from './tokens.ts';
import { User } from './User.ts';

/**
 * Moving an account to another e-mail address. A session alone must not be enough to take an
 * account over (change the address, then reset the password through it), so:
 * - the change needs the current password (flows/securityFlow.ts counts the check with the login
 *   limiter). Accounts made through single sign-on have a random password nobody knows: they set
 *   one first through "Forgot password", whose link goes to their (provider-verified) address;
 * - the old address gets a notice with an undo link (single use, EMAIL_UNDO_TTL_HOURS) that puts it
 *   back, verified, retires pending reset and verification links, and (the caller) ends every
 *   session. A later change does not retire an earlier undo link (tokens.ts);
 * - resets go to verified addresses only (security.ts), so the new address is of no use to a thief
 *   until it is proved.
 */
export const emailChangeMessages = {
  passwordMissing: msg('Please enter your current password to change your e-mail address'),
  passwordWrong: securityMessages.currentWrong,
  oldAddressTaken: msg(
    'That address now belongs to another account, so it could not be restored. Please contact support.',
  ),
  /** With the address as `email` (securityFlow.ts answers it in the request's language). */
  undone: msg(
    "Your e-mail address is back to {email}. Every device has been signed out; if you didn't make the change, choose a new password now.",
  ),
} as const;

export const undoEmailInput = z.object({
  token: z.string({ error: msg('The link is missing its token') }).max(200),
});

/** The parsed update and whether it moves the account to another address. */
export async function readProfileChange(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<{ data: UpdateProfileInput; username: string; emailChanges: boolean }> {
  const data = parseInput(updateProfileInput, input);
  const user = await requireUser(em, userId);
  const emailChanges = data.email !== undefined && data.email.toLowerCase() !== user.email.toLowerCase();
  return { data, username: user.username, emailChanges };
}

/** 400 with a message unless `password` is the account's current one. */
export async function checkCurrentPassword(
  em: EntityManager,
  userId: string,
  password: string | null | undefined,
): Promise<void> {
  if (!password) throw badInput(emailChangeMessages.passwordMissing, { field: 'currentPassword' });
  const user = await em.findOne(User, { id: userId }, { populate: ['password'] });
  if (!user || !(await verifyPassword(user.password, password)))
    throw badInput(emailChangeMessages.passwordWrong, { field: 'currentPassword' });
}

/**
 * Applies a checked profile update. A new address is unverified; in the same transaction the old
 * one gets its notice and undo link (the change never happens unannounced); then the new one gets
 * its verification link.
 */
export async function applyProfileChange(
  em: EntityManager,
  deps: SecurityDeps,
  userId: string,
  data: UpdateProfileInput,
): Promise<User> {
  const { currentPassword: _checked, ...changes } = data;
  const before = await requireUser(em, userId);
  const oldEmail = before.email;
  const name = before.displayName || before.username;
  const hours = deps.config.EMAIL_UNDO_TTL_HOURS;
  const user = await em.transactional(async (tem) => {
    const updated = await updateProfile(tem, userId, changes);
    if (updated.email.toLowerCase() !== oldEmail.toLowerCase()) {
      const token = await issueToken(tem, userId, 'email_undo', hours * 3600, oldEmail);
      await queueAccountEmail(
        tem,
        deps,
        userId,
        oldEmail,
        emailChangedNotice(
          await mailLanguageOf(tem, userId),
          name,
          updated.email,
          undoLinkOf(deps, token),
          hours,
        ),
      );
    }
    return updated;
  });
  // This request's own copy of the user still has the old address (sendVerification reads it).
  await em.refresh(before);
  if (user.email.toLowerCase() !== oldEmail.toLowerCase()) await sendVerificationQuietly(em, deps, userId);
  return user;
}

/** Opens an undo link: the address it was mailed to is the account's again, and proved. */
export async function undoEmailChange(
  em: EntityManager,
  input: unknown,
): Promise<{ userId: string; email: string }> {
  const { token } = parseInput(undoEmailInput, input);
  try {
    return await em.transactional(async (tem) => {
      const { userId, email } = await consumeToken(tem, token, 'email_undo');
      if (!email)
        throw badInput(msg('This link is invalid, already used or expired. Please ask for a new one.'));
      await tem.execute('update users set email = ?, email_verified_at = now() where id = ?', [
        email,
        userId,
      ]);
      // Links already sent to the address being left must not outlive the undo.
      await tem.execute(
        `delete from account_tokens where user_id = ? and purpose in ('password_reset', 'email_verify') and used_at is null`,
        [userId],
      );
      return { userId, email };
    });
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException || (e as { code?: string }).code === '23505')
      throw conflict(emailChangeMessages.oldAddressTaken);
    throw e;
  }
}
