import { EventEmitter } from 'node:events';
import {
  type ChorusModule,
  entities,
  modules,
  removeOrphanedRenderDirs,
  type WorkerContext,
} from '@chorus/api/core';
import {
  createPgPool,
  createStorage,
  type Env,
  environment,
  initORM,
  logger,
  PubSub,
  storageDirOf,
} from '@chorus/api/platform';
import { type Runner, run, type WorkerEvents } from 'graphile-worker';
import type { z } from 'zod';
import { workerConfigSchema } from './config.ts';
import { startLiveness } from './liveness.ts';
import { crontab, taskList } from './tasks/index.ts';

export { loadWorkerConfig } from './config.ts';

/**
 * Starts graphile-worker on the same database as the api. It installs and migrates its own
 * `graphile_worker` schema, handles SIGINT/SIGTERM itself and finishes running jobs first.
 */
export async function startWorker(
  input: z.input<typeof workerConfigSchema>,
  env: Env = environment(),
): Promise<Runner> {
  const config = workerConfigSchema.parse(input);
  // Scratch folders of renders a killed worker left behind.
  const leftovers = await removeOrphanedRenderDirs({ atStart: true });
  if (leftovers.length) logger.info({ folders: leftovers }, 'removed the render folders of a stopped worker');
  const orm = await initORM(
    config.DATABASE_URL,
    { entities },
    { pool: { min: 0, max: config.DATABASE_POOL_MAX } },
  );
  const pool = createPgPool(config.DATABASE_URL, 3);
  const pubsub = new PubSub(config.DATABASE_URL, pool);
  const storage = createStorage(config, storageDirOf(config.STORAGE_DIR));
  const core = {
    orm,
    storage,
    pubsub,
    env,
    publicUrl: config.PUBLIC_URL?.replace(/\/$/, ''),
    delivery: config,
    answerStaleAfterMs: config.AI_ANSWER_STALE_AFTER_MS,
    importMaxMessagesPerChat: config.IMPORT_MAX_MESSAGES_PER_CHAT,
    orphanGraceMs: config.ORPHAN_SWEEP_GRACE_MINUTES * 60_000,
  };
  // What the modules' tasks need beyond the core (the video and assistant providers, as the api reads them).
  const ctx = Object.assign(
    core,
    ...(modules as readonly ChorusModule[]).map((m) => m.worker?.context?.(env) ?? {}),
  ) as WorkerContext;
  const tasks = taskList(ctx);
  // Listened to before run(): the pool whose id locks the jobs is made during it (liveness.ts).
  const events: WorkerEvents = new EventEmitter();
  const liveness = startLiveness(events, pool, {
    heartbeatMs: config.WORKER_HEARTBEAT_MS,
    staleAfterMs: config.WORKER_STALE_AFTER_MS,
  });
  const runner = await run({
    connectionString: config.DATABASE_URL,
    concurrency: config.WORKER_CONCURRENCY,
    taskList: tasks,
    crontab,
    pollInterval: 2000,
    events,
  });
  liveness.start();
  void runner.promise.finally(async () => {
    await liveness.stop();
    await pubsub.close();
    await pool.end();
    await orm.close();
  });
  logger.info(
    {
      concurrency: config.WORKER_CONCURRENCY,
      tasks: Object.keys(tasks),
      video: ctx.video.list().map((p) => p.name),
    },
    'worker started',
  );
  return runner;
}
