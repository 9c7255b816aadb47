import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { usageMonth } from './core/month.ts';
import { pricesFrom } from './core/prices.ts';
import { usageOf } from './core/usage.ts';

/** usage(month): the same service as GET /api/usage. */
export const usageResolvers: Resolvers = {
  Query: {
    usage: (_p, { month }, ctx) => {
      const userId = requireUserId(ctx);
      return usageOf(ctx.em, userId, usageMonth(month), pricesFrom(ctx.services.config));
    },
  },
};
