import type { TaskList } from 'graphile-worker';
import type { WorkerContext } from '../context.ts';
import { deliverOutboxMessageTask } from './deliverOutboxMessage.ts';
import { distilMemoriesTask } from './distilMemories.ts';
import { endInterruptedAnswersTask } from './endInterruptedAnswers.ts';
import { exportAccountTask } from './exportAccount.ts';
import { generateVideoTask } from './generateVideo.ts';
import { importChatsTask } from './importChats.ts';
import { pruneExpired } from './pruneExpired.ts';
import { sweepOrphanedObjectsTask } from './sweepOrphanedObjects.ts';

/** Every task the worker runs, by the name jobs are added with (see api/src/modules/jobs/payloads.ts). */
export function taskList(ctx: WorkerContext): TaskList {
  return {
    distil_memories: distilMemoriesTask(ctx),
    generate_video: generateVideoTask(ctx),
    prune_expired: pruneExpired,
    deliver_outbox_message: deliverOutboxMessageTask(ctx),
    end_interrupted_answers: endInterruptedAnswersTask(ctx),
    export_account: exportAccountTask(ctx),
    import_chats: importChatsTask(ctx),
    sweep_orphaned_objects: sweepOrphanedObjectsTask(ctx),
  };
}

/** Recurring jobs (graphile-worker crontab syntax). */
export const crontab = [
  '0 * * * * prune_expired',
  '* * * * * end_interrupted_answers',
  '30 * * * * sweep_orphaned_objects',
].join('\n');
