import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db } from '../../tests/support/users.ts';

/**
 * A default install: no SMTP_URL, no PUBLIC_URL. Every account e-mail stays in the local outbox
 * with a preview its owner can open (so a new user can verify), links use the address the user
 * reached the server by (never a forged Host), and checkout does not wait for verification.
 */
const app = useTestApp({ EMAIL_RESEND_COOLDOWN_SECONDS: '60' });

let ipCounter = 1;
const browser = () => new HttpClient(app.url, `10.79.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`);

async function signUp(client = browser()) {
  const username = uniqueName('box');
  const email = `${username}@example.org`;
  const res = await client.post('/api/auth/register', { username, email, password: 'secret123' });
  expect(res.status).toBe(201);
  return { client, username, email, userId: res.body.id as string };
}

/** A raw request with a Host header of our choosing (fetch sets its own). */
function rawPost(path: string, body: unknown, host: string): Promise<{ status: number; cookie: string }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookie: (res.headers['set-cookie'] ?? []).join('; ') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const verificationText = async (userId: string) => {
  await expect
    .poll(
      async () =>
        (await db().query(`select count(*)::int as n from outbox_messages where user_id = $1`, [userId]))
          .rows[0].n,
    )
    .toBeGreaterThan(0);
  return (
    await db().query(`select text from outbox_messages where user_id = $1 order by created_at desc limit 1`, [
      userId,
    ])
  ).rows[0].text as string;
};

describe('checkout does not wait for a verified address', () => {
  it('a default sign-up (unverified) gets a checkout session; invitations still wait', async () => {
    const me = await signUp();
    expect((await me.client.get('/api/auth/status')).body.emailVerified).toBe(false);
    const checkout = await me.client.post('/api/subscription/checkout', {
      planType: 'premium',
      from: 'register',
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toBe(`/api/billing/sandbox/checkout/${checkout.body.sessionId}`);
    const gql = await me.client.gql(`mutation { createCheckoutSession(planType: "monthly") { url } }`);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.createCheckoutSession.url).toBeTruthy();
    const invite = await me.client.post('/api/invitations/email', {
      email: `${uniqueName('f')}@example.net`,
    });
    expect(invite.status).toBe(403);
    expect(invite.body.reason).toBe('EMAIL_UNVERIFIED');
  });
});

describe('without SMTP every account e-mail has an outbox preview', () => {
  it('the verification mail: its preview is listed to the owner only and its link verifies', async () => {
    const me = await signUp();
    await verificationText(me.userId);
    const pending = await me.client.get('/api/auth/email/pending');
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ emailVerified: false, email: me.email });
    expect(pending.body.previewUrl).toMatch(/^\/api\/outbox\/[0-9a-f-]{36}$/);
    expect(pending.body.resendInSeconds).toBeGreaterThan(50);
    expect(pending.body.resendInSeconds).toBeLessThanOrEqual(60);
    expect(Date.parse(pending.body.sentAt)).toBeGreaterThan(Date.now() - 60_000);

    const preview = await me.client.get(pending.body.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/text\/html/);
    expect(preview.text).toContain('Confirm your e-mail address for Chorus');
    const token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(preview.text)?.[1];
    expect(token).toBeTruthy();

    const stranger = await signUp();
    expect((await stranger.client.get(pending.body.previewUrl)).status).toBe(404);
    expect((await browser().get(pending.body.previewUrl)).status).toBe(401);
    expect((await browser().get('/api/auth/email/pending')).status).toBe(401);

    expect((await browser().post('/api/auth/email/verify', { token })).status).toBe(200);
    const after = await me.client.get('/api/auth/email/pending');
    expect(after.body).toMatchObject({ emailVerified: true, previewUrl: null });
  });

  it('"Resend link" right after sign-up says when the last one went and how long to wait (429), then sends', async () => {
    const me = await signUp();
    await verificationText(me.userId);
    const early = await me.client.post('/api/auth/email/resend');
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^We sent you a link \d+ seconds? ago\. Please wait \d+ seconds/);
    expect(early.body.retryAfterSeconds).toBeGreaterThan(0);
    await db().query(
      `update account_tokens set created_at = now() - interval '2 minutes' where user_id = $1`,
      [me.userId],
    );
    const sent = await me.client.post('/api/auth/email/resend');
    expect(sent.status).toBe(202);
    expect(sent.body.previewUrl).toMatch(/^\/api\/outbox\/[0-9a-f-]{36}$/);
    expect((await me.client.get(sent.body.previewUrl)).text).toContain('verify-email?token=');
  });
});

describe('links in mail use the address the user is on, never a forged Host', () => {
  it("the server's own address is used; another host falls back to the listen address", async () => {
    const { port } = new URL(app.url);
    const own = uniqueName('own');
    const ownRes = await rawPost(
      '/api/auth/register',
      { username: own, email: `${own}@example.org`, password: 'secret123' },
      `127.0.0.1:${port}`,
    );
    expect(ownRes.status).toBe(201);
    const ownId = (await db().query('select id from users where username = $1', [own])).rows[0].id;
    expect(await verificationText(ownId)).toContain(`http://127.0.0.1:${port}/verify-email?token=`);

    const forged = uniqueName('forged');
    const forgedRes = await rawPost(
      '/api/auth/register',
      { username: forged, email: `${forged}@example.org`, password: 'secret123' },
      'evil.example',
    );
    expect(forgedRes.status).toBe(201);
    const forgedId = (await db().query('select id from users where username = $1', [forged])).rows[0].id;
    const text = await verificationText(forgedId);
    expect(text).not.toContain('evil.example');
    // The port this server really listens on (PORT=0 picks a free one).
    expect(text).toContain(`http://localhost:${new URL(app.url).port}/verify-email?token=`);
  });
});

describe('appearance follows the device until the user picks', () => {
  it("a new account's theme is system; darkMode or theme picks; bad values are refused", async () => {
    const me = await signUp();
    expect((await me.client.get('/api/users/settings')).body).toMatchObject({
      theme: 'system',
      darkMode: false,
    });
    expect((await me.client.gql('{ mySettings { theme darkMode } }')).data.mySettings).toEqual({
      theme: 'system',
      darkMode: false,
    });
    expect((await me.client.patch('/api/users/settings', { darkMode: true })).body).toMatchObject({
      theme: 'dark',
      darkMode: true,
    });
    expect((await me.client.patch('/api/users/settings', { enableSounds: false })).body.theme).toBe('dark');
    const back = await me.client.gql(
      `mutation { updateSettings(input: { theme: "system" }) { theme darkMode } }`,
    );
    expect(back.data.updateSettings).toEqual({ theme: 'system', darkMode: false });
    const bad = await me.client.patch('/api/users/settings', { theme: 'purple' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Theme must be system, light or dark');
    const other = await signUp();
    expect((await other.client.get('/api/users/settings')).body.theme).toBe('system');

    // A mode picked before sign-up is kept.
    const picked = uniqueName('pick');
    const client = browser();
    await client.post('/api/auth/register', {
      username: picked,
      email: `${picked}@example.org`,
      password: 'secret123',
      darkMode: false,
    });
    expect((await client.get('/api/users/settings')).body.theme).toBe('light');
  });
});
