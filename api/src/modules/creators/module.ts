import { defineModule } from '../../http/module.ts';
import { Follow } from './core/Follow.ts';
import { tellFollowers } from './core/follows.ts';
import { creatorsResolvers } from './graphql.ts';
import { creatorPageSourceOf, creatorPages } from './http/pages.ts';
import { creatorRoutes } from './rest.ts';

/** Creators: public profiles (/u/{username}), following them, and the Following feed. */
export const creatorsModule = defineModule({
  name: 'creators',
  uses: ['accounts', 'video', 'notifications'],
  entities: [Follow],
  graphql: {
    sdl: ['creators.graphql'],
    resolvers: [creatorsResolvers],
    mappers: { Creator: './core/follows.ts#CreatorView' },
  },
  rest: { routes: [creatorRoutes] },
  web: { pageSource: creatorPageSourceOf, pages: creatorPages },
  // A followed creator's new public video tells their followers (notifications' new_video).
  hooks: { postPublished: tellFollowers },
});
