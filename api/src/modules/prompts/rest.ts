import { type Request, Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import * as prompts from './core/prompts.ts';

/**
 * Saved prompts: `GET` / `POST /api/prompts`, `PATCH` / `DELETE /api/prompts/{id}` (one's own),
 * `POST /api/prompts/{id}/copy` (a friend's shared one, kept as one's own). The module README.
 */
export function promptRoutes(services: AppServices): Router {
  const r = Router();
  const id = (req: Request) => String(req.params.id);
  r.get(
    '/prompts',
    signedIn(services, ({ em, userId }) => prompts.listPrompts(em, userId)),
  );
  r.post(
    '/prompts',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return prompts.createPrompt(em, userId, req.body);
    }),
  );
  r.patch(
    '/prompts/:id',
    signedIn(services, ({ em, userId, req }) => prompts.updatePrompt(em, userId, id(req), req.body)),
  );
  r.delete(
    '/prompts/:id',
    signedIn(services, async ({ em, userId, req }) => {
      await prompts.deletePrompt(em, userId, id(req));
      return { success: true };
    }),
  );
  r.post(
    '/prompts/:id/copy',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return prompts.copyPrompt(em, userId, id(req));
    }),
  );
  return r;
}
