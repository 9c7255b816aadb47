import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as prompts from './core/prompts.ts';

/** Saved prompts over GraphQL: the same operations as the REST routes (rest.ts). */
export const promptResolvers: Resolvers = {
  Query: {
    prompts: (_p, _a, ctx) => prompts.listPrompts(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    createPrompt: (_p, { input }, ctx) => prompts.createPrompt(ctx.em, requireUserId(ctx), input),
    updatePrompt: (_p, { id, input }, ctx) =>
      prompts.updatePrompt(ctx.em, requireUserId(ctx), id, {
        title: input.title ?? undefined,
        body: input.body ?? undefined,
        shared: input.shared ?? undefined,
      }),
    deletePrompt: async (_p, { id }, ctx) => {
      await prompts.deletePrompt(ctx.em, requireUserId(ctx), id);
      return true;
    },
    copyPrompt: (_p, { id }, ctx) => prompts.copyPrompt(ctx.em, requireUserId(ctx), id),
  },
};
