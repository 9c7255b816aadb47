import { setTimeout as sleep } from 'node:timers/promises';
import * as accounts from '../modules/accounts/core/service.ts';
import type { Resolvers } from './__generated__/resolvers.ts';
import type { GraphQLContext } from './context.ts';
import { requireUserId } from './guards.ts';

export const baseResolvers: Resolvers = {
  Query: {
    healthy: async (_parent, _args, ctx) => {
      await ctx.em.execute('select 1');
      return true;
    },
  },
  Mutation: {
    noop: () => null,
  },
  Subscription: {
    ping: {
      subscribe: async function* (_parent, { count, intervalMs }, ctx: GraphQLContext) {
        const userId = requireUserId(ctx);
        const user = await accounts.requireUser(ctx.em, userId);
        const total = Math.min(Math.max(count ?? 3, 1), 100);
        const interval = Math.min(Math.max(intervalMs ?? 1000, 10), 10_000);
        for (let seq = 1; seq <= total; seq++) {
          if (seq > 1) await sleep(interval);
          yield { ping: { seq, username: user.username, at: new Date() } };
        }
      },
    },
  },
};
