import { apiConfigSchema } from '@chorus/api/core';
import { deliveryConfigShape, type Env, environment, storageConfigShape } from '@chorus/api/platform';
import { z } from 'zod';

const keysOf = <T extends object>(shape: T) =>
  Object.fromEntries(Object.keys(shape).map((key) => [key, true])) as { [K in keyof T]: true };

/**
 * The worker's settings: those it shares with the api, taken from the api's schema (same names,
 * defaults and checks), and its own.
 */
export const workerConfigSchema = apiConfigSchema
  .pick({
    DATABASE_URL: true,
    DATABASE_POOL_MAX: true,
    STORAGE_DIR: true,
    // Video providers call webhooks at the api's public origin.
    PUBLIC_URL: true,
    // After how long without a heartbeat an answer's writer is taken for gone.
    AI_ANSWER_STALE_AFTER_MS: true,
    // Imports are read here; stored objects nobody owns are swept here.
    IMPORT_MAX_MESSAGES_PER_CHAT: true,
    ORPHAN_SWEEP_GRACE_MINUTES: true,
    // Invitations and account mail are delivered here.
    ...keysOf(deliveryConfigShape),
    // Where media is kept: the worker writes renders straight there.
    ...keysOf(storageConfigShape),
  })
  .extend({
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    /** How often this worker says it is alive, and after how long silence its jobs are taken over. */
    WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
    WORKER_STALE_AFTER_MS: z.coerce.number().int().min(500).default(30_000),
  });
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export const loadWorkerConfig = (env: Env = environment()): WorkerConfig => workerConfigSchema.parse(env);
