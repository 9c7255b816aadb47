import type { Resolvers } from './__generated__/resolvers.ts';

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
};
