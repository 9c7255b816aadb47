import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireHttp } from '../../graphql/guards.ts';
import { readSettings } from '../../platform/config.ts';
import { AppError, textError } from '../../platform/errors.ts';
import { msg, requestLanguage, translate } from '../../platform/i18n.ts';
import { parseInput } from '../../platform/validation.ts';
import { resendVerification } from '../accounts/flows/securityFlow.ts';
import { endOtherSessions } from '../accounts/flows/sessionList.ts';
import { recordAudit } from './core/audit.ts';
import { findUser, listUsers, reasonInput, requireUserRow } from './core/console.ts';
import { changeJob, failedJobs, queueDepth } from './core/jobs.ts';
import { numbers, providerHealth } from './core/numbers.ts';
import { listPlanLimits, setPlanLimit } from './core/planLimits.ts';
import { staffOf } from './graphql.ts';
import { moderationSettings } from './settings.ts';

/**
 * The admin console's operations (schema/admin.graphql): each checks the caller is an admin first
 * (staffOf), and each mutation writes its audit entry in the transaction of what it changes.
 * Ban, suspend and unban are core/restrictions.ts's (graphql.ts).
 */
const adminUsernames = (ctx: GraphQLContext) =>
  readSettings(moderationSettings, ctx.services.config).ADMIN_USERNAMES;

export const consoleResolvers: Resolvers = {
  AdminQuery: {
    users: async (_p, args, ctx) => {
      await staffOf(ctx, 'admin');
      return listUsers(ctx.em, adminUsernames(ctx), {
        search: args.search ?? undefined,
        role: args.role ?? undefined,
        status: args.status ?? undefined,
        first: args.first ?? undefined,
        after: args.after ?? undefined,
      });
    },
    user: async (_p, { id }, ctx) => {
      await staffOf(ctx, 'admin');
      return findUser(ctx.em, adminUsernames(ctx), id);
    },
    planLimits: async (_p, _a, ctx) => {
      await staffOf(ctx, 'admin');
      return listPlanLimits(ctx.em);
    },
    jobs: async (_p, _a, ctx) => {
      await staffOf(ctx, 'admin');
      return {};
    },
    providers: async (_p, _a, ctx) => {
      await staffOf(ctx, 'admin');
      return providerHealth(ctx.em);
    },
    numbers: async (_p, { days }, ctx) => {
      await staffOf(ctx, 'admin');
      const report = await numbers(ctx.em, { days: days ?? undefined });
      // How each number is counted, in the console's language (its Accept-Language).
      return {
        ...report,
        note: translate(requestLanguage(ctx.req?.headers['accept-language']), report.note),
      };
    },
  },
  JobsOverview: {
    // Checked again here: the fields are reachable only through `jobs`, which checked, but each
    // read of the queue stays an admin's.
    depth: async (_p, _a, ctx) => {
      await staffOf(ctx, 'admin');
      return queueDepth(ctx.em);
    },
    failed: async (_p, { first, after }, ctx) => {
      await staffOf(ctx, 'admin');
      return failedJobs(ctx.em, { first: first ?? undefined, after: after ?? undefined });
    },
  },
  Mutation: {
    resendVerification: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'admin');
      const reason = parseInput(reasonInput, args.reason ?? undefined);
      const req = requireHttp(ctx);
      return ctx.em.transactional(async (tx) => {
        const user = await requireUserRow(tx, args.userId);
        // The account's own resend: its cooldown and hourly limits apply (accounts/flows/securityFlow.ts).
        const { message } = await resendVerification({ services: ctx.services, em: tx, req }, user.id).catch(
          (error: unknown) => {
            // The account's words are the user's ("We sent you a link…"); staff read whose it was.
            if (error instanceof AppError && error.code === 'RATE_LIMITED')
              throw textError(
                'RATE_LIMITED',
                msg('A link went to {username} moments ago. Try again in {seconds} seconds.'),
                { username: user.username, seconds: error.details?.retryAfterSeconds ?? 60 },
                error.details,
              );
            throw error;
          },
        );
        recordAudit(tx, {
          actor,
          action: 'user.verification.resend',
          targetType: 'user',
          targetId: user.id,
          reason: reason ?? null,
          details: { username: user.username },
        });
        await tx.flush();
        return message.replace('We have sent you', `We have sent ${user.username}`);
      });
    },
    endUserSessions: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'admin');
      const reason = parseInput(reasonInput, args.reason ?? undefined);
      const { pool, pubsub, sessionSockets: sockets } = ctx.services;
      return ctx.em.transactional(async (tx) => {
        const user = await requireUserRow(tx, args.userId);
        // The sessions table is written through the pool, outside this transaction: the entry is
        // written first and the transaction commits only once the sessions ended.
        const entry = recordAudit(tx, {
          actor,
          action: 'user.sessions.end',
          targetType: 'user',
          targetId: user.id,
          reason: reason ?? null,
          details: { username: user.username },
        });
        const ended = await endOtherSessions({ pool, pubsub, sockets }, user.id);
        entry.details = { ...entry.details, ended };
        await tx.flush();
        return ended;
      });
    },
    setPlanLimit: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'admin');
      return setPlanLimit(ctx.em, actor, {
        planType: args.planType,
        feature: args.feature,
        monthlyLimit: args.monthlyLimit,
        reason: args.reason ?? undefined,
      });
    },
    retryJob: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'admin');
      return changeJob(ctx.em, actor, 'retry', { id: args.id, reason: args.reason ?? undefined });
    },
    deleteJob: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'admin');
      return changeJob(ctx.em, actor, 'delete', { id: args.id, reason: args.reason ?? undefined });
    },
  },
};
