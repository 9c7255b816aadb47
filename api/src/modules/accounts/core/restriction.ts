import { type AppError, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { User } from './User.ts';

type Restricted = Pick<User, 'bannedAt' | 'suspendedUntil' | 'restrictionReason'>;

export type UserStatus = 'active' | 'suspended' | 'banned';

export function statusOf(user: Pick<User, 'bannedAt' | 'suspendedUntil'>, now = new Date()): UserStatus {
  if (user.bannedAt) return 'banned';
  if (user.suspendedUntil && user.suspendedUntil > now) return 'suspended';
  return 'active';
}

/**
 * Why an account may not sign in now (banned, or suspended until a time still to come), or null.
 * Staff set these (api/src/modules/moderation/core/restrictions.ts); every way of signing in asks
 * here (flows/signIn.ts), after the password or passkey was right, so nobody else learns of it.
 */
export function signInRefusal(user: Restricted, now = new Date()): string | null {
  return restrictionError(user, now)?.message ?? null;
}

/** signInRefusal's refusal as the error to throw: answered in the request's language (errors.ts textError). */
export function restrictionError(user: Restricted, now = new Date()): AppError | null {
  const reason = user.restrictionReason;
  const details = { restricted: true };
  if (user.bannedAt)
    return reason
      ? textError('FORBIDDEN', msg('This account has been banned. Reason: {reason}'), { reason }, details)
      : textError('FORBIDDEN', msg('This account has been banned.'), {}, details);
  if (user.suspendedUntil && user.suspendedUntil > now) {
    const until = user.suspendedUntil.toUTCString().replace(' GMT', ' UTC');
    return reason
      ? textError(
          'FORBIDDEN',
          msg('This account is suspended until {until}. Reason: {reason}'),
          { until, reason },
          details,
        )
      : textError('FORBIDDEN', msg('This account is suspended until {until}.'), { until }, details);
  }
  return null;
}

export function assertMaySignIn(user: Restricted): void {
  const refusal = restrictionError(user);
  if (refusal) throw refusal;
}
