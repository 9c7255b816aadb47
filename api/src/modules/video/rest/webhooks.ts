import { Router } from 'express';
import { badInput, notFound, unauthenticated } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone } from '../../../rest/adapter.ts';
import { bodyBytesOf, rawWebhookBody } from '../../../rest/rawBody.ts';
import { wakeJobByRemoteId } from '../core/jobs.ts';

/**
 * POST /api/video-webhooks/:provider: a provider says a render changed. Mounted before the JSON
 * parser (signatures are over the exact bytes). The signature is checked with that provider's
 * scheme; a genuine one only wakes the worker following the job, which asks the provider itself:
 * nothing in the webhook's body is trusted beyond the render id.
 */
export function videoWebhookRoutes(services: AppServices): Router {
  const { pubsub, videoProviders } = services;
  const r = Router();
  r.post(
    '/video-webhooks/:provider',
    rawWebhookBody,
    anyone(services, async ({ em, req, res }) => {
      const body = bodyBytesOf(req);
      // Like every /api request: a NUL anywhere is bad input (this route sits before the shared guard).
      if (req.originalUrl.includes('\u0000') || /%00/i.test(req.originalUrl) || body.includes(0))
        throw badInput(msg('Requests may not contain NUL characters'));
      const provider = videoProviders.get(String(req.params.provider));
      if (!provider?.verifyWebhook || provider.name !== req.params.provider) {
        throw notFound(msg('No webhooks for this provider'));
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const remoteId = await provider.verifyWebhook(headers, body);
      // A signature that doesn't verify is a caller that isn't the provider: 401, and nothing is
      // woken (the provider retries a genuine one; polling finishes the job meanwhile).
      if (!remoteId) throw unauthenticated(msg('The webhook signature is not valid'));
      const woken = await wakeJobByRemoteId(em, pubsub, provider.name, remoteId);
      res.json({ received: true, woken });
    }),
  );
  return r;
}
