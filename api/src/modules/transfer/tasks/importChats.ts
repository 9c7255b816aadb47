import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { failImport, runImport } from '../core/imports.ts';
import { transferJobs } from '../jobs.ts';

/**
 * Reads one uploaded chat archive into chats. A problem with the file fails the import inside
 * runImport, once, with its reason; what throws here is unexpected (a lost connection) and is
 * retried, and on the last failed attempt the import is marked failed.
 */
export const importChatsTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { importId } = transferJobs.import_chats.parse(payload);
    try {
      await runImport(ctx.orm.em.fork(), ctx.storage, importId, {
        maxMessagesPerChat: ctx.importMaxMessagesPerChat,
      });
    } catch (err) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await failImport(
          ctx.orm.em.fork(),
          ctx.storage,
          importId,
          'The import could not be completed; please try again',
        );
      }
      throw err;
    }
  };
