import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as folders from './core/service.ts';

export const foldersResolvers: Resolvers = {
  Query: {
    chatFolders: (_p, _a, ctx) => folders.listFolders(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    createChatFolder: (_p, { name }, ctx) => folders.createFolder(ctx.em, requireUserId(ctx), { name }),
    updateChatFolder: (_p, { id, input }, ctx) =>
      folders.updateFolder(ctx.em, requireUserId(ctx), id, {
        name: input.name ?? undefined,
        position: input.position ?? undefined,
      }),
    deleteChatFolder: async (_p, { id }, ctx) => {
      await folders.deleteFolder(ctx.em, requireUserId(ctx), id);
      return true;
    },
    moveChatToFolder: (_p, { chatId, folderId }, ctx) =>
      folders.moveChat(ctx.em, requireUserId(ctx), chatId, { folderId: folderId ?? null }),
    setChatPinned: (_p, { chatId, pinned }, ctx) =>
      folders.pinChat(ctx.em, requireUserId(ctx), chatId, { pinned }),
  },
  Chat: {
    folderId: (chat) =>
      chat.folder ? (typeof chat.folder === 'object' ? chat.folder.id : String(chat.folder)) : null,
    pinned: (chat) => chat.pinnedAt != null,
  },
};
