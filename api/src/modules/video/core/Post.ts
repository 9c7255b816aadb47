import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';
import { VideoJob } from './VideoJob.ts';

/** A saved video in a user's gallery; public posts appear in the community gallery. */
export const Post = defineEntity({
  name: 'Post',
  tableName: 'posts',
  extends: TimestampedEntity,
  properties: ownedByUser({
    // One post per video: saving the same video twice finds the existing post.
    video: () => p.oneToOne(VideoJob).owner().nullable().unique().deleteRule('set null'),
    slug: p.string().length(255).unique(),
    title: p.string().length(255),
    description: p.text().nullable(),
    prompt: p.text(),
    tags: p.array().defaultRaw(`'{}'::text[]`),
    duration: p.string().length(8).nullable(),
    size: p.string().length(16).nullable(),
    videoUrl: p.text(),
    thumbnailUrl: p.text().nullable(),
    isPublic: p.boolean().default(false),
    /** Provenance: which provider and model made the video, and whether it was a preview render. */
    provider: p.string().length(32).nullable(),
    model: p.text().nullable(),
    preview: p.boolean().default(false),
    /** The picture an image-to-video started from (its URL), when it did. */
    sourceImageUrl: p.text().nullable(),
    /** When that picture was a frame of one of the owner's videos: that video's job id and the moment, in seconds. */
    sourceVideoId: p.uuid().nullable(),
    sourceFrameSeconds: p.float().nullable(),
    /** The post this video was made from ("Make one like this"), copied from its job; the migration's FK sets it null when that post is deleted. */
    remixOfId: p.uuid().nullable(),
    /** False for a post the server kept for a finished video its owner has not saved yet (their first save still chooses how it is shared). */
    ownerSaved: p.boolean().default(true),
    likes: p.integer().default(0),
    views: p.integer().default(0),
  }),
  indexes: [
    { name: 'posts_user_created_idx', properties: ['user', 'createdAt'] },
    // The community gallery reads public posts newest first.
    {
      name: 'posts_public_created_idx',
      expression:
        'create index "posts_public_created_idx" on "posts" ("created_at" desc, "id" desc) where "is_public"',
    },
  ],
});
export type Post = InferEntity<typeof Post>;
