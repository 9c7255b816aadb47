import type { PgPool } from '@chorus/api/platform';
import { logger } from '@chorus/api/platform';
import type { WorkerEvents } from 'graphile-worker';

/**
 * graphile-worker keeps a job locked by the worker that took it for 4 hours, so a worker killed
 * mid-job (SIGKILL, a crashed machine) would leave its videos stuck. Every worker process writes a
 * heartbeat for the ids its jobs are locked by; any worker unlocks the jobs held by ids whose
 * heartbeat stopped, and graphile-worker runs them again (the video task resumes or redoes its
 * work idempotently).
 *
 * Those ids are the worker POOL's (`pool-…`): graphile-worker (0.16+, node_modules/graphile-worker/
 * dist/main.js) takes, completes and fails jobs with `workerPool.id` as `locked_by`, not with the
 * `worker-…` id of each of its concurrent workers. A heartbeat for the workers' ids would leave every
 * running job looking abandoned, and a long render would be started again beside itself.
 * `events` must be the emitter given to run(), listened to before it starts: its pool is created
 * during run().
 */
export function startLiveness(
  events: WorkerEvents,
  pool: PgPool,
  options: { heartbeatMs: number; staleAfterMs: number },
): { stop(): Promise<void>; start(): void } {
  const workerIds = new Set<string>();
  events.on('pool:create', ({ workerPool }) => {
    workerIds.add(workerPool.id);
    void beat();
  });
  events.on('pool:release', ({ workerPool }) => {
    workerIds.delete(workerPool.id);
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

  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => void beat(), options.heartbeatMs);
      timer.unref();
      void beat();
    },
    async stop() {
      clearInterval(timer);
      if (workerIds.size > 0) {
        await pool
          .query('delete from worker_heartbeats where worker_id = any($1::text[])', [[...workerIds]])
          .catch(() => {});
      }
    },
  };
}
