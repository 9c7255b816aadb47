import { Router } from 'express';
import { AppError } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { decideCall, listCalls } from './core/calls.ts';
import { finishAuthorization, startAuthorization } from './core/oauth.ts';
import { createServer, deleteServer, getServer, listServers, updateServer } from './core/servers.ts';
import { listServerTools } from './core/serverTools.ts';

/**
 * `GET` / `POST /api/mcp/servers`, `GET` / `PATCH` / `DELETE /api/mcp/servers/{id}`,
 * `GET /api/mcp/servers/{id}/tools` (asked of the server live), `GET /api/mcp/answers/{messageId}/calls`,
 * `POST /api/mcp/calls/{id}/approve` (`{ trust: true }` trusts the tool from now on) and `/refuse`;
 * OAuth: `POST /api/mcp/servers/{id}/authorize` (the URL to send the person to) and the
 * authorization server's way back, `GET /api/mcp/oauth/callback` (to /settings/tools).
 */
export function toolRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/mcp/servers',
    signedIn(services, async ({ em, userId }) => ({ servers: await listServers(em, userId) })),
  );
  r.post(
    '/mcp/servers',
    signedIn(services, async ({ em, userId, req, res }) => {
      const server = await createServer(em, services.tools, userId, req.body);
      res.status(201);
      return { server };
    }),
  );
  r.get(
    '/mcp/servers/:id',
    signedIn(services, async ({ em, userId, req }) => ({
      server: await getServer(em, userId, String(req.params.id)),
    })),
  );
  r.patch(
    '/mcp/servers/:id',
    signedIn(services, async ({ em, userId, req }) => ({
      server: await updateServer(em, userId, String(req.params.id), req.body),
    })),
  );
  r.delete(
    '/mcp/servers/:id',
    signedIn(services, async ({ em, userId, req }) => {
      await deleteServer(em, userId, String(req.params.id));
      return { success: true };
    }),
  );
  r.get(
    '/mcp/servers/:id/tools',
    signedIn(services, async ({ em, userId, req }) => ({
      tools: await listServerTools(em, services.tools, userId, String(req.params.id)),
    })),
  );
  r.get(
    '/mcp/answers/:messageId/calls',
    signedIn(services, async ({ em, userId, req }) => ({
      calls: await listCalls(em, userId, String(req.params.messageId)),
    })),
  );
  r.post(
    '/mcp/servers/:id/authorize',
    signedIn(services, ({ em, userId, req }) =>
      startAuthorization(em, services.tools, userId, String(req.params.id)),
    ),
  );
  r.get(
    '/mcp/oauth/callback',
    signedIn(services, async ({ em, userId, req, res }) => {
      // Back to the page either way: a browser landing here should not read a JSON error.
      try {
        const name = await finishAuthorization(em, services.tools, userId, req.query);
        res.redirect(303, `/settings/tools?signedIn=${encodeURIComponent(name)}`);
      } catch (e) {
        const message = e instanceof AppError ? e.message : 'Could not finish signing in';
        if (!(e instanceof AppError)) throw e;
        res.redirect(303, `/settings/tools?oauthError=${encodeURIComponent(message)}`);
      }
    }),
  );
  for (const decision of ['approve', 'refuse'] as const)
    r.post(
      `/mcp/calls/:id/${decision}`,
      signedIn(services, async ({ em, userId, req }) => ({
        call: await decideCall(em, services.pubsub, userId, String(req.params.id), decision, req.body ?? {}),
      })),
    );
  return r;
}
