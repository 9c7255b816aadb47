import type { EntityManager } from '@mikro-orm/postgresql';
import { type Request, Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { onOwnRow, signedIn } from '../../rest/adapter.ts';
import type { ChatFolder } from '../chat/core/ChatFolder.ts';
import { chatView } from '../chat/core/chatView.ts';
import * as folders from './core/service.ts';

const folderDto = (f: ChatFolder) => ({
  id: f.id,
  name: f.name,
  position: f.position,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
});

/** Folders and pins (issue 18, item 5): the owner's folders and where each of their chats is filed. */
export function folderRoutes(services: AppServices): Router {
  const r = Router();
  const id = (req: Request) => String(req.params.id);
  /** A change to one of the owner's things named in the path: the core gets its id and the body. */
  const change = <T>(
    edit: (em: EntityManager, userId: string, id: string, input: unknown) => Promise<T>,
    present: (changed: T) => unknown,
  ) => signedIn(services, ({ em, userId, req }) => edit(em, userId, id(req), req.body).then(present));

  r.get(
    '/folders',
    signedIn(services, async ({ em, userId }) => (await folders.listFolders(em, userId)).map(folderDto)),
  );
  r.post(
    '/folders',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return folderDto(await folders.createFolder(em, userId, req.body));
    }),
  );
  r.patch('/folders/:id', change(folders.updateFolder, folderDto));
  r.delete('/folders/:id', onOwnRow(services, folders.deleteFolder, { success: true }));
  r.patch('/chats/:id/folder', change(folders.moveChat, chatView));
  r.patch('/chats/:id/pin', change(folders.pinChat, chatView));
  return r;
}
