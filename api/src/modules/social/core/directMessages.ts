import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { shownDisplayName } from '../../accounts/core/shownProfile.ts';
import { markGroupRead, notify } from '../../notifications/core/notifications.ts';
import { notifyUser } from './events.ts';
import { areFriends, type FriendView, OTHER_COLUMNS, otherOf } from './friends.ts';
import { directMessageInput } from './schemas.ts';

/**
 * Direct messages between friends. A conversation belongs to its two participants: every read
 * and write below is filtered by the viewer being one of them, and anyone else gets a 404.
 */

export interface DirectMessageView {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface ConversationView {
  id: string;
  participant: FriendView;
  lastMessage: DirectMessageView | null;
  unreadCount: number;
  updatedAt: Date;
  /** The viewer blocked the other person. */
  youBlocked: boolean;
  /** Whether the viewer may write here: to a friend, not across a block either way. */
  canMessage: boolean;
}

/** Who a conversation shows on the other side once that person deleted their account. */
export const DELETED_USER_NAME = 'Deleted user';
export const DELETED_USER_ID = '00000000-0000-0000-0000-000000000000';

export const dmMessages = {
  notFound: msg('Conversation not found'),
  friendsOnly: msg('You can only message your friends'),
  blocked: msg("You can't message this person"),
} as const;

/**
 * Messages a viewer (the second `?`) doesn't see: those moderators hid, unless they sent them, and
 * those of someone they blocked (moderation/core/reports.ts and blocks.ts own the tables).
 */
const UNSEEN_MESSAGE = `(exists (select 1 from hidden_content h where h.target_type = 'message' and h.target_id = d.id)
    and d.sender_id <> ?::uuid)
  or exists (select 1 from user_blocks b where b.blocker_id = ?::uuid and b.blocked_id = d.sender_id)`;

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Date;
  read_at: Date | null;
}

const toMessage = (r: MessageRow): DirectMessageView => ({
  id: r.id,
  conversationId: r.conversation_id,
  senderId: r.sender_id,
  content: r.content,
  createdAt: r.created_at,
  readAt: r.read_at,
});

/**
 * A conversation as the viewer sees it: its latest message and unread count leave out what the
 * viewer doesn't see (UNSEEN_MESSAGE), and a block either way (moderation/core/blocks.ts) shows as
 * `youBlocked` / `canMessage` (friends only, as sendDirectMessage), so the blocked person's app offers no
 * way to write. Its `?`s are all
 * the viewer's id: pass `viewerParams(userId)` first.
 */
const CONVERSATION_SELECT = `
  select c.id, c.created_at, c.last_message_at, ${OTHER_COLUMNS},
         m.id as m_id, m.sender_id as m_sender_id, m.content as m_content, m.created_at as m_created_at,
         m.read_at as m_read_at,
         (select count(*)::int from direct_messages d
           where d.conversation_id = c.id and d.sender_id <> ? and d.read_at is null
             and not (${UNSEEN_MESSAGE})) as unread,
         exists (select 1 from user_blocks b where b.blocker_id = ? and b.blocked_id = o.id) as you_blocked,
         exists (select 1 from user_blocks b where b.blocker_id = o.id and b.blocked_id = ?) as blocked_you,
         exists (select 1 from friendships f where f.status = 'accepted'
                   and ((f.user_id = ? and f.friend_id = o.id) or (f.friend_id = ? and f.user_id = o.id))) as friends
    from conversations c
    left join users o on o.id = case when c.user_a_id = ? then c.user_b_id else c.user_a_id end
    left join lateral (
      select * from direct_messages d where d.conversation_id = c.id and not (${UNSEEN_MESSAGE})
       order by d.created_at desc, d.id desc limit 1
    ) m on true`;

const viewerParams = (userId: string): string[] => Array(10).fill(userId);

function toConversation(r: Record<string, unknown>): ConversationView {
  return {
    id: r.id as string,
    // The other side deleted the account: the thread stays, with them shown as "Deleted user".
    participant: r.o_id
      ? otherOf(r)
      : {
          id: DELETED_USER_ID,
          username: DELETED_USER_NAME,
          displayName: DELETED_USER_NAME,
          avatar: null,
          lastActive: r.created_at as Date,
        },
    lastMessage: r.m_id
      ? toMessage({
          id: r.m_id as string,
          conversation_id: r.id as string,
          sender_id: r.m_sender_id as string,
          content: r.m_content as string,
          created_at: r.m_created_at as Date,
          read_at: r.m_read_at as Date | null,
        })
      : null,
    unreadCount: r.unread as number,
    updatedAt: (r.last_message_at ?? r.created_at) as Date,
    youBlocked: r.you_blocked as boolean,
    // What sendDirectMessage accepts: friends only, not across a block either way (nor to a deleted account).
    canMessage: Boolean(r.friends) && !r.you_blocked && !r.blocked_you,
  };
}

/** The user's conversations, latest message first; `search` matches the other person's names. */
export async function listConversations(
  em: EntityManager,
  userId: string,
  options: { search?: string | null } = {},
): Promise<ConversationView[]> {
  const search = options.search?.trim();
  const params: unknown[] = [...viewerParams(userId), userId, userId];
  let filter = '';
  if (search) {
    // Names or the text of any message of the conversation the viewer sees.
    // The display name as the viewer sees it (a hidden profile's isn't searchable either).
    filter = ` and (o.username ilike ? escape '\\' or ${shownDisplayName('o')} ilike ? escape '\\'
                 or exists (select 1 from direct_messages d where d.conversation_id = c.id
                              and d.content ilike ? escape '\\' and not (${UNSEEN_MESSAGE})))`;
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    params.push(like, like, like, userId, userId);
  }
  const rows = await em.execute<Record<string, unknown>[]>(
    `${CONVERSATION_SELECT}
      where (c.user_a_id = ? or c.user_b_id = ?)${filter}
      order by coalesce(c.last_message_at, c.created_at) desc
      limit 200`,
    params,
  );
  return rows.map(toConversation);
}

export async function getConversation(
  em: EntityManager,
  userId: string,
  conversationId: string,
): Promise<ConversationView> {
  const rows = isUuid(conversationId)
    ? await em.execute<Record<string, unknown>[]>(
        `${CONVERSATION_SELECT} where c.id = ? and (c.user_a_id = ? or c.user_b_id = ?)`,
        [...viewerParams(userId), conversationId, userId, userId],
      )
    : [];
  if (!rows[0]) throw notFound(dmMessages.notFound);
  return toConversation(rows[0]);
}

/** The conversation with a friend, created on first use. Only friends can start one. */
export async function openConversation(
  em: EntityManager,
  userId: string,
  friendId: string,
): Promise<ConversationView> {
  if (!isUuid(friendId) || friendId === userId || !(await areFriends(em, userId, friendId))) {
    throw new AppError('FORBIDDEN', dmMessages.friendsOnly);
  }
  const [a, b] = userId < friendId ? [userId, friendId] : [friendId, userId];
  const [row] = await em.execute<{ id: string }[]>(
    `insert into conversations (id, user_a_id, user_b_id) values (gen_random_uuid(), ?, ?)
     on conflict (user_a_id, user_b_id) do update set user_a_id = excluded.user_a_id
     returning id`,
    [a, b],
  );
  return getConversation(em, userId, row!.id);
}

/** The other participant (null: they deleted their account), if `userId` is one of the two; 404 otherwise. */
async function requireParticipant(
  em: EntityManager,
  userId: string,
  conversationId: string,
): Promise<string | null> {
  const [row] = isUuid(conversationId)
    ? await em.execute<{ other: string | null }[]>(
        `select case when user_a_id = ? then user_b_id else user_a_id end as other
           from conversations where id = ? and (user_a_id = ? or user_b_id = ?)`,
        [userId, conversationId, userId, userId],
      )
    : [];
  if (!row) throw notFound(dmMessages.notFound);
  return row.other;
}

export interface MessagePage {
  /** Oldest first. */
  messages: DirectMessageView[];
  /** True when older messages exist before the first one. */
  hasMore: boolean;
}

/** A page of history, newest `limit` messages before the message `before` (or the newest). */
export async function listDirectMessages(
  em: EntityManager,
  userId: string,
  conversationId: string,
  options: { before?: string | null; limit?: number | null } = {},
): Promise<MessagePage> {
  await requireParticipant(em, userId, conversationId);
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const params: unknown[] = [conversationId, userId, userId];
  let cursor = '';
  if (options.before) {
    if (!isUuid(options.before)) throw notFound(msg('Message not found'));
    cursor = ` and (d.created_at, d.id) < (select created_at, id from direct_messages where id = ? and conversation_id = ?)`;
    params.push(options.before, conversationId);
  }
  const rows = await em.execute<MessageRow[]>(
    `select d.id, d.conversation_id, d.sender_id, d.content, d.created_at, d.read_at
       from direct_messages d
      where d.conversation_id = ? and not (${UNSEEN_MESSAGE})${cursor}
      order by d.created_at desc, d.id desc
      limit ${limit + 1}`,
    params,
  );
  const hasMore = rows.length > limit;
  return { messages: rows.slice(0, limit).reverse().map(toMessage), hasMore };
}

/** One message, for live delivery; only to a participant. */
export async function getDirectMessage(
  em: EntityManager,
  userId: string,
  messageId: string,
): Promise<DirectMessageView | null> {
  const [row] = await em.execute<MessageRow[]>(
    `select d.id, d.conversation_id, d.sender_id, d.content, d.created_at, d.read_at
       from direct_messages d join conversations c on c.id = d.conversation_id
      where d.id = ? and (c.user_a_id = ? or c.user_b_id = ?) and not (${UNSEEN_MESSAGE})`,
    [messageId, userId, userId, userId, userId],
  );
  return row ? toMessage(row) : null;
}

/** Sends a message to the conversation; both must still be friends. Delivered live to both. */
export async function sendDirectMessage(
  em: EntityManager,
  userId: string,
  conversationId: string,
  input: unknown,
): Promise<DirectMessageView> {
  const { content } = parseInput(directMessageInput, input);
  const other = await requireParticipant(em, userId, conversationId);
  // A block either way ends the conversation (moderation/core/blocks.ts), and says so: it also ended
  // the friendship, which would otherwise read as "friends only".
  const [block] = other
    ? await em.execute<{ yes: boolean }[]>(
        `select exists (select 1 from user_blocks where (blocker_id = ? and blocked_id = ?)
           or (blocker_id = ? and blocked_id = ?)) as yes`,
        [other, userId, userId, other],
      )
    : [];
  if (block?.yes) throw new AppError('FORBIDDEN', dmMessages.blocked);
  if (!other || !(await areFriends(em, userId, other))) {
    throw new AppError('FORBIDDEN', dmMessages.friendsOnly);
  }
  return em.transactional(async (tem) => {
    const [row] = await tem.execute<MessageRow[]>(
      `insert into direct_messages (id, conversation_id, sender_id, content) values (gen_random_uuid(), ?, ?, ?)
       returning id, conversation_id, sender_id, content, created_at, read_at`,
      [conversationId, userId, content],
    );
    await tem.execute('update conversations set last_message_at = ? where id = ?', [
      row!.created_at,
      conversationId,
    ]);
    const event = { event: 'dm', kind: 'message', conversationId, messageId: row!.id } as const;
    await notifyUser(tem, other, event);
    // The bell: one unread notification per conversation, counted up, with the latest message's start.
    await notify(tem, {
      userId: other,
      kind: 'message',
      actorId: userId,
      targetType: 'conversation',
      targetId: conversationId,
      groupKey: conversationId,
      data: { text: content.slice(0, 140) },
    });
    // The sender's other tabs and devices too.
    await notifyUser(tem, userId, event);
    return toMessage(row!);
  });
}

/** Opening a conversation reads it: the other person's messages are marked read. */
export async function markConversationRead(
  em: EntityManager,
  userId: string,
  conversationId: string,
): Promise<ConversationView> {
  const other = await requireParticipant(em, userId, conversationId);
  await em.transactional(async (tem) => {
    const rows = await tem.execute<{ id: string }[]>(
      `update direct_messages set read_at = now()
        where conversation_id = ? and sender_id <> ? and read_at is null returning id`,
      [conversationId, userId],
    );
    // Its notification is read with it.
    await markGroupRead(tem, userId, 'message', conversationId);
    if (rows.length > 0) {
      if (other)
        await notifyUser(tem, other, { event: 'dm', kind: 'read', conversationId, byUserId: userId });
      await notifyUser(tem, userId, { event: 'dm', kind: 'read', conversationId, byUserId: userId });
    }
  });
  return getConversation(em, userId, conversationId);
}

/** Total unread direct messages, for the navigation badge. */
export async function unreadTotal(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from direct_messages d join conversations c on c.id = d.conversation_id
      where (c.user_a_id = ? or c.user_b_id = ?) and d.sender_id <> ? and d.read_at is null
        and not (${UNSEEN_MESSAGE})`,
    [userId, userId, userId, userId, userId],
  );
  return row?.n ?? 0;
}
