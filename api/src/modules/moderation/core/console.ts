import { LIVE_STATUSES } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { userRoles } from '../../accounts/core/User.ts';

/**
 * The console's list of accounts: who they are, their plan, what they used this month and what
 * their files take, in one statement per page (no query per row). The plan and the usage are read
 * from the same tables the limits are enforced from (billing/core/currentPlan.ts,
 * chat/core/usage.ts), written out here as subqueries per row: those modules' helpers take one
 * user id as a parameter.
 */
export const userStatuses = ['active', 'suspended', 'banned'] as const;
export type UserStatus = (typeof userStatuses)[number];

export interface AdminUserRow {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  role: string;
  status: UserStatus;
  suspendedUntil: Date | null;
  restrictionReason: string | null;
  plan: string;
  promptsUsed: number;
  imagesUsed: number;
  videosUsed: number;
  storageBytes: number;
  createdAt: Date;
  lastActive: Date | null;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  nextCursor: string | null;
}

const STATUS_SQL = `case when u.banned_at is not null then 'banned'
  when u.suspended_until is not null and u.suspended_until > now() then 'suspended' else 'active' end`;

const THIS_MONTH = `date_trunc('month', now())::date`;
const used = (feature: string) =>
  `coalesce((select c.used from usage_counters c where c.user_id = u.id and c.feature = '${feature}'
     and c.period_start = ${THIS_MONTH}), 0)`;

const LIVE = LIVE_STATUSES.map((s) => `'${s}'`).join(', ');

const SELECT = `select u.id, u.username, u.email, u.email_verified_at is not null as email_verified, u.role,
    ${STATUS_SQL} as status, u.suspended_until, u.restriction_reason, u.created_at, u.last_active,
    coalesce((select s.plan_type from subscriptions s where s.user_id = u.id and s.status in (${LIVE})
       and (s.current_period_end is null or s.current_period_end > now()) limit 1), 'free') as plan,
    ${used('prompts')} as prompts_used, ${used('image_generation')} as images_used, ${used('videos')} as videos_used,
    coalesce((select sum(f.size)::float8 from files f where f.user_id = u.id), 0) as storage_bytes,
    ${keysetAt('u.created_at')} as cursor_at
  from users u`;

interface Row {
  id: string;
  username: string;
  email: string;
  email_verified: boolean;
  role: string;
  status: UserStatus;
  suspended_until: Date | null;
  restriction_reason: string | null;
  created_at: Date;
  last_active: Date | null;
  plan: string;
  prompts_used: number;
  images_used: number;
  videos_used: number;
  storage_bytes: number;
  cursor_at: string;
}

const toRow = (r: Row, adminUsernames: readonly string[]): AdminUserRow => ({
  id: r.id,
  username: r.username,
  email: r.email,
  emailVerified: r.email_verified,
  role: adminUsernames.includes(r.username.toLowerCase()) ? 'admin' : r.role,
  status: r.status,
  suspendedUntil: r.suspended_until,
  restrictionReason: r.restriction_reason,
  plan: r.plan,
  promptsUsed: Number(r.prompts_used),
  imagesUsed: Number(r.images_used),
  videosUsed: Number(r.videos_used),
  storageBytes: Number(r.storage_bytes),
  createdAt: r.created_at,
  lastActive: r.last_active,
});

export const userListInput = z.object({
  search: z.string().trim().max(254, msg('Search is too long')).optional(),
  role: z.enum(userRoles, { error: msg('Role must be user, moderator or admin') }).optional(),
  status: z.enum(userStatuses, { error: msg('Status must be active, suspended or banned') }).optional(),
  first: z
    .number({ error: msg('first must be a whole number from 1 to 100') })
    .int(msg('first must be a whole number from 1 to 100'))
    .min(1, msg('first must be a whole number from 1 to 100'))
    .max(100, msg('first must be a whole number from 1 to 100'))
    .default(25),
  after: z.string().max(200, msg('Invalid page cursor')).optional(),
});

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts newest first, keyset-paged on (created_at, id). `search` is a prefix of the username or
 * the e-mail address; `role` counts ADMIN_USERNAMES as admins.
 */
export async function listUsers(
  em: EntityManager,
  adminUsernames: readonly string[],
  input: unknown,
): Promise<AdminUserPage> {
  const f = parseInput(userListInput, input ?? {});
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.search) {
    where.push(`(lower(u.username) like ? escape '\\' or lower(u.email) like ? escape '\\')`);
    params.push(likePrefix(f.search), likePrefix(f.search));
  }
  if (f.role === 'admin') {
    where.push(`(u.role = 'admin' or lower(u.username) = any(string_to_array(?, ',')))`);
    params.push(adminUsernames.join(','));
  } else if (f.role) {
    // A list of names as one comma-joined text: the driver would spread an array into several values.
    where.push(`u.role = ? and not (lower(u.username) = any(string_to_array(?, ',')))`);
    params.push(f.role, adminUsernames.join(','));
  }
  if (f.status) {
    where.push(`${STATUS_SQL} = ?`);
    params.push(f.status);
  }
  if (f.after) {
    const position = decodeKeyset(f.after, 'after');
    where.push('(u.created_at, u.id) < (?::timestamptz, ?::uuid)');
    params.push(position.at, position.id);
  }
  const rows = await em.execute<Row[]>(
    `${SELECT} ${where.length ? `where ${where.join(' and ')}` : ''}
      order by u.created_at desc, u.id desc limit ?`,
    [...params, f.first + 1],
  );
  const page = rows.slice(0, f.first);
  const last = page.at(-1);
  return {
    users: page.map((r) => toRow(r, adminUsernames)),
    nextCursor: rows.length > f.first && last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** One account as the list shows it, or null. */
export async function findUser(
  em: EntityManager,
  adminUsernames: readonly string[],
  id: string,
): Promise<AdminUserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await em.execute<Row[]>(`${SELECT} where u.id = ?`, [id]);
  return row ? toRow(row, adminUsernames) : null;
}

/** A user id from the console: a uuid naming an account, or NOT_FOUND / BAD_USER_INPUT. */
export async function requireUserRow(
  em: EntityManager,
  id: string,
): Promise<{ id: string; username: string }> {
  if (!isUuid(id)) throw badInput(msg('Invalid user id'), { field: 'userId' });
  const [row] = await em.execute<{ id: string; username: string }[]>(
    'select id, username from users where id = ?',
    [id],
  );
  if (!row) throw notFound(msg('User not found'));
  return row;
}

/** The reason staff may give with any console action (kept in the audit log). */
export const reasonInput = z.string().trim().max(500, msg('Keep the reason under 500 characters')).optional();
