import { Router } from 'express';
import { AppError } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/module.ts';
import { type SignedInCall, signedIn } from '../../rest/adapter.ts';
import { tokenManagementRefusal } from './core/scopes.ts';
import { createToken, listTokens, revokeToken } from './core/tokens.ts';

/**
 * `GET /api/tokens` → `{ tokens }`, `POST /api/tokens { name, scopes, expiresInDays }` → 201
 * `{ token, secret }` (the secret's only appearance), `DELETE /api/tokens/:id` → `{ token }`
 * (revoked). A session's calls only: the bearer middleware refuses tokens here already
 * (core/scopes.ts), and each handler checks again, so a route added here can't forget it.
 */
export function tokenRoutes(services: AppServices): Router {
  const r = Router();
  const bySession = (fn: (call: SignedInCall) => unknown) =>
    signedIn(services, (call) => {
      if (call.req.apiToken)
        throw new AppError('FORBIDDEN', tokenManagementRefusal, { reason: 'token-scope' });
      return fn(call);
    });
  r.get(
    '/tokens',
    bySession(async ({ em, userId }) => ({ tokens: await listTokens(em, userId) })),
  );
  r.post(
    '/tokens',
    bySession(async ({ em, userId, req, res }) => {
      const created = await createToken(em, userId, req.body);
      res.status(201);
      return created;
    }),
  );
  r.delete(
    '/tokens/:id',
    bySession(async ({ em, userId, req }) => ({
      token: await revokeToken(em, userId, String(req.params.id)),
    })),
  );
  return r;
}
