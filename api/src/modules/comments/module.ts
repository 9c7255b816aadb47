import { defineModule } from '../../http/module.ts';
import { Comment } from './core/Comment.ts';
import { commentResolvers } from './graphql.ts';
import { commentRoutes } from './rest.ts';
import { commentsSettings } from './settings.ts';

/** Comments on community videos, and replies to them (one level). */
export const commentsModule = defineModule({
  name: 'comments',
  uses: ['accounts', 'video', 'notifications', 'moderation'],
  entities: [Comment],
  settings: commentsSettings,
  graphql: {
    sdl: ['comments.graphql'],
    resolvers: [commentResolvers],
    mappers: {
      Comment: './core/comments.ts#CommentView',
      CommentPage: './core/comments.ts#CommentPage as CommentPageView',
    },
  },
  rest: { routes: [commentRoutes] },
});
