import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import * as comments from './core/comments.ts';
import { commentDepsOf, viewerOf } from './deps.ts';

/** Comments on community videos (schema/comments.graphql), over the same services as rest.ts. */
export const commentResolvers: Resolvers = {
  Query: {
    postComments: (_p, { postId, after }, ctx) =>
      comments.listComments(ctx.em, viewerOf(ctx.services, ctx.userId), postId, { cursor: after }),
  },
  Mutation: {
    addComment: (_p, { postId, body, parentId }, ctx) =>
      comments.addComment(ctx.em, commentDepsOf(ctx.services), requireUserId(ctx), postId, {
        body,
        parentId,
      }),
    editComment: (_p, { id, body }, ctx) => comments.editComment(ctx.em, requireUserId(ctx), id, { body }),
    deleteComment: async (_p, { id }, ctx) => {
      await comments.deleteComment(ctx.em, requireUserId(ctx), id);
      return true;
    },
  },
  Subscription: {
    commentsChanged: {
      subscribe: async function* (_p, { postId }, ctx: GraphQLContext) {
        const viewer = viewerOf(ctx.services, ctx.userId);
        const changes = await comments.watchComments(ctx.services.orm.em.fork(), ctx.services.pubsub, postId);
        try {
          for (;;) {
            const change = await changes.next();
            // A fresh EntityManager per event: the connection's context lives for hours.
            const comment =
              change.kind === 'deleted'
                ? null
                : await comments.commentFor(ctx.services.orm.em.fork(), viewer, change.commentId);
            yield { commentsChanged: { ...change, comment } };
          }
        } finally {
          await changes.stop();
        }
      },
    },
  },
};
