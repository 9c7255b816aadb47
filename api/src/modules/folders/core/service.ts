import type { EntityData, EntityManager } from '@mikro-orm/postgresql';
import { textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';
import { Chat } from '../../chat/core/Chat.ts';
import { ChatFolder } from '../../chat/core/ChatFolder.ts';
import { requireChat } from '../../chat/core/service.ts';
import { createFolderInput, moveChatInput, pinChatInput, updateFolderInput } from './schemas.ts';

/** Folders and pins of a user's chats. Every read and write checks ownership; someone else's → 404. */

/** Folders per user: the sidebar lists them all. */
export const FOLDERS_PER_USER = 100;

/** The user's folders in sidebar order. */
export async function listFolders(em: EntityManager, userId: string): Promise<ChatFolder[]> {
  return em.find(ChatFolder, { user: userId }, { orderBy: { position: 'asc', createdAt: 'asc', id: 'asc' } });
}

export async function requireFolder(
  em: EntityManager,
  userId: string,
  folderId: string,
): Promise<ChatFolder> {
  return requireOwned(em, ChatFolder, userId, folderId, msg('Folder not found'));
}

/**
 * A new folder at the end of the list. The user's row is locked while counting, so parallel creates
 * at the cap cannot all see room for one more.
 */
export async function createFolder(em: EntityManager, userId: string, input: unknown): Promise<ChatFolder> {
  const { name } = parseInput(createFolderInput, input);
  return em.transactional(async (tem) => {
    await tem.execute('select id from users where id = ? for update', [userId]);
    const [row] = await tem.execute<{ count: string; next: number | null }[]>(
      'select count(*) as count, max(position) + 1 as next from chat_folders where user_id = ?',
      [userId],
    );
    if (Number(row?.count ?? 0) >= FOLDERS_PER_USER) {
      throw textError('CONFLICT', msg('You can have at most {max} folders: delete one to make another'), {
        max: FOLDERS_PER_USER,
      });
    }
    const folder = tem.create(ChatFolder, {
      user: tem.getReference(User, userId),
      name,
      position: Number(row?.next ?? 0),
    });
    await tem.flush();
    return folder;
  });
}

export async function updateFolder(
  em: EntityManager,
  userId: string,
  folderId: string,
  input: unknown,
): Promise<ChatFolder> {
  const folder = await requireFolder(em, userId, folderId);
  const data = parseInput(updateFolderInput, input);
  if (data.name !== undefined) folder.name = data.name;
  if (data.position !== undefined) folder.position = data.position;
  await em.flush();
  return folder;
}

/** Deletes the folder; its chats stay, in no folder (the foreign key sets them null). */
export async function deleteFolder(em: EntityManager, userId: string, folderId: string): Promise<void> {
  const folder = await requireFolder(em, userId, folderId);
  await em.remove(folder).flush();
}

/**
 * Loads one of the user's chats (404 otherwise), sets what `change` answers (nothing when it answers
 * null) and answers the chat as saved. A native update, not a flush: filing and pinning must not
 * change when the chat was last updated, since the sidebar's recency is about the conversation.
 */
async function updateOwnChat(
  em: EntityManager,
  userId: string,
  chatId: string,
  change: (chat: Chat) => Promise<EntityData<Chat> | null>,
): Promise<Chat> {
  const chat = await requireChat(em, userId, chatId);
  const data = await change(chat);
  if (data) await em.nativeUpdate(Chat, { id: chat.id, user: userId }, data);
  return em.refreshOrFail(chat);
}

/** Puts one of the user's chats in one of their folders, or in none (null). */
export async function moveChat(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
): Promise<Chat> {
  return updateOwnChat(em, userId, chatId, async () => {
    const { folderId } = parseInput(moveChatInput, input);
    const folder = folderId === null ? null : await requireFolder(em, userId, folderId);
    return { folder: folder?.id ?? null };
  });
}

/** Pins (now) or unpins one of the user's chats; pinned chats come first, the latest pinned on top. */
export async function pinChat(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
): Promise<Chat> {
  return updateOwnChat(em, userId, chatId, async (chat) => {
    const { pinned } = parseInput(pinChatInput, input);
    return pinned === (chat.pinnedAt != null) ? null : { pinnedAt: pinned ? new Date() : null };
  });
}
