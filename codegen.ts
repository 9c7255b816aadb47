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
          User: '../../modules/accounts/core/service.ts#PublicUser',
          Chat: '../../modules/chat/core/Chat.ts#Chat as ChatEntity',
          Message: '../../modules/chat/core/Message.ts#Message as MessageEntity',
          Memory: '../../modules/chat/core/memory/Memory.ts#Memory as MemoryEntity',
          VideoJob: '../../modules/video/core/jobs.ts#VideoJobView',
          Post: '../../modules/video/core/posts.ts#PostView',
          StoredFile: '../../modules/files/core/File.ts#StoredFile as StoredFileEntity',
          Friend: '../../modules/social/core/friends.ts#FriendView',
          Friendship: '../../modules/social/core/friends.ts#FriendshipView',
          Conversation: '../../modules/social/core/directMessages.ts#ConversationView',
          DirectMessage: '../../modules/social/core/directMessages.ts#DirectMessageView',
          Invitation: '../../modules/social/core/invitations.ts#InvitationView',
          ChatShare: '../../modules/shares/core/ChatShare.ts#ChatShare as ChatShareEntity',
          ChatFolder: '../../modules/folders/core/ChatFolder.ts#ChatFolder as ChatFolderEntity',
          SharedChat: '../../modules/shares/core/service.ts#SharedChatView',
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
