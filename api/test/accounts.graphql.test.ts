import { createClient } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';

const app = useTestApp();

const USER_FIELDS = 'id username email displayName bio points createdAt lastActive';
const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { user { ${USER_FIELDS} } } }`;

async function signedUp() {
  const client = new HttpClient(app.url);
  const username = uniqueName();
  const res = await client.gql(REGISTER, {
    input: { username, email: `${username}@example.com`, password: 'secret123' },
  });
  expect(res.errors).toBeUndefined();
  return { client, username, user: res.data.register.user };
}

describe('GraphQL accounts', () => {
  it('me is null when signed out and the user when signed in', async () => {
    const anon = await new HttpClient(app.url).gql(`{ me { id } }`);
    expect(anon.data).toEqual({ me: null });
    const { client, username, user } = await signedUp();
    const me = await client.gql(`{ me { ${USER_FIELDS} } }`);
    expect(me.data.me).toMatchObject({ id: user.id, username, points: 0, displayName: null });
    expect(new Date(me.data.me.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a repeated me from memory, without forking a database session', async () => {
    const { client, user } = await signedUp();
    expect((await client.gql('{ me { id } }')).data.me.id).toBe(user.id);
    // Apollo copies the context for every operation; the lazy EntityManager must survive that copy.
    const fork = vi.spyOn(app.orm.em, 'fork');
    try {
      expect((await client.gql('{ me { id username } }')).data.me.id).toBe(user.id);
      expect(fork).not.toHaveBeenCalled();
      // An operation that does need the database still gets its own session.
      expect((await client.gql('{ chats { id } }')).errors).toBeUndefined();
      expect(fork).toHaveBeenCalled();
    } finally {
      fork.mockRestore();
    }
  });

  it('has no way to ask for a password', async () => {
    const { client } = await signedUp();
    const res = await client.gql(`{ me { password } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('reports validation and conflicts with codes and the spec messages', async () => {
    const client = new HttpClient(app.url);
    const short = await client.gql(REGISTER, {
      input: { username: 'ab', email: 'a@b.co', password: 'secret1' },
    });
    expect(short.errors?.[0]).toMatchObject({
      message: 'Username must be at least 3 characters long',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const { username } = await signedUp();
    const dup = await client.gql(REGISTER, {
      input: { username, email: `${uniqueName()}@x.io`, password: 'secret1' },
    });
    expect(dup.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('logs in, logs out and reports a bad login as UNAUTHENTICATED', async () => {
    const { username } = await signedUp();
    const client = new HttpClient(app.url);
    const bad = await client.gql(
      `mutation { login(input: { username: "${username}", password: "nope-nope" }) { user { id } } }`,
    );
    expect(bad.errors?.[0]).toMatchObject({
      message: 'Invalid username or password',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const ok = await client.gql(
      `mutation { login(input: { username: "${username}", password: "secret123" }) { user { username } } }`,
    );
    expect(ok.data.login.user.username).toBe(username);
    expect((await client.gql(`{ me { username } }`)).data.me.username).toBe(username);
    await client.gql(`mutation { logout }`);
    expect((await client.gql(`{ me { username } }`)).data.me).toBeNull();
  });

  it('updates the profile of the signed-in user only', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const res = await b.client.gql(
      `mutation { updateProfile(input: { displayName: "Bee", bio: "hi" }) { id displayName bio } }`,
    );
    expect(res.data.updateProfile).toEqual({ id: b.user.id, displayName: 'Bee', bio: 'hi' });
    expect((await a.client.gql(`{ me { displayName } }`)).data.me.displayName).toBeNull();
    const anon = await new HttpClient(app.url).gql(`mutation { updateProfile(input: { bio: "x" }) { id } }`);
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('keeps settings per user on the server', async () => {
    const a = await signedUp();
    const b = await signedUp();
    expect(
      (await a.client.gql(`{ mySettings { darkMode enableStreaming allowNotifications enableSounds } }`)).data
        .mySettings,
    ).toEqual({
      darkMode: false,
      enableStreaming: true,
      allowNotifications: true,
      enableSounds: true,
    });
    await a.client.gql(
      `mutation { updateSettings(input: { darkMode: true, enableSounds: false }) { darkMode } }`,
    );
    await a.client.gql(`mutation { updateSettings(input: { enableStreaming: false }) { darkMode } }`);
    expect(
      (await a.client.gql(`{ mySettings { darkMode enableSounds enableStreaming } }`)).data.mySettings,
    ).toEqual({
      darkMode: true,
      enableSounds: false,
      enableStreaming: false,
    });
    expect((await b.client.gql(`{ mySettings { darkMode } }`)).data.mySettings.darkMode).toBe(false);
    // The REST view of the same settings agrees.
    expect((await a.client.get('/api/users/settings')).body).toMatchObject({
      darkMode: true,
      enableSounds: false,
    });
  });

  it('saves the appearance chosen before sign-up with the new account', async () => {
    const client = new HttpClient(app.url);
    const name = uniqueName('dark');
    const res = await client.gql(
      `mutation($input: RegisterInput!) { register(input: $input) { user { id } } }`,
      { input: { username: name, email: `${name}@example.com`, password: 'secret123', darkMode: true } },
    );
    expect(res.errors).toBeUndefined();
    expect((await client.gql(`{ mySettings { darkMode enableSounds } }`)).data.mySettings).toEqual({
      darkMode: true,
      enableSounds: true,
    });
  });
});

describe('GraphQL protections', () => {
  it("blocks simple cross-site requests (Apollo's CSRF prevention)", async () => {
    const res = await new HttpClient(app.url).request(
      'POST',
      '/graphql',
      JSON.stringify({ query: '{ me { id } }' }),
      {
        'content-type': 'text/plain',
      },
    );
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/CSRF/i);
  });

  it('rejects too many aliases', async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: healthy`).join(' ');
    const res = await new HttpClient(app.url).gql(`{ ${aliases} }`);
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('rejects documents nested too deep', async () => {
    const deep = `{ __type(name: "User") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }`;
    const res = await new HttpClient(app.url).gql(deep);
    expect(res.errors?.[0]?.message).toMatch(/depth/i);
  });
});

describe('graphql-ws', () => {
  function wsClient(cookie?: string) {
    class CookieWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, cookie ? { headers: { cookie } } : {});
      }
    }
    return createClient({
      url: `${app.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: CookieWebSocket,
      retryAttempts: 0,
    });
  }

  it('streams an authenticated ping to the signed-in user', async () => {
    const { client, username } = await signedUp();
    const ws = wsClient(client.cookieHeader);
    const pongs: { seq: number; username: string }[] = [];
    for await (const msg of ws.iterate<{ ping: { seq: number; username: string } }>({
      query: 'subscription { ping(count: 3, intervalMs: 20) { seq username at } }',
    })) {
      pongs.push(msg.data!.ping);
    }
    await ws.dispose();
    expect(pongs).toEqual([1, 2, 3].map((seq) => expect.objectContaining({ seq, username })));
  });

  it('refuses the ping without a session', async () => {
    const ws = wsClient();
    const results: unknown[] = [];
    let failure: unknown;
    try {
      for await (const msg of ws.iterate({ query: 'subscription { ping(count: 1) { seq } }' }))
        results.push(msg);
    } catch (e) {
      failure = e;
    }
    await ws.dispose();
    expect(results).toEqual([]);
    expect(failure).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
    ]);
  });

  it('applies the same limits to subscriptions', async () => {
    const ws = wsClient();
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: ping(count: 1) { seq }`).join(' ');
    await expect(
      (async () => {
        for await (const _ of ws.iterate({ query: `subscription { ${aliases} }` })) {
          // no results expected
        }
      })(),
    ).rejects.toBeTruthy();
    await ws.dispose();
  });
});
