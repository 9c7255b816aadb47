import { deliveryConfigShape, initORM, logger } from '@chorus/api/platform';
import { type Runner, run } from 'graphile-worker';
import { z } from 'zod';
import { crontab, taskList } from './tasks/index.ts';

const schema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  ...deliveryConfigShape,
});

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  return schema.parse(env);
}

/**
 * Starts graphile-worker on the same database as the api. It installs and migrates its own
 * `graphile_worker` schema, handles SIGINT/SIGTERM itself and finishes running jobs first.
 */
export async function startWorker(input: z.input<typeof schema>): Promise<Runner> {
  const config = schema.parse(input);
  const orm = await initORM(config.DATABASE_URL);
  const tasks = taskList({ orm, delivery: config });
  const runner = await run({
    connectionString: config.DATABASE_URL,
    concurrency: config.WORKER_CONCURRENCY,
    taskList: tasks,
    crontab,
    pollInterval: 2000,
  });
  void runner.promise.finally(() => orm.close());
  logger.info({ concurrency: config.WORKER_CONCURRENCY, tasks: Object.keys(tasks) }, 'worker started');
  return runner;
}
