import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { perRequestBatch } from '../../graphql/perRequestBatch.ts';
import { notFound } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import {
  answerCallsChannel,
  callsByAnswer,
  decideCall,
  listCalls,
  ownsMessage,
  type ToolCallView,
} from './core/calls.ts';
import { startAuthorization } from './core/oauth.ts';
import { createServer, deleteServer, listServers, updateServer } from './core/servers.ts';
import { listServerTools } from './core/serverTools.ts';

const callsBatch = perRequestBatch<string, ToolCallView[]>(
  (ctx, ids) => callsByAnswer(ctx.em, ctx.userId!, ids),
  (id) => id,
);

/** The tools page's and the answers' reads and changes: the same services as the REST shims (rest.ts). */
export const toolResolvers: Resolvers = {
  Query: {
    mcpServers: (_p, _a, ctx) => listServers(ctx.em, requireUserId(ctx)),
    mcpServerTools: async (_p, { id }, ctx) =>
      (await listServerTools(ctx.em, ctx.services.tools, requireUserId(ctx), id)).map((t) => ({
        ...t,
        inputSchema: JSON.stringify(t.inputSchema),
      })),
  },
  Mutation: {
    createMcpServer: (_p, { input }, ctx) =>
      createServer(ctx.em, ctx.services.tools, requireUserId(ctx), input),
    updateMcpServer: (_p, { id, input }, ctx) => updateServer(ctx.em, requireUserId(ctx), id, input),
    deleteMcpServer: async (_p, { id }, ctx) => {
      await deleteServer(ctx.em, requireUserId(ctx), id);
      return true;
    },
    approveToolCall: (_p, { id, trust }, ctx) =>
      decideCall(ctx.em, ctx.services.pubsub, requireUserId(ctx), id, 'approve', { trust: trust === true }),
    authorizeMcpServer: (_p, { id }, ctx) =>
      startAuthorization(ctx.em, ctx.services.tools, requireUserId(ctx), id),
    refuseToolCall: (_p, { id }, ctx) =>
      decideCall(ctx.em, ctx.services.pubsub, requireUserId(ctx), id, 'refuse'),
  },
  Subscription: {
    answerToolCalls: {
      subscribe: async function* (_p, { messageId }, ctx: GraphQLContext) {
        const userId = requireUserId(ctx);
        if (!(await ownsMessage(ctx.em, userId, messageId))) throw notFound(msg('Message not found'));
        // Each change wakes the loop, which reads the calls whole (a handful at most).
        let wake: () => void = () => {};
        let changed = true;
        const unsubscribe = await ctx.services.pubsub.subscribe(answerCallsChannel(messageId), () => {
          changed = true;
          wake();
        });
        try {
          while (true) {
            if (!changed) await new Promise<void>((resolve) => (wake = resolve));
            changed = false;
            yield { answerToolCalls: await listCalls(ctx.em.fork(), userId, messageId) };
          }
        } finally {
          await unsubscribe();
        }
      },
    },
  },
  Message: {
    // Only answers make calls: prompts need no query; a page of answers needs one.
    toolCalls: async (m, _a, ctx) =>
      ctx.userId && m.role === 'assistant' ? ((await callsBatch(ctx, m.id)) ?? []) : [],
  },
};
