import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { POSTER_WIDTHS } from '../modules/video/core/posterSizes.ts';
import { logger } from '../platform/logger.ts';
import type { PubSub } from '../platform/pubsub.ts';
import { SharedCache } from '../platform/sharedCache.ts';
import type { Storage } from '../platform/storage.ts';
import { posterScaler, posterWidthOf } from './posterSizes.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What may ever be public: a video and its thumbnail, `videos/<user>/<job>.mp4|jpg`. */
const PUBLIC_KEY = new RegExp(`^videos/(${UUID})/(${UUID})\\.(?:mp4|jpg)$`);
/**
 * What an owner may fetch through the private URL: their videos, thumbnails and chat images
 * (attached or generated). My Files uploads are never served here: only their download route.
 */
const PRIVATE_KEY = new RegExp(
  `^(?:videos/(${UUID})/${UUID}\\.(?:mp4|jpg)|images/(${UUID})/${UUID}\\.(?:png|jpe?g|gif|webp))$`,
);
const PRIVATE_PREFIX = 'private/';

/** Trigger-sent (see the public media migration): `<user>/<job>` of a post whose visibility changed. */
export const PUBLIC_MEDIA_CHANGED = 'public_media_changed';

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
const downloadOf = (req: Request): string | undefined =>
  req.query.download === undefined ? undefined : String(req.query.download);

/** A 404 nobody caches: a video published a moment later must not stay "not found" in a CDN. */
function notFound(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).end();
}

/**
 * Everything under /media, by allow-list on the decoded, normalised key (never by blocking
 * prefixes):
 * - `/media/videos/<user>/<job>.mp4|jpg` while a public post shows that video: to anyone, with
 *   shared caching (`public, max-age`). Whether it is published is read from the database through a
 *   cache every process drops when a post's visibility changes (posts trigger), so a post made
 *   private or deleted stops answering at once.
 * - `/media/private/<key>` for the owner's videos, thumbnails and chat images: the session's user
 *   must own the key's files row; `Cache-Control: private, no-cache`.
 * Anything else, uploads included, is a 404.
 */
export function mediaRoutes(deps: {
  orm: MikroORM;
  pubsub: PubSub;
  storage: Storage;
  sessionMiddleware: RequestHandler;
  publicMaxAgeSeconds: number;
}): Router {
  const { orm, storage } = deps;
  const published = new SharedCache<boolean>(deps.pubsub, PUBLIC_MEDIA_CHANGED, 60_000);
  const isPublished = (userId: string, jobId: string) =>
    published.get(`${userId}/${jobId}`, async () => {
      const rows = await orm.em.getConnection().execute<{ published: boolean }[]>(
        `select exists (
           select 1 from posts where video_id = ? and user_id = ? and is_public
         ) as published`,
        [jobId, userId],
      );
      return rows[0]?.published === true;
    });
  const ownsKey = async (userId: string, key: string) => {
    const rows = await orm.em
      .getConnection()
      .execute<{ n: number }[]>('select 1 as n from files where storage_key = ? and user_id = ?', [
        key,
        userId,
      ]);
    return rows.length > 0;
  };
  const publicCache = `public, max-age=${deps.publicMaxAgeSeconds}`;
  const scalePoster = posterScaler(storage);

  const r = Router();
  r.get(/.*/, async (req, res, next) => {
    const key = mediaKeyOf(req.path);
    if (key?.startsWith(PRIVATE_PREFIX)) {
      next();
      return;
    }
    // Answers written before media went private name their generated images at `/media/images/…`
    // in their text: the owner-only URL takes it from here (and checks the owner).
    if (key && PRIVATE_KEY.exec(key)?.[2]) {
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(308, `/media/${PRIVATE_PREFIX}${key}`);
      return;
    }
    const match = key ? PUBLIC_KEY.exec(key) : null;
    if (!key || !match || !(await isPublished(match[1]!, match[2]!))) {
      notFound(res);
      return;
    }
    // `?w=384`: the published poster at the size a card shows it (http/posterSizes.ts).
    const width = key.endsWith('.jpg') ? posterWidthOf(req.query) : undefined;
    if (width === 'invalid') {
      res
        .status(400)
        .json({ message: `w must be one of ${POSTER_WIDTHS.join(', ')}`, code: 'BAD_USER_INPUT' });
      return;
    }
    const served = (width && (await scalePoster(key, width))) || key;
    await sendStored(req, res, storage, served, {
      cacheControl: publicCache,
      download: downloadOf(req),
      public: true,
    });
  });
  r.get(/.*/, deps.sessionMiddleware, async (req, res) => {
    const key = mediaKeyOf(req.path)!.slice(PRIVATE_PREFIX.length);
    const match = PRIVATE_KEY.exec(key);
    const userId = req.session?.userId;
    const owner = match?.[1] ?? match?.[2];
    if (!match || !userId || owner !== userId || !(await ownsKey(userId, key))) {
      notFound(res);
      return;
    }
    await sendStored(req, res, storage, key, {
      cacheControl: 'private, no-cache',
      download: downloadOf(req),
    });
  });
  // Other methods: nothing here is writable.
  r.use((_req, res) => {
    notFound(res);
  });
  return r;
}
