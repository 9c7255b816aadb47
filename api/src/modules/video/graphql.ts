import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { nullWhenNotFound, requireUserId } from '../../graphql/guards.ts';
import { notFound } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import { videoModels, videoOptions } from './core/capabilities.ts';
import * as jobs from './core/jobs.ts';
import * as posts from './core/posts.ts';
import { videoJobUpdates } from './core/updates.ts';

export const videoResolvers: Resolvers = {
  Query: {
    videoJob: async (_p, { id }, ctx) =>
      nullWhenNotFound(
        jobs
          .requireOwnJob(ctx.em, requireUserId(ctx), id)
          .then((j) => jobs.videoJobView(j, ctx.services.storage)),
      ),
    videoOptions: async (_p, { model }, ctx) => {
      const provider = ctx.services.videoProviders.get(model);
      if (!provider) throw notFound(msg('No such video model'));
      return videoOptions(ctx.em, provider);
    },
    videoModels: (_p, _a, ctx) => videoModels(ctx.em, ctx.services.videoProviders),
    // The newest 1000, as before paging (deprecated for `gallery`).
    myPosts: async (_p, _a, ctx) => {
      const userId = requireUserId(ctx);
      const size = { max: 1000, fallback: 1000 };
      return (await posts.galleryPage(ctx.em, ctx.services.storage, userId, {}, size)).posts;
    },
    gallery: async (_p, { search, tag, first, after }, ctx) => {
      const userId = requireUserId(ctx);
      const query = {
        search: search ?? undefined,
        tag: tag ?? undefined,
        limit: first ?? undefined,
        after: after ?? undefined,
      };
      const [page, total] = await Promise.all([
        posts.galleryPage(ctx.em, ctx.services.storage, userId, query),
        posts.galleryTotal(ctx.em, userId),
      ]);
      return { ...page, total };
    },
    videosInTheMaking: (_p, _a, ctx) =>
      jobs.videosInTheMaking(ctx.em, ctx.services.storage, requireUserId(ctx)),
    galleryTags: (_p, { first }, ctx) => posts.galleryTags(ctx.em, requireUserId(ctx), first),
    publicVideos: (_p, { search, tag, first, after, sort }, ctx) =>
      posts.listPublicVideos(
        ctx.em,
        {
          search: search ?? undefined,
          tag: tag ?? undefined,
          limit: first ?? undefined,
          after: after ?? undefined,
          sort: sort ?? undefined,
        },
        ctx.userId,
        ctx.services.publicVideosFirstPage,
      ),
    likedVideos: (_p, { first, after }, ctx) =>
      posts.likedVideos(ctx.em, requireUserId(ctx), { limit: first ?? undefined, after: after ?? undefined }),
    publicVideoTags: (_p, { first }, ctx) => posts.publicVideoTags(ctx.em, first),
    publicVideo: (_p, { slug }, ctx) => nullWhenNotFound(posts.publicVideo(ctx.em, slug, ctx.userId)),
  },
  Mutation: {
    generateVideo: async (_p, { input }, ctx) =>
      jobs.videoJobView(
        await jobs.generateVideo(
          ctx.em,
          requireUserId(ctx),
          input,
          ctx.services.videoProviders,
          ctx.services.storage,
          ctx.services.contentChecks,
        ),
        ctx.services.storage,
      ),
    cancelVideo: (_p, { id }, ctx) =>
      jobs.cancelVideoJob(
        ctx.em,
        {
          pubsub: ctx.services.pubsub,
          providers: ctx.services.videoProviders,
          storage: ctx.services.storage,
        },
        requireUserId(ctx),
        id,
      ),
    dismissVideo: (_p, { id }, ctx) => jobs.dismissVideoJob(ctx.em, requireUserId(ctx), id),
    savePost: (_p, { input }, ctx) =>
      posts.savePost(ctx.em, ctx.services.storage, ctx.services.contentChecks, requireUserId(ctx), input),
    updatePost: (_p, { id, input }, ctx) =>
      posts.updatePost(
        ctx.em,
        ctx.services.storage,
        ctx.services.contentChecks,
        requireUserId(ctx),
        id,
        input,
      ),
    deletePost: async (_p, { id }, ctx) => {
      await posts.deletePost(ctx.em, ctx.services.storage, requireUserId(ctx), id);
      return true;
    },
    toggleLike: (_p, { postId }, ctx) =>
      posts.toggleLike(ctx.em, ctx.services.storage, requireUserId(ctx), postId),
    likePost: (_p, { id }, ctx) => posts.likePost(ctx.em, requireUserId(ctx), id),
    unlikePost: (_p, { id }, ctx) => posts.unlikePost(ctx.em, requireUserId(ctx), id),
    recordView: (_p, { postId }, ctx) =>
      posts.recordView(
        ctx.em,
        ctx.services.storage,
        postId,
        posts.viewerKeyOf(ctx.userId, ctx.ip, ctx.services.config.SESSION_SECRET),
        ctx.userId,
      ),
  },
  Subscription: {
    videoJobUpdates: {
      subscribe: async function* (_p, { id }, ctx: GraphQLContext) {
        const { pubsub, storage } = ctx.services;
        for await (const view of videoJobUpdates(ctx.em, pubsub, storage, requireUserId(ctx), id)) {
          yield { videoJobUpdates: view };
        }
      },
    },
  },
  Post: {
    mine: (post, _a, ctx) => post.userId === ctx.userId,
    // An original's public remixes; a post nobody else may see lists none (its owner's private one).
    remixes: async (post, { first, after }, ctx) => {
      if (!post.isPublic) return { posts: [], nextCursor: null };
      const query = { limit: first ?? undefined, after: after ?? undefined };
      return nullWhenNotFound(posts.remixesOf(ctx.em, post.id, query, ctx.userId)).then(
        (page) => page ?? { posts: [], nextCursor: null },
      );
    },
  },
};
