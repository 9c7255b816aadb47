import { type Request, Router } from 'express';
import { sendStored } from '../../http/media.ts';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import type { AppServices } from '../../services.ts';
import { chatView } from '../chat/core/chatView.ts';
import type { ChatShare } from './core/ChatShare.ts';
import * as shares from './core/service.ts';
import { originOf } from './origin.ts';

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
export function shareRoutes({ orm, storage, config }: AppServices): Router {
  const r = Router();
  const token = (req: Request) => String(req.params.token);

  r.post(
    '/chats/:id/shares',
    handler(async (req, res) => {
      const share = await shares.createShare(orm.em.fork(), requireSessionUser(req), String(req.params.id));
      res.status(201).json(shareDto(share, originOf(config, req)));
    }),
  );
  r.get(
    '/chats/:id/shares',
    handler(async (req, res) => {
      const list = await shares.listShares(orm.em.fork(), requireSessionUser(req), String(req.params.id));
      res.json(list.map((share) => shareDto(share, originOf(config, req))));
    }),
  );
  r.delete(
    '/shares/:token',
    handler(async (req, res) => {
      await shares.revokeShare(orm.em.fork(), requireSessionUser(req), token(req));
      res.json({ success: true });
    }),
  );
  r.get(
    '/shares/:token',
    handler(async (req, res) => {
      const view = shares.sharedChatView(await shares.requireShare(orm.em.fork(), token(req)), storage);
      res.json({ title: view.title, createdAt: view.createdAt, messages: view.messages });
    }),
  );
  r.get(
    '/shares/:token/images/:n',
    handler(async (req, res) => {
      const key = await shares.shareImageKey(orm.em.fork(), token(req), String(req.params.n));
      // Revalidated on every view: a revoked link's images stop at once.
      sendStored(req, res, storage, key, { cacheControl: 'private, no-cache' });
    }),
  );
  r.post(
    '/shares/:token/continue',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      res.status(201).json(chatView(await shares.continueShare(orm.em.fork(), storage, userId, token(req))));
    }),
  );
  r.post(
    '/shares/:token/send',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      const message = await shares.sendShareToFriend(
        orm.em.fork(),
        userId,
        token(req),
        req.body,
        originOf(config, req),
      );
      res.status(201).json({ message });
    }),
  );
  return r;
}
