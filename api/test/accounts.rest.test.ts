import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueName } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import type { RunningApp } from '../src/app.ts';

let app: RunningApp;
const db = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await db.end();
});

/** What a user object carries: everything of the account but the password. */
const USER_FIELDS = [
  'avatar',
  'bio',
  'createdAt',
  'displayName',
  'email',
  'emailVerified',
  'id',
  'lastActive',
  'passwordChangedAt',
  'points',
  'username',
];

const newAccount = () => {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: 'secret123' };
};

async function registered() {
  const client = new HttpClient(app.url);
  const account = newAccount();
  const res = await client.post('/api/auth/register', account);
  expect(res.status).toBe(201);
  return { client, account, user: res.body };
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and never returns the password', async () => {
    const client = new HttpClient(app.url);
    const account = newAccount();
    const res = await client.post('/api/auth/register', account);
    expect(res.status).toBe(201);
    // The spec's user object itself, at the top level.
    expect(Object.keys(res.body).sort()).toEqual(USER_FIELDS);
    expect(res.body).toMatchObject({ username: account.username, email: account.email, points: 0 });
    expect(JSON.stringify(res.body)).not.toMatch(/"password"|\$argon2/);
    expect(JSON.stringify(res.body)).not.toContain(account.password);
    const cookie = client.lastSetCookie.find((c) => c.startsWith('chorus.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here

    // Status is read for username and email: the user object's fields at the top level.
    const status = await client.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ ...res.body, lastActive: expect.any(String), twoFactorEnabled: false });
    expect(status.body).toMatchObject({ username: account.username, email: account.email });
    expect(JSON.stringify(status.body)).not.toMatch(/"password"|\$argon2/);
  });

  it('stores an argon2id hash, not the password', async () => {
    const { account } = await registered();
    const { rows } = await db.query('select password from users where username = $1', [account.username]);
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ username: '', email: 'a@b.co', password: 'secret1' }, 'Please fill out all required fields'],
    [{ email: 'a@b.co', password: 'secret1' }, 'Please fill out all required fields'],
    [{ username: 'abc', email: '', password: 'secret1' }, 'Please fill out all required fields'],
    [{ username: 'abc', email: 'a@b.co', password: '' }, 'Please fill out all required fields'],
    // A missing field is named before any other rule breaks (spec §5 order).
    [{ username: 'ab', email: '', password: 'secret1' }, 'Please fill out all required fields'],
    [{ username: 'ab', email: 'a@b.co' }, 'Please fill out all required fields'],
    [{ username: 'a b', email: 'nope' }, 'Please fill out all required fields'],
    [{ username: 'ab', email: 'nope', password: '1' }, 'Username must be at least 3 characters long'],
    [{ username: '   ', email: 'nope', password: '1' }, 'Please fill out all required fields'],
    [{ username: 'abcdef', email: 'nope', password: '1' }, 'Password must be at least 6 characters long'],
    [{ username: 'ab', email: 'a@b.co', password: 'secret1' }, 'Username must be at least 3 characters long'],
    [
      { username: 'a'.repeat(51), email: 'a@b.co', password: 'secret1' },
      'Username must be at most 50 characters long',
    ],
    [
      { username: 'abcdef', email: 'a@b.co', password: '12345' },
      'Password must be at least 6 characters long',
    ],
    [
      { username: 'abcdef', email: 'not-an-email', password: 'secret1' },
      'Please enter a valid email address',
    ],
    [{ username: 'abcdef', email: 'a@b', password: 'secret1' }, 'Please enter a valid email address'],
  ])('rejects %j with 400 "%s"', async (body, message) => {
    const client = new HttpClient(app.url);
    const res = await client.post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(client.lastSetCookie).toEqual([]);
  });

  it('accepts a 50-character username (the maximum)', async () => {
    const client = new HttpClient(app.url);
    const username = `u${uniqueName().replace('_', '')}`.padEnd(50, 'x');
    const res = await client.post('/api/auth/register', {
      username,
      email: `${username}@ex.com`,
      password: 'secret1',
    });
    expect(res.status).toBe(201);
  });

  it('refuses a taken username (any case) or email with 409 and a clear message', async () => {
    const { account } = await registered();
    const other = new HttpClient(app.url);
    const sameName = await other.post('/api/auth/register', {
      username: account.username.toUpperCase(),
      email: `x${account.email}`,
      password: 'secret123',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('That username is already taken');
    const sameEmail = await other.post('/api/auth/register', {
      username: uniqueName(),
      email: account.email.toUpperCase(),
      password: 'secret123',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('An account with that email already exists');
  });

  it('lets exactly one of two simultaneous identical registrations win', async () => {
    const account = newAccount();
    const results = await Promise.all(
      [1, 2, 3].map(() => new HttpClient(app.url).post('/api/auth/register', account)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('GET /api/auth/status', () => {
  it('is 401 when signed out, ignores _cb and is never cached', async () => {
    const res = await new HttpClient(app.url).get(`/api/auth/status?_cb=${Date.now()}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authenticated', code: 'UNAUTHENTICATED' });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
  });

  it('carries no-cache headers on success too', async () => {
    const { client } = await registered();
    const res = await client.get(`/api/auth/status?_cb=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-cache');
  });
});

describe('POST /api/auth/login and /logout', () => {
  it('signs in with the right password (username in any case) and out again', async () => {
    const { account } = await registered();
    const client = new HttpClient(app.url);
    const res = await client.post('/api/auth/login', {
      username: account.username.toUpperCase(),
      password: account.password,
    });
    expect(res.status).toBe(200);
    // Login answers the user object (spec §7).
    expect(Object.keys(res.body).sort()).toEqual(USER_FIELDS);
    expect(res.body.username).toBe(account.username);
    expect(JSON.stringify(res.body)).not.toMatch(/"password"|\$argon2/);
    expect((await client.get('/api/auth/status')).status).toBe(200);

    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await client.get('/api/auth/status')).status).toBe(401);
  });

  it('changes the session id on login (no session fixation)', async () => {
    const { client, account } = await registered();
    const before = client.cookieHeader;
    await client.post('/api/auth/login', { username: account.username, password: account.password });
    expect(client.cookieHeader).not.toBe(before);
  });

  it('answers a wrong password and an unknown user alike: 401 {message}', async () => {
    const { account } = await registered();
    const wrong = await new HttpClient(app.url).post('/api/auth/login', {
      username: account.username,
      password: 'wrong-pass',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' });
    const unknown = await new HttpClient(app.url).post('/api/auth/login', {
      username: uniqueName(),
      password: 'whatever',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid username or password');
  });

  it.each([
    [{ username: '', password: '' }, 'Please enter both username and password'],
    [{ username: 'someone' }, 'Please enter both username and password'],
    // Missing fields first (spec §5), before the length rules.
    [{ username: 'ab' }, 'Please enter both username and password'],
    [{ username: 'ab', password: '' }, 'Please enter both username and password'],
    [{ username: '  ', password: '123' }, 'Please enter both username and password'],
    [{ password: '123' }, 'Please enter both username and password'],
    [{ username: 'ab', password: 'secret1' }, 'Username must be at least 3 characters long'],
    [{ username: 'someone', password: '12345' }, 'Password must be at least 6 characters long'],
  ])('validates %j with 400 "%s"', async (body, message) => {
    const res = await new HttpClient(app.url).post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('rejects malformed JSON with a 400, not a crash', async () => {
    const res = await new HttpClient(app.url).request('POST', '/api/auth/login', '{"username": ', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), code: 'BAD_USER_INPUT' });
  });
});

describe('PATCH /api/users/update', () => {
  it('updates the signed-in user and returns them without the password', async () => {
    const { client } = await registered();
    const username = uniqueName('renamed');
    const res = await client.patch('/api/users/update', {
      username,
      email: `${username}@example.org`,
      currentPassword: 'secret123',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username, email: `${username}@example.org` });
    expect(res.body.password).toBeUndefined();
    expect((await client.get('/api/auth/status')).body.username).toBe(username);
  });

  it('validates username and email', async () => {
    const { client } = await registered();
    const short = await client.patch('/api/users/update', { username: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Username must be at least 3 characters long');
    const bad = await client.patch('/api/users/update', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it("refuses someone else's username or email with 409", async () => {
    const a = await registered();
    const b = await registered();
    const res = await b.client.patch('/api/users/update', { username: a.account.username });
    expect(res.status).toBe(409);
    const res2 = await b.client.patch('/api/users/update', {
      email: a.account.email,
      currentPassword: 'secret123',
    });
    expect(res2.status).toBe(409);
  });

  it('is 401 when signed out', async () => {
    const res = await new HttpClient(app.url).patch('/api/users/update', { username: 'whoever' });
    expect(res.status).toBe(401);
  });

  it("only ever changes the session's own user", async () => {
    const a = await registered();
    const b = await registered();
    // Even naming A's id in the body, B's session changes B.
    const res = await b.client.patch('/api/users/update', { id: a.user.id, username: uniqueName('bee') });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(b.user.id);
    const aStatus = await a.client.get('/api/auth/status');
    expect(aStatus.body.username).toBe(a.account.username);
  });
});

describe('lastActive', () => {
  it('is refreshed by activity', async () => {
    const { client, user } = await registered();
    await db.query(`update users set last_active = now() - interval '2 hours' where id = $1`, [user.id]);
    const fresh = await startTestApp(); // a new process has no memory of the last touch
    try {
      const other = new HttpClient(fresh.url);
      (other as unknown as { cookies: Map<string, string> }).cookies = (
        client as unknown as { cookies: Map<string, string> }
      ).cookies;
      expect((await other.get('/api/auth/status')).status).toBe(200);
      await expect
        .poll(async () =>
          (
            await db.query('select last_active from users where id = $1', [user.id])
          ).rows[0].last_active.getTime(),
        )
        .toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await fresh.close();
    }
  });
});
