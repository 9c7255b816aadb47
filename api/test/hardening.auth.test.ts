import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { checks, ip, login, register, tally } from '../../tests/support/authAttempts.ts';
import { HttpClient } from '../../tests/support/client.ts';
import * as password from '../src/modules/accounts/core/password.ts';
import { NUL_MESSAGE } from '../src/platform/validation.ts';

/**
 * Login and registration under attack: limits that hold in parallel, no lockout of an account's
 * owner, and input checked before it is used (hashing under load: hardening.hashing.test.ts).
 * The app trusts X-Forwarded-For (TRUST_PROXY=1), so each HttpClient can play a different address.
 */

/** The product's login limits (config.ts's defaults; tests/support/app.ts lifts them for other tests). */
const DEFAULT_LOGIN_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '20',
  AUTH_RATE_LIMIT_PER_USERNAME: '10',
  AUTH_RATE_LIMIT_PER_IP_PER_DAY: '100',
  AUTH_RATE_LIMIT_PER_USERNAME_PER_DAY: '100',
};

/**
 * The app behind one trusted proxy (each client plays its own address) with a hashing queue that
 * never turns an attempt away, so only the login limits under test answer 429.
 */
const useLimitedApp = (limits: Record<string, string>) =>
  useTestApp({ TRUST_PROXY: '1', PASSWORD_HASH_QUEUE_MAX: '1000', ...limits });

// Each password check takes 0.1-1 s on a busy 2-core machine, and these run dozens in a row.
describe('login limits in parallel (the default limits: 10 per username and address, 20 per address)', {
  timeout: 90_000,
}, () => {
  const app = useLimitedApp(DEFAULT_LOGIN_LIMITS);

  it('200 parallel wrong passwords for one username check at most 10', async () => {
    const { username } = await register(app);
    const attacker = ip();
    const before = checks();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async () => (await login(app, username, 'wrong-pass', attacker)).status),
    );
    const checked = checks() - before;
    console.info(`200 parallel wrong passwords: ${checked} checked`, tally(statuses));
    expect(checked).toBeLessThanOrEqual(10);
    expect(tally(statuses)).toEqual({ 401: checked, 429: 200 - checked });
  });

  it('100 parallel failed logins from one address check at most 20', async () => {
    const attacker = ip();
    const before = checks();
    const statuses = await Promise.all(
      Array.from(
        { length: 100 },
        async () => (await login(app, uniqueName(), 'wrong-pass', attacker)).status,
      ),
    );
    const checked = checks() - before;
    console.info(`100 parallel failed logins from one address: ${checked} checked`, tally(statuses));
    expect(checked).toBeLessThanOrEqual(20);
    expect(tally(statuses)).toEqual({ 401: checked, 429: 100 - checked });
  });

  it("10 wrong passwords from one address don't lock the owner out from another", async () => {
    const { username } = await register(app);
    const attacker = ip();
    for (let i = 0; i < 10; i++)
      expect((await login(app, username, 'wrong-pass', attacker)).status).toBe(401);
    const fromAttacker = await login(app, username, 'secret123', attacker);
    expect(fromAttacker.status).toBe(429);
    expect(fromAttacker.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const owner = await login(app, username, 'secret123');
    expect(owner.status).toBe(200);
    expect(owner.body.username).toBe(username);
  });

  it('a browser that signed in before keeps trying, even from the attacking address', async () => {
    const { username, client } = await register(app);
    // Its address: a shared one (an office, a carrier's NAT) an attacker also uses.
    const shared = ip();
    const browser = new HttpClient(app.url, shared);
    (browser as unknown as { cookies: unknown }).cookies = (
      client as unknown as { cookies: unknown }
    ).cookies;
    expect(browser.cookieHeader).toContain('chorus.device=');
    // A burst from that address, and from others, for that account.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, username, 'wrong-pass', i < 15 ? shared : ip())),
    );
    expect((await login(app, username, 'secret123', shared)).status).toBe(429);
    // The owner's browser: a typo, then the right password.
    expect((await browser.post('/api/auth/login', { username, password: 'typo-pass' })).status).toBe(401);
    const res = await browser.post('/api/auth/login', {
      username: username.toUpperCase(),
      password: 'secret123',
    });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(username);
  });

  it("a device cookie counts for its own account only, and can't be forged", async () => {
    const { client } = await register(app);
    const { username: victim } = await register(app);
    const attacker = ip();
    const forged = 'chorus.device=AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const headers = { cookie: i % 2 ? client.cookieHeader : forged, 'x-forwarded-for': attacker };
      const res = await new HttpClient(app.url).request(
        'POST',
        '/api/auth/login',
        { username: victim, password: 'wrong-pass' },
        headers,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('a device gets its own 10 consecutive failures per account, and a success clears them', async () => {
    const { username, client } = await register(app);
    for (let i = 0; i < 9; i++) {
      expect((await client.post('/api/auth/login', { username, password: 'wrong-pass' })).status).toBe(401);
    }
    expect((await client.post('/api/auth/login', { username, password: 'secret123' })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/auth/login', { username, password: 'wrong-pass' })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { username, password: 'secret123' });
    expect(blocked.status).toBe(429);
  });

  it('50 parallel registrations from one address hash at most 20 passwords', async () => {
    const attacker = ip();
    const before = password.passwordWork.hashes;
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const username = uniqueName();
        const res = await new HttpClient(app.url, attacker).post('/api/auth/register', {
          username,
          email: `${username}@x.io`,
          password: 'secret123',
        });
        return res.status;
      }),
    );
    const hashed = password.passwordWork.hashes - before;
    console.info(`50 parallel registrations from one address: ${hashed} hashed`, tally(statuses));
    expect(hashed).toBeLessThanOrEqual(20);
    expect(tally(statuses)).toEqual({ 201: hashed, 429: 50 - hashed });
  });

  it('GraphQL sign-ins remember the device too', async () => {
    const username = uniqueName();
    const browser = new HttpClient(app.url, ip());
    const reg = await browser.gql(
      `mutation { register(input: { username: "${username}", email: "${username}@x.io", password: "secret123" }) { user { id } } }`,
    );
    expect(reg.errors).toBeUndefined();
    expect(browser.cookieHeader).toMatch(/chorus\.device=[\w-]+\.[\w-]{43}/);
    const attacker = ip();
    for (let i = 0; i < 10; i++) await login(app, username, 'wrong-pass', attacker);
    const headers = { cookie: browser.cookieHeader, 'x-forwarded-for': attacker };
    const res = await new HttpClient(app.url).request(
      'POST',
      '/graphql',
      {
        query: `mutation { login(input: { username: "${username}", password: "secret123" }) { user { username } } }`,
      },
      headers,
    );
    expect(res.body.data?.login.user.username).toBe(username);
  });
});

describe('a per-address daily cap', { timeout: 90_000 }, () => {
  const app = useLimitedApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_IP_PER_DAY: '15' });

  it('stops an address after its failures of the day, however they are spread', async () => {
    const { username } = await register(app);
    const attacker = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++)
      statuses.push((await login(app, uniqueName(), 'wrong-pass', attacker)).status);
    expect(statuses).toEqual([...Array(15).fill(401), 429]);
    const blocked = await login(app, username, 'secret123', attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ hours\.$/);
    // Successes don't count towards it.
    const elsewhere = ip();
    for (let i = 0; i < 20; i++)
      expect((await login(app, username, 'secret123', elsewhere)).status).toBe(200);
  });
});

describe('login and registration input is checked before any limiter or the database', () => {
  const app = useTestApp({ TRUST_PROXY: '1' });

  const limiterKeysLike = async (fragment: string) => {
    const rows = await app.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from rate_limits where strpos(key, ?) > 0', [fragment]);
    return Number(rows[0]?.n);
  };

  it.each([
    [
      'a 300-character username',
      { username: 'u'.repeat(300), email: 'long@x.io', password: 'secret123' },
      'Username must be at most 50 characters long',
    ],
    [
      'a NUL in the username',
      { username: 'nul\u0000name', email: 'nul@x.io', password: 'secret123' },
      NUL_MESSAGE,
    ],
    [
      'a NUL in the email',
      { username: uniqueName(), email: 'a\u0000b@x.io', password: 'secret123' },
      NUL_MESSAGE,
    ],
    [
      'a number as username',
      { username: 12345, email: 'num@x.io', password: 'secret123' },
      'Please fill out all required fields',
    ],
    [
      'an object as password',
      { username: uniqueName(), email: 'obj@x.io', password: { $gt: '' } },
      'Please fill out all required fields',
    ],
  ])('registration with %s answers 400', async (_name, body, message) => {
    const res = await new HttpClient(app.url, ip()).post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    [
      'a 100 KB username',
      { username: 'u'.repeat(100 * 1024), password: 'secret123' },
      'Username must be at most 50 characters long',
    ],
    ['a NUL in the username', { username: 'nul\u0000name', password: 'secret123' }, NUL_MESSAGE],
    [
      'a number as username',
      { username: 12345, password: 'secret123' },
      'Please enter both username and password',
    ],
    [
      'an array as username',
      { username: ['admin'], password: 'secret123' },
      'Please enter both username and password',
    ],
    [
      'an object as password',
      { username: 'someone', password: { $ne: null } },
      'Please enter both username and password',
    ],
    [
      'a 100 KB password',
      { username: 'someone', password: 'p'.repeat(100 * 1024) },
      'Password must be at most 200 characters long',
    ],
  ])('login with %s answers 400', async (_name, body, message) => {
    const res = await new HttpClient(app.url, ip()).post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('writes no limiter key for refused input, over REST or GraphQL', async () => {
    const marker = `zz${randomBytes(6).toString('hex')}`;
    const long = marker.repeat(40);
    const client = new HttpClient(app.url, ip());
    expect(
      (await client.post('/api/auth/register', { username: long, email: 'l@x.io', password: 'secret123' }))
        .status,
    ).toBe(400);
    expect((await client.post('/api/auth/login', { username: long, password: 'secret123' })).status).toBe(
      400,
    );
    const gql = await client.gql(
      'mutation($u: String!) { login(input: { username: $u, password: "secret123" }) { user { id } } }',
      {
        u: long,
      },
    );
    expect(gql.status).toBe(200);
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(gql.errors?.[0]?.message).toBe('Username must be at most 50 characters long');
    expect(await limiterKeysLike(marker)).toBe(0);
  });

  it('a forwarded address that is no address answers normally, and is never a key', async () => {
    const { username } = await register(app);
    const marker = `zz${randomBytes(6).toString('hex')}`;
    const junk = new HttpClient(app.url, marker.repeat(30));
    const res = await junk.post('/api/auth/login', { username, password: 'wrong-pass' });
    expect(res.status).toBe(401);
    expect((await junk.post('/api/auth/login', { username, password: 'secret123' })).status).toBe(200);
    expect(await limiterKeysLike(marker)).toBe(0);
  });
});
