import { accountMessages } from '@chorus/shared/accountRules';
import { isLanguage, type Language } from '@chorus/shared/languages';
import { type FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/core';
import { type EntityManager, raw } from '@mikro-orm/postgresql';
import { conflict, notFound, unauthenticated } from '../../../platform/errors.ts';
import { raise } from '../../../platform/hooks.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import { parseInput } from '../../../platform/validation.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { assertMaySignIn, statusOf, type UserStatus } from './restriction.ts';
import { loginInput, registerInput, settingsInput, updateProfileInput } from './schemas.ts';
import { User, type UserRole } from './User.ts';

/** What anyone may see of a user: everything but the password. */
export interface PublicUser {
  id: string;
  username: string;
  email: string;
  displayName: string | null;
  avatar: string | null;
  bio: string | null;
  points: number;
  createdAt: Date;
  lastActive: Date;
  /** Whether `email` was proved by its link; invitations and password resets wait for it. */
  emailVerified: boolean;
  /** The last password change or reset; null when never changed since sign-up. */
  passwordChangedAt: Date | null;
  /** user, moderator or admin as stored (ADMIN_USERNAMES may raise it: moderation/core/roles.ts). */
  role: UserRole;
  /** active, suspended or banned (staff restrict accounts: moderation/core/restrictions.ts). */
  status: UserStatus;
}

/** The account's appearance: the device's own (prefers-color-scheme) until the user picks one. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface UserSettings {
  theme: ThemeChoice;
  /** The interface language; null follows the browser's (web/src/features/accounts/language). */
  language: Language | null;
  /** `theme === 'dark'`; kept for the spec's clients, and writing it picks light or dark. */
  darkMode: boolean;
  allowNotifications: boolean;
  enableSounds: boolean;
  enableStreaming: boolean;
  /** Long-term memory across chats (Settings > Privacy). */
  memoryEnabled: boolean;
  /** New videos are shared to the community gallery: the video dialog's switch, its last choice (off at first). */
  shareVideos: boolean;
}

export const defaultSettings: UserSettings = {
  theme: 'system',
  language: null,
  darkMode: false,
  allowNotifications: true,
  enableSounds: true,
  enableStreaming: true,
  memoryEnabled: true,
  shareVideos: false,
};

export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    displayName: u.displayName ?? null,
    avatar: u.avatar ?? null,
    bio: u.bio ?? null,
    points: u.points,
    createdAt: u.createdAt,
    lastActive: u.lastActive,
    emailVerified: Boolean(u.emailVerifiedAt),
    passwordChangedAt: u.passwordChangedAt ?? null,
    role: u.role,
    status: statusOf(u),
  };
}

async function findByUsername(
  em: EntityManager,
  username: string,
  withPassword = false,
): Promise<User | null> {
  const where = { [raw('lower(username)')]: username.toLowerCase() } as FilterQuery<User>;
  return em.findOne(User, where, withPassword ? { populate: ['password'] } : {});
}

export async function register(em: EntityManager, input: unknown): Promise<User> {
  const data = parseInput(registerInput, input);
  await assertAvailable(em, { username: data.username, email: data.email });
  const user = em.create(User, {
    username: data.username,
    email: data.email,
    password: await hashPassword(data.password),
    // Only a mode the visitor picked; otherwise the account follows each device's own (system).
    ...(typeof data.darkMode === 'boolean'
      ? { settings: { darkMode: data.darkMode, theme: data.darkMode ? 'dark' : 'light' } }
      : {}),
  });
  try {
    await em.flush();
  } catch (e) {
    throw mapUniqueViolation(e);
  }
  // Joining through a friend's link: social redeems the invitation (its module.ts reacts).
  await raise('userRegistered', { em, userId: user.id, inviteToken: data.inviteToken });
  return user;
}

/** Checks credentials; the same message for an unknown user and a wrong password. */
export async function login(em: EntityManager, input: unknown): Promise<User> {
  const data = parseInput(loginInput, input);
  const user = await findByUsername(em, data.username, true);
  const ok = await verifyPassword(user?.password ?? (await decoyHash()), data.password);
  if (!user || !ok) throw unauthenticated(accountMessages.badLogin);
  // Refused before a second factor is asked for (flows/signIn.ts checks every other way in).
  assertMaySignIn(user);
  if (needsRehash(user.password)) await upgradeHash(em, user, data.password);
  return user;
}

/**
 * Re-hashes a password stored with older parameters (so every account, and the decoy, costs the
 * same to check). Best effort: a busy hashing queue or a failed write must not fail the login.
 */
async function upgradeHash(em: EntityManager, user: User, plain: string): Promise<void> {
  try {
    user.password = await hashPassword(plain);
    await em.flush();
  } catch (err) {
    logger.warn({ err, userId: user.id }, 'password hash could not be upgraded');
  }
}

export async function getUser(em: EntityManager, id: string): Promise<User | null> {
  return em.findOne(User, { id });
}

export async function requireUser(em: EntityManager, id: string): Promise<User> {
  const user = await getUser(em, id);
  if (!user) throw notFound(msg('User not found'));
  return user;
}

export async function updateProfile(em: EntityManager, userId: string, input: unknown): Promise<User> {
  // The current password, when an address change needs it, is checked by core/emailChange.ts.
  const { language, ...data } = parseInput(updateProfileInput, input);
  const user = await requireUser(em, userId);
  if (language !== undefined) user.settings = { ...(user.settings ?? {}), language };
  const changes: Partial<Pick<User, 'username' | 'email' | 'displayName' | 'bio'>> = {};
  if (data.username !== undefined && data.username !== user.username) changes.username = data.username;
  if (data.email !== undefined && data.email !== user.email) changes.email = data.email;
  // A new address has to be proved again (the caller sends its link).
  const emailChanged =
    changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
  if (data.displayName !== undefined) changes.displayName = data.displayName;
  if (data.bio !== undefined) changes.bio = data.bio;
  await assertAvailable(em, { username: changes.username, email: changes.email }, userId);
  em.assign(user, emailChanged ? { ...changes, emailVerifiedAt: null } : changes);
  try {
    await em.flush();
  } catch (e) {
    throw mapUniqueViolation(e);
  }
  return user;
}

export async function getSettings(em: EntityManager, userId: string): Promise<UserSettings> {
  const user = await requireUser(em, userId);
  return settingsOf(user.settings);
}

/** The stored settings with the defaults filled in. */
function settingsOf(raw: unknown): UserSettings {
  return withTheme({ ...defaultSettings, ...pickSettings(raw) }, themeOf(raw));
}

export async function updateSettings(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<UserSettings> {
  const data = parseInput(settingsInput, input);
  const user = await requireUser(em, userId);
  const { theme: askedTheme, ...switches } = stripUndefined(data);
  // `theme` wins over `darkMode` when both come; `darkMode` alone picks light or dark.
  const theme: ThemeChoice =
    askedTheme ??
    (typeof switches.darkMode === 'boolean'
      ? switches.darkMode
        ? 'dark'
        : 'light'
      : themeOf(user.settings));
  const next = withTheme({ ...defaultSettings, ...pickSettings(user.settings), ...switches }, theme);
  user.settings = next as unknown as Record<string, unknown>;
  await em.flush();
  return next;
}

/**
 * Marks the user active now. Called on every authenticated request, so it writes at most once a
 * minute per user (the friends list's "online" window is 10 minutes).
 */
export async function touchLastActive(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update users set last_active = now() where id = ? and last_active < now() - interval '1 minute'`,
    [userId],
  );
}

async function assertAvailable(
  em: EntityManager,
  wanted: { username?: string; email?: string },
  exceptUserId?: string,
): Promise<void> {
  const conditions: string[] = [];
  const params: string[] = [];
  if (wanted.username) {
    conditions.push('lower(username) = lower(?)');
    params.push(wanted.username);
  }
  if (wanted.email) {
    conditions.push('lower(email) = lower(?)');
    params.push(wanted.email);
  }
  if (conditions.length === 0) return;
  const rows = await em.execute<{ username: string; email: string; id: string }[]>(
    `select id, username, email from users where (${conditions.join(' or ')})${exceptUserId ? ' and id <> ?' : ''}`,
    exceptUserId ? [...params, exceptUserId] : params,
  );
  const takenName = rows.find(
    (r) => wanted.username && r.username.toLowerCase() === wanted.username.toLowerCase(),
  );
  if (takenName) throw conflict(accountMessages.usernameTaken);
  if (rows.length > 0) throw conflict(accountMessages.emailTaken);
}

/** A concurrent registration can still win the race; the unique indexes have the last word. */
function mapUniqueViolation(e: unknown): unknown {
  if (e instanceof UniqueConstraintViolationException) {
    return conflict(e.message.includes('email') ? accountMessages.emailTaken : accountMessages.usernameTaken);
  }
  return e;
}

type SettingSwitches = Omit<UserSettings, 'theme'>;

function pickSettings(raw: unknown): Partial<SettingSwitches> {
  if (!raw || typeof raw !== 'object') return {};
  const out: Partial<SettingSwitches> = {};
  for (const key of Object.keys(defaultSettings) as (keyof UserSettings)[]) {
    const v = (raw as Record<string, unknown>)[key];
    if (key === 'language') out.language = isLanguage(v) ? v : null;
    else if (key !== 'theme' && typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** The stored choice; an account saved before `theme` existed picked whatever its `darkMode` says. */
function themeOf(raw: unknown): ThemeChoice {
  const stored = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  if (stored.theme === 'system' || stored.theme === 'light' || stored.theme === 'dark') return stored.theme;
  if (typeof stored.darkMode === 'boolean') return stored.darkMode ? 'dark' : 'light';
  return 'system';
}

const withTheme = (settings: SettingSwitches, theme: ThemeChoice): UserSettings => ({
  ...settings,
  theme,
  darkMode: theme === 'dark',
});

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
