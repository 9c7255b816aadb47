import { Router } from 'express';
import { signedIn } from '../../rest/adapter.ts';
import type { AppServices } from '../../services.ts';
import { searchChats } from './core/service.ts';

/** A query-string number; anything else goes to the schema as it is, to be refused there. */
const asNumber = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);

/** `GET /api/search?q=…&limit=…` → `{ results: [{ chatId, chatTitle, messageId, snippet, createdAt }] }`. */
export function searchRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/search',
    signedIn(services, async ({ em, userId, req }) => ({
      results: await searchChats(em, userId, {
        query: req.query.q as string,
        limit: req.query.limit === undefined ? undefined : (asNumber(req.query.limit) as number),
      }),
    })),
  );
  return r;
}
