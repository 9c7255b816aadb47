import type { EntityManager } from '@mikro-orm/postgresql';
import { Message } from './Message.ts';

/**
 * Queries over a chat's message tree. Each message points at the one it follows (`parentId`);
 * messages with the same parent in the same chat are versions of one turn (an edited prompt, a
 * regenerated answer). The chat's `currentMessageId` is the leaf of the path being shown.
 */

/** The ids from `leafId` up to the chat's first message, leaf first, at most `limit`. */
async function ancestorIds(em: EntityManager, leafId: string, limit: number): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `with recursive up as (
       select id, parent_id, 0 as depth from messages where id = ?
       union all
       select m.id, m.parent_id, up.depth + 1 from messages m join up on m.id = up.parent_id
        where up.depth < ?
     )
     select id from up order by depth limit ?`,
    [leafId, limit, limit],
  );
  return rows.map((r) => r.id);
}

async function loadInOrder(em: EntityManager, ids: string[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const found = new Map((await em.find(Message, { id: { $in: ids } })).map((m) => [m.id, m]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The path ending at `leafId`, oldest first: its last `limit` messages. One query walks up from
 * the leaf by primary key and stops after `limit` steps, so a page costs the same at the end of a
 * chat of 20,000 messages as in a new one.
 */
export async function pathTo(em: EntityManager, leafId: string | null, limit: number): Promise<Message[]> {
  if (!leafId) return [];
  const rows = await em.execute<(Record<string, unknown> & { path_depth: number })[]>(
    `with recursive up as (
       select m.*, 0 as path_depth from messages m where m.id = ?
       union all
       select m.*, up.path_depth + 1 from messages m join up on m.id = up.parent_id
        where up.path_depth + 1 < ?
     )
     select * from up order by path_depth desc`,
    [leafId, limit],
  );
  return rows.map(({ path_depth: _, ...row }) => em.map(Message, row));
}

/**
 * Versions already read with their messages (pathPage), so that versionsOf need not ask again for
 * them in the same request.
 */
const knownVersions = new WeakMap<Message, string[]>();

export interface PathPage {
  /** The chat is the user's. */
  chatFound: boolean;
  /** The message `before` names is in the chat (true when there is no `before`). */
  beforeFound: boolean;
  /** Oldest first. */
  messages: Message[];
}

/**
 * A page of a chat's path in one round trip, for opening a chat: whether the chat is the user's,
 * then the last `limit` messages of the path ending at the chat's current message (or, with
 * `before`, at the parent of that message), walked up by primary key as pathTo does, each with its
 * versions (messages_chat_parent_idx). One query instead of four (owner, cursor, path, versions):
 * on a busy machine each round trip to PostgreSQL is what a page costs most.
 */
export async function pathPage(
  em: EntityManager,
  input: { userId: string; chatId: string; before: string | null; limit: number },
): Promise<PathPage> {
  const rows = await em.execute<
    (Record<string, unknown> & {
      chat_found: boolean;
      before_found: boolean;
      path_depth: number | null;
      sibling_ids: string[] | null;
    })[]
  >(
    `with recursive
       c as (select id, current_message_id from chats where id = ?::uuid and user_id = ?::uuid),
       b as (select m.id, m.parent_id from messages m join c on m.chat_id = c.id where m.id = ?::uuid),
       up as (
         select m.*, 0 as path_depth from messages m join c on m.chat_id = c.id
          where m.id = case when ?::uuid is null then c.current_message_id else (select parent_id from b) end
         union all
         select m.*, up.path_depth + 1 from messages m join up on m.id = up.parent_id
          where up.path_depth + 1 < ?
       )
     select exists (select 1 from c) as chat_found, exists (select 1 from b) as before_found, up.*,
            case when up.id is null then null
                 when up.parent_id is null then
                   array(select s.id from messages s where s.chat_id = up.chat_id and s.parent_id is null order by s.created_at, s.id)
                 else
                   array(select s.id from messages s where s.chat_id = up.chat_id and s.parent_id = up.parent_id order by s.created_at, s.id)
            end as sibling_ids
       from (select 1) one left join up on true
      order by up.path_depth desc`,
    [input.chatId, input.userId, input.before, input.before, input.limit],
  );
  const first = rows[0];
  const messages = rows.flatMap(({ chat_found: _c, before_found: _b, path_depth, sibling_ids, ...row }) => {
    if (path_depth === null) return [];
    const message = em.map(Message, row);
    knownVersions.set(message, sibling_ids ?? [message.id]);
    return [message];
  });
  return {
    chatFound: first?.chat_found ?? false,
    beforeFound: input.before === null || (first?.before_found ?? false),
    messages,
  };
}

/** The path up from `leafId`, newest first (the leaf first), at most `limit` messages. */
export async function pathBack(em: EntityManager, leafId: string, limit: number): Promise<Message[]> {
  return loadInOrder(em, await ancestorIds(em, leafId, limit));
}

/** The messages an answer follows on its path, newest first (its prompt first), at most `limit`. */
export async function historyBefore(em: EntityManager, answer: Message, limit: number): Promise<Message[]> {
  if (!answer.parentId) return [];
  return loadInOrder(em, await ancestorIds(em, answer.parentId, limit));
}

/** Whether `messageId` is `leafId` or one of the messages above it (the path to it goes through it). */
export async function isOnPathTo(em: EntityManager, messageId: string, leafId: string): Promise<boolean> {
  const rows = await em.execute<{ found: boolean }[]>(
    `with recursive up as (
       select id, parent_id, 0 as depth from messages where id = ?
       union all
       select m.id, m.parent_id, up.depth + 1 from up join messages m on m.id = up.parent_id
        where up.id <> ? and up.depth < 100000
     )
     select exists (select 1 from up where id = ?) as found`,
    [leafId, messageId, messageId],
  );
  return rows[0]?.found === true;
}

/**
 * The leaf reached from a message by following its newest reply at each turn: where a version
 * switched to continues (its latest conversation).
 */
export async function latestLeafUnder(em: EntityManager, messageId: string): Promise<string> {
  const rows = await em.execute<{ id: string }[]>(
    `with recursive down as (
       select id, 0 as depth from messages where id = ?
       union all
       select c.id, down.depth + 1 from down
         cross join lateral (
           select id from messages where parent_id = down.id order by created_at desc, id desc limit 1
         ) c
        where down.depth < 10000
     )
     select id from down order by depth desc limit 1`,
    [messageId],
  );
  return rows[0]?.id ?? messageId;
}

/**
 * The versions of each of these messages (those with the same parent in the same chat, itself
 * included, oldest first), in one query for any number of messages.
 */
export async function versionsOf(em: EntityManager, messages: Message[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const m of messages) {
    const known = knownVersions.get(m);
    if (known) result.set(m.id, known);
  }
  messages = messages.filter((m) => !result.has(m.id));
  if (messages.length === 0) return result;
  const chatOf = (m: Message) => (typeof m.chat === 'object' ? m.chat.id : String(m.chat));
  const keyOf = (chatId: string, parentId: string | null) => `${chatId}/${parentId ?? ''}`;
  const chatIds = [...new Set(messages.map(chatOf))];
  const parentIds = [...new Set(messages.flatMap((m) => (m.parentId ? [m.parentId] : [])))];
  const rows = await em.execute<{ id: string; chat_id: string; parent_id: string | null }[]>(
    `select id, chat_id, parent_id from messages
      where chat_id = any(?::uuid[]) and (parent_id = any(?::uuid[]) or parent_id is null)
      order by created_at, id`,
    [`{${chatIds.join(',')}}`, `{${parentIds.join(',')}}`],
  );
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const key = keyOf(row.chat_id, row.parent_id);
    groups.set(key, [...(groups.get(key) ?? []), row.id]);
  }
  for (const m of messages) result.set(m.id, groups.get(keyOf(chatOf(m), m.parentId ?? null)) ?? [m.id]);
  return result;
}
