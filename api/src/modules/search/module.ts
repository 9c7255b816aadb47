import { defineModule } from '../../http/module.ts';
import { searchResolvers } from './graphql.ts';
import { searchRoutes } from './rest.ts';

/** Searching one's chats and messages. */
export const searchModule = defineModule({
  name: 'search',
  uses: ['chat'],
  graphql: { sdl: ['search.graphql'], resolvers: [searchResolvers] },
  rest: { routes: [searchRoutes] },
});
