import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { askableAmong } from '../../knowledge/core/retrieve.ts';
import { assistantIds } from './catalogue.ts';
import { CUSTOM_PREFIX, usableById } from './customAssistant.ts';
import type { ChatEngine, SendResult } from './engine.ts';
import { Message } from './Message.ts';
import { editMessageInput, selectVersionInput } from './schemas.ts';
import { requireChat, requireMessage } from './service.ts';
import { isOnPathTo, latestLeafUnder, pathTo } from './tree.ts';

/**
 * Edit and resend, and switching between versions (issue 18, item 2). Messages form a tree
 * (tree.ts): an edited prompt is a sibling of the one it replaces, answered anew; a regenerated
 * answer is a sibling of the old one (ChatEngine.regenerate). The chat shows one path, from its
 * first message to `currentMessageId`, and that path is what the model is sent.
 */

/**
 * A sent prompt written again: a new version of it (same parent, same images), answered like a
 * new prompt (and counted like one), which becomes the chat's current path.
 */
export async function editMessage(
  engine: ChatEngine,
  em: EntityManager,
  userId: string,
  messageId: string,
  input: unknown,
): Promise<SendResult> {
  const original = await requireMessage(em, userId, messageId);
  const { content } = parseInput(editMessageInput, input);
  if (original.role !== 'user') throw badInput(msg('Only your own messages can be edited'));
  const model = (assistantIds as readonly string[]).includes(original.model ?? '')
    ? (original.model as (typeof assistantIds)[number])
    : undefined;
  // The files it asked about, those still there (a deleted one is not a reason to refuse the edit).
  const fileIds = original.fileIds?.length
    ? (await askableAmong(em, userId, original.fileIds)).map((f) => f.id)
    : [];
  return engine.send(
    em,
    userId,
    typeof original.chat === 'object' ? original.chat.id : String(original.chat),
    {
      content,
      // An edit goes to the custom assistant the original went to, as long as its asker may use it.
      ...(original.customAssistantId && (await usableById(em, userId, original.customAssistantId))
        ? { assistantId: `${CUSTOM_PREFIX}${original.customAssistantId}` }
        : model
          ? { assistantId: model }
          : {}),
      ...(fileIds.length ? { fileIds } : {}),
    },
    { parentId: original.parentId ?? null, images: original.images ?? [] },
  );
}

/**
 * Shows another version of a turn: the chat's path goes through `messageId` and on along its
 * newest replies. A message the shown path already goes through (a search result further up)
 * leaves the path as it is. Answers the path.
 */
export async function selectVersion(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
): Promise<Message[]> {
  const chat = await requireChat(em, userId, chatId);
  const { messageId } = parseInput(selectVersionInput, input);
  const message = await em.findOne(Message, { id: messageId, chat: chat.id });
  if (!message) throw notFound(msg('Message not found'));
  const current = chat.currentMessageId;
  if (!current || !(await isOnPathTo(em, message.id, current))) {
    chat.currentMessageId = await latestLeafUnder(em, message.id);
    await em.flush();
  }
  return pathTo(em, chat.currentMessageId ?? null, 1000);
}
