import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { queueWaitingFiles } from '../core/status.ts';

/** Every 5 minutes: queues the files no job reads yet (core/status.ts queueWaitingFiles). */
export const indexWaitingFilesTask =
  (ctx: WorkerContext): Task =>
  async (_payload, helpers) => {
    const queued = await queueWaitingFiles(ctx.orm.em.fork());
    if (queued) helpers.logger.info(`queued ${queued} files to read`);
  };
