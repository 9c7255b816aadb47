import { describe, expect, it } from 'vitest';
import { uniqueName, useStarted, useTestApp, useTestWorker } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { startFakeSmtp } from '../../tests/support/fakeSmtp.ts';
import { startFakeTwilio } from '../../tests/support/fakeTwilio.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/** Registers a new account through an invitation token, as the /invite page's link does. */
async function registerWithToken(baseUrl: string, token: string | undefined) {
  const client = new HttpClient(baseUrl);
  const username = uniqueName('invitee');
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'secret123',
    inviteToken: token,
  });
  expect(res.status).toBe(201);
  return { client, username, userId: res.body.id as string };
}

const outboxRow = async (invitationId: string) =>
  (await db().query('select * from outbox_messages where invitation_id = $1', [invitationId])).rows[0];

describe('invitations without mail or SMS configured (the local outbox)', () => {
  const app = useTestApp({ INVITES_PER_DAY: '3', PUBLIC_URL: 'http://chorus.test' });
  // Four slots: the integration files of a pool share one database, so this worker also takes other
  // files' jobs (a video render holds a slot for ~5 s), and a mail must not wait behind them all.
  useTestWorker(() => ({ WORKER_CONCURRENCY: 4 }));

  it("validates with the spec's texts", async () => {
    const a = await signedUpClient(app.url);
    const badEmail = await a.client.post('/api/invitations/email', { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address');
    const shortPhone = await a.client.post('/api/invitations/sms', { phoneNumber: '12345', message: '' });
    expect(shortPhone.status).toBe(400);
    expect(shortPhone.body.message).toBe('Please enter a valid phone number');
    const letters = await a.client.post('/api/invitations/sms', { phoneNumber: 'call me maybe!' });
    expect(letters.body.message).toBe('Please enter a valid phone number');
    const member = await a.client.post('/api/invitations/email', { email: `${a.username}@example.com` });
    expect(member.status).toBe(409);
    const wrongType = await a.client.post('/api/invitations/generate', { type: 'email' });
    expect(wrongType.status).toBe(400);
    expect((await a.client.get('/api/invitations')).body).toEqual([]);
  });

  it('emails go to the outbox with a preview page only their sender can open', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => signedUpClient(app.url)));
    const sent = await a!.client.post('/api/invitations/email', { email: ' Friend@Example.org ' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Invitation Sent');
    expect(sent.body.previewUrl).toMatch(/^\/api\/outbox\/[0-9a-f-]{36}$/);
    expect(sent.body.invitation).toEqual({
      id: expect.any(String),
      type: 'email',
      email: 'Friend@Example.org',
      phone: null,
      status: 'pending',
      createdAt: expect.any(String),
    });

    const preview = await a!.client.get(sent.body.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toContain('text/html');
    expect(preview.headers.get('content-security-policy')).toContain("default-src 'none'");
    const { rows } = await db().query('select token from invitations where id = $1', [
      sent.body.invitation.id,
    ]);
    expect(preview.text).toContain(`http://chorus.test/invite/${rows[0].token}`);
    expect(preview.text).toContain(`${a!.username} invited you to Chorus`);
    expect((await b!.client.get(sent.body.previewUrl)).status).toBe(404);

    // The worker files it (nothing is sent anywhere).
    await expect
      .poll(async () => (await outboxRow(sent.body.invitation.id)).status, { timeout: 30_000 })
      .toBe('stored');

    // The client view of the list, and nobody else's.
    expect((await a!.client.get('/api/invitations')).body).toEqual([sent.body.invitation]);
    expect((await b!.client.get('/api/invitations')).body).toEqual([]);
  });

  it('SMS too, with the optional message; the daily limit holds under parallel sends', async () => {
    const a = await signedUpClient(app.url);
    const sms = await a.client.post('/api/invitations/sms', {
      phoneNumber: '+1 (555) 010-2030',
      message: 'Join me!',
    });
    expect(sms.status).toBe(201);
    expect(sms.body.invitation).toMatchObject({ type: 'sms', phone: '+1 (555) 010-2030', email: null });
    const row = await outboxRow(sms.body.invitation.id);
    expect(row).toMatchObject({ channel: 'sms', transport: 'outbox' });
    expect(row.text).toMatch(/^Join me!\nhttp:\/\/chorus\.test\/invite\//);

    // Limit 3 a day: one used; of 5 parallel sends exactly 2 pass.
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        a.client.post('/api/invitations/email', { email: `friend${i}@example.net` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.message).toBe(
      'You can send up to 3 invitations a day. Please try again tomorrow.',
    );
    // Other users have their own allowance.
    const b = await signedUpClient(app.url);
    expect((await b.client.post('/api/invitations/email', { email: 'x@example.net' })).status).toBe(201);
  });

  it('a share link: the same pending link until used; the invite page names the inviter', async () => {
    const a = await signedUpClient(app.url);
    const first = await a.client.post('/api/invitations/generate', { type: 'app' });
    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await a.client.post('/api/invitations/generate', { type: 'app' })).body.token).toBe(
      first.body.token,
    );

    const anonymous = new HttpClient(app.url);
    const preview = await anonymous.get(`/api/invite/${first.body.token}`);
    expect(preview.body).toMatchObject({ status: 'pending', inviter: { username: a.username } });
    const gql = await anonymous.gql(
      'query($t: String!) { invitePreview(token: $t) { status inviter { username } } }',
      {
        t: first.body.token,
      },
    );
    expect(gql.data.invitePreview).toEqual({ status: 'pending', inviter: { username: a.username } });
    const unknown = await anonymous.get('/api/invite/nope-not-a-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This invitation link is not valid');

    const b = await registerWithToken(app.url, first.body.token);
    expect((await a.client.get('/api/friends')).body.map((f: { id: string }) => f.id)).toEqual([b.userId]);
    expect((await b.client.get('/api/friends')).body.map((f: { id: string }) => f.id)).toEqual([a.userId]);
    expect((await anonymous.get(`/api/invite/${first.body.token}`)).body.status).toBe('accepted');
    // A used link admits nobody else, and generating gives a fresh one.
    const c = await registerWithToken(app.url, first.body.token);
    expect((await c.client.get('/api/friends')).body).toEqual([]);
    expect((await a.client.post('/api/invitations/generate', { type: 'app' })).body.token).not.toBe(
      first.body.token,
    );
  });

  it('an expired link says so and makes nobody friends', async () => {
    const a = await signedUpClient(app.url);
    const { token } = (await a.client.post('/api/invitations/generate', { type: 'app' })).body;
    await db().query(`update invitations set expires_at = now() - interval '1 minute' where token = $1`, [
      token,
    ]);
    expect((await new HttpClient(app.url).get(`/api/invite/${token}`)).body.status).toBe('expired');
    expect((await a.client.get('/api/invitations')).body[0].status).toBe('expired');
    const b = await registerWithToken(app.url, token);
    expect((await b.client.get('/api/friends')).body).toEqual([]);
    expect((await db().query('select points from users where id = $1', [a.userId])).rows[0].points).toBe(0);
  });

  it('referral points and rewards: First Referral at 1 friend, Referral Champion at 3', async () => {
    const a = await signedUpClient(app.url);
    const rewards = async () => (await a.client.get('/api/invitations/rewards')).body;
    expect(await rewards()).toMatchObject({
      points: 0,
      friendsJoined: 0,
      rewards: [
        { id: 'first_referral', name: 'First Referral', progress: 0, required: 1, unlocked: false },
        { id: 'referral_champion', name: 'Referral Champion', progress: 0, required: 3, unlocked: false },
      ],
    });
    const join = async () => {
      const { token } = (await a.client.post('/api/invitations/generate', { type: 'app' })).body;
      return registerWithToken(app.url, token);
    };
    await join();
    expect(await rewards()).toMatchObject({
      points: 100,
      friendsJoined: 1,
      rewards: [{ unlocked: true }, { progress: 1, unlocked: false }],
    });
    await join();
    expect((await rewards()).rewards[1]).toMatchObject({ progress: 2, unlocked: false });
    // The third joins through GraphQL's register.
    const { token } = (await a.client.post('/api/invitations/generate', { type: 'app' })).body;
    const c = new HttpClient(app.url);
    const name = uniqueName('gql');
    const reg = await c.gql('mutation($i: RegisterInput!) { register(input: $i) { user { id } } }', {
      i: { username: name, email: `${name}@example.com`, password: 'secret123', inviteToken: token },
    });
    expect(reg.errors).toBeUndefined();
    const summary = (
      await a.client.gql('{ referrals { points friendsJoined rewards { name progress unlocked } } }')
    ).data.referrals;
    expect(summary).toEqual({
      points: 300,
      friendsJoined: 3,
      rewards: [
        { name: 'First Referral', progress: 1, unlocked: true },
        { name: 'Referral Champion', progress: 3, unlocked: true },
      ],
    });
    expect((await a.client.gql('{ me { points } }')).data.me.points).toBe(300);
    expect((await a.client.gql('{ friends { username } }')).data.friends).toHaveLength(3);
  });
});

describe('invitations through a mail server (SMTP) and Twilio', () => {
  const smtp = useStarted(startFakeSmtp);
  const twilio = useStarted(startFakeTwilio);
  const delivery = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Chorus <hello@chorus.test>',
    TWILIO_ACCOUNT_SID: 'AC0123',
    TWILIO_AUTH_TOKEN: 'twilio-token',
    TWILIO_FROM_NUMBER: '+15550001111',
    TWILIO_API_BASE: twilio.baseUrl,
  });
  const app = useTestApp(() => ({ ...delivery(), PUBLIC_URL: 'http://chorus.test' }));
  useTestWorker(() => ({ WORKER_CONCURRENCY: 4, ...delivery() }));

  it('sends a real email with the invite link (no preview)', async () => {
    const a = await signedUpClient(app.url);
    const recipient = `${uniqueName('mail')}@example.org`;
    const sent = await a.client.post('/api/invitations/email', { email: recipient });
    expect(sent.status).toBe(201);
    expect(sent.body.previewUrl).toBeUndefined();
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(recipient)).length, { timeout: 20_000 })
      .toBe(1);
    const mail = smtp.messages.find((m) => m.to.includes(recipient))!;
    expect(mail.from).toBe('hello@chorus.test');
    expect(mail.raw).toContain(`Subject: ${a.username} invited you to Chorus`);
    const { rows } = await db().query('select token from invitations where id = $1', [
      sent.body.invitation.id,
    ]);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`http://chorus.test/invite/${rows[0].token}`);
    await expect.poll(async () => (await outboxRow(sent.body.invitation.id)).status).toBe('sent');
    expect((await outboxRow(sent.body.invitation.id)).provider_id).toMatch(/@/);
  });

  it('sends an SMS through Twilio', async () => {
    const a = await signedUpClient(app.url);
    const sent = await a.client.post('/api/invitations/sms', { phoneNumber: '+15557654321', message: '' });
    expect(sent.status).toBe(201);
    expect(sent.body.previewUrl).toBeUndefined();
    await expect
      .poll(() => twilio.messages.filter((m) => m.to === '+15557654321').length, { timeout: 20_000 })
      .toBe(1);
    const sms = twilio.messages.find((m) => m.to === '+15557654321')!;
    expect(sms).toMatchObject({
      accountSid: 'AC0123',
      from: '+15550001111',
      authorization: `Basic ${Buffer.from('AC0123:twilio-token').toString('base64')}`,
    });
    expect(sms.body).toMatch(new RegExp(`^${a.username} invited you to Chorus: http://chorus.test/invite/`));
    await expect.poll(async () => (await outboxRow(sent.body.invitation.id)).status).toBe('sent');
  });

  it('records a provider refusal on the message (the job retries it)', async () => {
    const a = await signedUpClient(app.url);
    const sent = await a.client.post('/api/invitations/sms', { phoneNumber: '000 555 1234' });
    expect(sent.status).toBe(201);
    await expect
      .poll(async () => (await outboxRow(sent.body.invitation.id)).error, { timeout: 20_000 })
      .toContain('not a valid phone number');
    expect((await outboxRow(sent.body.invitation.id)).status).toBe('queued');
  });
});
