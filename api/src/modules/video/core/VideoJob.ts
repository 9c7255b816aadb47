import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';

/** One video generation request and its progress (queued → in_progress → completed | failed). */
export const VideoJob = defineEntity({
  name: 'VideoJob',
  tableName: 'video_jobs',
  extends: TimestampedEntity,
  properties: ownedByUser(
    {
      prompt: p.text(),
      duration: p.string().length(4).default('4'),
      size: p.string().length(16).default('1280x720'),
      status: p.enum(['queued', 'in_progress', 'completed', 'failed'] as const).default('queued'),
      progress: p.integer().default(0),
      error: p.text().nullable(),
      /** Which configured provider renders it (its id; 'preview' for the local preview renderer). */
      provider: p.string().length(32).nullable(),
      /** The model asked for (the provider's VIDEO_MODEL), recorded for provenance. */
      model: p.text().nullable(),
      /** Image-to-video: the user's file it starts from, and that picture's storage key and type. */
      sourceFileId: p.uuid().nullable(),
      sourceImageKey: p.text().nullable(),
      sourceImageType: p.string().length(100).nullable(),
      /** The secret in the start picture's address for providers that fetch it by URL (Luma), valid while the job runs. */
      sourceToken: p.text().nullable().hidden(),
      /** A start picture taken from one of the user's videos: that video's job id and the moment, in seconds. */
      sourceVideoId: p.uuid().nullable(),
      sourceFrameSeconds: p.float().nullable(),
      /** A remix: the public post it was made from (core/remixes.ts checked it), kept by its post. */
      remixOfId: p.uuid().nullable(),
      /** Storage keys of the finished MP4 and its thumbnail. */
      videoKey: p.text().nullable(),
      thumbnailKey: p.text().nullable(),
      /** Share it to the community gallery when it is kept (the dialog's switch when Generate was pressed). */
      share: p.boolean().default(false),
      /** The remote provider's id for this render, so a retried job resumes it instead of starting another. */
      remoteId: p.text().nullable(),
      /** When its owner put away a video that ended without a video, so "In the making" stops showing it. */
      dismissedAt: p.datetime().nullable(),
    },
    { indexed: true },
  ),
  checks: [{ name: 'video_jobs_progress_range', expression: 'progress between 0 and 100' }],
});
export type VideoJob = InferEntity<typeof VideoJob>;
