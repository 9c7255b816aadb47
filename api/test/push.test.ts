import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushConfigOf } from '../../api/src/modules/push/core/config.ts';
import { subscribe } from '../../api/src/modules/push/core/subscriptions.ts';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { queueVideo, waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { SOCIAL_EVENTS, subscribe as subscribeWs } from '../../tests/support/ws.ts';
import { startWorker } from '../../worker/src/worker.ts';

/**
 * Web Push (api/src/modules/push): a signed-in browser's subscriptions (kept per endpoint, moved to
 * whoever posts one last, capped per account, ended at logout), and pushes of direct messages, friend
 * requests and finished videos to people with no tab open, sent by the worker to a fake push service
 * on 127.0.0.1 (plain http to loopback is allowed outside production), encrypted for the subscription
 * (decrypted here with its private key) and signed with the server's VAPID key.
 */

const VAPID = webpush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  VAPID_SUBJECT: 'mailto:push-tests@example.com',
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service: keeps what it gets, answering 201 or the status set for a path. */
async function startPushService() {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  /** Paths answered only after this many ms (a slow push service). */
  const delays = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      setTimeout(() => res.writeHead(statuses.get(path) ?? 201).end(), delays.get(path) ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    statuses,
    delays,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription: its keys, kept to decrypt what arrives. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
    /** RFC 8291 / 8188 (aes128gcm, one record), as a browser decrypts a push. */
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const senderKey = body.subarray(21, 21 + idLength);
      const cipher = body.subarray(21 + idLength);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderKey), auth, info, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipher.subarray(cipher.length - 16));
      const plain = Buffer.concat([
        decipher.update(cipher.subarray(0, cipher.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then padding zeros.
      const end = plain.lastIndexOf(2);
      return JSON.parse(plain.subarray(0, end).toString('utf8'));
    },
  };
}

const pushService = useStarted(startPushService);
const app = useTestApp(VAPID_ENV);
useStarted(async () => {
  const runner = await startWorker(
    { DATABASE_URL: testDatabaseUrl(), STORAGE_DIR: app.config.storageDir },
    { ...process.env, ...VAPID_ENV },
  );
  return { close: () => runner.stop() };
});

type Person = Awaited<ReturnType<typeof signedUpClient>>;
let endpoints = 0;
const newEndpoint = () => `${pushService.origin}/push/${++endpoints}-${randomBytes(4).toString('hex')}`;

const rowsOf = async (userId: string) =>
  (
    await db().query('select endpoint from push_subscriptions where user_id = $1 order by endpoint', [userId])
  ).rows.map((r) => r.endpoint as string);
const ownerOf = async (endpoint: string) =>
  (await db().query('select user_id from push_subscriptions where endpoint = $1', [endpoint])).rows[0]
    ?.user_id as string | undefined;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the worker has run every queued push (none waiting, none running). */
const pushesDone = () =>
  until(
    async () =>
      (
        await db().query(
          `select count(*)::int as n from graphile_worker._private_jobs j
             join graphile_worker._private_tasks t on t.id = j.task_id
            where t.identifier = 'send_push' and j.attempts < j.max_attempts`,
        )
      ).rows[0].n as number,
    (n) => n === 0,
  );

const arrivedAt = (endpoint: string) => pushService.received.filter((r) => endpoint.endsWith(r.path));

async function befriend(a: Person, b: Person): Promise<string> {
  const asked = await a.client.post('/api/friends/request', { username: b.username });
  await b.client.post(`/api/friendships/${asked.body.friendship.id}/accept`);
  return (await a.client.gql('mutation($f: ID!) { openConversation(friendId: $f) { id } }', { f: b.userId }))
    .data.openConversation.id as string;
}

const dm = (p: Person, conversationId: string, content: string) =>
  p.client.post(`/api/conversations/${conversationId}/messages`, { content });

describe('push subscriptions', () => {
  it('gives the public key to anyone', async () => {
    const res = await new HttpClient(app.url).get('/api/push/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: VAPID.publicKey });
  });

  it('are kept per endpoint: posted again updates, posted by someone else moves, deleted by its owner only', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const endpoint = newEndpoint();
    const first = await a.client.post('/api/push/subscriptions', browserSubscription(endpoint).json);
    expect(first.status).toBe(201);
    expect(first.body.subscription).toMatchObject({ endpoint });
    // The same endpoint again (new keys after the browser renewed them): one row, updated.
    const again = browserSubscription(endpoint);
    expect((await a.client.post('/api/push/subscriptions', again.json)).status).toBe(201);
    expect(await rowsOf(a.userId)).toEqual([endpoint]);
    const [row] = (await db().query('select p256dh from push_subscriptions where endpoint = $1', [endpoint]))
      .rows;
    expect(row.p256dh).toBe(again.json.keys.p256dh);

    // The same browser signed in as b now: the subscription is b's, no longer a's.
    expect((await b.client.post('/api/push/subscriptions', again.json)).status).toBe(201);
    expect(await ownerOf(endpoint)).toBe(b.userId);
    expect(await rowsOf(a.userId)).toEqual([]);

    // a can't delete b's; b can, and deleting again is still fine.
    expect((await a.client.request('DELETE', '/api/push/subscriptions', { endpoint })).status).toBe(200);
    expect(await ownerOf(endpoint)).toBe(b.userId);
    const gone = await b.client.request('DELETE', '/api/push/subscriptions', { endpoint });
    expect(gone.status).toBe(200);
    expect(await ownerOf(endpoint)).toBeUndefined();
    expect((await b.client.request('DELETE', '/api/push/subscriptions', { endpoint })).status).toBe(200);
  });

  it('need a signed-in browser', async () => {
    const visitor = new HttpClient(app.url);
    const posted = await visitor.post('/api/push/subscriptions', browserSubscription(newEndpoint()).json);
    expect(posted.status).toBe(401);
    expect(posted.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    expect(
      (await visitor.request('DELETE', '/api/push/subscriptions', { endpoint: newEndpoint() })).status,
    ).toBe(401);
  });

  it('refuse what is not a push subscription with a 400 that says why', async () => {
    const a = await signedUpClient(app.url);
    const good = browserSubscription(newEndpoint()).json;
    const bad: [string, unknown][] = [
      ['no body', {}],
      ['a string', 'endpoint'],
      ['a list', [good]],
      ['no keys', { endpoint: good.endpoint }],
      ['keys not an object', { ...good, keys: 'x' }],
      ['no auth', { ...good, keys: { p256dh: good.keys.p256dh } }],
      ['endpoint not a URL', { ...good, endpoint: 'not a url' }],
      ['endpoint a number', { ...good, endpoint: 42 }],
      ['http to another host', { ...good, endpoint: 'http://push.example.com/x' }],
      ['another scheme', { ...good, endpoint: 'ftp://push.example.com/x' }],
      ['javascript', { ...good, endpoint: 'javascript:alert(1)' }],
      ['credentials', { ...good, endpoint: 'https://user:pw@push.example.com/x' }],
      ['endpoint too long', { ...good, endpoint: `https://push.example.com/${'a'.repeat(2001)}` }],
      ['p256dh not base64url', { ...good, keys: { ...good.keys, p256dh: 'not base64!' } }],
      [
        'p256dh the wrong size',
        { ...good, keys: { ...good.keys, p256dh: randomBytes(32).toString('base64url') } },
      ],
      ['p256dh far too long', { ...good, keys: { ...good.keys, p256dh: 'A'.repeat(5000) } }],
      [
        'auth the wrong size',
        { ...good, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } },
      ],
      ['a NUL', { ...good, endpoint: `${good.endpoint}\u0000` }],
    ];
    for (const [what, body] of bad) {
      const res = await a.client.request('POST', '/api/push/subscriptions', body);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    for (const body of [{}, { endpoint: 7 }, { endpoint: 'x'.repeat(2001) }]) {
      const res = await a.client.request('DELETE', '/api/push/subscriptions', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    expect(await rowsOf(a.userId)).toEqual([]);
  });

  it(`keep an account's most recent 10, even when posted at once`, async () => {
    const a = await signedUpClient(app.url);
    const all = Array.from({ length: 15 }, () => browserSubscription(newEndpoint()).json);
    const answers = await Promise.all(all.map((s) => a.client.post('/api/push/subscriptions', s)));
    expect(answers.map((r) => r.status)).toEqual(all.map(() => 201));
    expect((await rowsOf(a.userId)).length).toBe(10);
    // One posted now is kept; the least recently posted goes.
    const latest = browserSubscription(newEndpoint()).json;
    await a.client.post('/api/push/subscriptions', latest);
    const kept = await rowsOf(a.userId);
    expect(kept.length).toBe(10);
    expect(kept).toContain(latest.endpoint);
  });

  it('end with the session they were posted in (logout), not with another session of the same person', async () => {
    const a = await signedUpClient(app.url);
    const phone = new HttpClient(app.url);
    expect(
      (await phone.post('/api/auth/login', { username: a.username, password: 'secret123' })).status,
    ).toBe(200);
    const fromLaptop = browserSubscription(newEndpoint()).json;
    const fromPhone = browserSubscription(newEndpoint()).json;
    await a.client.post('/api/push/subscriptions', fromLaptop);
    await phone.post('/api/push/subscriptions', fromPhone);
    expect((await a.client.post('/api/auth/logout')).status).toBe(200);
    expect(await rowsOf(a.userId)).toEqual([fromPhone.endpoint]);
    // GraphQL's logout does the same.
    expect((await phone.gql('mutation { logout }')).data).toEqual({ logout: true });
    expect(await rowsOf(a.userId)).toEqual([]);
  });
});

describe('pushes', () => {
  it('bring a direct message to someone with no tab open: encrypted, with a TTL and the VAPID signature', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const browser = browserSubscription(newEndpoint());
    await b.client.post('/api/push/subscriptions', browser.json);
    // A burst of three is one push (the job waits a moment for more: push/core/reactions.ts).
    for (const text of ['a secret plan', 'two', 'three'])
      expect((await dm(a, conversation, text)).status).toBe(201);
    await until(
      async () => arrivedAt(browser.json.endpoint),
      (r) => r.length > 0,
    );
    await pushesDone();
    expect(arrivedAt(browser.json.endpoint)).toHaveLength(1);
    const [push] = arrivedAt(browser.json.endpoint);
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: String(24 * 60 * 60) });
    expect(push!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID.publicKey}$`),
    );
    const jwt = JSON.parse(
      Buffer.from(String(push!.headers.authorization).split(/[ .,]/)[2]!, 'base64url').toString('utf8'),
    );
    expect(jwt).toMatchObject({ aud: pushService.origin, sub: 'mailto:push-tests@example.com' });
    const payload = browser.decrypt(push!.body);
    expect(payload).toEqual({
      title: `3 new messages from ${a.username}`,
      body: 'Open Chorus to read it.',
      url: `/messages?c=${conversation}`,
      tag: `message:${conversation}`,
    });
    // The message itself stays out of the push (a locked screen shows it).
    expect(JSON.stringify(payload)).not.toContain('secret');
  });

  it('are not sent while the person has a tab open, and are again once it closes', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const browser = browserSubscription(newEndpoint());
    await b.client.post('/api/push/subscriptions', browser.json);
    const tab = subscribeWs(app, b.client.cookieHeader, SOCIAL_EVENTS);
    await tab.ready;
    const openSockets = async () =>
      (await db().query('select count(*)::int as n from open_sockets where user_id = $1', [b.userId])).rows[0]
        .n as number;
    expect(await until(openSockets, (n) => n === 1)).toBe(1);
    await dm(a, conversation, 'hello while you look');
    await pushesDone();
    expect(arrivedAt(browser.json.endpoint)).toEqual([]);

    await tab.close();
    expect(await until(openSockets, (n) => n === 0)).toBe(0);
    await dm(a, conversation, 'hello again');
    const arrived = await until(
      async () => arrivedAt(browser.json.endpoint),
      (r) => r.length > 0,
    );
    // The conversation's unread notification counted up: the push says two.
    expect(browser.decrypt(arrived[0]!.body)).toMatchObject({ title: `2 new messages from ${a.username}` });
  });

  it("don't count a socket its process stopped refreshing (it died) as an open tab", async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const browser = browserSubscription(newEndpoint());
    await b.client.post('/api/push/subscriptions', browser.json);
    await db().query(
      `insert into open_sockets (id, user_id, seen_at) values (gen_random_uuid(), $1, now() - interval '10 minutes')`,
      [b.userId],
    );
    await dm(a, conversation, 'are you there?');
    expect(
      (
        await until(
          async () => arrivedAt(browser.json.endpoint),
          (r) => r.length > 0,
        )
      ).length,
    ).toBe(1);
  });

  it('never slow the message down: a push service taking seconds holds only the worker', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const browser = browserSubscription(newEndpoint());
    pushService.delays.set(new URL(browser.json.endpoint).pathname, 4_000);
    await b.client.post('/api/push/subscriptions', browser.json);
    const sent = Date.now();
    expect((await dm(a, conversation, 'quick')).status).toBe(201);
    expect(Date.now() - sent).toBeLessThan(1_500);
    await until(
      async () => arrivedAt(browser.json.endpoint),
      (r) => r.length > 0,
    );
    await pushesDone();
    expect(await rowsOf(b.userId)).toEqual([browser.json.endpoint]);
  });

  it('bring a friend request', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const browser = browserSubscription(newEndpoint());
    await b.client.post('/api/push/subscriptions', browser.json);
    await a.client.post('/api/friends/request', { username: b.username });
    const arrived = await until(
      async () => arrivedAt(browser.json.endpoint),
      (r) => r.length > 0,
    );
    expect(browser.decrypt(arrived[0]!.body)).toMatchObject({
      title: `${a.username} sent you a friend request`,
      url: '/friends',
    });
  });

  it('bring a finished video (the local preview renderer), its prompt as the bell shows it', async () => {
    const a = await signedUpClient(app.url);
    const browser = browserSubscription(newEndpoint());
    await a.client.post('/api/push/subscriptions', browser.json);
    const job = await queueVideo(a.client, {
      prompt: '@video a red kite over the sea, 4 seconds',
      size: '1280x720',
    });
    expect((await waitForVideoStatus(a.client, job.id, ['completed', 'failed'], 90_000)).status).toBe(
      'completed',
    );
    const arrived = await until(
      async () => arrivedAt(browser.json.endpoint),
      (r) => r.length > 0,
    );
    expect(browser.decrypt(arrived[0]!.body)).toEqual({
      title: 'Your video is ready',
      body: 'a red kite over the sea',
      url: '/gallery',
      tag: `video:${job.id}`,
    });
  });

  it('respect a muted kind and "Allow Notifications" off', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const browser = browserSubscription(newEndpoint());
    await b.client.post('/api/push/subscriptions', browser.json);

    expect((await b.client.put('/api/notifications/settings', { muted: ['message'] })).status).toBe(200);
    await dm(a, conversation, 'muted');
    await pushesDone();
    expect(arrivedAt(browser.json.endpoint)).toEqual([]);

    await b.client.put('/api/notifications/settings', { muted: [] });
    expect((await b.client.patch('/api/users/settings', { allowNotifications: false })).status).toBe(200);
    await dm(a, conversation, 'not allowed');
    await pushesDone();
    expect(arrivedAt(browser.json.endpoint)).toEqual([]);

    await b.client.patch('/api/users/settings', { allowNotifications: true });
    await dm(a, conversation, 'allowed');
    expect(
      (
        await until(
          async () => arrivedAt(browser.json.endpoint),
          (r) => r.length > 0,
        )
      ).length,
    ).toBe(1);
  });

  it('drop a subscription the push service says is gone (410) or unknown (404), and one whose session ended', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const gone = browserSubscription(newEndpoint());
    const unknown = browserSubscription(newEndpoint());
    const kept = browserSubscription(newEndpoint());
    pushService.statuses.set(new URL(gone.json.endpoint).pathname, 410);
    pushService.statuses.set(new URL(unknown.json.endpoint).pathname, 404);
    const otherBrowser = new HttpClient(app.url);
    await otherBrowser.post('/api/auth/login', { username: b.username, password: 'secret123' });
    await b.client.post('/api/push/subscriptions', gone.json);
    await b.client.post('/api/push/subscriptions', unknown.json);
    await otherBrowser.post('/api/push/subscriptions', kept.json);
    await dm(a, conversation, 'one');
    await until(
      async () => arrivedAt(kept.json.endpoint),
      (r) => r.length > 0,
    );
    await pushesDone();
    expect(arrivedAt(gone.json.endpoint).length).toBe(1);
    expect(arrivedAt(unknown.json.endpoint).length).toBe(1);
    expect(await rowsOf(b.userId)).toEqual([kept.json.endpoint]);

    // A session that ends without a logout (deleted, as "sign out other sessions" does) takes its
    // subscription with it at the next push.
    await db().query(`delete from sessions where sess->>'userId' = $1`, [b.userId]);
    await dm(a, conversation, 'two');
    await pushesDone();
    expect(await rowsOf(b.userId)).toEqual([]);
    expect(arrivedAt(kept.json.endpoint).length).toBe(1);
  });
});

describe('in production', () => {
  it('refuses plain http and private or loopback addresses (the server would post to them)', async () => {
    const production = pushConfigOf({ ...VAPID_ENV, NODE_ENV: 'production' });
    expect(production.allowLocal).toBe(false);
    const a = await signedUpClient(app.url);
    for (const endpoint of [
      `${pushService.origin}/push/local`,
      'http://localhost/push',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://169.254.169.254/latest',
      'https://[::1]/push',
      'https://push.localhost/x',
    ]) {
      const sub = { ...browserSubscription(newEndpoint()).json, endpoint };
      await expect(
        subscribe(app.orm.em.fork(), production, a.userId, 'a-session', sub),
        endpoint,
      ).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
      });
    }
    const real = {
      ...browserSubscription(newEndpoint()).json,
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    };
    await expect(
      subscribe(app.orm.em.fork(), production, a.userId, 'a-session', real),
    ).resolves.toMatchObject({
      endpoint: real.endpoint,
    });
  });
});

describe('without VAPID keys', () => {
  // Only signed-out calls to this second app: a signed-in one leaves its shutdown waiting 8 s on the
  // database (as in any file with two apps); the signed-in half runs the same service on the first.
  const plain = useTestApp();

  it('push is off: no public key, and a subscription is refused (503), bad input still a 400', async () => {
    expect((await new HttpClient(plain.url).get('/api/push/config')).body).toEqual({ publicKey: null });
    const off = pushConfigOf({ NODE_ENV: 'test' });
    expect(off.vapid).toBeNull();
    const a = await signedUpClient(app.url);
    const good = browserSubscription(newEndpoint()).json;
    await expect(subscribe(app.orm.em.fork(), off, a.userId, 'a-session', good)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/not set up/),
    });
    await expect(
      subscribe(app.orm.em.fork(), off, a.userId, 'a-session', { endpoint: 'nope' }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await rowsOf(a.userId)).toEqual([]);
  });
});
