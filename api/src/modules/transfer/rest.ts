import { formatBytes } from '@chorus/shared/fileLimits';
import { type Response, Router } from 'express';
import multer from 'multer';
import { refuseNulFileName } from '../../http/inputGuard.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { signedIn } from '../../rest/adapter.ts';
import { signedInUpload } from '../../rest/upload.ts';
import type { AppServices } from '../../services.ts';
import { exportAllChats, exportChat } from './core/exportChats.ts';
import { getImport, IMPORT_MAX_BYTES, type ImportView, requestImport } from './core/imports.ts';

const sendDownload = (res: Response, file: { body: string; contentType: string; filename: string }) => {
  res.attachment(file.filename);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.send(file.body);
};

const presentImport = (v: ImportView) => ({
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
export function transferRoutes(services: AppServices): Router {
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
    signedIn(services, async ({ em, userId, req, res }) => {
      sendDownload(res, await exportAllChats(em, services.storage, userId, req.query));
    }),
  );
  r.get(
    '/chats/:id/export',
    signedIn(services, async ({ em, userId, req, res }) => {
      sendDownload(res, await exportChat(em, services.storage, userId, String(req.params.id), req.query));
    }),
  );
  r.post(
    '/imports',
    signedInUpload(upload, 'file', (err) =>
      err.code === 'LIMIT_FILE_SIZE'
        ? new AppError('PAYLOAD_TOO_LARGE', `Import files can be at most ${formatBytes(IMPORT_MAX_BYTES)}`)
        : badInput('Send one file as multipart field "file"'),
    ),
    signedIn(services, async ({ em, userId, req, res }) => {
      if (!req.file) throw badInput('Send one file as multipart field "file"');
      const options = { format: req.body?.format ?? req.query.format };
      const started = await requestImport(em, userId, req.file.buffer, options);
      res.status(202);
      return { id: started.id, status: started.status };
    }),
  );
  r.get(
    '/imports/:id',
    signedIn(services, async ({ em, userId, req }) =>
      presentImport(await getImport(em, userId, String(req.params.id))),
    ),
  );
  return r;
}
