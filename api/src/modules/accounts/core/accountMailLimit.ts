import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../../platform/config.ts';
import { textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { PgPool } from '../../../platform/pg.ts';

const HOUR_SECONDS = 60 * 60;

/**
 * How many account e-mails (password reset, verification resend) may be asked for, per address and
 * per IP, counted in Postgres like the login limiter so every api process shares the counters. The
 * per-address limit counts whether or not the address has an account, so it tells nothing.
 */
export class AccountMailLimiter {
  private readonly byAddress: RateLimiterPostgres;
  private readonly byIp: RateLimiterPostgres;

  constructor(config: Config, pool: PgPool) {
    const common = { storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true };
    this.byAddress = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'account_mail_addr',
      points: config.ACCOUNT_MAIL_PER_ADDRESS_PER_HOUR,
      duration: HOUR_SECONDS,
    });
    this.byIp = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'account_mail_ip',
      points: config.ACCOUNT_MAIL_PER_IP_PER_HOUR,
      duration: HOUR_SECONDS,
    });
  }

  /** Counts one request; RATE_LIMITED when the address or the IP has none left. */
  async consume(address: string, ip: string): Promise<void> {
    const results = await Promise.allSettled([
      this.byAddress.consume(address.trim().toLowerCase()),
      this.byIp.consume(ip),
    ]);
    const refused = results.flatMap((r) =>
      r.status === 'rejected' && r.reason instanceof RateLimiterRes ? [r.reason] : [],
    );
    const failed = results.find((r) => r.status === 'rejected' && !(r.reason instanceof RateLimiterRes));
    if (failed && failed.status === 'rejected') throw failed.reason;
    if (refused.length > 0) {
      const ms = Math.max(...refused.map((r) => r.msBeforeNext));
      const minutes = Math.max(1, Math.ceil(ms / 60_000));
      throw textError(
        'RATE_LIMITED',
        msg('Too many e-mails asked for. Please try again in {minutes} minutes.'),
        { minutes },
        { retryAfterSeconds: Math.ceil(ms / 1000) },
      );
    }
  }
}
