import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { readSettings } from '../../../platform/config.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PgPool } from '../../../platform/pg.ts';
import { commentsSettings } from '../settings.ts';

/**
 * How many comments a person may post a minute (COMMENTS_PER_MINUTE). Counted in Postgres like the
 * other limiters (shares/core/continueLimit.ts), so every api process shares the counter, and
 * `consume` checks and counts in one statement: a parallel burst can't slip past it.
 */
export class CommentLimiter {
  private readonly perUser: RateLimiterPostgres;

  constructor(config: { COMMENTS_PER_MINUTE: number }, pool: PgPool) {
    this.perUser = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'comment_post',
      points: config.COMMENTS_PER_MINUTE,
      duration: 60,
    });
  }

  async consume(userId: string): Promise<void> {
    try {
      await this.perUser.consume(userId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `You're commenting too fast. Please wait ${seconds} seconds and try again.`,
        { retryAfterSeconds: seconds },
      );
    }
  }
}

const limiters = new WeakMap<object, CommentLimiter>();

/** One limiter per api process (its services object). */
export function commentLimiter(services: { config: object; pool: PgPool }): CommentLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new CommentLimiter(readSettings(commentsSettings, services.config), services.pool);
    limiters.set(services, limiter);
  }
  return limiter;
}
