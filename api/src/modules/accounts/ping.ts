import { setTimeout as sleep } from 'node:timers/promises';
import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as accounts from './core/service.ts';

/**
 * `ping` (declared with the schema's base types, schema/base.graphql) proves the signed-in
 * graphql-ws channel by naming the user, so accounts answers it.
 */
export const pingResolvers: Resolvers = {
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
