import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { textError } from '../../../platform/errors.ts';
import { msg, translate } from '../../../platform/i18n.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { StoredFile } from '../../files/core/File.ts';
import { type AskedFile, askableAmong, askableFiles } from '../../knowledge/core/retrieve.ts';
import type { Chat } from './Chat.ts';
import { MAX_ASKED_FILES } from './schemas.ts';
import { lockChat, requireChat } from './service.ts';

/** Most files a chat reads at once: as many as one message may name. */
export const MAX_CHAT_FILES = MAX_ASKED_FILES;
const tooMany = msg('A chat can read at most {max} files: remove one first');

export const setChatFilesInput = z.object({
  fileIds: z
    .array(z.string({ error: msg('File not found') }).uuid(msg('File not found')), {
      error: msg('Say which files: fileIds'),
    })
    .max(MAX_CHAT_FILES, translate('en', tooMany, { max: MAX_CHAT_FILES })),
});

/**
 * The files of My Files a chat reads, in the order they were added: those still there (a file
 * deleted since is left out). Only the chat's owner's files can be on it (setChatFiles checks).
 */
export async function chatFiles(em: EntityManager, chat: Chat): Promise<StoredFile[]> {
  const ids = chat.fileIds ?? [];
  if (ids.length === 0) return [];
  const found = await em.find(StoredFile, { id: { $in: ids }, user: chat.user });
  const byId = new Map(found.map((f) => [f.id, f]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The chat's files for its owner: 404 for anyone else's chat. */
export async function ownChatFiles(em: EntityManager, userId: string, chatId: string): Promise<StoredFile[]> {
  return chatFiles(em, await requireChat(em, userId, chatId));
}

/**
 * Sets the files a chat reads (replacing them; none to stop reading any). Each must be the
 * caller's and readable, as for a message's `fileIds` (404, 400). The chat is locked while it
 * changes, so two tabs changing it at once end as one of them left it, never over the limit.
 */
export async function setChatFiles(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
): Promise<Chat> {
  const { fileIds } = parseInput(setChatFilesInput, input);
  const ids = [...new Set(fileIds)];
  return em.transactional(async (db) => {
    const chat = await lockChat(db, userId, chatId);
    await askableFiles(db, userId, ids);
    chat.fileIds = ids.length ? ids : null;
    await db.flush();
    return chat;
  });
}

/**
 * What a prompt is grounded in: the files its message names (checked strictly: another user's is a
 * 404, an unreadable one a 400) and the files its chat reads (those still askable; one deleted or
 * failed since is left out rather than refusing the prompt). The message's come first.
 */
export async function filesForPrompt(
  em: EntityManager,
  userId: string,
  chatId: string | null,
  fileIds: string[] | undefined,
): Promise<AskedFile[]> {
  const named = fileIds?.length ? await askableFiles(em, userId, fileIds) : [];
  if (!chatId || !isUuid(chatId)) return named;
  const [row] = await em.execute<{ file_ids: string[] | null }[]>(
    'select file_ids from chats where id = ? and user_id = ?',
    [chatId, userId],
  );
  const kept = (row?.file_ids ?? []).filter((id) => !named.some((f) => f.id === id));
  return [...named, ...(kept.length ? await askableAmong(em, userId, kept) : [])];
}

/**
 * The chat's files with `added` kept too (sendMessage's `keepFiles`): the chat reads them from
 * then on. Refused past MAX_CHAT_FILES, before anything is saved or asked.
 */
export function keepFiles(chat: Chat, added: readonly string[]): void {
  const now = chat.fileIds ?? [];
  const kept = [...now, ...added.filter((id) => !now.includes(id))];
  if (kept.length > MAX_CHAT_FILES) throw textError('BAD_USER_INPUT', tooMany, { max: MAX_CHAT_FILES });
  if (kept.length !== now.length) chat.fileIds = kept;
}

/**
 * The files an answer is grounded in and whose they are, adding a custom assistant's knowledge
 * files (its owner's, still askable; customAssistant.ts). For its owner they join the prompt's
 * files; for anyone else it answers from its own files, unless the asker brought files of their
 * own, which then come first and alone: one answer reads one person's files.
 */
export async function assistantKnowledge(
  em: EntityManager,
  userId: string,
  custom: { ownerId: string; fileIds: string[] } | undefined,
  files: AskedFile[],
): Promise<{ ownerId: string; files: AskedFile[] }> {
  if (!custom?.fileIds.length) return { ownerId: userId, files };
  if (custom.ownerId !== userId && files.length) return { ownerId: userId, files };
  const extra = custom.fileIds.filter((id) => !files.some((f) => f.id === id));
  const known = extra.length ? await askableAmong(em, custom.ownerId, extra) : [];
  return { ownerId: custom.ownerId, files: [...files, ...known] };
}
