import { Router } from 'express';
import { signOut } from '../../../http/authSession.ts';
import { sendStored } from '../../../http/media.ts';
import { handler, requireSessionUser } from '../../../rest/respond.ts';
import type { AppServices } from '../../../services.ts';
import { deleteAccount } from '../core/deleteAccount.ts';
import { exportFileOf, getExport, requestExport } from '../core/exportData.ts';
import { announceEnded } from './sessionList.ts';

/** Issue 17 item 7: export my data (a worker-built zip) and delete my account. */
export function accountDataRoutes(services: AppServices): Router {
  const { orm, config, storage, billing, pool, pubsub, currentUsers, sessionSockets: sockets } = services;
  const r = Router();

  r.post(
    '/account/export',
    handler(async (req, res) => {
      const view = await requestExport(orm.em.fork(), requireSessionUser(req), config.publicUrl);
      res.status(202).json(view);
    }),
  );

  r.get(
    '/account/export/:id',
    handler(async (req, res) => {
      res.json(await getExport(orm.em.fork(), requireSessionUser(req), String(req.params.id)));
    }),
  );

  r.get(
    '/account/export/:id/download',
    handler(async (req, res) => {
      const { key, filename } = await exportFileOf(
        orm.em.fork(),
        requireSessionUser(req),
        String(req.params.id),
      );
      await sendStored(req, res, storage, key, { cacheControl: 'private, no-store', download: filename });
    }),
  );

  r.delete(
    '/account',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      const { endedSessions } = await deleteAccount(
        orm.em.fork(),
        { storage, gateway: billing.gateway },
        userId,
        req.body,
      );
      currentUsers.forget(userId);
      // The session rows went with the account; every process drops its copies and closes the sockets.
      await announceEnded({ pool, pubsub, sockets }, endedSessions);
      await sockets.endUser(userId);
      await signOut(req).catch(() => {});
      res.json({ message: 'Your account and everything in it have been deleted.' });
    }),
  );

  return r;
}
