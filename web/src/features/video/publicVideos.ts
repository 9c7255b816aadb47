import type { PostView } from '@chorus/shared/postView';
import { apiFetch, apiFetchWithHeaders, apiGet, apiUrl, type Query } from '../../lib/api';

/** A public video as the REST shims answer it (GET /api/public/videos and /api/public/videos/{slug}). */
export type PublicPost = Omit<PostView, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export interface PublicVideosPage {
  posts: PublicPost[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
  /** How many videos match in all (the X-Total-Count header of a first page); null when not told. */
  total: number | null;
}

export interface PublicVideosFilter extends Query {
  search?: string | null;
  tag?: string | null;
  limit?: number;
  after?: string | null;
  /** newest (the default: leave it out), top or trending. */
  sort?: 'newest' | 'top' | 'trending' | null;
}

/** The community gallery's page size and number of tag filters (spec §2: at most 10 tags). */
export const COMMUNITY_PAGE_SIZE = 24;
export const COMMUNITY_TAG_COUNT = 10;

/** `useApiQuery` keys of the public data, shared by the pages and the server's render of them. */
export const publicVideosKey = (filter: PublicVideosFilter) => apiUrl('/api/public/videos', filter);
export const publicVideoTagsKey = (limit: number) => `public-video-tags:${limit}`;
export const publicVideoKey = (slug: string) => `public-video:${slug}`;

/** Newest public videos first; the next page's cursor rides in the X-Next-Cursor header. */
export async function fetchPublicVideos(query: PublicVideosFilter, signal?: AbortSignal) {
  const { data, headers } = await apiFetchWithHeaders<PublicPost[]>('/api/public/videos', { query, signal });
  const total = headers.get('X-Total-Count');
  return {
    posts: data,
    nextCursor: headers.get('X-Next-Cursor'),
    total: total === null ? null : Number(total),
  } satisfies PublicVideosPage;
}

/** The tags of the newest public videos, for the gallery's filter chips. */
export const fetchPublicVideoTags = (limit: number, signal?: AbortSignal) =>
  apiGet<string[]>('/api/public/video-tags', { limit }, signal);

/** One public video by slug; the server counts the view (once per viewer per day). */
export const fetchPublicVideo = (slug: string, signal?: AbortSignal) =>
  apiGet<PublicPost>(`/api/public/videos/${encodeURIComponent(slug)}`, undefined, signal);

/** A post's like count and whether the signed-in user likes it, as the server has them now. */
export interface LikeState {
  likes: number;
  liked: boolean;
}

/**
 * Likes (`liked: true`) or unlikes for the signed-in user. Idempotent on the server (POST or DELETE
 * /api/posts/{id}/like), so a double click or a retry lands where the person meant.
 */
export const setLike = (postId: string, liked: boolean) =>
  apiFetch<LikeState>(`/api/posts/${encodeURIComponent(postId)}/like`, { method: liked ? 'POST' : 'DELETE' });

/** The videos the people the signed-in user follows made public, newest first (GET /api/following/videos). */
export async function fetchFollowingVideos(
  query: { limit?: number; cursor?: string | null },
  signal?: AbortSignal,
) {
  const { data, headers } = await apiFetchWithHeaders<PublicPost[]>('/api/following/videos', {
    query,
    signal,
  });
  return { posts: data, nextCursor: headers.get('X-Next-Cursor'), total: null } satisfies PublicVideosPage;
}
