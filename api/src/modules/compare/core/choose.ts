import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid } from '../../../platform/validation.ts';
import type { Chat } from '../../chat/core/Chat.ts';
import { findAssistant } from '../../chat/core/catalogue.ts';
import { requireMessage } from '../../chat/core/service.ts';
import { isOnPathTo, latestLeafUnder } from '../../chat/core/tree.ts';

/**
 * Continues a chat from one answer of a turn (a compare's column, or any version): the chat's path
 * goes through it (on along its newest replies, if it has any), and its assistant answers the next
 * prompt unless that prompt names another. The other answers stay versions of the turn.
 */
export async function chooseAnswer(em: EntityManager, userId: string, messageId: string): Promise<Chat> {
  if (typeof messageId !== 'string' || !isUuid(messageId)) throw notFound(msg('Message not found'));
  const message = await requireMessage(em, userId, messageId);
  if (message.role !== 'assistant') throw badInput(msg('Only an answer can be chosen'));
  const chat = message.chat as Chat;
  const current = chat.currentMessageId;
  if (!current || !(await isOnPathTo(em, message.id, current))) {
    chat.currentMessageId = await latestLeafUnder(em, message.id);
  }
  if (findAssistant(message.model)?.kind === 'chat') {
    chat.activeModel = message.model!;
    chat.activeCustomAssistantId = message.customAssistantId ?? null;
  }
  chat.updatedAt = new Date();
  await em.flush();
  return chat;
}
