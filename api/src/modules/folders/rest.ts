import { type Request, Router } from 'express';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import type { AppServices } from '../../services.ts';
import { chatView } from '../chat/core/chatView.ts';
import type { ChatFolder } from './core/ChatFolder.ts';
import * as folders from './core/service.ts';

const folderDto = (f: ChatFolder) => ({
  id: f.id,
  name: f.name,
  position: f.position,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

/** Folders and pins (issue 18, item 5): the owner's folders and where each of their chats is filed. */
export function folderRoutes({ orm }: AppServices): Router {
  const r = Router();
  const id = (req: Request) => String(req.params.id);

  r.get(
    '/folders',
    handler(async (req, res) => {
      res.json((await folders.listFolders(orm.em.fork(), requireSessionUser(req))).map(folderDto));
    }),
  );
  r.post(
    '/folders',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      res.status(201).json(folderDto(await folders.createFolder(orm.em.fork(), userId, req.body)));
    }),
  );
  r.patch(
    '/folders/:id',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      res.json(folderDto(await folders.updateFolder(orm.em.fork(), userId, id(req), req.body)));
    }),
  );
  r.delete(
    '/folders/:id',
    handler(async (req, res) => {
      await folders.deleteFolder(orm.em.fork(), requireSessionUser(req), id(req));
      res.json({ success: true });
    }),
  );
  r.patch(
    '/chats/:id/folder',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      res.json(chatView(await folders.moveChat(orm.em.fork(), userId, id(req), req.body)));
    }),
  );
  r.patch(
    '/chats/:id/pin',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      res.json(chatView(await folders.pinChat(orm.em.fork(), userId, id(req), req.body)));
    }),
  );
  return r;
}
