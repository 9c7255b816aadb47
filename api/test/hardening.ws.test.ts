import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';
import type { RunningApp } from '../src/app.ts';
import { createPgPool } from '../src/platform/pg.ts';
import { PubSub } from '../src/platform/pubsub.ts';
import { SESSION_ENDED_CLOSE_CODE, SessionSockets } from '../src/platform/sessionSockets.ts';

const wsUrl = (app: RunningApp) => `${app.url.replace('http', 'ws')}/graphql`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STALL_MS = 500;

/** A bare graphql-transport-ws socket, past connection_init, as an attacker would drive it. */
async function rawSocket(app: RunningApp, headers: Record<string, string> = {}) {
  const socket = new WebSocket(wsUrl(app), 'graphql-transport-ws', { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  // Writing into a socket the server has closed may fail; what counts is how it was closed.
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
  });
  const acked = new Promise<void>((resolve) =>
    socket.once('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') resolve();
    }),
  );
  socket.send(JSON.stringify({ type: 'connection_init' }));
  await acked;
  return { socket, closed };
}

/**
 * The slowest answer to `me` with nothing else going on, over a second. The bounds below allow
 * STALL_MS on top of it, since other test files (and CI's web build) share the machine's two
 * cores: a single slow sample of 216 ms against a quiet 12 ms failed CI at 200. A server that
 * buffered and parsed a 50 MB frame stalls for seconds, well past the bound.
 */
const quietSlowest = (client: HttpClient) =>
  slowestMe(client, new Promise((resolve) => setTimeout(resolve, 1000)));

/** Asks `me` over HTTP every 20 ms until `until` settles; returns the slowest answer's time. */
async function slowestMe(client: HttpClient, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done || times.length < 3) {
    const started = performance.now();
    const res = await client.gql('{ me { id } }');
    times.push(performance.now() - started);
    expect(res.data.me.id).toBeTruthy();
    await sleep(20);
  }
  return Math.max(...times);
}

/**
 * Another process (as an attacker's machine would be) opens a socket and sends one subscribe
 * message of `bytes` bytes; `sending` settles as it starts, `closed` with the close code it saw.
 */
function attack(app: RunningApp, bytes: number) {
  const script = `
    const WebSocket = require('ws');
    const socket = new WebSocket(process.argv[1], 'graphql-transport-ws');
    socket.on('error', () => {});
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.once('message', () => {
      const query = 'subscription { ping { ' + 'seq '.repeat(Math.ceil(Number(process.argv[2]) / 4)) + ' } }';
      const message = JSON.stringify({ id: '1', type: 'subscribe', payload: { query } });
      console.log('sending');
      socket.send(message);
    });
    socket.on('close', (code) => { console.log('closed ' + code); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['-e', script, wsUrl(app), String(bytes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let onSending: () => void;
  const sending = new Promise<void>((resolve) => {
    onSending = resolve;
  });
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
    if (out.includes('sending')) onSending();
  });
  const closed = new Promise<number>((resolve) =>
    child.on('exit', () => resolve(Number(/closed (\d+)/.exec(out)?.[1] ?? -1))),
  );
  return { sending, closed };
}

/** A subscribe message of about `bytes` bytes: one document of many small fields. */
const subscribeMessage = (bytes: number) =>
  JSON.stringify({
    id: '1',
    type: 'subscribe',
    payload: { query: `subscription { ping { ${'seq '.repeat(Math.ceil(bytes / 4))} } }` },
  });

/** The session id inside a client's signed session cookie (s:<id>.<signature>). */
const sessionIdOf = (cookieHeader: string) => {
  const value = decodeURIComponent(/chorus\.sid=([^;]+)/.exec(cookieHeader)![1]!);
  return value.slice(2, value.lastIndexOf('.'));
};

/** A graphql-ws client whose socket is open and signed in, with its close event recorded. */
async function liveClient(app: RunningApp, cookie: string) {
  const client = wsClient(app.url, cookie);
  let closeCode: number | undefined;
  let closedAt: number | undefined;
  client.on('closed', (event) => {
    closeCode = (event as { code: number }).code;
    closedAt = performance.now();
  });
  // A signed-in ping proves the socket is open and knows its user; a subscription left running
  // keeps it open (the client closes an idle socket).
  const username = await pingOnce(client);
  client.subscribe(
    { query: 'subscription { socialEvents { kind } }' },
    { next() {}, error() {}, complete() {} },
  );
  return {
    client,
    username,
    get closeCode() {
      return closeCode;
    },
    get closedAt() {
      return closedAt;
    },
  };
}

function pingOnce(client: ReturnType<typeof wsClient>) {
  return new Promise<string>((resolve, reject) => {
    client.subscribe<{ ping: { username: string } }>(
      { query: 'subscription { ping(count: 1, intervalMs: 10) { username } }' },
      {
        next: (v) => resolve(v.data!.ping.username),
        error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
        complete: () => {},
      },
    );
  });
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const until = performance.now() + timeoutMs;
  while (!check() && performance.now() < until) await sleep(10);
  return check();
}

describe('WebSocket hardening', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // The slowest re-check, so sockets closed within a second were closed by the announcement.
    app = await startTestApp({ WS_SESSION_RECHECK_SECONDS: '60' });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['5 MB', 5 * 1024 * 1024],
    ['50 MB', 50 * 1024 * 1024],
  ])(
    'a %s message closes its socket (1009) while another client keeps being answered',
    async (_label, bytes) => {
      const other = await signedUpClient(app.url);
      await other.client.gql('{ me { id } }');
      const quiet = await quietSlowest(other.client);
      const stderr = vi.spyOn(console, 'error');
      try {
        const attacker = attack(app, bytes);
        await attacker.sending;
        const slowest = await slowestMe(other.client, attacker.closed);
        expect(await attacker.closed).toBe(1009);
        expect(slowest).toBeLessThan(STALL_MS + quiet);
        // The client's doing: no "internal error" printout per attempt.
        expect(stderr).not.toHaveBeenCalled();
      } finally {
        stderr.mockRestore();
      }
    },
  );

  it('a document just under the size limit but over the token limit is refused without stalling anyone', async () => {
    const other = await signedUpClient(app.url);
    const quiet = await quietSlowest(other.client);
    const { socket, closed } = await rawSocket(app);
    const answer = new Promise<any>((resolve) =>
      socket.on('message', (data) => resolve(JSON.parse(String(data)))),
    );
    socket.send(subscribeMessage(900 * 1024));
    const slowest = await slowestMe(other.client, answer);
    const reply = await answer;
    expect(reply).toMatchObject({ id: '1', type: 'error' });
    expect(reply.payload[0].message).toMatch(/contains more th.. 2000 tokens/);
    expect(slowest).toBeLessThan(STALL_MS + quiet);
    // The socket itself stays usable.
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    await closed;
  });

  it('deep, many-alias and too-many-token documents are refused over the socket, which keeps working', async () => {
    const me = await signedUpClient(app.url);
    const live = await liveClient(app, me.client.cookieHeader);
    const refused = (query: string) =>
      new Promise<string>((resolve, reject) => {
        live.client.subscribe(
          { query },
          {
            next: () => reject(new Error('executed')),
            error: (e) => resolve((e as { message: string }[]).map((x) => x.message).join('\n')),
            complete: () => reject(new Error('completed')),
          },
        );
      });
    const deep = `subscription { ping { ${'a { '.repeat(12)}b${' }'.repeat(12)} } }`;
    expect(await refused(deep)).toMatch(/depth limit of 8 exceeded/i);
    const aliases = `subscription { ping { ${Array.from({ length: 20 }, (_, i) => `s${i}: seq`).join(' ')} } }`;
    expect(await refused(aliases)).toMatch(/aliases limit of 8 exceeded/i);
    const tokens = `subscription { ping { ${'seq '.repeat(2500)} } }`;
    expect(await refused(tokens)).toMatch(/contains more th.. 2000 tokens/);
    expect(await pingOnce(live.client)).toBe(me.username);
    expect(live.closeCode).toBeUndefined();
    await live.client.dispose();
  });

  it('over HTTP, a document over the token limit is a 400, not a 500', async () => {
    const me = await signedUpClient(app.url);
    const res = await me.client.gql(`{ me { ${'id '.repeat(2500)} } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/contains more th.. 2000 tokens/);
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it("logout closes that session's sockets within a second; the user's other session stays connected", async () => {
    const first = await signedUpClient(app.url);
    const second = new HttpClient(app.url);
    const login = await second.post('/api/auth/login', { username: first.username, password: 'secret123' });
    expect(login.status).toBe(200);
    const [liveFirst, liveSecond] = await Promise.all([
      liveClient(app, first.client.cookieHeader),
      liveClient(app, second.cookieHeader),
    ]);

    const started = performance.now();
    expect((await first.client.post('/api/auth/logout')).status).toBe(200);
    expect(await waitFor(() => liveFirst.closeCode !== undefined, 1000)).toBe(true);
    expect(liveFirst.closeCode).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(liveFirst.closedAt! - started).toBeLessThan(1000);

    await sleep(300);
    expect(liveSecond.closeCode).toBeUndefined();
    expect(await pingOnce(liveSecond.client)).toBe(first.username);
    await liveSecond.client.dispose();
  });

  it('the logout mutation does the same', async () => {
    const me = await signedUpClient(app.url);
    const live = await liveClient(app, me.client.cookieHeader);
    const res = await me.client.gql('mutation { logout }');
    expect(res.data.logout).toBe(true);
    expect(await waitFor(() => live.closeCode !== undefined, 1000)).toBe(true);
    expect(live.closeCode).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it("signing in as someone else in the same browser closes the previous session's sockets", async () => {
    const browser = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const live = await liveClient(app, browser.client.cookieHeader);
    const res = await browser.client.post('/api/auth/login', {
      username: other.username,
      password: 'secret123',
    });
    expect(res.status).toBe(200);
    expect(await waitFor(() => live.closeCode !== undefined, 1000)).toBe(true);
    expect(live.closeCode).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('a socket whose session disappears some other way is closed by the periodic re-check', async () => {
    const rechecking = await startTestApp({ WS_SESSION_RECHECK_SECONDS: '1' });
    try {
      const me = await signedUpClient(rechecking.url);
      const bystander = await signedUpClient(rechecking.url);
      const live = await liveClient(rechecking, me.client.cookieHeader);
      const liveBystander = await liveClient(rechecking, bystander.client.cookieHeader);
      // Straight from the table: no announcement, as when a session expires.
      await db().query(`delete from sessions where sess->>'userId' = $1`, [me.userId]);
      expect(await waitFor(() => live.closeCode !== undefined, 2500)).toBe(true);
      expect(live.closeCode).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(liveBystander.closeCode).toBeUndefined();
      await liveBystander.client.dispose();
    } finally {
      await rechecking.close();
    }
  });

  it("another api process can end a user's sockets, sparing one session", async () => {
    // A second process's SessionSockets: its call reaches this app only through NOTIFY.
    const pool = createPgPool(testDatabaseUrl(), 2);
    const pubsub = new PubSub(testDatabaseUrl(), pool);
    const elsewhere = new SessionSockets(pubsub, pool, 60_000);
    try {
      const first = await signedUpClient(app.url);
      const second = new HttpClient(app.url);
      await second.post('/api/auth/login', { username: first.username, password: 'secret123' });
      const bystander = await signedUpClient(app.url);
      const [liveFirst, liveSecond, liveBystander] = await Promise.all([
        liveClient(app, first.client.cookieHeader),
        liveClient(app, second.cookieHeader),
        liveClient(app, bystander.client.cookieHeader),
      ]);

      await elsewhere.endUser(first.userId, sessionIdOf(second.cookieHeader));
      expect(await waitFor(() => liveFirst.closeCode !== undefined, 1000)).toBe(true);
      expect(liveFirst.closeCode).toBe(SESSION_ENDED_CLOSE_CODE);

      await elsewhere.endSession(sessionIdOf(bystander.client.cookieHeader));
      expect(await waitFor(() => liveBystander.closeCode !== undefined, 1000)).toBe(true);
      expect(liveSecond.closeCode).toBeUndefined();
      await liveSecond.client.dispose();
    } finally {
      await pubsub.close();
      await pool.end();
    }
  });

  describe('Origin of the upgrade', () => {
    const upgrade = (app: RunningApp, headers: Record<string, string>) =>
      rawSocket(app, headers).then(
        async ({ socket, closed }) => {
          socket.close();
          await closed;
          return 'accepted';
        },
        (e: Error) => e.message,
      );

    it('without PUBLIC_URL: same host accepted, a foreign origin refused, no Origin accepted', async () => {
      expect(await upgrade(app, { origin: app.url })).toBe('accepted');
      expect(await upgrade(app, { origin: 'https://evil.example' })).toBe('upgrade refused: 403');
      expect(await upgrade(app, { origin: 'null' })).toBe('upgrade refused: 403');
      expect(await upgrade(app, {})).toBe('accepted');
    });

    it('with PUBLIC_URL: only its origin', async () => {
      const withUrl = await startTestApp({ PUBLIC_URL: 'https://chorus.example.com' });
      try {
        expect(await upgrade(withUrl, { origin: 'https://chorus.example.com' })).toBe('accepted');
        expect(await upgrade(withUrl, { origin: withUrl.url })).toBe('upgrade refused: 403');
        expect(await upgrade(withUrl, { origin: 'https://chorus.example.com.evil.example' })).toBe(
          'upgrade refused: 403',
        );
      } finally {
        await withUrl.close();
      }
    });
  });
});

describe('WebSocket limits per client address and per socket', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // One proxy in front, as behind a load balancer: the address is X-Forwarded-For's last entry.
    app = await startTestApp({
      TRUST_PROXY: '1',
      WS_MAX_SOCKETS_PER_IP: '6',
      WS_MAX_ANONYMOUS_SOCKETS_PER_IP: '3',
      WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '4',
      WS_MAX_ANONYMOUS_SUBSCRIPTIONS_PER_SOCKET: '2',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A socket past connection_init ('acked'), or the code and reason it was closed with. */
  async function open(address: string, cookie?: string) {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (cookie) headers.cookie = cookie;
    const socket = new WebSocket(wsUrl(app), 'graphql-transport-ws', { headers });
    socket.on('error', () => {});
    const outcome = await new Promise<string>((resolve) => {
      socket.on('close', (code, reason) => resolve(`${code} ${reason}`));
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      socket.on('message', (data) => {
        if (JSON.parse(String(data)).type === 'connection_ack') resolve('acked');
      });
    });
    return { socket, outcome };
  }
  const closeAll = async (sockets: { socket: WebSocket }[]) => {
    await Promise.all(
      sockets.map(
        ({ socket }) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close();
          }),
      ),
    );
    await sleep(50);
  };

  it('a signed-out address gets 3 sockets, the 4th is closed with 4429; another address is not affected', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await open('203.0.113.7'));
    expect(first.map((s) => s.outcome)).toEqual(['acked', 'acked', 'acked']);
    const fourth = await open('203.0.113.7');
    expect(fourth.outcome).toMatch(/^4429 Too many signed-out connections/);
    const other = await open('203.0.113.8');
    expect(other.outcome).toBe('acked');
    // Closing one frees its place.
    await closeAll(first.slice(0, 1));
    const again = await open('203.0.113.7');
    expect(again.outcome).toBe('acked');
    await closeAll([...first, fourth, other, again]);
  });

  it('an address gets 6 sockets in all, signed in or not; the 7th is closed with 4429', async () => {
    const me = await signedUpClient(app.url);
    const sockets = [];
    for (let i = 0; i < 6; i++) sockets.push(await open('203.0.113.9', me.client.cookieHeader));
    expect(sockets.every((s) => s.outcome === 'acked')).toBe(true);
    const seventh = await open('203.0.113.9', me.client.cookieHeader);
    expect(seventh.outcome).toMatch(/^4429 Too many connections/);
    await closeAll([...sockets, seventh]);
  });

  it('a signed-in socket runs 4 subscriptions at once; the 5th is refused and the socket stays open', async () => {
    const me = await signedUpClient(app.url);
    const { socket, outcome } = await open('203.0.113.10', me.client.cookieHeader);
    expect(outcome).toBe('acked');
    const replies: any[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data))));
    const subscribe = (id: string) =>
      socket.send(
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: { query: 'subscription { ping(count: 100, intervalMs: 10000) { seq } }' },
        }),
      );
    for (let i = 1; i <= 5; i++) subscribe(String(i));
    expect(await waitFor(() => replies.filter((r) => r.type !== 'ka').length >= 5, 3000)).toBe(true);
    const refused = replies.find((r) => r.type === 'error');
    expect(refused.id).toBe('5');
    expect(refused.payload[0].extensions.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    expect(
      replies
        .filter((r) => r.type === 'next')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['1', '2', '3', '4']);
    // Completing one makes room for another.
    socket.send(JSON.stringify({ id: '1', type: 'complete' }));
    await sleep(50);
    subscribe('6');
    expect(await waitFor(() => replies.some((r) => r.id === '6'), 3000)).toBe(true);
    expect(replies.find((r) => r.id === '6').type).toBe('next');
    expect(socket.readyState).toBe(WebSocket.OPEN);
    await closeAll([{ socket }]);
  });

  it('a signed-out socket runs 2 operations at once; a burst of 20 gets the rest refused', async () => {
    const { socket, outcome } = await open('203.0.113.11');
    expect(outcome).toBe('acked');
    const replies: any[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data))));
    for (let i = 1; i <= 20; i++) {
      socket.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query: '{ healthy }' } }));
    }
    expect(await waitFor(() => replies.filter((r) => r.type !== 'complete').length >= 20, 3000)).toBe(true);
    const refused = replies.filter((r) => r.type === 'error');
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0].payload[0].extensions.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    expect(replies.filter((r) => r.type === 'next').length).toBeGreaterThanOrEqual(2);
    await closeAll([{ socket }]);
  });
});
