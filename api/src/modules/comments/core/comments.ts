import { COMMENT_MAX } from '@chorus/shared/commentRules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { shownAvatar, shownDisplayName } from '../../accounts/core/shownProfile.ts';
import { notify } from '../../notifications/core/notifications.ts';
import { publiclyVisible } from '../../video/core/posts.ts';

/**
 * Comments on community videos: top-level comments oldest first, each with its replies (one level:
 * a reply to a reply is refused). Plain text, trimmed, 1 to COMMENT_MAX characters (@chorus/shared/commentRules). Who sees what:
 * - a comment moderators hid (hidden_content, target 'comment': moderation/core/reports.ts) is out
 *   of everyone's view but staff's, and a hidden comment's replies go with it;
 * - the comments of people the viewer blocked (moderation/core/blocks.ts, read here as plain SQL)
 *   and of banned accounts are left out;
 * - authors are drawn as others see them (accounts/core/shownProfile.ts).
 * Deleting a top-level comment deletes its replies too (the parent's foreign key cascades): there is
 * no "[deleted]" placeholder to keep, and a thread never outlives what it answered.
 */

/** Top-level comments a page holds. */
export const COMMENTS_PAGE = 20;
/** Replies one comment may have: they are listed whole with it (the cost rule counts that many). */
export const REPLIES_MAX = 30;

export const commentMessages = {
  postNotFound: msg('Video not found'),
  notFound: msg('Comment not found'),
  // The comment box shows the same two texts before sending (web/src/features/comments/components/CommentComposer.tsx).
  empty: msg('Write something before posting your comment'),
  tooLong: msg('Keep your comment to {max, plural, other {# characters}}'),
  body: msg('Write your comment as text (body)'),
  parentId: msg('parentId must be the id of a comment on this video'),
  replyToReply: msg('You can only reply to a top-level comment, not to a reply'),
  threadFull: msg('This comment has reached {max} replies'),
  restricted: msg("Your account can't post comments right now"),
} as const;

export interface CommentAuthor {
  username: string;
  displayName: string | null;
  avatar: string | null;
}

export interface CommentView {
  id: string;
  postId: string;
  parentId: string | null;
  body: string;
  author: CommentAuthor;
  createdAt: Date;
  editedAt: Date | null;
  edited: boolean;
  /** Hidden by moderators: only staff get such a comment, marked. */
  hidden: boolean;
  /** Whether the viewer may edit it (theirs) or delete it (theirs, or on their video). */
  canEdit: boolean;
  canDelete: boolean;
  /** A top-level comment's replies, oldest first; always empty for a reply. */
  replies: CommentView[];
}

export interface CommentPage {
  comments: CommentView[];
  nextCursor: string | null;
  /** The comments and replies on the video the viewer can see. */
  total: number;
}

/** What changed on a video's comments, for its open pages (`commentsChanged`). */
export interface CommentsChange {
  postId: string;
  kind: 'added' | 'edited' | 'deleted';
  commentId: string;
  parentId: string | null;
}

export interface CommentDeps {
  /** COMMENTS_PER_MINUTE (core/commentLimit.ts). */
  limiter: { consume(userId: string): Promise<void> };
}

/** Staff see hidden comments: ADMIN_USERNAMES counts (moderation/settings.ts). */
export interface Viewer {
  id: string | null;
  adminUsernames: readonly string[];
}

/**
 * The channel a video's comment changes are told on, at commit, by the triggers of
 * Migration20261129180000_comments (whoever makes the change: a person, a moderator, a cascade).
 */
export const commentsChannelOf = (postId: string) => `comments_${postId.replace(/-/g, '')}`;

const body = z.string({ error: commentMessages.body }).trim().min(1, commentMessages.empty);

export const addCommentInput = z.object({
  body,
  parentId: z
    .string({ error: commentMessages.parentId })
    .refine(isUuid, commentMessages.parentId)
    .optional()
    .nullable(),
});

export const editCommentInput = z.object({ body });

/**
 * parseInput, then the length limit, checked here rather than by zod: its message has a value (the
 * limit, written in the request's language: platform/errors.ts textError), which a zod message can't carry.
 */
function parseComment<T extends z.ZodType<{ body: string }>>(schema: T, input: unknown): z.infer<T> {
  const data = parseInput(schema, input);
  if (data.body.length > COMMENT_MAX)
    throw textError('BAD_USER_INPUT', commentMessages.tooLong, { max: COMMENT_MAX }, { field: 'body' });
  return data;
}

const pageInput = z.object({ cursor: z.string().max(200).optional().nullable() });

/** SQL: a post anyone may comment on or read the comments of: public, owner not banned, not hidden. */
const COMMENTABLE = `${publiclyVisible()}
  and not exists (select 1 from hidden_content h where h.target_type = 'post' and h.target_id = p.id)`;

interface PostRow {
  id: string;
  user_id: string;
  title: string;
  slug: string;
}

async function commentablePost(em: EntityManager, postId: unknown): Promise<PostRow> {
  if (typeof postId !== 'string' || !isUuid(postId)) throw notFound(commentMessages.postNotFound);
  const [post] = await em.execute<PostRow[]>(
    `select p.id, p.user_id, p.title, p.slug from posts p where p.id = ? and ${COMMENTABLE}`,
    [postId],
  );
  if (!post) throw notFound(commentMessages.postNotFound);
  return post;
}

/**
 * SQL: a comment (alias `c`) the viewer (the next parameter, may be null) sees: its author not
 * banned, not hidden (staff see hidden ones), not by someone the viewer blocked.
 */
const visibleTo = (
  staff: boolean,
  c = 'c',
) => `not exists (select 1 from users au where au.id = ${c}.user_id and au.banned_at is not null)
  ${staff ? '' : `and not exists (select 1 from hidden_content h where h.target_type = 'comment' and h.target_id = ${c}.id)`}
  and not exists (select 1 from user_blocks b where b.blocker_id = ?::uuid and b.blocked_id = ${c}.user_id)`;

interface CommentRow {
  id: string;
  post_id: string;
  parent_id: string | null;
  user_id: string;
  body: string;
  created_at: string;
  edited_at: string | null;
  cursor_at: string;
  hidden: boolean;
  post_owner: string;
  username: string;
  display_name: string | null;
  avatar: string | null;
}

const SELECT = `select c.id, c.post_id, c.parent_id, c.user_id, c.body, c.created_at, c.edited_at,
       ${keysetAt('c.created_at')} as cursor_at,
       exists (select 1 from hidden_content h where h.target_type = 'comment' and h.target_id = c.id) as hidden,
       (select p.user_id from posts p where p.id = c.post_id) as post_owner,
       u.username, ${shownDisplayName('u')} as display_name, ${shownAvatar('u')} as avatar
  from post_comments c join users u on u.id = c.user_id`;

function viewOf(row: CommentRow, viewerId: string | null): CommentView {
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    body: row.body,
    author: { username: row.username, displayName: row.display_name, avatar: row.avatar },
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at ? new Date(row.edited_at) : null,
    edited: row.edited_at !== null,
    hidden: row.hidden,
    canEdit: viewerId !== null && row.user_id === viewerId,
    canDelete: viewerId !== null && (row.user_id === viewerId || row.post_owner === viewerId),
    replies: [],
  };
}

async function isStaff(em: EntityManager, viewer: Viewer): Promise<boolean> {
  if (!viewer.id) return false;
  const [row] = await em.execute<{ role: string; username: string }[]>(
    'select role, username from users where id = ?',
    [viewer.id],
  );
  return !!row && (row.role !== 'user' || viewer.adminUsernames.includes(row.username.toLowerCase()));
}

/**
 * A video's comments as `viewer` sees them: 20 top-level comments a page, oldest first (keyset on
 * created_at, id), each with its replies. A private, hidden or unknown video is a 404.
 */
export async function listComments(
  em: EntityManager,
  viewer: Viewer,
  postId: unknown,
  query: unknown,
): Promise<CommentPage> {
  const q = parseInput(pageInput, query ?? {});
  const at = q.cursor ? decodeKeyset(q.cursor, 'cursor') : null;
  const post = await commentablePost(em, postId);
  const staff = await isStaff(em, viewer);
  const rows = await em.execute<CommentRow[]>(
    `${SELECT} where c.post_id = ? and c.parent_id is null and ${visibleTo(staff)}
       ${at ? 'and (c.created_at, c.id) > (?::timestamptz, ?::uuid)' : ''}
     order by c.created_at, c.id limit ?`,
    at ? [post.id, viewer.id, at.at, at.id, COMMENTS_PAGE + 1] : [post.id, viewer.id, COMMENTS_PAGE + 1],
  );
  const page = rows.slice(0, COMMENTS_PAGE).map((r) => viewOf(r, viewer.id));
  if (page.length) {
    const replies = await em.execute<CommentRow[]>(
      `${SELECT} where c.parent_id in (${page.map(() => '?::uuid').join(', ')}) and ${visibleTo(staff)}
       order by c.created_at, c.id`,
      [...page.map((c) => c.id), viewer.id],
    );
    const byParent = new Map(page.map((c) => [c.id, c]));
    for (const r of replies) byParent.get(r.parent_id!)?.replies.push(viewOf(r, viewer.id));
  }
  // Replies count while their comment is seen (a hidden comment's replies go out of view with it).
  const [count] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from post_comments c left join post_comments parent on parent.id = c.parent_id
      where c.post_id = ? and ${visibleTo(staff)} and (parent.id is null or (${visibleTo(staff, 'parent')}))`,
    [post.id, viewer.id, viewer.id],
  );
  const last = rows.length > COMMENTS_PAGE ? rows[COMMENTS_PAGE - 1] : undefined;
  return {
    comments: page,
    nextCursor: last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null,
    total: count?.n ?? 0,
  };
}

/** One comment as `viewer` would see it in the list, or null (gone, hidden, blocked, post not public). */
export async function commentFor(
  em: EntityManager,
  viewer: Viewer,
  commentId: string,
): Promise<CommentView | null> {
  if (!isUuid(commentId)) return null;
  const staff = await isStaff(em, viewer);
  const [row] = await em.execute<CommentRow[]>(
    `${SELECT} where c.id = ? and ${visibleTo(staff)}
       and exists (select 1 from posts p where p.id = c.post_id and ${COMMENTABLE})`,
    [commentId, viewer.id],
  );
  if (!row) return null;
  const view = viewOf(row, viewer.id);
  if (!row.parent_id) {
    const replies = await em.execute<CommentRow[]>(
      `${SELECT} where c.parent_id = ? and ${visibleTo(staff)} order by c.created_at, c.id`,
      [row.id, viewer.id],
    );
    view.replies = replies.map((r) => viewOf(r, viewer.id));
  }
  return view;
}

/**
 * SQL: no block either way between the person (first parameter) and someone (second), as
 * creators/core/follows.ts asks before a follow.
 */
const NO_BLOCK = `not exists (select 1 from user_blocks b
  where (b.blocker_id = ?::uuid and b.blocked_id = ?::uuid) or (b.blocker_id = ?::uuid and b.blocked_id = ?::uuid))`;

/**
 * Posts a comment (or, with parentId, a reply to a top-level comment of the same video) and notifies
 * the video's owner ('comment') or the comment's author ('reply') in the same transaction. Refused:
 * bad text 400; a reply to a reply 400; an unknown parent 404; a private, hidden or unknown video, or
 * a block either way with its owner (or the parent's author), 404; a banned or suspended account 403;
 * over COMMENTS_PER_MINUTE 429.
 */
export async function addComment(
  em: EntityManager,
  deps: CommentDeps,
  userId: string,
  postId: unknown,
  input: unknown,
): Promise<CommentView> {
  const data = parseComment(addCommentInput, input);
  const post = await commentablePost(em, postId);
  const [me] = await em.execute<{ ok: boolean }[]>(
    `select banned_at is null and (suspended_until is null or suspended_until <= now()) as ok from users where id = ?`,
    [userId],
  );
  if (!me?.ok) throw new AppError('FORBIDDEN', commentMessages.restricted);
  const [blocked] = await em.execute<{ blocked: boolean }[]>(`select not ${NO_BLOCK} as blocked`, [
    userId,
    post.user_id,
    post.user_id,
    userId,
  ]);
  if (blocked?.blocked) throw notFound(commentMessages.postNotFound);
  await deps.limiter.consume(userId);

  const created = await em.transactional(async (tx) => {
    let parentAuthor: string | null = null;
    if (data.parentId) {
      // The parent's row lock: parallel replies count the thread one after the other.
      const [parent] = await tx.execute<{ id: string; user_id: string; parent_id: string | null }[]>(
        `select c.id, c.user_id, c.parent_id from post_comments c
          where c.id = ? and c.post_id = ?
            and not exists (select 1 from hidden_content h where h.target_type = 'comment' and h.target_id = c.id)
          for update`,
        [data.parentId, post.id],
      );
      if (!parent) throw notFound(commentMessages.notFound);
      if (parent.parent_id) throw badInput(commentMessages.replyToReply, { field: 'parentId' });
      const [ok] = await tx.execute<{ ok: boolean }[]>(
        `select ${NO_BLOCK} and (select count(*) from post_comments where parent_id = ?) < ? as ok`,
        [userId, parent.user_id, parent.user_id, userId, parent.id, REPLIES_MAX],
      );
      if (!ok?.ok) {
        const [blockedEither] = await tx.execute<{ b: boolean }[]>(`select not ${NO_BLOCK} as b`, [
          userId,
          parent.user_id,
          parent.user_id,
          userId,
        ]);
        if (blockedEither?.b) throw notFound(commentMessages.notFound);
        throw textError(
          'BAD_USER_INPUT',
          commentMessages.threadFull,
          { max: REPLIES_MAX },
          { field: 'parentId' },
        );
      }
      parentAuthor = parent.user_id;
    }
    // The block test again in the insert: a block committed since the check above refuses too.
    const [row] = await tx.execute<{ id: string }[]>(
      `insert into post_comments (post_id, user_id, parent_id, body)
       select ?, ?, ?, ? where ${NO_BLOCK} returning id`,
      [post.id, userId, data.parentId ?? null, data.body, userId, post.user_id, post.user_id, userId],
    );
    if (!row) throw notFound(commentMessages.postNotFound);
    const facts = { title: post.title, slug: post.slug, text: data.body.slice(0, 140), commentId: row.id };
    if (parentAuthor) {
      await notify(tx, {
        userId: parentAuthor,
        kind: 'reply',
        actorId: userId,
        targetType: 'post',
        targetId: post.id,
        data: facts,
      });
    }
    // The video's owner hears of every comment on it, a reply too, unless the reply answered them.
    if (parentAuthor !== post.user_id) {
      await notify(tx, {
        userId: post.user_id,
        kind: 'comment',
        actorId: userId,
        targetType: 'post',
        targetId: post.id,
        data: facts,
      });
    }
    return row.id;
  });
  const view = await commentFor(em, { id: userId, adminUsernames: [] }, created);
  if (!view) throw notFound(commentMessages.postNotFound);
  return view;
}

/** Changes the text of one's own comment (marked edited); anyone else's, or unknown, is a 404. */
export async function editComment(
  em: EntityManager,
  userId: string,
  commentId: unknown,
  input: unknown,
): Promise<CommentView> {
  const data = parseComment(editCommentInput, input);
  if (typeof commentId !== 'string' || !isUuid(commentId)) throw notFound(commentMessages.notFound);
  const [row] = await em.execute<{ id: string; post_id: string; parent_id: string | null }[]>(
    `update post_comments c set body = ?, edited_at = case when c.body = ? then c.edited_at else now() end
      where c.id = ? and c.user_id = ?
        and exists (select 1 from posts p where p.id = c.post_id and ${COMMENTABLE})
      returning c.id, c.post_id, c.parent_id`,
    [data.body, data.body, commentId, userId],
  );
  if (!row) throw notFound(commentMessages.notFound);
  const view = await commentFor(em, { id: userId, adminUsernames: [] }, row.id);
  if (!view) throw notFound(commentMessages.notFound);
  return view;
}

/**
 * Deletes a comment: one's own, or any comment on one's own video. A top-level comment's replies go
 * with it. Anything else (someone else's comment on someone else's video, unknown) is a 404.
 */
export async function deleteComment(em: EntityManager, userId: string, commentId: unknown): Promise<void> {
  if (typeof commentId !== 'string' || !isUuid(commentId)) throw notFound(commentMessages.notFound);
  const [row] = await em.execute<{ id: string; post_id: string; parent_id: string | null }[]>(
    `delete from post_comments c
      where c.id = ? and (c.user_id = ? or exists (select 1 from posts p where p.id = c.post_id and p.user_id = ?))
      returning c.id, c.post_id, c.parent_id`,
    [commentId, userId, userId],
  );
  if (!row) throw notFound(commentMessages.notFound);
}

/**
 * Listens for changes of a video's comments (anyone who may read them). It is listening once this
 * resolves; `next()` waits for the next change.
 */
export async function watchComments(
  em: EntityManager,
  pubsub: PubSub,
  postId: unknown,
): Promise<{ postId: string; next(): Promise<CommentsChange>; stop(): Promise<void> }> {
  const post = await commentablePost(em, postId);
  const queue: CommentsChange[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = await pubsub.subscribe(commentsChannelOf(post.id), (payload) => {
    try {
      queue.push(JSON.parse(payload) as CommentsChange);
    } catch {
      return;
    }
    wake?.();
  });
  return {
    postId: post.id,
    async next() {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      return queue.shift()!;
    },
    stop: unsubscribe,
  };
}
