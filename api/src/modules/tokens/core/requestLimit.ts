import { msg } from '../../../platform/i18n.ts';
import type { PgPool } from '../../../platform/pg.ts';
import { PerUserLimit, secondsOf } from '../../../platform/userLimit.ts';

/**
 * How many requests a person may make a minute with their API tokens, all of them together
 * (API_TOKEN_REQUESTS_PER_MINUTE), so a second token buys no more. Counted in Postgres, shared by
 * every api process and exact under parallel requests (platform/userLimit.ts). The
 * per-person limits of the operations themselves (comments a minute, chat allowance, imports)
 * count token requests as they count a session's: they are keyed by the user.
 */
export class TokenRequestLimiter extends PerUserLimit {
  constructor(config: { API_TOKEN_REQUESTS_PER_MINUTE: number }, pool: PgPool) {
    super(
      pool,
      { keyPrefix: 'api_token', points: config.API_TOKEN_REQUESTS_PER_MINUTE, durationSeconds: 60 },
      (ms) => ({
        id: msg('Too many requests with your API tokens. Please wait {seconds} seconds and try again.'),
        values: { seconds: secondsOf(ms) },
      }),
    );
  }
}
