import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { notificationMutes, setNotificationMutes } from './core/mutes.ts';
import { listNotifications, markRead } from './core/notifications.ts';

/**
 * `GET /api/notifications?cursor=`, `POST /api/notifications/read { ids? }`, and the muted kinds:
 * `GET` / `PUT /api/notifications/settings { muted }` (the module README).
 */
export function notificationRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/notifications',
    signedIn(services, ({ em, userId, req }) => listNotifications(em, userId, req.query)),
  );
  r.post(
    '/notifications/read',
    signedIn(services, ({ em, userId, req }) => markRead(em, userId, req.body)),
  );
  r.get(
    '/notifications/settings',
    signedIn(services, ({ em, userId }) => notificationMutes(em, userId)),
  );
  r.put(
    '/notifications/settings',
    signedIn(services, ({ em, userId, req }) => setNotificationMutes(em, userId, req.body)),
  );
  return r;
}
