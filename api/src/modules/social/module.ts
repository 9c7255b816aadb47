import { defineModule } from '../../http/module.ts';
import { Conversation } from './core/Conversation.ts';
import { DirectMessage } from './core/DirectMessage.ts';
import { Friendship } from './core/Friendship.ts';
import { Invitation } from './core/Invitation.ts';
import { redeemOnRegistration } from './core/invitations.ts';
import { OutboxMessage } from './core/OutboxMessage.ts';
import { socialResolvers } from './graphql.ts';
import { socialRoutes } from './rest.ts';

/** Friends, direct messages, invitations and referrals. */
export const socialModule = defineModule({
  name: 'social',
  uses: ['accounts', 'outbox', 'jobs', 'notifications'],
  // The outbox's table: its rows may carry an invitation (outbox/ holds the code that writes and sends them).
  entities: [Friendship, Invitation, Conversation, DirectMessage, OutboxMessage],
  graphql: {
    sdl: ['social.graphql'],
    resolvers: [socialResolvers],
    mappers: {
      Friend: './core/friends.ts#FriendView',
      Friendship: './core/friends.ts#FriendshipView',
      Conversation: './core/directMessages.ts#ConversationView',
      DirectMessage: './core/directMessages.ts#DirectMessageView',
      Invitation: './core/invitations.ts#InvitationView',
    },
  },
  rest: { routes: [socialRoutes] },
  hooks: { userRegistered: redeemOnRegistration },
});
