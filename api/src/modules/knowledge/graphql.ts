import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { perRequestBatch } from '../../graphql/perRequestBatch.ts';
import { type FileKnowledge, knowledgeOf, reindexFile } from './core/status.ts';

/** One query for the knowledge of every file a response lists. */
const knowledgeBatch = perRequestBatch<{ id: string }, FileKnowledge>(
  (ctx, files) =>
    knowledgeOf(
      ctx.em,
      files.map((f) => f.id),
    ),
  (f) => f.id,
);

export const knowledgeResolvers: Resolvers = {
  Mutation: {
    reindexFile: (_p, { id }, ctx) => reindexFile(ctx.em, requireUserId(ctx), id),
  },
  StoredFile: {
    knowledge: async (f, _a, ctx) =>
      (await knowledgeBatch(ctx, f)) ?? { status: 'pending', passages: 0, error: null },
  },
};
