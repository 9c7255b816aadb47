import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { decideCall, listCalls } from './core/calls.ts';
import {
  createServer,
  deleteServer,
  getServer,
  listServers,
  listServerTools,
  updateServer,
} from './core/servers.ts';

/**
 * `GET` / `POST /api/mcp/servers`, `GET` / `PATCH` / `DELETE /api/mcp/servers/{id}`,
 * `GET /api/mcp/servers/{id}/tools` (asked of the server live), `GET /api/mcp/answers/{messageId}/calls`,
 * `POST /api/mcp/calls/{id}/approve` (`{ trust: true }` trusts the tool from now on) and `/refuse`.
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
  for (const decision of ['approve', 'refuse'] as const)
    r.post(
      `/mcp/calls/:id/${decision}`,
      signedIn(services, async ({ em, userId, req }) => ({
        call: await decideCall(em, services.pubsub, userId, String(req.params.id), decision, req.body ?? {}),
      })),
    );
  return r;
}
