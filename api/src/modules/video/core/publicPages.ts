import type { PostView } from '@chorus/shared/postView';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../platform/errors.ts';
import type { SharedCache } from '../../../platform/sharedCache.ts';
import { listPublicVideos, type PublicVideosPage, publicVideo, publicVideoTags } from './posts.ts';

/** A value as it travels as JSON (the REST shims' answers): dates become ISO strings. */
type Json<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
const asJson = <T>(value: T): Json<T> => JSON.parse(JSON.stringify(value)) as Json<T>;

export type PublicPostJson = Json<PostView>;

/**
 * The public data the server draws the community gallery and the video pages with, shaped exactly as
 * the REST shims answer it (GET /api/public/videos, /video-tags, /videos/{slug}) and as an anonymous
 * visitor sees it, so the browser hydrates the same page it would have drawn itself. One source per
 * request: a video read for the page's head tags is not read again for its body.
 */
export interface PublicPageSource {
  publicVideos(filter: {
    search?: string | null;
    tag?: string | null;
    limit?: number;
    /** newest (absent), top or trending: the gallery's ?sort=. */
    sort?: string | null;
  }): Promise<{ posts: PublicPostJson[]; nextCursor: string | null; total: number | null }>;
  publicVideoTags(limit: number): Promise<string[]>;
  /** Null when no public video has that slug (a private one reads the same as none). */
  publicVideo(slug: string): Promise<PublicPostJson | null>;
}

export function publicPageSource(
  em: EntityManager,
  firstPageCache?: SharedCache<PublicVideosPage>,
): PublicPageSource {
  const videos = new Map<string, Promise<PublicPostJson | null>>();
  return {
    async publicVideos(filter) {
      // As a query string would carry it: only the values that are set.
      const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== null && v !== ''));
      const page = await listPublicVideos(em.fork(), query, null, firstPageCache);
      return { posts: asJson(page.posts), nextCursor: page.nextCursor, total: page.total ?? null };
    },
    publicVideoTags: (limit) => publicVideoTags(em.fork(), limit),
    publicVideo(slug) {
      let video = videos.get(slug);
      if (!video) {
        video = publicVideo(em.fork(), slug, null).then(asJson, (error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
          throw error;
        });
        videos.set(slug, video);
      }
      return video;
    },
  };
}

/** What the head tags of a video's page say about it (shared with the web app's own head tags). */
export { videoPageDataOf } from '@chorus/shared/postView';
