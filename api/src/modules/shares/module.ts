import { defineModule } from '../../http/module.ts';
import { ChatShare } from './core/ChatShare.ts';
import { sharesResolvers } from './graphql.ts';
import { sharePageSourceOf, sharePages } from './http/pages.ts';
import { shareRoutes } from './rest.ts';
import { sharesSettings } from './settings.ts';

/** Read-only links to a chat, and the public page they open. */
export const sharesModule = defineModule({
  name: 'shares',
  uses: ['accounts', 'chat', 'documents', 'knowledge'],
  entities: [ChatShare],
  settings: sharesSettings,
  graphql: {
    sdl: ['shares.graphql'],
    resolvers: [sharesResolvers],
    mappers: {
      ChatShare: './core/ChatShare.ts#ChatShare as ChatShareEntity',
      SharedChat: './core/service.ts#SharedChatView',
    },
  },
  rest: { routes: [shareRoutes] },
  web: { pageSource: sharePageSourceOf, pages: sharePages },
});
