import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { PNG_1X1 } from '../../tests/support/images.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Share links (issue 18, item 3) over real HTTP on the real database: a snapshot behind a token,
 * readable signed out, revocable, owner-only, continued as a copy, sent to a friend; its page's HTML.
 */

const webIndex = fileURLToPath(new URL('../../web/index.html', import.meta.url));

type Person = Awaited<ReturnType<typeof signedUpClient>>;

let fake: FakeOpenAI;
let app: RunningApp;
beforeAll(async () => {
  // The app shell is the web app's real index.html (its page-meta block is what the server fills).
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  copyFileSync(webIndex, path.join(dist, 'index.html'));
  fake = await startFakeOpenAI();
  app = await startTestApp({ WEB_DIST: dist, AI_GPT_BASE_URL: fake.baseURL, AI_GPT_API_KEY: 'sk-gpt' });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function chatWith(person: Person, ...prompts: string[]): Promise<string> {
  const chat = await person.client.post('/api/chats');
  expect(chat.status).toBe(201);
  for (const content of prompts) await say(person, chat.body.id, content);
  // The first prompt titles a chat; then the owner names it.
  expect((await person.client.patch(`/api/chats/${chat.body.id}`, { title: 'Trip to Lisbon' })).status).toBe(
    200,
  );
  return chat.body.id;
}

async function say(person: Person, chatId: string, content: string, imageIds?: string[]) {
  const sent = await person.client.post(`/api/chats/${chatId}/messages`, { content, imageIds });
  expect(sent.status).toBe(201);
  return sent.body;
}

async function share(person: Person, chatId: string): Promise<{ token: string; url: string }> {
  const res = await person.client.post(`/api/chats/${chatId}/shares`);
  expect(res.status).toBe(201);
  return res.body;
}

const anonymous = () => new HttpClient(app.url);

async function makeFriends(x: Person, y: Person) {
  const { body } = await x.client.post('/api/friends/request', { username: y.username });
  await y.client.post(`/api/friendships/${body.friendship.id}/accept`);
}

describe('share links', () => {
  it('are a snapshot: a message sent after sharing does not appear', async () => {
    const a = await signedUpClient(app.url);
    const chatId = await chatWith(a, 'Where should we eat?');
    const link = await share(a, chatId);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${app.url}/share/${link.token}`);
    await say(a, chatId, 'And what about museums?');

    const read = await anonymous().get(`/api/shares/${link.token}`);
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('Trip to Lisbon');
    expect(read.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(read.body.messages[0]).toMatchObject({
      role: 'user',
      content: 'Where should we eat?',
    });
    expect(read.body.messages[1]).toMatchObject({ role: 'assistant', model: 'gpt', assistantName: 'GPT' });
    expect(read.body.messages[0].assistantName).toBeNull();
    expect(JSON.stringify(read.body)).not.toContain('museums');
    // The chat itself has all four.
    expect((await a.client.get(`/api/chats/${chatId}/messages`)).body).toHaveLength(4);

    // A second link takes the chat as it is now; the owner lists both, newest first.
    const second = await share(a, chatId);
    expect((await anonymous().get(`/api/shares/${second.token}`)).body.messages).toHaveLength(4);
    const list = await a.client.get(`/api/chats/${chatId}/shares`);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { token: string }) => s.token)).toEqual([second.token, link.token]);
    expect(list.body[1]).toMatchObject({ url: link.url, title: 'Trip to Lisbon', messageCount: 2 });

    // Deleting the chat takes its links with it.
    expect((await a.client.request('DELETE', `/api/chats/${chatId}`)).status).toBe(200);
    expect((await anonymous().get(`/api/shares/${link.token}`)).status).toBe(404);
    expect((await anonymous().get(`/api/shares/${second.token}`)).status).toBe(404);
  });

  it('revoked: the JSON, the page and the images answer 404', async () => {
    const a = await signedUpClient(app.url);
    await makePaid(a.userId);
    const chatId = await chatWith(a);
    const image = await a.client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    expect(image.status).toBe(201);
    await say(a, chatId, 'What is in this picture?', [image.body.id]);
    const link = await share(a, chatId);

    const read = await anonymous().get(`/api/shares/${link.token}`);
    const imageUrl = `/api/shares/${link.token}/images/0`;
    expect(read.body.messages[0].images).toEqual([imageUrl]);
    // The chat's own image stays private: signed out gets nothing from its private URL.
    expect((await fetch(app.url + image.body.url)).status).not.toBe(200);
    const picture = await fetch(app.url + imageUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG_1X1);
    expect((await fetch(`${app.url}/api/shares/${link.token}/images/1`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/shares/${link.token}/images/x`)).status).toBe(404);
    expect((await anonymous().get(`/share/${link.token}`)).status).toBe(200);

    // Continued by someone else, the picture is copied into their own files (its private URL is theirs).
    const b = await signedUpClient(app.url);
    const copy = await b.client.post(`/api/shares/${link.token}/continue`);
    const [prompt] = (await b.client.get(`/api/chats/${copy.body.id}/messages`)).body;
    expect(prompt.images).toHaveLength(1);
    expect(prompt.images[0]).toMatch(new RegExp(`^/media/private/images/${b.userId}/`));
    const theirs = await fetch(app.url + prompt.images[0], { headers: { cookie: b.client.cookieHeader } });
    expect(Buffer.from(await theirs.arrayBuffer())).toEqual(PNG_1X1);
    expect(
      (await fetch(app.url + image.body.url, { headers: { cookie: b.client.cookieHeader } })).status,
    ).toBe(404);

    const revoked = await a.client.request('DELETE', `/api/shares/${link.token}`);
    expect(revoked.status).toBe(200);
    expect((await anonymous().get(`/api/shares/${link.token}`)).status).toBe(404);
    const page = await anonymous().get(`/share/${link.token}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Shared Chat Not Found');
    expect((await fetch(app.url + imageUrl)).status).toBe(404);
    expect((await a.client.get(`/api/chats/${chatId}/shares`)).body).toEqual([]);
    expect((await a.client.request('DELETE', `/api/shares/${link.token}`)).status).toBe(404);
    expect((await a.client.post(`/api/shares/${link.token}/continue`)).status).toBe(404);
  });

  it("answer 404 while their owner is banned (a ban hides one's public content), and again after", async () => {
    const a = await signedUpClient(app.url);
    const link = await share(a, await chatWith(a, 'Plan a weekend in Porto'));
    expect((await anonymous().get(`/api/shares/${link.token}`)).status).toBe(200);
    await db().query('update users set banned_at = now() where id = $1', [a.userId]);
    expect((await anonymous().get(`/api/shares/${link.token}`)).status).toBe(404);
    expect((await anonymous().get(`/share/${link.token}`)).status).toBe(404);
    await db().query('update users set banned_at = null where id = $1', [a.userId]);
    expect((await anonymous().get(`/api/shares/${link.token}`)).status).toBe(200);
  });

  it("are the owner's: another user gets 404, signed out gets 401", async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const chatId = await chatWith(a, 'Private plans');
    const link = await share(a, chatId);

    expect((await b.client.post(`/api/chats/${chatId}/shares`)).status).toBe(404);
    expect((await b.client.get(`/api/chats/${chatId}/shares`)).status).toBe(404);
    expect((await b.client.request('DELETE', `/api/shares/${link.token}`)).status).toBe(404);
    expect((await b.client.post(`/api/shares/${link.token}/send`, { friendId: a.userId })).status).toBe(404);
    const viaGraphql = await b.client.gql('query($c: ID!) { chatShares(chatId: $c) { token } }', {
      c: chatId,
    });
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(
      (await b.client.gql('mutation($t: String!) { revokeChatShare(token: $t) }', { t: link.token }))
        .errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND');

    const stranger = anonymous();
    expect((await stranger.post(`/api/chats/${chatId}/shares`)).status).toBe(401);
    expect((await stranger.get(`/api/chats/${chatId}/shares`)).status).toBe(401);
    expect((await stranger.request('DELETE', `/api/shares/${link.token}`)).status).toBe(401);
    expect((await stranger.post(`/api/shares/${link.token}/continue`)).status).toBe(401);
    // Still live for readers.
    expect((await stranger.get(`/api/shares/${link.token}`)).status).toBe(200);

    // Malformed tokens and ids are links that do not exist, never a 500.
    for (const bad of ['x', 'a'.repeat(44), `${link.token.slice(0, 42)}!`, 'a'.repeat(500)]) {
      expect((await stranger.get(`/api/shares/${bad}`)).status).toBe(404);
      expect((await stranger.get(`/share/${bad}`)).status).toBe(404);
      expect((await stranger.get(`/api/shares/${bad}/images/0`)).status).toBe(404);
      expect((await a.client.request('DELETE', `/api/shares/${bad}`)).status).toBe(404);
    }
    // A NUL, or an escape that decodes to no text, is refused before any route, as everywhere.
    expect((await stranger.get('/api/shares/%00')).status).toBe(400);
    expect((await stranger.get('/api/shares/%E2%82')).status).toBe(400);
    expect((await stranger.get('/share/%00')).status).toBe(404);
    expect((await a.client.post('/api/chats/not-a-uuid/shares')).status).toBe(404);
    expect((await a.client.post(`/api/shares/${link.token}/send`, { friendId: 42 })).status).toBe(400);
  });

  it('continue: a signed-in reader gets a copy of their own with the same messages', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const chatId = await chatWith(a, 'Plan a weekend', 'Add a day trip');
    const link = await share(a, chatId);
    const original = (await a.client.get(`/api/chats/${chatId}/messages`)).body;

    const copy = await b.client.post(`/api/shares/${link.token}/continue`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Trip to Lisbon', userId: b.userId });
    expect(copy.body.id).not.toBe(chatId);
    const copied = (await b.client.get(`/api/chats/${copy.body.id}/messages`)).body;
    const shape = (m: { role: string; content: string; model: string | null }) => ({
      role: m.role,
      content: m.content,
      model: m.model,
    });
    expect(copied.map(shape)).toEqual(original.map(shape));
    expect((await b.client.get('/api/chats')).body.map((c: { id: string }) => c.id)).toContain(copy.body.id);
    // The copy is B's alone: A can't open it, and A's chat is untouched.
    expect((await a.client.get(`/api/chats/${copy.body.id}`)).status).toBe(404);
    expect((await a.client.get(`/api/chats/${chatId}/messages`)).body).toHaveLength(original.length);
    // B can go on talking in it.
    await say(b, copy.body.id, 'One more idea?');
    expect((await b.client.get(`/api/chats/${copy.body.id}/messages`)).body).toHaveLength(
      original.length + 2,
    );
  });

  it('are at most 20 per chat; revoking one makes room', async () => {
    const a = await signedUpClient(app.url);
    const chatId = await chatWith(a);
    const links = [];
    for (let i = 0; i < 20; i++) links.push(await share(a, chatId));
    const refused = await a.client.post(`/api/chats/${chatId}/shares`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'A chat can have at most 20 links: revoke one to make another',
      code: 'CONFLICT',
    });
    await a.client.request('DELETE', `/api/shares/${links[0]!.token}`);
    expect((await a.client.post(`/api/chats/${chatId}/shares`)).status).toBe(201);
  });

  it('can be sent to a friend as a direct message', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const chatId = await chatWith(a, 'Gift ideas');
    const link = await share(a, chatId);
    const notFriends = await a.client.post(`/api/shares/${link.token}/send`, { friendId: b.userId });
    expect(notFriends.status).toBe(403);

    await makeFriends(a, b);
    const sent = await a.client.post(`/api/shares/${link.token}/send`, { friendId: b.userId });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ senderId: a.userId, content: `Trip to Lisbon\n${link.url}` });
    const inbox = await b.client.gql(
      '{ conversations { participant { id } lastMessage { content senderId } unreadCount } }',
    );
    expect(inbox.data.conversations).toEqual([
      {
        participant: { id: a.userId },
        lastMessage: { content: `Trip to Lisbon\n${link.url}`, senderId: a.userId },
        unreadCount: 1,
      },
    ]);
  });

  it('the page: noindex, an Open Graph card from the first message, content escaped', async () => {
    const a = await signedUpClient(app.url);
    const chat = await a.client.post('/api/chats');
    await say(a, chat.body.id, 'Is <script>alert("x")</script> & "this" safe?');
    await a.client.patch(`/api/chats/${chat.body.id}`, { title: 'Cats </title><script>alert(1)</script>' });
    const link = await share(a, chat.body.id);

    const page = await anonymous().get(`/share/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.text).toContain('<meta name="robots" content="noindex" />');
    expect(page.text).not.toContain('rel="canonical"');
    expect(page.text).toContain(
      '<meta property="og:title" content="Cats &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Chorus" />',
    );
    expect(page.text).toContain(
      '<meta property="og:description" content="Is &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;this&quot; safe?" />',
    );
    expect(page.text).toContain('<meta property="og:type" content="article" />');
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('</title><script>');
    // Through GraphQL too, signed out.
    const viaGraphql = await anonymous().gql(
      'query($t: String!) { sharedChat(token: $t) { title messages { content } } }',
      {
        t: link.token,
      },
    );
    expect(viaGraphql.data.sharedChat.messages[0].content).toBe(
      'Is <script>alert("x")</script> & "this" safe?',
    );
  });
});

/** A request with a Host header of our choosing (fetch does not let one set it). */
function withHost(
  method: string,
  pathname: string,
  host: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const url = new URL(app.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: pathname,
        headers: {
          host,
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A real PNG (its signature is what is checked) padded to `bytes`. */
const bigPng = (bytes: number) => Buffer.concat([PNG_1X1, Buffer.alloc(bytes - PNG_1X1.length)]);

describe('continuing a shared chat', () => {
  it('holds the copies to the reader’s storage quota, also in parallel, and keeps nothing of a refused one', async () => {
    const a = await signedUpClient(app.url);
    await makePaid(a.userId);
    const chatId = await chatWith(a);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const image = await a.client.upload(
        '/api/chat/images',
        'image',
        bigPng(2_000_000),
        `big${i}.png`,
        'image/png',
      );
      expect(image.status).toBe(201);
      ids.push(image.body.id);
    }
    await say(a, chatId, 'Look at these', ids);
    const link = await share(a, chatId);

    // A Free reader (100 MB) with 10 MB left: each copy is 4 MB, so two fit and no more, however
    // many run at once.
    const b = await signedUpClient(app.url);
    await db().query(
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
       values (gen_random_uuid(), $1, 'big.bin', 'application/octet-stream', $2, $3, 'upload')`,
      [b.userId, 90 * 1024 * 1024, `uploads/${b.userId}/filler`],
    );
    const tries = await Promise.all(
      Array.from({ length: 6 }, () => b.client.post(`/api/shares/${link.token}/continue`)),
    );
    const statuses = tries.map((t) => t.status).sort();
    expect(statuses).toEqual([201, 201, 413, 413, 413, 413]);
    const refused = tries.find((t) => t.status === 413)!;
    expect(refused.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/Not enough storage/),
    });
    const usage = (await b.client.get('/api/files/usage')).body;
    expect(usage.imagesBytes).toBe(4 * 2_000_000);
    expect(usage.usedBytes).toBeLessThanOrEqual(usage.quotaBytes);
    // Nothing half-copied: two chats, and on disk exactly the four objects the rows name.
    const chats = (await b.client.get('/api/chats')).body as { title: string }[];
    // (The first prompt titled the chat: it had none before.)
    expect(chats.map((c) => c.title).sort()).toEqual(['Look at these', 'Look at these (copy)']);
    expect(readdirSync(path.join(app.config.storageDir, 'images', b.userId))).toHaveLength(4);
  }, 120_000);

  it('gives each copy a title of its own: "(copy)", "(copy 2)"…', async () => {
    const a = await signedUpClient(app.url);
    const chatId = await chatWith(a, 'Hello');
    const link = await share(a, chatId);
    const b = await signedUpClient(app.url);
    const titles = [];
    for (let i = 0; i < 4; i++)
      titles.push((await b.client.post(`/api/shares/${link.token}/continue`)).body.title);
    expect(titles).toEqual([
      'Trip to Lisbon',
      'Trip to Lisbon (copy)',
      'Trip to Lisbon (copy 2)',
      'Trip to Lisbon (copy 3)',
    ]);
    // The sharer continuing their own link gets a copy too, never a second chat of the same name.
    expect((await a.client.post(`/api/shares/${link.token}/continue`)).body.title).toBe(
      'Trip to Lisbon (copy)',
    );
  });

  it('are rate limited per user (SHARE_CONTINUES_PER_HOUR), over REST and GraphQL', async () => {
    const limited = await startTestApp({ SHARE_CONTINUES_PER_HOUR: '2' });
    try {
      const a = await signedUpClient(limited.url);
      const chat = await a.client.post('/api/chats');
      const link = (await a.client.post(`/api/chats/${chat.body.id}/shares`)).body;
      const b = await signedUpClient(limited.url);
      const tries = await Promise.all(
        Array.from({ length: 4 }, () => b.client.post(`/api/shares/${link.token}/continue`)),
      );
      expect(tries.map((t) => t.status).sort()).toEqual([201, 201, 429, 429]);
      expect(tries.find((t) => t.status === 429)!.body.message).toMatch(/Too many chats continued/);
      const viaGraphql = await b.client.gql(
        'mutation($t: String!) { continueSharedChat(token: $t) { id } }',
        {
          t: link.token,
        },
      );
      expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // Another user has their own count.
      const c = await signedUpClient(limited.url);
      expect((await c.client.post(`/api/shares/${link.token}/continue`)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('links without PUBLIC_URL', () => {
  it('never carry a forged Host header, in the link nor in the direct message', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    await makeFriends(a, b);
    const chatId = await chatWith(a, 'Gift ideas');
    const port = new URL(app.url).port;
    const cookie = a.client.cookieHeader;

    const forged = await withHost('POST', `/api/chats/${chatId}/shares`, 'evil.example', cookie);
    expect(forged.status).toBe(201);
    expect(forged.body.url).toBe(`http://localhost:${port}/share/${forged.body.token}`);
    const listed = await withHost('GET', `/api/chats/${chatId}/shares`, 'evil.example:8080', cookie);
    expect(listed.body.map((s: { url: string }) => s.url).join()).not.toContain('evil');
    const sent = await withHost('POST', `/api/shares/${forged.body.token}/send`, 'evil.example', cookie, {
      friendId: b.userId,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message.content).toBe(
      `Trip to Lisbon\nhttp://localhost:${port}/share/${forged.body.token}`,
    );
    const viaGraphql = await withHost('POST', '/graphql', 'evil.example', cookie, {
      query: 'query($c: ID!) { chatShares(chatId: $c) { url } }',
      variables: { c: chatId },
    });
    expect(JSON.stringify(viaGraphql.body)).not.toContain('evil');
    // A loopback name on the listening port is the server's own: links keep it.
    const own = await withHost('POST', `/api/chats/${chatId}/shares`, `127.0.0.1:${port}`, cookie);
    expect(own.body.url).toBe(`http://127.0.0.1:${port}/share/${own.body.token}`);
    // …but not on another port.
    const otherPort = await withHost('POST', `/api/chats/${chatId}/shares`, 'localhost:1', cookie);
    expect(otherPort.body.url).toBe(`http://localhost:${port}/share/${otherPort.body.token}`);
  });

  it('name a host of ALLOWED_HOSTS', async () => {
    const lan = await startTestApp({ ALLOWED_HOSTS: 'chorus.lan' });
    try {
      const a = await signedUpClient(lan.url);
      const chat = await a.client.post('/api/chats');
      const url = new URL(lan.url);
      const made = await new Promise<any>((resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: `/api/chats/${chat.body.id}/shares`,
            headers: { host: 'chorus.lan:8080', cookie: a.client.cookieHeader },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve(JSON.parse(text)));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(made.url).toBe(`http://chorus.lan:8080/share/${made.token}`);
    } finally {
      await lan.close();
    }
  });
});
