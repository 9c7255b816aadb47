import type { PgPool } from '@chorus/api/platform';
import { logger } from '@chorus/api/platform';
import type { Runner } from 'graphile-worker';

/**
 * graphile-worker keeps a job locked by the worker that took it for 4 hours, so a worker killed
 * mid-job (SIGKILL, a crashed machine) would leave its videos stuck. Every worker process writes a
 * heartbeat for its worker ids; any worker unlocks the jobs held by ids whose heartbeat stopped,
 * and graphile-worker runs them again (the video task resumes or redoes its work idempotently).
 */
export function startLiveness(
  runner: Runner,
  pool: PgPool,
  options: { heartbeatMs: number; staleAfterMs: number },
): () => Promise<void> {
  const workerIds = new Set<string>();
  runner.events.on('worker:create', ({ worker }) => {
    workerIds.add(worker.workerId);
    void beat();
  });
  runner.events.on('worker:release', ({ worker }) => {
    workerIds.delete(worker.workerId);
  });

  async function beat(): Promise<void> {
    try {
      if (workerIds.size > 0) {
        await pool.query(
          `insert into worker_heartbeats (worker_id, seen_at) select unnest($1::text[]), now()
           on conflict (worker_id) do update set seen_at = now()`,
          [[...workerIds]],
        );
      }
      const stale = await pool.query<{ locked_by: string }>(
        `select distinct j.locked_by from graphile_worker._private_jobs j
          where j.locked_by is not null
            and j.locked_at < now() - make_interval(secs => $1::float / 1000)
            and j.locked_by <> all($2::text[])
            and not exists (select 1 from worker_heartbeats h
                             where h.worker_id = j.locked_by
                               and h.seen_at > now() - make_interval(secs => $1::float / 1000))`,
        [options.staleAfterMs, [...workerIds]],
      );
      const ids = stale.rows.map((r) => r.locked_by);
      if (ids.length > 0) {
        await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [ids]);
        await pool.query('delete from worker_heartbeats where worker_id = any($1::text[])', [ids]);
        logger.warn({ workers: ids }, 'unlocked the jobs of workers that stopped answering');
      }
    } catch (err) {
      logger.warn({ err }, 'worker heartbeat failed');
    }
  }

  const timer = setInterval(() => void beat(), options.heartbeatMs);
  timer.unref();
  void beat();
  return async () => {
    clearInterval(timer);
    if (workerIds.size > 0) {
      await pool
        .query('delete from worker_heartbeats where worker_id = any($1::text[])', [[...workerIds]])
        .catch(() => {});
    }
  };
}
