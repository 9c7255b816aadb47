import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, textError } from './errors.ts';
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
    /** The refusal: a catalogue text with its values (answered in the request's language: errors.ts textError), or a plain text. */
    private readonly message: (
      msBeforeNext: number,
    ) => string | { id: string; values: Record<string, unknown> },
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
      const details = { retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      const message = this.message(err.msBeforeNext);
      throw typeof message === 'string'
        ? new AppError('RATE_LIMITED', message, details)
        : textError('RATE_LIMITED', message.id, message.values, details);
    }
  }
}

/** "N seconds" to wait, at least 1. */
export const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
