import { Router } from 'express';
import { readSettings } from '../../platform/config.ts';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { announceOwnerMediaChanged } from '../video/core/publicMedia.ts';
import { blockUser, listBlocked, unblockUser } from './core/blocks.ts';
import { createReport, myReports } from './core/reports.ts';
import { moderationSettings } from './settings.ts';

/**
 * Reporting and blocking over REST (the module README lists the contract): `POST /api/reports`,
 * `GET /api/reports/mine`, `POST|DELETE /api/users/{username}/block`, `GET /api/blocks`.
 */
export function reportRoutes(services: AppServices): Router {
  const r = Router();
  const { REPORTS_AUTO_HIDE_AT } = readSettings(moderationSettings, services.config);
  r.post(
    '/reports',
    signedIn(services, async ({ em, userId, req, res }) => {
      const { id } = await createReport(em, userId, req.body, REPORTS_AUTO_HIDE_AT, (ownerId) =>
        announceOwnerMediaChanged(services.pubsub, ownerId),
      );
      res.status(201);
      return { id };
    }),
  );
  r.get(
    '/reports/mine',
    signedIn(services, ({ em, userId, req }) => myReports(em, userId, Number(req.query.limit) || 50)),
  );
  r.post(
    '/users/:username/block',
    signedIn(services, ({ em, userId, req }) => blockUser(em, userId, String(req.params.username))),
  );
  r.delete(
    '/users/:username/block',
    signedIn(services, ({ em, userId, req }) => unblockUser(em, userId, String(req.params.username))),
  );
  r.get(
    '/blocks',
    signedIn(services, ({ em, userId }) => listBlocked(em, userId)),
  );
  return r;
}
