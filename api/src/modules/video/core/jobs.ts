import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectDuration, durationSeconds } from '@chorus/shared/videoRules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Storage } from '../../../platform/storage.ts';
import { parseInput } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { getSettings } from '../../accounts/core/service.ts';
import { User } from '../../accounts/core/User.ts';
import { type Allowance, allowance, consume, refund, refundFor } from '../../chat/core/usage.ts';
import { StoredFile } from '../../files/core/File.ts';
import { keepStoredFile } from '../../files/core/service.ts';
import { addJob } from '../../jobs/addJob.ts';
import type { ContentChecks } from '../../safety/core/checks.ts';
import type { VideoModels, VideoProvider } from './provider.ts';
import { makeRenderDir } from './renderDirs.ts';
import { generateVideoInput } from './schemas.ts';
import { VideoJob } from './VideoJob.ts';
import { posterOfRemix, requireRemixable } from './visibility.ts';

/** The channel a job's progress is published on (api and worker processes alike). */
export const videoJobChannel = (jobId: string) => `video_job_${jobId.replace(/-/g, '')}`;
/** The channel that wakes the worker running a job: a verified webhook ('news') or a cancel ('cancel'). */
export const videoWakeChannel = (jobId: string) => `video_wake_${jobId.replace(/-/g, '')}`;

/** The storage key behind a /media/… address (absolute or not); '' when it isn't one. */
function storageKeyOfUrl(url: string): string {
  try {
    const { pathname } = new URL(url, 'http://x');
    // Public (/media/…) and owner-only (/media/private/…) addresses of the same stored object.
    const match = /^\/media\/(?:private\/)?(.+)$/.exec(pathname);
    return match ? decodeURIComponent(match[1]!) : '';
  } catch {
    return '';
  }
}

/** The error a cancelled job ends with. */
export const CANCELLED = 'Cancelled';

/** Pictures a video can start from. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

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
  /** Ended by its owner's cancel (status failed, error "Cancelled"): not a failure of the service. */
  cancelled: boolean;
  /** Shared to the community gallery once it is kept (the dialog's switch when Generate was pressed). */
  share: boolean;
  provider: string | null;
  model: string | null;
  /** Made by the local preview renderer rather than a video model. */
  preview: boolean;
  /** The user's file an image-to-video started from. */
  sourceFileId: string | null;
  /** When that picture is a frame of one of the user's videos: that video's id and the moment (seconds). */
  sourceVideoId: string | null;
  sourceFrameSeconds: number | null;
  /** The post this video remixes ("Make one like this"), by id. */
  remixOf: string | null;
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
    cancelled: job.status === 'failed' && job.error === CANCELLED,
    share: job.share ?? false,
    provider: job.provider ?? null,
    model: job.model ?? null,
    preview: job.provider === 'preview',
    sourceFileId: job.sourceFileId ?? null,
    sourceVideoId: job.sourceVideoId ?? null,
    sourceFrameSeconds: job.sourceFrameSeconds ?? null,
    remixOf: job.remixOfId ?? null,
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
 * The prompt is checked (safety's automatic checks) before any of that: a refused prompt is
 * explained (CONTENT_REFUSED, a 400) and costs nothing, neither a video of the plan nor a render.
 */
export async function generateVideo(
  em: EntityManager,
  userId: string,
  input: unknown,
  providers: Pick<VideoModels, 'get' | 'frame'>,
  storage: Storage,
  checks: Pick<ContentChecks, 'requireAllowed'>,
): Promise<VideoJob> {
  const data = parseInput(generateVideoInput, input);
  const provider: VideoProvider | undefined = providers.get(data.model);
  if (!provider)
    throw textError(
      'BAD_USER_INPUT',
      msg('There is no video model "{model}" here'),
      { model: data.model },
      { field: 'model' },
    );
  const { sizes, durations } = provider.capabilities;
  const detected = detectDuration(data.prompt, durations);
  if (!detected.prompt) throw badInput(msg('Please describe the video you want'), { field: 'prompt' });
  const size = data.size ?? '1280x720';
  if (!sizes.includes(size)) {
    throw textError(
      'BAD_USER_INPUT',
      msg('This video service makes {sizes} videos; {size} is not available'),
      { sizes: sizes.join(', '), size },
      { field: 'size' },
    );
  }
  if (data.duration && !durations.includes(data.duration)) {
    throw textError(
      'BAD_USER_INPUT',
      msg('This video service makes {durations} second videos'),
      { durations: durations.join(', ') },
      { field: 'duration' },
    );
  }
  // After the input's own checks (a bad input is told as such), before anything is taken or counted.
  await checks.requireAllowed(em, { userId, subject: 'video_prompt', text: data.prompt, field: 'prompt' });
  // A remix credits a post its maker may see and reach (404 otherwise), checked before it is counted.
  const remixOfId = data.remixOf ? await requireRemixable(em, userId, data.remixOf) : null;
  let source: StoredFile | null = null;
  let frameOf: { videoId: string; seconds: number } | null = null;
  /** A picture made for this video (a frame, a remix's poster): not kept when the video isn't. */
  let madeForIt = false;
  if (data.remixPoster && remixOfId) {
    if (!provider.capabilities.imageInput) {
      throw badInput(msg('This video model cannot start from a picture'), { field: 'remixPoster' });
    }
    source = await posterOfRemix(em, storage, userId, remixOfId);
    madeForIt = true;
  } else if (data.frameVideoId !== undefined && data.frameSeconds !== undefined) {
    if (!provider.capabilities.imageInput) {
      throw badInput(msg('This video model cannot start from a picture'), { field: 'frameVideoId' });
    }
    frameOf = { videoId: data.frameVideoId, seconds: Math.round(data.frameSeconds * 100) / 100 };
    source = await frameOfVideo(em, storage, providers, userId, frameOf);
    madeForIt = true;
  } else if (data.imageFileId || data.imageUrl) {
    const field = data.imageFileId ? 'imageFileId' : 'imageUrl';
    if (!provider.capabilities.imageInput) {
      throw badInput(msg('This video model cannot start from a picture'), { field });
    }
    source = await em.findOne(
      StoredFile,
      data.imageFileId
        ? { id: data.imageFileId, user: userId }
        : { storageKey: storageKeyOfUrl(data.imageUrl ?? ''), user: userId },
    );
    if (!source) throw badInput(msg('That picture is not one of your files'), { field });
    if (!IMAGE_TYPES.includes(source.contentType)) {
      throw badInput(msg('A video can start from a PNG, JPEG or WebP picture'), { field });
    }
  }
  const queue = () =>
    em.transactional(async (tx) => {
      await consume(tx, userId, 'videos');
      // The switch's choice is remembered for the next video, on whatever device (off at first).
      const share = data.share ?? (await getSettings(tx, userId)).shareVideos;
      if (data.share !== undefined) {
        await tx.execute(
          `update users set settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('shareVideos', ?::boolean)
            where id = ?`,
          [data.share, userId],
        );
      }
      const job = tx.create(VideoJob, {
        user: tx.getReference(User, userId),
        prompt: detected.prompt,
        duration: data.duration ?? detected.duration,
        size,
        provider: provider.name,
        model: provider.model || null,
        sourceFileId: source?.id ?? null,
        sourceImageKey: source?.storageKey ?? null,
        sourceImageType: source?.contentType ?? null,
        // Only a job with a picture has an address for it.
        sourceToken: source ? randomBytes(24).toString('base64url') : null,
        sourceVideoId: frameOf?.videoId ?? null,
        sourceFrameSeconds: frameOf?.seconds ?? null,
        remixOfId,
        share,
      });
      await tx.flush();
      await addJob(tx, 'generate_video', { jobId: job.id }, { jobKey: `video:${job.id}`, maxAttempts: 3 });
      return job;
    });
  if (!madeForIt || !source) return queue();
  try {
    return await queue();
  } catch (err) {
    // No video (the month's allowance is used up): the frame taken for it isn't kept either.
    const frame = source;
    await em.getConnection().execute('delete from files where id = ?', [frame.id]);
    await storage.delete(frame.storageKey).catch(() => {});
    throw err;
  }
}

/**
 * A still of one of the user's finished videos at `seconds`, extracted with ffmpeg and kept as one
 * of their files (purpose video_frame, counted against their storage like any file): the picture an
 * image-to-video starts from.
 */
async function frameOfVideo(
  em: EntityManager,
  storage: Storage,
  providers: Pick<VideoModels, 'frame'>,
  userId: string,
  frame: { videoId: string; seconds: number },
): Promise<StoredFile> {
  const video = await em.findOne(VideoJob, { id: frame.videoId, user: userId, status: 'completed' });
  if (!video?.videoKey) throw badInput(msg('That video is not one of yours'), { field: 'frameVideoId' });
  const length = durationSeconds(video.duration) ?? Number(video.duration);
  if (frame.seconds > length) {
    throw textError(
      'BAD_USER_INPUT',
      msg('That video is {length} seconds long'),
      { length },
      { field: 'frameSeconds' },
    );
  }
  const dir = await makeRenderDir();
  try {
    const videoFile = path.join(dir, 'source.mp4');
    const frameFile = path.join(dir, 'frame.jpg');
    await writeFile(videoFile, await storage.read(video.videoKey));
    await providers.frame(videoFile, frame.seconds, frameFile);
    const size = await stat(frameFile).then(
      (s) => s.size,
      () => 0,
    );
    if (size === 0)
      throw badInput(msg('There is no frame at that moment of the video'), { field: 'frameSeconds' });
    const key = `uploads/${userId}/${randomUUID()}.jpg`;
    await storage.putFile(key, frameFile);
    return await keepStoredFile(em, storage, userId, {
      name: `Frame at ${frame.seconds} s of ${
        video.prompt
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim()
          .slice(0, 60) || 'a video'
      }.jpg`,
      contentType: 'image/jpeg',
      size,
      storageKey: key,
      purpose: 'video_frame',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The start picture (storage key and type) of a job still running whose source token is `token`; null otherwise. */
export async function runningSourceImage(
  em: EntityManager,
  jobId: string,
  token: string,
): Promise<{ key: string; type: string } | null> {
  if (!z.string().uuid().safeParse(jobId).success || !/^[\w-]{16,100}$/.test(token)) return null;
  const job = await em.findOne(VideoJob, { id: jobId, status: { $in: ['queued', 'in_progress'] } });
  if (!job?.sourceToken || !job.sourceImageKey) return null;
  const [a, b] = [Buffer.from(job.sourceToken), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b)
    ? { key: job.sourceImageKey, type: job.sourceImageType ?? 'image/png' }
    : null;
}

/** The job if it is the user's; 404 otherwise. */
export async function requireOwnJob(em: EntityManager, userId: string, jobId: string): Promise<VideoJob> {
  return requireOwned(em, VideoJob, userId, jobId, 'Video not found');
}

export function videoAllowance(em: EntityManager, userId: string): Promise<Allowance> {
  return allowance(em, userId, 'videos');
}

/**
 * Cancels a job that hasn't finished: it ends as failed ("Cancelled"), the worker running it is told
 * to stop, and a render already started is cancelled at the provider. The video is given back only
 * when nothing was billed for it: the provider never started it (no remote render yet), or it
 * confirmed the cancel. A service that cannot cancel (Google Veo) finishes and bills the render
 * anyway, so that video stays counted.
 */
export async function cancelVideoJob(
  em: EntityManager,
  deps: { pubsub: PubSub; providers: Pick<VideoModels, 'get'>; storage: Storage },
  userId: string,
  jobId: string,
): Promise<VideoJobView> {
  const job = await requireOwnJob(em, userId, jobId);
  // Ended in one statement, and refunded in it when no remote render was started: of two cancels
  // (or a cancel and the worker's own ending) only the one that ends the job goes on, so a video
  // is never given back twice (see run.ts).
  const rows = await em.getConnection().execute<{ user_id: string; remote_id: string | null }[]>(
    `with cancelled as (
       update video_jobs set status = 'failed', error = ?, updated_at = now()
        where id = ? and status in ('queued', 'in_progress') returning user_id, remote_id
     ), refunded as (${refundFor('(select user_id from cancelled where remote_id is null)')})
     select user_id, remote_id from cancelled`,
    [CANCELLED, job.id, 'videos'],
  );
  const ended = rows[0];
  if (!ended) throw badInput(msg('This video has already finished'), { field: 'id' });
  await deps.pubsub.publish(videoWakeChannel(job.id), 'cancel');
  const provider = deps.providers.get(job.provider);
  if (ended.remote_id && provider?.cancel) {
    const confirmed = await provider.cancel(ended.remote_id).then(
      () => true,
      (err: unknown) => {
        logger.warn({ err, jobId }, 'the provider did not take the cancel; the worker tries again');
        return false;
      },
    );
    if (confirmed) await refund(em, userId, 'videos');
  }
  await em.refresh(job);
  const view = videoJobView(job, deps.storage);
  await deps.pubsub.publish(videoJobChannel(job.id), JSON.stringify(view));
  return view;
}

/**
 * The user's videos that are not in their gallery as posts: being made, or ended without a video
 * (failed or cancelled) in the last 7 days, newest first. My Video Gallery shows them above the
 * saved videos, so a video whose dialog was closed is never lost from sight.
 */
export async function videosInTheMaking(
  em: EntityManager,
  storage: Storage,
  userId: string,
): Promise<VideoJobView[]> {
  const jobs = await em.find(
    VideoJob,
    {
      user: userId,
      $or: [
        { status: { $in: ['queued', 'in_progress'] } },
        { status: 'failed', dismissedAt: null, updatedAt: { $gt: new Date(Date.now() - 7 * 24 * 3600_000) } },
      ],
    },
    { orderBy: { createdAt: 'desc' }, limit: 50 },
  );
  return jobs.map((j) => videoJobView(j, storage));
}

/**
 * Puts away a video that ended without a video (failed or cancelled): "In the making" stops showing
 * it. A video still being made can't be put away (cancel it first); putting one away twice is fine.
 */
export async function dismissVideoJob(em: EntityManager, userId: string, jobId: string): Promise<boolean> {
  const job = await requireOwnJob(em, userId, jobId);
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `update video_jobs set dismissed_at = coalesce(dismissed_at, now())
        where id = ? and user_id = ? and status = 'failed' returning id`,
    [job.id, userId],
  );
  if (rows.length === 0) {
    throw badInput(
      job.status === 'completed'
        ? msg('This video is in your gallery: delete it there')
        : msg('This video is still being made: cancel it first'),
      { field: 'id' },
    );
  }
  return true;
}

/** A verified webhook about a remote render: wakes the worker following that job. */
export async function wakeJobByRemoteId(
  em: EntityManager,
  pubsub: PubSub,
  provider: string,
  remoteId: string,
): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `select id from video_jobs where provider = ? and remote_id = ? and status in ('queued', 'in_progress')`,
      [provider, remoteId],
    );
  for (const row of rows) await pubsub.publish(videoWakeChannel(row.id), 'news');
  return rows.length > 0;
}
