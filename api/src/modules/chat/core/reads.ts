import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnswerLiveness } from './liveness.ts';
import { Message } from './Message.ts';
import { listMessages, type MessagePage, messagePage } from './service.ts';

/**
 * The engine's reads of messages: a chat's messages as they are loaded, with answers whose writer
 * is gone ended first, and the prompt an answer replies to.
 */

/**
 * A chat's messages, for loading it: answers left `streaming` by a writer that is gone are
 * ended as interrupted first, so nobody waits for them.
 */
export async function readMessages(
  liveness: AnswerLiveness,
  em: EntityManager,
  userId: string,
  chatId: string,
  options: { limit?: number } = {},
): Promise<Message[]> {
  return settleInterrupted(liveness, em, await listMessages(em, userId, chatId, options));
}

/** A page of a chat's messages: service.ts messagePage, whatever it takes, settled the same way. */
export async function readMessagePage(
  liveness: AnswerLiveness,
  ...args: Parameters<typeof messagePage>
): Promise<MessagePage> {
  const page = await messagePage(...args);
  const [em] = args;
  await settleInterrupted(liveness, em, page.items);
  return page;
}

/** Ends the answers among these whose writer is gone (AnswerLiveness) and reloads those. */
async function settleInterrupted(
  liveness: AnswerLiveness,
  em: EntityManager,
  messages: Message[],
): Promise<Message[]> {
  const writing = messages.filter((m) => m.status === 'streaming').map((m) => m.id);
  if (writing.length === 0) return messages;
  const ended = await liveness.endIfInterrupted(writing);
  for (const message of messages) if (ended.has(message.id)) await em.refreshOrFail(message);
  return messages;
}

/**
 * The user's prompt an answer replies to: the last one before it, which is not the chat's newest
 * when an older answer is written again.
 */
export async function promptOf(em: EntityManager, chatId: string, answerId: string): Promise<Message | null> {
  const answer = await em.findOneOrFail(Message, { id: answerId });
  if (answer.parentId) return em.findOne(Message, { id: answer.parentId, role: 'user' });
  return em.findOne(
    Message,
    { chat: chatId, role: 'user', createdAt: { $lt: answer.createdAt } },
    { orderBy: { createdAt: 'desc' } },
  );
}
