import { z } from 'zod';

/**
 * Every background job's payload schema, by job name: the code that adds a job and the worker task
 * that runs it parse the same one. Each module declares its own in its jobs.ts: `defineJobs` here at
 * run time, and the names with their schemas' types added to this interface
 * (`declare module '../jobs/payloads.ts'`), so `addJob` checks a payload where it is queued.
 */
export interface JobPayloadSchemas {
  /** The worker's own housekeeping (hourly cron): expired sessions and rate-limit counters. */
  prune_expired: typeof pruneExpired;
}

export type JobName = keyof JobPayloadSchemas & string;
export type JobPayload<N extends JobName> = JobPayloadSchemas[N] extends z.ZodType
  ? z.infer<JobPayloadSchemas[N]>
  : never;

const schemas = new Map<string, z.ZodType>();

/** Registers a module's jobs (its jobs.ts); a name taken by another module is a mistake. */
export function defineJobs<T extends Record<string, z.ZodType>>(jobs: T): T {
  for (const [name, schema] of Object.entries(jobs)) {
    if (schemas.has(name)) throw new Error(`two jobs are named ${name}`);
    schemas.set(name, schema);
  }
  return jobs;
}

/** The payload schema of a job, which its module's jobs.ts has registered. */
export function jobSchema<N extends JobName>(name: N): JobPayloadSchemas[N] {
  const schema = schemas.get(name);
  if (!schema) throw new Error(`no job is named ${name}: is its module in modules/index.ts?`);
  return schema as JobPayloadSchemas[N];
}

/** Every registered job's name (the worker runs a task for each). */
export const jobNames = (): string[] => [...schemas.keys()];

const pruneExpired = z.object({}).passthrough();
defineJobs({ prune_expired: pruneExpired });
