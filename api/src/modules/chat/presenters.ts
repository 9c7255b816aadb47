import type { EntityManager } from '@mikro-orm/postgresql';
import type { Storage } from '../../platform/storage.ts';
import type { StoredFile } from '../files/core/File.ts';
import type { SavedAnswer } from './core/answerWriter.ts';
import type { SendResult } from './core/engine.ts';
import { Message } from './core/Message.ts';
import { versionsOf } from './core/tree.ts';

/**
 * How a chat and its messages are shown: the REST shims answer these shapes (the spec's), and the
 * GraphQL Chat and Message fields use the same pieces, so the two surfaces cannot drift apart.
 */
export const chatIdOf = (m: Message): string => (typeof m.chat === 'object' ? m.chat.id : String(m.chat));

/** A message's attached images, as URLs only their owner can open. */
export const imageUrlsOf = (m: Message, storage: Storage): string[] =>
  (m.images ?? []).map((key) => storage.privateUrlOf(key));

/** A chat (its view lives in core/ so other modules that return a chat show it the same way). */
export { chatView as presentChat } from './core/chatView.ts';

/** A message; with `versions` (versionsOf), its versions too (the REST shims always pass them). */
export const presentMessage = (m: Message, storage: Storage, versions?: Map<string, string[]>) => ({
  id: m.id,
  content: m.content,
  model: m.model ?? null,
  customAssistantId: m.customAssistantId ?? null,
  role: m.role,
  chatId: chatIdOf(m),
  status: m.status,
  error: m.error ?? null,
  images: imageUrlsOf(m, storage),
  parentId: m.parentId ?? null,
  siblingIds: versions?.get(m.id) ?? [m.id],
  tokens: m.tokens ?? null,
  modelName: m.modelName ?? null,
  sources: m.sources ?? [],
  fileIds: m.fileIds ?? [],
  createdAt: m.createdAt,
});

/** Messages with their versions (`parentId`, `siblingIds`), looked up in one query for all. */
export async function presentMessages(em: EntityManager, storage: Storage, messages: Message[]) {
  const versions = await versionsOf(em, messages);
  return messages.map((m) => presentMessage(m, storage, versions));
}

/**
 * The answer once it is finished, as saved: the writer answers only its ending, and the entity the
 * request holds is the empty one the send made.
 */
export async function finishedAnswer(em: EntityManager, finished: Promise<SavedAnswer>): Promise<Message> {
  const { id } = await finished;
  // A fresh unit of work: the request's holds the answer as the send made it.
  return em.fork().findOneOrFail(Message, { id });
}

/** What a send (and an edit, which is one) answers once the answer is finished. */
export async function presentSend(em: EntityManager, storage: Storage, result: SendResult) {
  const aiMessage = await finishedAnswer(em, result.finished);
  const [userMessage, answer] = await presentMessages(em, storage, [result.userMessage, aiMessage]);
  return {
    userMessage,
    aiMessage: answer,
    modelChanged: result.modelChanged,
    activeModel: result.activeModel,
    activeCustomAssistantId: result.activeCustomAssistantId,
  };
}

/** An image attached in the composer: its id goes with the message. */
export const presentChatImage = (file: StoredFile, storage: Storage) => ({
  id: file.id,
  url: storage.privateUrlOf(file.storageKey),
  name: file.name,
  contentType: file.contentType,
  size: file.size,
});
