import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { AppError } from '../../platform/errors.ts';
import { getImport } from './core/imports.ts';

/** The GraphQL side of import: its status (the upload itself is the REST multipart post). */
export const transferResolvers: Resolvers = {
  Query: {
    importStatus: async (_p, { id }, ctx) => {
      try {
        return await getImport(ctx.em, requireUserId(ctx), id);
      } catch (e) {
        if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
        throw e;
      }
    },
  },
};
