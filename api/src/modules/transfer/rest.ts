import { formatBytes } from '@chorus/shared/fileLimits';
import { type Response, Router } from 'express';
import multer from 'multer';
import { refuseNulFileName, singleFileFailure } from '../../http/inputGuard.ts';
import { badInput } from '../../platform/errors.ts';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import type { AppServices } from '../../services.ts';
import { exportAllChats, exportChat } from './core/exportChats.ts';
import { getImport, IMPORT_MAX_BYTES, type ImportView, requestImport } from './core/imports.ts';

const sendDownload = (res: Response, file: { body: string; contentType: string; filename: string }) => {
  res.attachment(file.filename);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.send(file.body);
};

const importDto = (v: ImportView) => ({
  id: v.id,
  status: v.status,
  format: v.format,
  progress: v.progress,
  chatsImported: v.chatsImported,
  messagesImported: v.messagesImported,
  ...(v.error ? { error: v.error } : {}),
});

/**
 * Export and import of chats (issue 18, item 4). Mounted before the chat routes, so
 * `/chats/export` is not taken for a chat id.
 */
export function transferRoutes({ orm }: AppServices): Router {
  const r = Router();
  // The archive is read whole (it is parsed as one JSON document anyway), up to the limit.
  const upload = multer({
    storage: multer.memoryStorage(),
    fileFilter: refuseNulFileName,
    defParamCharset: 'utf8',
    limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 5, parts: 6 },
  });

  r.get(
    '/chats/export',
    handler(async (req, res) => {
      sendDownload(res, await exportAllChats(orm.em.fork(), requireSessionUser(req), req.query));
    }),
  );
  r.get(
    '/chats/:id/export',
    handler(async (req, res) => {
      const userId = requireSessionUser(req);
      sendDownload(res, await exportChat(orm.em.fork(), userId, String(req.params.id), req.query));
    }),
  );
  r.post(
    '/imports',
    (req, _res, next) => {
      requireSessionUser(req);
      next();
    },
    (req, res, next) => {
      upload.single('file')(req, res, (err: unknown) => {
        next(singleFileFailure(err, `Import files can be at most ${formatBytes(IMPORT_MAX_BYTES)}`));
      });
    },
    handler(async (req, res) => {
      if (!req.file) throw badInput('Send one file as multipart field "file"');
      const options = { format: req.body?.format ?? req.query.format };
      const started = await requestImport(orm.em.fork(), requireSessionUser(req), req.file.buffer, options);
      res.status(202).json({ id: started.id, status: started.status });
    }),
  );
  r.get(
    '/imports/:id',
    handler(async (req, res) => {
      const view = await getImport(orm.em.fork(), requireSessionUser(req), String(req.params.id));
      res.json(importDto(view));
    }),
  );
  return r;
}
