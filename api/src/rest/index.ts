import express, { Router } from 'express';
import { requireJsonWrites } from '../http/crossSite.ts';
import { rejectNulInput } from '../http/inputGuard.ts';
import type { ChorusModule } from '../http/module.ts';
import { notFound } from '../platform/errors.ts';
import { msg } from '../platform/i18n.ts';
import type { AppServices } from '../platform/module.ts';
import { restErrorHandler } from './respond.ts';

/**
 * Every /api/* route, the modules' (their module.ts `rest`) in the order of the module list: raw-body
 * routes first (webhooks), then the cross-site check, the JSON parser and everyone's routes. app.ts
 * mounts it after the no-cache headers and the session, and puts the same error handler after the
 * session too.
 */
export function restApi(services: AppServices, modules: readonly ChorusModule[]): Router {
  const api = Router();
  // Before the JSON parser: webhook senders sign the raw body.
  for (const m of modules) if (m.rest?.raw) api.use(m.rest.raw(services));
  // Cross-site forgery: writes must be JSON, but for the paths a module posts HTML forms to.
  const formPaths = modules.flatMap((m) => (m.rest?.formPaths ? [m.rest.formPaths.source] : []));
  api.use(
    requireJsonWrites({
      formPaths: new RegExp(formPaths.map((p) => `(?:${p})`).join('|') || '(?!)'),
      publicOrigin: services.config.PUBLIC_URL ? new URL(services.config.publicUrl).origin : undefined,
    }),
  );
  api.use(express.json({ limit: '1mb' }), rejectNulInput);
  for (const m of modules) for (const routes of m.rest?.routes ?? []) api.use(routes(services));
  api.use(() => {
    throw notFound(msg('Not found'));
  });
  api.use(restErrorHandler);
  return api;
}
