import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { anyone, signedIn } from '../../rest/adapter.ts';
import { subscribe, unsubscribe } from './core/subscriptions.ts';

/**
 * `GET /api/push/config` → `{ publicKey }` (null: push is off), and a signed-in browser's push
 * subscription: `POST /api/push/subscriptions` (its PushSubscription JSON) → 201,
 * `DELETE /api/push/subscriptions { endpoint }` → 200. API tokens may not post or delete them (the
 * token module refuses writes no scope names): a subscription belongs to a browser's session.
 */
export function pushRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/push/config',
    anyone(services, () => ({ publicKey: services.push.vapid?.publicKey ?? null })),
  );
  r.post(
    '/push/subscriptions',
    signedIn(services, async ({ em, userId, req, res }) => {
      const subscription = await subscribe(em, services.push, userId, req.sessionID, req.body);
      res.status(201);
      return { subscription };
    }),
  );
  r.delete(
    '/push/subscriptions',
    signedIn(services, async ({ em, userId, req }) => {
      await unsubscribe(em, userId, req.body);
      return { success: true };
    }),
  );
  return r;
}
