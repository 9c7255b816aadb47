import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { readSettings } from '../../platform/config.ts';
import { toPublicUser } from '../accounts/core/service.ts';
import { announceOwnerMediaChanged } from '../video/core/publicMedia.ts';
import { listAudit } from './core/audit.ts';
import { profileHiddenReason } from './core/reports.ts';
import { banUser, type RestrictionDeps, suspendUser, unbanUser } from './core/restrictions.ts';
import { effectiveRole, requireStaff, type StaffRole, setRole } from './core/roles.ts';
import { moderationSettings } from './settings.ts';

const adminUsernames = (ctx: GraphQLContext) =>
  readSettings(moderationSettings, ctx.services.config).ADMIN_USERNAMES;

/** The signed-in staff member with at least `need` (FORBIDDEN for others, UNAUTHENTICATED signed out). */
export const staffOf = (ctx: GraphQLContext, need: StaffRole) =>
  requireStaff(
    (id) => ctx.services.currentUsers.get(() => ctx.em, id),
    adminUsernames(ctx),
    ctx.userId,
    need,
  );

export const restrictionDeps = (ctx: GraphQLContext): RestrictionDeps => ({
  pool: ctx.services.pool,
  pubsub: ctx.services.pubsub,
  sockets: ctx.services.sessionSockets,
  adminUsernames: adminUsernames(ctx),
  forget: (id) => ctx.services.currentUsers.forget(id),
  publicContentChanged: (id) => announceOwnerMediaChanged(ctx.services.pubsub, id),
});

export const moderationResolvers: Resolvers = {
  Query: {
    // The field itself answers for anyone; each of its fields checks the role it needs.
    admin: () => ({}),
  },
  AdminQuery: {
    auditLog: async (_p, { filter, first, after }, ctx) => {
      await staffOf(ctx, 'moderator');
      return listAudit(ctx.em, { ...filter, limit: first, after: after ?? undefined });
    },
  },
  AuditEntry: {
    actor: (entry) => entry.actorName ?? null,
    details: (entry) => JSON.stringify(entry.details ?? {}),
  },
  User: {
    role: (user, _a, ctx) => effectiveRole(user, adminUsernames(ctx)),
    // Its owner's business only (others see the profile as hidden, not why).
    profileHiddenReason: (user, _a, ctx) =>
      ctx.userId === user.id ? profileHiddenReason(ctx.em, user.id) : null,
  },
  Mutation: {
    banUser: async (_p, args, ctx) =>
      toPublicUser(await banUser(ctx.em, restrictionDeps(ctx), await staffOf(ctx, 'moderator'), args)),
    suspendUser: async (_p, args, ctx) =>
      toPublicUser(await suspendUser(ctx.em, restrictionDeps(ctx), await staffOf(ctx, 'moderator'), args)),
    unbanUser: async (_p, args, ctx) =>
      toPublicUser(await unbanUser(ctx.em, restrictionDeps(ctx), await staffOf(ctx, 'moderator'), args)),
    setRole: async (_p, args, ctx) => {
      const actor = await staffOf(ctx, 'admin');
      const user = await setRole(ctx.em, actor, adminUsernames(ctx), args);
      ctx.services.currentUsers.forget(user.id);
      return toPublicUser(user);
    },
  },
};
