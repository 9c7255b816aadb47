import type { EntityManager } from '@mikro-orm/postgresql';
import type { VideoPageData } from '../../seo/meta.ts';
import { Post } from './Post.ts';

/**
 * Reads for the server-rendered parts of public video pages (head tags, sitemap). Only public posts
 * exist here: a private post's slug reads exactly like a slug nobody ever used.
 */
export async function findPublicVideoPage(em: EntityManager, slug: string): Promise<VideoPageData | null> {
  const post = await em
    .fork()
    .findOne(
      Post,
      { slug, isPublic: true },
      { populate: ['user'], fields: ['*', 'user.username', 'user.displayName'] as never },
    );
  if (!post) return null;
  return {
    slug: post.slug,
    title: post.title,
    description: post.description,
    prompt: post.prompt,
    tags: post.tags as string[],
    videoUrl: post.videoUrl,
    thumbnailUrl: post.thumbnailUrl,
    duration: post.duration,
    size: post.size,
    views: post.views,
    likes: post.likes,
    createdAt: post.createdAt,
    author: post.user.displayName || post.user.username,
  };
}

/** The sitemap's video entries, newest first. A sitemap file holds at most 50,000 URLs. */
export async function listPublicVideoSlugs(
  em: EntityManager,
  limit: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return em
    .fork()
    .getConnection()
    .execute<{ slug: string; updatedAt: Date }[]>(
      'select slug, updated_at as "updatedAt" from posts where is_public order by created_at desc limit ?',
      [limit],
    );
}
