import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { failExport, runExport } from '../core/exportData.ts';
import { accountsJobs } from '../jobs.ts';

/** Builds one "export my data" zip; on the last failed attempt the export is marked failed. */
export const exportAccountTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { exportId, publicUrl } = accountsJobs.export_account.parse(payload);
    try {
      await runExport(
        ctx.orm.em.fork(),
        { storage: ctx.storage, delivery: ctx.delivery },
        exportId,
        publicUrl,
      );
    } catch (err) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await failExport(ctx.orm.em.fork(), exportId, String((err as Error).message));
      }
      throw err;
    }
  };
