import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { listNotifications, markRead } from './core/notifications.ts';

/** `GET /api/notifications?cursor=` and `POST /api/notifications/read { ids? }` (the module README). */
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
  return r;
}
