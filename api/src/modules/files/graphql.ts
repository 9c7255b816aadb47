import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as files from './core/service.ts';
import { downloadUrlOf } from './presenters.ts';

export const filesResolvers: Resolvers = {
  Query: {
    files: async (_p, _a, ctx) =>
      (await files.filePage(ctx.em, requireUserId(ctx), {}, { max: 1000, fallback: 1000 })).files,
    filePage: (_p, { first, after }, ctx) =>
      files.filePage(ctx.em, requireUserId(ctx), { limit: first ?? undefined, after: after ?? undefined }),
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
