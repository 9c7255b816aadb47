import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Tools over MCP (api/src/modules/tools): servers connected per person (REST and GraphQL, owner
 * only), their tools listed live from an in-process MCP server made with the same SDK, and tool
 * calls in answers: the fake provider asks for one ([tool=NAME]), the asker approves or refuses it
 * (or trusted it before), and the result or the refusal goes back to the provider, which answers.
 */

/** Answers one MCP request (Streamable HTTP, stateless) with a server that has one tool, `echo`. */
function mcpHandler(calls: string[], authorizations: string[]) {
  return async (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    authorizations.push(req.headers.authorization ?? '');
    const mcp = new McpServer({ name: 'test-tools', version: '1.0.0' });
    mcp.registerTool(
      'echo',
      { description: 'Says the text back', inputSchema: { text: z.string() } },
      async ({ text }) => {
        calls.push(text);
        return { content: [{ type: 'text', text: `echo: ${text}` }] };
      },
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  };
}

/** An MCP server on 127.0.0.1 with the `echo` tool, open to anyone. */
async function startMcpServer() {
  const calls: string[] = [];
  const authorizations: string[] = [];
  const server = createServer(mcpHandler(calls, authorizations));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    authorizations,
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Person = Awaited<ReturnType<typeof signedUpClient>>;
type CallRow = { id: string; status: string; tool: string; result: string | null; arguments: unknown };

const callsOf = async (messageId: string): Promise<CallRow[]> =>
  (
    await db().query(
      'select id, status, tool, result, arguments from mcp_tool_calls where message_id = $1 order by created_at',
      [messageId],
    )
  ).rows;

/** The answer being written to the latest prompt of a chat (the send waits for it to end), not `before`. */
async function answerId(chatId: string, before?: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        id = (
          await db().query(
            `select id from messages where chat_id = $1 and role = 'assistant' order by created_at desc limit 1`,
            [chatId],
          )
        ).rows[0]?.id;
        return id !== before ? id : undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return id!;
}

async function pendingCall(messageId: string): Promise<CallRow> {
  let row: CallRow | undefined;
  await expect
    .poll(
      async () => {
        row = (await callsOf(messageId)).find((c) => c.status === 'pending');
        return row;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return row!;
}

async function newChat(p: Person): Promise<string> {
  const res = await p.client.post('/api/chats', { title: 'Tools', activeModel: 'gpt' });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('tools over MCP (MCP_ALLOW_PRIVATE_TARGETS=true)', () => {
  const mcp = useStarted(startMcpServer);
  const openai = useStarted(startFakeOpenAI);
  const app = useTestApp(() => ({
    ...assistantEnv(openai.baseURL, 'gpt'),
    MCP_ALLOW_PRIVATE_TARGETS: 'true',
    MCP_MAX_CALLS_PER_ANSWER: '3',
  }));
  const completions = () => openai.requests.filter((r) => r.path.endsWith('/chat/completions'));

  const connect = async (p: Person, body: Record<string, unknown> = {}) => {
    const res = await p.client.post('/api/mcp/servers', { name: 'local', url: mcp.url, ...body });
    expect(res.status).toBe(201);
    return res.body.server as { id: string; name: string; tokenHint: string | null; trustedTools: string[] };
  };

  it('connects a server, lists its tools live; only its owner sees it; signed out is 401', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const server = await connect(alice, { token: 'secret-token-1234' });
    expect(server).toMatchObject({ name: 'local', tokenHint: '…1234', trustedTools: [] });
    expect(JSON.stringify(server)).not.toContain('secret-token');
    const list = await alice.client.get('/api/mcp/servers');
    expect(list.body.servers.map((s: { id: string }) => s.id)).toEqual([server.id]);
    const tools = await alice.client.get(`/api/mcp/servers/${server.id}/tools`);
    expect(tools.status).toBe(200);
    expect(tools.body.tools).toEqual([
      expect.objectContaining({ name: 'echo', description: 'Says the text back' }),
    ]);
    expect(mcp.authorizations.at(-1)).toBe('Bearer secret-token-1234');
    const gql = await alice.client.gql(
      `query($id: ID!) { mcpServers { id name tokenHint } mcpServerTools(id: $id) { name inputSchema } }`,
      { id: server.id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.mcpServers).toEqual([{ id: server.id, name: 'local', tokenHint: '…1234' }]);
    expect(JSON.parse(gql.data.mcpServerTools[0].inputSchema).properties.text).toBeTruthy();

    // Another person: none of it is theirs.
    expect((await bob.client.get('/api/mcp/servers')).body.servers).toEqual([]);
    for (const res of [
      await bob.client.get(`/api/mcp/servers/${server.id}/tools`),
      await bob.client.patch(`/api/mcp/servers/${server.id}`, { name: 'mine' }),
      await bob.client.request('DELETE', `/api/mcp/servers/${server.id}`),
    ])
      expect(res.status).toBe(404);
    const bobGql = await bob.client.gql('mutation($id: ID!) { deleteMcpServer(id: $id) }', { id: server.id });
    expect(bobGql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Signed out.
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get('/api/mcp/servers')).status).toBe(401);
    expect((await anonymous.post('/api/mcp/servers', { name: 'x', url: mcp.url })).status).toBe(401);

    // Rename, remove the token, and delete.
    const patched = await alice.client.patch(`/api/mcp/servers/${server.id}`, {
      name: 'renamed',
      token: null,
    });
    expect(patched.body.server).toMatchObject({ name: 'renamed', tokenHint: null });
    expect((await alice.client.request('DELETE', `/api/mcp/servers/${server.id}`)).status).toBe(200);
    expect((await alice.client.get('/api/mcp/servers')).body.servers).toEqual([]);
  });

  it('refuses bad input with a 400 { message, code }, and says when a server cannot be reached', async () => {
    const alice = await signedUpClient(app.url);
    for (const body of [
      { name: 'x', url: 'ftp://example.com/mcp' },
      { name: 'x', url: 'not a url' },
      { name: 'has space', url: mcp.url },
      { name: '', url: mcp.url },
      { name: 'x', url: 42 },
      { name: 'x', url: 'https://user:pw@example.com/mcp' },
    ]) {
      const res = await alice.client.post('/api/mcp/servers', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    const server = await connect(alice);
    expect((await alice.client.patch(`/api/mcp/servers/${server.id}`, { trustedTools: 'echo' })).status).toBe(
      400,
    );
    expect((await alice.client.patch(`/api/mcp/servers/${server.id}`, { unknown: 1 })).status).toBe(400);
    expect((await alice.client.post('/api/mcp/servers', { name: 'local', url: mcp.url })).status).toBe(400);
    // A server that isn't there: a 502 that says so.
    const gone = await alice.client.post('/api/mcp/servers', { name: 'gone', url: 'http://127.0.0.1:9/mcp' });
    const tools = await alice.client.get(`/api/mcp/servers/${gone.body.server.id}/tools`);
    expect(tools.status).toBe(502);
    expect(tools.body.message).toMatch(/could not be reached/);
  });

  it('a tool call waits for approval; approved (once, whoever clicks twice) its result goes back to the model', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const server = await connect(alice);
    const chatId = await newChat(alice);
    const before = completions().length;
    const sending = alice.client.post(`/api/chats/${chatId}/messages`, {
      content: 'Say it [tool=local__echo]',
    });
    const messageId = await answerId(chatId);
    const call = await pendingCall(messageId);
    expect(call).toMatchObject({ tool: 'echo', arguments: { text: 'call 1' } });
    // The provider was offered the tool by its unique name.
    expect(completions()[before]!.body.tools).toEqual([
      expect.objectContaining({
        type: 'function',
        function: expect.objectContaining({ name: 'local__echo' }),
      }),
    ]);
    // Listed with the message, live, for its asker only.
    const listed = await alice.client.get(`/api/mcp/answers/${messageId}/calls`);
    expect(listed.body.calls).toEqual([
      expect.objectContaining({ id: call.id, status: 'pending', serverName: 'local' }),
    ]);
    expect((await bob.client.get(`/api/mcp/answers/${messageId}/calls`)).body.calls).toEqual([]);
    expect((await bob.client.post(`/api/mcp/calls/${call.id}/approve`)).status).toBe(404);
    expect(mcp.calls).toEqual([]);

    // Two approvals at once: one decides, the other is told it was decided.
    const decisions = await Promise.all([
      alice.client.post(`/api/mcp/calls/${call.id}/approve`, { trust: true }),
      alice.client.post(`/api/mcp/calls/${call.id}/approve`, { trust: true }),
    ]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const sent = await sending;
    expect(sent.status).toBe(201);
    expect(sent.body.aiMessage.content).toContain('Tool results: echo: call 1');
    expect(mcp.calls).toEqual(['call 1']);
    const second = completions().at(-1)!.body.messages;
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [expect.objectContaining({ id: 'call_1' })],
    });
    expect(second.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'echo: call 1' });
    expect(await callsOf(messageId)).toEqual([
      expect.objectContaining({ status: 'done', result: 'echo: call 1' }),
    ]);
    // Read with the message over GraphQL.
    const gql = await alice.client.gql(
      `query($chatId: ID!) { messages(chatId: $chatId, limit: 10) { id toolCalls { id tool serverName arguments result status } } }`,
      { chatId },
    );
    expect(gql.errors).toBeUndefined();
    const answer = gql.data.messages.find((m: { id: string }) => m.id === messageId);
    expect(answer.toolCalls).toEqual([
      {
        id: call.id,
        tool: 'echo',
        serverName: 'local',
        arguments: '{"text":"call 1"}',
        result: 'echo: call 1',
        status: 'done',
      },
    ]);

    // "Always allow": the tool is trusted, and the next call runs without asking.
    expect((await alice.client.get('/api/mcp/servers')).body.servers[0].trustedTools).toEqual(['echo']);
    const again = await alice.client.post(`/api/chats/${chatId}/messages`, {
      content: 'Again [tool=local__echo]',
    });
    expect(again.body.aiMessage.content).toContain('Tool results: echo: call 1');
    expect(await callsOf(again.body.aiMessage.id)).toEqual([expect.objectContaining({ status: 'done' })]);

    // Over the per-answer limit (3 here): the calls after it are not run; the model is told so.
    const many = await alice.client.post(`/api/chats/${chatId}/messages`, {
      content: 'Many [tool=local__echo] [calls=5]',
    });
    expect(many.status).toBe(201);
    expect(await callsOf(many.body.aiMessage.id)).toHaveLength(3);
    expect(many.body.aiMessage.content).toContain('No more tool calls: this answer may make at most 3');
    // And the request after the calls offers no more tools.
    expect(completions().at(-1)!.body.tools).toBeUndefined();
    void server;
  });

  it("offers a custom assistant's own tool servers when its owner asks it, and nobody else's", async () => {
    const alice = await signedUpClient(app.url);
    const friendOfNoOne = await signedUpClient(app.url);
    const first = await connect(alice, { name: 'one' });
    await connect(alice, { name: 'two', trustedTools: ['echo'] });
    const handle = `tooly${Date.now().toString(36)}`;
    const made = await alice.client.post('/api/assistants', {
      name: 'Tooly',
      handle,
      visibility: 'public',
      toolServerIds: [first.id],
    });
    expect(made.status).toBe(201);
    expect(made.body.toolServerIds).toEqual([first.id]);
    // Someone else's server can't be put on it.
    const theirs = await connect(friendOfNoOne, { name: 'theirs' });
    const refused = await alice.client.patch(`/api/assistants/${made.body.id}`, {
      toolServerIds: [theirs.id],
    });
    expect(refused.status).toBe(404);

    // Its owner asks it: only its server's tools are offered.
    const chatId = await newChat(alice);
    const before = completions().length;
    const sending = alice.client.post(`/api/chats/${chatId}/messages`, { content: `@${handle} hello there` });
    await expect.poll(() => completions().length > before, { timeout: 10_000 }).toBe(true);
    expect(
      completions()[before]!.body.tools.map((t: { function: { name: string } }) => t.function.name),
    ).toEqual(['one__echo']);
    expect((await sending).status).toBe(201);
    // A plain message to GPT in the same person's account offers both servers.
    const plain = completions().length;
    expect((await alice.client.post(`/api/chats/${chatId}/messages`, { content: '@gpt hello' })).status).toBe(
      201,
    );
    expect(
      completions()
        [plain]!.body.tools.map((t: { function: { name: string } }) => t.function.name)
        .sort(),
    ).toEqual(['one__echo', 'two__echo']);

    // Someone else using the public assistant gets their own servers' tools, never its owner's.
    const otherChat = await newChat(friendOfNoOne);
    const atOther = completions().length;
    expect(
      (await friendOfNoOne.client.post(`/api/chats/${otherChat}/messages`, { content: `@${handle} hi` }))
        .status,
    ).toBe(201);
    expect(
      completions()[atOther]!.body.tools.map((t: { function: { name: string } }) => t.function.name),
    ).toEqual(['theirs__echo']);
  });
  it('a refused call is not run: the model is told the user refused it; Stop ends a waiting answer', async () => {
    const alice = await signedUpClient(app.url);
    await connect(alice);
    const chatId = await newChat(alice);
    const sending = alice.client.post(`/api/chats/${chatId}/messages`, { content: 'Try [tool=local__echo]' });
    const messageId = await answerId(chatId);
    const call = await pendingCall(messageId);
    const calledBefore = mcp.calls.length;
    const refused = await alice.client.gql('mutation($id: ID!) { refuseToolCall(id: $id) { id status } }', {
      id: call.id,
    });
    expect(refused.data.refuseToolCall).toEqual({ id: call.id, status: 'refused' });
    const sent = await sending;
    expect(sent.body.aiMessage.content).toContain('Tool results: The user refused this tool call.');
    expect(completions().at(-1)!.body.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'The user refused this tool call.',
    });
    expect(mcp.calls.length).toBe(calledBefore);
    expect((await alice.client.post(`/api/mcp/calls/${call.id}/approve`)).status).toBe(409);

    // Stop while a call waits: the answer ends, the call counts as refused.
    const waiting = alice.client.post(`/api/chats/${chatId}/messages`, {
      content: 'Wait [tool=local__echo]',
    });
    const stoppedId = await answerId(chatId, messageId);
    await pendingCall(stoppedId);
    const stop = await alice.client.gql('mutation($id: ID!) { stopGeneration(messageId: $id) { id } }', {
      id: stoppedId,
    });
    expect(stop.errors).toBeUndefined();
    const ended = await waiting;
    expect(ended.body.aiMessage.status).toBe('stopped');
    expect(await callsOf(stoppedId)).toEqual([expect.objectContaining({ status: 'refused' })]);
  });
});

describe('tools over MCP with private targets refused (the default)', () => {
  const app = useTestApp();

  it('refuses loopback and private server addresses', async () => {
    const alice = await signedUpClient(app.url);
    for (const url of [
      'http://127.0.0.1:8080/mcp',
      'https://127.0.0.1/mcp',
      'https://10.0.0.5/mcp',
      'https://localhost/mcp',
    ]) {
      const res = await alice.client.post('/api/mcp/servers', { name: 'inside', url });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/https|private|local/);
    }
  });
});

/**
 * The same MCP server behind OAuth: its own authorization server (the SDK's demo provider, which
 * signs the person in at once and sends them back with a code), protected resource metadata, and
 * bearer tokens required on /mcp.
 */
async function startOAuthMcpServer() {
  const calls: string[] = [];
  const authorizations: string[] = [];
  const app = express();
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new DemoInMemoryAuthProvider();
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: new URL(`${base}/mcp`) }));
  app.use(
    '/mcp',
    requireBearerAuth({
      verifier: provider,
      resourceMetadataUrl: `${base}/.well-known/oauth-protected-resource/mcp`,
    }),
    (req, res) => void mcpHandler(calls, authorizations)(req, res),
  );
  return {
    calls,
    authorizations,
    url: `${base}/mcp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('tools over MCP from a server that asks for OAuth', () => {
  const mcp = useStarted(startOAuthMcpServer);
  const openai = useStarted(startFakeOpenAI);
  const app = useTestApp(() => ({
    ...assistantEnv(openai.baseURL, 'gpt'),
    MCP_ALLOW_PRIVATE_TARGETS: 'true',
  }));

  it('signs in (authorization code with PKCE), then lists and calls its tools with the token', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const created = await alice.client.post('/api/mcp/servers', { name: 'guarded', url: mcp.url });
    const id = created.body.server.id;
    expect(created.body.server.oauthSignedIn).toBe(false);
    // Not signed in: the server's 401 is said plainly.
    const before = await alice.client.get(`/api/mcp/servers/${id}/tools`);
    expect(before.status).toBe(502);
    expect(before.body.message).toMatch(/401|Sign in/);

    const started = await alice.client.post(`/api/mcp/servers/${id}/authorize`);
    expect(started.status).toBe(200);
    const authorizationUrl = new URL(started.body.authorizationUrl);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect((await bob.client.post(`/api/mcp/servers/${id}/authorize`)).status).toBe(404);
    // The person signs in there; the authorization server sends them back with a code.
    const signIn = await fetch(authorizationUrl, { redirect: 'manual' });
    const back = new URL(signIn.headers.get('location')!);
    expect(back.pathname).toBe('/api/mcp/oauth/callback');
    // Someone else's session can't use the code; nor can a made-up state.
    const stolen = await bob.client.get(`${back.pathname}${back.search}`);
    expect(stolen.headers.get('location')).toMatch(/oauthError=/);
    const bad = await alice.client.get('/api/mcp/oauth/callback?code=x&state=nope');
    expect(bad.headers.get('location')).toMatch(/oauthError=/);
    const done = await alice.client.get(`${back.pathname}${back.search}`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/settings/tools?signedIn=guarded');
    const servers = await alice.client.get('/api/mcp/servers');
    expect(servers.body.servers[0]).toMatchObject({ oauthSignedIn: true, tokenHint: null });
    expect(JSON.stringify(servers.body)).not.toMatch(/access_token|refresh_token/);

    const tools = await alice.client.get(`/api/mcp/servers/${id}/tools`);
    expect(tools.status).toBe(200);
    expect(tools.body.tools.map((t: { name: string }) => t.name)).toEqual(['echo']);
    expect(mcp.authorizations.at(-1)).toMatch(/^Bearer \S+/);

    // An answer's call goes through with the token too.
    await alice.client.patch(`/api/mcp/servers/${id}`, { trustedTools: ['echo'] });
    const chat = await alice.client.post('/api/chats', { title: 'OAuth', activeModel: 'gpt' });
    const sent = await alice.client.post(`/api/chats/${chat.body.id}/messages`, {
      content: 'Echo [tool=guarded__echo]',
    });
    expect(sent.body.aiMessage.content).toContain('Tool results: echo: call 1');
    expect(mcp.calls).toEqual(['call 1']);
  });
});
