import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from './config.ts';
import { type AppError, textError } from './errors.ts';
import { msg } from './i18n.ts';
import type { PgPool } from './pg.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** Who is trying to sign in. `device` is set when the browser proved it signed in to `username` before. */
export interface LoginAttempt {
  ip: string;
  /** Already validated (a real username's shape); compared case-insensitively. */
  username: string;
  device?: string;
}

/**
 * The attempt's counted points. The caller reports how it went: a success gives back what only
 * failures should cost, a refusal before any password was checked gives everything back.
 */
export interface Reservation {
  succeeded(): Promise<void>;
  release(): Promise<void>;
}

interface Taken {
  limiter: RateLimiterPostgres;
  key: string;
}

/**
 * Brute-force protection for login and registration, counted in Postgres so every api process
 * shares the counters, following rate-limiter-flexible's "login endpoint protection" pattern and
 * OWASP's advice against lockouts an attacker can trigger:
 *
 * - an attempt is reserved (`consume`: checked and counted in one statement) BEFORE its password is
 *   hashed, so a parallel burst can't slip past a limit;
 * - a login from a browser that has signed in to the account before (a signed device cookie)
 *   counts only against that account on that device, so nobody else's failures lock its owner out;
 * - any other login counts consecutive failures per username and IP (a success clears them), per
 *   IP over the window and per day, and per username per day (a slow attack from many addresses);
 * - registrations count per IP (with failed logins) and per username, separately from logins, so
 *   probing sign-up for a name never locks its owner out of logging in.
 */
export class AuthRateLimiter {
  private readonly byIp: RateLimiterPostgres;
  private readonly byIpPerDay: RateLimiterPostgres;
  private readonly byUsernameAndIp: RateLimiterPostgres;
  private readonly byUsernamePerDay: RateLimiterPostgres;
  private readonly byUsernameAndDevice: RateLimiterPostgres;
  private readonly registrationsByUsername: RateLimiterPostgres;

  constructor(config: Config, pool: PgPool) {
    const common = { storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true };
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterPostgres({ ...common, keyPrefix, points, duration });
    const window = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
    const perUsername = config.AUTH_RATE_LIMIT_PER_USERNAME;
    this.byIp = limiter('auth_ip', config.AUTH_RATE_LIMIT_PER_IP, window);
    this.byIpPerDay = limiter('auth_ip_day', config.AUTH_RATE_LIMIT_PER_IP_PER_DAY, DAY_SECONDS);
    this.byUsernameAndIp = limiter('auth_user_ip', perUsername, window);
    this.byUsernamePerDay = limiter(
      'auth_user_day',
      config.AUTH_RATE_LIMIT_PER_USERNAME_PER_DAY,
      DAY_SECONDS,
    );
    this.byUsernameAndDevice = limiter('auth_user_device', perUsername, window);
    this.registrationsByUsername = limiter('register_user', perUsername, window);
  }

  /** Reserves a login attempt; throws RATE_LIMITED (nothing to check) when a limit is used up. */
  async reserveLogin({ ip, username, device }: LoginAttempt): Promise<Reservation> {
    const name = key(username);
    if (device) {
      const consecutive = { limiter: this.byUsernameAndDevice, key: `${name}:${device}` };
      await reserve([consecutive]);
      return {
        succeeded: () => forget(consecutive),
        release: () => giveBack([consecutive]),
      };
    }
    const consecutive = { limiter: this.byUsernameAndIp, key: `${name}:${ip}` };
    const counted: Taken[] = [
      { limiter: this.byIp, key: ip },
      { limiter: this.byIpPerDay, key: ip },
      { limiter: this.byUsernamePerDay, key: name },
    ];
    await reserve([consecutive, ...counted]);
    return {
      // Only failures count: a success clears the consecutive failures and returns the rest.
      succeeded: async () => {
        await Promise.all([forget(consecutive), giveBack(counted)]);
      },
      release: () => giveBack([consecutive, ...counted]),
    };
  }

  /**
   * Reserves a registration attempt against the IP and the username, whatever its outcome (a 409
   * tells whether a name is taken); throws RATE_LIMITED when either has no attempts left.
   */
  async reserveRegistration(ip: string, username: string): Promise<Reservation> {
    const taken: Taken[] = [
      { limiter: this.byIp, key: ip },
      { limiter: this.registrationsByUsername, key: key(username) },
    ];
    await reserve(taken);
    return { succeeded: async () => {}, release: () => giveBack(taken) };
  }
}

const key = (username: string) => username.trim().toLowerCase();

/**
 * Consumes a point from each; when any refuses, gives the others theirs back and throws. The
 * refusing counters keep theirs: giving those back would let a later attempt of the same burst in.
 */
async function reserve(taken: Taken[]): Promise<void> {
  const results = await Promise.allSettled(taken.map(({ limiter, key }) => limiter.consume(key)));
  const refused: RateLimiterRes[] = [];
  const passed: Taken[] = [];
  let failure: unknown;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') passed.push(taken[i] as Taken);
    else if (r.reason instanceof RateLimiterRes) refused.push(r.reason);
    else failure ??= r.reason;
  });
  if (refused.length === 0 && failure === undefined) return;
  await giveBack(passed);
  if (failure !== undefined) throw failure;
  throw tooMany(Math.max(...refused.map((r) => r.msBeforeNext)));
}

async function giveBack(taken: Taken[]): Promise<void> {
  await Promise.all(taken.map(({ limiter, key }) => swallow(limiter.reward(key))));
}

async function forget({ limiter, key }: Taken): Promise<void> {
  await swallow(limiter.delete(key));
}

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  const details = { retryAfterSeconds: Math.ceil(msBeforeNext / 1000) };
  return minutes < 120
    ? textError(
        'RATE_LIMITED',
        msg('Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.'),
        { minutes },
        details,
      )
    : textError(
        'RATE_LIMITED',
        msg('Too many attempts. Please try again in {hours} hours.'),
        { hours: Math.ceil(minutes / 60) },
        details,
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
