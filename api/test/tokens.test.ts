import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Personal API tokens (api/src/modules/tokens): made, listed and revoked in a session; the secret
 * works as `Authorization: Bearer` on /api and /graphql with exactly its scopes (core/scopes.ts),
 * never from the URL, never to manage tokens, counted per person a minute.
 */

const LIMIT = 40;
const app = useTestApp({ API_TOKEN_REQUESTS_PER_MINUTE: String(LIMIT) });
type Person = Awaited<ReturnType<typeof signedUpClient>>;

async function makeToken(p: Person, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await p.client.post('/api/tokens', { name: `t ${scopes.join('+')}`, scopes, ...extra });
  expect(res.status).toBe(201);
  return res.body as { token: { id: string; prefix: string; scopes: string[] }; secret: string };
}

/** A script: no cookies, only the token. */
function bearer(secret: string, headers: Record<string, string> = {}) {
  const client = new HttpClient(app.url);
  const auth = { authorization: `Bearer ${secret}`, ...headers };
  return {
    get: (path: string) => client.request('GET', path, undefined, auth),
    send: (method: string, path: string, body: unknown = {}) => client.request(method, path, body, auth),
    gql: async (query: string, variables?: Record<string, unknown>) => {
      const res = await client.request('POST', '/graphql', { query, variables }, auth);
      return {
        status: res.status,
        data: res.body?.data,
        errors: res.body?.errors as { message: string; extensions: { code: string } }[] | undefined,
      };
    },
  };
}

describe('API tokens', () => {
  it('are made, listed and revoked by their owner; the secret is shown once and stored only hashed', async () => {
    const owner = await signedUpClient(app.url);
    const made = await owner.client.post('/api/tokens', {
      name: '  CI script ',
      scopes: ['read', 'chat'],
      expiresInDays: 30,
    });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^chorus_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.body.token).toMatchObject({
      name: 'CI script',
      scopes: ['read', 'chat'],
      status: 'active',
      lastUsedAt: null,
      revokedAt: null,
      prefix: made.body.secret.slice(0, 15),
    });
    const days = (Date.parse(made.body.token.expiresAt) - Date.parse(made.body.token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const never = await makeToken(owner, ['files'], { expiresInDays: null });
    const list = await owner.client.get('/api/tokens');
    expect(list.status).toBe(200);
    expect(list.body.tokens.map((t: { id: string }) => t.id)).toEqual([never.token.id, made.body.token.id]);
    expect(list.body.tokens[0].expiresAt).toBeNull();
    // The list never carries the secret; the database holds only its hash.
    expect(JSON.stringify(list.body)).not.toContain(made.body.secret);
    const stored = await db().query('select * from api_tokens where id = $1', [made.body.token.id]);
    expect(JSON.stringify(stored.rows[0])).not.toContain(made.body.secret.slice(15));

    const gql = await owner.client.gql('{ apiTokens { id name status } }');
    expect(gql.data.apiTokens).toHaveLength(2);

    const revoked = await owner.client.request('DELETE', `/api/tokens/${made.body.token.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.token).toMatchObject({ status: 'revoked', revokedAt: expect.stringMatching(/Z$/) });
    const viaGql = await owner.client.gql('mutation($id: ID!) { revokeApiToken(id: $id) { status } }', {
      id: never.token.id,
    });
    expect(viaGql.data.revokeApiToken.status).toBe('revoked');
    const made2 = await owner.client.gql(
      'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { secret token { scopes expiresAt } } }',
      { i: { name: 'gql', scopes: ['video', 'read'], expiresInDays: 7 } },
    );
    expect(made2.data.createApiToken.secret).toMatch(/^chorus_pat_/);
    expect(made2.data.createApiToken.token.scopes).toEqual(['read', 'video']);
  });

  it('refuses bad input with 400 and a message', async () => {
    const owner = await signedUpClient(app.url);
    const bad: [unknown, RegExp][] = [
      [{ scopes: ['read'] }, /name/],
      [{ name: '', scopes: ['read'] }, /name/],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, /100/],
      [{ name: 'a\u0007b', scopes: ['read'] }, /control/],
      [{ name: 'x', scopes: [] }, /scopes/],
      [{ name: 'x', scopes: ['admin'] }, /read, chat, video, files/],
      [{ name: 'x', scopes: 'read' }, /scopes/],
      [{ name: 'x', scopes: ['read'], expiresInDays: 5 }, /expiresInDays/],
      [{ name: 'x', scopes: ['read'], expiresInDays: '30' }, /expiresInDays/],
      [{ name: 42, scopes: ['read'] }, /name/],
      ['[]', /name/],
    ];
    for (const [body, message] of bad) {
      const res = await owner.client.post('/api/tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.code).toBe('BAD_USER_INPUT');
    }
    expect((await owner.client.request('DELETE', '/api/tokens/not-a-uuid')).status).toBe(400);
    const gql = await owner.client.gql(
      'mutation { createApiToken(input: { name: "x", scopes: ["nope"] }) { secret } }',
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("are their owner's alone: another person gets 404, a visitor 401", async () => {
    const [owner, other] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const { token, secret } = await makeToken(owner, ['read']);
    expect((await other.client.get('/api/tokens')).body.tokens).toEqual([]);
    const theirs = await other.client.request('DELETE', `/api/tokens/${token.id}`);
    expect(theirs.status).toBe(404);
    expect(
      (await other.client.gql('mutation($id: ID!) { revokeApiToken(id: $id) { id } }', { id: token.id }))
        .errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect((await bearer(secret).get('/api/auth/status')).status).toBe(200);

    const visitor = new HttpClient(app.url);
    expect((await visitor.get('/api/tokens')).status).toBe(401);
    expect((await visitor.post('/api/tokens', { name: 'x', scopes: ['read'] })).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/tokens/${token.id}`)).status).toBe(401);
    expect((await visitor.gql('{ apiTokens { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('sign a script in on REST and GraphQL as their owner', async () => {
    const owner = await signedUpClient(app.url);
    const { secret, token } = await makeToken(owner, ['read']);
    const script = bearer(secret);
    const status = await script.get('/api/auth/status');
    expect(status.status).toBe(200);
    expect(status.body.username).toBe(owner.username);
    // No session was made for it.
    expect(status.headers.getSetCookie()).toEqual([]);
    const me = await script.gql('{ me { username } }');
    expect(me.status).toBe(200);
    expect(me.data.me.username).toBe(owner.username);
    const chats = await script.get('/api/chats');
    expect(chats.status).toBe(200);

    // Last used is recorded (after the answer), and not rewritten within the minute.
    await expect
      .poll(async () => (await owner.client.get('/api/tokens')).body.tokens[0].lastUsedAt)
      .not.toBeNull();
    const first = (await owner.client.get('/api/tokens')).body.tokens[0].lastUsedAt;
    await script.get('/api/chats');
    await new Promise((r) => setTimeout(r, 100));
    expect((await owner.client.get('/api/tokens')).body.tokens[0].lastUsedAt).toBe(first);
    expect(token.id).toBe((await owner.client.get('/api/tokens')).body.tokens[0].id);
  });

  it('allow exactly their scopes, and deny what no scope names', async () => {
    const owner = await signedUpClient(app.url);
    const readSecret = (await makeToken(owner, ['read'])).secret;
    const read = bearer(readSecret);
    const chat = bearer((await makeToken(owner, ['chat'])).secret);
    const video = bearer((await makeToken(owner, ['video'])).secret);
    const filesSecret = (await makeToken(owner, ['files'])).secret;
    const files = bearer(filesSecret);
    const all = bearer((await makeToken(owner, ['read', 'chat', 'video', 'files'])).secret);
    const missing = (scope: string) => new RegExp(`lacks the "${scope}" scope`);

    // read: GETs and queries.
    expect((await chat.get('/api/chats')).status).toBe(403);
    expect((await chat.get('/api/chats')).body.message).toMatch(missing('read'));
    expect((await chat.gql('{ me { id } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await read.gql('{ me { id } }')).data.me.id).toBe(owner.userId);

    // chat: starting chats (REST and GraphQL).
    const refused = await read.send('POST', '/api/chats', { title: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: missing('chat') });
    expect((await chat.send('POST', '/api/chats', { title: 'by token' })).status).toBe(201);
    const viaGql = await chat.gql('mutation { createChat(input: { title: "gql" }) { id } }');
    expect(viaGql.data.createChat.id).toBeTruthy();
    const noChat = await video.gql('mutation { createChat(input: { title: "gql" }) { id } }');
    expect(noChat.status).toBe(403);
    expect(noChat.errors?.[0]?.message).toMatch(missing('chat'));

    // video: the route runs (its own validation answers), or 403 without the scope.
    expect((await read.send('POST', '/api/videos/generate', {})).status).toBe(403);
    expect((await video.send('POST', '/api/videos/generate', {})).status).toBe(400);
    expect((await files.send('POST', '/api/posts', {})).body.message).toMatch(missing('video'));

    // files: deleting a file that is not there is the route's 404, not the gate's 403.
    const nowhere = '00000000-0000-4000-8000-000000000000';
    expect((await chat.send('DELETE', `/api/files/${nowhere}`)).body.message).toMatch(missing('files'));
    expect((await files.send('DELETE', `/api/files/${nowhere}`)).status).toBe(404);
    const gqlFiles = await files.gql('mutation($id: ID!) { deleteFile(id: $id) }', { id: nowhere });
    expect(gqlFiles.errors?.[0]?.extensions?.code).not.toBe('FORBIDDEN');

    // With their scopes, a script sends a message and uploads a file (multipart, from no page at all).
    const chatId = (await chat.send('POST', '/api/chats', { title: 'sent by a script' })).body.id;
    expect((await read.send('POST', `/api/chats/${chatId}/messages`, { content: 'Hi' })).status).toBe(403);
    const sent = await chat.send('POST', `/api/chats/${chatId}/messages`, { content: 'Hello from a script' });
    expect(sent.status).toBe(201);
    const upload = (secret: string) => {
      const form = new FormData();
      form.append('file', new Blob(['# Notes\n'], { type: 'text/markdown' }), 'notes.md');
      return fetch(`${app.url}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, origin: 'https://elsewhere.example' },
        body: form,
      });
    };
    expect((await upload(readSecret)).status).toBe(403);
    expect((await upload(filesSecret)).status).toBe(201);

    // Unmapped writes are refused to every token; so are the account's session-only calls.
    for (const [method, path] of [
      ['POST', '/api/auth/password'],
      ['POST', '/api/auth/logout'],
      ['PATCH', '/api/users/update'],
      ['DELETE', '/api/account'],
      ['POST', '/api/friends/request'],
      ['POST', '/api/subscription/checkout'],
    ] as const) {
      const res = await all.send(method, path, {});
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toMatch(/API tokens cannot be used/);
    }
    expect((await all.get('/api/auth/sessions')).status).toBe(403);
    expect((await all.get('/api/AUTH/sessions/')).status).toBe(403);
    const gqlDenied = await all.gql(
      'mutation { changePassword(input: { currentPassword: "secret123", newPassword: "another123" }) { id } }',
    );
    expect(gqlDenied.status).toBe(403);
    expect((await all.gql('{ mySessions { id } }')).status).toBe(403);
    // A denied field anywhere in the operation (aliased, in a fragment) refuses the whole operation.
    const hidden = await all.gql('query { me { id } ...F } fragment F on Query { s: mySessions { id } }');
    expect(hidden.status).toBe(403);
    expect(hidden.data).toBeUndefined();
    // The session still works as ever.
    expect((await owner.client.get('/api/auth/sessions')).status).toBe(200);
  });

  it("read and use custom assistants with exactly their scopes; making them is the app's", async () => {
    const owner = await signedUpClient(app.url);
    const handle = `tok${Date.now().toString(36)}`;
    const made = await owner.client.post('/api/assistants', { name: 'Scripted', handle });
    expect(made.status).toBe(201);
    const reader = bearer((await makeToken(owner, ['read'])).secret);
    const chatter = bearer((await makeToken(owner, ['read', 'chat'])).secret);
    // read lists them (REST and GraphQL) and can't send to one or make one.
    const listed = await reader.get('/api/assistants');
    expect(listed.status).toBe(200);
    expect(listed.body.assistants.map((a: { handle: string }) => a.handle)).toContain(handle);
    expect((await reader.gql('{ customAssistants { handle } }')).data.customAssistants).toEqual([{ handle }]);
    const chat = await owner.client.post('/api/chats', {});
    const refused = await reader.send('POST', `/api/chats/${chat.body.id}/messages`, {
      content: `@${handle} hi`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"chat" scope');
    // chat sends to it by @handle or custom:<id>.
    const sent = await chatter.send('POST', `/api/chats/${chat.body.id}/messages`, {
      content: `@${handle} hi`,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.aiMessage.customAssistantId).toBe(made.body.id);
    const picked = await chatter.send('POST', `/api/chats/${chat.body.id}/messages`, {
      content: 'again',
      assistantId: `custom:${made.body.id}`,
    });
    expect(picked.body.aiMessage.customAssistantId).toBe(made.body.id);
    // No scope makes, changes or deletes one.
    for (const res of [
      await chatter.send('POST', '/api/assistants', { name: 'x', handle: `${handle}x` }),
      await chatter.send('PATCH', `/api/assistants/${made.body.id}`, { name: 'y' }),
      await chatter.send('DELETE', `/api/assistants/${made.body.id}`),
    ])
      expect(res.status).toBe(403);
  });

  it('cannot manage tokens', async () => {
    const owner = await signedUpClient(app.url);
    const { token, secret } = await makeToken(owner, ['read', 'chat', 'video', 'files']);
    const script = bearer(secret);
    for (const res of [
      await script.get('/api/tokens'),
      await script.send('POST', '/api/tokens', { name: 'x', scopes: ['read'] }),
      await script.send('DELETE', `/api/tokens/${token.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Managing API tokens needs a signed-in session/);
    }
    for (const query of [
      '{ apiTokens { id } }',
      'mutation { createApiToken(input: { name: "x", scopes: ["read"] }) { secret } }',
      `mutation { revokeApiToken(id: "${token.id}") { id } }`,
    ]) {
      const res = await script.gql(query);
      expect(res.status).toBe(403);
      expect(res.errors?.[0]?.message).toMatch(/Managing API tokens/);
    }
    // Even with the owner's cookie beside it, the token decides.
    const both = await owner.client.request('GET', '/api/tokens', undefined, {
      authorization: `Bearer ${secret}`,
    });
    expect(both.status).toBe(403);
    expect((await owner.client.get('/api/tokens')).body.tokens[0].status).toBe('active');
  });

  it('answer 401 once revoked or expired, for unknown or malformed secrets, and from the URL', async () => {
    const owner = await signedUpClient(app.url);
    const revoked = await makeToken(owner, ['read']);
    const expired = await makeToken(owner, ['read'], { expiresInDays: 7 });
    const good = await makeToken(owner, ['read']);
    expect((await bearer(revoked.secret).get('/api/auth/status')).status).toBe(200);
    await owner.client.request('DELETE', `/api/tokens/${revoked.token.id}`);
    const afterRevoke = await bearer(revoked.secret).get('/api/auth/status');
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.message).toMatch(/revoked/);
    expect((await bearer(revoked.secret).gql('{ me { id } }')).status).toBe(401);

    await db().query(`update api_tokens set expires_at = now() - interval '1 second' where id = $1`, [
      expired.token.id,
    ]);
    const afterExpiry = await bearer(expired.secret).get('/api/auth/status');
    expect(afterExpiry.status).toBe(401);
    expect(afterExpiry.body.message).toMatch(/expired/);
    expect(
      (await owner.client.get('/api/tokens')).body.tokens.find(
        (t: { id: string }) => t.id === expired.token.id,
      ).status,
    ).toBe('expired');

    const guessed = `chorus_pat_${'A'.repeat(43)}`;
    for (const secret of [guessed, 'nonsense', '', good.secret.slice(0, -1)]) {
      expect((await bearer(secret).get('/api/auth/status')).status, secret).toBe(401);
    }

    const visitor = new HttpClient(app.url);
    for (const path of [
      `/api/auth/status?token=${good.secret}`,
      `/api/auth/status?access_token=${good.secret}`,
      `/api/chats?token=${good.secret}`,
      `/graphql?access_token=${good.secret}&query=%7Bme%7Bid%7D%7D`,
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(401);
    }
    // Refused even beside a good header: a URL is never where a token goes.
    expect((await bearer(good.secret).get(`/api/auth/status?token=${good.secret}`)).status).toBe(401);
  });

  it('need no cross-site check without a session cookie (a script is no browser)', async () => {
    const owner = await signedUpClient(app.url);
    const { secret } = await makeToken(owner, ['chat']);
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    // Bodiless posts and uploads are checked for their origin only when a cookie could have ridden on them.
    const client = new HttpClient(app.url);
    const bodiless = await client.request('POST', '/api/chats', undefined, {
      authorization: `Bearer ${secret}`,
      ...evil,
    });
    expect(bodiless.status).toBe(201);
    const withCookie = await owner.client.request('POST', '/api/chats', undefined, {
      authorization: `Bearer ${secret}`,
      ...evil,
    });
    expect(withCookie.status).toBe(403);
    expect(withCookie.body.message).toMatch(/other sites/);
  });

  it('are rate-limited per person, across all their tokens, under a parallel burst', async () => {
    const owner = await signedUpClient(app.url);
    const a = bearer((await makeToken(owner, ['read'])).secret);
    const b = bearer((await makeToken(owner, ['read'])).secret);
    const burst = await Promise.all(
      Array.from({ length: LIMIT + 10 }, (_, i) => (i % 2 ? a : b).get('/api/auth/status')),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const limited = burst.find((r) => r.status === 429);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    // The person's session is not counted against it.
    expect((await owner.client.get('/api/auth/status')).status).toBe(200);
    // Someone else's tokens have their own budget.
    const other = await signedUpClient(app.url);
    expect((await bearer((await makeToken(other, ['read'])).secret).get('/api/auth/status')).status).toBe(
      200,
    );
  });

  it('stop working when their owner is suspended', async () => {
    const owner = await signedUpClient(app.url);
    const { secret } = await makeToken(owner, ['read']);
    await db().query(`update users set suspended_until = now() + interval '1 day' where id = $1`, [
      owner.userId,
    ]);
    const res = await bearer(secret).get('/api/auth/status');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/suspended/);
  });
});
