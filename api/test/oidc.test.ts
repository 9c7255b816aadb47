import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueName } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import {
  freePort,
  oidcProvidersEnv,
  startOidcProvider,
  type TestOidcProvider,
} from '../../tests/support/oidcProvider.ts';
import { db } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Sign in with OpenID Connect against a real OpenID Provider (node-oidc-provider) run here: the
 * api sends the browser there, the provider's own login and consent forms are filled in, and its
 * redirect comes back to the api's callback. Authorization code + PKCE + state + nonce.
 */
let app: RunningApp;
let op: TestOidcProvider;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  op = await startOidcProvider([`${publicUrl}/api/auth/oidc/testop/callback`]);
  app = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    OIDC_PROVIDERS: oidcProvidersEnv(op),
  });
});
afterAll(async () => {
  await app.close();
  await op.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * One browser's round trip: start at the api, sign in at the provider as `sub`, consent, and
 * follow the redirect back. Answers the api's final redirect (the page the browser lands on).
 */
async function signInThroughProvider(
  browser: HttpClient,
  sub: string,
  startPath = '/api/auth/oidc/testop/start',
) {
  const atProvider = new HttpClient(op.issuer);
  const start = await browser.get(startPath);
  expect(start.status).toBe(303);
  let location = start.headers.get('location') as string;
  const authorize = new URL(location);
  expect(authorize.origin).toBe(op.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  for (let hops = 0; hops < 12; hops++) {
    const url = new URL(location, op.issuer);
    if (url.origin !== op.issuer) {
      const back = await browser.get(url.pathname + url.search);
      return { status: back.status, location: back.headers.get('location') as string, callback: url };
    }
    const res = await atProvider.get(url.pathname + url.search);
    if (res.status >= 300 && res.status < 400) {
      location = res.headers.get('location') as string;
      continue;
    }
    expect(res.status).toBe(200);
    const action = new URL(/action="([^"]+)"/.exec(res.text)?.[1] as string, op.issuer).pathname;
    const fields: Record<string, string> = res.text.includes('name="login"')
      ? { prompt: 'login', login: sub, password: 'anything' }
      : { prompt: 'consent' };
    const submitted = await atProvider.request('POST', action, form(fields), FORM);
    expect(submitted.status).toBeGreaterThanOrEqual(300);
    location = submitted.headers.get('location') as string;
  }
  throw new Error('too many redirects');
}

describe('Sign in with OpenID Connect', () => {
  it('lists the configured providers for the login page (signed out)', async () => {
    const res = await new HttpClient(app.url).get('/api/auth/oidc/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: 'testop', name: 'Test OP' }]);
  });

  it('creates an account on the first sign-in, marks its verified e-mail verified, and finds it again', async () => {
    const name = uniqueName('op');
    op.addNewcomer(name);
    const browser = new HttpClient(app.url);
    const landed = await signInThroughProvider(browser, `sub-${name}`);
    expect(landed).toMatchObject({ status: 303, location: '/chat' });
    const status = await browser.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ username: name, email: `${name}@op.example` });
    const { rows } = await db().query('select email_verified_at from users where id = $1', [status.body.id]);
    expect(rows[0].email_verified_at).not.toBeNull();

    // Again, from another browser: the same account, not a second one.
    const again = new HttpClient(app.url);
    expect((await signInThroughProvider(again, `sub-${name}`)).location).toBe('/chat');
    expect((await again.get('/api/auth/status')).body.id).toBe(status.body.id);
    const count = await db().query('select count(*)::int as n from users where lower(email) = lower($1)', [
      `${name}@op.example`,
    ]);
    expect(count.rows[0].n).toBe(1);
  });

  it('links to an existing account only when both sides have verified the e-mail', async () => {
    const owner = new HttpClient(app.url);
    const username = uniqueName();
    const email = `${username}@example.com`;
    const reg = await owner.post('/api/auth/register', { username, email, password: 'secret123' });
    expect(reg.status).toBe(201);

    // The provider vouches for the address but the account never verified it: no link.
    op.addAccount({ sub: `sub-${username}`, email, email_verified: true });
    const early = await signInThroughProvider(new HttpClient(app.url), `sub-${username}`);
    expect(early.location).toMatch(/^\/login\?error=/);
    expect(decodeURIComponent(early.location)).toMatch(/already exists/);

    // The account's address verified (part A's flow sets this column).
    await db().query('update users set email_verified_at = now() where id = $1', [reg.body.id]);
    // ...but the provider doesn't vouch for it: still no link.
    op.addAccount({ sub: `sub2-${username}`, email, email_verified: false });
    const unverified = await signInThroughProvider(new HttpClient(app.url), `sub2-${username}`);
    expect(unverified.location).toMatch(/^\/login\?error=/);

    // Both verified: linked, and signed in as the existing account.
    const linked = new HttpClient(app.url);
    expect((await signInThroughProvider(linked, `sub-${username}`)).location).toBe('/chat');
    expect((await linked.get('/api/auth/status')).body.id).toBe(reg.body.id);
    const links = await db().query('select provider, subject from oidc_identities where user_id = $1', [
      reg.body.id,
    ]);
    expect(links.rows).toEqual([{ provider: 'testop', subject: `sub-${username}` }]);
  });

  it('asks for the second factor after an external sign-in when the account has one', async () => {
    const name = uniqueName('op2fa');
    op.addAccount({ sub: `sub-${name}`, email: `${name}@op.example`, email_verified: true });
    const browser = new HttpClient(app.url);
    await signInThroughProvider(browser, `sub-${name}`);
    const userId = (await browser.get('/api/auth/status')).body.id as string;
    await db().query(`insert into passkeys (id, user_id, public_key, name) values ($1, $2, '\\x00', 'Key')`, [
      `cred-${userId}`,
      userId,
    ]);
    const next = new HttpClient(app.url);
    expect((await signInThroughProvider(next, `sub-${name}`)).location).toBe('/login?step=2fa');
    expect((await next.get('/api/auth/status')).status).toBe(401);
  });

  it('refuses a callback whose state is not this browser’s, and an unknown provider', async () => {
    const name = uniqueName('opx');
    op.addAccount({ sub: `sub-${name}`, email: `${name}@op.example`, email_verified: true });
    const victim = new HttpClient(app.url);
    // An attacker's completed authorization, replayed into another browser (login CSRF): refused.
    const attacker = new HttpClient(app.url);
    const attackerRun = await signInThroughProviderWithoutCallback(attacker, `sub-${name}`);
    const replay = await victim.get(attackerRun.pathname + attackerRun.search);
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=.*expired/);
    expect((await victim.get('/api/auth/status')).status).toBe(401);

    // The same browser, but a tampered state.
    await victim.get('/api/auth/oidc/testop/start');
    const tampered = new URL(attackerRun.href);
    tampered.searchParams.set('state', 'not-the-state');
    const res = await victim.get(tampered.pathname + tampered.search);
    expect(res.headers.get('location')).toMatch(/^\/login\?error=/);
    expect((await victim.get('/api/auth/status')).status).toBe(401);

    const unknown = await new HttpClient(app.url).get('/api/auth/oidc/nope/start');
    expect(unknown.status).toBe(303);
    expect(decodeURIComponent(unknown.headers.get('location') as string)).toMatch(/No such sign-in provider/);
  });
});

/** Like signInThroughProvider, but stops before the callback and answers its URL. */
async function signInThroughProviderWithoutCallback(browser: HttpClient, sub: string): Promise<URL> {
  const atProvider = new HttpClient(op.issuer);
  let location = (await browser.get('/api/auth/oidc/testop/start')).headers.get('location') as string;
  for (let hops = 0; hops < 12; hops++) {
    const url = new URL(location, op.issuer);
    if (url.origin !== op.issuer) return url;
    const res = await atProvider.get(url.pathname + url.search);
    if (res.status >= 300 && res.status < 400) {
      location = res.headers.get('location') as string;
      continue;
    }
    const action = new URL(/action="([^"]+)"/.exec(res.text)?.[1] as string, op.issuer).pathname;
    const fields: Record<string, string> = res.text.includes('name="login"')
      ? { prompt: 'login', login: sub, password: 'anything' }
      : { prompt: 'consent' };
    location = (await atProvider.request('POST', action, form(fields), FORM)).headers.get(
      'location',
    ) as string;
  }
  throw new Error('too many redirects');
}
