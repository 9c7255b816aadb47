import { type ChorusModule, modules } from '@chorus/api/core';
import type { TaskList } from 'graphile-worker';
import type { WorkerContext } from '../context.ts';
import { pruneExpired } from './pruneExpired.ts';

const declared = modules as readonly ChorusModule[];

/**
 * Every task the worker runs, by the name jobs are added with (each module's jobs.ts):
 * the worker's own housekeeping, and each module's (its module.ts `worker.tasks`).
 */
export function taskList(ctx: WorkerContext): TaskList {
  const tasks: TaskList = { prune_expired: pruneExpired };
  for (const m of declared) {
    for (const [name, task] of Object.entries(m.worker?.tasks ?? {})) {
      if (name in tasks) throw new Error(`two tasks are named ${name}`);
      tasks[name] = task(ctx);
    }
  }
  return tasks;
}

/** Recurring jobs (graphile-worker crontab syntax): the housekeeping's and the modules' (`worker.cron`). */
export const crontab = ['0 * * * * prune_expired', ...declared.flatMap((m) => m.worker?.cron ?? [])].join(
  '\n',
);
