import type { Storage } from '../../platform/storage.ts';
import type { StoredFile } from '../files/core/File.ts';
import type { Message } from './core/Message.ts';

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

export const presentMessage = (m: Message, storage: Storage) => ({
  id: m.id,
  content: m.content,
  model: m.model ?? null,
  role: m.role,
  chatId: chatIdOf(m),
  status: m.status,
  error: m.error ?? null,
  images: imageUrlsOf(m, storage),
  createdAt: m.createdAt,
});

/** An image attached in the composer: its id goes with the message. */
export const presentChatImage = (file: StoredFile, storage: Storage) => ({
  id: file.id,
  url: storage.privateUrlOf(file.storageKey),
  name: file.name,
  contentType: file.contentType,
  size: file.size,
});
