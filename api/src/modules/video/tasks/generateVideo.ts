import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { runVideoJob } from '../core/run.ts';
import { videoJobs } from '../jobs.ts';

/**
 * Renders one video job. graphile-worker retries a thrown failure (up to the job's 3 attempts);
 * on the last attempt runVideoJob marks the job failed instead, so the user always gets an end.
 */
export const generateVideoTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { jobId } = videoJobs.generate_video.parse(payload);
    await runVideoJob(
      {
        orm: ctx.orm,
        storage: ctx.storage,
        pubsub: ctx.pubsub,
        providers: ctx.video,
        publicUrl: ctx.publicUrl,
      },
      jobId,
      { isLast: helpers.job.attempts >= helpers.job.max_attempts, signal: helpers.abortSignal },
    );
  };
