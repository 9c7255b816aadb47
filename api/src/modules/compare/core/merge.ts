import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import type { SavedAnswer } from '../../chat/core/answerWriter.ts';
import type { Chat } from '../../chat/core/Chat.ts';
import { findAssistant, leadingCommands } from '../../chat/core/catalogue.ts';
import { emptyAnswer } from '../../chat/core/emptyAnswer.ts';
import type { ChatEngine } from '../../chat/core/engine.ts';
import { Message } from '../../chat/core/Message.ts';
import { lockChat } from '../../chat/core/service.ts';
import { consume } from '../../chat/core/usage.ts';
import { CompareTurn } from './CompareTurn.ts';
import { mergePrompt } from './rules.ts';
import { mergeInput } from './schemas.ts';

/**
 * One answer written from several answers of one compare by the assistant the user picks: another
 * version of the turn (it keeps the answers it used, `mergedFrom`), now the chat's path, streamed
 * and counted like any answer. The model is asked the question with every answer beside it
 * (rules.ts mergePrompt) instead of the question alone.
 */
export async function mergeAnswers(
  engine: ChatEngine,
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<{ message: Message; finished: Promise<SavedAnswer> }> {
  const { messageIds, assistant: assistantId, chatId } = parseInput(mergeInput, input);
  if (new Set(messageIds).size !== messageIds.length) throw badInput(msg('Each answer can be merged once'));
  const assistant = findAssistant(assistantId.trim().replace(/^@/, '').toLowerCase());
  if (!assistant)
    throw textError('BAD_USER_INPUT', msg('Unknown assistant: {name}'), { name: assistantId.slice(0, 40) });
  if (assistant.kind !== 'chat')
    throw textError('BAD_USER_INPUT', msg("{command} can't merge answers: pick one that writes text"), {
      command: assistant.command,
    });

  const sources = await em.find(Message, { id: { $in: messageIds }, chat: { user: userId } });
  if (sources.length !== messageIds.length) throw notFound(msg('Message not found'));
  const promptId = sources[0]!.parentId;
  if (sources.some((m) => m.role !== 'assistant' || m.parentId !== promptId) || !promptId) {
    throw badInput(msg('Merge answers of one compare'));
  }
  const turn = await em.findOne(CompareTurn, { id: promptId, user: userId });
  if (!turn) throw badInput(msg('Merge answers of one compare'));
  if (chatId !== undefined && turn.chat.id !== chatId) throw notFound(msg('Message not found'));
  if (sources.some((m) => m.status === 'streaming'))
    throw badInput(msg('Wait until these answers are finished'));
  if (sources.some((m) => !m.content.trim())) throw badInput(msg('Merge answers that have text'));
  const prompt = await em.findOneOrFail(Message, { id: promptId });
  // In the order the compare asked them, whatever order they were picked in.
  const ordered = [...sources].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const message = await em.transactional(async (tx) => {
    const chat = await lockChat(tx, userId, turn.chat.id);
    await consume(tx, userId, 'prompts');
    const now = new Date();
    const merged = emptyAnswer(tx, chat, {
      model: assistant.id,
      parentId: promptId,
      createdAt: now,
      mergedFrom: ordered.map((m) => m.id),
    });
    chat.currentMessageId = merged.id;
    chat.activeModel = assistant.id;
    chat.updatedAt = now;
    await tx.flush();
    return merged;
  });
  const names = ordered.map((m) => ({
    name: findAssistant(m.model)?.name ?? 'Assistant',
    content: m.content,
  }));
  const finished = engine.write({
    userId,
    chat: message.chat as Chat,
    messageId: message.id,
    assistant,
    charged: true,
    prompt: mergePrompt(leadingCommands(prompt.content).rest, names, turn.blind && !turn.votedAt),
  });
  return { message, finished };
}
