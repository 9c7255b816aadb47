import { randomUUID } from 'node:crypto';
import { formatBytes } from '@chorus/shared/fileLimits';
import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { refuseNulFileName } from '../../http/inputGuard.ts';
import { readSettings } from '../../platform/config.ts';
import { badInput, textError } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { requireSessionUser } from '../../rest/respond.ts';
import { signedInUpload } from '../../rest/upload.ts';
import { exportAllChats, exportChat } from './core/exportChats.ts';
import {
  checkImportRoom,
  getImport,
  IMPORT_MAX_BYTES,
  type ImportView,
  requestImport,
  type StoredImport,
} from './core/imports.ts';
import { ImportInspector } from './core/importUpload.ts';
import { transferSettings } from './settings.ts';

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
 * A multer storage engine that streams the archive's part into storage through the ImportInspector
 * (size, JSON, format, hash), so the api never holds a file whole; the route then queues it or
 * deletes it. Before a byte is read, a user who has all their imports waiting is refused.
 */
function archiveEngine(services: AppServices, uploads: WeakMap<Request, StoredImport>): multer.StorageEngine {
  return {
    _handleFile(req, part, cb) {
      const userId = requireSessionUser(req);
      const key = `imports/${userId}/${randomUUID()}.json`;
      // Multer's own limit refuses a file past IMPORT_MAX_BYTES (413, the request drained); the
      // inspector's, a byte later, is the backstop.
      const inspector = new ImportInspector(IMPORT_MAX_BYTES + 1);
      const store = async () => {
        await checkImportRoom(
          services.orm.em.fork(),
          userId,
          readSettings(transferSettings, services.config).IMPORTS_QUEUED_PER_USER,
        );
        part.stream.on('error', (err) => inspector.destroy(err));
        // A refusal can come before storage reads; storage.write still sees the errored stream.
        inspector.on('error', () => {});
        part.stream.pipe(inspector);
        try {
          await services.storage.write(key, inspector);
        } catch (err) {
          // Let the rest of the request body drain so the refusal can be answered.
          part.stream.unpipe(inspector);
          part.stream.resume();
          await services.storage.delete(key).catch(() => undefined);
          throw err;
        }
        return { key, inspected: inspector.result };
      };
      store().then(
        (stored) => {
          uploads.set(req, stored);
          cb(null, { size: stored.inspected.size });
        },
        (err) => {
          part.stream.resume();
          cb(err);
        },
      );
    },
    // Multer calls this when the request fails after the file was stored (e.g. a second file part).
    _removeFile(req, _part, cb) {
      const stored = uploads.get(req);
      uploads.delete(req);
      if (!stored) return cb(null);
      services.storage.delete(stored.key).then(() => cb(null), cb);
    },
  };
}

/**
 * Export and import of chats (issue 18, item 4). Mounted before the chat routes, so
 * `/chats/export` is not taken for a chat id.
 */
export function transferRoutes(services: AppServices): Router {
  const r = Router();
  const uploads = new WeakMap<Request, StoredImport>();
  const upload = multer({
    storage: archiveEngine(services, uploads),
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
        ? textError('PAYLOAD_TOO_LARGE', msg('Import files can be at most {size}'), {
            size: formatBytes(IMPORT_MAX_BYTES),
          })
        : badInput(msg('Send one file as multipart field "file"')),
    ),
    signedIn(services, async ({ em, userId, req, res }) => {
      const stored = uploads.get(req);
      uploads.delete(req);
      if (!stored) throw badInput(msg('Send one file as multipart field "file"'));
      const options = { format: req.body?.format ?? req.query.format };
      const started = await requestImport(
        em,
        services.storage,
        userId,
        stored,
        options,
        readSettings(transferSettings, services.config).IMPORTS_QUEUED_PER_USER,
      );
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
