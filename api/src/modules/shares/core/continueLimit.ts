import { readSettings } from '../../../platform/config.ts';
import { msg } from '../../../platform/i18n.ts';
import type { PgPool } from '../../../platform/pg.ts';
import { PerUserLimit } from '../../../platform/userLimit.ts';
import { sharesSettings } from '../settings.ts';

const HOUR_SECONDS = 60 * 60;

/**
 * How many "Continue this chat" copies a user may make per hour (SHARE_CONTINUES_PER_HOUR): each
 * copies a whole chat with its images, so a loop of them must meet a limit, not only the quota.
 * Counted in Postgres, shared by every api process and exact under
 * parallel requests (platform/userLimit.ts).
 */
export class ShareContinueLimiter extends PerUserLimit {
  constructor(config: { SHARE_CONTINUES_PER_HOUR: number }, pool: PgPool) {
    super(
      pool,
      { keyPrefix: 'share_continue', points: config.SHARE_CONTINUES_PER_HOUR, durationSeconds: HOUR_SECONDS },
      (ms) => ({
        id: msg('Too many chats continued. Please try again in {minutes} minutes.'),
        values: { minutes: Math.max(1, Math.ceil(ms / 60_000)) },
      }),
    );
  }
}

const limiters = new WeakMap<object, ShareContinueLimiter>();

/** One limiter per api process (its services object). */
export function shareContinueLimiter(services: { config: object; pool: PgPool }): ShareContinueLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new ShareContinueLimiter(readSettings(sharesSettings, services.config), services.pool);
    limiters.set(services, limiter);
  }
  return limiter;
}
