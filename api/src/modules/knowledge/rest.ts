import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { reindexFile } from './core/status.ts';

/** `POST /api/files/{id}/reindex`: reads one of the user's files again (202: the worker does it). */
export function knowledgeRoutes(services: AppServices): Router {
  const r = Router();
  r.post(
    '/files/:id/reindex',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(202).json({ knowledge: await reindexFile(em, userId, String(req.params.id)) });
    }),
  );
  return r;
}
