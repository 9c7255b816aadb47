import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { nullWhenNotFound, requireUserId } from '../../graphql/guards.ts';
import { perRequestBatch } from '../../graphql/perRequestBatch.ts';
import { badInput } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import { editMessage, selectVersion } from './core/branches.ts';
import type { Chat } from './core/Chat.ts';
import type { AssistantId } from './core/catalogue.ts';
import { catalogueView, customEntries } from './core/catalogueView.ts';
import { chatFiles, setChatFiles } from './core/chatFiles.ts';
import { badgesOf, type CustomAssistantBadge, listedFor } from './core/customAssistant.ts';
import type { Message } from './core/Message.ts';
import * as memories from './core/memory/service.ts';
import { costEstimate } from './core/models.ts';
import type { MeteredFeature } from './core/PlanLimit.ts';
import { GRAPHQL_PAGE_MAX } from './core/schemas.ts';
import * as chats from './core/service.ts';
import { versionsOf } from './core/tree.ts';
import { allowance } from './core/usage.ts';
import { chatIdOf, imageUrlsOf } from './presenters.ts';

/**
 * The versions of a message, looked up for all the messages a request asks them of in one query,
 * instead of one query per message.
 */
const versionsBatch = perRequestBatch<Message, string[]>(
  (ctx, asked) => versionsOf(ctx.em, asked),
  (m) => m.id,
);
/** The custom assistants messages and chats name, for all of a request's in one query. */
const badgeBatch = perRequestBatch<string, CustomAssistantBadge>(
  (ctx, ids) => badgesOf(ctx.em, ids),
  (id) => id,
);
const badgeOf = async (ctx: GraphQLContext, id: string | null | undefined) =>
  id ? ((await badgeBatch(ctx, id)) ?? null) : null;

const siblingIdsOf = async (ctx: GraphQLContext, m: Message): Promise<string[]> =>
  (await versionsBatch(ctx, m)) ?? [m.id];

async function messagePageOf(
  ctx: GraphQLContext,
  chatId: string,
  last: number | null | undefined,
  before: string | null | undefined,
) {
  const page = await ctx.services.chat.messagePage(
    ctx.em,
    requireUserId(ctx),
    chatId,
    { limit: last ?? undefined, before: before ?? undefined },
    GRAPHQL_PAGE_MAX,
  );
  return { messages: page.items, olderCursor: page.olderCursor };
}

const features: MeteredFeature[] = ['prompts', 'image_analysis', 'image_generation', 'videos'];

export const chatResolvers: Resolvers = {
  Query: {
    catalogue: async (_p, _a, ctx) => {
      const view = catalogueView(ctx.services.profiles);
      // A signed-in person's own and friends' custom assistants follow the nine.
      const custom = ctx.userId ? customEntries(await listedFor(ctx.em, ctx.userId), view.assistants) : [];
      return {
        ...view,
        assistants: [...view.assistants, ...custom].map((a) => ({ ...a, starters: a.starters ?? [] })),
        webSearch: ctx.services.chat.webSearchEnabled,
      };
    },
    memories: (_p, _a, ctx) => memories.listMemories(ctx.em, requireUserId(ctx)),
    chats: (_p, _a, ctx) => chats.listChats(ctx.em, requireUserId(ctx)),
    chatPage: async (_p, { first, after }, ctx) => {
      const page = await chats.chatPage(
        ctx.em,
        requireUserId(ctx),
        { limit: first ?? undefined, after: after ?? undefined },
        GRAPHQL_PAGE_MAX,
      );
      return { chats: page.items, nextCursor: page.nextCursor };
    },
    chat: (_p, { id }, ctx) => nullWhenNotFound(chats.requireChat(ctx.em, requireUserId(ctx), id)),
    messages: (_p, { chatId, limit }, ctx) =>
      ctx.services.chat.listMessages(ctx.em, requireUserId(ctx), chatId, { limit: limit ?? undefined }),
    messagePage: (_p, { chatId, last, before }, ctx) => messagePageOf(ctx, chatId, last, before),
    allowance: async (_p, { feature }, ctx) => {
      if (!features.includes(feature as MeteredFeature)) throw badInput(msg('Unknown feature'));
      return { feature, ...(await allowance(ctx.em, requireUserId(ctx), feature as MeteredFeature)) };
    },
  },
  Mutation: {
    createChat: (_p, { input }, ctx) => chats.createChat(ctx.em, requireUserId(ctx), input ?? {}),
    renameChat: (_p, { id, title }, ctx) => chats.renameChat(ctx.em, requireUserId(ctx), id, { title }),
    deleteChat: async (_p, { id }, ctx) => {
      await chats.deleteChat(ctx.em, requireUserId(ctx), id);
      return true;
    },
    sendMessage: async (_p, { input }, ctx) => {
      const { chatId, ...rest } = input;
      const result = await ctx.services.chat.send(ctx.em, requireUserId(ctx), chatId ?? null, rest);
      return result;
    },
    stopGeneration: (_p, { messageId }, ctx) => ctx.services.chat.stop(ctx.em, requireUserId(ctx), messageId),
    editMessage: (_p, { messageId, content }, ctx) =>
      editMessage(ctx.services.chat, ctx.em, requireUserId(ctx), messageId, { content }),
    selectMessageVersion: (_p, { chatId, messageId }, ctx) =>
      selectVersion(ctx.em, requireUserId(ctx), chatId, { messageId }),
    setChatFiles: (_p, { chatId, fileIds }, ctx) =>
      setChatFiles(ctx.em, requireUserId(ctx), chatId, { fileIds }),
    regenerate: async (_p, { messageId }, ctx) =>
      (await ctx.services.chat.regenerate(ctx.em, requireUserId(ctx), messageId)).message,
    deleteMemory: async (_p, { id }, ctx) => {
      await memories.deleteMemory(ctx.em, requireUserId(ctx), id);
      return true;
    },
  },
  Subscription: {
    answerStream: {
      subscribe: async function* (_p, { messageId }, ctx: GraphQLContext) {
        for await (const event of ctx.services.chat.events(() => ctx.em, requireUserId(ctx), messageId)) {
          yield { answerStream: event };
        }
      },
    },
  },
  Chat: {
    mode: (chat) => chat.mode ?? null,
    messages: (chat: Chat, { limit }, ctx) =>
      ctx.services.chat.listMessages(ctx.em, requireUserId(ctx), chat.id, { limit: limit ?? undefined }),
    messagePage: (chat: Chat, { last, before }, ctx) => messagePageOf(ctx, chat.id, last, before),
    files: (chat: Chat, _a, ctx) => chatFiles(ctx.em, chat),
    activeCustomAssistant: (chat: Chat, _a, ctx) => badgeOf(ctx, chat.activeCustomAssistantId),
  },
  Message: {
    chatId: (m) => chatIdOf(m),
    model: (m) => m.model ?? null,
    error: (m) => m.error ?? null,
    parentId: (m) => m.parentId ?? null,
    tokens: (m) => m.tokens ?? null,
    modelName: (m) => m.modelName ?? null,
    ttftMs: (m) => m.ttftMs ?? null,
    totalMs: (m) => m.totalMs ?? null,
    sources: (m) => m.sources ?? [],
    fileIds: (m) => m.fileIds ?? [],
    costEstimate: (m, _a, ctx) =>
      m.role === 'assistant'
        ? costEstimate(m.tokens, ctx.services.profiles.get(m.model as AssistantId))
        : null,
    siblingIds: (m, _a, ctx) => siblingIdsOf(ctx, m),
    customAssistant: (m, _a, ctx) => badgeOf(ctx, m.customAssistantId),
    images: (m, _a, ctx) => imageUrlsOf(m, ctx.services.storage),
  },
};
