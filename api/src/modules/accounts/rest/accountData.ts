import { Router } from 'express';
import { sendStored } from '../../../http/media.ts';
import type { AppServices } from '../../../platform/module.ts';
import { signedIn } from '../../../rest/adapter.ts';
import { exportFileOf, getExport, requestExport } from '../core/exportData.ts';
import { deleteAccountSigningOut } from '../flows/securityFlow.ts';

/** Issue 17 item 7: export my data (a worker-built zip) and delete my account. */
export function accountDataRoutes(services: AppServices): Router {
  const { config, storage } = services;
  const r = Router();

  r.post(
    '/account/export',
    signedIn(services, async ({ em, userId, res }) => {
      const view = await requestExport(em, userId, config.publicUrl);
      res.status(202).json(view);
    }),
  );

  r.get(
    '/account/export/:id',
    signedIn(services, ({ em, userId, req }) => getExport(em, userId, String(req.params.id))),
  );

  r.get(
    '/account/export/:id/download',
    signedIn(services, async ({ em, userId, req, res }) => {
      const { key, filename } = await exportFileOf(em, userId, String(req.params.id));
      await sendStored(req, res, storage, key, { cacheControl: 'private, no-store', download: filename });
    }),
  );

  r.delete(
    '/account',
    signedIn(services, async ({ em, userId, req }) => ({
      message: await deleteAccountSigningOut({ services, em, req }, userId, req.body),
    })),
  );

  return r;
}
