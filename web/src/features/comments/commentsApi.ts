import { apiFetch, apiFetchWithHeaders } from '../../lib/api';

/** A comment as GET /api/posts/{id}/comments answers it (api/src/modules/comments/README.md). */
export interface PostComment {
  id: string;
  postId: string;
  parentId: string | null;
  body: string;
  author: { username: string; displayName: string | null; avatar: string | null };
  createdAt: string;
  editedAt: string | null;
  edited: boolean;
  hidden: boolean;
  canEdit: boolean;
  canDelete: boolean;
  replies: PostComment[];
}

export interface CommentsPage {
  comments: PostComment[];
  nextCursor: string | null;
  total: number;
}

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;
const commentPath = (id: string) => `/api/comments/${encodeURIComponent(id)}`;

/** A page of top-level comments with their replies; the next cursor and the count ride in headers. */
export async function fetchComments(postId: string, cursor?: string | null): Promise<CommentsPage> {
  const { data, headers } = await apiFetchWithHeaders<PostComment[]>(postPath(postId), {
    query: { cursor },
  });
  return {
    comments: data,
    nextCursor: headers.get('X-Next-Cursor'),
    total: Number(headers.get('X-Total-Count') ?? data.length) || 0,
  };
}

export const addComment = (postId: string, body: string, parentId?: string | null) =>
  apiFetch<PostComment>(postPath(postId), { method: 'POST', body: { body, parentId: parentId ?? null } });

export const editComment = (id: string, body: string) =>
  apiFetch<PostComment>(commentPath(id), { method: 'PATCH', body: { body } });

export const deleteComment = (id: string) => apiFetch<unknown>(commentPath(id), { method: 'DELETE' });
