import type { EntityManager } from '@mikro-orm/postgresql';
import { lockUntilCommit } from '../../../platform/db.ts';
import { AppError, badInput, conflict, notFound } from '../../../platform/errors.ts';
import { raise } from '../../../platform/hooks.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { shownAvatar, shownDisplayName } from '../../accounts/core/shownProfile.ts';
import { notify } from '../../notifications/core/notifications.ts';
import { notifyUser } from './events.ts';
import { friendRequestInput } from './schemas.ts';

/**
 * Friends: requests by username, accepting or declining (only the person asked), removing. One
 * row per pair (a unique index on the unordered pair): `user` asked, `friend` was asked.
 */

/** Spec §3, the client's view of a friend. */
export interface FriendView {
  id: string;
  username: string;
  displayName: string | null;
  avatar: string | null;
  lastActive: Date;
}

export interface FriendshipView {
  id: string;
  userId: string;
  friendId: string;
  status: 'pending' | 'accepted' | 'declined' | 'blocked';
  createdAt: Date;
  updatedAt: Date;
  /** incoming: the other person asked the viewer; outgoing: the viewer asked. */
  direction: 'incoming' | 'outgoing';
  /** The other person. */
  other: FriendView;
}

/** Spec §4: online means active in the last 10 minutes. */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;
export const isOnline = (f: Pick<FriendView, 'lastActive'>, now = Date.now()) =>
  now - new Date(f.lastActive).getTime() <= ONLINE_WINDOW_MS;

export const friendMessages = {
  userNotFound: msg('User not found'),
  self: msg("You can't send a friend request to yourself"),
  alreadyFriends: msg('You are already friends'),
  alreadyRequested: msg('Friend request already sent'),
  requestNotFound: msg('Friend request not found'),
  onlyAddressee: msg('Only the person who received this friend request can answer it'),
  notPending: msg('This friend request is no longer pending'),
  friendNotFound: msg('Friend not found'),
} as const;

interface FriendRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar: string | null;
  last_active: Date;
}

const toFriend = (r: FriendRow): FriendView => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  avatar: r.avatar,
  lastActive: r.last_active,
});

interface FriendshipRow {
  id: string;
  user_id: string;
  friend_id: string;
  status: FriendshipView['status'];
  created_at: Date;
  updated_at: Date;
}

const FRIENDSHIP_COLUMNS = 'f.id, f.user_id, f.friend_id, f.status, f.created_at, f.updated_at';
/** The other person of a friendship or conversation, joined as `o`: read back by `otherOf`. */
export const OTHER_COLUMNS = `o.id as o_id, o.username as o_username, ${shownDisplayName('o')} as o_display_name,
  ${shownAvatar('o')} as o_avatar, o.last_active as o_last_active`;

export const otherOf = (r: Record<string, unknown>): FriendView =>
  toFriend({
    id: r.o_id as string,
    username: r.o_username as string,
    display_name: r.o_display_name as string | null,
    avatar: r.o_avatar as string | null,
    last_active: r.o_last_active as Date,
  });

function toFriendship(r: FriendshipRow, viewerId: string): FriendshipView {
  return {
    id: r.id,
    userId: r.user_id,
    friendId: r.friend_id,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    direction: r.user_id === viewerId ? 'outgoing' : 'incoming',
    other: otherOf(r as unknown as Record<string, unknown>),
  };
}

/** The user's friends (accepted both ways), most recently active first. */
export async function listFriends(em: EntityManager, userId: string): Promise<FriendView[]> {
  const rows = await em.execute<FriendRow[]>(
    `select u.id, u.username, ${shownDisplayName('u')} as display_name, ${shownAvatar('u')} as avatar, u.last_active
       from friendships f
       join users u on u.id = case when f.user_id = ? then f.friend_id else f.user_id end
      where (f.user_id = ? or f.friend_id = ?) and f.status = 'accepted'
      order by u.last_active desc, lower(u.username)`,
    [userId, userId, userId],
  );
  return rows.map(toFriend);
}

/** Every friendship and request the user is part of (declined ones only when the user asked). */
export async function listFriendships(em: EntityManager, userId: string): Promise<FriendshipView[]> {
  const rows = await em.execute<FriendshipRow[]>(
    `select ${FRIENDSHIP_COLUMNS}, ${OTHER_COLUMNS}
       from friendships f
       join users o on o.id = case when f.user_id = ? then f.friend_id else f.user_id end
      where (f.user_id = ? or (f.friend_id = ? and f.status <> 'declined'))
      order by f.updated_at desc`,
    [userId, userId, userId],
  );
  return rows.map((r) => toFriendship(r, userId));
}

async function friendshipById(
  em: EntityManager,
  viewerId: string,
  id: string,
): Promise<FriendshipView | null> {
  if (!isUuid(id)) return null;
  const [row] = await em.execute<FriendshipRow[]>(
    `select ${FRIENDSHIP_COLUMNS}, ${OTHER_COLUMNS}
       from friendships f
       join users o on o.id = case when f.user_id = ? then f.friend_id else f.user_id end
      where f.id = ? and (f.user_id = ? or f.friend_id = ?)`,
    [viewerId, id, viewerId, viewerId],
  );
  return row ? toFriendship(row, viewerId) : null;
}

export interface FriendRequestResult {
  friendship: FriendshipView;
  /** True when the other person had already asked: the request accepted theirs. */
  accepted: boolean;
}

/**
 * Asks `username` to be friends. Unknown → 404, yourself → 400, already friends or already asked
 * → 409. If they already asked you, this accepts their request. A declined request may be asked
 * again. The pair row is locked, so two people asking each other at once end up friends once.
 */
export async function sendFriendRequest(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<FriendRequestResult> {
  const { username } = parseInput(friendRequestInput, input);
  const result = await em.transactional(async (tem) => {
    const [target] = await tem.execute<{ id: string }[]>(
      'select id from users where lower(username) = lower(?)',
      [username],
    );
    if (!target) throw notFound(friendMessages.userNotFound);
    if (target.id === userId) throw badInput(friendMessages.self);
    // A block either way (moderation/core/blocks.ts) reads as no such user.
    const [block] = await tem.execute<{ yes: boolean }[]>(
      `select exists (select 1 from user_blocks where (blocker_id = ? and blocked_id = ?)
         or (blocker_id = ? and blocked_id = ?)) as yes`,
      [target.id, userId, userId, target.id],
    );
    if (block?.yes) throw notFound(friendMessages.userNotFound);
    // Serialise requests of this pair (either direction) until commit.
    await lockUntilCommit(tem, pairKey(userId, target.id));
    const [existing] = await tem.execute<FriendshipRow[]>(
      `select ${FRIENDSHIP_COLUMNS} from friendships f
        where (f.user_id = ? and f.friend_id = ?) or (f.user_id = ? and f.friend_id = ?)`,
      [userId, target.id, target.id, userId],
    );
    if (existing?.status === 'accepted') throw conflict(friendMessages.alreadyFriends);
    if (existing?.status === 'blocked') throw notFound(friendMessages.userNotFound);
    if (existing?.status === 'pending' && existing.user_id === userId) {
      throw conflict(friendMessages.alreadyRequested);
    }
    if (existing?.status === 'pending') {
      await tem.execute(`update friendships set status = 'accepted', updated_at = now() where id = ?`, [
        existing.id,
      ]);
      await notifyUser(tem, target.id, {
        event: 'friend',
        kind: 'accepted',
        friendshipId: existing.id,
        byUserId: userId,
      });
      await notify(tem, { userId: target.id, kind: 'friend_accepted', actorId: userId });
      await raise('friendAccepted', {
        em: tem,
        friendshipId: existing.id,
        requesterId: target.id,
        accepterId: userId,
      });
      return { id: existing.id, accepted: true };
    }
    let id: string;
    if (existing) {
      // Declined earlier: asked again, now by this user.
      await tem.execute(
        `update friendships set user_id = ?, friend_id = ?, status = 'pending', created_at = now(), updated_at = now() where id = ?`,
        [userId, target.id, existing.id],
      );
      id = existing.id;
    } else {
      const [row] = await tem.execute<{ id: string }[]>(
        `insert into friendships (id, user_id, friend_id, status) values (gen_random_uuid(), ?, ?, 'pending') returning id`,
        [userId, target.id],
      );
      id = row!.id;
    }
    await notifyUser(tem, target.id, {
      event: 'friend',
      kind: 'request',
      friendshipId: id,
      byUserId: userId,
    });
    await notify(tem, {
      userId: target.id,
      kind: 'friend_request',
      actorId: userId,
      targetType: 'friendship',
      targetId: id,
    });
    return { id, accepted: false };
  });
  const friendship = await friendshipById(em, userId, result.id);
  return { friendship: friendship!, accepted: result.accepted };
}

/** Accepts or declines a pending request; only its addressee may. */
export async function answerFriendRequest(
  em: EntityManager,
  userId: string,
  friendshipId: string,
  answer: 'accepted' | 'declined',
): Promise<FriendshipView> {
  await em.transactional(async (tem) => {
    const [row] = isUuid(friendshipId)
      ? await tem.execute<FriendshipRow[]>(
          `select ${FRIENDSHIP_COLUMNS} from friendships f where f.id = ? and (f.user_id = ? or f.friend_id = ?) for update`,
          [friendshipId, userId, userId],
        )
      : [];
    if (!row) throw notFound(friendMessages.requestNotFound);
    if (row.friend_id !== userId) throw new AppError('FORBIDDEN', friendMessages.onlyAddressee);
    if (row.status !== 'pending') throw conflict(friendMessages.notPending);
    await tem.execute('update friendships set status = ?, updated_at = now() where id = ?', [answer, row.id]);
    await notifyUser(tem, row.user_id, {
      event: 'friend',
      kind: answer,
      friendshipId: row.id,
      byUserId: userId,
    });
    // A decline is not announced (the asker sees the request stay unanswered).
    if (answer === 'accepted') {
      await notify(tem, { userId: row.user_id, kind: 'friend_accepted', actorId: userId });
      await raise('friendAccepted', {
        em: tem,
        friendshipId: row.id,
        requesterId: row.user_id,
        accepterId: userId,
      });
    }
  });
  return (await friendshipById(em, userId, friendshipId))!;
}

/**
 * Ends a friendship (or withdraws a request the user sent) with the user `friendId`. The direct
 * messages stay readable to both; new ones need a friendship again.
 */
export async function removeFriend(em: EntityManager, userId: string, friendId: string): Promise<void> {
  if (!isUuid(friendId)) throw notFound(friendMessages.friendNotFound);
  await em.transactional(async (tem) => {
    const rows = await tem.execute<{ id: string }[]>(
      `delete from friendships
        where ((user_id = ? and friend_id = ?) or (user_id = ? and friend_id = ? and status = 'accepted'))
          and status in ('accepted', 'pending')
        returning id`,
      [userId, friendId, friendId, userId],
    );
    if (rows.length === 0) throw notFound(friendMessages.friendNotFound);
    await notifyUser(tem, friendId, {
      event: 'friend',
      kind: 'removed',
      friendshipId: rows[0]!.id,
      byUserId: userId,
    });
  });
}

/** True when the two users are friends (accepted). */
export async function areFriends(em: EntityManager, a: string, b: string): Promise<boolean> {
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as one from friendships
      where status = 'accepted' and ((user_id = ? and friend_id = ?) or (user_id = ? and friend_id = ?))`,
    [a, b, b, a],
  );
  return rows.length > 0;
}

/**
 * Makes two users friends at once (someone registered through the other's invitation), whatever
 * was between them before. Runs inside the caller's transaction.
 */
export async function befriend(em: EntityManager, inviterId: string, inviteeId: string): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into friendships (id, user_id, friend_id, status) values (gen_random_uuid(), ?, ?, 'accepted')
     on conflict (least(user_id, friend_id), greatest(user_id, friend_id))
     do update set status = 'accepted', updated_at = now()
     returning id`,
    [inviterId, inviteeId],
  );
  return row!.id;
}

/** One user's friend view, for live events. */
export async function friendView(em: EntityManager, userId: string): Promise<FriendView | null> {
  const [row] = await em.execute<FriendRow[]>(
    `select u.id, u.username, ${shownDisplayName('u')} as display_name, ${shownAvatar('u')} as avatar, u.last_active
       from users u where u.id = ?`,
    [userId],
  );
  return row ? toFriend(row) : null;
}

export { friendshipById };

const pairKey = (a: string, b: string) => `friendship:${a < b ? `${a}:${b}` : `${b}:${a}`}`;
