import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { sweepOrphanedObjects } from '../core/orphans.ts';
import { filesJobs } from '../jobs.ts';

/**
 * Hourly from the crontab: deletes stored objects no row names (an upload whose api process
 * stopped before its row was written), once they are older than ORPHAN_SWEEP_GRACE_MINUTES.
 */
export const sweepOrphanedObjectsTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { graceMinutes } = filesJobs.sweep_orphaned_objects.parse(payload ?? {});
    const graceMs = graceMinutes === undefined ? ctx.orphanGraceMs : graceMinutes * 60_000;
    const deleted = await sweepOrphanedObjects(ctx.orm.em.fork(), ctx.storage, graceMs);
    helpers.logger.info(`swept ${deleted} stored objects no row named`);
  };
