import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';
import type { PgPool } from './pg.ts';

/**
 * A per-person limit counted in Postgres (table rate_limits, rate-limiter-flexible), so every api
 * process shares the counter, and `consume` checks and counts in one statement: a parallel burst
 * can't slip past it. Over the limit it throws RATE_LIMITED with `message(msBeforeNext)` and
 * `retryAfterSeconds`. The modules' limits (comments a minute, API token requests, continued chats)
 * are each one of these; sign-in's brute-force protection is rateLimit.ts.
 */
export class PerUserLimit {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    pool: PgPool,
    options: { keyPrefix: string; points: number; durationSeconds: number },
    private readonly message: (msBeforeNext: number) => string,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
    });
  }

  async consume(userId: string): Promise<void> {
    try {
      await this.limiter.consume(userId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw new AppError('RATE_LIMITED', this.message(err.msBeforeNext), {
        retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
      });
    }
  }
}

/** "N seconds" to wait, at least 1. */
export const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
