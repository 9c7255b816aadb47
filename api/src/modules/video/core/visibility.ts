import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { StoredFile } from '../../files/core/File.ts';
import { keepStoredFile } from '../../files/core/service.ts';

/**
 * SQL: a post everyone may see. Public, and its owner not banned (a ban hides a user's public content
 * until it is lifted: moderation/core/restrictions.ts). `alias` is the posts table's, with its dot.
 * Its own file so core/jobs.ts (which posts.ts imports) can use it without a cycle.
 */
export const publiclyVisible = (alias = 'p.') =>
  `(${alias}is_public and not exists (select 1 from users owner where owner.id = ${alias}user_id and owner.banned_at is not null))`;

/** SQL: not hidden by moderators (moderation/core/reports.ts; a hidden post is made private too). */
export const notHidden = (alias = 'p.') =>
  `not exists (select 1 from hidden_content h where h.target_type = 'post' and h.target_id = ${alias}id)`;

/** What a remix's refusal says, whatever the reason (a private post reads the same as none). */
export const NOT_REMIXABLE = msg("This video can't be remixed");

/**
 * A post `userId` may make a remix of ("Make one like this"): one everyone may see, not hidden, and
 * no block either way between the two people (moderation/core/blocks.ts, read as plain SQL since that
 * module imports this one). Anything else is the same 404.
 */
export async function requireRemixable(em: EntityManager, userId: string, postId: string): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `select p.id from posts p where p.id = ?::uuid and ${publiclyVisible()} and ${notHidden()}
       and not exists (select 1 from user_blocks b
         where (b.blocker_id = ?::uuid and b.blocked_id = p.user_id) or (b.blocker_id = p.user_id and b.blocked_id = ?::uuid))`,
    [postId, userId, userId],
  );
  if (!row) throw notFound(NOT_REMIXABLE);
  return row.id;
}

/**
 * A remix's start picture: a copy of the original's poster among the user's files (like a frame taken
 * from a video, purpose video_frame), so the render never depends on the original staying up.
 */
export async function posterOfRemix(
  em: EntityManager,
  storage: Storage,
  userId: string,
  postId: string,
): Promise<StoredFile> {
  const [post] = await em.execute<{ key: string | null; title: string }[]>(
    `select j.thumbnail_key as key, p.title from posts p left join video_jobs j on j.id = p.video_id where p.id = ?`,
    [postId],
  );
  const bytes = post?.key ? await storage.read(post.key).catch(() => null) : null;
  if (!post || !bytes?.length)
    throw badInput(msg('This video has no poster to start from'), { field: 'remixPoster' });
  const key = `uploads/${userId}/${randomUUID()}.jpg`;
  await storage.put(key, bytes);
  const name =
    post.title
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .slice(0, 60) || 'a video';
  return keepStoredFile(em, storage, userId, {
    name: `Poster of ${name}.jpg`,
    contentType: 'image/jpeg',
    size: bytes.length,
    storageKey: key,
    purpose: 'video_frame',
  });
}
