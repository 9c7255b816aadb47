import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db } from '../../tests/support/users.ts';

/**
 * The GraphQL operations beside the account-security REST shims (issue 17's contract): each run
 * as its owner, as another signed-in user and signed out, over real HTTP and PostgreSQL. Without
 * SMTP_URL the links stay in the local outbox, where the test reads them (never from an answer).
 */
const PUBLIC_URL = 'http://chorus.test';
const app = useTestApp({ PUBLIC_URL, TRUST_PROXY: '1', EMAIL_RESEND_COOLDOWN_SECONDS: '0' });

let ipCounter = 1;
/** A browser on an address of its own (the app trusts X-Forwarded-For here). */
const browser = () => new HttpClient(app.url, `10.78.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`);

const USER = 'id username email emailVerified passwordChangedAt';

async function signUp() {
  const client = browser();
  const username = uniqueName('gsec');
  const email = `${username}@example.org`;
  const res = await client.gql(
    `mutation($input: RegisterInput!) { register(input: $input) { user { id } } }`,
    { input: { username, email, password: 'secret123' } },
  );
  expect(res.errors).toBeUndefined();
  return { client, username, email, userId: res.data.register.user.id as string };
}

async function signIn(username: string, password = 'secret123') {
  const client = browser();
  const res = await client.gql(
    `mutation($input: LoginInput!) { login(input: $input) { user { id } twoFactorRequired } }`,
    { input: { username, password } },
  );
  return { client, res };
}

/** The token of the newest e-mail to `to` whose link path is `path` (the outbox keeps the text). */
async function tokenIn(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}\\?token=([A-Za-z0-9_%-]+)`);
  const { rows } = await db().query<{ text: string }>(
    `select text from outbox_messages where recipient = $1 and text like $2 order by created_at desc limit 1`,
    [to, `%${path}?token=%`],
  );
  const match = rows[0] && pattern.exec(rows[0].text);
  if (!match) throw new Error(`no ${path} link for ${to}`);
  return decodeURIComponent(match[1]!);
}

const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
const status = async (client: HttpClient) => (await client.get('/api/auth/status')).status;
const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

const CHANGE = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ${USER} } }`;
const FORGOT = `mutation($email: String!) { forgotPassword(email: $email) }`;
const RESET = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) }`;
const VERIFY = `mutation($token: String!) { verifyEmail(token: $token) }`;
const RESEND = `mutation { resendVerificationEmail }`;
const SETUP = `mutation { startTotpSetup { secret otpauthUrl qrCode } }`;
const ENABLE = `mutation($code: String!) { enableTotp(code: $code) }`;
const DISABLE = `mutation($password: String!) { disableTwoFactor(password: $password) }`;
const SESSIONS = `{ mySessions { id current userAgent ip createdAt lastActiveAt } }`;
const REVOKE = `mutation($id: ID!) { revokeSession(id: $id) }`;
const REVOKE_OTHERS = `mutation { revokeOtherSessions }`;
const EXPORT = `mutation { startAccountExport { id status progress downloadUrl createdAt } }`;
const EXPORT_STATUS = `query($id: ID!) { accountExport(id: $id) { id status progress downloadUrl } }`;
const DELETE = `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) }`;

describe('GraphQL changePassword', () => {
  it('changes the owner’s password, ends their other sessions, keeps this one', async () => {
    const me = await signUp();
    const other = await signIn(me.username);
    expect(await status(other.client)).toBe(200);

    const res = await me.client.gql(CHANGE, {
      input: { currentPassword: 'secret123', newPassword: 'newpass456' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.changePassword.username).toBe(me.username);
    expect(Date.parse(res.data.changePassword.passwordChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await status(me.client)).toBe(200);
    expect(await status(other.client)).toBe(401);
    expect((await signIn(me.username, 'secret123')).res.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await signIn(me.username, 'newpass456')).res.data.login.user.id).toBe(me.userId);
  });

  it('refuses a wrong current password with a message, and signed-out callers', async () => {
    const me = await signUp();
    const wrong = await me.client.gql(CHANGE, {
      input: { currentPassword: 'nope-nope', newPassword: 'newpass456' },
    });
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(wrong.errors?.[0]?.message).toBe('Your current password is not correct');
    const short = await me.client.gql(CHANGE, { input: { currentPassword: 'secret123', newPassword: 'x' } });
    expect(codeOf(short)).toBe('BAD_USER_INPUT');

    const anon = await browser().gql(CHANGE, {
      input: { currentPassword: 'secret123', newPassword: 'newpass456' },
    });
    expect(codeOf(anon)).toBe('UNAUTHENTICATED');
    expect((await signIn(me.username)).res.data.login.user.id).toBe(me.userId);
  });

  it('another user changes only their own password, and never ends the owner’s sessions', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    // The stranger's own current password, not the owner's, is what is checked.
    const res = await stranger.client.gql(CHANGE, {
      input: { currentPassword: 'secret123', newPassword: 'strangers1' },
    });
    expect(res.data.changePassword.id).toBe(stranger.userId);
    expect(await status(owner.client)).toBe(200);
    expect((await signIn(owner.username)).res.data.login.user.id).toBe(owner.userId);
  });
});

describe('GraphQL forgotPassword and resetPassword', () => {
  it('answers the same for known and unknown addresses; the link resets once and ends every session', async () => {
    const me = await signUp();
    // Resets go to verified addresses only (accounts.emailChange.test.ts).
    await db().query('update users set email_verified_at = now() where id = $1', [me.userId]);
    const anon = browser();
    const known = await anon.gql(FORGOT, { email: me.email });
    const unknown = await anon.gql(FORGOT, { email: `${uniqueName('nobody')}@example.org` });
    expect(known.errors).toBeUndefined();
    expect(known.data.forgotPassword).toBe(unknown.data.forgotPassword);
    expect(JSON.stringify(known.body)).not.toMatch(/token/i);

    await expect
      .poll(() => tokenIn(me.email, '/reset-password').catch(() => ''), { timeout: 10_000 })
      .not.toBe('');
    const token = await tokenIn(me.email, '/reset-password');
    const done = await anon.gql(RESET, { input: { token, password: 'resetpass1' } });
    expect(done.errors).toBeUndefined();
    expect(await status(me.client)).toBe(401);
    expect(await status(anon)).toBe(401);
    expect((await signIn(me.username, 'resetpass1')).res.data.login.user.id).toBe(me.userId);

    const again = await anon.gql(RESET, { input: { token, password: 'resetpass2' } });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    const unknownToken = await anon.gql(RESET, { input: { token: 'not-a-token', password: 'resetpass2' } });
    expect(codeOf(unknownToken)).toBe('BAD_USER_INPUT');
    const bad = await anon.gql(FORGOT, { email: 'not an address' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });

  it('another signed-in user asking for a reset of the owner’s address gets the same answer and no way in', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const res = await stranger.client.gql(FORGOT, { email: owner.email });
    expect(res.data.forgotPassword).toMatch(/If an account uses that address/);
    // The link goes to the owner's inbox only; the stranger's session is unchanged and theirs.
    const me = await stranger.client.gql(`{ me { id } }`);
    expect(me.data.me.id).toBe(stranger.userId);
    expect(await status(owner.client)).toBe(200);
  });
});

describe('GraphQL verifyEmail and resendVerificationEmail', () => {
  it('verifies with the link sent at sign-up, resends to the owner only, and refuses signed-out resends', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    expect((await owner.client.gql(`{ me { emailVerified } }`)).data.me.emailVerified).toBe(false);

    const before = await db().query('select count(*)::int as n from outbox_messages where recipient = $1', [
      owner.email,
    ]);
    const resent = await stranger.client.gql(RESEND);
    expect(resent.errors).toBeUndefined();
    const after = await db().query('select count(*)::int as n from outbox_messages where recipient = $1', [
      owner.email,
    ]);
    expect(after.rows[0].n).toBe(before.rows[0].n);

    expect(codeOf(await browser().gql(RESEND))).toBe('UNAUTHENTICATED');
    const own = await owner.client.gql(RESEND);
    expect(own.data.resendVerificationEmail).toBe('We have sent you a new verification link.');

    const token = await tokenIn(owner.email, '/verify-email');
    // The link works from any browser (it is opened from the inbox), signed in or not.
    const verified = await browser().gql(VERIFY, { token });
    expect(verified.errors).toBeUndefined();
    expect((await owner.client.gql(`{ me { emailVerified } }`)).data.me.emailVerified).toBe(true);
    expect((await stranger.client.gql(`{ me { emailVerified } }`)).data.me.emailVerified).toBe(false);
    expect(codeOf(await browser().gql(VERIFY, { token }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await owner.client.gql(RESEND))).toBe('BAD_USER_INPUT');
  });
});

describe('GraphQL two-factor enrolment', () => {
  it('enrols TOTP for the owner, keeps strangers out of it, and turns it off with the password', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    expect(codeOf(await browser().gql(SETUP))).toBe('UNAUTHENTICATED');

    const setup = await owner.client.gql(SETUP);
    expect(setup.errors).toBeUndefined();
    const { secret, otpauthUrl, qrCode } = setup.data.startTotpSetup;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(qrCode).toMatch(/^data:image\/svg\+xml/);

    // A code of the owner's secret means nothing to another account or a signed-out caller.
    expect(codeOf(await stranger.client.gql(ENABLE, { code: totpCode(secret) }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await browser().gql(ENABLE, { code: totpCode(secret) }))).toBe('UNAUTHENTICATED');
    expect(
      codeOf(await owner.client.gql(ENABLE, { code: '000000' === totpCode(secret) ? '111111' : '000000' })),
    ).toBe('BAD_USER_INPUT');

    const enabled = await owner.client.gql(ENABLE, { code: totpCode(secret) });
    expect(enabled.errors).toBeUndefined();
    expect(enabled.data.enableTotp).toHaveLength(10);
    expect(new Set(enabled.data.enableTotp).size).toBe(10);
    expect((await owner.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);
    expect((await stranger.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);

    const login = await signIn(owner.username);
    expect(login.res.data.login).toEqual({ user: null, twoFactorRequired: true });

    // The stranger's password turns off nothing of the owner's; the owner's wrong password neither.
    expect((await stranger.client.gql(DISABLE, { password: 'secret123' })).data.disableTwoFactor).toBe(true);
    expect((await owner.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(true);
    expect(codeOf(await owner.client.gql(DISABLE, { password: 'wrong-one' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await browser().gql(DISABLE, { password: 'secret123' }))).toBe('UNAUTHENTICATED');
    expect((await owner.client.gql(DISABLE, { password: 'secret123' })).data.disableTwoFactor).toBe(true);
    expect((await owner.client.get('/api/auth/status')).body.twoFactorEnabled).toBe(false);
  });
});

describe('GraphQL sessions', () => {
  it('lists the owner’s sessions, signs out one and all others; strangers can neither see nor end them', async () => {
    const owner = await signUp();
    const laptop = await signIn(owner.username);
    const phone = await signIn(owner.username);
    const stranger = await signUp();

    const list = await owner.client.gql(SESSIONS);
    expect(list.errors).toBeUndefined();
    const sessions = list.data.mySessions as { id: string; current: boolean; ip: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.every((s) => /^[0-9a-f]{32}$/.test(s.id))).toBe(true);

    const theirs = (await stranger.client.gql(SESSIONS)).data.mySessions as { id: string }[];
    expect(theirs).toHaveLength(1);
    expect(theirs.map((s) => s.id)).not.toContain(sessions[1]!.id);
    expect(codeOf(await browser().gql(SESSIONS))).toBe('UNAUTHENTICATED');

    // Another user can't end the owner's session: to them it doesn't exist.
    const target = sessions[1]!.id;
    expect(codeOf(await stranger.client.gql(REVOKE, { id: target }))).toBe('NOT_FOUND');
    expect(codeOf(await browser().gql(REVOKE, { id: target }))).toBe('UNAUTHENTICATED');
    expect(await status(laptop.client)).toBe(200);
    expect(await status(phone.client)).toBe(200);

    expect((await owner.client.gql(REVOKE, { id: target })).data.revokeSession).toBe(true);
    const statuses = [await status(laptop.client), await status(phone.client)];
    expect(statuses.sort()).toEqual([200, 401]);

    expect(codeOf(await browser().gql(REVOKE_OTHERS))).toBe('UNAUTHENTICATED');
    expect((await stranger.client.gql(REVOKE_OTHERS)).data.revokeOtherSessions).toBe(0);
    expect((await owner.client.gql(REVOKE_OTHERS)).data.revokeOtherSessions).toBe(1);
    expect(await status(laptop.client)).toBe(401);
    expect(await status(phone.client)).toBe(401);
    expect(await status(owner.client)).toBe(200);
    expect(await status(stranger.client)).toBe(200);
  });
});

describe('GraphQL export and delete', () => {
  it('starts an export the owner can follow; others see null, signed-out callers are refused', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    expect(codeOf(await browser().gql(EXPORT))).toBe('UNAUTHENTICATED');

    const started = await owner.client.gql(EXPORT);
    expect(started.errors).toBeUndefined();
    const { id } = started.data.startAccountExport;
    expect(started.data.startAccountExport).toMatchObject({
      status: 'queued',
      progress: 0,
      downloadUrl: null,
    });
    // One at a time: asking again answers the export under way.
    expect((await owner.client.gql(EXPORT)).data.startAccountExport.id).toBe(id);

    expect((await owner.client.gql(EXPORT_STATUS, { id })).data.accountExport).toMatchObject({
      id,
      status: 'queued',
    });
    expect((await stranger.client.gql(EXPORT_STATUS, { id })).data.accountExport).toBeNull();
    expect(codeOf(await browser().gql(EXPORT_STATUS, { id }))).toBe('UNAUTHENTICATED');
    expect((await owner.client.gql(EXPORT_STATUS, { id: 'not-a-uuid' })).data.accountExport).toBeNull();
  });

  it('deletes the owner’s account with the password (and code when 2FA is on), and nothing of anyone else', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const secret = (await owner.client.gql(SETUP)).data.startTotpSetup.secret as string;
    const codes = (await owner.client.gql(ENABLE, { code: totpCode(secret) })).data.enableTotp as string[];

    expect(codeOf(await browser().gql(DELETE, { input: { password: 'secret123' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await owner.client.gql(DELETE, { input: { password: 'wrong-one' } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await owner.client.gql(DELETE, { input: { password: 'secret123' } }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      codeOf(await owner.client.gql(DELETE, { input: { password: 'secret123', code: 'AAAAA-BBBBB' } })),
    ).toBe('UNAUTHENTICATED');
    expect(await status(owner.client)).toBe(200);

    // The stranger's call deletes the stranger: never the owner.
    expect((await stranger.client.gql(DELETE, { input: { password: 'secret123' } })).data.deleteAccount).toBe(
      true,
    );
    expect(await status(stranger.client)).toBe(401);
    expect(await status(owner.client)).toBe(200);

    const done = await owner.client.gql(DELETE, { input: { password: 'secret123', code: codes[0] } });
    expect(done.errors).toBeUndefined();
    expect(done.data.deleteAccount).toBe(true);
    expect(await status(owner.client)).toBe(401);
    expect((await signIn(owner.username)).res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const left = await db().query('select count(*)::int as n from users where id = any($1)', [
      [owner.userId, stranger.userId],
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});
