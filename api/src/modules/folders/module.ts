import { defineModule } from '../../http/module.ts';
import { foldersResolvers } from './graphql.ts';
import { folderRoutes } from './rest.ts';

/** Folders the user sorts chats into. */
export const foldersModule = defineModule({
  name: 'folders',
  uses: ['accounts', 'chat'],
  // Its table's entity lives in chat (a chat is filed in a folder: chat/core/Chat.ts names it).
  graphql: {
    sdl: ['folders.graphql'],
    resolvers: [foldersResolvers],
    mappers: { ChatFolder: '../chat/core/ChatFolder.ts#ChatFolder as ChatFolderEntity' },
  },
  rest: { routes: [folderRoutes] },
});
