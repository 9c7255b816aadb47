import { describe, expect, it } from 'vitest';
import { unfold, useMailingApp } from '../../tests/support/accountMail.ts';
import { uniqueName } from '../../tests/support/app.ts';
import { db } from '../../tests/support/users.ts';

/**
 * A stolen session must not be enough to take the account over: changing the e-mail address asks
 * for the current password, the old address is told and can undo the change, and password resets
 * go to verified addresses only. Real api, real worker, a real SMTP server receiving the mail.
 */
const mail = useMailingApp(78);
const { mailsTo, linkIn } = mail;
const browser = () => mail.browser();
const signUp = (options: { verified?: boolean } = {}) => mail.signUp('mail', options);

async function signIn(username: string, password = 'secret123') {
  const { client, status } = await mail.logIn(username, password);
  expect(status).toBe(200);
  return client;
}

describe('changing the e-mail address needs the current password', () => {
  it('REST: refused without it or with a wrong one (400 with a message), accepted with it', async () => {
    const me = await signUp();
    const next = `${uniqueName('new')}@example.org`;
    const missing = await me.client.patch('/api/users/update', { email: next });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your current password to change your e-mail address');
    const wrong = await me.client.patch('/api/users/update', { email: next, currentPassword: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not correct');
    const odd = await me.client.patch('/api/users/update', { email: next, currentPassword: { a: 1 } });
    expect(odd.status).toBe(400);
    expect((await me.client.get('/api/auth/status')).body.email).toBe(me.email);

    // Other fields, and the same address in other letters' case, need no password.
    expect((await me.client.patch('/api/users/update', { bio: 'hi', email: me.email })).status).toBe(200);

    const ok = await me.client.patch('/api/users/update', { email: next, currentPassword: 'secret123' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: next, emailVerified: false });
    expect(ok.body.password).toBeUndefined();
    // Signed out: 401, whatever the body.
    expect(
      (await browser().patch('/api/users/update', { email: 'x@example.org', currentPassword: 'secret123' }))
        .status,
    ).toBe(401);
  });

  it('GraphQL: updateProfile refuses it without the password (BAD_USER_INPUT) and takes it with', async () => {
    const me = await signUp();
    const next = `${uniqueName('gql')}@example.org`;
    const mutation = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { email emailVerified } }`;
    const missing = await me.client.gql(mutation, { input: { email: next } });
    expect(missing.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(missing.errors?.[0]?.message).toMatch(/current password/);
    const wrong = await me.client.gql(mutation, { input: { email: next, currentPassword: 'wrong-pw' } });
    expect(wrong.errors?.[0]?.message).toBe('Your current password is not correct');
    const ok = await me.client.gql(mutation, { input: { email: next, currentPassword: 'secret123' } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.updateProfile).toEqual({ email: next, emailVerified: false });
  });
});

describe('the old address is told, with a link that undoes the change', () => {
  it('restores the old address, verified, ends every session and works once', async () => {
    const owner = await signUp();
    // The sign-up's own mail (verify your address) first, so it isn't taken for the notice below.
    await linkIn(owner.email, '/verify-email');
    const thief = await signIn(owner.username);
    const before = mailsTo(owner.email).length;
    const taken = `${uniqueName('thief')}@example.net`;
    const changed = await thief.patch('/api/users/update', { email: taken, currentPassword: 'secret123' });
    expect(changed.status).toBe(200);

    const token = await linkIn(owner.email, '/undo-email-change');
    const notice = unfold(mailsTo(owner.email).at(-1)!.raw);
    expect(mailsTo(owner.email).length).toBe(before + 1);
    expect(notice).toContain('Subject: Your Chorus e-mail address was changed');
    expect(notice).toContain(taken);

    // Opened signed out (the owner's phone), the link puts the old address back.
    const undone = await browser().post('/api/auth/email/undo', { token });
    expect(undone.status).toBe(200);
    expect(undone.body.message).toMatch(/back to/);
    const [row] = (
      await db().query('select email, email_verified_at from users where id = $1', [owner.userId])
    ).rows;
    expect(row.email).toBe(owner.email);
    expect(row.email_verified_at).not.toBeNull();
    // Every session ends (the thief's among them); the password still signs the owner in.
    expect((await thief.get('/api/auth/status')).status).toBe(401);
    expect((await owner.client.get('/api/auth/status')).status).toBe(401);
    await signIn(owner.username);

    const again = await browser().post('/api/auth/email/undo', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid, already used or expired/);
    for (const bad of [{}, { token: 5 }, { token: 'x'.repeat(500) }]) {
      const res = await browser().post('/api/auth/email/undo', bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("a second change doesn't retire the first undo link; a reset link asked for the new address dies", async () => {
    const owner = await signUp();
    const thief = await signIn(owner.username);
    const first = `${uniqueName('t1')}@example.net`;
    const second = `${uniqueName('t2')}@example.net`;
    expect(
      (await thief.patch('/api/users/update', { email: first, currentPassword: 'secret123' })).status,
    ).toBe(200);
    const ownersLink = await linkIn(owner.email, '/undo-email-change');
    expect(
      (await thief.patch('/api/users/update', { email: second, currentPassword: 'secret123' })).status,
    ).toBe(200);
    await linkIn(first, '/undo-email-change');
    // The thief proves the new address and asks for a reset link to it.
    await db().query('update users set email_verified_at = now() where id = $1', [owner.userId]);
    expect((await browser().post('/api/auth/password/forgot', { email: second })).status).toBe(202);
    const resetToken = await linkIn(second, '/reset-password');

    expect((await browser().post('/api/auth/email/undo', { token: ownersLink })).status).toBe(200);
    expect((await db().query('select email from users where id = $1', [owner.userId])).rows[0].email).toBe(
      owner.email,
    );
    expect(
      (await browser().post('/api/auth/password/reset', { token: resetToken, password: 'stolen-pw' })).status,
    ).toBe(400);
    await signIn(owner.username);
  });

  it('GraphQL undoEmailChange does the same; an expired link is refused', async () => {
    const owner = await signUp();
    const next = `${uniqueName('g')}@example.net`;
    expect(
      (await owner.client.patch('/api/users/update', { email: next, currentPassword: 'secret123' })).status,
    ).toBe(200);
    const token = await linkIn(owner.email, '/undo-email-change');
    const undo = `mutation($token: String!) { undoEmailChange(token: $token) }`;
    const ok = await browser().gql(undo, { token });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.undoEmailChange).toMatch(/back to/);
    expect((await db().query('select email from users where id = $1', [owner.userId])).rows[0].email).toBe(
      owner.email,
    );

    const other = await signUp();
    const moved = `${uniqueName('h')}@example.net`;
    await other.client.patch('/api/users/update', { email: moved, currentPassword: 'secret123' });
    const stale = await linkIn(other.email, '/undo-email-change');
    await db().query(
      `update account_tokens set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'email_undo'`,
      [other.userId],
    );
    const expired = await browser().gql(undo, { token: stale });
    expect(expired.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await db().query('select email from users where id = $1', [other.userId])).rows[0].email).toBe(
      moved,
    );
  });
});

describe('password resets go to verified addresses only', () => {
  it('sends nothing to an unverified address and answers as for an unknown one', async () => {
    const unverified = await signUp({ verified: false });
    const verified = await signUp();
    const sentBefore = mailsTo(unverified.email).length;
    const toUnverified = await browser().post('/api/auth/password/forgot', { email: unverified.email });
    const toUnknown = await browser().post('/api/auth/password/forgot', {
      email: `${uniqueName('nobody')}@example.org`,
    });
    const toVerified = await browser().post('/api/auth/password/forgot', { email: verified.email });
    expect([toUnverified.status, toUnknown.status, toVerified.status]).toEqual([202, 202, 202]);
    expect(toUnverified.body).toEqual(toUnknown.body);
    expect(toVerified.body).toEqual(toUnknown.body);
    // The verified one's link arrives; by then the unverified one's would have been queued too.
    await linkIn(verified.email, '/reset-password');
    await new Promise((r) => setTimeout(r, 300));
    const resets = await db().query(
      `select count(*)::int as n from account_tokens where user_id = $1 and purpose = 'password_reset'`,
      [unverified.userId],
    );
    expect(resets.rows[0].n).toBe(0);
    expect(mailsTo(unverified.email).filter((m) => /reset-password/.test(unfold(m.raw)))).toHaveLength(0);
    expect(mailsTo(unverified.email).length).toBeGreaterThanOrEqual(sentBefore);
  });
});
