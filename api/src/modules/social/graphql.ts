import type { Resolvers, ResolversTypes } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { nullWhenNotFound, requireUserId } from '../../graphql/guards.ts';
import * as dms from './core/directMessages.ts';
import { socialEventsOf } from './core/events.ts';
import * as friends from './core/friends.ts';
import * as invitations from './core/invitations.ts';

const deps = (ctx: GraphQLContext) => ({ config: ctx.services.config });

export const socialResolvers: Resolvers = {
  Query: {
    friends: (_p, _a, ctx) => friends.listFriends(ctx.em, requireUserId(ctx)),
    friendships: (_p, _a, ctx) => friends.listFriendships(ctx.em, requireUserId(ctx)),
    conversations: (_p, { search }, ctx) => dms.listConversations(ctx.em, requireUserId(ctx), { search }),
    conversation: (_p, { id }, ctx) => nullWhenNotFound(dms.getConversation(ctx.em, requireUserId(ctx), id)),
    directMessages: (_p, { conversationId, before, limit }, ctx) =>
      dms.listDirectMessages(ctx.em, requireUserId(ctx), conversationId, { before, limit }),
    unreadMessageCount: (_p, _a, ctx) => dms.unreadTotal(ctx.em, requireUserId(ctx)),
    invitations: (_p, _a, ctx) => invitations.listInvitations(ctx.em, requireUserId(ctx)),
    referrals: (_p, _a, ctx) => invitations.referralSummary(ctx.em, requireUserId(ctx)),
    invitePreview: (_p, { token }, ctx) => nullWhenNotFound(invitations.previewInvitation(ctx.em, token)),
  },
  Mutation: {
    sendFriendRequest: (_p, { username }, ctx) =>
      friends.sendFriendRequest(ctx.em, requireUserId(ctx), { username }),
    acceptFriendRequest: (_p, { id }, ctx) =>
      friends.answerFriendRequest(ctx.em, requireUserId(ctx), id, 'accepted'),
    declineFriendRequest: (_p, { id }, ctx) =>
      friends.answerFriendRequest(ctx.em, requireUserId(ctx), id, 'declined'),
    removeFriend: async (_p, { friendId }, ctx) => {
      await friends.removeFriend(ctx.em, requireUserId(ctx), friendId);
      return true;
    },
    openConversation: (_p, { friendId }, ctx) => dms.openConversation(ctx.em, requireUserId(ctx), friendId),
    sendDirectMessage: (_p, { conversationId, content }, ctx) =>
      dms.sendDirectMessage(ctx.em, requireUserId(ctx), conversationId, { content }),
    markConversationRead: (_p, { conversationId }, ctx) =>
      dms.markConversationRead(ctx.em, requireUserId(ctx), conversationId),
    generateInvitation: (_p, { type }, ctx) =>
      invitations.generateInvitation(ctx.em, requireUserId(ctx), { type: type ?? 'app' }),
    sendEmailInvitation: (_p, { email }, ctx) =>
      invitations.sendEmailInvitation(ctx.em, requireUserId(ctx), { email }, deps(ctx)),
    sendSmsInvitation: (_p, { phoneNumber, message }, ctx) =>
      invitations.sendSmsInvitation(ctx.em, requireUserId(ctx), { phoneNumber, message }, deps(ctx)),
  },
  Subscription: {
    socialEvents: {
      subscribe: async function* (_p, _a, ctx: GraphQLContext) {
        const userId = requireUserId(ctx);
        for await (const event of socialEventsOf(ctx.services.pubsub, userId)) {
          // A fresh EntityManager per event: the connection's context lives for hours.
          const em = ctx.services.orm.em.fork();
          let out: ResolversTypes['SocialEvent'] | null = null;
          if (event.event === 'friend') {
            out = {
              kind: `friend_${event.kind}`,
              friendshipId: event.friendshipId,
              friend: await friends.friendView(em, event.byUserId),
            };
          } else if (event.kind === 'message') {
            const message = await dms.getDirectMessage(em, userId, event.messageId);
            // Who wrote it, so a notification can name them (the sender's own tabs get it too).
            if (message)
              out = {
                kind: 'message',
                conversationId: event.conversationId,
                message,
                friend: await friends.friendView(em, message.senderId),
              };
          } else {
            out = { kind: 'read', conversationId: event.conversationId };
          }
          if (out) yield { socialEvents: out };
        }
      },
    },
  },
  Friend: {
    online: (f) => friends.isOnline(f),
  },
};
