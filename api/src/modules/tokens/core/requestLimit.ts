import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../../platform/errors.ts';
import type { PgPool } from '../../../platform/pg.ts';

/**
 * How many requests a person may make a minute with their API tokens, all of them together
 * (API_TOKEN_REQUESTS_PER_MINUTE), so a second token buys no more. Counted in Postgres like the
 * other limiters (comments/core/commentLimit.ts): every api process shares the counter, and
 * `consume` checks and counts in one statement, so a parallel burst can't slip past it. The
 * per-person limits of the operations themselves (comments a minute, chat allowance, imports)
 * count token requests as they count a session's: they are keyed by the user.
 */
export class TokenRequestLimiter {
  private readonly perUser: RateLimiterPostgres;

  constructor(config: { API_TOKEN_REQUESTS_PER_MINUTE: number }, pool: PgPool) {
    this.perUser = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'api_token',
      points: config.API_TOKEN_REQUESTS_PER_MINUTE,
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
        `Too many requests with your API tokens. Please wait ${seconds} seconds and try again.`,
        { retryAfterSeconds: seconds },
      );
    }
  }
}
