import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import type { RunningApp } from '../src/app.ts';
import { createPgPool } from '../src/platform/pg.ts';
import { PubSub } from '../src/platform/pubsub.ts';
import { shutdownStep } from '../src/platform/shutdown.ts';

const INTROSPECTION = '{ __schema { queryType { name } } }';

describe('health and explorer', () => {
  // As `npm start` runs it: production, GRAPHIQL unset. The explorer is on by default.
  const app = useTestApp({ NODE_ENV: 'production' });

  it('/healthz checks the database; /livez only the process', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    expect((await fetch(`${app.url}/livez`)).status).toBe(200);
  });

  it('serves the GraphQL explorer and its scripts locally (no CDN)', async () => {
    const page = await (await fetch(`${app.url}/graphiql`)).text();
    expect(page).toContain('ruru-root');
    expect(page).not.toMatch(/unpkg\.com|jsdelivr|cdn\./);
    const scripts = [...page.matchAll(/(?:href=|from )"(\/graphiql\/static\/[^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(
      expect.arrayContaining(['/graphiql/static/ruru.js', '/graphiql/static/ruru.css']),
    );
    for (const src of scripts) {
      const res = await fetch(new URL(src, app.url));
      expect(res.status, src).toBe(200);
    }
  });

  it('answers introspection, which the explorer needs', async () => {
    const res = await new HttpClient(app.url).gql(INTROSPECTION);
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType.name).toBe('Query');
  });

  it('answers a malformed /graphql body as a GraphQL error, not an HTML page', async () => {
    const res = await new HttpClient(app.url).request('POST', '/graphql', '{"query": ', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await new HttpClient(app.url).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found');
  });
});

describe('explorer turned off (GRAPHIQL=false)', () => {
  const app = useTestApp({ NODE_ENV: 'production', GRAPHIQL: 'false' });

  it('serves neither the explorer nor introspection', async () => {
    // The path falls through to the web app (503 here: the tests run without a web build).
    const page = await fetch(`${app.url}/graphiql`);
    expect(page.ok).toBe(false);
    expect(await page.text()).not.toContain('ruru-root');
    expect((await fetch(`${app.url}/graphiql/static/ruru.js`)).ok).toBe(false);
    const res = await new HttpClient(app.url).gql(INTROSPECTION);
    expect(res.errors?.[0]?.message).toMatch(/introspection/i);
  });
});

describe('login and register rate limits', () => {
  const app = useTestApp({
    AUTH_RATE_LIMIT_PER_USERNAME: '3',
    AUTH_RATE_LIMIT_PER_IP: '5',
    TRUST_PROXY: '1',
  });

  const ip = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it('blocks a username from an address after repeated failures, even with the right password', async () => {
    const username = uniqueName();
    const owner = new HttpClient(app.url, ip());
    expect(
      (await owner.post('/api/auth/register', { username, email: `${username}@x.io`, password: 'secret123' }))
        .status,
    ).toBe(201);
    const attacker = ip();
    for (let i = 0; i < 3; i++) {
      const res = await new HttpClient(app.url, attacker).post('/api/auth/login', {
        username,
        password: 'wrong-pass',
      });
      expect(res.status).toBe(401);
    }
    const blocked = await new HttpClient(app.url, attacker).post('/api/auth/login', {
      username,
      password: 'secret123',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // GraphQL shares the counters.
    const gql = await new HttpClient(app.url, attacker).gql(
      `mutation { login(input: { username: "${username}", password: "secret123" }) { user { id } } }`,
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('blocks an IP after too many attempts across usernames', async () => {
    const address = ip();
    for (let i = 0; i < 5; i++) {
      await new HttpClient(app.url, address).post('/api/auth/login', {
        username: uniqueName(),
        password: 'wrong-pass',
      });
    }
    const res = await new HttpClient(app.url, address).post('/api/auth/login', {
      username: uniqueName(),
      password: 'secret12',
    });
    expect(res.status).toBe(429);
    const elsewhere = await new HttpClient(app.url, ip()).post('/api/auth/login', {
      username: uniqueName(),
      password: 'secret12',
    });
    expect(elsewhere.status).toBe(401);
  });

  it('limits registrations per IP', async () => {
    const address = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const username = uniqueName();
      const res = await new HttpClient(app.url, address).post('/api/auth/register', {
        username,
        email: `${username}@x.io`,
        password: 'secret123',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('limits registration attempts per username, from any IP, without locking its login', async () => {
    const username = uniqueName();
    const attempt = (name: string) =>
      new HttpClient(app.url, ip()).post('/api/auth/register', {
        username: name,
        email: `${uniqueName()}@x.io`,
        password: 'secret123',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt(username)).status);
    expect(statuses).toEqual([201, 409, 409]);
    // Any case is the same name.
    const blocked = await attempt(username.toUpperCase());
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // GraphQL shares the count.
    const gql = await new HttpClient(app.url, ip()).gql(
      `mutation { register(input: { username: "${username}", email: "${uniqueName()}@x.io", password: "secret123" }) { user { id } } }`,
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // Only that name: others register, and its owner still logs in.
    expect((await attempt(uniqueName())).status).toBe(201);
    const login = await new HttpClient(app.url, ip()).post('/api/auth/login', {
      username,
      password: 'secret123',
    });
    expect(login.status).toBe(200);
  });
});

describe('two api processes sharing sessions and users', () => {
  let a: RunningApp;
  let b: RunningApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp(), startTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  /** The same browser talking to two processes behind a load balancer. */
  function browserOn(first: RunningApp, second: RunningApp) {
    const one = new HttpClient(first.url);
    const two = new HttpClient(second.url);
    (two as unknown as { cookies: unknown }).cookies = (one as unknown as { cookies: unknown }).cookies;
    return { one, two };
  }

  it('logging out in one process signs the session out in the other at once', async () => {
    const { one, two } = browserOn(a, b);
    const username = uniqueName();
    await one.post('/api/auth/register', { username, email: `${username}@x.io`, password: 'secret123' });
    expect((await two.get('/api/auth/status')).status).toBe(200); // b now has it cached
    expect((await one.post('/api/auth/logout')).status).toBe(200);
    // Logout answers only after the other processes were told.
    await expect.poll(async () => (await two.get('/api/auth/status')).status, { timeout: 1000 }).toBe(401);
  });

  it('a profile change in one process shows in the other', async () => {
    const { one, two } = browserOn(a, b);
    const username = uniqueName();
    await one.post('/api/auth/register', { username, email: `${username}@x.io`, password: 'secret123' });
    expect((await two.get('/api/auth/status')).body.username).toBe(username);
    const renamed = uniqueName('renamed');
    await one.patch('/api/users/update', { username: renamed });
    await expect
      .poll(async () => (await two.gql('{ me { username } }')).data.me.username, { timeout: 1000 })
      .toBe(renamed);
  });
});

describe('a failing session store', () => {
  let healthy: RunningApp;
  let broken: RunningApp;
  beforeAll(async () => {
    // A database role that may do everything but read or write sessions: the store fails for real.
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      await admin.query(`do $$ begin
        if not exists (select from pg_roles where rolname = 'chorus_no_sessions') then
          create role chorus_no_sessions login password 'no-sessions';
        end if; end $$`);
      await admin.query('grant all on all tables in schema public to chorus_no_sessions');
      await admin.query('revoke all on sessions from chorus_no_sessions');
    } finally {
      await admin.end();
    }
    const url = new URL(testDatabaseUrl());
    url.username = 'chorus_no_sessions';
    url.password = 'no-sessions';
    [healthy, broken] = await Promise.all([startTestApp(), startTestApp({ DATABASE_URL: url.toString() })]);
  });
  afterAll(async () => {
    await Promise.all([healthy?.close(), broken?.close()]);
  });

  /** A signed-in browser whose next requests go to the process that can't read sessions. */
  async function signedInOnBroken() {
    const one = new HttpClient(healthy.url);
    const username = uniqueName();
    await one.post('/api/auth/register', { username, email: `${username}@x.io`, password: 'secret123' });
    const two = new HttpClient(broken.url);
    (two as unknown as { cookies: unknown }).cookies = (one as unknown as { cookies: unknown }).cookies;
    return two;
  }

  it('answers /api with the JSON error shape and the no-cache headers', async () => {
    const client = await signedInOnBroken();
    const res = await client.get(`/api/auth/status?_cb=${Date.now()}`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: 'Internal server error' });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
  });

  it('answers /graphql as a GraphQL error', async () => {
    const client = await signedInOnBroken();
    const res = await client.gql('{ me { id } }');
    expect(res.status).toBe(500);
    expect(res.errors?.[0]).toMatchObject({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });
});

describe('Secure session cookie', () => {
  const apps: RunningApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp(env);
    apps.push(app);
    return app;
  };

  /** Registers over plain HTTP (as from a proxy) and returns the session cookie's Set-Cookie line. */
  async function signUpCookie(app: RunningApp, headers: Record<string, string> = {}) {
    const client = new HttpClient(app.url);
    const username = uniqueName();
    const res = await client.request(
      'POST',
      '/api/auth/register',
      { username, email: `${username}@x.io`, password: 'secret123' },
      headers,
    );
    expect(res.status).toBe(201);
    const cookie = client.lastSetCookie.find((c) => c.startsWith('chorus.sid=')) ?? '';
    expect(cookie).not.toBe('');
    // The cookie signs the browser in.
    expect((await client.get('/api/auth/status')).status).toBe(200);
    return cookie;
  }

  it('is Secure when PUBLIC_URL is https, behind a TLS-terminating proxy it does not trust', async () => {
    const app = await start({ PUBLIC_URL: 'https://chorus.example.com', TRUST_PROXY: '0' });
    expect(await signUpCookie(app)).toMatch(/;\s*Secure/i);
    // Even when a trusted proxy says the hop was plain HTTP: the browser's side is HTTPS.
    const trusting = await start({ PUBLIC_URL: 'https://chorus.example.com', TRUST_PROXY: '1' });
    expect(await signUpCookie(trusting, { 'x-forwarded-proto': 'http' })).toMatch(/;\s*Secure/i);
  });

  it('otherwise follows the request: X-Forwarded-Proto only from a trusted proxy', async () => {
    const trusting = await start({ TRUST_PROXY: '1' });
    expect(await signUpCookie(trusting, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
    expect(await signUpCookie(trusting)).not.toMatch(/Secure/i);
    const direct = await start({ TRUST_PROXY: '0' });
    expect(await signUpCookie(direct, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/i);
  });

  it('is never Secure with COOKIE_SECURE=false', async () => {
    const app = await start({ PUBLIC_URL: 'https://chorus.example.com', COOKIE_SECURE: 'false' });
    expect(await signUpCookie(app)).not.toMatch(/Secure/i);
  });
});

describe('shutdown steps', () => {
  it('a step that never ends is reported by name and passed; a failing one is passed too', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const started = Date.now();
      await shutdownStep('pool', () => new Promise(() => {}), 100);
      expect(Date.now() - started).toBeGreaterThanOrEqual(95);
      await shutdownStep('orm', () => Promise.reject(new Error('already closed')), 100);
      let ran = false;
      await shutdownStep('http', async () => {
        ran = true;
      });
      expect(ran).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual(['shutdown step "pool" did not finish within 100 ms']);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('pub/sub', () => {
  it('a local-only handler hears this process and sends no LISTEN; others hear every process', async () => {
    const pools = [createPgPool(testDatabaseUrl(), 2), createPgPool(testDatabaseUrl(), 2)];
    const [here, elsewhere] = pools.map((pool) => new PubSub(testDatabaseUrl(), pool)) as [PubSub, PubSub];
    const channel = `pubsub_test_${uniqueName()}`;
    const localHeard: string[] = [];
    const allHeard: string[] = [];
    try {
      const stopLocal = await here.subscribe(channel, (p) => localHeard.push(p), { localOnly: true });
      // Nobody LISTENs yet: a NOTIFY from another process reaches no handler here.
      await elsewhere.publish(channel, 'before');
      const stopAll = await here.subscribe(channel, (p) => allHeard.push(p));
      await elsewhere.publish(channel, 'remote');
      await expect.poll(() => allHeard).toEqual(['remote']);
      here.publishLocal(channel, 'local');
      expect(allHeard).toEqual(['remote', 'local']);
      // Once a handler LISTENs, the channel's NOTIFYs reach every handler of it in this process.
      expect(localHeard).toEqual(['remote', 'local']);
      await stopAll();
      await stopLocal();
      // All handlers gone: the channel is UNLISTENed, and nothing more arrives.
      await elsewhere.publish(channel, 'after');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(allHeard).toEqual(['remote', 'local']);
      expect(localHeard).toEqual(['remote', 'local']);
    } finally {
      await here.close();
      await elsewhere.close();
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
