import * as accounts from '../../domain/accounts/service.ts';
import { loginAndSignIn, logout, registerAndSignIn } from '../../http/authFlow.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { requireHttp, requireUserId } from './guards.ts';

export const authResolvers: Resolvers = {
  Query: {
    me: (_parent, _args, ctx) => (ctx.userId ? accounts.getUser(ctx.em, ctx.userId) : null),
    mySettings: (_parent, _args, ctx) => accounts.getSettings(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    register: async (_parent, { input }, ctx) => ({
      user: await registerAndSignIn({ em: ctx.em, limiter: ctx.limiter, req: requireHttp(ctx) }, input),
    }),
    login: async (_parent, { input }, ctx) => ({
      user: await loginAndSignIn({ em: ctx.em, limiter: ctx.limiter, req: requireHttp(ctx) }, input),
    }),
    logout: async (_parent, _args, ctx) => {
      await logout(requireHttp(ctx));
      return true;
    },
    updateProfile: (_parent, { input }, ctx) => accounts.updateProfile(ctx.em, requireUserId(ctx), input),
    updateSettings: (_parent, { input }, ctx) => accounts.updateSettings(ctx.em, requireUserId(ctx), input),
  },
  User: {
    // The User type is mapped onto the entity; only non-null fields need a default.
    displayName: (u) => u.displayName ?? null,
    avatar: (u) => u.avatar ?? null,
    bio: (u) => u.bio ?? null,
  },
};
