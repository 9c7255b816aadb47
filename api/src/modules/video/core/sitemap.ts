import type { EntityManager } from '@mikro-orm/postgresql';
import { type KeysetPosition, keysetAt } from '../../../platform/keysetCursor.ts';
import { publiclyVisible } from './posts.ts';

/**
 * The public videos a sitemap lists, in files of at most `perFile` URLs (a sitemap file may hold
 * 50,000). Files are keyset pages on (created_at, id), oldest first, read in order from
 * posts_public_created_idx: a new video lands in the last file and the earlier files stay as they were.
 */
export interface SitemapVideo {
  slug: string;
  updatedAt: Date;
}

/** Where each file starts: the first video of every `perFile`. None without public videos. */
export async function sitemapVideoFileStarts(em: EntityManager, perFile: number): Promise<KeysetPosition[]> {
  return em
    .fork()
    .getConnection()
    .execute<KeysetPosition[]>(
      `select ${keysetAt('created_at')} as at, id from (
        select id, created_at, row_number() over (order by created_at, id) - 1 as n
          from posts where ${publiclyVisible('posts.')}
      ) s
      where n % ? = 0 order by created_at, id`,
      [perFile],
    );
}

/** One file's videos, from its start. */
export async function sitemapVideos(
  em: EntityManager,
  start: KeysetPosition,
  perFile: number,
): Promise<SitemapVideo[]> {
  return em
    .fork()
    .getConnection()
    .execute<SitemapVideo[]>(
      `select slug, updated_at as "updatedAt" from posts
      where ${publiclyVisible('posts.')} and (created_at, id) >= (?::timestamptz, ?::uuid)
      order by created_at, id limit ?`,
      [start.at, start.id, perFile],
    );
}
