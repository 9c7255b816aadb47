import {
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_TAG_COUNT,
  type PublicPost,
  type PublicVideosFilter,
  type PublicVideosPage,
  publicVideoKey,
  publicVideosKey,
  publicVideoTagsKey,
} from './publicVideos';

/**
 * The public data the api reads for a server-drawn page: the same answers, as JSON, as the REST
 * shims the pages call in the browser (GET /api/public/videos, /video-tags, /videos/{slug}).
 */
export interface PublicDataSource {
  publicVideos(filter: PublicVideosFilter): Promise<PublicVideosPage>;
  publicVideoTags(limit: number): Promise<string[]>;
  /** Null when there is no public video with that slug. */
  publicVideo(slug: string): Promise<PublicPost | null>;
}

/** The community gallery as a visitor first sees it: no search, no tag. */
export const COMMUNITY_FIRST_PAGE: PublicVideosFilter = {
  search: null,
  tag: null,
  limit: COMMUNITY_PAGE_SIZE,
};

const VIDEO_PAGE = /^\/videos\/([^/]+)\/?$/;

/**
 * What a public data page needs to be drawn on the server, keyed the way its `useApiQuery` calls
 * ask for it; null for a path that is not such a page (or a video that does not exist).
 */
export async function loadPageData(
  pathname: string,
  source: PublicDataSource,
): Promise<Record<string, unknown> | null> {
  if (pathname === '/community-videos' || pathname === '/community-videos/') {
    const [videos, tags] = await Promise.all([
      source.publicVideos(COMMUNITY_FIRST_PAGE),
      source.publicVideoTags(COMMUNITY_TAG_COUNT),
    ]);
    return {
      [publicVideosKey(COMMUNITY_FIRST_PAGE)]: videos,
      [publicVideoTagsKey(COMMUNITY_TAG_COUNT)]: tags,
    };
  }
  const video = VIDEO_PAGE.exec(pathname);
  if (video) {
    let slug: string;
    try {
      slug = decodeURIComponent(video[1]!);
    } catch {
      return null;
    }
    const post = await source.publicVideo(slug);
    return post ? { [publicVideoKey(slug)]: post } : null;
  }
  return null;
}
