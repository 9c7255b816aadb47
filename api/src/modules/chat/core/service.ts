import { type EntityManager, LockMode, QueryOrder } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { User } from '../../accounts/core/User.ts';
import { Chat } from './Chat.ts';
import { findAssistant } from './catalogue.ts';
import { Message } from './Message.ts';
import { createChatInput, renameChatInput } from './schemas.ts';
import { DEFAULT_TITLE } from './title.ts';
import { pathTo } from './tree.ts';

/** Chats and their history. Every read and write checks that the chat belongs to the user. */

/** Pinned chats first (the latest pinned on top), then the rest most recently updated first. */
export async function listChats(em: EntityManager, userId: string): Promise<Chat[]> {
  return em.find(
    Chat,
    { user: userId },
    {
      orderBy: [{ pinnedAt: QueryOrder.DESC_NULLS_LAST }, { updatedAt: 'desc' }, { id: 'desc' }],
      limit: 500,
    },
  );
}

/** The chat if it is the user's; 404 otherwise (whether it exists or not is nobody else's business). */
export async function requireChat(em: EntityManager, userId: string, chatId: string): Promise<Chat> {
  const chat = isUuid(chatId) ? await em.findOne(Chat, { id: chatId, user: userId }) : null;
  if (!chat) throw notFound('Chat not found');
  return chat;
}

export async function createChat(em: EntityManager, userId: string, input: unknown): Promise<Chat> {
  const chat = newChat(em, userId, input);
  await em.flush();
  return chat;
}

/** A chat not yet written: the next flush inserts it (the send path writes it with its first messages). */
export function newChat(em: EntityManager, userId: string, input: unknown): Chat {
  const data = parseInput(createChatInput, input ?? {});
  const activeModel = findAssistant(data.activeModel)?.kind === 'video' ? 'gpt' : (data.activeModel ?? 'gpt');
  return em.create(Chat, {
    user: em.getReference(User, userId),
    title: data.title ?? DEFAULT_TITLE,
    activeModel,
    mode: data.mode ?? null,
  });
}

/**
 * The user's chat, its row locked until the transaction ends (prompts sent to it at once follow
 * one another); 404 when it is not theirs. One query: ownership and lock together.
 */
export async function lockChat(em: EntityManager, userId: string, chatId: string): Promise<Chat> {
  const chat = isUuid(chatId)
    ? await em.findOne(
        Chat,
        { id: chatId, user: userId },
        // Refreshed: a copy the request loaded earlier may be older than the locked row.
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      )
    : null;
  if (!chat) throw notFound('Chat not found');
  return chat;
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
  const chat = await requireChat(em, userId, chatId);
  const limit = Math.min(Math.max(options.limit ?? 500, 1), 1000);
  return pathTo(em, chat.currentMessageId ?? null, limit);
}

/** A message of one of the user's chats; 404 otherwise. */
export async function requireMessage(em: EntityManager, userId: string, messageId: string): Promise<Message> {
  const message = isUuid(messageId)
    ? await em.findOne(Message, { id: messageId, chat: { user: userId } }, { populate: ['chat'] })
    : null;
  if (!message) throw notFound('Message not found');
  return message;
}
