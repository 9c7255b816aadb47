import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../../platform/errors.ts';
import type { AnswerJob } from './answerStream.ts';
import type { SavedAnswer } from './answerWriter.ts';
import type { Chat } from './Chat.ts';
import { defaultAssistant, findAssistant } from './catalogue.ts';
import { emptyAnswer } from './emptyAnswer.ts';
import type { AnswerLiveness } from './liveness.ts';
import type { Message } from './Message.ts';
import { regenerationIsCharged, usedFeature } from './sendRules.ts';
import { requireMessage } from './service.ts';
import { consume } from './usage.ts';

/**
 * Writes an answer again: the retry after an error rewrites it; "regenerate" of an answer the
 * user got writes a new version beside it (the same prompt), which becomes the chat's path.
 */
export async function regenerateAnswer(
  deps: { liveness: AnswerLiveness; start: (job: AnswerJob) => Promise<SavedAnswer> },
  em: EntityManager,
  userId: string,
  messageId: string,
): Promise<{ message: Message; finished: Promise<SavedAnswer> }> {
  const message = await requireMessage(em, userId, messageId);
  if (message.role !== 'assistant') throw badInput('Only an answer can be regenerated');
  if (message.status === 'streaming') {
    // Unless its writer is gone: then it ends as interrupted, and the retry is free.
    if ((await deps.liveness.endIfInterrupted([messageId])).size === 0)
      throw badInput('This answer is still being written');
    await em.refreshOrFail(message);
  }
  const assistant = findAssistant(message.model) ?? defaultAssistant;
  const charged = regenerationIsCharged(message.status);
  if (charged) await consume(em, userId, usedFeature(assistant));
  const chat = message.chat as Chat;
  if (charged) {
    const now = new Date();
    const version = emptyAnswer(em, chat, {
      model: message.model ?? assistant.id,
      parentId: message.parentId ?? null,
      createdAt: now,
    });
    chat.currentMessageId = version.id;
    chat.updatedAt = now;
    await em.flush();
    return {
      message: version,
      finished: deps.start({ userId, chat, messageId: version.id, assistant, charged: true }),
    };
  }
  message.content = '';
  message.status = 'streaming';
  message.error = null;
  await em.flush();
  return { message, finished: deps.start({ userId, chat, messageId: message.id, assistant, charged }) };
}
