import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { recordAudit } from './audit.ts';
import { reasonInput } from './console.ts';
import type { StaffMember } from './roles.ts';

/**
 * The background queue as the console shows it. graphile-worker 0.18 (node_modules/graphile-worker,
 * sql/000017.sql) keeps jobs in `graphile_worker._private_jobs` and offers the `graphile_worker.jobs`
 * view to read them; changes go through its own functions (`reschedule_jobs`, `complete_jobs`,
 * as its WorkerUtils calls them), which leave a job a worker holds alone. They are called as SQL
 * here rather than through WorkerUtils so that the change and its audit entry share a transaction.
 */
/** `AdminQuery.jobs`' value: its fields read the queue (codegen maps JobsOverview here). */
export type JobsRoot = Record<string, never>;

export interface JobTaskDepth {
  task: string;
  waiting: number;
  running: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  task: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Jobs per task: waiting (not given up on, not held), running (held by a worker), failed (given up on). */
export async function queueDepth(em: EntityManager): Promise<JobTaskDepth[]> {
  const rows = await em.execute<{ task: string; waiting: number; running: number; failed: number }[]>(
    `select task_identifier as task,
        count(*) filter (where attempts < max_attempts and locked_at is null)::int as waiting,
        count(*) filter (where attempts < max_attempts and locked_at is not null)::int as running,
        count(*) filter (where attempts >= max_attempts)::int as failed
       from graphile_worker.jobs group by task_identifier order by task_identifier`,
  );
  return rows;
}

/** A graphile-worker job id: digits that fit PostgreSQL's bigint (a larger one would fail the query, not the input). */
const bigintId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,19}$/, message)
    // zod runs this check after a failed regex too: only digits reach BigInt.
    .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= 9223372036854775807n, message);

const failedInput = z.object({
  first: z
    .number({ error: msg('first must be a whole number from 1 to 100') })
    .int(msg('first must be a whole number from 1 to 100'))
    .min(1, msg('first must be a whole number from 1 to 100'))
    .max(100, msg('first must be a whole number from 1 to 100'))
    .default(20),
  after: bigintId('Invalid page cursor').optional(),
});

/** Failed jobs, newest first, paged on the job id (a bigint that only grows). */
export async function failedJobs(
  em: EntityManager,
  input: unknown,
): Promise<{ jobs: FailedJob[]; nextCursor: string | null }> {
  const f = parseInput(failedInput, input ?? {});
  const rows = await em.execute<
    {
      id: string;
      task_identifier: string;
      attempts: number;
      max_attempts: number;
      last_error: string | null;
      created_at: Date;
      updated_at: Date;
    }[]
  >(
    `select id::text as id, task_identifier, attempts, max_attempts, last_error, created_at, updated_at
       from graphile_worker.jobs where attempts >= max_attempts ${f.after ? 'and id < ?::bigint' : ''}
      order by id desc limit ?`,
    f.after ? [f.after, f.first + 1] : [f.first + 1],
  );
  const page = rows.slice(0, f.first);
  return {
    jobs: page.map((r) => ({
      id: r.id,
      task: r.task_identifier,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    nextCursor: rows.length > f.first ? (page.at(-1)?.id ?? null) : null,
  };
}

const jobInput = z.object({
  id: bigintId('Invalid job id'),
  reason: reasonInput,
});

type JobAction = 'retry' | 'delete';

/**
 * Retry: the job runs again now, from its first attempt (reschedule_jobs with attempts 0; WorkerUtils'
 * rescheduleJobs would drop a 0). Delete: the job is removed (complete_jobs). A job a worker holds
 * now is left alone (CONFLICT), as graphile-worker's functions do.
 */
export async function changeJob(
  em: EntityManager,
  actor: StaffMember,
  action: JobAction,
  input: unknown,
): Promise<boolean> {
  const { id, reason } = parseInput(jobInput, input);
  return em.transactional(async (tx) => {
    const [job] = await tx.execute<
      { task_identifier: string; attempts: number; max_attempts: number; last_error: string | null }[]
    >(
      'select task_identifier, attempts, max_attempts, last_error from graphile_worker.jobs where id = ?::bigint',
      [id],
    );
    if (!job) throw notFound(msg('Job not found'));
    if (action === 'retry' && job.attempts < job.max_attempts)
      throw badInput(msg('Only a failed job can be retried; this one is still queued'));
    const changed = await tx.execute<{ id: string }[]>(
      action === 'retry'
        ? `select id::text from graphile_worker.reschedule_jobs(array[?::bigint], run_at := now(), attempts := 0)`
        : 'select id::text from graphile_worker.complete_jobs(array[?::bigint])',
      [id],
    );
    if (changed.length === 0) throw conflict(msg('A worker is running this job now; try again when it ends'));
    recordAudit(tx, {
      actor,
      action: action === 'retry' ? 'job.retry' : 'job.delete',
      targetType: 'job',
      targetId: id,
      reason: reason ?? null,
      details: { task: job.task_identifier, attempts: job.attempts, lastError: job.last_error },
    });
    await tx.flush();
    return true;
  });
}
