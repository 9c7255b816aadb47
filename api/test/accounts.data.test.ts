import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStarted, useTestApp, useTestWorker } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { startFakeSmtp } from '../../tests/support/fakeSmtp.ts';
import { startFakeStripe, WEBHOOK_SECRET } from '../../tests/support/fakeStripe.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Issue 17 item 7: "export my data" (a zip built by the worker, owner-only, announced by e-mail)
 * and "delete my account" (password again; rows and media go; public pages 404; a live Stripe
 * subscription is cancelled; the friend keeps the conversation and their own messages).
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const smtp = useStarted(startFakeSmtp);
const stripe = useStarted(startFakeStripe);
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-acct-'));
// The worker builds exports where the api serves them from, and both send mail through the fake.
const shared = () => ({ SMTP_URL: smtp.url, STORAGE_DIR: storageDir });
const app = useTestApp(() => ({
  ...shared(),
  PUBLIC_URL: 'http://chorus.test',
  STRIPE_SECRET_KEY: 'sk_test_chorus',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_chorus',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
}));
// The files of one vitest pool share a database, run one after another: jobs an earlier file left
// queued (a long video render) would come before this file's export on its one-job worker, which
// then waited over a minute in CI. They are no one's now; this file starts with an empty queue.
beforeAll(async () => {
  await db().query('delete from graphile_worker._private_jobs where locked_at is null');
});
useTestWorker(() => ({ WORKER_CONCURRENCY: 1, ...shared() }));

type Person = Awaited<ReturnType<typeof signedUpClient>>;

async function makeFriends(x: Person, y: Person) {
  const { body } = await x.client.post('/api/friends/request', { username: y.username });
  expect((await y.client.post(`/api/friendships/${body.friendship.id}/accept`)).status).toBe(200);
}

async function dm(from: Person, to: Person, text: string) {
  const conv = await from.client.post('/api/conversations', { friendId: to.userId });
  const sent = await from.client.post(`/api/conversations/${conv.body.id}/messages`, { content: text });
  expect(sent.status).toBe(201);
  return conv.body.id as string;
}

/** A user with something of everything: a chat, a memory, a file, a public post, an invitation, DMs. */
async function furnished(friend: Person) {
  const me = await signedUpClient(app.url);
  const chat = await me.client.post('/api/chats', { title: 'Export me' });
  expect(chat.status).toBeLessThan(300);
  await db().query(
    `insert into messages (id, chat_id, role, content, created_at) values (gen_random_uuid(), $1, 'user', 'my secret recipe', now())`,
    [chat.body.id],
  );
  await db().query(
    `insert into memories (id, user_id, content) values (gen_random_uuid(), $1, 'likes tea')`,
    [me.userId],
  );
  const up = await me.client.upload('/api/files', 'file', PNG, 'holiday.png', 'image/png');
  expect(up.status).toBe(201);
  const slug = `post-${me.username}`;
  await db().query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, thumbnail_url, is_public)
     values (gen_random_uuid(), $1, $2, 'My public video', 'a cat', '{}', '8', '1280x720', '/media/x.mp4', '/media/x.jpg', true)`,
    [me.userId, slug],
  );
  expect(
    (await me.client.post('/api/invitations/email', { email: `pal-${me.username}@example.net` })).status,
  ).toBe(201);
  await makeFriends(me, friend);
  const conversationId = await dm(me, friend, 'hello from me');
  await dm(friend, me, 'hello back from friend');
  return { ...me, slug, conversationId, fileId: up.body.id as string };
}

describe('export my data', () => {
  // The export is a worker job: on a busy CI machine it may wait behind other files' long jobs
  // (video renders) before a worker takes it, so it gets a minute rather than the default 30 s.
  it('builds a zip of everything the user owns, with progress, for its owner only, and e-mails them', {
    timeout: 90_000,
  }, async () => {
    const friend = await signedUpClient(app.url);
    const me = await furnished(friend);
    // What came later than the spec: a saved prompt and an API token (whose secret must stay out).
    expect(
      (await me.client.post('/api/prompts', { title: 'Recipe', body: 'A recipe for {{dish}}' })).status,
    ).toBe(201);
    const assistant = await me.client.post('/api/assistants', {
      name: 'Chef',
      handle: `chef${Date.now().toString(36)}`,
      instructions: 'Answer as a chef.',
    });
    expect(assistant.status, JSON.stringify(assistant.body)).toBe(201);
    const token = await me.client.post('/api/tokens', {
      name: 'My script',
      scopes: ['read'],
      expiresInDays: 30,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    await db().query(
      `insert into mcp_servers (user_id, name, url, token, trusted_tools) values ($1, 'notes', 'https://mcp.example/mcp', 'mcp-secret-123', '{search}')`,
      [me.userId],
    );
    // A browser's push subscription (push module): its endpoint and keys can send to that browser.
    await db().query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, session_hash)
       values ($1, 'https://push.example.com/send/push-capability-456', 'p256dh-secret', 'auth-secret', 'h')`,
      [me.userId],
    );
    expect((await new HttpClient(app.url).post('/api/account/export')).status).toBe(401);
    const started = await me.client.post('/api/account/export');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      id: expect.any(String),
      status: expect.stringMatching(/queued|running/),
    });
    expect(started.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const id = started.body.id;
    // Asking again while it runs answers the same export.
    expect((await me.client.post('/api/account/export')).body.id).toBe(id);

    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          const s = await me.client.get(`/api/account/export/${id}`);
          seen.add(s.body.progress);
          return s.body.status;
        },
        { timeout: 75_000, interval: 50 },
      )
      .toBe('ready');
    const done = await me.client.get(`/api/account/export/${id}`);
    expect(done.body).toMatchObject({
      status: 'ready',
      progress: 100,
      downloadUrl: `/api/account/export/${id}/download`,
    });

    // Someone else, or nobody, gets nothing.
    expect((await friend.client.get(`/api/account/export/${id}`)).status).toBe(404);
    expect((await friend.client.get(`/api/account/export/${id}/download`)).status).toBe(404);
    expect((await new HttpClient(app.url).get(`/api/account/export/${id}`)).status).toBe(401);
    expect((await new HttpClient(app.url).get(`/api/account/export/${id}/download`)).status).toBe(401);
    expect((await me.client.get('/api/account/export/not-a-uuid')).status).toBe(404);

    const res = await fetch(`${app.url}${done.body.downloadUrl}`, {
      headers: { cookie: me.client.cookieHeader },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="?chorus-export-[\d-]+\.zip/,
    );
    const zipPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'export-')), 'export.zip');
    writeFileSync(zipPath, Buffer.from(await res.arrayBuffer()));
    const listing = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(listing).toEqual(
      expect.arrayContaining([
        'profile.json',
        'chats.json',
        'memories.json',
        'posts.json',
        'files.json',
        'direct-messages.json',
        'invitations.json',
        'media/upload/holiday.png',
      ]),
    );
    const read = (name: string) =>
      JSON.parse(execFileSync('unzip', ['-p', zipPath, name], { encoding: 'utf8' }));
    expect(read('profile.json')).toMatchObject({ id: me.userId, username: me.username });
    expect(JSON.stringify(read('profile.json'))).not.toMatch(/argon2|"password"/);
    expect(read('chats.json')[0].messages[0].content).toBe('my secret recipe');
    expect(read('memories.json')[0].content).toBe('likes tea');
    expect(read('posts.json')[0].slug).toBe(me.slug);
    // Only the messages they sent, not the friend's.
    expect(read('direct-messages.json').map((m: any) => m.content)).toEqual(['hello from me']);
    expect(read('invitations.json')).toHaveLength(1);
    // What came later than the spec is in it too; secrets never.
    for (const part of ['comments', 'likes', 'following', 'webhooks'])
      expect(read(`${part}.json`), part).toEqual([]);
    expect(read('assistants.json')).toEqual([
      expect.objectContaining({
        name: 'Chef',
        handle: assistant.body.handle,
        instructions: 'Answer as a chef.',
      }),
    ]);
    expect(read('prompts.json')).toEqual([
      expect.objectContaining({ title: 'Recipe', body: 'A recipe for {{dish}}' }),
    ]);
    expect(read('api-tokens.json')).toEqual([
      expect.objectContaining({ name: 'My script', scopes: ['read'] }),
    ]);
    expect(read('mcp-servers.json')).toEqual([
      expect.objectContaining({
        name: 'notes',
        trusted_tools: ['search'],
        has_token: true,
        signed_in: false,
      }),
    ]);
    expect(JSON.stringify(read('mcp-servers.json'))).not.toContain('mcp-secret');
    expect(read('push-subscriptions.json')).toEqual([
      {
        push_service: 'https://push.example.com',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(read('push-subscriptions.json'))).not.toMatch(/capability|secret/);
    const tokens = JSON.stringify(read('api-tokens.json'));
    expect(tokens).not.toMatch(/hash/);
    expect(tokens).not.toContain(token.body.secret);
    expect(execFileSync('unzip', ['-p', zipPath, 'media/upload/holiday.png']).equals(PNG)).toBe(true);

    await expect
      .poll(
        () =>
          smtp.messages.filter((m) => m.to.includes(`${me.username}@example.com`) && m.raw.includes('export'))
            .length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
  });
});

describe('delete my account', () => {
  it('needs the password again: wrong or missing is a 400, signed out a 401, and nothing is deleted', async () => {
    const me = await signedUpClient(app.url);
    expect((await me.client.request('DELETE', '/api/account', { password: 'wrong-one' })).status).toBe(400);
    const missing = await me.client.request('DELETE', '/api/account', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/password/);
    // No body at all reads as an empty form: the field's own message, not a schema's wording.
    const noBody = await me.client.request('DELETE', '/api/account');
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toBe('Please enter your password to delete your account');
    expect((await me.client.request('DELETE', '/api/account', { password: ['x'] })).status).toBe(400);
    expect(
      (await new HttpClient(app.url).request('DELETE', '/api/account', { password: 'secret123' })).status,
    ).toBe(401);
    expect((await me.client.get('/api/auth/status')).status).toBe(200);
  });

  it('asks for the second factor when it is on, and never deletes anyone but the caller', async () => {
    const me = await signedUpClient(app.url);
    const stranger = await signedUpClient(app.url);
    expect(
      (
        await stranger.client.post('/api/auth/password', {
          currentPassword: 'secret123',
          newPassword: 'strangers-pw',
        })
      ).status,
    ).toBe(200);
    // The owner's password in the stranger's session: checked against the stranger's account.
    expect((await stranger.client.request('DELETE', '/api/account', { password: 'secret123' })).status).toBe(
      400,
    );
    expect((await me.client.get('/api/auth/status')).status).toBe(200);
    expect((await stranger.client.get('/api/auth/status')).status).toBe(200);

    const setup = await me.client.post('/api/auth/2fa/totp/setup');
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret), digits: 6, period: 30 });
    const enabled = await me.client.post('/api/auth/2fa/totp/enable', { code: totp.generate() });
    expect(enabled.status).toBe(200);
    const noCode = await me.client.request('DELETE', '/api/account', { password: 'secret123' });
    expect(noCode.status).toBe(401);
    expect(noCode.body.message).toMatch(/second-factor code/);
    expect(
      (await me.client.request('DELETE', '/api/account', { password: 'secret123', code: 'ABCDE-FGHIJ' }))
        .status,
    ).toBe(401);
    expect((await me.client.get('/api/auth/status')).status).toBe(200);
    const done = await me.client.request('DELETE', '/api/account', {
      password: 'secret123',
      code: enabled.body.recoveryCodes[0],
    });
    expect(done.status).toBe(200);
    expect((await me.client.get('/api/auth/status')).status).toBe(401);
    expect(
      (await db().query('select count(*)::int as n from users where id = $1', [me.userId])).rows[0].n,
    ).toBe(0);
    expect((await stranger.client.get('/api/auth/status')).status).toBe(200);
  });

  it("removes the user and all they own, cancels the subscription, keeps the friend's side of the conversation", async () => {
    const friend = await signedUpClient(app.url);
    const me = await furnished(friend);
    const elsewhere = new HttpClient(app.url);
    expect(
      (await elsewhere.post('/api/auth/login', { username: me.username, password: 'secret123' })).status,
    ).toBe(200);
    // A live Stripe subscription.
    const customer = `cus_${me.username}`;
    stripe.subscriptions.set(`sub_${me.username}`, {
      id: `sub_${me.username}`,
      object: 'subscription',
      customer,
      status: 'active',
    });
    await db().query(
      `insert into subscriptions (id, user_id, stripe_customer_id, stripe_subscription_id, plan_type, status, current_period_end)
       values (gen_random_uuid(), $1, $2, $3, 'monthly', 'active', now() + interval '30 days')
       on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id,
         stripe_subscription_id = excluded.stripe_subscription_id, plan_type = 'monthly', status = 'active'`,
      [me.userId, customer, `sub_${me.username}`],
    );
    const export_ = await me.client.post('/api/account/export');
    await expect
      .poll(async () => (await me.client.get(`/api/account/export/${export_.body.id}`)).body.status, {
        timeout: 30_000,
      })
      .toBe('ready');
    expect((await new HttpClient(app.url).get(`/api/public/videos/${me.slug}`)).status).toBe(200);
    const mediaDir = path.join(app.config.storageDir, 'uploads', me.userId);
    expect(existsSync(mediaDir)).toBe(true);

    const res = await me.client.request('DELETE', '/api/account', { password: 'secret123' });
    expect(res.status).toBe(200);

    expect(stripe.subscriptions.get(`sub_${me.username}`).status).toBe('canceled');
    expect((await me.client.get('/api/auth/status')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/status')).status).toBe(401);
    expect(
      (
        await new HttpClient(app.url).post('/api/auth/login', {
          username: me.username,
          password: 'secret123',
        })
      ).status,
    ).toBe(401);
    expect((await new HttpClient(app.url).get(`/api/public/videos/${me.slug}`)).status).toBe(404);
    expect(existsSync(mediaDir)).toBe(false);
    expect(existsSync(path.join(app.config.storageDir, 'exports', me.userId))).toBe(false);

    // The friend keeps the thread and their own message; the other side is "Deleted user".
    const list = await friend.client.get('/api/conversations');
    const thread = list.body.find((c: any) => c.id === me.conversationId);
    expect(thread.participant.username).toBe('Deleted user');
    const messages = await friend.client.get(`/api/conversations/${me.conversationId}/messages`);
    expect(messages.body.messages.map((m: any) => m.content)).toEqual(['hello back from friend']);
    const reply = await friend.client.post(`/api/conversations/${me.conversationId}/messages`, {
      content: 'hello?',
    });
    expect(reply.status).toBe(403);

    // No row of any table refers to the user: every column of every table, as text.
    const { rows: columns } = await db().query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('uuid', 'text', 'character varying', 'json', 'jsonb', 'character', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(40);
    const leftovers: string[] = [];
    for (const { table_name, column_name } of columns) {
      const { rows } = await db().query(
        `select count(*)::int as n from "${table_name}" where "${column_name}"::text like '%' || $1 || '%'`,
        [me.userId],
      );
      if (rows[0].n > 0) leftovers.push(`${table_name}.${column_name}: ${rows[0].n}`);
    }
    expect(leftovers).toEqual([]);
    // The friend is untouched.
    expect((await friend.client.get('/api/auth/status')).status).toBe(200);
  });
});
