import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import type { ChatDocument } from './core/ChatDocument.ts';
import { rewriteSelection } from './core/rewrite.ts';
import * as documents from './core/service.ts';
import { rewriteDeps } from './rewriteDeps.ts';

const idOf = (ref: { id: string } | string) => (typeof ref === 'object' ? ref.id : ref);

export const documentsResolvers: Resolvers = {
  Query: {
    document: (_p, { id }, ctx) => documents.requireDocument(ctx.em, requireUserId(ctx), id),
    documentVersions: (_p, { id, limit, before }, ctx) =>
      documents.documentVersions(ctx.em, requireUserId(ctx), id, {
        limit: limit ?? undefined,
        before: before ?? undefined,
      }),
  },
  Mutation: {
    createDocument: (_p, { input: { chatId, ...input } }, ctx) =>
      documents.createDocument(ctx.em, requireUserId(ctx), chatId, withoutNulls(input)),
    saveDocument: (_p, { id, content, baseVersion, title, reason }, ctx) =>
      documents.saveDocument(
        ctx.em,
        requireUserId(ctx),
        id,
        withoutNulls({ content, baseVersion, title, reason }),
      ),
    restoreDocumentVersion: (_p, { id, version, baseVersion }, ctx) =>
      documents.restoreDocumentVersion(
        ctx.em,
        requireUserId(ctx),
        id,
        withoutNulls({ version, baseVersion }),
      ),
    deleteDocument: async (_p, { id }, ctx) => {
      await documents.deleteDocument(ctx.em, requireUserId(ctx), id);
      return true;
    },
  },
  Subscription: {
    rewriteSelection: {
      subscribe: async function* (_p, { id, assistant, ...selection }, ctx: GraphQLContext) {
        const userId = requireUserId(ctx);
        // Ends the model's stream when the client goes away (the generator is returned).
        const abort = new AbortController();
        try {
          const stream = rewriteSelection(
            rewriteDeps(ctx.services),
            ctx.em,
            userId,
            id,
            withoutNulls({ ...selection, model: assistant }),
            abort.signal,
          );
          for (;;) {
            const step = await stream.next();
            if (step.done) {
              yield { rewriteSelection: { delta: null, proposal: step.value } };
              return;
            }
            yield { rewriteSelection: { delta: step.value, proposal: null } };
          }
        } finally {
          abort.abort();
        }
      },
    },
  },
  Chat: {
    documents: (chat, _a, ctx) => documents.listOfChat(ctx.em, chat.id),
  },
  Document: {
    chatId: (d: ChatDocument) => idOf(d.chat),
    language: (d) => d.language ?? null,
  },
  DocumentVersion: {},
};

/** GraphQL's nulls as absent fields, as the input schemas take them. */
function withoutNulls<T extends Record<string, unknown>>(input: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as never;
}
