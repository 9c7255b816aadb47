import { Router } from 'express';
import { handler, requireSessionUser } from '../../../rest/respond.ts';
import type { AppServices } from '../../../services.ts';
import type { SubscriptionView } from '../core/service.ts';

export const subscriptionDto = (s: SubscriptionView) => ({
  planType: s.planType,
  status: s.status,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  hasBillingAccount: s.hasBillingAccount,
});

/** The spec's Stripe and subscription calls (§7), on the same service as the GraphQL operations. */
export function billingRoutes({ orm, billing }: AppServices): Router {
  const r = Router();

  r.get('/stripe/config', (_req, res) => {
    res.json(billing.config());
  });

  r.post(
    '/subscription/checkout',
    handler(async (req, res) => {
      const result = await billing.createCheckout(orm.em.fork(), requireSessionUser(req), req.body);
      res.json(result);
    }),
  );

  r.get(
    '/subscription/session/:sessionId',
    handler(async (req, res) => {
      const result = await billing.processReturn(
        orm.em.fork(),
        requireSessionUser(req),
        String(req.params.sessionId),
      );
      res.json({ ...result, subscription: subscriptionDto(result.subscription) });
    }),
  );

  r.get(
    '/user/subscription',
    handler(async (req, res) => {
      const subscription = await billing.subscriptionOf(orm.em.fork(), requireSessionUser(req));
      res.json({ subscription: subscriptionDto(subscription) });
    }),
  );

  r.post(
    '/subscription/portal',
    handler(async (req, res) => {
      res.json(await billing.createPortal(orm.em.fork(), requireSessionUser(req)));
    }),
  );

  return r;
}
