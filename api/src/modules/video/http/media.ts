import type { MikroORM } from '@mikro-orm/postgresql';
import { type RequestHandler, Router } from 'express';
import { downloadOf, mediaKeyOf, notFound, sendStored } from '../../../http/media.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { SharedCache } from '../../../platform/sharedCache.ts';
import type { Storage } from '../../../platform/storage.ts';
import { POSTER_WIDTHS } from '../core/posterSizes.ts';
import { publiclyVisible } from '../core/posts.ts';
import { PUBLIC_MEDIA_OWNER_CHANGED } from '../core/publicMedia.ts';
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
 * Everything under /media, by allow-list on the decoded, normalised key (never by blocking
 * prefixes):
 * - `/media/videos/<user>/<job>.mp4|jpg` while a public post of an owner who isn't banned shows that
 *   video: to anyone, with shared caching (`public, max-age`). Whether it is published is read from
 *   the database through a cache every process drops when a post's visibility changes (posts
 *   trigger) or its owner is banned or unbanned (PUBLIC_MEDIA_OWNER_CHANGED), so a post made private,
 *   hidden or deleted, or a banned owner's video, stops answering at once.
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
  // A ban (or unban) changes every one of the owner's answers at once: all their keys go.
  deps.pubsub
    .subscribe(PUBLIC_MEDIA_OWNER_CHANGED, (userId) => published.dropPrefix(`${userId}/`))
    .catch((err) => logger.error({ err }, 'public media owner channel unavailable'));
  const isPublished = (userId: string, jobId: string) =>
    published.get(`${userId}/${jobId}`, async () => {
      const rows = await orm.em.getConnection().execute<{ published: boolean }[]>(
        `select exists (
           select 1 from posts where video_id = ? and user_id = ? and ${publiclyVisible('posts.')}
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
    // `?w=384`: the published poster at the size a card shows it (video/http/posterSizes.ts).
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
