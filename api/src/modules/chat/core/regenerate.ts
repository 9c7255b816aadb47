import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { askableAmong, type Grounding, type Retriever } from '../../knowledge/core/retrieve.ts';
import type { AnswerJob } from './answerStream.ts';
import type { SavedAnswer } from './answerWriter.ts';
import type { Chat } from './Chat.ts';
import { defaultAssistant, findAssistant, leadingCommands } from './catalogue.ts';
import { asAssistant, usableById } from './customAssistant.ts';
import { emptyAnswer } from './emptyAnswer.ts';
import type { AnswerLiveness } from './liveness.ts';
import { type Message, Message as MessageEntity } from './Message.ts';
import { regenerationIsCharged, usedFeature } from './sendRules.ts';
import { requireMessage } from './service.ts';
import { consume } from './usage.ts';

/**
 * Writes an answer again: the retry after an error rewrites it; "regenerate" of an answer the
 * user got writes a new version beside it (the same prompt), which becomes the chat's path.
 */
export async function regenerateAnswer(
  deps: { liveness: AnswerLiveness; retriever: Retriever; start: (job: AnswerJob) => Promise<SavedAnswer> },
  em: EntityManager,
  userId: string,
  messageId: string,
): Promise<{ message: Message; finished: Promise<SavedAnswer> }> {
  const message = await requireMessage(em, userId, messageId);
  if (message.role !== 'assistant') throw badInput(msg('Only an answer can be regenerated'));
  if (message.status === 'streaming') {
    // Unless its writer is gone: then it ends as interrupted, and the retry is free.
    if ((await deps.liveness.endIfInterrupted([messageId])).size === 0)
      throw badInput(msg('This answer is still being written'));
    await em.refreshOrFail(message);
  }
  // Written again by the same custom assistant while its asker may still use it, else by the one behind it.
  const custom = message.customAssistantId ? await usableById(em, userId, message.customAssistantId) : null;
  const assistant = custom ? asAssistant(custom) : (findAssistant(message.model) ?? defaultAssistant);
  const charged = regenerationIsCharged(message.status);
  if (charged) await consume(em, userId, usedFeature(assistant));
  const chat = message.chat as Chat;
  const grounding = await groundAgain(deps.retriever, em, userId, message.parentId ?? null);
  if (charged) {
    const now = new Date();
    const version = emptyAnswer(em, chat, {
      model: message.model ?? assistant.id,
      customAssistantId: custom?.id ?? null,
      parentId: message.parentId ?? null,
      createdAt: now,
    });
    chat.currentMessageId = version.id;
    chat.updatedAt = now;
    await em.flush();
    return {
      message: version,
      finished: deps.start({
        userId,
        chat,
        messageId: version.id,
        assistant,
        charged: true,
        ...(grounding ? { grounding } : {}),
      }),
    };
  }
  message.content = '';
  message.customAssistantId = custom?.id ?? null;
  message.status = 'streaming';
  message.error = null;
  await em.flush();
  return {
    message,
    finished: deps.start({
      userId,
      chat,
      messageId: message.id,
      assistant,
      charged,
      ...(grounding ? { grounding } : {}),
    }),
  };
}

/**
 * An answer written again is grounded as its prompt was: in the files that prompt asked about (those
 * still there), their passages found again (modules/knowledge).
 */
async function groundAgain(
  retriever: Retriever,
  em: EntityManager,
  userId: string,
  promptId: string | null,
): Promise<Grounding | undefined> {
  if (!promptId) return undefined;
  const prompt = await em.findOne(MessageEntity, { id: promptId });
  if (!prompt?.fileIds?.length) return undefined;
  const files = await askableAmong(em, userId, prompt.fileIds);
  if (files.length === 0) return undefined;
  return retriever.ground(em, userId, files, leadingCommands(prompt.content).rest);
}
