import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { nullWhenNotFound, requireUserId } from '../../graphql/guards.ts';
import * as creators from './core/follows.ts';

export const creatorsResolvers: Resolvers = {
  Query: {
    creator: (_p, { username }, ctx) =>
      nullWhenNotFound(creators.creatorProfile(ctx.em, username, ctx.userId)),
    followingVideos: (_p, { first, after }, ctx) =>
      creators.followingVideos(ctx.em, requireUserId(ctx), {
        limit: first ?? undefined,
        after: after ?? undefined,
      }),
  },
  Mutation: {
    follow: (_p, { username }, ctx) => creators.follow(ctx.em, requireUserId(ctx), username),
    unfollow: (_p, { username }, ctx) => creators.unfollow(ctx.em, requireUserId(ctx), username),
  },
  Creator: {
    videos: (creator, { first, after }, ctx) =>
      creators.creatorVideos(
        ctx.em,
        creator.id,
        { limit: first ?? undefined, after: after ?? undefined },
        ctx.userId,
      ),
  },
};
