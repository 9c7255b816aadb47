import path from 'node:path';
import type { Request, Response } from 'express';
import { logger } from '../platform/logger.ts';
import type { Storage } from '../platform/storage.ts';

/**
 * The storage key a /media path names, decoded and normalised (`%75ploads`, `//`, `./`, `..` and
 * `%2f` all resolve to what they mean), or null when it can't be a key at all.
 */
export function mediaKeyOf(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return null;
  return path.posix.normalize(`/${decoded}`).replace(/^\/+/, '');
}

/**
 * Sends a stored object. From local disk with Range and conditional GET support: `root` keeps the
 * dot-folder check (send refuses any dot segment in the path it is given) to the key alone, so a
 * storage folder like the default `.data/media` serves; missing files are 404s. From an object
 * store, a 302 to the URL it gives (presigned, or its public/CDN base for `public` media), which
 * answers Range requests itself; the redirect is never cached, a presigned URL expires.
 * Call it only once the request may see the object.
 */
export async function sendStored(
  req: Request,
  res: Response,
  storage: Storage,
  key: string,
  options: { cacheControl: string; download?: string; public?: boolean },
): Promise<void> {
  let download: string | undefined;
  if (options.download !== undefined) {
    const ext = path.extname(key);
    const name = (options.download || `chorus-video${ext}`).replace(/[^\w.-]+/g, '-');
    download = name.endsWith(ext) ? name : `${name}${ext}`;
  }
  if (!storage.root) {
    const url = await storage.directUrlOf(key, { public: options.public === true, download });
    if (!url) {
      notFound(res);
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, url);
    return;
  }
  if (!storage.localPathOf(key)) {
    notFound(res);
    return;
  }
  if (download !== undefined) res.attachment(download);
  res.sendFile(
    key,
    {
      root: storage.root,
      dotfiles: 'allow',
      acceptRanges: true,
      cacheControl: false,
      headers: { 'Cache-Control': options.cacheControl, 'X-Content-Type-Options': 'nosniff' },
    },
    (err?: Error & { status?: number; code?: string }) => {
      if (!err || res.headersSent) return;
      if (err.status !== 404) logger.warn({ err, key, url: req.originalUrl }, 'media could not be sent');
      res.removeHeader('Content-Disposition');
      notFound(res);
    },
  );
}

/** `?download[=name]` turns a media URL into a download (the gallery's Download navigates to it). */
export const downloadOf = (req: Request): string | undefined =>
  req.query.download === undefined ? undefined : String(req.query.download);

/** A 404 nobody caches: a video published a moment later must not stay "not found" in a CDN. */
export function notFound(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).end();
}
