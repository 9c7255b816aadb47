import { AppError } from '../../../platform/errors.ts';
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
  const why = user.restrictionReason ? ` Reason: ${user.restrictionReason}` : '';
  if (user.bannedAt) return `This account has been banned.${why}`;
  if (user.suspendedUntil && user.suspendedUntil > now)
    return `This account is suspended until ${user.suspendedUntil.toUTCString().replace(' GMT', ' UTC')}.${why}`;
  return null;
}

export function assertMaySignIn(user: Restricted): void {
  const refusal = signInRefusal(user);
  if (refusal) throw new AppError('FORBIDDEN', refusal, { restricted: true });
}
