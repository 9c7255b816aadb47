import type { TaskList } from 'graphile-worker';
import { pruneExpired } from './pruneExpired.ts';

/** Every task the worker runs, by the identifier jobs are added with. */
export const taskList: TaskList = {
  prune_expired: pruneExpired,
};

/** Recurring jobs (graphile-worker crontab syntax). */
export const crontab = ['0 * * * * prune_expired'].join('\n');
