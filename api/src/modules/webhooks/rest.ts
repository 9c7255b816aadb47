import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { onOwnRow, signedIn } from '../../rest/adapter.ts';
import { listDeliveries, sendTestDelivery } from './core/deliveries.ts';
import { createEndpoint, deleteEndpoint, listEndpoints } from './core/endpoints.ts';

/**
 * `GET` / `POST /api/webhooks` (201 with the secret, its only showing), `DELETE /api/webhooks/{id}`,
 * `POST /api/webhooks/{id}/test` (202 with the queued ping) and `GET /api/webhooks/{id}/deliveries?cursor=`.
 */
export function webhookRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/webhooks',
    signedIn(services, async ({ em, userId }) => ({ endpoints: await listEndpoints(em, userId) })),
  );
  r.post(
    '/webhooks',
    signedIn(services, async ({ em, userId, req, res }) => {
      const created = await createEndpoint(em, services.webhooks, userId, req.body);
      res.status(201);
      return created;
    }),
  );
  r.delete('/webhooks/:id', onOwnRow(services, deleteEndpoint, { success: true }));
  r.post(
    '/webhooks/:id/test',
    signedIn(services, async ({ em, userId, req, res }) => {
      const delivery = await sendTestDelivery(em, userId, String(req.params.id));
      res.status(202);
      return { delivery };
    }),
  );
  r.get(
    '/webhooks/:id/deliveries',
    signedIn(services, ({ em, userId, req }) => listDeliveries(em, userId, String(req.params.id), req.query)),
  );
  return r;
}
