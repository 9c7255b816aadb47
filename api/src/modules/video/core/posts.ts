import { createHmac } from 'node:crypto';
import type { PostView } from '@chorus/shared/postView';
import { durationSeconds, postSlugOf, postTitleOf } from '@chorus/shared/videoRules';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { raise } from '../../../platform/hooks.ts';
import { msg } from '../../../platform/i18n.ts';
import type { SharedCache } from '../../../platform/sharedCache.ts';
import type { Storage } from '../../../platform/storage.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { shownDisplayName } from '../../accounts/core/shownProfile.ts';
import { User } from '../../accounts/core/User.ts';
import { StoredFile } from '../../files/core/File.ts';
import { notify } from '../../notifications/core/notifications.ts';
import type { ContentChecks } from '../../safety/core/checks.ts';
import { requireOwnJob } from './jobs.ts';
import { Post } from './Post.ts';
import { scaledPosterKeys } from './posterSizes.ts';
import {
  type PublicVideoSort,
  postListQuery,
  publicVideosQuery,
  remixesQuery,
  savePostInput,
  updatePostInput,
} from './schemas.ts';
import { VideoJob } from './VideoJob.ts';
import { notHidden, publiclyVisible } from './visibility.ts';

export type { PostView } from '@chorus/shared/postView';
export { publiclyVisible } from './visibility.ts';

/**
 * A post as selected: its columns named as the view (PostView) names them, so the view is the row
 * plus what is built from it, and what the view is built from (author, owner-only storage keys).
 */
type PostRow = Omit<PostView, 'seconds' | 'author' | 'remixOf'> & {
  username: string;
  displayName: string | null;
  /** The original of a remix, while everyone may see it (else the four are null). */
  remixOfPostId: string | null;
  remixOfTitle: string | null;
  remixOfSlug: string | null;
  remixOfUsername: string | null;
  remixOfDisplayName: string | null;
  /** The job's storage keys (null when the job is gone): a private post's URLs are built from them. */
  videoKey: string | null;
  thumbnailKey: string | null;
  /** created_at at full (microsecond) precision: a page cursor built from a JS Date would lose it. */
  cursorAt: string;
  /** The list order's own cursor value (likes, trending score) as text; null newest first. */
  sortKey: string | null;
};

const SELECT_POSTS = (
  extra: SortSql = NEWEST,
) => `select p.id, p.user_id as "userId", p.video_id as "videoId", p.slug, p.title,
    p.description, p.prompt, p.tags, p.duration, p.size, p.video_url as "videoUrl",
    p.thumbnail_url as "thumbnailUrl", p.is_public as "isPublic", p.likes, p.views, p.provider, p.model,
    p.source_image_url as "sourceImageUrl", p.source_video_id as "sourceVideoId",
    p.source_frame_seconds as "sourceFrameSeconds", p.created_at as "createdAt", p.updated_at as "updatedAt",
    p.created_at::text as "cursorAt", ${extra.key} as "sortKey", u.username, ${shownDisplayName('u')} as "displayName",
    exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ?::uuid) as "likedByMe",
    (p.preview or coalesce(j.provider = 'preview', false)) as preview,
    j.video_key as "videoKey", j.thumbnail_key as "thumbnailKey",
    (select h.reason from hidden_content h where h.target_type = 'post' and h.target_id = p.id) as "hiddenReason",
    ro.id as "remixOfPostId", ro.title as "remixOfTitle", ro.slug as "remixOfSlug",
    ro.username as "remixOfUsername", ro.display_name as "remixOfDisplayName",
    (select count(*)::int from posts r where r.remix_of_id = p.id and ${publiclyVisible('r.')}) as "remixCount"
  from posts p join users u on u.id = p.user_id ${extra.join}
  left join video_jobs j on j.id = p.video_id
  left join lateral (
    select o.id, o.title, o.slug, ou.username, ${shownDisplayName('ou')} as display_name
      from posts o join users ou on ou.id = o.user_id
     where o.id = p.remix_of_id and ${publiclyVisible('o.')} and ${notHidden('o.')}
  ) ro on true`;

/**
 * A list's order: what it joins, the value its cursor keeps besides created_at and id (as text, so
 * a float score survives the round trip exactly), and ORDER BY. Each ends in (created_at, id), so
 * a keyset page is `(key, created_at, id) < cursor` (newest's cursor has no key: the spec's shape).
 */
interface SortSql {
  join: string;
  key: string;
  /** The SQL value compared with the cursor's key (null for newest). */
  keyed: string | null;
  cast: string;
  order: string;
}

const NEWEST: SortSql = {
  join: '',
  key: 'null::text',
  keyed: null,
  cast: '',
  order: 'order by p.created_at desc, p.id desc',
};

/** Each community order's SQL; trending reads the worker's scores (core/trending.ts). */
const SORTS: Record<PublicVideoSort, SortSql> = {
  newest: NEWEST,
  top: {
    join: '',
    key: 'p.likes::text',
    keyed: 'p.likes',
    cast: '::int',
    order: 'order by p.likes desc, p.created_at desc, p.id desc',
  },
  trending: {
    join: 'join post_trending t on t.post_id = p.id',
    key: 't.score::text',
    keyed: 't.score',
    cast: '::float8',
    // t.created_at is p.created_at, copied so the order reads from post_trending's own index.
    order: 'order by t.score desc, t.created_at desc, t.post_id desc',
  },
};

/** Posts as `viewerId` sees them (liked or not): `where`'s parameters follow the viewer's id. */
function selectPosts(
  em: EntityManager,
  viewerId: string | null,
  where: string,
  params: unknown[],
  orderAndLimit: string,
  sort: SortSql = NEWEST,
): Promise<PostRow[]> {
  return em.execute<PostRow[]>(`${SELECT_POSTS(sort)} where ${where} ${orderAndLimit}`, [
    viewerId,
    ...params,
  ]);
}

/** Builds the owner-only URLs of a private post's media (see Storage.privateUrlOf). */
export type MediaUrls = Pick<Storage, 'privateUrlOf'>;

/**
 * A public post shows its stable public URLs (served to anyone while it stays public); a private
 * one, which only its owner sees, the owner-only URLs. Lists of public posts need no `media`.
 */
function viewOf(row: PostRow, media?: MediaUrls): PostView {
  const {
    username,
    displayName,
    videoKey,
    thumbnailKey,
    cursorAt: _cursor,
    sortKey: _sortKey,
    hiddenReason,
    remixOfPostId,
    remixOfTitle,
    remixOfSlug,
    remixOfUsername,
    remixOfDisplayName,
    ...post
  } = row;
  const privateMedia = !post.isPublic && media && videoKey;
  return {
    ...post,
    seconds: durationSeconds(post.duration),
    videoUrl: privateMedia ? media.privateUrlOf(videoKey) : post.videoUrl,
    thumbnailUrl:
      privateMedia && thumbnailKey
        ? media.privateUrlOf(thumbnailKey)
        : privateMedia
          ? null
          : post.thumbnailUrl,
    sourceVideoId: post.sourceVideoId ?? null,
    sourceFrameSeconds: post.sourceFrameSeconds ?? null,
    author: { username, displayName },
    remixOf:
      remixOfPostId && remixOfSlug && remixOfUsername
        ? {
            id: remixOfPostId,
            title: remixOfTitle ?? '',
            slug: remixOfSlug,
            url: `/videos/${encodeURIComponent(remixOfSlug)}`,
            author: { username: remixOfUsername, displayName: remixOfDisplayName ?? null },
          }
        : null,
    remixCount: post.remixCount ?? 0,
    // Only on hidden posts (which only their owner is shown): other answers keep their shape.
    ...(hiddenReason ? { hiddenReason } : {}),
    createdAt: new Date(post.createdAt),
    updatedAt: new Date(post.updatedAt),
  };
}

async function findPost(
  em: EntityManager,
  where: string,
  params: unknown[],
  viewerId: string | null,
  media?: MediaUrls,
): Promise<PostView | null> {
  const rows = await selectPosts(em, viewerId, where, params, 'limit 1');
  return rows[0] ? viewOf(rows[0], media) : null;
}

/**
 * The public videos of one creator (their profile) or of the people `authors.followedBy` follows (their
 * Following feed, table user_follows: creators/core/follows.ts), newest first and keyset-paged like the
 * community gallery, in its post shape and under its visibility rules (publiclyVisible, the viewer's
 * blocks).
 */
export async function authorsPublicVideos(
  em: EntityManager,
  authors: { userId: string } | { followedBy: string },
  query: unknown,
  viewerId: string | null,
): Promise<PublicVideosPage> {
  const q = parseInput(postListQuery({ max: 50, fallback: 24 }), query ?? {});
  const { where, params } = postFilter('public', {}, viewerId);
  if ('userId' in authors) {
    where.push('p.user_id = ?');
    params.push(authors.userId);
  } else {
    where.push('p.user_id in (select f.followed_id from user_follows f where f.follower_id = ?)');
    params.push(authors.followedBy);
  }
  const cursor = q.after ? decodeCursor(q.after) : null;
  if (cursor) {
    where.push('(p.created_at, p.id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.createdAt, cursor.id);
  }
  params.push(q.limit + 1);
  const rows = await selectPosts(em, viewerId, where.join(' and '), params, `${NEWEST.order} limit ?`);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    posts: page.map((row) => viewOf(row)),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
    cursors: [],
  };
}

/** Who may publish what: the automatic checks (safety module), asked before a post becomes public. */
export type PublishChecks = Pick<ContentChecks, 'requireAllowed'>;

/**
 * Checks what a public post shows (title, description, tags and prompt, as the community gallery
 * and its page draw them) before it is published; throws the plain-words refusal (CONTENT_REFUSED).
 */
async function checkPublic(
  em: EntityManager,
  checks: PublishChecks,
  userId: string,
  target: { type: 'video' | 'post'; id: string },
  post: { title: string; description?: string | null; tags: readonly string[]; prompt: string },
): Promise<void> {
  const text = [post.title, post.description ?? '', post.tags.join(', '), post.prompt]
    .filter((part) => part.trim())
    .join('\n');
  await checks.requireAllowed(em, { userId, subject: 'post', target, text, field: 'isPublic' });
}

/**
 * A post moderators hid (moderation/core/reports.ts made it private) stays out of public view until
 * they restore it: making it public again is refused with their reason.
 */
async function refuseIfHidden(em: EntityManager, postId: string): Promise<void> {
  const [hidden] = await em.execute<{ reason: string }[]>(
    `select reason from hidden_content where target_type = 'post' and target_id = ?`,
    [postId],
  );
  if (hidden)
    throw textError(
      'BAD_USER_INPUT',
      msg('Hidden by moderators: {reason}'),
      { reason: hidden.reason },
      { field: 'isPublic' },
    );
}

/**
 * Saves a finished video to the user's gallery. Only the video id is trusted from the client:
 * title, slug, prompt, duration, size and URLs come from the job, so nobody can post someone
 * else's video or a made-up URL. Saving the same video again returns the post already made.
 * A public one is checked first (checkPublic): refused, nothing is saved.
 */
export async function savePost(
  em: EntityManager,
  storage: Storage,
  checks: PublishChecks,
  userId: string,
  input: unknown,
): Promise<PostView> {
  const data = parseInput(savePostInput, input);
  const job = await requireOwnJob(em, userId, data.videoId);
  const existing = await findPost(em, 'p.video_id = ?', [job.id], userId, storage);
  if (existing) {
    // The post the server kept when the video finished: the owner's first save chooses how it is
    // shared (the spec's default: public), its description and tags. Later saves change nothing.
    const kept = await em.findOne(Post, { id: existing.id, ownerSaved: false });
    if (!kept) return existing;
    if (data.isPublic ?? true) {
      await refuseIfHidden(em, kept.id);
      await checkPublic(
        em,
        checks,
        userId,
        { type: 'post', id: kept.id },
        {
          title: kept.title,
          description: data.description !== undefined ? data.description : kept.description,
          tags: data.tags ?? kept.tags,
          prompt: kept.prompt,
        },
      );
    }
    const publishing = (data.isPublic ?? true) && !kept.isPublic;
    em.assign(kept, {
      ownerSaved: true,
      isPublic: data.isPublic ?? true,
      ...(data.description !== undefined ? { description: data.description } : {}),
      ...(data.tags ? { tags: data.tags } : {}),
    });
    await em.flush();
    if (publishing) await tellPublished(em, kept);
    return (await findPost(em, 'p.id = ?', [existing.id], userId, storage))!;
  }
  if (job.status !== 'completed' || !job.videoKey) {
    throw badInput(msg('Please Wait - Video is being saved. Try again in a moment.'), { field: 'videoId' });
  }
  const title = postTitleOf(job.prompt);
  if (data.isPublic ?? true) {
    await checkPublic(
      em,
      checks,
      userId,
      { type: 'video', id: job.id },
      {
        title,
        description: data.description,
        tags: data.tags ?? [],
        prompt: job.prompt,
      },
    );
  }
  const post = em.create(Post, {
    user: em.getReference(User, userId),
    video: job,
    slug: postSlugOf(title),
    title,
    description: data.description ?? null,
    prompt: job.prompt,
    tags: data.tags ?? [],
    duration: job.duration,
    size: job.size,
    videoUrl: storage.urlOf(job.videoKey),
    thumbnailUrl: job.thumbnailKey ? storage.urlOf(job.thumbnailKey) : null,
    // Provenance, copied so it outlives the job.
    provider: job.provider ?? null,
    model: job.model ?? null,
    preview: job.provider === 'preview',
    // The picture stays its owner's: an owner-only address (a public page doesn't show it).
    sourceImageUrl: job.sourceImageKey ? storage.privateUrlOf(job.sourceImageKey) : null,
    sourceVideoId: job.sourceVideoId ?? null,
    sourceFrameSeconds: job.sourceFrameSeconds ?? null,
    remixOfId: job.remixOfId ?? null,
    isPublic: data.isPublic ?? true,
  });
  try {
    await em.flush();
  } catch (err) {
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
    // Two saves of one video raced: the other one won, and its post is the answer.
    em.clear();
    const winner = await findPost(em, 'p.video_id = ?', [job.id], userId, storage);
    if (winner) return winner;
    throw err;
  }
  if (post.isPublic) await tellPublished(em, post);
  return (await findPost(em, 'p.id = ?', [post.id], userId, storage))!;
}

/** Tells the modules that react to a post made public (creators tells the owner's followers). */
const tellPublished = (em: EntityManager, post: Post) =>
  raise('postPublished', { em, postId: post.id, ownerId: post.user.id, title: post.title, slug: post.slug });

/**
 * Keeps a finished video in its owner's gallery (in the worker's finishing transaction), whatever
 * the browser does: a post shared as the job says, marked not yet saved by its owner (savePost
 * lets their first save choose again). Nothing when the job isn't completed or has its post.
 */
export async function keepPost(
  tx: EntityManager,
  media: Pick<Storage, 'urlOf' | 'privateUrlOf'>,
  job: Pick<VideoJob, 'id' | 'prompt'> & {
    videoKey: string;
    thumbnailKey: string | null;
    sourceImageKey?: string | null | undefined;
  },
): Promise<void> {
  const title = postTitleOf(job.prompt);
  const now = Date.now();
  // A slug taken at the same millisecond (the same title) tries the next one.
  for (let i = 0; i < 5; i++) {
    await tx.execute(
      `insert into posts (id, user_id, video_id, slug, title, prompt, duration, size, video_url, thumbnail_url,
         is_public, provider, model, preview, source_image_url, source_video_id, source_frame_seconds, owner_saved,
         remix_of_id)
       select gen_random_uuid(), j.user_id, j.id, ?, ?, j.prompt, j.duration, j.size, ?, ?,
         j.share, j.provider, j.model, coalesce(j.provider = 'preview', false), ?, j.source_video_id,
         j.source_frame_seconds, false, j.remix_of_id
         from video_jobs j where j.id = ? and j.status = 'completed'
       on conflict do nothing`,
      [
        postSlugOf(title, now + i),
        title,
        media.urlOf(job.videoKey),
        job.thumbnailKey ? media.urlOf(job.thumbnailKey) : null,
        job.sourceImageKey ? media.privateUrlOf(job.sourceImageKey) : null,
        job.id,
      ],
    );
    const [row] = await tx.execute<{ done: boolean }[]>(
      `select exists (select 1 from posts where video_id = ?)
           or not exists (select 1 from video_jobs where id = ? and status = 'completed') as done`,
      [job.id, job.id],
    );
    if (row?.done) break;
  }
  const [kept] = await tx.execute<{ id: string; user_id: string; title: string; slug: string }[]>(
    'select id, user_id, title, slug from posts where video_id = ? and is_public',
    [job.id],
  );
  if (kept)
    await raise('postPublished', {
      em: tx,
      postId: kept.id,
      ownerId: kept.user_id,
      title: kept.title,
      slug: kept.slug,
    });
}

/** One page of the user's gallery, newest first, with the same search and tag as the community's. */
export interface GalleryPage {
  posts: PostView[];
  nextCursor: string | null;
}

export async function galleryPage(
  em: EntityManager,
  media: MediaUrls,
  userId: string,
  query: unknown,
  size?: { max: number; fallback: number },
): Promise<GalleryPage> {
  const q = parseInput(postListQuery(size), query ?? {});
  const { posts, nextCursor } = await queryPosts(em, { ownerId: userId }, q, userId, media);
  return { posts, nextCursor };
}

/** How many posts the user has, whatever the filters (the gallery's "N video(s) saved"). */
export async function galleryTotal(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ total: number }[]>(
    'select count(*)::int as total from posts where user_id = ?',
    [userId],
  );
  return row?.total ?? 0;
}

/** The tags of the user's posts, most used first (the gallery's filter buttons); `limit` 1–100. */
export async function galleryTags(
  em: EntityManager,
  userId: string,
  limit?: number | null,
): Promise<string[]> {
  const count = Number.isFinite(limit) ? Math.min(Math.max(Math.trunc(limit!), 1), 100) : 50;
  const rows = await em.execute<{ tag: string }[]>(
    `select tag from (select unnest(tags) as tag from posts where user_id = ?) t
      group by tag order by count(*) desc, tag limit ?`,
    [userId, count],
  );
  return rows.map((r) => r.tag);
}

async function requireOwnPost(em: EntityManager, userId: string, postId: string): Promise<Post> {
  return requireOwned(em, Post, userId, postId, 'Post not found');
}

/** Edits a post; one that is (or becomes) public is checked again when what it shows changes. */
export async function updatePost(
  em: EntityManager,
  media: MediaUrls,
  checks: PublishChecks,
  userId: string,
  postId: string,
  input: unknown,
): Promise<PostView> {
  const data = parseInput(updatePostInput, input);
  const post = await requireOwnPost(em, userId, postId);
  const isPublic = data.isPublic ?? post.isPublic;
  const published = isPublic && !post.isPublic;
  const edited = data.title !== undefined || data.description !== undefined || data.tags !== undefined;
  if (isPublic && (published || edited)) {
    await checkPublic(
      em,
      checks,
      userId,
      { type: 'post', id: post.id },
      {
        title: data.title ?? post.title,
        description: data.description !== undefined ? data.description : post.description,
        tags: data.tags ?? post.tags,
        prompt: post.prompt,
      },
    );
  }
  if (data.title !== undefined) post.title = data.title;
  if (data.description !== undefined) post.description = data.description?.trim() || null;
  if (data.tags !== undefined) post.tags = data.tags;
  if (data.isPublic !== undefined && data.isPublic !== post.isPublic) {
    if (data.isPublic) await refuseIfHidden(em, post.id);
    post.isPublic = data.isPublic;
  }
  await em.flush();
  if (published) await tellPublished(em, post);
  return (await findPost(em, 'p.id = ?', [post.id], userId, media))!;
}

/** Deletes the user's post with its video, thumbnail and job: nothing of it stays in storage. */
export async function deletePost(
  em: EntityManager,
  storage: Storage,
  userId: string,
  postId: string,
): Promise<void> {
  const post = await requireOwnPost(em, userId, postId);
  const job = post.video ? await em.findOne(VideoJob, { id: post.video.id, user: userId }) : null;
  const keys = [job?.videoKey, job?.thumbnailKey].filter((k): k is string => !!k);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(Post, { id: post.id });
    if (keys.length) await tx.nativeDelete(StoredFile, { user: userId, storageKey: { $in: keys } });
    if (job) await tx.nativeDelete(VideoJob, { id: job.id });
  });
  // Storage after the commit: a failed commit must not leave a post pointing at deleted files.
  await Promise.all([...keys, ...keys.flatMap(scaledPosterKeys)].map((key) => storage.delete(key)));
}

export interface PublicVideosPage {
  posts: PostView[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
  /** The cursor after each post (kept so a cached page can be cut at any length). */
  cursors: string[];
  /** How many videos match in all; on the first page only (listPublicVideos). */
  total?: number;
}

/**
 * Public posts newest first, a page at a time (keyset on createdAt + id, so a page costs the same
 * however deep it is), optionally searched over title, prompt and description and filtered by tag.
 */
export async function listPublicVideos(
  em: EntityManager,
  query: unknown,
  viewerId: string | null,
  firstPageCache?: SharedCache<PublicVideosPage>,
): Promise<PublicVideosPage> {
  const q = parseInput(publicVideosQuery(), query ?? {});
  // The community gallery's landing page (anonymous, unfiltered, newest first) is by far the most
  // read: served from memory, dropped in every process by the posts trigger, counts at most a few
  // seconds old.
  const unfiltered = !viewerId && !q.search && !q.tag;
  const cachedTop = () =>
    firstPageCache!.get(FIRST_PAGE_KEY, async () => {
      const [page, total] = await Promise.all([
        queryPosts(em, 'public', { ...q, limit: FIRST_PAGE_MAX }, null),
        countPublicVideos(em.fork(), q),
      ]);
      return { ...page, total };
    });
  if (firstPageCache && unfiltered && !q.after && q.sort === 'newest') {
    const top = await cachedTop();
    const posts = top.posts.slice(0, q.limit);
    const more = top.posts.length > q.limit || top.nextCursor !== null;
    return { posts, nextCursor: more ? top.cursors[posts.length - 1]! : null, cursors: [], total: top.total };
  }
  // The count is for the first page only: the gallery shows it once, not per page loaded.
  if (q.after) return queryPosts(em, 'public', q, viewerId, undefined, q.sort);
  // A visitor's other orders count the same videos as the newest: that cached count, not a count of
  // every public video per request (most of a first page's time at 100,000: npm run bench community).
  const [page, total] = await Promise.all([
    queryPosts(em, 'public', q, viewerId, undefined, q.sort),
    firstPageCache && unfiltered
      ? cachedTop().then((top) => top.total)
      : countPublicVideos(em.fork(), q, viewerId),
  ]);
  return { ...page, total };
}

/** How many public videos match the search and tag ("Showing N video(s)" in the community gallery). */
async function countPublicVideos(
  em: EntityManager,
  q: { search?: string | null; tag?: string | null },
  viewerId: string | null = null,
): Promise<number> {
  const { where, params } = postFilter('public', q, viewerId);
  const [row] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from posts p where ${where.join(' and ')}`,
    params,
  );
  return row?.total ?? 0;
}

/** The WHERE terms of a posts list: its scope, search and tag (not the cursor). */
function postFilter(
  scope: 'public' | { ownerId: string },
  q: { search?: string | null; tag?: string | null },
  viewerId: string | null = null,
): { where: string[]; params: unknown[] } {
  const where = [scope === 'public' ? publiclyVisible() : 'p.user_id = ?'];
  const params: unknown[] = scope === 'public' ? [] : [scope.ownerId];
  if (scope === 'public' && viewerId) {
    // Whom the viewer blocked is out of their community gallery and its count (moderation/core/blocks.ts).
    where.push(
      'not exists (select 1 from user_blocks b where b.blocker_id = ?::uuid and b.blocked_id = p.user_id)',
    );
    params.push(viewerId);
  }
  if (q.search) {
    // Plain column tests (a null description is simply no match) so the trigram indexes apply.
    where.push('(p.title ilike ? or p.prompt ilike ? or p.description ilike ?)');
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like, like);
  }
  if (q.tag) {
    where.push('p.tags @> array[?]::text[]');
    params.push(q.tag.toLowerCase());
  }
  return { where, params };
}

/** The cached first page holds the largest page anyone may ask for; smaller pages are its slices. */
const FIRST_PAGE_MAX = 100;

/** The key the posts trigger's NOTIFY names (see the video migration). */
const FIRST_PAGE_KEY = 'first-page';
export const PUBLIC_VIDEOS_CHANGED = 'public_videos_changed';

/**
 * A page of posts, newest first: the public ones (the community gallery) or one owner's (their
 * gallery, private ones with owner-only media URLs).
 */
async function queryPosts(
  em: EntityManager,
  scope: 'public' | { ownerId: string },
  q: z.infer<ReturnType<typeof postListQuery>>,
  viewerId: string | null,
  media?: MediaUrls,
  sortName: PublicVideoSort = 'newest',
): Promise<PublicVideosPage> {
  const sort = SORTS[sortName];
  const { where, params } = postFilter(scope, q, viewerId);
  const cursor = q.after ? decodeCursor(q.after, sortName) : null;
  if (cursor && sort.keyed) {
    where.push(`(${sort.keyed}, p.created_at, p.id) < (?${sort.cast}, ?::timestamptz, ?::uuid)`);
    params.push(cursor.key, cursor.createdAt, cursor.id);
  } else if (cursor) {
    where.push('(p.created_at, p.id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.createdAt, cursor.id);
  }
  params.push(q.limit + 1);
  const rows = await selectPosts(em, viewerId, where.join(' and '), params, `${sort.order} limit ?`, sort);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const cursorOf = (row: PostRow) => encodeCursor(row.cursorAt, row.id, sortName, row.sortKey);
  return {
    posts: page.map((row) => viewOf(row, media)),
    nextCursor: rows.length > q.limit && last ? cursorOf(last) : null,
    cursors: page.map(cursorOf),
  };
}

/**
 * The tags of the newest public videos, most recent first: the community gallery's filter buttons.
 * `limit` is kept within 1–50 (10 when missing or not a number).
 */
export async function publicVideoTags(em: EntityManager, limit?: number | null): Promise<string[]> {
  const count = Number.isFinite(limit) ? Math.min(Math.max(Math.trunc(limit!), 1), 50) : 10;
  const rows = await em.execute<{ tag: string }[]>(
    `select tag from (
       select unnest(tags) as tag, created_at from posts where ${publiclyVisible('posts.')} order by created_at desc limit 2000
     ) t group by tag order by max(created_at) desc, tag limit ?`,
    [count],
  );
  return rows.map((r) => r.tag);
}

/** A public post by slug; a private or unknown slug is the same 404. */
export async function publicVideo(
  em: EntityManager,
  slug: string,
  viewerId: string | null,
): Promise<PostView> {
  const post = await findPost(em, `p.slug = ? and ${publiclyVisible()}`, [slug], viewerId);
  if (!post) throw notFound(msg('Video not found'));
  return post;
}

/** A post the viewer may see: any public one, or their own. */
async function requireVisiblePost(
  em: EntityManager,
  media: MediaUrls,
  viewerId: string | null,
  postId: string,
): Promise<PostView> {
  const post = isUuid(postId)
    ? await findPost(
        em,
        `p.id = ? and (${publiclyVisible()} or p.user_id = ?::uuid)`,
        [postId, viewerId],
        viewerId,
        media,
      )
    : null;
  if (!post) throw notFound(msg('Video not found'));
  return post;
}

/** A page of a video's remixes: their posts and the next page's cursor (null on the last). */
export interface RemixesPage {
  posts: PostView[];
  nextCursor: string | null;
}

/**
 * The public remixes of a post everyone may see ("Remixes (n)" on its page), newest first and
 * keyset-paged like the community gallery, under its rules (publiclyVisible, the viewer's blocks).
 * An unknown, private or hidden original, or a malformed id: 404.
 */
export async function remixesOf(
  em: EntityManager,
  postId: string,
  query: unknown,
  viewerId: string | null,
): Promise<RemixesPage> {
  const q = parseInput(remixesQuery(), query ?? {});
  const [original] = isUuid(postId)
    ? await em.execute<{ id: string }[]>(
        `select p.id from posts p where p.id = ? and ${publiclyVisible()} and ${notHidden()}`,
        [postId],
      )
    : [];
  if (!original) throw notFound(msg('Video not found'));
  const { where, params } = postFilter('public', {}, viewerId);
  where.push('p.remix_of_id = ?');
  params.push(original.id);
  const cursor = q.after ? decodeCursor(q.after) : null;
  if (cursor) {
    where.push('(p.created_at, p.id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.createdAt, cursor.id);
  }
  params.push(q.limit + 1);
  const rows = await selectPosts(em, viewerId, where.join(' and '), params, `${NEWEST.order} limit ?`);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    posts: page.map((row) => viewOf(row)),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

/** Likes or unlikes for the user: one like per user, the count kept with it in one statement. */
export async function toggleLike(
  em: EntityManager,
  media: MediaUrls,
  userId: string,
  postId: string,
): Promise<PostView> {
  await requireVisiblePost(em, media, userId, postId);
  await em.execute(
    `with added as (
       insert into post_likes (post_id, user_id) values (?, ?) on conflict do nothing returning post_id
     ), removed as (
       delete from post_likes where post_id = ? and user_id = ? and not exists (select 1 from added) returning post_id
     )
     update posts set likes = greatest(likes + (select count(*) from added) - (select count(*) from removed), 0)
      where id = ?`,
    [postId, userId, postId, userId, postId],
  );
  return requireVisiblePost(em, media, userId, postId);
}

/**
 * Who counts as one viewer for "one view per viewer per day": a signed-in user by id; anyone else
 * by their address alone (a client can send any User-Agent, so it must not make a new viewer),
 * kept only as an HMAC under the server's secret: the table never holds an IP, and the small IPv4
 * space can't be hashed through to find one. Visitors sharing an address count once a day.
 */
export function viewerKeyOf(userId: string | null, ip: string, secret: string): string {
  if (userId) return `user:${userId}`;
  return `ip:${createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22)}`;
}

/** Counts a view once per viewer (a user, or an anonymous visitor's key) per day. */
export async function recordView(
  em: EntityManager,
  media: MediaUrls,
  postId: string,
  viewerKey: string,
  viewerId: string | null,
): Promise<PostView> {
  await requireVisiblePost(em, media, viewerId, postId);
  await em.execute(
    `with added as (
       insert into post_views (post_id, viewer) values (?, ?) on conflict do nothing returning post_id
     )
     update posts set views = views + 1 where id = ? and exists (select 1 from added)`,
    [postId, viewerKey, postId],
  );
  return requireVisiblePost(em, media, viewerId, postId);
}

/**
 * A page cursor: newest first `createdAt|id` (as before sorting); the other orders put their name
 * and key first (`top|likes|createdAt|id`), so a cursor of one order is refused by another.
 */
function encodeCursor(
  createdAt: string,
  id: string,
  sort: PublicVideoSort = 'newest',
  key: string | null = null,
): string {
  const text = sort === 'newest' ? `${createdAt}|${id}` : `${sort}|${key}|${createdAt}|${id}`;
  return Buffer.from(text).toString('base64url');
}

const CURSOR_KEYS: Record<PublicVideoSort, RegExp | null> = {
  newest: null,
  top: /^\d{1,10}$/,
  trending: /^\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i,
};

function decodeCursor(
  cursor: string,
  sort: PublicVideoSort = 'newest',
): { createdAt: string; id: string; key: string | null } {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const keyPattern = CURSOR_KEYS[sort];
  const [name, key] = keyPattern ? [parts[0], parts[1]] : [sort, null];
  const [createdAt, id] = keyPattern ? parts.slice(2) : parts;
  if (
    parts.length !== (keyPattern ? 4 : 2) ||
    name !== sort ||
    (keyPattern && !keyPattern.test(key ?? '')) ||
    !createdAt ||
    !id ||
    !isUuid(id) ||
    !/^\d{4}-\d\d-\d\d[ T][\d:.]+(?:Z|[+-]\d\d(?::?\d\d)?)?$/.test(createdAt)
  ) {
    throw badInput(msg('Invalid page cursor'), { field: 'after' });
  }
  return { createdAt, id, key: key ?? null };
}

/** A like's answer: the post's count and whether the user likes it now. */
export interface LikeState {
  likes: number;
  liked: boolean;
}

/**
 * SQL: a post that may be liked: one everyone may see, and not hidden by moderators (a hidden post
 * is private too: moderation/core/reports.ts; the check keeps that so should a hide ever leave it
 * public).
 */
const LIKEABLE = `p.id = ?::uuid and ${publiclyVisible()}
  and not exists (select 1 from hidden_content h where h.target_type = 'post' and h.target_id = p.id)`;

/**
 * Likes a post for the user; liking it again changes nothing. One statement: the row and the count
 * move together, and parallel likes stay exact (the counter's UPDATE re-reads the row it waited
 * for). A private, hidden, banned owner's or unknown post, or a malformed id: 404.
 */
export async function likePost(em: EntityManager, userId: string, postId: string): Promise<LikeState> {
  if (!isUuid(postId)) throw notFound(msg('Video not found'));
  const [row] = await em.execute<
    { id: string | null; likes: number | null; added: boolean; owner: string; title: string; slug: string }[]
  >(
    `with target as (select p.id, p.likes, p.user_id, p.title, p.slug from posts p where ${LIKEABLE}),
     added as (
       insert into post_likes (post_id, user_id) select id, ? from target on conflict do nothing returning post_id
     ), counted as (
       update posts set likes = likes + 1 where id in (select post_id from added) returning likes
     )
     select (select id from target) as id, coalesce((select likes from counted), (select likes from target)) as likes,
            exists (select 1 from counted) as added, (select user_id from target) as owner,
            (select title from target) as title, (select slug from target) as slug`,
    [postId, userId],
  );
  if (!row?.id) throw notFound(msg('Video not found'));
  // The owner's bell: the likes of one video count up one notification until it is read.
  if (row.added)
    await notify(em, {
      userId: row.owner,
      kind: 'like',
      actorId: userId,
      targetType: 'post',
      targetId: row.id,
      groupKey: row.id,
      data: { title: row.title, slug: row.slug },
    });
  return { likes: row.likes ?? 0, liked: true };
}

/** Takes the user's like back; unliking a post they don't like changes nothing. 404 as likePost. */
export async function unlikePost(em: EntityManager, userId: string, postId: string): Promise<LikeState> {
  if (!isUuid(postId)) throw notFound(msg('Video not found'));
  const [row] = await em.execute<{ id: string | null; likes: number | null }[]>(
    `with target as (select p.id, p.likes from posts p where ${LIKEABLE}),
     removed as (
       delete from post_likes where post_id in (select id from target) and user_id = ? returning post_id
     ), counted as (
       update posts set likes = greatest(likes - 1, 0) where id in (select post_id from removed) returning likes
     )
     select (select id from target) as id, coalesce((select likes from counted), (select likes from target)) as likes`,
    [postId, userId],
  );
  if (!row?.id) throw notFound(msg('Video not found'));
  return { likes: row.likes ?? 0, liked: false };
}

/** A page of the videos the user liked, last liked first (only those everyone may still see). */
export interface LikedVideosPage {
  posts: PostView[];
  nextCursor: string | null;
}

export async function likedVideos(
  em: EntityManager,
  userId: string,
  query: unknown,
): Promise<LikedVideosPage> {
  const q = parseInput(postListQuery(), query ?? {});
  const where = [`${publiclyVisible()}`];
  const params: unknown[] = [userId];
  // The cursor is the like's time and the post's id (the order of the user's likes, not the posts').
  const cursor = q.after ? decodeCursor(q.after) : null;
  if (cursor) {
    where.push('(lk.created_at, p.id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.createdAt, cursor.id);
  }
  params.push(q.limit + 1);
  const sort: SortSql = {
    join: 'join post_likes lk on lk.post_id = p.id and lk.user_id = ?::uuid',
    key: 'lk.created_at::text',
    keyed: null,
    cast: '',
    order: 'order by lk.created_at desc, p.id desc',
  };
  const rows = await selectPosts(em, userId, where.join(' and '), params, `${sort.order} limit ?`, sort);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    posts: page.map((row) => viewOf(row)),
    nextCursor: rows.length > q.limit && last?.sortKey ? encodeCursor(last.sortKey, last.id) : null,
  };
}

/**
 * An account is being deleted (accounts/core/events.ts): its likes go with it (post_likes cascades),
 * so the counts of the videos it liked go down by one first, in the same transaction.
 */
export async function forgetLikesOf({ em, userId }: { em: EntityManager; userId: string }): Promise<void> {
  await em.execute(
    `update posts set likes = greatest(likes - 1, 0)
      where id in (select post_id from post_likes where user_id = ?)`,
    [userId],
  );
}
