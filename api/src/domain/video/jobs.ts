import type { EntityManager } from '@mikro-orm/postgresql';
import type { Storage } from '../../platform/storage.ts';
import { User } from '../accounts/User.ts';
import { type Allowance, allowance, consume } from '../chat/usage.ts';
import { badInput, notFound } from '../errors.ts';
import { addJob } from '../jobs/addJob.ts';
import { isUuid, parseInput } from '../validation.ts';
import type { VideoCapabilities } from './capabilities.ts';
import { detectDuration, durationSeconds } from './rules.ts';
import { generateVideoInput } from './schemas.ts';
import { VideoJob } from './VideoJob.ts';

/** The channel a job's progress is published on (api and worker processes alike). */
export const videoJobChannel = (jobId: string) => `video_job_${jobId.replace(/-/g, '')}`;

/** What the owner sees of a job, over REST and GraphQL alike. */
export interface VideoJobView {
  id: string;
  prompt: string;
  duration: string;
  seconds: number;
  size: string;
  status: VideoJob['status'];
  progress: number;
  error: string | null;
  provider: string | null;
  /** Made by the local preview renderer rather than a video model. */
  preview: boolean;
  videoUrl: string | null;
  downloadUrl: string | null;
  thumbnailUrl: string | null;
  createdAt: Date;
}

export function videoJobView(job: VideoJob, storage: Storage): VideoJobView {
  return {
    id: job.id,
    prompt: job.prompt,
    duration: job.duration,
    seconds: durationSeconds(job.duration) ?? 4,
    size: job.size,
    status: job.status,
    progress: job.progress,
    error: job.error ?? null,
    provider: job.provider ?? null,
    preview: job.provider === 'preview',
    // A job is its owner's alone: its files are served at their owner-only URLs (a post of it is
    // what publishes them).
    videoUrl: job.videoKey ? storage.privateUrlOf(job.videoKey) : null,
    downloadUrl: job.videoKey ? `/api/videos/${job.id}/download` : null,
    thumbnailUrl: job.thumbnailKey ? storage.privateUrlOf(job.thumbnailKey) : null,
    createdAt: job.createdAt,
  };
}

/**
 * Queues a video: counts it against the plan's monthly videos, saves the job and adds the worker
 * job in one transaction, so there is never a counted video without a job or a job without its row.
 */
export async function generateVideo(
  em: EntityManager,
  userId: string,
  input: unknown,
  capabilities: Pick<VideoCapabilities, 'sizes' | 'durations'>,
): Promise<VideoJob> {
  const { sizes, durations } = capabilities;
  const data = parseInput(generateVideoInput, input);
  const detected = detectDuration(data.prompt, durations);
  if (!detected.prompt) throw badInput('Please describe the video you want', { field: 'prompt' });
  const size = data.size ?? '1280x720';
  if (!sizes.includes(size)) {
    throw badInput(`This video service makes ${sizes.join(', ')} videos; ${size} is not available`, {
      field: 'size',
    });
  }
  if (data.duration && !durations.includes(data.duration)) {
    throw badInput(`This video service makes ${durations.join(', ')} second videos`, { field: 'duration' });
  }
  return em.transactional(async (tx) => {
    await consume(tx, userId, 'videos');
    const job = tx.create(VideoJob, {
      user: tx.getReference(User, userId),
      prompt: detected.prompt,
      duration: data.duration ?? detected.duration,
      size,
    });
    await tx.flush();
    await addJob(tx, 'generate_video', { jobId: job.id }, { jobKey: `video:${job.id}`, maxAttempts: 3 });
    return job;
  });
}

/** The job if it is the user's; 404 otherwise. */
export async function requireOwnJob(em: EntityManager, userId: string, jobId: string): Promise<VideoJob> {
  const job = isUuid(jobId) ? await em.findOne(VideoJob, { id: jobId, user: userId }) : null;
  if (!job) throw notFound('Video not found');
  return job;
}

export function videoAllowance(em: EntityManager, userId: string): Promise<Allowance> {
  return allowance(em, userId, 'videos');
}
