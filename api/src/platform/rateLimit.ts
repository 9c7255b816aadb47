import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../domain/errors.ts';
import type { Config } from './config.ts';
import type { PgPool } from './pg.ts';

/**
 * Brute-force protection for login and registration, counted in Postgres so every api process
 * shares the same counters. Failed logins count per IP and per username; a success clears the
 * username's count. Registration attempts count per IP and per username (a separate count from
 * logins, so probing sign-up for a name never locks its owner out of logging in).
 */
export class AuthRateLimiter {
  private readonly byIp: RateLimiterPostgres;
  private readonly byUsername: RateLimiterPostgres;
  private readonly registrationsByUsername: RateLimiterPostgres;

  constructor(config: Config, pool: PgPool) {
    const common = { storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true };
    const duration = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
    this.byIp = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'auth_ip',
      points: config.AUTH_RATE_LIMIT_PER_IP,
      duration,
    });
    this.byUsername = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'auth_user',
      points: config.AUTH_RATE_LIMIT_PER_USERNAME,
      duration,
    });
    this.registrationsByUsername = new RateLimiterPostgres({
      ...common,
      keyPrefix: 'register_user',
      points: config.AUTH_RATE_LIMIT_PER_USERNAME,
      duration,
    });
  }

  /** Throws RATE_LIMITED when this IP or username has used up its login attempts. */
  async assertLoginAllowed(ip: string, username: string): Promise<void> {
    const [ipRes, userRes] = await Promise.all([this.byIp.get(ip), this.byUsername.get(key(username))]);
    const blocked = [
      { res: ipRes, limit: this.byIp.points },
      { res: userRes, limit: this.byUsername.points },
    ].filter(({ res, limit }) => res && res.consumedPoints >= limit);
    if (blocked.length > 0) {
      const wait = Math.max(...blocked.map(({ res }) => res?.msBeforeNext ?? 0));
      throw tooMany(wait);
    }
  }

  /**
   * Counts a registration attempt against the IP and the username, whatever its outcome (a 409 tells
   * whether a name is taken); throws RATE_LIMITED when either has no attempts left. `consume` checks
   * and counts in one statement, so simultaneous attempts can't slip past the limit.
   */
  async countRegistration(ip: string, username: string): Promise<void> {
    const name = key(username);
    const results = await Promise.allSettled([
      this.byIp.consume(ip),
      ...(name ? [this.registrationsByUsername.consume(name)] : []),
    ]);
    const refused: RateLimiterRes[] = [];
    for (const r of results) {
      if (r.status === 'fulfilled') continue;
      if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
      refused.push(r.reason);
    }
    if (refused.length > 0) throw tooMany(Math.max(...refused.map((r) => r.msBeforeNext)));
  }

  /** Counts a failed login against the IP and the username. */
  async countFailedLogin(ip: string, username: string): Promise<void> {
    await Promise.all([swallow(this.byIp.penalty(ip)), swallow(this.byUsername.penalty(key(username)))]);
  }

  async clearUsername(username: string): Promise<void> {
    await swallow(this.byUsername.delete(key(username)));
  }
}

const key = (username: string) => username.trim().toLowerCase();

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: Math.ceil(msBeforeNext / 1000) },
  );
}

async function swallow<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof RateLimiterRes) return undefined;
    throw e;
  }
}
