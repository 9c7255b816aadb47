import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { SoftAuthenticator } from '../../tests/support/softAuthenticator.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Passkeys that work, at the API: registered and used through @simplewebauthn/server with a
 * software authenticator (an ES256 key made here, signing what a browser would), as a second
 * factor after the password and on their own (passwordless). twoFactor.test.ts has the refusals.
 */
const PUBLIC_URL = 'http://chorus.test';
const app = useTestApp({ PUBLIC_URL });

const signedUp = () => signedUpClient(app.url, { verified: false, prefix: 'pk' });

/** A user with a passkey on `authenticator`; answers its id. */
async function withPasskey(authenticator = new SoftAuthenticator(PUBLIC_URL)) {
  const account = await signedUp();
  const options = await account.client.post('/api/auth/2fa/passkeys/options');
  expect(options.status).toBe(200);
  const added = await account.client.post('/api/auth/2fa/passkeys', {
    name: 'Soft key',
    response: authenticator.create(options.body),
  });
  expect(added.status).toBe(201);
  return { ...account, authenticator, passkeyId: added.body.id as string };
}

describe('passkeys with a software authenticator', () => {
  it('registers a passkey for the signed-in user, for this site, and turns two-factor on', async () => {
    const { client, userId, passkeyId, authenticator } = await withPasskey();
    expect(passkeyId).toBe(authenticator.credentials[0]!.id.toString('base64url'));
    const status = await client.get('/api/auth/2fa');
    expect(status.body).toMatchObject({ enabled: true, totp: false });
    expect(status.body.passkeys).toEqual([expect.objectContaining({ id: passkeyId, name: 'Soft key' })]);
    expect((await client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);
    const { rows } = await db().query('select user_id, counter from passkeys where id = $1', [passkeyId]);
    expect(rows).toEqual([{ user_id: userId, counter: '0' }]);

    // The same answer again: its challenge was used up.
    const replay = await client.post('/api/auth/2fa/passkeys', {
      response: authenticator.create({ challenge: 'old', rp: {}, user: { id: 'x' } }),
    });
    expect(replay.status).toBe(400);
  });

  it('completes a password login as its second factor', async () => {
    const { username, userId, authenticator, passkeyId } = await withPasskey();
    const browser = new HttpClient(app.url);
    const login = await browser.post('/api/auth/login', { username, password: 'secret123' });
    expect(login.body).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    expect((await browser.get('/api/auth/status')).status).toBe(401);

    const options = await browser.post('/api/auth/passkey/options');
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([passkeyId]);
    const verified = await browser.post('/api/auth/passkey/verify', {
      response: authenticator.get(options.body),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: userId, username });
    expect((await browser.get('/api/auth/status')).body.id).toBe(userId);
    const { rows } = await db().query('select counter, last_used_at from passkeys where id = $1', [
      passkeyId,
    ]);
    expect(rows[0].counter).toBe('1');
    expect(rows[0].last_used_at).not.toBeNull();
  });

  it('signs in without a password (a discoverable passkey, with user verification)', async () => {
    const { userId, authenticator } = await withPasskey();
    const browser = new HttpClient(app.url);
    const options = await browser.post('/api/auth/passkey/options');
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials ?? []).toEqual([]);
    expect(options.body.userVerification).toBe('required');
    const assertion = authenticator.get(options.body);
    const verified = await browser.post('/api/auth/passkey/verify', { response: assertion });
    expect(verified.status).toBe(200);
    expect(verified.body.id).toBe(userId);
    expect((await browser.get('/api/auth/status')).body.id).toBe(userId);

    // Replayed from another browser with a fresh challenge: the signature is over the old one.
    const thief = new HttpClient(app.url);
    await thief.post('/api/auth/passkey/options');
    expect((await thief.post('/api/auth/passkey/verify', { response: assertion })).status).toBe(401);
    expect((await thief.get('/api/auth/status')).status).toBe(401);
  });

  it("won't complete another user's pending login, nor sign in with a removed passkey", async () => {
    const owner = await withPasskey();
    const other = await withPasskey();
    const browser = new HttpClient(app.url);
    await browser.post('/api/auth/login', { username: other.username, password: 'secret123' });
    const options = await browser.post('/api/auth/passkey/options');
    // The owner's valid passkey, offered for the other user's login: refused, nobody signed in.
    const wrong = await browser.post('/api/auth/passkey/verify', {
      response: owner.authenticator.get(options.body, owner.passkeyId),
    });
    expect(wrong.status).toBe(401);
    expect((await browser.get('/api/auth/status')).status).toBe(401);

    // The other user can't remove the owner's passkey; the owner can, and then it signs nobody in.
    expect((await other.client.request('DELETE', `/api/auth/2fa/passkeys/${owner.passkeyId}`)).status).toBe(
      404,
    );
    expect((await owner.client.request('DELETE', `/api/auth/2fa/passkeys/${owner.passkeyId}`)).status).toBe(
      200,
    );
    const fresh = new HttpClient(app.url);
    const freshOptions = await fresh.post('/api/auth/passkey/options');
    const gone = await fresh.post('/api/auth/passkey/verify', {
      response: owner.authenticator.get(freshOptions.body, owner.passkeyId),
    });
    expect(gone.status).toBe(401);
    expect((await fresh.get('/api/auth/status')).status).toBe(401);
  });
});
