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

/** Profiles one sitemap file lists at most (the protocol's limit per file). */
export const SITEMAP_CREATORS_MAX = 50_000;

/**
 * The creators whose profile (/u/{username}, creators module) has public videos, with their newest
 * one's time: their profile pages, most recently active first (the busiest SITEMAP_CREATORS_MAX).
 */
export async function sitemapCreators(em: EntityManager): Promise<{ username: string; lastmod: Date }[]> {
  const rows = await em
    .fork()
    .getConnection()
    .execute<{ username: string; lastmod: string }[]>(
      `select u.username, max(posts.updated_at) as lastmod
         from posts join users u on u.id = posts.user_id
        where ${publiclyVisible('posts.')}
        group by u.id, u.username order by max(posts.updated_at) desc limit ?`,
      [SITEMAP_CREATORS_MAX],
    );
  return rows.map((r) => ({ username: r.username, lastmod: new Date(r.lastmod) }));
}
