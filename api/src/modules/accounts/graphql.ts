import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireHttp, requireUserId } from '../../graphql/guards.ts';
import { updateProfileVerifyingEmail } from './core/security.ts';
import * as accounts from './core/service.ts';
import { presentSignedIn } from './presenters.ts';
import { loginAndSignIn, logout, registerAndSignIn } from './rest/authFlow.ts';
import { completeLoginWithCode } from './rest/secondFactorLogin.ts';

const flow = (ctx: GraphQLContext) => ({
  em: ctx.em,
  limiter: ctx.services.limiter,
  config: ctx.services.config,
  req: requireHttp(ctx),
  sockets: ctx.services.sessionSockets,
});

export const authResolvers: Resolvers = {
  Query: {
    me: (_parent, _args, ctx) =>
      ctx.userId ? ctx.services.currentUsers.get(() => ctx.em, ctx.userId) : null,
    mySettings: (_parent, _args, ctx) => accounts.getSettings(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    register: async (_parent, { input }, ctx) => presentSignedIn(await registerAndSignIn(flow(ctx), input)),
    login: async (_parent, { input }, ctx) => {
      const outcome = await loginAndSignIn(flow(ctx), input);
      return outcome.user
        ? presentSignedIn(outcome.user)
        : { user: null, twoFactorRequired: true, methods: outcome.methods };
    },
    loginSecondFactor: async (_parent, { code }, ctx) =>
      presentSignedIn(await completeLoginWithCode(flow(ctx), { code })),
    logout: async (_parent, _args, ctx) => {
      await logout(requireHttp(ctx), ctx.services.sessionSockets);
      return true;
    },
    updateProfile: async (_parent, { input }, ctx) => {
      const userId = requireUserId(ctx);
      const user = await updateProfileVerifyingEmail(ctx.em, { config: ctx.services.config }, userId, input);
      ctx.services.currentUsers.forget(userId);
      return accounts.toPublicUser(user);
    },
    updateSettings: (_parent, { input }, ctx) => accounts.updateSettings(ctx.em, requireUserId(ctx), input),
  },
};
