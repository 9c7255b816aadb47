import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { searchChats } from './core/service.ts';

export const searchResolvers: Resolvers = {
  Query: {
    search: (_p, { query, limit, perChat }, ctx) =>
      searchChats(ctx.em, requireUserId(ctx), {
        query,
        limit: limit ?? undefined,
        perChat: perChat ?? undefined,
      }),
  },
};
