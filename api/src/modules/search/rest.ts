import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { searchChats } from './core/service.ts';

/** A query-string number; anything else goes to the schema as it is, to be refused there. */
const asNumber = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);

/** A query-string true/false; anything else goes to the schema as it is, to be refused there. */
const asBoolean = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

/**
 * `GET /api/search?q=…&limit=…&perChat=true|false` →
 * `{ results: [{ chatId, chatTitle, messageId, snippet, createdAt }] }`, with `matchCount` when perChat
 * and `documentId` on a canvas document's hit.
 */
export function searchRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/search',
    signedIn(services, async ({ em, userId, req }) => {
      const perChat = req.query.perChat === undefined ? undefined : (asBoolean(req.query.perChat) as boolean);
      const results = await searchChats(em, userId, {
        query: req.query.q as string,
        limit: req.query.limit === undefined ? undefined : (asNumber(req.query.limit) as number),
        perChat,
      });
      // One row per message answers as it always has (matchCount would always be 1); documentId
      // only on a document's hit, so a message's or a title's keeps its shape.
      const shaped = results.map(({ documentId, ...r }) => (documentId ? { ...r, documentId } : r));
      return { results: perChat ? shaped : shaped.map(({ matchCount: _, ...r }) => r) };
    }),
  );
  return r;
}
