import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { readSettings } from '../../platform/config.ts';
import { mailLanguageOf, queueAccountEmail } from '../accounts/core/accountMail.ts';
import { deletePost } from '../video/core/posts.ts';
import { announceOwnerMediaChanged } from '../video/core/publicMedia.ts';
import { blockUser, listBlocked, unblockUser } from './core/blocks.ts';
import {
  createReport,
  listReportGroups,
  type ModerateDeps,
  moderate,
  myReports,
  warningEmail,
} from './core/reports.ts';
import { banUser, suspendUser } from './core/restrictions.ts';
import type { StaffMember } from './core/roles.ts';
import { restrictionDeps, staffOf } from './graphql.ts';
import { moderationSettings } from './settings.ts';

const settings = (ctx: GraphQLContext) => readSettings(moderationSettings, ctx.services.config);

/** What `moderate` does beyond its own tables, on this request's services. */
function moderateDeps(ctx: GraphQLContext, actor: StaffMember): ModerateDeps {
  return {
    deletePost: (ownerId, postId) => deletePost(ctx.em.fork(), ctx.services.storage, ownerId, postId),
    async warn(tx, ownerId, type, note) {
      const [owner] = await tx.execute<{ username: string; email: string }[]>(
        'select username, email from users where id = ?',
        [ownerId],
      );
      if (!owner) return;
      await queueAccountEmail(
        tx,
        { config: ctx.services.config },
        ownerId,
        owner.email,
        warningEmail(await mailLanguageOf(tx, ownerId), owner.username, type, note),
      );
    },
    publicContentChanged: (ownerId) => announceOwnerMediaChanged(ctx.services.pubsub, ownerId),
    adminUsernames: settings(ctx).ADMIN_USERNAMES,
    async restrict(kind, userId, reason, hours) {
      if (kind === 'ban') await banUser(ctx.em, restrictionDeps(ctx), actor, { userId, reason });
      else await suspendUser(ctx.em, restrictionDeps(ctx), actor, { userId, reason, hours });
    },
  };
}

/** Reports, the moderation queue and blocking (core/reports.ts, core/blocks.ts; schema/reports.graphql). */
export const reportResolvers: Resolvers = {
  Query: {
    myReports: (_p, { first }, ctx) => myReports(ctx.em, requireUserId(ctx), first ?? 50),
    blockedUsers: (_p, _a, ctx) => listBlocked(ctx.em, requireUserId(ctx)),
  },
  AdminQuery: {
    reports: async (_p, { status, first, after }, ctx) => {
      await staffOf(ctx, 'moderator');
      return listReportGroups(ctx.em, {
        status: status ?? undefined,
        limit: first,
        after: after ?? undefined,
      });
    },
  },
  Mutation: {
    report: (_p, args, ctx) =>
      createReport(ctx.em, requireUserId(ctx), args, settings(ctx).REPORTS_AUTO_HIDE_AT, (ownerId) =>
        announceOwnerMediaChanged(ctx.services.pubsub, ownerId),
      ),
    moderate: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'moderator');
      return moderate(ctx.em, moderateDeps(ctx, actor), actor, args);
    },
    blockUser: (_p, { username }, ctx) => blockUser(ctx.em, requireUserId(ctx), username),
    unblockUser: (_p, { username }, ctx) => unblockUser(ctx.em, requireUserId(ctx), username),
  },
};
