import { type Request, Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { anyone, signedIn } from '../../rest/adapter.ts';
import * as assistants from './core/assistants.ts';

/**
 * Custom assistants: `GET` / `POST /api/assistants` (one's own and friends' shared), `PATCH` /
 * `DELETE /api/assistants/{id}` (one's own), `GET /api/assistants/directory` (public ones, anyone),
 * `GET /api/assistants/{handle-or-id}` (one the viewer may use), `POST /api/assistants/{id}/copy`.
 * The module README has the contract.
 */
export function assistantRoutes(services: AppServices): Router {
  const r = Router();
  const id = (req: Request) => String(req.params.id);
  r.get(
    '/assistants',
    signedIn(services, async ({ em, userId }) => ({
      assistants: await assistants.listAssistants(em, userId),
    })),
  );
  r.post(
    '/assistants',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return assistants.createAssistant(em, userId, req.body);
    }),
  );
  // Before `/assistants/:id`, which would read "directory" as a handle.
  r.get(
    '/assistants/directory',
    anyone(services, ({ em, userId, req }) =>
      assistants.assistantDirectory(em, userId, { cursor: req.query.cursor, q: req.query.q }),
    ),
  );
  r.get(
    '/assistants/:id',
    anyone(services, ({ em, userId, req }) => assistants.getAssistant(em, userId, id(req))),
  );
  r.patch(
    '/assistants/:id',
    signedIn(services, ({ em, userId, req }) => assistants.updateAssistant(em, userId, id(req), req.body)),
  );
  r.delete(
    '/assistants/:id',
    signedIn(services, async ({ em, userId, req, res }) => {
      await assistants.deleteAssistant(em, userId, id(req));
      res.status(204).end();
    }),
  );
  r.post(
    '/assistants/:id/copy',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return assistants.copyAssistant(em, userId, id(req));
    }),
  );
  return r;
}
