import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { raise } from '../../../platform/hooks.ts';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { shownAvatar, shownDisplayName } from '../../accounts/core/shownProfile.ts';
import './events.ts';
import { msg } from '../../../platform/i18n.ts';
import { type NotificationKind, notificationKinds } from './kinds.ts';

/**
 * Notifications: what happened to a person, kept until they read it (the bell and /notifications).
 * Other modules write them with `notify`, in their own transaction, so a notification exists exactly
 * when what it tells of does; a NOTIFY on the same transaction tells the person's open pages at
 * commit. Grouped kinds (several messages of one conversation) count up one unread row.
 */
export { type NotificationKind, notificationKinds };

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  actorId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  /** Events with the same key count up one unread notification (e.g. a conversation's messages). */
  groupKey?: string | null;
  /** Small facts to show (a video's prompt, a message's start, a report's outcome). */
  data?: Record<string, unknown>;
}

export const notificationChannelOf = (userId: string) => `notes_${userId.replace(/-/g, '')}`;

/**
 * Writes (or counts up) a notification in the caller's transaction; its page hears of it at commit.
 * A kind the person muted (core/mutes.ts) is not written at all: no bell, no alert, no sound, no
 * push. What is written is raised as `notificationWritten` (core/events.ts) in the same transaction.
 */
export async function notify(em: EntityManager, n: NewNotification): Promise<void> {
  if (n.actorId && n.actorId === n.userId) return;
  const data = JSON.stringify(n.data ?? {});
  const values = [n.userId, n.kind, n.actorId ?? null, n.targetType ?? null, n.targetId ?? null];
  const unmuted =
    'where not exists (select 1 from notification_mutes m where m.user_id = ?::uuid and m.kind = ?)';
  const written = n.groupKey
    ? await em.execute<{ id: string }[]>(
        `insert into notifications (user_id, kind, actor_id, target_type, target_id, group_key, data)
         select ?::uuid, ?, ?::uuid, ?, ?, ?, ?::jsonb ${unmuted}
         on conflict (user_id, kind, group_key) where read_at is null and group_key is not null
         do update set count = notifications.count + 1, actor_id = excluded.actor_id,
           data = excluded.data, created_at = now()
         returning id`,
        [...values, n.groupKey, data, n.userId, n.kind],
      )
    : await em.execute<{ id: string }[]>(
        `insert into notifications (user_id, kind, actor_id, target_type, target_id, data)
         select ?::uuid, ?, ?::uuid, ?, ?, ?::jsonb ${unmuted}
         returning id`,
        [...values, data, n.userId, n.kind],
      );
  if (written.length === 0) return;
  await em.execute('select pg_notify(?, ?)', [notificationChannelOf(n.userId), `{"event":"notification"}`]);
  await raise('notificationWritten', { em, notificationId: written[0]!.id, userId: n.userId, kind: n.kind });
}

/**
 * Tells many people of one event (a creator's new video, to their followers) in one statement, in
 * the caller's transaction; each muted or the actor is skipped. With `once`, a person already told
 * of this kind and target (read or not) is not told again: a video made public, private and public
 * again tells its followers once.
 */
export async function notifyMany(
  em: EntityManager,
  userIds: readonly string[],
  n: Omit<NewNotification, 'userId' | 'groupKey'>,
  { once = false }: { once?: boolean } = {},
): Promise<number> {
  const ids = userIds.filter((id) => isUuid(id) && id !== n.actorId);
  if (ids.length === 0) return 0;
  // A Postgres array literal of checked ids: one parameter, however many people.
  const list = `{${ids.join(',')}}`;
  const written = await em.execute<{ user_id: string }[]>(
    `insert into notifications (user_id, kind, actor_id, target_type, target_id, data)
     select u, ?, ?::uuid, ?, ?, ?::jsonb from unnest(?::uuid[]) as u
      where not exists (select 1 from notification_mutes m where m.user_id = u and m.kind = ?)
        ${
          once
            ? `and not exists (select 1 from notifications x where x.user_id = u and x.kind = ?
                 and x.target_type is not distinct from ? and x.target_id is not distinct from ?)`
            : ''
        }
     returning user_id`,
    [
      n.kind,
      n.actorId ?? null,
      n.targetType ?? null,
      n.targetId ?? null,
      JSON.stringify(n.data ?? {}),
      list,
      n.kind,
      ...(once ? [n.kind, n.targetType ?? null, n.targetId ?? null] : []),
    ],
  );
  if (written.length > 0)
    await em.execute(
      `select pg_notify('notes_' || replace(u::text, '-', ''), '{"event":"notification"}')
         from unnest(?::uuid[]) as u`,
      [`{${written.map((r) => r.user_id).join(',')}}`],
    );
  return written.length;
}

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  actor: { username: string; displayName: string | null; avatar: string | null } | null;
  targetType: string | null;
  targetId: string | null;
  count: number;
  data: Record<string, unknown>;
  createdAt: Date;
  readAt: Date | null;
}

export interface NotificationPage {
  notifications: NotificationView[];
  nextCursor: string | null;
  unread: number;
}

const pageInput = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: msg('limit must be a whole number from 1 to 50') })
    .int(msg('limit must be a whole number from 1 to 50'))
    .min(1, msg('limit must be a whole number from 1 to 50'))
    .max(50, msg('limit must be a whole number from 1 to 50'))
    .default(20),
});

export async function unreadCount(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    'select count(*)::int as n from notifications where user_id = ? and read_at is null',
    [userId],
  );
  return row?.n ?? 0;
}

const SELECT_NOTIFICATIONS = `select n.id, n.kind, n.target_type, n.target_id, n.count, n.data, n.created_at,
       n.read_at, ${keysetAt('n.created_at')} as cursor_at, a.username as a_username,
       ${shownDisplayName('a')} as a_display_name, ${shownAvatar('a')} as a_avatar
  from notifications n left join users a on a.id = n.actor_id`;

const notificationOf = (r: Record<string, unknown>): NotificationView => ({
  id: r.id as string,
  kind: r.kind as NotificationKind,
  actor: r.a_username
    ? {
        username: r.a_username as string,
        displayName: (r.a_display_name as string | null) ?? null,
        avatar: (r.a_avatar as string | null) ?? null,
      }
    : null,
  targetType: (r.target_type as string | null) ?? null,
  targetId: (r.target_id as string | null) ?? null,
  count: r.count as number,
  data: (r.data as Record<string, unknown>) ?? {},
  createdAt: new Date(r.created_at as string),
  readAt: r.read_at ? new Date(r.read_at as string) : null,
});

/**
 * Follows the person's new notifications for a live page (the subscription notificationAdded): each
 * call answers the unread ones written or counted up since the last, oldest first. A row's time is
 * its transaction's start, so one committed late can be older than one already told of: each call
 * looks back a minute and leaves out what it told already (by id and time, so a group counted up
 * is told again).
 */
export function newNotifications(em: () => EntityManager, userId: string) {
  const told = new Set<string>();
  let since: string | null = null;
  return async (): Promise<NotificationView[]> => {
    const db = em();
    const first = !since;
    if (!since) {
      const [row] = await db.execute<{ at: string }[]>(`select ${keysetAt('now()')} as at`);
      since = row!.at;
    }
    const rows = await db.execute<Record<string, unknown>[]>(
      `${SELECT_NOTIFICATIONS}
        where n.user_id = ? and n.read_at is null and n.created_at > ?::timestamptz - interval '1 minute'
        order by n.created_at, n.id limit 50`,
      [userId, since],
    );
    const fresh = rows.filter((r) => !told.has(`${r.id}@${r.cursor_at}`));
    for (const r of fresh) told.add(`${r.id}@${r.cursor_at}`);
    // The first call only learns what is there already: the page lists those itself.
    if (first) return [];
    // What was told more than a minute before the newest is out of the window: forgotten.
    const newest = rows.at(-1)?.cursor_at as string | undefined;
    if (newest && newest > since) since = newest;
    if (told.size > 500) told.clear();
    return fresh.map(notificationOf);
  };
}

/** The person's notifications, newest first, a keyset page at a time, with the unread count. */
export async function listNotifications(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<NotificationPage> {
  const q = parseInput(pageInput, input ?? {});
  const at = q.cursor ? decodeKeyset(q.cursor, 'cursor') : null;
  const rows = await em.execute<Record<string, unknown>[]>(
    `${SELECT_NOTIFICATIONS}
      where n.user_id = ? ${at ? 'and (n.created_at, n.id) < (?::timestamptz, ?::uuid)' : ''}
      order by n.created_at desc, n.id desc limit ?`,
    at ? [userId, at.at, at.id, q.limit + 1] : [userId, q.limit + 1],
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(notificationOf),
    nextCursor:
      rows.length > q.limit && last
        ? encodeKeyset({ at: last.cursor_at as string, id: last.id as string })
        : null,
    unread: await unreadCount(em, userId),
  };
}

const readInput = z.object({
  ids: z
    .array(z.string().refine(isUuid, msg('Each id must be a notification id')), {
      error: msg('ids must be a list of notification ids'),
    })
    .max(100, msg('At most 100 ids at once'))
    .optional()
    .nullable(),
});

/** Marks the person's notifications read: those named, or all. Others' ids are simply not theirs. */
export async function markRead(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<{ unread: number }> {
  const { ids } = parseInput(readInput, input ?? {});
  if (ids && ids.length === 0) return { unread: await unreadCount(em, userId) };
  await em.execute(
    `update notifications set read_at = now() where user_id = ? and read_at is null
      ${ids ? `and id in (${ids.map(() => '?::uuid').join(', ')})` : ''}`,
    ids ? [userId, ...ids] : [userId],
  );
  await em.execute('select pg_notify(?, ?)', [notificationChannelOf(userId), `{"event":"read"}`]);
  return { unread: await unreadCount(em, userId) };
}

/** Reads the unread notification of a group (a conversation opened reads its messages' one). */
export async function markGroupRead(
  em: EntityManager,
  userId: string,
  kind: NotificationKind,
  groupKey: string,
): Promise<void> {
  const read = await em.execute<{ id: string }[]>(
    `update notifications set read_at = now()
      where user_id = ? and kind = ? and group_key = ? and read_at is null returning id`,
    [userId, kind, groupKey],
  );
  if (read.length > 0)
    await em.execute('select pg_notify(?, ?)', [notificationChannelOf(userId), `{"event":"read"}`]);
}

/**
 * Listens for changes of the person's notifications (a new one, some read). It is listening once this
 * resolves, so a count read after it misses nothing. `next()` waits for the next change(s).
 */
export async function watchNotifications(
  pubsub: PubSub,
  userId: string,
): Promise<{ next(): Promise<void>; stop(): Promise<void> }> {
  let pending = 0;
  let wake: (() => void) | undefined;
  const unsubscribe = await pubsub.subscribe(notificationChannelOf(userId), () => {
    pending++;
    wake?.();
  });
  return {
    async next() {
      if (pending === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      pending = 0;
    },
    stop: unsubscribe,
  };
}
