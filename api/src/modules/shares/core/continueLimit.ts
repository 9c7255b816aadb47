import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { readSettings } from '../../../platform/config.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PgPool } from '../../../platform/pg.ts';
import { sharesSettings } from '../settings.ts';

const HOUR_SECONDS = 60 * 60;

/**
 * How many "Continue this chat" copies a user may make per hour (SHARE_CONTINUES_PER_HOUR): each
 * copies a whole chat with its images, so a loop of them must meet a limit, not only the quota.
 * Counted in Postgres like the other limiters (accounts/core/accountMailLimit.ts), so every api
 * process shares the counter; `consume` checks and counts in one statement (parallel-safe).
 */
export class ShareContinueLimiter {
  private readonly perUser: RateLimiterPostgres;

  constructor(config: { SHARE_CONTINUES_PER_HOUR: number }, pool: PgPool) {
    this.perUser = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'share_continue',
      points: config.SHARE_CONTINUES_PER_HOUR,
      duration: HOUR_SECONDS,
    });
  }

  async consume(userId: string): Promise<void> {
    try {
      await this.perUser.consume(userId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60_000));
      throw new AppError(
        'RATE_LIMITED',
        `Too many chats continued. Please try again in ${minutes} minutes.`,
        {
          retryAfterSeconds: Math.ceil(err.msBeforeNext / 1000),
        },
      );
    }
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
