import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as files from './core/service.ts';
import { downloadUrlOf } from './presenters.ts';

export const filesResolvers: Resolvers = {
  Query: {
    files: (_p, _a, ctx) => files.listFiles(ctx.em, requireUserId(ctx)),
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
  },
  StoredFile: {
    uploadedAt: (f) => f.createdAt,
    downloadUrl: (f) => downloadUrlOf(f),
  },
};
