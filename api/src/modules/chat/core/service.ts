import { randomUUID } from 'node:crypto';
import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { decodeRankedKeyset, encodeRankedKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';
import { Chat } from './Chat.ts';
import { findAssistant } from './catalogue.ts';
import { Message } from './Message.ts';
import {
  chatPageInput,
  createChatInput,
  MESSAGE_PAGE_MAX,
  messagePageInput,
  renameChatInput,
} from './schemas.ts';
import { DEFAULT_TITLE } from './title.ts';
import { pathPage } from './tree.ts';

/** Chats and their history. Every read and write checks that the chat belongs to the user. */

/** The first page at the largest size: what the spec's list of chats answers. */
export async function listChats(em: EntityManager, userId: string): Promise<Chat[]> {
  return (await chatPage(em, userId, {})).items;
}

export interface ChatPage {
  /** Pinned chats first (the latest pinned on top), then the rest most recently updated first. */
  items: Chat[];
  /** Names the page after this one; null on the last page. */
  nextCursor: string | null;
}

// The list's order as one row value, the expression chats_user_list_idx is built on.
const LIST_KEY = `(coalesce(c.pinned_at, '-infinity'::timestamptz), c.updated_at, c.id)`;

/**
 * The user's chats a page at a time: a keyset page on (pinned_at or -infinity, updated_at, id),
 * read in order from chats_user_list_idx, so the ten-thousandth chat costs what the first does.
 * A chat that changes while someone pages moves to the front: it is not seen twice.
 */
export async function chatPage(
  em: EntityManager,
  userId: string,
  input: unknown,
  max?: number,
): Promise<ChatPage> {
  const { limit, after } = parseInput(chatPageInput(max), input);
  const position = after ? decodeRankedKeyset(after, 'after') : null;
  const rows = await em.execute<
    (Record<string, unknown> & { cursor_rank: string | null; cursor_at: string; id: string })[]
  >(
    `select c.*, ${keysetAt('c.pinned_at')} as cursor_rank, ${keysetAt('c.updated_at')} as cursor_at
       from chats c
      where c.user_id = ?${position ? ` and ${LIST_KEY} < (coalesce(?::timestamptz, '-infinity'::timestamptz), ?::timestamptz, ?::uuid)` : ''}
      order by coalesce(c.pinned_at, '-infinity'::timestamptz) desc, c.updated_at desc, c.id desc
      limit ?`,
    position ? [userId, position.rank, position.at, position.id, limit + 1] : [userId, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ cursor_rank: _r, cursor_at: _a, ...row }) => em.map(Chat, row)),
    nextCursor:
      rows.length > limit && last
        ? encodeRankedKeyset({ rank: last.cursor_rank, at: last.cursor_at, id: last.id })
        : null,
  };
}

/** The chat if it is the user's; 404 otherwise (whether it exists or not is nobody else's business). */
export async function requireChat(em: EntityManager, userId: string, chatId: string): Promise<Chat> {
  return requireOwned(em, Chat, userId, chatId, 'Chat not found');
}

export async function createChat(em: EntityManager, userId: string, input: unknown): Promise<Chat> {
  const chat = newChat(em, userId, input);
  await em.flush();
  return chat;
}

/** A chat not yet written: the next flush inserts it (the send path writes it with its first messages). */
/** `persist: false` for a chat that its first prompt's statement writes (promptSave.ts). */
export function newChat(
  em: EntityManager,
  userId: string,
  input: unknown,
  options: { persist?: boolean } = {},
): Chat {
  const data = parseInput(createChatInput, input ?? {});
  const activeModel = findAssistant(data.activeModel)?.kind === 'video' ? 'gpt' : (data.activeModel ?? 'gpt');
  const now = new Date();
  return em.create(
    Chat,
    {
      id: randomUUID(),
      user: em.getReference(User, userId),
      title: data.title ?? DEFAULT_TITLE,
      activeModel,
      mode: data.mode ?? null,
      createdAt: now,
      updatedAt: now,
    },
    { persist: options.persist ?? true },
  );
}

/**
 * The user's chat, its row locked until the transaction ends (prompts sent to it at once follow
 * one another); 404 when it is not theirs. One query: ownership and lock together.
 */
export async function lockChat(em: EntityManager, userId: string, chatId: string): Promise<Chat> {
  return requireOwned(
    em,
    Chat,
    userId,
    chatId,
    'Chat not found',
    {},
    // Refreshed: a copy the request loaded earlier may be older than the locked row.
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
}

export async function renameChat(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
): Promise<Chat> {
  const { title } = parseInput(renameChatInput, input);
  const chat = await requireChat(em, userId, chatId);
  chat.title = title;
  await em.flush();
  return chat;
}

export async function deleteChat(em: EntityManager, userId: string, chatId: string): Promise<void> {
  const chat = await requireChat(em, userId, chatId);
  await em.remove(chat).flush();
}

/** The chat's current path (its versions chosen in branches.ts), its last `limit` messages, oldest first. */
export async function listMessages(
  em: EntityManager,
  userId: string,
  chatId: string,
  options: { limit?: number } = {},
): Promise<Message[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 500) || 1, 1), MESSAGE_PAGE_MAX);
  return (await messagePage(em, userId, chatId, { limit })).items;
}

export interface MessagePage {
  /** Oldest first, as a chat reads. */
  items: Message[];
  /** Names the page before these (the id of the first of them); null when these start the chat. */
  olderCursor: string | null;
}

/**
 * A chat's messages a page at a time along the path it shows (the branch chosen in branches.ts),
 * from the latest back. The latest page is the last `limit` messages of the path from the first
 * message to the chat's current one; an older page is the path above the message a cursor names,
 * which is that page's first. Each page is read from its last message upward by primary key
 * (tree.ts pathPage, one round trip with the owner check and the versions), so it costs the same however long the chat; and since a message's ancestors
 * never change, older pages stay the same while new messages are written or another version is
 * chosen.
 */
export async function messagePage(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
  max?: number,
): Promise<MessagePage> {
  const { limit, before } = parseInput(messagePageInput(max), input);
  if (!isUuid(chatId)) throw notFound(msg('Chat not found'));
  const page = await pathPage(em, { userId, chatId, before: before ?? null, limit });
  if (!page.chatFound) throw notFound(msg('Chat not found'));
  if (!page.beforeFound) throw badInput(msg('Invalid page cursor'), { field: 'before' });
  const first = page.messages[0];
  return { items: page.messages, olderCursor: first?.parentId ? first.id : null };
}

/** A message of one of the user's chats; 404 otherwise. */
export async function requireMessage(em: EntityManager, userId: string, messageId: string): Promise<Message> {
  const message = isUuid(messageId)
    ? await em.findOne(Message, { id: messageId, chat: { user: userId } }, { populate: ['chat'] })
    : null;
  if (!message) throw notFound(msg('Message not found'));
  return message;
}
