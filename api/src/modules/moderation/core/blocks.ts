import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { shownDisplayName } from '../../accounts/core/shownProfile.ts';

/**
 * Blocking (table user_blocks, Block.ts). What a block does is enforced where the content is read or
 * written, by plain SQL on this table (the modules below may not import this one):
 * - social/core/directMessages.ts: neither can message the other (the conversation says so with
 *   `canMessage`); the blocker's thread and its preview no longer show the blocked person's messages;
 * - social/core/friends.ts: a friend request either way answers "User not found" (and blocking ends
 *   their friendship, below);
 * - video/core/posts.ts: the blocker's community gallery leaves out the blocked person's videos;
 * - creators/core/follows.ts: following either way is refused like an unknown person (and blocking
 *   ends their follows, below).
 */

export const blockMessages = {
  userNotFound: msg('User not found'),
  self: msg("You can't block yourself"),
} as const;

async function userByName(em: EntityManager, username: string): Promise<{ id: string; username: string }> {
  const name = String(username ?? '').trim();
  if (!name || name.length > 50) throw notFound(blockMessages.userNotFound);
  const [user] = await em.execute<{ id: string; username: string }[]>(
    'select id, username from users where lower(username) = lower(?)',
    [name],
  );
  if (!user) throw notFound(blockMessages.userNotFound);
  return user;
}

export interface BlockState {
  username: string;
  blocked: boolean;
}

/** Blocks `username` for `userId` (again is the same answer). */
export async function blockUser(em: EntityManager, userId: string, username: string): Promise<BlockState> {
  const target = await userByName(em, username);
  if (target.id === userId) throw badInput(blockMessages.self);
  await em.transactional(async (tem) => {
    // The pair's lock (creators/core/follows.ts PAIR_LOCK_SQL, repeated here as this module may not
    // import that one): a follow being made at this moment lands before this block, and is ended below.
    await tem.execute(
      'select pg_advisory_xact_lock(1718578295, hashtext(least(?::text, ?::text) || greatest(?::text, ?::text)))',
      [userId, target.id, userId, target.id],
    );
    await tem.execute(
      `insert into user_blocks (id, blocker_id, blocked_id) values (gen_random_uuid(), ?, ?) on conflict do nothing`,
      [userId, target.id],
    );
    // A block ends the friendship and any request between the two, either way: the blocked person
    // loses the ways to reach the blocker (the friends list's Message) with it.
    await tem.execute(
      `delete from friendships where (user_id = ? and friend_id = ?) or (user_id = ? and friend_id = ?)`,
      [userId, target.id, target.id, userId],
    );
    // And their follows either way (creators/core/follows.ts refuses new ones while the block stands).
    await tem.execute(
      `delete from user_follows where (follower_id = ? and followed_id = ?) or (follower_id = ? and followed_id = ?)`,
      [userId, target.id, target.id, userId],
    );
  });
  return { username: target.username, blocked: true };
}

export async function unblockUser(em: EntityManager, userId: string, username: string): Promise<BlockState> {
  const target = await userByName(em, username);
  await em.execute('delete from user_blocks where blocker_id = ? and blocked_id = ?', [userId, target.id]);
  return { username: target.username, blocked: false };
}

export interface BlockedUser {
  id: string;
  username: string;
  displayName: string | null;
  blockedAt: Date;
}

/** Whom the user blocked, latest first. */
export async function listBlocked(em: EntityManager, userId: string): Promise<BlockedUser[]> {
  const rows = await em.execute<(Omit<BlockedUser, 'blockedAt'> & { blockedAt: string })[]>(
    `select u.id, u.username, ${shownDisplayName('u')} as "displayName", b.created_at as "blockedAt"
       from user_blocks b join users u on u.id = b.blocked_id
      where b.blocker_id = ? order by b.created_at desc`,
    [userId],
  );
  // Raw rows carry PostgreSQL's timestamp text: a Date answers ISO 8601 over REST too.
  return rows.map((r) => ({ ...r, blockedAt: new Date(r.blockedAt) }));
}

/** Whether `a` blocked `b`. */
export async function hasBlocked(em: EntityManager, a: string, b: string): Promise<boolean> {
  const [row] = await em.execute<{ yes: boolean }[]>(
    'select exists (select 1 from user_blocks where blocker_id = ? and blocked_id = ?) as yes',
    [a, b],
  );
  return row?.yes ?? false;
}
