import { defineModule } from '../../http/module.ts';
import { notificationResolvers } from './graphql.ts';
import { notificationRoutes } from './rest.ts';

/** Notifications: the bell's list and unread count; other modules write them (core/notifications.ts). */
export const notificationsModule = defineModule({
  name: 'notifications',
  uses: ['accounts'],
  graphql: {
    sdl: ['notifications.graphql'],
    resolvers: [notificationResolvers],
    mappers: { Notification: './core/notifications.ts#NotificationView' },
  },
  rest: { routes: [notificationRoutes] },
});
