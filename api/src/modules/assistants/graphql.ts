import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as assistants from './core/assistants.ts';

/** GraphQL leaves nulls where REST leaves fields out: both read "not given" in the rules. */
const given = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

/** Custom assistants over GraphQL: the same operations as the REST routes (rest.ts). */
export const assistantResolvers: Resolvers = {
  Query: {
    customAssistants: (_p, _a, ctx) => assistants.listAssistants(ctx.em, requireUserId(ctx)),
    assistantDirectory: (_p, { cursor, q }, ctx) =>
      assistants.assistantDirectory(ctx.em, ctx.userId ?? null, { cursor, q }),
    customAssistant: (_p, { ref }, ctx) => assistants.getAssistant(ctx.em, ctx.userId ?? null, ref),
  },
  Mutation: {
    createCustomAssistant: (_p, { input }, ctx) =>
      assistants.createAssistant(ctx.em, requireUserId(ctx), given(input)),
    updateCustomAssistant: (_p, { id, input }, ctx) =>
      assistants.updateAssistant(ctx.em, requireUserId(ctx), id, given(input)),
    deleteCustomAssistant: async (_p, { id }, ctx) => {
      await assistants.deleteAssistant(ctx.em, requireUserId(ctx), id);
      return true;
    },
    copyCustomAssistant: (_p, { id }, ctx) => assistants.copyAssistant(ctx.em, requireUserId(ctx), id),
  },
};
