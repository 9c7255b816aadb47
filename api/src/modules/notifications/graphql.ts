import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { notificationMutes, setNotificationMutes } from './core/mutes.ts';
import {
  listNotifications,
  markRead,
  newNotifications,
  unreadCount,
  watchNotifications,
} from './core/notifications.ts';

/** The bell: notifications, the unread count, marking read, and the count as it changes. */
export const notificationResolvers: Resolvers = {
  Query: {
    notifications: (_p, { first, after }, ctx) =>
      listNotifications(ctx.em, requireUserId(ctx), {
        limit: first ?? undefined,
        cursor: after ?? undefined,
      }),
    unreadNotificationCount: (_p, _a, ctx) => unreadCount(ctx.em, requireUserId(ctx)),
    notificationSettings: (_p, _a, ctx) => notificationMutes(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    markNotificationsRead: async (_p, { ids }, ctx) =>
      (await markRead(ctx.em, requireUserId(ctx), { ids })).unread,
    setMutedNotifications: (_p, { muted }, ctx) =>
      setNotificationMutes(ctx.em, requireUserId(ctx), { muted }),
  },
  Subscription: {
    unreadNotifications: {
      subscribe: async function* (_p, _a, ctx: GraphQLContext) {
        const userId = requireUserId(ctx);
        const count = () => unreadCount(ctx.services.orm.em.fork(), userId);
        // Listening before the first count: a change between the two is not lost.
        const changes = await watchNotifications(ctx.services.pubsub, userId);
        try {
          yield { unreadNotifications: await count() };
          for (;;) {
            await changes.next();
            yield { unreadNotifications: await count() };
          }
        } finally {
          await changes.stop();
        }
      },
    },
    notificationAdded: {
      subscribe: async function* (_p, _a, ctx: GraphQLContext) {
        const userId = requireUserId(ctx);
        const fresh = newNotifications(() => ctx.services.orm.em.fork(), userId);
        const changes = await watchNotifications(ctx.services.pubsub, userId);
        try {
          await fresh();
          for (;;) {
            await changes.next();
            for (const notification of await fresh()) yield { notificationAdded: notification };
          }
        } finally {
          await changes.stop();
        }
      },
    },
  },
  Notification: {
    data: (n) => JSON.stringify(n.data ?? {}),
  },
};
