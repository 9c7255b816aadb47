import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { statusOf } from '../../accounts/core/restriction.ts';
import { User } from '../../accounts/core/User.ts';
import { type EndSessionsDeps, endOtherSessions } from '../../accounts/flows/sessionList.ts';
import { recordAudit } from './audit.ts';
import { assertOutranks, type StaffMember } from './roles.ts';

/**
 * Banning and suspending an account. Either one ends every session and WebSocket of the user at once
 * (in every api process) and refuses sign-in with the reason (accounts/core/restriction.ts); a ban
 * also hides their public content (the community gallery and public pages ask `users.banned_at`).
 * Unbanning lifts both. Staff act only on someone below their own role.
 */

const reason = z
  .string()
  .trim()
  .min(1, msg('Give a reason'))
  .max(500, msg('Keep the reason under 500 characters'));
const userId = z.string().refine(isUuid, msg('Invalid user id'));

export const banInput = z.object({ userId, reason });
export const suspendInput = z.object({
  userId,
  hours: z.coerce
    .number({ error: msg('Hours must be a number') })
    .int(msg('Hours must be a whole number'))
    .min(1, msg('Suspend for at least 1 hour'))
    .max(24 * 365, msg('Suspend for at most a year (ban instead)')),
  reason,
});
// GraphQL sends a reason left out as null.
export const unbanInput = z.object({ userId, reason: reason.nullish() });

export interface RestrictionDeps extends EndSessionsDeps {
  adminUsernames: readonly string[];
  /** Drops the user's cached copy in this process now (others drop theirs on the NOTIFY). */
  forget(userId: string): void;
  /**
   * Tells every api process that the user's public content was hidden or shown as a whole (a ban, an
   * unban), so what they cache of it (the media route's answers) goes now, not when it expires.
   */
  publicContentChanged(userId: string): Promise<void>;
}

async function restrict(
  em: EntityManager,
  deps: RestrictionDeps,
  actor: StaffMember,
  id: string,
  change: (user: User) => { action: string; reason: string | null; details?: Record<string, unknown> },
): Promise<User> {
  const user = await em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw notFound(msg('User not found'));
    assertOutranks(actor, user, deps.adminUsernames);
    const what = change(user);
    recordAudit(tx, {
      actor,
      action: what.action,
      targetType: 'user',
      targetId: user.id,
      reason: what.reason,
      details: { username: user.username, ...what.details },
    });
    await tx.flush();
    return user;
  });
  deps.forget(user.id);
  return user;
}

/** Bans until unbanned: sessions and sockets end now, sign-in is refused, public content hidden. */
export async function banUser(em: EntityManager, deps: RestrictionDeps, actor: StaffMember, input: unknown) {
  const data = parseInput(banInput, input);
  const user = await restrict(em, deps, actor, data.userId, (u) => {
    u.bannedAt = new Date();
    u.restrictionReason = data.reason;
    return { action: 'user.ban', reason: data.reason };
  });
  await deps.publicContentChanged(user.id);
  await endOtherSessions(deps, user.id);
  return user;
}

/** Suspends for `hours`: sessions and sockets end now, sign-in is refused until then. */
export async function suspendUser(
  em: EntityManager,
  deps: RestrictionDeps,
  actor: StaffMember,
  input: unknown,
) {
  const data = parseInput(suspendInput, input);
  const until = new Date(Date.now() + data.hours * 3_600_000);
  const user = await restrict(em, deps, actor, data.userId, (u) => {
    u.suspendedUntil = until;
    u.restrictionReason = data.reason;
    return { action: 'user.suspend', reason: data.reason, details: { hours: data.hours, until } };
  });
  await endOtherSessions(deps, user.id);
  return user;
}

/** Lifts a ban and any suspension. */
export async function unbanUser(
  em: EntityManager,
  deps: RestrictionDeps,
  actor: StaffMember,
  input: unknown,
) {
  const data = parseInput(unbanInput, input);
  const user = await restrict(em, deps, actor, data.userId, (u) => {
    const was = statusOf(u);
    u.bannedAt = null;
    u.suspendedUntil = null;
    u.restrictionReason = null;
    return { action: 'user.unban', reason: data.reason ?? null, details: { was } };
  });
  await deps.publicContentChanged(user.id);
  return user;
}
