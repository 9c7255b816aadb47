import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { verifyChorusSignature } from '../../api/src/modules/webhooks/core/signature.ts';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { queueVideo, waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { finishedVideo } from '../../tests/support/videos.ts';
import { startWorker } from '../../worker/src/worker.ts';

/**
 * Outgoing webhooks (api/src/modules/webhooks): endpoints per person, deliveries on other modules'
 * events signed with the endpoint's secret (checked here with the helper receivers are told to use),
 * retried with back-off until a 2xx or the retries run out, each attempt in the log; and URLs that
 * point into the server's own network refused.
 */

const SESSION_SECRET = 'test-session-secret-0123456789';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that keeps what it gets and answers the statuses it is told, in turn. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { statuses: [] as number[] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(state.statuses.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    state,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Person = Awaited<ReturnType<typeof signedUpClient>>;

describe('webhooks to a receiver on this machine (WEBHOOKS_ALLOW_PRIVATE_TARGETS=true)', () => {
  const receiver = useStarted(startReceiver);
  const app = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
  useStarted(async () => {
    const runner = await startWorker(
      { DATABASE_URL: testDatabaseUrl(), STORAGE_DIR: app.config.storageDir },
      {
        ...process.env,
        SESSION_SECRET,
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOKS_RETRY_DELAYS_SECONDS: '1,1,1,1,1',
        WEBHOOKS_TIMEOUT_MS: '3000',
      },
    );
    return { close: () => runner.stop() };
  });

  const create = (p: Person, body: Record<string, unknown>) => p.client.post('/api/webhooks', body);
  const deliveries = async (p: Person, endpointId: string, query = '') =>
    (await p.client.get(`/api/webhooks/${endpointId}/deliveries${query}`)).body;

  it('creates, lists and deletes endpoints, the secret shown once; others and visitors get 404 and 401', async () => {
    const [alice, bob] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const visitor = new HttpClient(app.url);
    expect((await visitor.get('/api/webhooks')).status).toBe(401);
    expect(
      (await visitor.post('/api/webhooks', { url: receiver.url(), events: ['post.published'] })).status,
    ).toBe(401);

    const made = await create(alice, {
      url: receiver.url(),
      description: 'Zapier',
      events: ['post.published', 'video.completed', 'post.published'],
    });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(made.body.endpoint).toMatchObject({
      url: receiver.url(),
      description: 'Zapier',
      events: ['post.published', 'video.completed'],
      secretHint: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    const id = made.body.endpoint.id as string;
    const listed = await alice.client.get('/api/webhooks');
    expect(listed.body.endpoints.map((e: { id: string }) => e.id)).toEqual([id]);
    // The secret is never shown again, nor kept readable in the database.
    expect(listed.text).not.toContain(made.body.secret);
    const [stored] = (await db().query('select secret_sealed from webhook_endpoints where id = $1', [id]))
      .rows;
    expect(stored.secret_sealed).toMatch(/^v1\./);
    expect(stored.secret_sealed).not.toContain(made.body.secret.slice(6));

    // Another person sees none of it; an id that is no uuid is a 404 too.
    expect((await bob.client.get('/api/webhooks')).body.endpoints).toEqual([]);
    expect((await bob.client.get(`/api/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await bob.client.post(`/api/webhooks/${id}/test`)).status).toBe(404);
    expect((await bob.client.request('DELETE', `/api/webhooks/${id}`)).status).toBe(404);
    expect((await alice.client.request('DELETE', '/api/webhooks/nope')).status).toBe(404);
    expect((await visitor.request('DELETE', `/api/webhooks/${id}`)).status).toBe(401);
    expect((await visitor.post(`/api/webhooks/${id}/test`)).status).toBe(401);

    // GraphQL says the same.
    const gqlList = await alice.client.gql(
      '{ webhookEndpoints { id url events deliveries { deliveries { id } } } }',
    );
    expect(gqlList.data.webhookEndpoints).toEqual([
      {
        id,
        url: receiver.url(),
        events: ['post.published', 'video.completed'],
        deliveries: { deliveries: [] },
      },
    ]);
    const bobDelete = await bob.client.gql('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id });
    expect(bobDelete.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const signedOut = await visitor.gql('{ webhookEndpoints { id } }');
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    expect((await alice.client.request('DELETE', `/api/webhooks/${id}`)).status).toBe(200);
    expect((await alice.client.get('/api/webhooks')).body.endpoints).toEqual([]);
  });

  it('refuses bad input with a 400 and a message, and more than 10 endpoints', async () => {
    const alice = await signedUpClient(app.url);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'not a url', events: ['post.published'] }, /full URL/],
      [{ url: 'ftp://example.com/x', events: ['post.published'] }, /https:\/\//],
      [{ url: 'https://user:pw@example.com/x', events: ['post.published'] }, /user name or password/],
      [{ url: receiver.url(), events: ['video.exploded'] }, /Unknown event "video.exploded"/],
      [{ url: receiver.url(), events: [] }, /at least one event/],
      [{ url: receiver.url(), events: 'post.published' }, /list of event names/],
      [{ events: ['post.published'] }, /URL/],
      [{ url: receiver.url(), events: ['post.published'], description: 'x'.repeat(201) }, /too long/],
    ];
    for (const [body, message] of cases) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const gql = await alice.client.gql(
      'mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { secret } }',
      { i: { url: receiver.url(), events: ['nope'] } },
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(
      (await alice.client.get('/api/webhooks/00000000-0000-4000-8000-000000000000/deliveries?cursor=zz'))
        .status,
    ).toBe(404);

    for (let i = 0; i < 10; i++)
      expect(
        (
          await create(alice, {
            url: receiver.url(`/${i}`),
            events: ['post.published'],
          })
        ).status,
      ).toBe(201);
    const eleventh = await create(alice, { url: receiver.url('/11'), events: ['post.published'] });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toMatch(/at most 10/);
  });

  it('delivers a published post and an accepted friend request, signed with the endpoint secret', async () => {
    const [alice, bob] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const made = await create(alice, {
      url: receiver.url('/alice'),
      events: ['post.published', 'friend.accepted'],
    });
    const { secret } = made.body;
    const endpointId = made.body.endpoint.id as string;
    const video = await finishedVideo(app.config.storageDir, alice.userId, 'a fox in the snow');
    const posted = await alice.client.post('/api/posts', { videoId: video.id, isPublic: true });
    expect(posted.status).toBe(201);

    const forAlice = () =>
      receiver.received.filter(
        (r) => r.headers['chorus-event'] === 'post.published' && r.body.includes(posted.body.id),
      );
    await until(
      async () => forAlice(),
      (l) => l.length > 0,
    );
    const [request] = forAlice();
    expect(request).toBeDefined();
    const header = request!.headers['chorus-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyChorusSignature(secret, header, request!.body, 300)).toBe(true);
    expect(verifyChorusSignature(`${secret}x`, header, request!.body, 300)).toBe(false);
    expect(verifyChorusSignature(secret, header, `${request!.body} `, 300)).toBe(false);
    // An old signature is refused past the tolerance (a replay).
    expect(
      verifyChorusSignature(secret, header, request!.body, 300, Math.floor(Date.now() / 1000) + 301),
    ).toBe(false);
    expect(request!.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(request!.body);
    expect(Object.keys(payload).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    expect(payload).toMatchObject({
      type: 'post.published',
      data: { postId: posted.body.id, title: expect.any(String), slug: expect.any(String) },
    });
    expect(request!.headers['chorus-webhook-id']).toBe(payload.id);

    const log = await until(
      () => deliveries(alice, endpointId),
      (b) => b.deliveries[0]?.status === 'succeeded',
    );
    expect(log.deliveries[0]).toMatchObject({
      id: payload.id,
      type: 'post.published',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      attemptLog: [{ attempt: 1, statusCode: 200, error: null, durationMs: expect.any(Number) }],
    });

    // Bob accepts Alice's request: Alice's endpoint hears of it, with Bob's public name only.
    const asked = await alice.client.post('/api/friends/request', { username: bob.username });
    expect(
      (await bob.client.post(`/api/friendships/${asked.body.friendship.id}/accept`)).status,
    ).toBeLessThan(300);
    const friendEvents = () =>
      receiver.received.filter(
        (r) => r.headers['chorus-event'] === 'friend.accepted' && r.body.includes(bob.userId),
      );
    await until(
      async () => friendEvents(),
      (l) => l.length > 0,
    );
    const friend = JSON.parse(friendEvents()[0]!.body);
    expect(friend.data).toEqual({
      friendshipId: asked.body.friendship.id,
      friend: { id: bob.userId, username: bob.username },
    });
    expect(
      verifyChorusSignature(
        secret,
        friendEvents()[0]!.headers['chorus-signature'] as string,
        friendEvents()[0]!.body,
      ),
    ).toBe(true);
  });

  it('delivers video.completed when the worker finishes a video (the local preview renderer)', async () => {
    const alice = await signedUpClient(app.url);
    const made = await create(alice, {
      url: receiver.url('/videos'),
      events: ['video.completed', 'video.failed'],
    });
    const job = await queueVideo(alice.client, {
      prompt: '@video a red kite over the sea, 4 seconds',
      size: '1280x720',
    });
    await waitForVideoStatus(alice.client, job.id, ['completed', 'failed'], 90_000);
    const videos = () => receiver.received.filter((r) => r.body.includes(job.id));
    await until(
      async () => videos(),
      (l) => l.length > 0,
    );
    expect(videos()).toHaveLength(1);
    expect(videos()[0]!.headers['chorus-event']).toBe('video.completed');
    expect(JSON.parse(videos()[0]!.body).data).toEqual({
      videoId: job.id,
      prompt: 'a red kite over the sea',
    });
    expect(
      verifyChorusSignature(
        made.body.secret,
        videos()[0]!.headers['chorus-signature'] as string,
        videos()[0]!.body,
      ),
    ).toBe(true);
  }, 120_000);

  it('delivers a completed answer (the offline assistant), with ids only', async () => {
    const alice = await signedUpClient(app.url);
    const made = await create(alice, { url: receiver.url('/answers'), events: ['answer.completed'] });
    const chat = (await alice.client.post('/api/chats', { title: 'Hooks', activeModel: 'gpt' })).body;
    const sent = await alice.client.post(`/api/chats/${chat.id}/messages`, { content: 'hello there' });
    expect(sent.status).toBeLessThan(300);
    const answers = () =>
      receiver.received.filter(
        (r) => r.headers['chorus-event'] === 'answer.completed' && r.body.includes(chat.id),
      );
    await until(
      async () => answers(),
      (l) => l.length > 0,
    );
    expect(answers()).toHaveLength(1);
    const payload = JSON.parse(answers()[0]!.body);
    expect(payload.data).toEqual({ messageId: expect.any(String), chatId: chat.id, assistant: 'gpt' });
    expect(
      verifyChorusSignature(
        made.body.secret,
        answers()[0]!.headers['chorus-signature'] as string,
        answers()[0]!.body,
      ),
    ).toBe(true);
  });

  it('retries a receiver answering 500 until it succeeds, logging each attempt; pages the log', async () => {
    const alice = await signedUpClient(app.url);
    const made = await create(alice, { url: receiver.url('/flaky'), events: ['video.failed'] });
    const endpointId = made.body.endpoint.id as string;
    receiver.state.statuses = [500, 503];
    const test = await alice.client.post(`/api/webhooks/${endpointId}/test`);
    expect(test.status).toBe(202);
    // Queued, and maybe already tried once: the worker can be quicker than this answer is read.
    expect(test.body.delivery).toMatchObject({ type: 'ping', status: 'pending', endpointId });
    expect(test.body.delivery.attempts).toBeLessThanOrEqual(1);
    const log = await until(
      () => deliveries(alice, endpointId),
      (b) => b.deliveries[0]?.status === 'succeeded',
    );
    expect(log.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    expect(log.deliveries[0].attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      500, 503, 200,
    ]);
    expect(log.deliveries[0].attemptLog[0].error).toBe('HTTP 500');
    const sent = receiver.received.filter((r) => r.headers['chorus-webhook-id'] === test.body.delivery.id);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.headers['chorus-event']).toBe('ping');
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);

    // A second test delivery: the log pages newest first.
    const second = await alice.client.post(`/api/webhooks/${endpointId}/test`);
    const first = await deliveries(alice, endpointId, '?limit=1');
    expect(first.deliveries.map((d: { id: string }) => d.id)).toEqual([second.body.delivery.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await deliveries(alice, endpointId, `?limit=1&cursor=${first.nextCursor}`);
    expect(next.deliveries.map((d: { id: string }) => d.id)).toEqual([test.body.delivery.id]);
    expect(next.nextCursor).toBeNull();
    expect((await alice.client.get(`/api/webhooks/${endpointId}/deliveries?cursor=garbage`)).status).toBe(
      400,
    );
    expect((await alice.client.get(`/api/webhooks/${endpointId}/deliveries?limit=1000`)).status).toBe(400);
  });

  it('allows 5 test deliveries a minute per endpoint, then answers 429', async () => {
    const alice = await signedUpClient(app.url);
    const made = await create(alice, { url: receiver.url('/tests'), events: ['post.published'] });
    const id = made.body.endpoint.id as string;
    for (let i = 0; i < 5; i++)
      expect((await alice.client.post(`/api/webhooks/${id}/test`)).status).toBe(202);
    const sixth = await alice.client.post(`/api/webhooks/${id}/test`);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/wait a minute/);
  });

  it('marks a delivery failed once every retry got an error', async () => {
    const alice = await signedUpClient(app.url);
    const made = await create(alice, { url: receiver.url('/down'), events: ['video.failed'] });
    const endpointId = made.body.endpoint.id as string;
    receiver.state.statuses = [500, 500, 500, 500, 500, 500];
    await alice.client.post(`/api/webhooks/${endpointId}/test`);
    const log = await until(
      () => deliveries(alice, endpointId),
      (b) => b.deliveries[0]?.status === 'failed',
      45_000,
    );
    expect(log.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: 6,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });
    expect(log.deliveries[0].attemptLog.map((a: { attempt: number }) => a.attempt)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  }, 60_000);
});

describe('webhook URLs into the server network (WEBHOOKS_ALLOW_PRIVATE_TARGETS=false)', () => {
  const app = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' });

  it('refuses loopback, private, link-local, metadata and mapped addresses, and plain http, on save', async () => {
    const alice = await signedUpClient(app.url);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://localhost/hook',
      'https://2130706433/hook',
      'http://example.com/hook',
    ]) {
      const res = await alice.client.post('/api/webhooks', { url, events: ['post.published'] });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/can't be used|https:\/\//);
    }
    expect((await alice.client.get('/api/webhooks')).body.endpoints).toEqual([]);
  });
});
