import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One codegen for both sides: typed resolvers for the api (resolvers map GraphQL types onto our
 * entities through `mappers`) and typed documents for the web app's operations.
 */
const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  ignoreNoDocuments: true,
  generates: {
    'api/src/graphql/__generated__/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context.ts#GraphQLContext',
        scalars: { DateTime: 'Date | string' },
        mappers: {
          User: '../../domain/accounts/service.ts#PublicUser',
          Chat: '../../domain/chat/Chat.ts#Chat as ChatEntity',
          Message: '../../domain/chat/Message.ts#Message as MessageEntity',
          Memory: '../../domain/memory/Memory.ts#Memory as MemoryEntity',
          VideoJob: '../../domain/video/jobs.ts#VideoJobView',
          Post: '../../domain/video/posts.ts#PostView',
          StoredFile: '../../domain/files/File.ts#StoredFile as StoredFileEntity',
          Friend: '../../domain/social/friends.ts#FriendView',
          Friendship: '../../domain/social/friends.ts#FriendshipView',
          Conversation: '../../domain/messages/service.ts#ConversationView',
          DirectMessage: '../../domain/messages/service.ts#DirectMessageView',
          Invitation: '../../domain/social/invitations.ts#InvitationView',
        },
        useIndexSignature: true,
      },
    },
    'web/src/graphql/__generated__/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/graphql/__generated__/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
  },
};
export default config;
