import { Router } from 'express';
import type { AppServices } from '../../../platform/module.ts';
import { bodyBytesOf, rawWebhookBody } from '../../../rest/rawBody.ts';
import { handler } from '../../../rest/respond.ts';

/**
 * POST /api/stripe/webhook. Mounted before any JSON parser: the signature is over the exact bytes
 * Stripe sent, so the body must stay raw.
 */
export function billingWebhookRoutes({ billing }: AppServices): Router {
  const r = Router();
  r.post(
    '/stripe/webhook',
    rawWebhookBody,
    handler(async (req, res) => {
      const result = await billing.handleWebhook(bodyBytesOf(req), req.get('stripe-signature'));
      res.json({ received: true, duplicate: result.duplicate });
    }),
  );
  return r;
}
