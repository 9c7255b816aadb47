import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { nullWhenNotFound, requireHttp, requireUserId } from '../../graphql/guards.ts';
import { getExport, requestExport } from './core/exportData.ts';
import * as secondFactor from './core/secondFactor.ts';
import * as accounts from './core/service.ts';
import { loginAndSignIn, logout, registerAndSignIn } from './flows/authFlow.ts';
import { completeLoginWithCode } from './flows/secondFactorLogin.ts';
import * as security from './flows/securityFlow.ts';
import { endOtherSessions, endSession, listSessions } from './flows/sessionList.ts';
import { presentSignedIn } from './presenters.ts';

const flow = (ctx: GraphQLContext) => ({
  em: ctx.em,
  limiter: ctx.services.limiter,
  config: ctx.services.config,
  req: requireHttp(ctx),
  sockets: ctx.services.sessionSockets,
});

/** What securityFlow.ts needs: the session and client address come with the HTTP request. */
const securityFlow = (ctx: GraphQLContext) => ({ services: ctx.services, em: ctx.em, req: requireHttp(ctx) });

const sessionEnds = ({ services }: GraphQLContext) => ({
  pool: services.pool,
  pubsub: services.pubsub,
  sockets: services.sessionSockets,
});

export const authResolvers: Resolvers = {
  Query: {
    me: (_parent, _args, ctx) =>
      ctx.userId ? ctx.services.currentUsers.get(() => ctx.em, ctx.userId) : null,
    mySettings: (_parent, _args, ctx) => accounts.getSettings(ctx.em, requireUserId(ctx)),
    mySessions: (_parent, _args, ctx) => {
      const userId = requireUserId(ctx);
      return listSessions(ctx.services.pool, requireHttp(ctx), userId);
    },
    accountExport: (_parent, { id }, ctx) => nullWhenNotFound(getExport(ctx.em, requireUserId(ctx), id)),
  },
  Mutation: {
    register: async (_parent, { input }, ctx) => presentSignedIn(await registerAndSignIn(flow(ctx), input)),
    login: async (_parent, { input }, ctx) => {
      const outcome = await loginAndSignIn(flow(ctx), input);
      return outcome.user
        ? presentSignedIn(outcome.user)
        : { user: null, twoFactorRequired: true, methods: outcome.methods };
    },
    loginSecondFactor: async (_parent, { code }, ctx) => {
      const user = await completeLoginWithCode(flow(ctx), { code });
      ctx.services.currentUsers.forget(user.id);
      return presentSignedIn(user);
    },
    logout: async (_parent, _args, ctx) => {
      await logout(requireHttp(ctx), ctx.services.sessionSockets, ctx.em);
      return true;
    },
    updateProfile: async (_parent, { input }, ctx) => {
      const userId = requireUserId(ctx);
      return accounts.toPublicUser(await security.updateProfileChecked(securityFlow(ctx), userId, input));
    },
    updateSettings: (_parent, { input }, ctx) => accounts.updateSettings(ctx.em, requireUserId(ctx), input),

    changePassword: async (_parent, { input }, ctx) => {
      const userId = requireUserId(ctx);
      return accounts.toPublicUser(
        await security.changePasswordEndingOthers(securityFlow(ctx), userId, input),
      );
    },
    forgotPassword: (_parent, { email }, ctx) => security.forgotPassword(securityFlow(ctx), { email }),
    resetPassword: (_parent, { input }, ctx) => security.resetPasswordEndingAll(securityFlow(ctx), input),
    verifyEmail: (_parent, { token }, ctx) => security.verifyEmail(securityFlow(ctx), { token }),
    resendVerificationEmail: async (_parent, _args, ctx) => {
      const userId = requireUserId(ctx);
      return (await security.resendVerification(securityFlow(ctx), userId)).message;
    },
    undoEmailChange: (_parent, { token }, ctx) =>
      security.undoEmailChangeEndingAll(securityFlow(ctx), { token }),
    startTotpSetup: async (_parent, _args, ctx) =>
      secondFactor.startTotpSetup(ctx.em, await accounts.requireUser(ctx.em, requireUserId(ctx))),
    enableTotp: async (_parent, { code }, ctx) => {
      const recoveryCodes = await secondFactor.enableTotp(ctx.em, requireUserId(ctx), { code });
      ctx.services.currentUsers.forget(requireUserId(ctx));
      return recoveryCodes;
    },
    disableTwoFactor: async (_parent, { password }, ctx) => {
      await secondFactor.disableTwoFactor(ctx.em, requireUserId(ctx), { password });
      ctx.services.currentUsers.forget(requireUserId(ctx));
      return true;
    },
    revokeSession: async (_parent, { id }, ctx) => {
      await endSession(sessionEnds(ctx), requireUserId(ctx), id);
      return true;
    },
    revokeOtherSessions: (_parent, _args, ctx) => {
      const userId = requireUserId(ctx);
      return endOtherSessions(sessionEnds(ctx), userId, requireHttp(ctx).sessionID);
    },
    startAccountExport: (_parent, _args, ctx) =>
      requestExport(ctx.em, requireUserId(ctx), ctx.services.config.publicUrl),
    deleteAccount: async (_parent, { input }, ctx) => {
      const userId = requireUserId(ctx);
      // GraphQL gives an omitted code as null; the shared rules take it as absent.
      await security.deleteAccountSigningOut(securityFlow(ctx), userId, {
        password: input.password,
        code: input.code ?? undefined,
      });
      return true;
    },
  },
};
