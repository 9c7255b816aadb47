import type { CreatorPageData } from '@chorus/shared/creatorPageMeta';
import { apiFetch, apiFetchWithHeaders, apiGet } from '../../lib/api';
import type { PublicPost } from '../video/publicVideos';

/** A public profile as GET /api/users/{username} answers it. */
export interface PublicCreator extends CreatorPageData {
  isFollowing: boolean;
  /** Their newest public videos (the first page). */
  videos: PublicPost[];
  /** Pass as `cursor` to GET /api/users/{username}/videos for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface FollowState {
  username: string;
  isFollowing: boolean;
  followers: number;
}

/** The profile page's videos per page (the api's default page). */
export const CREATOR_PAGE_SIZE = 24;

/** `useApiQuery` key of a profile, shared by the page and the server's render of it. */
export const creatorKey = (username: string) => `creator:${username}`;

const userPath = (username: string) => `/api/users/${encodeURIComponent(username)}`;

export async function fetchCreator(username: string, signal?: AbortSignal): Promise<PublicCreator> {
  const creator = await apiGet<PublicCreator>(userPath(username), undefined, signal);
  // The account routes come first under /api/users (GET /api/users/settings is the viewer's own
  // settings): a person named like one of them is read through the server's page data only.
  if (!Array.isArray(creator?.videos)) throw new Error('Not a profile');
  return creator;
}

/** Their videos after `cursor`; the next cursor rides in X-Next-Cursor (as the community gallery's). */
export async function fetchCreatorVideos(username: string, cursor: string) {
  const { data, headers } = await apiFetchWithHeaders<PublicPost[]>(`${userPath(username)}/videos`, {
    query: { cursor, limit: CREATOR_PAGE_SIZE },
  });
  return { posts: data, nextCursor: headers.get('X-Next-Cursor') };
}

export const setFollowing = (username: string, follow: boolean) =>
  apiFetch<FollowState>(`${userPath(username)}/follow`, { method: follow ? 'POST' : 'DELETE' });
