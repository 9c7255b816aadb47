import { matchRoute } from '@chorus/shared/seo';
import { creatorKey, type PublicCreator } from '../features/creators/publicCreators';
import { type SharedChat, sharedChatKey } from '../features/shares/sharedChat';
import {
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_TAG_COUNT,
  type PublicPost,
  type PublicVideosFilter,
  type PublicVideosPage,
  publicVideoKey,
  publicVideosKey,
  publicVideoTagsKey,
} from '../features/video/publicVideos';
import { NEWEST_SHOWCASE, TRENDING_SHOWCASE } from '../features/video/showcases';

/**
 * The public data the api reads for a server-drawn page: the same answers, as JSON, as the REST
 * shims the pages call in the browser (GET /api/public/videos, /video-tags, /videos/{slug}, /shares/{token}, /users/{username}).
 */
export interface PublicDataSource {
  publicVideos(filter: PublicVideosFilter): Promise<PublicVideosPage>;
  publicVideoTags(limit: number): Promise<string[]>;
  /** Null when there is no public video with that slug. */
  publicVideo(slug: string): Promise<PublicPost | null>;
  /** Null for a link that does not exist or was revoked. */
  share(token: string): Promise<SharedChat | null>;
  /** Null for no such person (unknown or banned). */
  creator(username: string): Promise<PublicCreator | null>;
}

/** The community gallery as a visitor first sees it: no search, no tag. */
export const COMMUNITY_FIRST_PAGE: PublicVideosFilter = {
  search: null,
  tag: null,
  limit: COMMUNITY_PAGE_SIZE,
};

/**
 * What a public data page needs to be drawn on the server, keyed the way its `useApiQuery` calls
 * ask for it; null for a path that is not such a page (or a video that does not exist).
 */
export async function loadPageData(
  pathname: string,
  source: PublicDataSource,
): Promise<Record<string, unknown> | null> {
  // The server's own route table (this module only runs on the server, so it costs the browser nothing).
  const route = matchRoute(pathname);
  if (route?.kind === 'static' && route.meta.canonicalPath === '/community-videos') {
    const [videos, tags] = await Promise.all([
      source.publicVideos(COMMUNITY_FIRST_PAGE),
      source.publicVideoTags(COMMUNITY_TAG_COUNT),
    ]);
    return {
      [publicVideosKey(COMMUNITY_FIRST_PAGE)]: videos,
      [publicVideoTagsKey(COMMUNITY_TAG_COUNT)]: tags,
    };
  }
  if (route?.kind === 'static' && route.meta.canonicalPath === '/ai-video-generator') {
    const [trending, newest] = await Promise.all([
      source.publicVideos(TRENDING_SHOWCASE),
      source.publicVideos(NEWEST_SHOWCASE),
    ]);
    return { [publicVideosKey(TRENDING_SHOWCASE)]: trending, [publicVideosKey(NEWEST_SHOWCASE)]: newest };
  }
  if (route?.kind === 'video') {
    const post = await source.publicVideo(route.slug);
    return post ? { [publicVideoKey(route.slug)]: post } : null;
  }
  if (route?.kind === 'creator') {
    const creator = await source.creator(route.username);
    return creator ? { [creatorKey(route.username)]: creator } : null;
  }
  if (route?.kind === 'share') {
    const share = await source.share(route.token);
    return share ? { [sharedChatKey(route.token)]: share } : null;
  }
  return null;
}
