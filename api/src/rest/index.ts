import express, { Router } from 'express';
import { notFound } from '../domain/errors.ts';
import { requireJsonWrites } from '../http/crossSite.ts';
import { rejectNulInput } from '../http/inputGuard.ts';
import type { AppServices } from '../services.ts';
import { accountDataRoutes } from './accountData.ts';
import { accountSecurityRoutes } from './accountSecurity.ts';
import { authRoutes } from './auth.ts';
import { billingRoutes } from './billing.ts';
import { billingSandboxRoutes } from './billingSandbox.ts';
import { billingWebhookRoutes } from './billingWebhook.ts';
import { chatRoutes } from './chat.ts';
import { fileRoutes } from './files.ts';
import { oidcRoutes } from './oidc.ts';
import { restErrorHandler } from './respond.ts';
import { socialRoutes } from './social.ts';
import { twoFactorRoutes } from './twoFactor.ts';
import { videoRoutes } from './videos.ts';
import { videoWebhookRoutes } from './videoWebhooks.ts';

/**
 * Every /api/* shim of the spec's table, one router per domain. app.ts mounts it after the no-cache
 * headers and the session, and puts the same error handler after the session too.
 */
export function restApi(services: AppServices): Router {
  const api = Router();
  // Before the JSON parser: Stripe signs the raw body.
  api.use(billingWebhookRoutes(services));
  api.use(videoWebhookRoutes(services));
  // Cross-site forgery: writes must be JSON; the sandbox checkout's own forms post from our pages.
  api.use(
    requireJsonWrites({
      formPaths: /^\/billing\/sandbox\//,
      publicOrigin: services.config.PUBLIC_URL ? new URL(services.config.publicUrl).origin : undefined,
    }),
  );
  api.use(express.json({ limit: '1mb' }), rejectNulInput);
  api.use(authRoutes(services));
  api.use(accountSecurityRoutes(services));
  api.use(accountDataRoutes(services));
  api.use(twoFactorRoutes(services));
  api.use(oidcRoutes(services));
  api.use(chatRoutes(services));
  api.use(videoRoutes(services));
  api.use(fileRoutes(services));
  api.use(socialRoutes(services));
  api.use(billingRoutes(services));
  api.use(billingSandboxRoutes(services));
  api.use(() => {
    throw notFound('Not found');
  });
  api.use(restErrorHandler);
  return api;
}
