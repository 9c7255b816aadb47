import express, { Router } from 'express';
import { requireJsonWrites } from '../http/crossSite.ts';
import { rejectNulInput } from '../http/inputGuard.ts';
import { accountDataRoutes } from '../modules/accounts/rest/accountData.ts';
import { accountSecurityRoutes } from '../modules/accounts/rest/accountSecurity.ts';
import { authRoutes } from '../modules/accounts/rest/auth.ts';
import { oidcRoutes } from '../modules/accounts/rest/oidc.ts';
import { twoFactorRoutes } from '../modules/accounts/rest/twoFactor.ts';
import { billingRoutes } from '../modules/billing/rest/billing.ts';
import { billingSandboxRoutes } from '../modules/billing/rest/sandbox.ts';
import { billingWebhookRoutes } from '../modules/billing/rest/webhook.ts';
import { chatRoutes } from '../modules/chat/rest.ts';
import { fileRoutes } from '../modules/files/rest.ts';
import { folderRoutes } from '../modules/folders/rest.ts';
import { searchRoutes } from '../modules/search/rest.ts';
import { shareRoutes } from '../modules/shares/rest.ts';
import { socialRoutes } from '../modules/social/rest.ts';
import { videoRoutes } from '../modules/video/rest/videos.ts';
import { videoWebhookRoutes } from '../modules/video/rest/webhooks.ts';
import { notFound } from '../platform/errors.ts';
import type { AppServices } from '../services.ts';
import { restErrorHandler } from './respond.ts';

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
  api.use(searchRoutes(services));
  api.use(videoRoutes(services));
  api.use(fileRoutes(services));
  api.use(socialRoutes(services));
  api.use(shareRoutes(services));
  api.use(folderRoutes(services));
  api.use(billingRoutes(services));
  api.use(billingSandboxRoutes(services));
  api.use(() => {
    throw notFound('Not found');
  });
  api.use(restErrorHandler);
  return api;
}
