import { PRUNE_ACCOUNT_TOKENS_SQL, removeOrphanedRenderDirs } from '@chorus/api/core';
import type { Task } from 'graphile-worker';

/**
 * Deletes expired sessions, spent rate-limit counters and old account links, and the render folders of workers killed
 * on this machine since they started (see renderDirs.ts). Runs hourly from the crontab in one
 * worker, instead of every api process polling on its own timer.
 */
export const pruneExpired: Task = async (_payload, helpers) => {
  const sessions = await helpers.query('delete from sessions where expire < now()');
  const limits = await helpers.query(
    'delete from rate_limits where expire is not null and expire < (extract(epoch from now()) * 1000)::bigint',
  );
  const tokens = await helpers.query(PRUNE_ACCOUNT_TOKENS_SQL);
  const folders = await removeOrphanedRenderDirs();
  helpers.logger.info(
    `pruned ${sessions.rowCount ?? 0} sessions, ${limits.rowCount ?? 0} rate-limit counters, ${tokens.rowCount ?? 0} account links and ${folders.length} render folders`,
  );
};
