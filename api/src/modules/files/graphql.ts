import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as folders from './core/folders.ts';
import * as files from './core/service.ts';
import { downloadUrlOf } from './presenters.ts';

export const filesResolvers: Resolvers = {
  Query: {
    files: async (_p, _a, ctx) =>
      (await files.filePage(ctx.em, requireUserId(ctx), {}, { max: 1000, fallback: 1000 })).files,
    filePage: (_p, { first, after, folderId }, ctx) =>
      files.filePage(ctx.em, requireUserId(ctx), {
        limit: first ?? undefined,
        after: after ?? undefined,
        folderId: folderId ?? undefined,
      }),
    fileFolders: (_p, _a, ctx) => folders.listFileFolders(ctx.em, requireUserId(ctx)),
    storageUsage: async (_p, _a, ctx) => ({
      ...(await files.storageUsage(ctx.em, requireUserId(ctx))),
      maxUploadBytes: ctx.services.config.FILE_UPLOAD_MAX_BYTES,
    }),
  },
  Mutation: {
    deleteFile: async (_p, { id }, ctx) => {
      await files.deleteFile(ctx.em, ctx.services.storage, requireUserId(ctx), id);
      return true;
    },
    createFileFolder: (_p, { name }, ctx) => folders.createFileFolder(ctx.em, requireUserId(ctx), { name }),
    renameFileFolder: (_p, { id, name }, ctx) =>
      folders.renameFileFolder(ctx.em, requireUserId(ctx), id, { name }),
    deleteFileFolder: async (_p, { id }, ctx) => {
      await folders.deleteFileFolder(ctx.em, requireUserId(ctx), id);
      return true;
    },
    moveFileToFolder: (_p, { fileId, folderId }, ctx) =>
      folders.moveFileToFolder(ctx.em, requireUserId(ctx), fileId, { folderId: folderId ?? null }),
  },
  StoredFile: {
    uploadedAt: (f) => f.createdAt,
    downloadUrl: (f) => downloadUrlOf(f),
    folderId: (f) => folders.folderIdOf(f),
  },
};
