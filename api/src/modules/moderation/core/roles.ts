import { type EntityManager, LockMode, raw } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, notFound, textError, unauthenticated } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import type { PublicUser } from '../../accounts/core/service.ts';
import { User, type UserRole, userRoles } from '../../accounts/core/User.ts';
import { recordAudit } from './audit.ts';

/**
 * Staff roles. A moderator works the reports queue; an admin also runs the console (users, roles,
 * plans, jobs). ADMIN_USERNAMES names admins from config (a new install's first admin); everyone
 * else has the role stored on their row, given by an admin (setRole) or `npm run admin`.
 */
export type StaffRole = Exclude<UserRole, 'user'>;

/** `Query.admin`'s value: its fields check the caller's role themselves (codegen maps AdminQuery here). */
export type AdminRoot = Record<string, never>;

const rank: Record<UserRole, number> = { user: 0, moderator: 1, admin: 2 };

/** The role a user acts with: the stored one, raised to admin when config names them. */
export function effectiveRole(
  user: Pick<PublicUser, 'username' | 'role'>,
  adminUsernames: readonly string[],
): UserRole {
  return adminUsernames.includes(user.username.toLowerCase()) ? 'admin' : user.role;
}

/**
 * Staff act only on people below their own role: a moderator not on other moderators or admins (nor
 * on themselves), an admin not on other admins. FORBIDDEN otherwise.
 */
export function assertOutranks(
  actor: StaffMember,
  target: Pick<PublicUser, 'username' | 'role'>,
  adminUsernames: readonly string[],
): void {
  if (rank[effectiveRole(target, adminUsernames)] >= rank[actor.role])
    throw new AppError('FORBIDDEN', staffMessages.outranked);
}

export interface StaffMember {
  id: string;
  username: string;
  role: StaffRole;
}

/**
 * A username named in ADMIN_USERNAMES can't be taken by a rename, nor left by one: the setting grants
 * admin by name, so a freed name would make whoever takes it next an admin (accounts raises
 * `usernameChanging` before writing a new name; module.ts reacts here). Registering it stays open:
 * that is how a new install's first admin comes in.
 */
export function refuseConfigAdminRename(adminUsernames: readonly string[], from: string, to: string): void {
  if (adminUsernames.includes(to.toLowerCase()))
    throw badInput(staffMessages.reservedName, { field: 'username' });
  if (adminUsernames.includes(from.toLowerCase()))
    throw badInput(staffMessages.configAdminRename, { field: 'username' });
}

/** What staff operations answer when they are refused or the input can't be. */
export const staffMessages = {
  forbidden: msg("You don't have access to this"),
  ownRole: msg("You can't change your own role"),
  outranked: msg("You can't do this to staff of your own role or above"),
  reservedName: msg('This username is reserved'),
  configAdminRename: msg(
    "This admin account is named in the server's ADMIN_USERNAMES setting: its username can't change while it is there",
  ),
  configAdmin: msg("{username} is an admin by the server's ADMIN_USERNAMES setting; remove them there first"),
};

/**
 * The signed-in staff member with at least `need`, or an error: UNAUTHENTICATED signed out, FORBIDDEN
 * for everyone else. Read fresh through the user cache (dropped on every change to `users`), so a
 * revoked role stops working within the NOTIFY's round trip.
 */
export async function requireStaff(
  lookup: (userId: string) => Promise<PublicUser | null>,
  adminUsernames: readonly string[],
  userId: string | null,
  need: StaffRole,
): Promise<StaffMember> {
  if (!userId) throw unauthenticated();
  const user = await lookup(userId);
  if (!user) throw unauthenticated();
  const role = effectiveRole(user, adminUsernames);
  if (rank[role] < rank[need]) throw new AppError('FORBIDDEN', staffMessages.forbidden);
  return { id: user.id, username: user.username, role: role as StaffRole };
}

export const setRoleInput = z.object({
  username: z.string().trim().min(1, msg('Enter a username')).max(50),
  role: z.enum(userRoles, { error: msg('Role must be user, moderator or admin') }),
  reason: z.string().trim().max(500).nullish(),
});

/** Gives `username` a role (admins only, checked by the caller), recorded in the audit log. */
export async function setRole(
  em: EntityManager,
  actor: StaffMember | null,
  adminUsernames: readonly string[],
  input: unknown,
): Promise<User> {
  const { username, role, reason } = parseInput(setRoleInput, input);
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { [raw('lower(username)')]: username.toLowerCase() } as never, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    if (!user) throw notFound(msg('User not found'));
    if (actor && user.id === actor.id) throw badInput(staffMessages.ownRole);
    if (role !== 'admin' && adminUsernames.includes(user.username.toLowerCase()))
      throw textError('BAD_USER_INPUT', staffMessages.configAdmin, { username: user.username });
    const before = user.role;
    user.role = role;
    recordAudit(tx, {
      actor,
      action: 'role.set',
      targetType: 'user',
      targetId: user.id,
      reason: reason ?? null,
      details: { username: user.username, from: before, to: role },
    });
    await tx.flush();
    return user;
  });
}
