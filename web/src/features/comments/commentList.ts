import type { PostComment } from './commentsApi';

/**
 * The comments a video page shows, changed as the page learns of changes (its own posts and the live
 * `commentsChanged` events): pure, unit tested in commentList.test.ts. A comment is in the list once
 * whichever way it arrived first.
 */

/** Puts `comment` where it belongs: replaced where it is, else added after its siblings (oldest first). */
export function upsertComment(
  list: PostComment[],
  comment: PostComment,
  appendTopLevel = true,
): PostComment[] {
  if (comment.parentId) {
    return list.map((c) => {
      if (c.id !== comment.parentId) return c;
      const at = c.replies.findIndex((r) => r.id === comment.id);
      const replies = at >= 0 ? c.replies.with(at, comment) : [...c.replies, comment];
      return { ...c, replies };
    });
  }
  const at = list.findIndex((c) => c.id === comment.id);
  if (at >= 0)
    return list.with(at, {
      ...comment,
      replies: comment.replies.length ? comment.replies : list[at]!.replies,
    });
  return appendTopLevel ? [...list, comment] : list;
}

/** Takes a comment out (a top-level one with its replies, as the server deletes them). */
export function removeComment(list: PostComment[], id: string): PostComment[] {
  return list
    .filter((c) => c.id !== id)
    .map((c) =>
      c.replies.some((r) => r.id === id) ? { ...c, replies: c.replies.filter((r) => r.id !== id) } : c,
    );
}

/** How many comments and replies the list holds. */
export const countComments = (list: PostComment[]) => list.reduce((n, c) => n + 1 + c.replies.length, 0);

/** A later page appended, leaving out what the list already has (a live comment shown before its page). */
export function appendPage(list: PostComment[], page: PostComment[]): PostComment[] {
  const seen = new Set(list.map((c) => c.id));
  return [...list, ...page.filter((c) => !seen.has(c.id))];
}
