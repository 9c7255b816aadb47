import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { linkOriginOf } from '../../http/linkOrigin.ts';
import { AppError } from '../../platform/errors.ts';
import { shareContinueLimiter } from './core/continueLimit.ts';
import * as shares from './core/service.ts';

export const sharesResolvers: Resolvers = {
  Query: {
    chatShares: (_p, { chatId }, ctx) => shares.listShares(ctx.em, requireUserId(ctx), chatId),
    sharedChat: async (_p, { token }, ctx) => {
      try {
        return shares.sharedChatView(await shares.requireShare(ctx.em, token), ctx.services.storage);
      } catch (e) {
        if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
        throw e;
      }
    },
  },
  Mutation: {
    createChatShare: (_p, { chatId }, ctx) => shares.createShare(ctx.em, requireUserId(ctx), chatId),
    revokeChatShare: async (_p, { token }, ctx) => {
      await shares.revokeShare(ctx.em, requireUserId(ctx), token);
      return true;
    },
    continueSharedChat: async (_p, { token }, ctx) => {
      const userId = requireUserId(ctx);
      await shareContinueLimiter(ctx.services).consume(userId);
      return shares.continueShare(ctx.em, ctx.services.storage, userId, token);
    },
    sendChatShare: (_p, { token, friendId }, ctx) =>
      shares.sendShareToFriend(
        ctx.em,
        requireUserId(ctx),
        token,
        { friendId },
        linkOriginOf(ctx.services.config, ctx.req),
      ),
  },
  ChatShare: {
    url: (share, _a, ctx) => `${linkOriginOf(ctx.services.config, ctx.req)}${shares.sharePath(share.token)}`,
    messageCount: (share) => share.messages.length,
  },
};
