import express, { Router } from 'express';
import { handler } from '../../../rest/respond.ts';
import type { AppServices } from '../../../services.ts';

/**
 * POST /api/stripe/webhook. Mounted before any JSON parser: the signature is over the exact bytes
 * Stripe sent, so the body must stay raw.
 */
export function billingWebhookRoutes({ billing }: AppServices): Router {
  const r = Router();
  r.post(
    '/stripe/webhook',
    express.raw({ type: () => true, limit: '1mb' }),
    handler(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await billing.handleWebhook(body, req.get('stripe-signature'));
      res.json({ received: true, duplicate: result.duplicate });
    }),
  );
  return r;
}
