import type { EntityManager } from '@mikro-orm/postgresql';
import { type JobName, type JobPayload, jobSchema } from './payloads.ts';

/** What queues a job in SQL: a call to graphile_worker.add_job and its parameters, in order. */
export interface JobCall {
  sql: string;
  params: unknown[];
}

/**
 * The call that queues a job, for a statement that does it together with something else (the
 * payload is checked here, as addJob does).
 */
export function jobCall<N extends JobName>(
  name: N,
  payload: JobPayload<N>,
  options: { jobKey?: string; runAt?: Date; maxAttempts?: number } = {},
): JobCall {
  const parsed = jobSchema(name).parse(payload);
  return {
    sql: 'graphile_worker.add_job(?::text, ?::json, job_key => ?::text, run_at => ?::timestamptz, max_attempts => ?::int)',
    params: [
      name,
      JSON.stringify(parsed),
      options.jobKey ?? null,
      options.runAt?.toISOString() ?? null,
      options.maxAttempts ?? 5,
    ],
  };
}

/**
 * Queues a graphile-worker job through the EntityManager's connection, so when `em` is inside a
 * transaction the job is committed (or rolled back) together with the write that needs it.
 * A `jobKey` makes adding the same job twice replace the pending one instead.
 */
export async function addJob<N extends JobName>(
  em: EntityManager,
  name: N,
  payload: JobPayload<N>,
  options: { jobKey?: string; runAt?: Date; maxAttempts?: number } = {},
): Promise<void> {
  const call = jobCall(name, payload, options);
  await em.execute(`select ${call.sql}`, call.params);
}
