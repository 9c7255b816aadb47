import { type Request, Router } from 'express';
import { linkOriginOf } from '../../http/linkOrigin.ts';
import { sendStored } from '../../http/media.ts';
import type { AppServices } from '../../platform/module.ts';
import { anyone, signedIn } from '../../rest/adapter.ts';
import { chatView } from '../chat/core/chatView.ts';
import type { ChatShare } from './core/ChatShare.ts';
import { shareContinueLimiter } from './core/continueLimit.ts';
import * as shares from './core/service.ts';

const shareDto = (share: ChatShare, origin: string) => ({
  token: share.token,
  url: `${origin}${shares.sharePath(share.token)}`,
  title: share.title,
  messageCount: share.messages.length,
  createdAt: share.createdAt,
});

/**
 * The share links of the issue 18 contract: the owner's operations need the session; reading a
 * share (its JSON and images) does not.
 */
export function shareRoutes(services: AppServices): Router {
  const { storage, config } = services;
  const r = Router();
  const token = (req: Request) => String(req.params.token);

  r.post(
    '/chats/:id/shares',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return shareDto(await shares.createShare(em, userId, String(req.params.id)), linkOriginOf(config, req));
    }),
  );
  r.get(
    '/chats/:id/shares',
    signedIn(services, async ({ em, userId, req }) =>
      (await shares.listShares(em, userId, String(req.params.id))).map((share) =>
        shareDto(share, linkOriginOf(config, req)),
      ),
    ),
  );
  r.delete(
    '/shares/:token',
    signedIn(services, async ({ em, userId, req }) => {
      await shares.revokeShare(em, userId, token(req));
      return { success: true };
    }),
  );
  r.get(
    '/shares/:token',
    anyone(services, async ({ em, req }) => {
      const view = shares.sharedChatView(await shares.requireShare(em, token(req)), storage);
      return {
        title: view.title,
        createdAt: view.createdAt,
        messages: view.messages,
        documents: view.documents,
      };
    }),
  );
  r.get(
    '/shares/:token/images/:n',
    anyone(services, async ({ em, req, res }) => {
      const key = await shares.shareImageKey(em, token(req), String(req.params.n));
      // Revalidated on every view: a revoked link's images stop at once.
      await sendStored(req, res, storage, key, { cacheControl: 'private, no-cache' });
    }),
  );
  r.post(
    '/shares/:token/continue',
    signedIn(services, async ({ em, userId, req, res }) => {
      await shareContinueLimiter(services).consume(userId);
      res.status(201);
      return chatView(await shares.continueShare(em, storage, userId, token(req)));
    }),
  );
  r.post(
    '/shares/:token/send',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return {
        message: await shares.sendShareToFriend(em, userId, token(req), req.body, linkOriginOf(config, req)),
      };
    }),
  );
  return r;
}
