import { setTimeout as sleep } from 'node:timers/promises';
import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as accounts from './core/service.ts';

/**
 * An event stream that never sends: it ends only when the client stops it or its socket closes
 * (sessionSockets.ts closes the sockets of an ended session). `return` answers at once, which an
 * async generator waiting on a promise that never settles would not.
 */
function openUntilClosed(): AsyncIterableIterator<never> {
  let release: ((result: IteratorResult<never>) => void) | undefined;
  const done = { done: true, value: undefined } as IteratorResult<never>;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () => new Promise((resolve) => (release = resolve)),
    return: async () => {
      release?.(done);
      return done;
    },
  };
}

/**
 * `ping` (declared with the schema's base types, schema/base.graphql) proves the signed-in
 * graphql-ws channel by naming the user, so accounts answers it.
 */
export const pingResolvers: Resolvers = {
  Subscription: {
    sessionWatch: {
      subscribe: (_parent, _args, ctx: GraphQLContext) => {
        requireUserId(ctx);
        return openUntilClosed();
      },
    },
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
