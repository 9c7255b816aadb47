import type { EntityManager } from '@mikro-orm/postgresql';
import { type JobName, type JobPayload, jobPayloads } from './payloads.ts';

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
  const parsed = jobPayloads[name].parse(payload);
  await em.execute(
    'select graphile_worker.add_job(?::text, ?::json, job_key => ?::text, run_at => ?::timestamptz, max_attempts => ?::int)',
    [
      name,
      JSON.stringify(parsed),
      options.jobKey ?? null,
      options.runAt?.toISOString() ?? null,
      options.maxAttempts ?? 5,
    ],
  );
}
