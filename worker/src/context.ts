/**
 * What every task may use: one ORM per worker process (each job forks its own EntityManager), the
 * media storage, the cross-process pub/sub (progress reaches browsers through the api), and what the
 * modules add (their module.ts `worker.context`: the video and assistant providers).
 */
export type { WorkerContext } from '@chorus/api/core';
