import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useMailingApp } from '../../tests/support/accountMail.ts';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Password change and reset, e-mail verification and the sessions list, through
 * the real api, a real worker and a real SMTP server (smtp-server) that receives the links.
 */
const mailing = useMailingApp(77, {
  ACCOUNT_MAIL_PER_ADDRESS_PER_HOUR: '3',
  ACCOUNT_MAIL_PER_IP_PER_HOUR: '6',
  EMAIL_RESEND_COOLDOWN_SECONDS: '60',
});
const { app, smtp, browser, linkIn } = mailing;
const signUp = (options: { verified?: boolean } = {}) => mailing.signUp('sec', options);
const signIn = (username: string, password?: string) => mailing.logIn(username, password);
const mailsTo = (to: string) => mailing.mailsTo(to).length;

/** A signed-in graphql-ws socket; `closed` settles with its close code. */
async function socketOf(client: HttpClient) {
  const socket = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { cookie: client.cookieHeader },
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  const acked = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  socket.send(JSON.stringify({ type: 'connection_init' }));
  await acked;
  return { socket, closed };
}

describe('POST /api/auth/password (change password)', () => {
  it('changes it with the current password, ends the other sessions and their sockets, keeps this one', async () => {
    const me = await signUp();
    const other = await signIn(me.username);
    expect(other.status).toBe(200);
    const otherSocket = await socketOf(other.client);
    const before = (await me.client.get('/api/auth/status')).body;
    expect(before.passwordChangedAt).toBeNull();

    const res = await me.client.post('/api/auth/password', {
      currentPassword: 'secret123',
      newPassword: 'brand-new-pw',
    });
    expect(res.status).toBe(200);
    expect(res.body.password).toBeUndefined();
    expect(await otherSocket.closed).toBe(4401);
    expect((await other.client.get('/api/auth/status')).status).toBe(401);
    const status = await me.client.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(Math.abs(Date.parse(status.body.passwordChangedAt) - Date.now())).toBeLessThan(60_000);
    expect((await signIn(me.username, 'secret123')).status).toBe(401);
    expect((await signIn(me.username, 'brand-new-pw')).status).toBe(200);
  });

  it('refuses a wrong current password or a bad new one with a message (400), and strangers (401)', async () => {
    const me = await signUp();
    const wrong = await me.client.post('/api/auth/password', {
      currentPassword: 'nope-nope',
      newPassword: 'another-pw',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not correct');
    const short = await me.client.post('/api/auth/password', {
      currentPassword: 'secret123',
      newPassword: '123',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 6/);
    const missing = await me.client.post('/api/auth/password', { newPassword: 'another-pw' });
    expect(missing.status).toBe(400);
    const odd = await me.client.post('/api/auth/password', { currentPassword: ['x'], newPassword: { a: 1 } });
    expect(odd.status).toBe(400);
    expect(
      (await browser().post('/api/auth/password', { currentPassword: 'secret123', newPassword: 'x-x-x-x-x' }))
        .status,
    ).toBe(401);
    expect((await signIn(me.username)).status).toBe(200);
  });

  it("another user's change touches only their own account", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    // The same words as the owner's password, but checked against the stranger's own account.
    const res = await stranger.client.post('/api/auth/password', {
      currentPassword: 'secret123',
      newPassword: 'strangers-pw',
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(stranger.userId);
    expect((await owner.client.get('/api/auth/status')).status).toBe(200);
    expect((await signIn(owner.username)).status).toBe(200);
    expect((await signIn(stranger.username, 'strangers-pw')).status).toBe(200);
  });
});

describe('wrong current passwords count against the login limiter', { timeout: 60_000 }, () => {
  const limited = useTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_USERNAME: '5' });

  const signedUpAt = (ip: string) => signedUpClient(limited.url, { ip, verified: false, prefix: 'cpw' });
  const change = (client: HttpClient, currentPassword: string, newPassword = 'brand-new-pw') =>
    client.post('/api/auth/password', { currentPassword, newPassword });

  it('lets through only the allowance when wrong passwords come in parallel; then even the right one waits', async () => {
    const { client, username } = await signedUpAt('10.79.0.1');
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => change(client, `wrong-${i}-pw`)))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);

    const right = await change(client, 'secret123');
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same allowance as this browser's logins to the account, and the GraphQL operation's.
    expect((await client.post('/api/auth/login', { username, password: 'secret123' })).status).toBe(429);
    const gql = await client.gql(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { id } }',
      {
        input: { currentPassword: 'secret123', newPassword: 'brand-new-pw' },
      },
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // Nothing changed; the guessing session stays signed in, and the owner elsewhere is not locked out.
    expect((await client.get('/api/auth/status')).status).toBe(200);
    const elsewhere = new HttpClient(limited.url, '10.79.0.2');
    expect((await elsewhere.post('/api/auth/login', { username, password: 'secret123' })).status).toBe(200);
  });

  it('a right current password clears the failures, as a right login does', async () => {
    const { client } = await signedUpAt('10.79.0.3');
    for (let i = 0; i < 4; i++) expect((await change(client, `wrong-${i}-pw`)).status).toBe(400);
    expect((await change(client, 'secret123')).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await change(client, `wrong-${i}-pw`, 'other-new-pw')).status).toBe(400);
    expect((await change(client, 'brand-new-pw', 'other-new-pw')).status).toBe(200);
  });
});

describe('forgot password and reset', () => {
  it('mails a single-use link to the address, answers the same for unknown addresses, and the reset ends every session', async () => {
    const me = await signUp();
    const stays = await signIn(me.username);
    const known = await browser().post('/api/auth/password/forgot', { email: me.email.toUpperCase() });
    const unknown = await browser().post('/api/auth/password/forgot', {
      email: `${uniqueName('nobody')}@example.org`,
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.text).not.toMatch(/token/i);

    const token = await linkIn(me.email, '/reset-password');
    const mail = smtp.messages.filter((m) => m.to.includes(me.email)).at(-1)!;
    expect(mail.raw).toContain('Subject: Reset your Chorus password');
    // Stored hashed: neither the tokens table nor the sent outbox row holds the token itself (the mail
    // server has the message a moment before the worker marks the row sent).
    await expect
      .poll(async () => {
        const rows = await db().query(`select status from outbox_messages where recipient = $1`, [me.email]);
        return rows.rows.length > 0 && rows.rows.every((r) => r.status === 'sent');
      })
      .toBe(true);
    const stored = await db().query(
      `select (select count(*)::int from account_tokens where token_hash = $1) as raw,
              (select count(*)::int from outbox_messages where text like '%' || $1 || '%') as in_outbox`,
      [token],
    );
    expect(stored.rows[0]).toEqual({ raw: 0, in_outbox: 0 });

    const weak = await browser().post('/api/auth/password/reset', { token, password: '12' });
    expect(weak.status).toBe(400);
    const reset = await browser().post('/api/auth/password/reset', { token, password: 'reset-pw-1' });
    expect(reset.status).toBe(200);
    expect((await me.client.get('/api/auth/status')).status).toBe(401);
    expect((await stays.client.get('/api/auth/status')).status).toBe(401);
    expect((await signIn(me.username, 'secret123')).status).toBe(401);
    const after = await signIn(me.username, 'reset-pw-1');
    expect(after.status).toBe(200);
    expect((await after.client.get('/api/auth/status')).body.passwordChangedAt).toBeTruthy();

    const again = await browser().post('/api/auth/password/reset', { token, password: 'reset-pw-2' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, already used or expired/);
  });

  it('refuses expired, unknown and malformed tokens with a 400', async () => {
    const me = await signUp();
    await browser().post('/api/auth/password/forgot', { email: me.email });
    const token = await linkIn(me.email, '/reset-password');
    // A link is valid for 30 minutes by default.
    const { rows } = await db().query(
      `select extract(epoch from expires_at - created_at)::int as ttl from account_tokens where user_id = $1 and purpose = 'password_reset'`,
      [me.userId],
    );
    expect(rows[0].ttl).toBe(30 * 60);
    await db().query(
      `update account_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [me.userId],
    );
    expect((await browser().post('/api/auth/password/reset', { token, password: 'reset-pw-1' })).status).toBe(
      400,
    );
    expect(
      (await browser().post('/api/auth/password/reset', { token: 'A'.repeat(43), password: 'reset-pw-1' }))
        .status,
    ).toBe(400);
    for (const bad of [
      {},
      { token: 5, password: 'reset-pw-1' },
      { token: 'x'.repeat(500), password: 'reset-pw-1' },
    ]) {
      const res = await browser().post('/api/auth/password/reset', bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await signIn(me.username)).status).toBe(200);
  });

  it('validates the address (400) and limits requests per address and per IP (429)', async () => {
    expect((await browser().post('/api/auth/password/forgot', { email: 'not an address' })).status).toBe(400);
    expect((await browser().post('/api/auth/password/forgot', {})).status).toBe(400);
    const address = `${uniqueName('flood')}@example.org`;
    const perAddress = [];
    for (let i = 0; i < 4; i++)
      perAddress.push((await browser().post('/api/auth/password/forgot', { email: address })).status);
    expect(perAddress).toEqual([202, 202, 202, 429]);
    const one = browser();
    const perIp = await Promise.all(
      Array.from({ length: 8 }, () =>
        one.post('/api/auth/password/forgot', { email: `${uniqueName('ip')}@example.org` }),
      ),
    );
    expect(perIp.filter((r) => r.status === 202)).toHaveLength(6);
    expect(perIp.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('e-mail verification', () => {
  it('mails a link at sign-up; until it is opened invitations are refused with the reason', async () => {
    const me = await signUp({ verified: false });
    const status = await me.client.get('/api/auth/status');
    expect(status.body.emailVerified).toBe(false);
    expect((await me.client.gql('{ me { emailVerified } }')).data.me.emailVerified).toBe(false);
    const token = await linkIn(me.email, '/verify-email');

    const invite = await me.client.post('/api/invitations/email', {
      email: `${uniqueName('f')}@example.net`,
    });
    expect(invite.status).toBe(403);
    expect(invite.body).toMatchObject({ code: 'FORBIDDEN', reason: 'EMAIL_UNVERIFIED' });
    expect(invite.body.message).toMatch(/verify your e-mail/);
    expect((await me.client.post('/api/invitations/sms', { phoneNumber: '+15551234567' })).status).toBe(403);
    // Checkout does not wait (the payment provider collects the payer's address): accounts.outbox.test.ts.
    // Chatting is not blocked.
    expect((await me.client.get('/api/chats')).status).toBe(200);

    // Anyone holding the link may open it (a phone's mail app, signed out).
    const verified = await browser().post('/api/auth/email/verify', { token });
    expect(verified.status).toBe(200);
    expect((await me.client.get('/api/auth/status')).body.emailVerified).toBe(true);
    expect(
      (await me.client.post('/api/invitations/email', { email: `${uniqueName('f')}@example.net` })).status,
    ).toBe(201);
    expect((await browser().post('/api/auth/email/verify', { token })).status).toBe(400);
    expect((await browser().post('/api/auth/email/verify', { token: 'nope' })).status).toBe(400);
    expect((await browser().post('/api/auth/email/verify', {})).status).toBe(400);
  });

  it('resends with a cooldown, to the owner only; a changed address must be verified again', async () => {
    const me = await signUp({ verified: false });
    await linkIn(me.email, '/verify-email');
    expect((await browser().post('/api/auth/email/resend')).status).toBe(401);
    const early = await me.client.post('/api/auth/email/resend');
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/wait \d+ seconds/);
    await db().query(
      `update account_tokens set created_at = now() - interval '2 minutes' where user_id = $1`,
      [me.userId],
    );
    const sent = mailsTo(me.email);
    expect((await me.client.post('/api/auth/email/resend')).status).toBe(202);
    const token = await linkIn(me.email, '/verify-email', sent);
    expect((await browser().post('/api/auth/email/verify', { token })).status).toBe(200);
    expect((await me.client.post('/api/auth/email/resend')).status).toBe(400);

    const changed = `${uniqueName('new')}@example.org`;
    expect(
      (await me.client.patch('/api/users/update', { email: changed, currentPassword: 'secret123' })).status,
    ).toBe(200);
    expect((await me.client.get('/api/auth/status')).body.emailVerified).toBe(false);
    const second = await linkIn(changed, '/verify-email');
    expect((await browser().post('/api/auth/email/verify', { token: second })).status).toBe(200);
    expect((await me.client.get('/api/auth/status')).body.emailVerified).toBe(true);
    // Editing the bio sends nothing.
    const count = mailsTo(changed);
    expect((await me.client.patch('/api/users/update', { bio: 'hello' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(changed)).toBe(count);
  });
});

describe("the owner's links in another signed-in user's browser", () => {
  it('forgot: the same answer, nothing of the owner changes; reset: the owner’s password, the stranger stays themselves', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const asked = await stranger.client.post('/api/auth/password/forgot', { email: owner.email });
    const unknown = await stranger.client.post('/api/auth/password/forgot', {
      email: `${uniqueName('nobody')}@example.org`,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual(unknown.body);
    expect((await owner.client.get('/api/auth/status')).status).toBe(200);
    expect((await signIn(owner.username)).status).toBe(200);

    // The link went to the owner's inbox; opened in the stranger's browser it resets the owner's
    // password (the link is the proof), ends the owner's sessions and signs nobody in as the owner.
    const token = await linkIn(owner.email, '/reset-password');
    expect(
      (await stranger.client.post('/api/auth/password/reset', { token, password: 'owners-new-pw' })).status,
    ).toBe(200);
    expect((await owner.client.get('/api/auth/status')).status).toBe(401);
    expect((await stranger.client.get('/api/auth/status')).body.id).toBe(stranger.userId);
    expect((await signIn(owner.username, 'owners-new-pw')).status).toBe(200);
    expect((await signIn(stranger.username)).status).toBe(200);
  });

  it("verify: the owner's link verifies the owner only; resend mails only the caller's own address", async () => {
    const owner = await signUp({ verified: false });
    const stranger = await signUp({ verified: false });
    const token = await linkIn(owner.email, '/verify-email');
    await db().query(
      `update account_tokens set created_at = now() - interval '2 minutes' where user_id = any($1)`,
      [[owner.userId, stranger.userId]],
    );
    const ownerMails = mailsTo(owner.email);
    const strangerMails = mailsTo(stranger.email);
    expect((await stranger.client.post('/api/auth/email/resend')).status).toBe(202);
    await linkIn(stranger.email, '/verify-email', strangerMails);
    expect(mailsTo(owner.email)).toBe(ownerMails);

    expect((await stranger.client.post('/api/auth/email/verify', { token })).status).toBe(200);
    expect((await owner.client.get('/api/auth/status')).body.emailVerified).toBe(true);
    expect((await stranger.client.get('/api/auth/status')).body).toMatchObject({
      id: stranger.userId,
      emailVerified: false,
    });
  });
});

describe('sessions list', () => {
  it('lists the sessions with device, IP and times; signs out one, and all others', async () => {
    const me = await signUp();
    const phone = await signIn(me.username);
    const tablet = await signIn(me.username);
    const list = await me.client.get('/api/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const current = list.body.filter((s: any) => s.current);
    expect(current).toHaveLength(1);
    for (const s of list.body) {
      expect(s).toMatchObject({ userAgent: expect.any(String), ip: expect.stringMatching(/^10\.77\./) });
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastActiveAt)).not.toBeNaN();
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    }
    // The public id is not the session id (the cookie's secret).
    const sid = decodeURIComponent(me.client.cookieHeader).match(/s:([^.]+)\./)![1]!;
    expect(list.body.map((s: any) => s.id)).not.toContain(sid);

    const phoneId = (await phone.client.get('/api/auth/sessions')).body.find((s: any) => s.current).id;
    // Another user can't end it; nobody signed out can list or end anything.
    const stranger = await signUp();
    expect((await stranger.client.request('DELETE', `/api/auth/sessions/${phoneId}`)).status).toBe(404);
    expect((await browser().request('DELETE', `/api/auth/sessions/${phoneId}`)).status).toBe(401);
    expect((await browser().get('/api/auth/sessions')).status).toBe(401);
    expect((await browser().post('/api/auth/sessions/revoke-others')).status).toBe(401);
    expect((await phone.client.get('/api/auth/status')).status).toBe(200);

    const phoneSocket = await socketOf(phone.client);
    expect((await me.client.request('DELETE', `/api/auth/sessions/${phoneId}`)).status).toBe(200);
    expect(await phoneSocket.closed).toBe(4401);
    expect((await phone.client.get('/api/auth/status')).status).toBe(401);
    expect((await me.client.request('DELETE', `/api/auth/sessions/${phoneId}`)).status).toBe(404);
    expect((await me.client.request('DELETE', '/api/auth/sessions/not-an-id')).status).toBe(404);

    expect((await me.client.post('/api/auth/sessions/revoke-others')).status).toBe(200);
    expect((await tablet.client.get('/api/auth/status')).status).toBe(401);
    expect((await me.client.get('/api/auth/status')).status).toBe(200);
    expect((await me.client.get('/api/auth/sessions')).body).toHaveLength(1);
    expect((await stranger.client.get('/api/auth/status')).status).toBe(200);
  });
});

describe('housekeeping', () => {
  it('the hourly prune (worker pruneExpired) deletes account links a day past their expiry, and keeps live ones', async () => {
    const { PRUNE_ACCOUNT_TOKENS_SQL } = await import('../src/modules/accounts/core/tokens.ts');
    const me = await signUp({ verified: false });
    await linkIn(me.email, '/verify-email');
    await db().query(
      `insert into account_tokens (id, user_id, purpose, token_hash, expires_at, created_at)
       values (gen_random_uuid(), $1, 'password_reset', repeat('a', 64), now() - interval '2 days', now() - interval '3 days')`,
      [me.userId],
    );
    await db().query(PRUNE_ACCOUNT_TOKENS_SQL);
    const { rows } = await db().query('select purpose from account_tokens where user_id = $1', [me.userId]);
    expect(rows.map((r) => r.purpose)).toEqual(['email_verify']);
  });
});
