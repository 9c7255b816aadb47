import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { startTestApp, uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Two-factor authentication over real HTTP and PostgreSQL: TOTP enrolment, recovery codes, the
 * login's second step, turning it off, and the login limiter counting wrong codes.
 */

const PASSWORD = 'secret123';

/** The code an authenticator app shows `offsetSteps` 30 s steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function signedUp(app: RunningApp, ip?: string) {
  const username = uniqueName();
  const client = new HttpClient(app.url, ip);
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.status).toBe(201);
  return { client, username, userId: res.body.id as string };
}

/** A user with TOTP turned on; answers the secret and the recovery codes. */
async function withTotp(app: RunningApp, ip?: string) {
  const account = await signedUp(app, ip);
  const setup = await account.client.post('/api/auth/2fa/totp/setup');
  expect(setup.status).toBe(200);
  const enable = await account.client.post('/api/auth/2fa/totp/enable', { code: codeFor(setup.body.secret) });
  expect(enable.status).toBe(200);
  return {
    ...account,
    secret: setup.body.secret as string,
    recoveryCodes: enable.body.recoveryCodes as string[],
  };
}

describe('two-factor authentication', () => {
  const app = useTestApp();

  it('enrols TOTP: a base32 secret and otpauth URL, confirmed by a code, answering 10 recovery codes', async () => {
    const { client, username, userId } = await signedUp(app);
    expect((await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);

    const setup = await client.post('/api/auth/2fa/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(username);
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not in force until confirmed.
    expect((await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);
    const wrong = await client.post('/api/auth/2fa/totp/enable', { code: codeFor(setup.body.secret, 10) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/code is not right/);
    const malformed = await client.post('/api/auth/2fa/totp/enable', { code: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/6-digit code/);

    const enable = await client.post('/api/auth/2fa/totp/enable', { code: codeFor(setup.body.secret) });
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    for (const code of enable.body.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);

    // Stored: the secret encrypted, the recovery codes only as hashes.
    const totp = await db().query('select secret from user_totp where user_id = $1', [userId]);
    expect(totp.rows[0].secret).not.toContain(setup.body.secret);
    const codes = await db().query('select code_hash from recovery_codes where user_id = $1', [userId]);
    expect(codes.rows).toHaveLength(10);
    const stored = JSON.stringify(codes.rows);
    for (const code of enable.body.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }

    // Shown once: a second set-up is refused while TOTP is on.
    expect((await client.post('/api/auth/2fa/totp/setup')).status).toBe(409);

    // Status is served from memory; a change made elsewhere (another process, plain SQL) reaches
    // it through the tables' NOTIFY triggers, not only through this process's own writes.
    await db().query('update user_totp set enabled_at = null where user_id = $1', [userId]);
    await expect.poll(async () => (await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);
    await db().query('update user_totp set enabled_at = now() where user_id = $1', [userId]);
    await expect.poll(async () => (await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);
  });

  it('refuses the two-factor calls when signed out, and keeps each user to their own', async () => {
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.post('/api/auth/2fa/totp/setup')).status).toBe(401);
    expect((await anonymous.post('/api/auth/2fa/totp/enable', { code: '123456' })).status).toBe(401);
    expect((await anonymous.post('/api/auth/2fa/disable', { password: PASSWORD })).status).toBe(401);
    expect((await anonymous.get('/api/auth/2fa')).status).toBe(401);

    const owner = await withTotp(app);
    const other = await signedUp(app);
    // Another user's calls act on their own account only.
    expect((await other.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);
    expect((await other.client.post('/api/auth/2fa/disable', { password: PASSWORD })).status).toBe(200);
    expect((await owner.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);
    expect(
      (await other.client.post('/api/auth/2fa/totp/enable', { code: codeFor(owner.secret) })).status,
    ).toBe(400);
    expect((await owner.client.get('/api/auth/2fa')).body).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    expect((await other.client.get('/api/auth/2fa')).body).toMatchObject({ totp: false, enabled: false });
  });

  it('asks for the second factor after the password and signs in only with a right code', async () => {
    const { username, secret } = await withTotp(app);
    const browser = new HttpClient(app.url);
    const login = await browser.post('/api/auth/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect((await browser.get('/api/auth/status')).status).toBe(401);

    const wrong = await browser.post('/api/auth/login/2fa', { code: codeFor(secret, 20) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('That code is not right');
    expect((await browser.get('/api/auth/status')).status).toBe(401);
    expect((await browser.post('/api/auth/login/2fa', {})).status).toBe(400);

    // The next step's code (the current one was used to enable).
    const code = codeFor(secret, 1);
    const ok = await browser.post('/api/auth/login/2fa', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.username).toBe(username);
    const status = await browser.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ username, twoFactorEnabled: true });

    // A code is good once: replayed in another login it is refused.
    const again = new HttpClient(app.url);
    expect(
      (await again.post('/api/auth/login', { username, password: PASSWORD })).body.twoFactorRequired,
    ).toBe(true);
    expect((await again.post('/api/auth/login/2fa', { code })).status).toBe(401);

    // A wrong password never reaches the second step.
    const bad = await new HttpClient(app.url).post('/api/auth/login', { username, password: 'wrong-pass' });
    expect(bad.status).toBe(401);
  });

  it('signs in with a recovery code exactly once', async () => {
    const { username, recoveryCodes } = await withTotp(app);
    const code = recoveryCodes[3] as string;
    const first = new HttpClient(app.url);
    await first.post('/api/auth/login', { username, password: PASSWORD });
    // Typed in capitals without the dash, as people do.
    const ok = await first.post('/api/auth/login/2fa', { code: code.replace('-', '').toUpperCase() });
    expect(ok.status).toBe(200);
    expect((await first.get('/api/auth/2fa')).body.recoveryCodesLeft).toBe(9);

    const second = new HttpClient(app.url);
    await second.post('/api/auth/login', { username, password: PASSWORD });
    expect((await second.post('/api/auth/login/2fa', { code })).status).toBe(401);
    expect((await second.get('/api/auth/status')).status).toBe(401);
  });

  it('answers 401 to a second step with no pending login (signed out, or signed in already)', async () => {
    expect((await new HttpClient(app.url).post('/api/auth/login/2fa', { code: '123456' })).status).toBe(401);
    const signedIn = await signedUp(app);
    const res = await signedIn.client.post('/api/auth/login/2fa', { code: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
    // ...and it did not sign the existing session out.
    expect((await signedIn.client.get('/api/auth/status')).status).toBe(200);
  });

  it('a pending login replaces a signed-in session: nobody stays signed in while the code is asked', async () => {
    const { username } = await withTotp(app);
    const browser = (await signedUp(app)).client;
    const login = await browser.post('/api/auth/login', { username, password: PASSWORD });
    expect(login.body.twoFactorRequired).toBe(true);
    expect((await browser.get('/api/auth/status')).status).toBe(401);
  });

  it('turns two-factor off with the password only', async () => {
    const { client, username } = await withTotp(app);
    const wrong = await client.post('/api/auth/2fa/disable', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your password is not correct');
    expect((await client.post('/api/auth/2fa/disable', {})).status).toBe(400);
    expect((await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);

    expect((await client.post('/api/auth/2fa/disable', { password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);
    const login = await new HttpClient(app.url).post('/api/auth/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe(username);
  });

  it('replaces the recovery codes with the password: the old ones stop working', async () => {
    const { client, username, recoveryCodes } = await withTotp(app);
    expect(
      (await new HttpClient(app.url).post('/api/auth/2fa/recovery-codes', { password: PASSWORD })).status,
    ).toBe(401);
    expect((await client.post('/api/auth/2fa/recovery-codes', { password: 'nope-nope' })).status).toBe(400);
    const other = await signedUp(app);
    expect((await other.client.post('/api/auth/2fa/recovery-codes', { password: PASSWORD })).status).toBe(
      409,
    );
    const fresh = await client.post('/api/auth/2fa/recovery-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[0]);

    const oldOne = new HttpClient(app.url);
    await oldOne.post('/api/auth/login', { username, password: PASSWORD });
    expect((await oldOne.post('/api/auth/login/2fa', { code: recoveryCodes[0] })).status).toBe(401);
    expect((await oldOne.post('/api/auth/login/2fa', { code: fresh.body.recoveryCodes[0] })).status).toBe(
      200,
    );
  });

  it('GraphQL login answers twoFactorRequired, and loginSecondFactor completes it', async () => {
    const { username, secret } = await withTotp(app);
    const browser = new HttpClient(app.url);
    const login = await browser.gql(
      'mutation($input: LoginInput!) { login(input: $input) { user { id } twoFactorRequired methods } }',
      { input: { username, password: PASSWORD } },
    );
    expect(login.data?.login).toEqual({ user: null, twoFactorRequired: true, methods: ['totp', 'recovery'] });
    const wrong = await browser.gql(
      'mutation($code: String!) { loginSecondFactor(code: $code) { user { id } } }',
      {
        code: codeFor(secret, 20),
      },
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const ok = await browser.gql(
      'mutation($code: String!) { loginSecondFactor(code: $code) { user { username } twoFactorRequired } }',
      { code: codeFor(secret, 1) },
    );
    expect(ok.data?.loginSecondFactor).toEqual({ user: { username }, twoFactorRequired: false });
  });
});

describe('passkey calls', () => {
  const app = useTestApp();

  it('offers registration options to a signed-in user only, for this site as the relying party', async () => {
    expect((await new HttpClient(app.url).post('/api/auth/2fa/passkeys/options')).status).toBe(401);
    expect((await new HttpClient(app.url).post('/api/auth/2fa/passkeys', { response: {} })).status).toBe(401);
    const { client, username } = await signedUp(app);
    const options = await client.post('/api/auth/2fa/passkeys/options');
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: new URL(app.config.publicUrl).hostname, name: 'Chorus' });
    expect(options.body.user.name).toBe(username);
    expect(options.body.challenge).toMatch(/^[\w-]{20,}$/);
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required' });
  });

  it('answers 400, not 500, to a missing, forged or unasked-for passkey answer', async () => {
    const { client } = await signedUp(app);
    expect((await client.post('/api/auth/2fa/passkeys', {})).status).toBe(400);
    // No challenge was asked for.
    const unasked = await client.post('/api/auth/2fa/passkeys', { response: { id: 'abc', response: {} } });
    expect(unasked.status).toBe(400);
    expect(unasked.body.message).toMatch(/expired/);
    await client.post('/api/auth/2fa/passkeys/options');
    const forged = await client.post('/api/auth/2fa/passkeys', {
      response: {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: 'e30', attestationObject: 'AA' },
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/could not be verified/);
  });

  it('removes only your own passkeys', async () => {
    const owner = await signedUp(app);
    const other = await signedUp(app);
    await db().query(
      `insert into passkeys (id, user_id, public_key, name) values ($1, $2, '\\x00', 'Laptop')`,
      [`cred-${owner.userId}`, owner.userId],
    );
    expect((await owner.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);
    expect(
      (await new HttpClient(app.url).request('DELETE', `/api/auth/2fa/passkeys/cred-${owner.userId}`)).status,
    ).toBe(401);
    expect((await other.client.request('DELETE', `/api/auth/2fa/passkeys/cred-${owner.userId}`)).status).toBe(
      404,
    );
    expect((await owner.client.get('/api/auth/2fa')).body.passkeys).toEqual([
      expect.objectContaining({ id: `cred-${owner.userId}`, name: 'Laptop' }),
    ]);
    // With a passkey, the login asks for it.
    const login = await new HttpClient(app.url).post('/api/auth/login', {
      username: owner.username,
      password: PASSWORD,
    });
    expect(login.body).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    expect((await owner.client.request('DELETE', `/api/auth/2fa/passkeys/cred-${owner.userId}`)).status).toBe(
      200,
    );
    expect((await owner.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);
  });

  it('refuses a passkey sign-in with an unknown credential, and without a challenge', async () => {
    const browser = new HttpClient(app.url);
    expect(
      (await browser.post('/api/auth/passkey/verify', { response: { id: 'x', response: {} } })).status,
    ).toBe(400);
    const options = await browser.post('/api/auth/passkey/options');
    expect(options.status).toBe(200);
    expect(options.body.userVerification).toBe('required');
    expect(options.body.allowCredentials).toEqual([]);
    const unknown = await browser.post('/api/auth/passkey/verify', {
      response: { id: 'nobody', response: {} },
    });
    expect(unknown.status).toBe(401);
    expect((await browser.get('/api/auth/status')).status).toBe(401);
  });
});

describe('wrong second-factor codes count against the login limiter', { timeout: 60_000 }, () => {
  const app = useTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_USERNAME: '5' });

  it('lets through only what is left of the allowance when wrong codes come in parallel', async () => {
    const ip = '10.77.0.1';
    const { username, secret } = await withTotp(app, ip);
    const browser = new HttpClient(app.url, ip);
    // The password step takes one of the 5 consecutive attempts (kept until the code is right).
    expect(
      (await browser.post('/api/auth/login', { username, password: PASSWORD })).body.twoFactorRequired,
    ).toBe(true);
    const statuses = (
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          browser.post('/api/auth/login/2fa', { code: String(100000 + i).padStart(6, '0') }),
        ),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);

    // Even the right code is refused now, and so is the password: the same allowance.
    const right = await browser.post('/api/auth/login/2fa', { code: codeFor(secret, 1) });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await browser.post('/api/auth/login', { username, password: PASSWORD })).status).toBe(429);
    expect((await browser.get('/api/auth/status')).status).toBe(401);
  });

  it('a right code clears the failures, as a right password does', async () => {
    const ip = '10.77.0.2';
    const { username, secret } = await withTotp(app, ip);
    const browser = new HttpClient(app.url, ip);
    await browser.post('/api/auth/login', { username, password: PASSWORD });
    for (let i = 0; i < 3; i++) {
      expect((await browser.post('/api/auth/login/2fa', { code: codeFor(secret, 20 + i) })).status).toBe(401);
    }
    expect((await browser.post('/api/auth/login/2fa', { code: codeFor(secret, 1) })).status).toBe(200);
    const rows = await db().query(`select count(*)::int as n from rate_limits where key like $1`, [
      `auth_user_ip:${username.toLowerCase()}:%`,
    ]);
    expect(rows.rows[0].n).toBe(0);
  });
});

describe('the key for second-factor secrets', () => {
  it('keeps working across a SESSION_SECRET rotation when TWO_FACTOR_KEY holds the old one, and refuses (401, not 500) without it', async () => {
    const oldSecret = 'test-session-secret-0123456789';
    const first = await startTestApp({ SESSION_SECRET: oldSecret });
    const { username, secret } = await withTotp(first);
    await first.close();

    const rotated = await startTestApp({
      SESSION_SECRET: 'a-brand-new-session-secret-987',
      TWO_FACTOR_KEY: oldSecret,
    });
    const ok = new HttpClient(rotated.url);
    await ok.post('/api/auth/login', { username, password: PASSWORD });
    expect((await ok.post('/api/auth/login/2fa', { code: codeFor(secret, 1) })).status).toBe(200);
    await rotated.close();

    const lost = await startTestApp({ SESSION_SECRET: 'a-brand-new-session-secret-987' });
    const refused = new HttpClient(lost.url);
    await refused.post('/api/auth/login', { username, password: PASSWORD });
    expect((await refused.post('/api/auth/login/2fa', { code: codeFor(secret, 2) })).status).toBe(401);
    await lost.close();
    // Three apps started one after another, each hashing passwords: slow on a busy 2-core machine.
  }, 120_000);
});
