import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORED_TEXTS, storedText } from '@chorus/shared/storedTexts';
import type { VideoDuration, VideoSize } from '@chorus/shared/videoRules';
import type { MikroORM } from '@mikro-orm/postgresql';
import { APIConnectionTimeoutError, APIError } from 'openai';
import { raise } from '../../../platform/hooks.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Storage } from '../../../platform/storage.ts';
import { refundFor } from '../../chat/core/usage.ts';
import { notify } from '../../notifications/core/notifications.ts';
import { recordDecision } from '../../safety/core/checks.ts';
import { providerRefusalMessage } from '../../safety/core/refusals.ts';
import { videoJobChannel, videoJobView, videoWakeChannel } from './jobs.ts';
import { keepPost } from './posts.ts';
import { type VideoModels, VideoRenderError } from './provider.ts';
import { makeRenderDir } from './renderDirs.ts';
import { VideoJob } from './VideoJob.ts';

export interface VideoRunDeps {
  orm: MikroORM;
  storage: Storage;
  pubsub: PubSub;
  providers: VideoModels;
  /** The api's public origin: providers with verifiable webhooks are asked to call it. */
  publicUrl?: string | undefined;
}

/** How often progress is written and pushed at most (a render reports many times a second). */
const PROGRESS_EVERY_MS = 250;

/**
 * Runs one video job to the end. Safe to run again after a crash or a retry: a finished or failed
 * job is left alone, a remote render already started is resumed by its saved id, and the output
 * keys are the job's own, so a second run overwrites instead of adding a second video.
 * Throws only for failures worth retrying while attempts remain (graphile-worker retries them).
 */
export async function runVideoJob(
  deps: VideoRunDeps,
  jobId: string,
  attempt: { isLast: boolean; signal?: AbortSignal },
): Promise<void> {
  const em = deps.orm.em.fork();
  const job = await em.findOne(VideoJob, jobId);
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  const userId = job.user.id;
  const provider = deps.providers.get(job.provider);
  // Conditional: a cancel that lands between the read above and this write has ended the job, and
  // must not be overwritten back to in_progress.
  const started = await em.getConnection().execute<{ id: string }[]>(
    `update video_jobs set status = 'in_progress', provider = coalesce(provider, ?), error = null,
       updated_at = now() where id = ? and status in ('queued', 'in_progress') returning id`,
    [provider?.name ?? null, jobId],
  );
  if (started.length === 0) return;
  job.status = 'in_progress';
  job.provider ??= provider?.name ?? null;
  job.error = null;
  // From here on the job is written with plain UPDATEs; a tracked entity would be flushed again by
  // the final transaction and put back stale progress.
  em.clear();
  await publish(deps, job);

  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (progress: number) => {
    const now = Date.now();
    if (progress <= job.progress || now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    job.progress = progress;
    // Progress never goes backwards, even if a slower write lands late.
    pending = pending.then(() =>
      em
        .getConnection()
        .execute('update video_jobs set progress = greatest(progress, ?), updated_at = now() where id = ?', [
          progress,
          jobId,
        ])
        .then(() => publish(deps, job))
        .catch((err: unknown) => logger.warn({ err, jobId }, 'video progress not saved')),
    );
  };

  // A verified webhook (or a cancel) for this job arrives on its wake channel, from any api process.
  const cancelled = new AbortController();
  const signal = attempt.signal ? AbortSignal.any([attempt.signal, cancelled.signal]) : cancelled.signal;
  let wake: (() => void) | undefined;
  const unsubscribe = await deps.pubsub.subscribe(videoWakeChannel(jobId), (message) => {
    if (message === 'cancel') cancelled.abort(new VideoRenderError('The video was cancelled.'));
    wake?.();
  });
  const waitForNews = (ms: number, s?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        s?.removeEventListener('abort', onAbort);
        wake = undefined;
        resolve();
      };
      const onAbort = () => {
        clearTimeout(timer);
        reject(s?.reason ?? new Error('aborted'));
      };
      const timer = setTimeout(done, ms);
      wake = done;
      s?.addEventListener('abort', onAbort, { once: true });
    });

  const dir = await makeRenderDir();
  try {
    if (!provider) {
      // Retryable: during a rollout (or with workers configured differently) another worker may
      // have it; on the last attempt the job fails with this reason.
      throw new VideoRenderError(`The video model "${job.provider}" is not configured on this worker.`, true);
    }
    const videoFile = path.join(dir, 'video.mp4');
    const thumbFile = path.join(dir, 'thumb.jpg');
    const image = job.sourceImageKey
      ? { data: await deps.storage.read(job.sourceImageKey), mimeType: job.sourceImageType ?? 'image/png' }
      : null;
    await provider.render(
      {
        jobId,
        prompt: job.prompt,
        seconds: job.duration as VideoDuration,
        size: job.size as VideoSize,
        remoteId: job.remoteId ?? null,
        image,
        imageUrl:
          image && deps.publicUrl && job.sourceToken
            ? `${deps.publicUrl}/api/video-sources/${jobId}/${job.sourceToken}`
            : null,
        webhookUrl:
          deps.publicUrl && provider.verifyWebhook && deps.providers.webhooks
            ? `${deps.publicUrl}/api/video-webhooks/${encodeURIComponent(provider.name)}`
            : null,
      },
      videoFile,
      {
        onProgress,
        onRemoteId: async (id) => {
          job.remoteId = id;
          await em.getConnection().execute('update video_jobs set remote_id = ? where id = ?', [id, jobId]);
        },
        waitForNews,
        signal,
      },
    );
    await deps.providers.thumbnail(videoFile, thumbFile).catch((err: unknown) => {
      throw new VideoRenderError(
        `The video could not be read: ${(err as Error).message.slice(0, 200)}`,
        true,
      );
    });
    await pending;
    const videoKey = `videos/${userId}/${jobId}.mp4`;
    const thumbnailKey = `videos/${userId}/${jobId}.jpg`;
    await deps.storage.putFile(videoKey, videoFile);
    await deps.storage.putFile(thumbnailKey, thumbFile);
    const [videoSize, thumbSize] = [(await stat(videoFile)).size, (await stat(thumbFile)).size];
    await em.transactional(async (tx) => {
      // The files rows are keyed by storage key: a rerun finds them and adds nothing.
      await tx.execute(
        `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
         values (gen_random_uuid(), ?, ?, 'video/mp4', ?, ?, 'video'),
                (gen_random_uuid(), ?, ?, 'image/jpeg', ?, ?, 'thumbnail')
         on conflict (storage_key) do update set size = excluded.size`,
        [
          userId,
          fileNameOf(job.prompt, 'mp4'),
          videoSize,
          videoKey,
          userId,
          fileNameOf(job.prompt, 'jpg'),
          thumbSize,
          thumbnailKey,
        ],
      );
      const finished = await tx.execute<{ id: string }[]>(
        `update video_jobs set status = 'completed', progress = 100, error = null, video_key = ?, thumbnail_key = ?,
           updated_at = now() where id = ? and status <> 'failed' returning id`,
        [videoKey, thumbnailKey, jobId],
      );
      // The bell tells of it on whatever page the person is (notifications module).
      if (finished.length > 0)
        await raise('videoCompleted', {
          em: tx,
          videoId: jobId,
          ownerId: userId,
          prompt: job.prompt,
          error: null,
        });
      if (finished.length > 0)
        await notify(tx, {
          userId,
          kind: 'video_finished',
          targetType: 'video',
          targetId: jobId,
          data: { prompt: job.prompt.slice(0, 140) },
        });
      // In the gallery whether or not a browser is still watching (its dialog saves the same post).
      await keepPost(tx, deps.storage, {
        id: jobId,
        prompt: job.prompt,
        videoKey,
        thumbnailKey,
        sourceImageKey: job.sourceImageKey,
      });
    });
    Object.assign(job, { status: 'completed', progress: 100, videoKey, thumbnailKey });
    await publish(deps, job);
  } catch (err) {
    await pending;
    if (cancelled.signal.aborted) {
      // The api marked the job cancelled (and refunded it); stop the render at the provider too.
      if (job.remoteId && provider?.cancel) {
        await provider
          .cancel(job.remoteId)
          .catch((e: unknown) => logger.warn({ err: e, jobId }, 'cancel failed'));
      }
      return;
    }
    // A refusal (the provider's content policy) and any failure the provider reports end the job at once.
    const retryable = !(err instanceof VideoRenderError) || err.retryable;
    // A worker that is shutting down aborts its jobs: they run again when a worker starts.
    const interrupted = attempt.signal?.aborted === true;
    if ((retryable || interrupted) && !attempt.isLast) {
      logger.warn({ err, jobId }, 'video job failed; it will be retried');
      throw err;
    }
    job.status = 'failed';
    job.error = readableError(err);
    // The video was never made: it doesn't count against the month's allowance. Ended and refunded
    // in one statement, so whoever sees it failed sees it uncounted; a job cancelled meanwhile was
    // refunded by its cancel, and keeps that ending.
    const failedError = job.error;
    // Reactions to the failure (webhooks) commit with it, or not at all.
    const ended = await em.transactional(async (tx) => {
      const rows = await tx.execute<{ user_id: string }[]>(
        `with failed as (
           update video_jobs set status = 'failed', error = ?, updated_at = now()
            where id = ? and status in ('queued', 'in_progress') returning user_id
         ), refunded as (${refundFor('failed')})
         select user_id from failed`,
        [failedError, jobId, 'videos'],
      );
      if (rows.length > 0)
        await raise('videoFailed', {
          em: tx,
          videoId: jobId,
          ownerId: userId,
          prompt: job.prompt,
          error: failedError,
        });
      return rows;
    });
    // Cancelled meanwhile: the cancel has told the watchers already, with its own ending.
    if (ended.length > 0) await publish(deps, job);
    if (ended.length > 0)
      await notify(em, {
        userId,
        kind: 'video_failed',
        targetType: 'video',
        targetId: jobId,
        data: { prompt: job.prompt.slice(0, 140), error: job.error },
      });
    if (ended.length > 0 && err instanceof VideoRenderError && err.refused) {
      // The video service's own safety decision, recorded like the automatic checks' (safety module).
      await recordDecision(em, {
        userId,
        subject: 'video_render',
        target: { type: 'video', id: jobId },
        text: job.prompt,
        decision: {
          allowed: false,
          category: null,
          categories: [],
          reason: err.message,
          provider: job.provider ?? 'video service',
          fallback: false,
        },
      });
    }
    logger.warn({ err, jobId }, 'video job failed');
  } finally {
    await unsubscribe().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

async function publish(deps: VideoRunDeps, job: VideoJob): Promise<void> {
  const view = videoJobView(job, deps.storage);
  await deps.pubsub.publish(videoJobChannel(job.id), JSON.stringify(view)).catch((err: unknown) => {
    logger.warn({ err, jobId: job.id }, 'video progress not published');
  });
}

/** What the user reads when a job fails: the provider's words when it gave any, never a stack trace. */
export function readableError(err: unknown): string {
  // Refused by the service's safety rules: said in plain words (given back to the plan, as every failure is).
  if (err instanceof VideoRenderError) return err.refused ? providerRefusalMessage(err.message) : err.message;
  // Stored in English from their templates; each reader's screen translates them (@chorus/shared/storedTexts).
  if (err instanceof APIConnectionTimeoutError) return STORED_TEXTS.videoTooSlow;
  if (err instanceof APIError) {
    const detail = (err.error as { message?: string } | undefined)?.message;
    if (err.status === 429) return STORED_TEXTS.videoBusy;
    if (err.status && detail)
      return storedText(STORED_TEXTS.videoServiceFailedStatusDetail, { status: err.status, detail });
    if (err.status) return storedText(STORED_TEXTS.videoServiceFailedStatus, { status: err.status });
    if (detail) return storedText(STORED_TEXTS.videoServiceFailedDetail, { detail });
    return STORED_TEXTS.videoServiceFailed;
  }
  return STORED_TEXTS.videoFailed;
}

function fileNameOf(prompt: string, ext: string): string {
  const base = prompt
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'video'}.${ext}`;
}
