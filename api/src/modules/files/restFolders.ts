import type { EntityManager } from '@mikro-orm/postgresql';
import { type Request, Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { onOwnRow, signedIn } from '../../rest/adapter.ts';
import { knowledgeOf } from '../knowledge/core/status.ts';
import * as folders from './core/folders.ts';
import { presentFile } from './presenters.ts';

/** Folders of My Files: the owner's folders and which folder each of their files is in. */
export function fileFolderRoutes(services: AppServices): Router {
  const r = Router();
  const id = (req: Request) => String(req.params.id);
  const change = <T>(
    edit: (em: EntityManager, userId: string, id: string, input: unknown) => Promise<T>,
    present: (em: EntityManager, changed: T) => unknown,
  ) =>
    signedIn(services, async ({ em, userId, req }) => present(em, await edit(em, userId, id(req), req.body)));

  r.get(
    '/file-folders',
    signedIn(services, ({ em, userId }) => folders.listFileFolders(em, userId)),
  );
  r.post(
    '/file-folders',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201);
      return folders.createFileFolder(em, userId, req.body);
    }),
  );
  r.patch(
    '/file-folders/:id',
    change(folders.renameFileFolder, (_em, folder) => folder),
  );
  r.delete('/file-folders/:id', onOwnRow(services, folders.deleteFileFolder, { success: true }));
  r.patch(
    '/files/:id/folder',
    change(folders.moveFileToFolder, async (em, file) =>
      presentFile(file, (await knowledgeOf(em, [file.id])).get(file.id)!),
    ),
  );
  return r;
}
