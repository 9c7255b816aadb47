import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueName } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { type FakeGitHub, type GitHubAccount, startFakeGitHub } from '../../tests/support/fakeGitHub.ts';
import { freePort } from '../../tests/support/oidcProvider.ts';
import { db } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * "GitHub through its OAuth endpoints": sign-in against a small fake of GitHub's OAuth web flow and
 * REST API (tests/support/fakeGitHub.ts), configured as a GitHub Enterprise Server would be. The
 * account comes from /user and the verified address from /user/emails.
 */
let app: RunningApp;
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub();
  const port = await freePort();
  app = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'github',
        name: 'GitHub',
        type: 'github',
        issuer: github.url,
        apiUrl: github.url,
        clientId: github.clientId,
        clientSecret: github.clientSecret,
      },
    ]),
  });
});
afterAll(async () => {
  await app.close();
  await github.close();
});

let nextId = Math.floor(Date.now() / 1000);
const account = (login: string, emails: GitHubAccount['emails']): GitHubAccount => ({
  id: nextId++,
  login,
  name: `The ${login}`,
  emails,
});

/** One browser's round trip: start at the api, approve at "GitHub", follow the redirect back. */
async function signInWithGitHub(browser: HttpClient) {
  const start = await browser.get('/api/auth/oidc/github/start');
  expect(start.status).toBe(303);
  const authorize = new URL(start.headers.get('location') as string);
  expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
  expect(authorize.searchParams.get('client_id')).toBe(github.clientId);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('scope')).toBe('read:user user:email');
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location') as string);
  const back = await browser.get(callback.pathname + callback.search);
  expect(back.status).toBe(303);
  return { location: back.headers.get('location') as string, callback };
}

describe('Sign in with GitHub (OAuth endpoints)', () => {
  it('creates an account from a verified primary address, and finds it again by the GitHub id', async () => {
    const login = uniqueName('gh');
    github.signInAs(
      account(login, [
        { email: `${login}-old@users.example`, primary: false, verified: false },
        { email: `${login}@gh.example`, primary: true, verified: true },
      ]),
    );
    const browser = new HttpClient(app.url);
    expect((await signInWithGitHub(browser)).location).toBe('/chat');
    // The code was redeemed with the client's secret and the PKCE verifier.
    expect(github.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: github.clientId,
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
    });
    const status = await browser.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ username: login, email: `${login}@gh.example`, emailVerified: true });

    const again = new HttpClient(app.url);
    expect((await signInWithGitHub(again)).location).toBe('/chat');
    expect((await again.get('/api/auth/status')).body.id).toBe(status.body.id);
    const links = await db().query('select provider, user_id from oidc_identities where user_id = $1', [
      status.body.id,
    ]);
    expect(links.rows).toEqual([{ provider: 'github', user_id: status.body.id }]);
  });

  it('links to an existing account only by an address both GitHub and Chorus have verified', async () => {
    const owner = new HttpClient(app.url);
    const username = uniqueName('ghown');
    const email = `${username}@example.com`;
    const reg = await owner.post('/api/auth/register', { username, email, password: 'secret123' });
    expect(reg.status).toBe(201);
    await db().query('update users set email_verified_at = now() where id = $1', [reg.body.id]);

    // GitHub lists the address but has not verified it: no link, and no second account either.
    github.signInAs(account(uniqueName('ghx'), [{ email, primary: true, verified: false }]));
    const refused = await signInWithGitHub(new HttpClient(app.url));
    expect(refused.location).toMatch(/^\/login\?error=/);
    const count = await db().query('select count(*)::int as n from users where lower(email) = lower($1)', [
      email,
    ]);
    expect(count.rows[0].n).toBe(1);

    // Verified at GitHub too: signed in as the existing account, now linked.
    const theirs = account(uniqueName('ghy'), [{ email, primary: true, verified: true }]);
    github.signInAs(theirs);
    const browser = new HttpClient(app.url);
    expect((await signInWithGitHub(browser)).location).toBe('/chat');
    expect((await browser.get('/api/auth/status')).body.id).toBe(reg.body.id);
    const links = await db().query('select subject from oidc_identities where user_id = $1', [reg.body.id]);
    expect(links.rows).toEqual([{ subject: String(theirs.id) }]);
  });

  it('does not link to an account whose own address is unverified', async () => {
    const username = uniqueName('ghun');
    const email = `${username}@example.com`;
    const reg = await new HttpClient(app.url).post('/api/auth/register', {
      username,
      email,
      password: 'secret123',
    });
    github.signInAs(account(uniqueName('ghz'), [{ email, primary: true, verified: true }]));
    const browser = new HttpClient(app.url);
    const res = await signInWithGitHub(browser);
    expect(decodeURIComponent(res.location)).toMatch(/already exists/);
    expect((await browser.get('/api/auth/status')).status).toBe(401);
    const links = await db().query('select count(*)::int as n from oidc_identities where user_id = $1', [
      reg.body.id,
    ]);
    expect(links.rows[0].n).toBe(0);
  });

  it('refuses a GitHub account without a verified address, a replayed code and a forged state', async () => {
    github.signInAs(
      account(uniqueName('ghnv'), [{ email: 'nv@gh.example', primary: true, verified: false }]),
    );
    const noVerified = await signInWithGitHub(new HttpClient(app.url));
    expect(decodeURIComponent(noVerified.location)).toMatch(/did not share an e-mail address/);

    const login = uniqueName('ghr');
    github.signInAs(account(login, [{ email: `${login}@gh.example`, primary: true, verified: true }]));
    const first = new HttpClient(app.url);
    const { callback } = await signInWithGitHub(first);
    // The same callback again, in a browser that started its own sign-in: its state and the
    // (already redeemed) code are not this browser's.
    const other = new HttpClient(app.url);
    await other.get('/api/auth/oidc/github/start');
    const replay = await other.get(callback.pathname + callback.search);
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=/);
    expect((await other.get('/api/auth/status')).status).toBe(401);
  });
});
