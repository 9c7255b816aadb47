import type { PublicVideosFilter } from './publicVideos';

// Apart from publicVideos.ts, which the community gallery shares at its initial-JS budget.
/** How many videos a showcase of the landing or video generator page shows. */
export const SHOWCASE_SIZE = 6;
/** The landing and video generator pages' first showcase: the 6 trending public videos. */
export const TRENDING_SHOWCASE: PublicVideosFilter = {
  search: null,
  tag: null,
  limit: SHOWCASE_SIZE,
  sort: 'trending',
};
/**
 * The video generator page's second: the newest, less those trending (so 6 more are asked for), so a
 * video made a minute ago shows before it has any likes or views.
 */
export const NEWEST_SHOWCASE: PublicVideosFilter = { search: null, tag: null, limit: 2 * SHOWCASE_SIZE };
