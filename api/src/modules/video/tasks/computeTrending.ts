import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { computeTrending } from '../core/trending.ts';
import { videoJobs } from '../jobs.ts';

/** Every 10 minutes from the crontab (video/module.ts): the community gallery's trending scores. */
export const computeTrendingTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    videoJobs.compute_trending.parse(payload ?? {});
    const scored = await computeTrending(ctx.orm.em.fork());
    helpers.logger.info(`scored ${scored} public videos for trending`);
  };
