import { Router } from 'express';
import type { AppServices } from '../../../platform/module.ts';
import { signedIn } from '../../../rest/adapter.ts';
import { presentSubscription } from '../presenters.ts';

/** The spec's Stripe and subscription calls (§7), on the same service as the GraphQL operations. */
export function billingRoutes(services: AppServices): Router {
  const { billing } = services;
  const r = Router();

  r.get('/stripe/config', (_req, res) => {
    res.json(billing.config());
  });

  r.post(
    '/subscription/checkout',
    signedIn(services, ({ em, userId, req }) => billing.createCheckout(em, userId, req.body)),
  );

  r.get(
    '/subscription/session/:sessionId',
    signedIn(services, async ({ em, userId, req }) => {
      const result = await billing.processReturn(em, userId, String(req.params.sessionId));
      // Returned, not sent: the adapter answers its message in the request's language.
      return { ...result, subscription: presentSubscription(result.subscription) };
    }),
  );

  r.get(
    '/user/subscription',
    signedIn(services, async ({ em, userId }) => ({
      subscription: presentSubscription(await billing.subscriptionOf(em, userId)),
    })),
  );

  r.post(
    '/subscription/portal',
    signedIn(services, ({ em, userId }) => billing.createPortal(em, userId)),
  );

  return r;
}
