import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { shownAvatar, shownDisplayName } from '../../accounts/core/shownProfile.ts';
import { notify, notifyMany } from '../../notifications/core/notifications.ts';
import type { PostPublished } from '../../video/core/events.ts';
import { authorsPublicVideos, type PublicVideosPage } from '../../video/core/posts.ts';

/**
 * Creators: a person's public profile, and following them (table user_follows, Follow.ts). Counts are
 * count(*) of that table, whose pair is unique: parallel follows make one row. A block either way
 * (moderation/core/blocks.ts, which also ends follows both ways) refuses following like an unknown
 * person; a banned person is unknown.
 */

export const creatorMessages = {
  notFound: msg('User not found'),
  self: msg("You can't follow yourself"),
} as const;

export interface CreatorView {
  id: string;
  username: string;
  displayName: string | null;
  avatar: string | null;
  bio: string | null;
  followers: number;
  following: number;
  isFollowing: boolean;
}

export interface FollowState {
  username: string;
  isFollowing: boolean;
  followers: number;
}

/** A name that may name someone: anything else (empty, too long, not text) is no one. */
function nameOf(username: unknown): string {
  const name = typeof username === 'string' ? username.trim() : '';
  if (!name || name.length > 50) throw notFound(creatorMessages.notFound);
  return name;
}

/**
 * The profile of `username` as `viewerId` (null: signed out) sees it; banned or unknown is a 404, and
 * so is the profile of someone who blocked the viewer: a blocked person doesn't get the blocker's
 * profile or its actions (moderation/core/blocks.ts).
 */
export async function creatorProfile(
  em: EntityManager,
  username: unknown,
  viewerId: string | null,
): Promise<CreatorView> {
  const name = nameOf(username);
  const [row] = await em.execute<CreatorView[]>(
    `select u.id, u.username, ${shownDisplayName('u')} as "displayName", ${shownAvatar('u')} as avatar,
            case when exists (select 1 from hidden_content h where h.target_type = 'user' and h.target_id = u.id)
              then null else u.bio end as bio,
            (select count(*)::int from user_follows f where f.followed_id = u.id) as followers,
            (select count(*)::int from user_follows f where f.follower_id = u.id) as following,
            exists (select 1 from user_follows f where f.follower_id = ?::uuid and f.followed_id = u.id) as "isFollowing"
       from users u where lower(u.username) = lower(?) and u.banned_at is null
        and not exists (select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = ?::uuid)`,
    [viewerId, name, viewerId],
  );
  if (!row) throw notFound(creatorMessages.notFound);
  return row;
}

/** Their public videos, a page at a time (`after`: the previous page's nextCursor). */
export function creatorVideos(
  em: EntityManager,
  creatorId: string,
  query: { limit?: unknown; after?: unknown },
  viewerId: string | null,
): Promise<PublicVideosPage> {
  return authorsPublicVideos(em, { userId: creatorId }, query, viewerId);
}

/** The community videos of the people `userId` follows, newest first (the gallery's Following tab). */
export function followingVideos(
  em: EntityManager,
  userId: string,
  query: { limit?: unknown; after?: unknown },
): Promise<PublicVideosPage> {
  return authorsPublicVideos(em, { followedBy: userId }, query, userId);
}

/** Someone `userId` may follow: not themselves, not banned, no block between them either way. */
async function followable(
  em: EntityManager,
  userId: string,
  username: unknown,
): Promise<{ id: string; username: string }> {
  const name = nameOf(username);
  const [target] = await em.execute<{ id: string; username: string; blocked: boolean }[]>(
    `select u.id, u.username,
            exists (select 1 from user_blocks b
                     where (b.blocker_id = ?::uuid and b.blocked_id = u.id)
                        or (b.blocker_id = u.id and b.blocked_id = ?::uuid)) as blocked
       from users u where lower(u.username) = lower(?) and u.banned_at is null`,
    [userId, userId, name],
  );
  if (!target || target.blocked) throw notFound(creatorMessages.notFound);
  if (target.id === userId) throw badInput(creatorMessages.self);
  return target;
}

async function stateOf(
  em: EntityManager,
  userId: string,
  target: { id: string; username: string },
): Promise<FollowState> {
  const [row] = await em.execute<{ followers: number; isFollowing: boolean }[]>(
    `select (select count(*)::int from user_follows where followed_id = ?) as followers,
            exists (select 1 from user_follows where follower_id = ? and followed_id = ?) as "isFollowing"`,
    [target.id, userId, target.id],
  );
  return {
    username: target.username,
    isFollowing: row?.isFollowing ?? false,
    followers: row?.followers ?? 0,
  };
}

/**
 * SQL taking the lock of a pair of people for this transaction, whichever way round they are named:
 * following and blocking (moderation/core/blocks.ts takes the same one) happen one after the other
 * for a pair, so a block can't miss a follow being made at the same moment. Two-key advisory locks,
 * class 0x666f6c77 ('folw'), apart from the one-key locks others take.
 */
export const PAIR_LOCK_SQL =
  'select pg_advisory_xact_lock(1718578295, hashtext(least(?::text, ?::text) || greatest(?::text, ?::text)))';

/** Follows `username` (again is the same answer). */
export async function follow(em: EntityManager, userId: string, username: unknown): Promise<FollowState> {
  const target = await followable(em, userId, username);
  const inserted = await em.transactional(async (tem) => {
    await tem.execute(PAIR_LOCK_SQL, [userId, target.id, userId, target.id]);
    // The block test again, after the lock: a block committed since the check refuses too.
    return tem.execute<{ id: string }[]>(
      `insert into user_follows (id, follower_id, followed_id)
       select gen_random_uuid(), ?, ?
        where not exists (select 1 from user_blocks b
                           where (b.blocker_id = ? and b.blocked_id = ?) or (b.blocker_id = ? and b.blocked_id = ?))
       on conflict do nothing returning id`,
      [userId, target.id, userId, target.id, target.id, userId],
    );
  });
  if (inserted.length > 0)
    await notify(em, {
      userId: target.id,
      kind: 'follower',
      actorId: userId,
      targetType: 'user',
      targetId: userId,
    });
  const state = await stateOf(em, userId, target);
  if (inserted.length === 0 && !state.isFollowing) throw notFound(creatorMessages.notFound);
  return state;
}

/** Stops following `username` (again, or never followed, is the same answer). */
export async function unfollow(em: EntityManager, userId: string, username: unknown): Promise<FollowState> {
  const name = nameOf(username);
  const [target] = await em.execute<{ id: string; username: string }[]>(
    'select id, username from users where lower(username) = lower(?) and banned_at is null',
    [name],
  );
  if (!target) throw notFound(creatorMessages.notFound);
  if (target.id === userId) throw badInput(creatorMessages.self);
  await em.execute('delete from user_follows where follower_id = ? and followed_id = ?', [userId, target.id]);
  return stateOf(em, userId, target);
}

/**
 * A creator's video was made public (video/core/events.ts): their followers are told, each once per
 * video, in the same transaction. Follows end with a block (moderation/core/blocks.ts), so a blocked
 * person follows nobody who blocked them; a banned owner's video is not public to anyone.
 */
export async function tellFollowers(event: PostPublished): Promise<void> {
  const { em, postId, ownerId, title, slug } = event;
  // In pages of ids, so a creator with very many followers doesn't build one huge statement.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await em.execute<{ follower_id: string }[]>(
      `select f.follower_id from user_follows f join users o on o.id = f.followed_id
        where f.followed_id = ? and f.follower_id > ? and o.banned_at is null
        order by f.follower_id limit 1000`,
      [ownerId, after],
    );
    if (rows.length === 0) return;
    await notifyMany(
      em,
      rows.map((r) => r.follower_id),
      { kind: 'new_video', actorId: ownerId, targetType: 'post', targetId: postId, data: { title, slug } },
      { once: true },
    );
    if (rows.length < 1000) return;
    after = rows.at(-1)!.follower_id;
  }
}
