import express, { Router } from 'express';
import { badInput, notFound } from '../../../platform/errors.ts';
import { handler } from '../../../rest/respond.ts';
import type { AppServices } from '../../../services.ts';
import { wakeJobByRemoteId } from '../core/jobs.ts';

/**
 * POST /api/video-webhooks/:provider: a provider says a render changed. Mounted before the JSON
 * parser (signatures are over the exact bytes). The signature is checked with that provider's
 * scheme; a genuine one only wakes the worker following the job, which asks the provider itself:
 * nothing in the webhook's body is trusted beyond the render id.
 */
export function videoWebhookRoutes({ orm, pubsub, videoProviders }: AppServices): Router {
  const r = Router();
  r.post(
    '/video-webhooks/:provider',
    express.raw({ type: () => true, limit: '1mb' }),
    handler(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      // Like every /api request: a NUL anywhere is bad input (this route sits before the shared guard).
      if (req.originalUrl.includes('\u0000') || /%00/i.test(req.originalUrl) || body.includes(0))
        throw badInput('Requests may not contain NUL characters');
      const provider = videoProviders.get(String(req.params.provider));
      if (!provider?.verifyWebhook || provider.name !== req.params.provider) {
        throw notFound('No webhooks for this provider');
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const remoteId = await provider.verifyWebhook(headers, body);
      // As Stripe's webhook answers a bad signature: 400, and the provider retries or gives up.
      if (!remoteId) throw badInput('The webhook signature is not valid');
      const woken = await wakeJobByRemoteId(orm.em.fork(), pubsub, provider.name, remoteId);
      res.json({ received: true, woken });
    }),
  );
  return r;
}
