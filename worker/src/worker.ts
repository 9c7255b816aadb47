import { ProviderProfiles, removeOrphanedRenderDirs, videoProvidersFromEnv } from '@chorus/api/core';
import {
  createPgPool,
  createStorage,
  deliveryConfigShape,
  initORM,
  logger,
  PubSub,
  storageConfigShape,
  storageDirOf,
} from '@chorus/api/platform';
import { type Runner, run } from 'graphile-worker';
import { z } from 'zod';
import { startLiveness } from './liveness.ts';
import { crontab, taskList } from './tasks/index.ts';

const schema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  STORAGE_DIR: z.string().optional(),
  /** Where media is kept (the api's settings): the worker writes renders straight there. */
  ...storageConfigShape,
  /** The api's public origin (as the api's setting): video providers call webhooks there. */
  PUBLIC_URL: z.string().url().optional(),
  /** How often this worker says it is alive, and after how long silence its jobs are taken over. */
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  WORKER_STALE_AFTER_MS: z.coerce.number().int().min(500).default(30_000),
  /** The api's setting: after how long without a heartbeat an answer's writer is taken for gone. */
  AI_ANSWER_STALE_AFTER_MS: z.coerce.number().int().min(1_000).default(30_000),
  ...deliveryConfigShape,
});

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  return schema.parse(env);
}

/**
 * Starts graphile-worker on the same database as the api. It installs and migrates its own
 * `graphile_worker` schema, handles SIGINT/SIGTERM itself and finishes running jobs first.
 */
export async function startWorker(
  input: z.input<typeof schema>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Runner> {
  const config = schema.parse(input);
  // Scratch folders of renders a killed worker left behind.
  const leftovers = await removeOrphanedRenderDirs({ atStart: true });
  if (leftovers.length) logger.info({ folders: leftovers }, 'removed the render folders of a stopped worker');
  const orm = await initORM(config.DATABASE_URL);
  const pool = createPgPool(config.DATABASE_URL, 3);
  const pubsub = new PubSub(config.DATABASE_URL, pool);
  const storage = createStorage(config, storageDirOf(config.STORAGE_DIR));
  const video = videoProvidersFromEnv(env);
  const profiles = new ProviderProfiles(env);
  const tasks = taskList({
    orm,
    storage,
    pubsub,
    video,
    publicUrl: config.PUBLIC_URL?.replace(/\/$/, ''),
    delivery: config,
    profiles,
    answerStaleAfterMs: config.AI_ANSWER_STALE_AFTER_MS,
  });
  const runner = await run({
    connectionString: config.DATABASE_URL,
    concurrency: config.WORKER_CONCURRENCY,
    taskList: tasks,
    crontab,
    pollInterval: 2000,
  });
  const stopLiveness = startLiveness(runner, pool, {
    heartbeatMs: config.WORKER_HEARTBEAT_MS,
    staleAfterMs: config.WORKER_STALE_AFTER_MS,
  });
  void runner.promise.finally(async () => {
    await stopLiveness();
    await pubsub.close();
    await pool.end();
    await orm.close();
  });
  logger.info(
    {
      concurrency: config.WORKER_CONCURRENCY,
      tasks: Object.keys(tasks),
      video: video.list().map((p) => p.name),
    },
    'worker started',
  );
  return runner;
}
