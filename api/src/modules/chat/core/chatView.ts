import type { Chat } from './Chat.ts';

/** A chat as the REST shims answer it (spec §7), for the chat module's shims and others that return a chat. */
export const chatView = (c: Chat) => ({
  id: c.id,
  title: c.title,
  activeModel: c.activeModel,
  mode: c.mode ?? null,
  userId: typeof c.user === 'object' ? c.user.id : c.user,
  folderId: c.folder ? (typeof c.folder === 'object' ? c.folder.id : c.folder) : null,
  pinned: c.pinnedAt != null,
  /** The files of My Files it reads (chatFiles.ts; GET /api/chats/{id}/files names them). */
  fileIds: c.fileIds ?? [],
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
