import { formatBytes } from '@chorus/shared/fileLimits';
import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { refuseNulFileName } from '../../http/inputGuard.ts';
import { badInput, notFound, textError } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import { logger } from '../../platform/logger.ts';
import type { AppServices } from '../../platform/module.ts';
import type { Storage } from '../../platform/storage.ts';
import { onOwnRow, signedIn } from '../../rest/adapter.ts';
import { linkNextPage, pageQuery } from '../../rest/paging.ts';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import { signedInUpload } from '../../rest/upload.ts';
import { knowledgeOf, queueIndexing } from '../knowledge/core/status.ts';
import type { StoredFile } from './core/File.ts';
import * as files from './core/service.ts';
import { presentFile } from './presenters.ts';

/**
 * A multer storage engine that hands the part's stream straight to the files service, which
 * streams it into storage while checking type, size and quota; nothing is buffered whole.
 */
function streamingEngine(services: AppServices, stored: WeakMap<Request, StoredFile>): multer.StorageEngine {
  return {
    _handleFile(req, part, cb) {
      files
        .uploadFile(services.orm.em.fork(), services.storage, requireSessionUser(req), {
          name: part.originalname,
          stream: part.stream,
          maxBytes: services.config.FILE_UPLOAD_MAX_BYTES,
        })
        .then((file) => {
          stored.set(req, file);
          cb(null, { size: file.size });
        }, cb);
    },
    // Multer calls this when the request fails after the file was stored (e.g. a second file part).
    _removeFile(req, _part, cb) {
      const file = stored.get(req);
      if (!file) return cb(null);
      stored.delete(req);
      files
        .deleteFile(services.orm.em.fork(), services.storage, requireSessionUser(req), file.id)
        .then(() => cb(null), cb);
    },
  };
}

/**
 * Types a source link (knowledge/core/sources.ts) may open in the browser instead of downloading
 * (`?view=1`): a PDF opens at its page (`#page=N`), plain text as text. Nothing that runs script.
 */
const VIEWABLE_TYPES = new Set(['application/pdf', 'text/plain']);
/** Shown in place as plain text (browsers would download them under their own type). */
const VIEWED_AS_TEXT = new Set(['text/markdown', 'text/csv', 'application/json']);

async function sendDownload(req: Request, res: Response, storage: Storage, file: StoredFile) {
  const asText = req.query.view === '1' && VIEWED_AS_TEXT.has(file.contentType);
  const contentType = asText
    ? 'text/plain; charset=utf-8'
    : file.contentType.startsWith('text/')
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
  const inline = asText || (req.query.view === '1' && VIEWABLE_TYPES.has(file.contentType));
  if (!storage.root) {
    // An object store serves its owner the bytes itself, by a short-lived presigned URL that
    // answers Range requests (issue 16: private media never passes through the api).
    const url = await storage.directUrlOf(file.storageKey, {
      public: false,
      ...(inline ? {} : { download: file.name }),
      contentType,
    });
    if (!url) throw notFound(msg('File not found'));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, url);
    return;
  }
  // Content-Disposition with a properly encoded filename; shown in place only for VIEWABLE_TYPES.
  res.attachment(file.name);
  if (inline)
    res.setHeader(
      'Content-Disposition',
      String(res.getHeader('Content-Disposition')).replace(/^attachment/, 'inline'),
    );
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Accept-Ranges', 'bytes');
  let range: { start: number; end: number } | undefined;
  const asked = req.range(file.size);
  if (asked === -1) {
    res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
    res.end();
    return;
  }
  // One satisfiable range gets a 206; malformed or multiple ranges get the whole file, as allowed.
  if (Array.isArray(asked) && asked.type === 'bytes' && asked.length === 1) {
    range = { start: asked[0]!.start, end: asked[0]!.end };
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  }
  res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : file.size));
  const body = storage.stream(file.storageKey, range);
  await new Promise<void>((resolve, reject) => {
    body.once('error', (err) => {
      if (res.headersSent) res.destroy(err);
      else reject(notFound(msg('File not found')));
    });
    res.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  }).catch((err) => {
    res.removeHeader('Content-Disposition');
    res.removeHeader('Content-Range');
    res.removeHeader('Content-Length');
    res.status(404);
    throw err;
  });
}

/** My Files: list, upload (multipart field "file"), usage, download and delete; owners only. */
export function fileRoutes(services: AppServices): Router {
  const { storage } = services;
  const stored = new WeakMap<Request, StoredFile>();
  const upload = multer({
    storage: streamingEngine(services, stored),
    fileFilter: refuseNulFileName,
    // Browsers send file names as raw UTF-8.
    defParamCharset: 'utf8',
    // The service enforces the real size limit; multer's is a backstop one byte later.
    limits: { files: 1, fileSize: services.config.FILE_UPLOAD_MAX_BYTES + 1, fields: 10, parts: 12 },
  });
  const r = Router();

  r.get(
    '/files',
    signedIn(services, async ({ em, userId, req, res }) => {
      // The spec's plain array, up to 1000; `?limit=&cursor=` for the pages after it, `?folderId=`
      // for one folder's files (core/folders.ts).
      const page = await files.filePage(em, userId, pageQuery(req, ['folderId']), {
        max: 1000,
        fallback: 1000,
      });
      linkNextPage(req, res, 'cursor', page.nextCursor);
      const knowledge = await knowledgeOf(
        em,
        page.files.map((f) => f.id),
      );
      return page.files.map((f) => presentFile(f, knowledge.get(f.id)!));
    }),
  );
  r.get(
    '/files/usage',
    signedIn(services, ({ em, userId }) => files.storageUsage(em, userId)),
  );
  r.post(
    '/files',
    signedInUpload(upload, 'file', (err) =>
      err.code === 'LIMIT_FILE_SIZE'
        ? textError('PAYLOAD_TOO_LARGE', msg('Files can be at most {size}'), {
            size: formatBytes(services.config.FILE_UPLOAD_MAX_BYTES),
          })
        : badInput(msg('Send one file as multipart field "file"')),
    ),
    handler(async (req, res) => {
      const file = stored.get(req);
      if (!file) throw badInput(msg('Send one file as multipart field "file"'));
      stored.delete(req);
      // Read into passages by the worker (modules/knowledge). The file is stored either way: a
      // queueing that fails is caught up by knowledge's cron (every 5 minutes).
      const knowledge = await queueIndexing(services.orm.em.fork(), requireSessionUser(req), file.id).catch(
        (err: unknown) => {
          logger.warn({ err, fileId: file.id }, 'an upload could not be queued for reading; the cron will');
          return { status: 'pending' as const, passages: 0, error: null };
        },
      );
      res.status(201).json(presentFile(file, knowledge));
    }),
  );
  r.get(
    '/files/:id/download',
    signedIn(services, async ({ em, userId, req, res }) => {
      const file = await files.requireFile(em, userId, String(req.params.id));
      await sendDownload(req, res, storage, file);
    }),
  );
  r.delete(
    '/files/:id',
    onOwnRow(services, (em, userId, id) => files.deleteFile(em, storage, userId, id), { success: true }),
  );
  return r;
}
