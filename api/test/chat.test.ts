import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp, useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, paidClient, signedUpClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';
import { findAssistant } from '../src/modules/chat/core/catalogue.ts';
import { modePrompts, systemPrompts } from '../src/modules/chat/core/prompts.ts';
import { catalogueVersion, loadProfiles } from '../src/modules/chat/providers/profiles.ts';
import { streamAnswer } from '../src/modules/chat/providers/providers.ts';

const fake = useStarted(startFakeOpenAI);
const aiEnv = (): Record<string, string> => ({
  ...assistantEnv(fake.baseURL, 'gpt', 'claude', 'code', 'study'),
  AI_CLAUDE_MODEL: 'claude-test-model',
  AI_TIMEOUT_MS: '1500',
  AI_IDLE_TIMEOUT_MS: '1000',
});
const app = useTestApp(aiEnv);

const paidUser = () => paidClient(app.url);

async function newChat(client: HttpClient) {
  const res = await client.post('/api/chats', { title: 'New Chat', activeModel: 'gpt' });
  expect(res.status).toBe(201);
  return res.body;
}

const send = (client: HttpClient, chatId: string, content: string) =>
  client.post(`/api/chats/${chatId}/messages`, { content });

describe('assistant catalogue', () => {
  it('lists the nine assistants with gpt as default and marks those without keys offline', async () => {
    const res = await new HttpClient(app.url).get('/api/models');
    expect(res.status).toBe(200);
    // The spec's table (§3: id and command), restated on purpose rather than imported from
    // catalogue.ts: the catalogue must not drift from it unnoticed.
    expect(res.body.map((a: { id: string; command: string }) => [a.id, a.command])).toEqual([
      ['gpt', '@gpt'],
      ['claude', '@claude'],
      ['grok', '@grok'],
      ['gemini', '@gemini'],
      ['perplexity', '@perplexity'],
      ['code', '@code'],
      ['study', '@study'],
      ['image', '@image'],
      ['video', '@video'],
    ]);
    const byId = Object.fromEntries(res.body.map((a: { id: string }) => [a.id, a]));
    expect(byId.gpt).toMatchObject({ isDefault: true, command: '@gpt', offline: false, name: 'GPT' });
    expect(byId.claude).toMatchObject({ isDefault: false, command: '@claude', offline: false });
    expect(byId.grok).toMatchObject({ offline: true, command: '@grok' });
    expect(byId.video).toMatchObject({ kind: 'video', command: '@video' });
    for (const a of res.body)
      expect(Object.keys(a)).toEqual(
        expect.arrayContaining(['id', 'name', 'shortName', 'color', 'command', 'initial', 'isDefault']),
      );
    expect(JSON.stringify(res.body)).not.toContain('sk-test');
  });

  it('has a version that changes when the configuration changes', async () => {
    const v1 = (await new HttpClient(app.url).get('/api/models/version')).body.version;
    expect(v1).toMatch(/^[0-9a-f]{12}$/);
    const other = await startTestApp({
      ...aiEnv(),
      AI_GROK_API_KEY: 'sk-grok',
      AI_GROK_BASE_URL: fake.baseURL,
    });
    try {
      expect((await new HttpClient(other.url).get('/api/models/version')).body.version).not.toBe(v1);
      expect(
        (await new HttpClient(other.url).gql('{ catalogue { version } }')).data.catalogue.version,
      ).not.toBe(v1);
    } finally {
      await other.close();
    }
  });
});

describe('provider configuration', () => {
  const versionOf = (env: Record<string, string>) => catalogueVersion(loadProfiles(env));

  it('puts system prompts and timeouts into the catalogue version, never a key', () => {
    const base = versionOf({});
    expect(versionOf({ AI_GPT_SYSTEM_PROMPT: 'Be brief.' })).not.toBe(base);
    expect(versionOf({ AI_TIMEOUT_MS: '5000' })).not.toBe(base);
    expect(versionOf({ AI_IDLE_TIMEOUT_MS: '5000' })).not.toBe(base);
    expect(versionOf({ AI_GPT_API_KEY: 'sk-one' })).toBe(versionOf({ AI_GPT_API_KEY: 'sk-two' }));
  });

  it('takes a system prompt from AI_<ID>_SYSTEM_PROMPT', async () => {
    const other = await startTestApp({
      ...aiEnv(),
      AI_GROK_BASE_URL: fake.baseURL,
      AI_GROK_API_KEY: 'sk-grok',
      AI_GROK_SYSTEM_PROMPT: 'You are Grok, and you answer in haiku.',
    });
    try {
      const user = await paidClient(other.url);
      const chat = (await user.client.post('/api/chats', {})).body;
      await send(user.client, chat.id, '@grok Tell me about autumn');
      expect(lastRequest().system).toBe('You are Grok, and you answer in haiku.');
    } finally {
      await other.close();
    }
  });

  it('a providers file that is not JSON is reported without quoting it (it holds API keys)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chorus-providers-'));
    const file = path.join(dir, 'providers.json');
    writeFileSync(file, '{ "claude": { "apiKey": sk-ant-secret-123 } }');
    try {
      expect(() => loadProfiles({ AI_PROVIDERS_FILE: file })).toThrow(`${file} is not valid JSON`);
      let message = '';
      try {
        loadProfiles({ AI_PROVIDERS_FILE: file });
      } catch (err) {
        message = String((err as Error).message);
      }
      expect(message).not.toContain('secret');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads AI_PROVIDERS_FILE, and follows edits of it without a restart', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chorus-providers-'));
    const file = path.join(dir, 'providers.json');
    const write = (profile: Record<string, unknown>) =>
      writeFileSync(
        file,
        JSON.stringify({ perplexity: { baseURL: fake.baseURL, apiKey: 'sk-file', ...profile } }),
      );
    write({ model: 'sonar-from-file', systemPrompt: 'You research, from the file.' });
    const other = await startTestApp({ ...aiEnv(), AI_PROVIDERS_FILE: file });
    try {
      const anonymous = new HttpClient(other.url);
      const models = (await anonymous.get('/api/models')).body as { id: string; offline: boolean }[];
      expect(models.find((m) => m.id === 'perplexity')?.offline).toBe(false);
      const user = await paidClient(other.url);
      const chat = (await user.client.post('/api/chats', {})).body;
      await send(user.client, chat.id, '@perplexity What is new in science?');
      expect(fake.requests.at(-1)).toMatchObject({
        authorization: 'Bearer sk-file',
        body: { model: 'sonar-from-file' },
      });
      expect(lastRequest().system).toBe('You research, from the file.');

      // Only the system prompt changes: the version follows within a few seconds, and so do answers.
      const v1 = (await anonymous.get('/api/models/version')).body.version;
      write({ model: 'sonar-from-file', systemPrompt: 'You research, from the edited file.' });
      await expect
        .poll(async () => (await anonymous.get('/api/models/version')).body.version, { timeout: 10_000 })
        .not.toBe(v1);
      const v2 = (await anonymous.gql('{ catalogue { version } }')).data.catalogue.version;
      expect(v2).not.toBe(v1);
      await send(user.client, chat.id, '@perplexity And in medicine?');
      expect(lastRequest().system).toBe('You research, from the edited file.');

      // A timeout is configuration too.
      write({
        model: 'sonar-from-file',
        systemPrompt: 'You research, from the edited file.',
        timeoutMs: 9000,
      });
      await expect
        .poll(async () => (await anonymous.get('/api/models/version')).body.version, { timeout: 10_000 })
        .not.toBe(v2);

      // A broken edit keeps the last good profiles.
      const v3 = (await anonymous.get('/api/models/version')).body.version;
      writeFileSync(file, '{ "perplexity": ');
      await new Promise((r) => setTimeout(r, 2500));
      expect((await anonymous.get('/api/models/version')).body.version).toBe(v3);
      expect((await send(user.client, chat.id, '@perplexity Still there?')).body.aiMessage.status).toBe(
        'complete',
      );
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('chats over REST', () => {
  it('creates, lists by last update, reads and renames chats', async () => {
    const { client } = await paidUser();
    const first = await newChat(client);
    const second = await newChat(client);
    expect(first).toMatchObject({ title: 'New Chat', activeModel: 'gpt' });
    await send(client, first.id, 'bump me to the top');
    const list = (await client.get('/api/chats')).body;
    expect(list.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([first.id, second.id]);
    expect((await client.get(`/api/chats/${first.id}`)).body.title).toBe('bump me to the top');
    const renamed = await client.patch(`/api/chats/${second.id}`, { title: '  Trip plans  ' });
    expect(renamed.body.title).toBe('Trip plans');
    expect((await client.patch(`/api/chats/${second.id}`, { title: ' ' })).status).toBe(400);
  });

  it('answers through the provider and returns both messages; the model sees no command', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, 'Hello there');
    expect(res.status).toBe(201);
    expect(res.body.userMessage).toMatchObject({ role: 'user', content: 'Hello there', chatId: chat.id });
    expect(res.body.aiMessage).toMatchObject({
      role: 'assistant',
      content: 'Echo: Hello there',
      model: 'gpt',
      status: 'complete',
    });
    expect(res.body).toMatchObject({ modelChanged: false, activeModel: 'gpt' });

    const switched = await send(client, chat.id, '@claude Write a haiku');
    expect(switched.body).toMatchObject({ modelChanged: true, activeModel: 'claude' });
    expect(switched.body.aiMessage.content).toBe('Echo: Write a haiku');
    const request = fake.requests.at(-1)!;
    expect(request.body.model).toBe('claude-test-model');
    expect(request.authorization).toBe('Bearer sk-test-claude');
    expect(request.body.messages[0]).toMatchObject({ role: 'system' });
    expect(request.body.messages[0].content).toContain('Claude');
    // The earlier turns go along as context, without their commands.
    expect(request.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Echo: Hello there' },
      { role: 'user', content: 'Write a haiku' },
    ]);

    const later = await send(client, chat.id, 'and another');
    expect(later.body).toMatchObject({ modelChanged: false, activeModel: 'claude' });
    expect((await client.get(`/api/chats/${chat.id}`)).body.activeModel).toBe('claude');
    const messages = (await client.get(`/api/chats/${chat.id}/messages`)).body;
    expect(messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it.each([
    ['Hello there', 'Hello there'],
    ['@grok what is the weather like on Mars today?', 'what is the weather like on Mars today?'],
    [
      'This first line is definitely longer than forty characters\nsecond line',
      'This first line is definitely longer tha...',
    ],
    ['@claude   line one\nline two', 'line one'],
    ['@study photosynthesis', 'photosynthesis'],
  ])('titles a new chat from its first message: %j → %j', async (content, title) => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    await send(client, chat.id, content);
    expect((await client.get(`/api/chats/${chat.id}`)).body.title).toBe(title);
  });

  it('keeps a title the user chose', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    await client.patch(`/api/chats/${chat.id}`, { title: 'Mine' });
    await send(client, chat.id, 'something else entirely');
    // A chat with no messages is retitled from its first message (spec §4), even if renamed before.
    expect((await client.get(`/api/chats/${chat.id}`)).body.title).toBe('something else entirely');
    await client.patch(`/api/chats/${chat.id}`, { title: 'Mine again' });
    await send(client, chat.id, 'no retitle now');
    expect((await client.get(`/api/chats/${chat.id}`)).body.title).toBe('Mine again');
  });

  it('rejects empty or whitespace messages with no side effect', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const chat = await newChat(client);
    for (const content of ['', '   ', '\n\t ']) {
      const res = await send(client, chat.id, content);
      expect(res.status).toBe(400);
    }
    expect((await client.get(`/api/chats/${chat.id}/messages`)).body).toEqual([]);
    const usage = await db().query('select used from usage_counters where user_id = $1', [userId]);
    expect(usage.rows).toEqual([]);
  });

  it('refuses @video in chat: it opens the video dialog', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, '@video a cat surfing');
    expect(res.status).toBe(400);
    expect((await client.get(`/api/chats/${chat.id}/messages`)).body).toEqual([]);
  });

  it('answers honestly through the offline provider when an assistant has no key', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, '@grok tell me a joke');
    expect(res.body.aiMessage.content).toContain('**Offline:** add an API key for Grok to get real answers.');
    expect(res.body.aiMessage.content).toContain('tell me a joke');
    expect(res.body.aiMessage.status).toBe('complete');
    // Deterministic: the same prompt gets the same answer.
    expect((await send(client, chat.id, '@grok tell me a joke')).body.aiMessage.content).toBe(
      res.body.aiMessage.content,
    );
  });
});

describe("each answer's token count and model (issue 18, item 6)", () => {
  /** The streamed request the fake provider got for a prompt. */
  const requestFor = (prompt: string) =>
    [...fake.requests].reverse().find((r) => r.body?.messages?.at(-1)?.content === prompt)?.body;

  it("saves the provider's reported usage and model, and answers them over REST and GraphQL", async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, '[tokens=7]');
    expect(res.status).toBe(201);
    // Asked for, as OpenAI-compatible streams only report usage when asked.
    expect(requestFor('[tokens=7]')).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(res.body.aiMessage).toMatchObject({ status: 'complete', tokens: 7, modelName: 'gpt-4.1-mini' });
    expect(res.body.userMessage).toMatchObject({ tokens: null, modelName: null });

    // The model as the provider named it in its chunks, not the one configured.
    const dated = await send(client, chat.id, '[tokens=3] [served=gpt-4.1-mini-2025-04-14]');
    expect(dated.body.aiMessage).toMatchObject({ tokens: 3, modelName: 'gpt-4.1-mini-2025-04-14' });

    // A running total on every chunk (Perplexity's way): the last one is the answer's.
    const running = await send(client, chat.id, '[tokens=12] [runningusage]');
    expect(running.body.aiMessage.tokens).toBe(12);

    const listed = (await client.get(`/api/chats/${chat.id}/messages`)).body;
    expect(listed.filter((m: any) => m.role === 'assistant').map((m: any) => m.tokens)).toEqual([7, 3, 12]);
    const gql = await client.gql(`{ messages(chatId: "${chat.id}") { role tokens modelName } }`);
    expect(gql.data.messages[1]).toEqual({ role: 'assistant', tokens: 7, modelName: 'gpt-4.1-mini' });
  });

  it('leaves the count empty when the provider reports none, and for offline answers', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const silent = await send(client, chat.id, '[tokens=5] [nousage]');
    expect(silent.body.aiMessage).toMatchObject({
      status: 'complete',
      tokens: null,
      modelName: 'gpt-4.1-mini',
    });
    const offline = await send(client, chat.id, '@grok how many tokens?');
    expect(offline.body.aiMessage).toMatchObject({ status: 'complete', tokens: null, modelName: null });
    const { rows } = await db().query(
      `select tokens from messages where chat_id = $1 and role = 'assistant' order by created_at`,
      [chat.id],
    );
    expect(rows).toEqual([{ tokens: null }, { tokens: null }]);
  });

  it('sends the count with the end of the stream', async () => {
    const { client } = await paidUser();
    const sent = await client.gql(
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { aiMessage { id } } }`,
      { input: { content: '[tokens=9] [delay=2]' } },
    );
    const ws = wsClient(app.url, client.cookieHeader);
    let done: any;
    for await (const msg of ws.iterate<{ answerStream: any }>({
      query: 'subscription($id: ID!) { answerStream(messageId: $id) { kind status tokens modelName } }',
      variables: { id: sent.data.sendMessage.aiMessage.id },
    })) {
      if (msg.data!.answerStream.kind === 'done') done = msg.data!.answerStream;
    }
    await ws.dispose();
    expect(done).toEqual({ kind: 'done', status: 'complete', tokens: 9, modelName: 'gpt-4.1-mini' });
  });

  it('does not ask a server configured with streamUsage: false for usage', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chorus-providers-'));
    try {
      const file = path.join(dir, 'providers.json');
      writeFileSync(
        file,
        JSON.stringify({ gpt: { baseURL: fake.baseURL, apiKey: 'sk-x', streamUsage: false } }),
      );
      const profile = loadProfiles({ AI_PROVIDERS_FILE: file }).get('gpt');
      expect(profile?.streamUsage).toBe(false);
      let report: unknown;
      let text = '';
      for await (const delta of streamAnswer(
        findAssistant('gpt')!,
        profile,
        [{ role: 'user', content: '[tokens=2] no usage asked' }],
        new AbortController().signal,
        { onReport: (r) => (report = r) },
      ))
        text += delta;
      expect(text).toBe('t0 t1 ');
      expect(requestFor('[tokens=2] no usage asked')?.stream_options).toBeUndefined();
      expect(report).toEqual({ tokens: null, model: 'gpt-4.1-mini' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** What the fake provider was last asked: the system prompt and the turns after it. */
function lastRequest() {
  const { messages } = fake.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
  return { system: messages[0]!.content, turns: messages.slice(1) };
}

describe('system prompts', () => {
  it.each([
    ['study', modePrompts.study],
    ['rewrite', modePrompts.rewrite],
    ['business', modePrompts.business],
    ['coach', modePrompts.coach],
  ] as const)('the %s mode shapes the system prompt of whichever assistant answers', async (mode, text) => {
    const { client } = await paidUser();
    const chat = (await client.post('/api/chats', { mode })).body;
    expect(chat.mode).toBe(mode);
    await send(client, chat.id, 'Help me with this');
    expect(lastRequest().system).toBe(`${systemPrompts.gpt}\n\n${text}`);
    await send(client, chat.id, '@claude And now?');
    expect(lastRequest().system).toBe(`${systemPrompts.claude}\n\n${text}`);
  });

  it("a plain chat has only the assistant's own system prompt", async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    await send(client, chat.id, 'Hi');
    expect(lastRequest().system).toBe(systemPrompts.gpt);
  });

  it.each([
    ['@code', 'code', 'Bearer sk-test-code'],
    ['@study', 'study', 'Bearer sk-test-study'],
  ] as const)('%s answers with its own system prompt and key', async (command, id, authorization) => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, `${command} Explain recursion`);
    expect(res.body).toMatchObject({ activeModel: id, aiMessage: { status: 'complete', model: id } });
    expect(fake.requests.at(-1)!.authorization).toBe(authorization);
    expect(lastRequest().system).toBe(systemPrompts[id]);
    expect(lastRequest().turns).toEqual([{ role: 'user', content: 'Explain recursion' }]);
  });
});

describe('history budget', () => {
  const approxTokens = (s: string) => Math.ceil(s.length / 4);

  it('sends only the newest turns that fit AI_HISTORY_BUDGET_TOKENS, ending with the prompt', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    // Each exchange is ~1,500 tokens (a 3,000-character prompt and its echo); the budget is 6,000.
    const prompts = Array.from({ length: 6 }, (_, i) => `[delay=0] Q${i} ${'word '.repeat(600)}`.trim());
    for (const prompt of prompts) expect((await send(client, chat.id, prompt)).status).toBe(201);
    const { system, turns } = lastRequest();
    const history = (await client.get(`/api/chats/${chat.id}/messages`)).body as {
      role: string;
      content: string;
    }[];
    const asked = history.slice(0, -1).map((m) => ({ role: m.role, content: m.content }));
    // The newest turns, oldest first, a suffix of the chat ending with the prompt being answered.
    expect(turns.at(-1)).toEqual({ role: 'user', content: prompts.at(-1) });
    expect(turns).toEqual(asked.slice(asked.length - turns.length));
    expect(turns.length).toBeLessThan(asked.length);
    const used = approxTokens(system) + turns.reduce((sum, t) => sum + approxTokens(t.content), 0);
    expect(used).toBeLessThanOrEqual(6000);
    // The next older turn would not have fitted.
    const next = asked[asked.length - turns.length - 1]!;
    expect(used + approxTokens(next.content)).toBeGreaterThan(6000);
  });

  it('trims a prompt longer than the whole budget, keeping its beginning and its end', async () => {
    const small = await startTestApp({ ...aiEnv(), AI_HISTORY_BUDGET_TOKENS: '500' });
    try {
      const user = await paidClient(small.url);
      const chat = (await user.client.post('/api/chats', {})).body;
      const prompt = `[delay=0] BEGIN ${'lorem ipsum '.repeat(700)} END: what is this about?`;
      const res = await send(user.client, chat.id, prompt);
      expect(res.status).toBe(201);
      const { system, turns } = lastRequest();
      expect(turns).toHaveLength(1);
      const sent = turns[0]!.content;
      expect(sent.startsWith('[delay=0] BEGIN lorem ipsum')).toBe(true);
      expect(sent.endsWith('END: what is this about?')).toBe(true);
      expect(sent).toMatch(/\[\.\.\. \d+ characters left out to fit the model's context \.\.\.\]/);
      expect(approxTokens(system) + approxTokens(sent)).toBeLessThanOrEqual(500);
      // The chat keeps what the user wrote, whole.
      expect(res.body.userMessage.content).toBe(prompt);
    } finally {
      await small.close();
    }
  });
});

describe('deleting chats', () => {
  it('deletes a chat and its messages over REST; another user gets 404 and changes nothing', async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const chat = await newChat(owner.client);
    await send(owner.client, chat.id, 'something to delete');
    expect((await other.client.request('DELETE', `/api/chats/${chat.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/chats/${chat.id}`)).status).toBe(200);

    const res = await owner.client.request('DELETE', `/api/chats/${chat.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await owner.client.get(`/api/chats/${chat.id}`)).status).toBe(404);
    expect((await owner.client.get('/api/chats')).body).toEqual([]);
    const left = await db().query('select count(*)::int as n from messages where chat_id = $1', [chat.id]);
    expect(left.rows[0].n).toBe(0);
    expect((await owner.client.request('DELETE', `/api/chats/${chat.id}`)).status).toBe(404);
  });

  it('deletes a chat over GraphQL, for its owner only', async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const chat = await newChat(owner.client);
    const DELETE = `mutation { deleteChat(id: "${chat.id}") }`;
    const refused = await other.client.gql(DELETE);
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const deleted = await owner.client.gql(DELETE);
    expect(deleted.data).toEqual({ deleteChat: true });
    expect((await owner.client.gql('{ chats { id } }')).data.chats).toEqual([]);
  });
});

describe('chats over GraphQL', () => {
  it('creates, lists newest-updated first and renames chats', async () => {
    const { client } = await paidUser();
    const created = await client.gql(
      `mutation { createChat(input: { title: "Coaching", activeModel: "claude", mode: "coach" }) { id title activeModel mode } }`,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createChat).toMatchObject({
      title: 'Coaching',
      activeModel: 'claude',
      mode: 'coach',
    });
    const plain = await client.gql('mutation { createChat { id title activeModel mode } }');
    expect(plain.data.createChat).toMatchObject({ title: 'New Chat', activeModel: 'gpt', mode: null });
    // The video assistant never answers in a chat; a chat made for it starts with the default.
    const video = await client.gql(
      'mutation { createChat(input: { activeModel: "video" }) { activeModel } }',
    );
    expect(video.data.createChat.activeModel).toBe('gpt');
    const unknown = await client.gql('mutation { createChat(input: { activeModel: "hal9000" }) { id } }');
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const chats = (await client.gql('{ chats { id title } }')).data.chats as { id: string }[];
    expect(chats.map((c) => c.id)).toEqual([
      expect.any(String),
      plain.data.createChat.id,
      created.data.createChat.id,
    ]);

    const renamed = await client.gql(
      `mutation { renameChat(id: "${created.data.createChat.id}", title: "  Goals  ") { title } }`,
    );
    expect(renamed.data.renameChat.title).toBe('Goals');
    const empty = await client.gql(
      `mutation { renameChat(id: "${created.data.createChat.id}", title: " ") { title } }`,
    );
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const stranger = await paidUser();
    const stolen = await stranger.client.gql(
      `mutation { renameChat(id: "${created.data.createChat.id}", title: "Mine") { title } }`,
    );
    expect(stolen.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await stranger.client.gql('{ chats { id } }')).data.chats).toEqual([]);
  });
});

describe('provider failures', () => {
  it.each([
    ['[fail500] please', /failed to answer \(provider error 500\)/],
    ['[fail429] please', /busy right now/],
    ['[hang] please', /took too long/],
  ])(
    '%s ends the answer as an error with a clear message',
    async (content, message) => {
      const { client } = await paidUser();
      const chat = await newChat(client);
      const res = await send(client, chat.id, content);
      expect(res.status).toBe(201);
      expect(res.body.aiMessage.status).toBe('error');
      expect(res.body.aiMessage.error).toMatch(message);
    },
    20_000,
  );

  // Answers that end on their own in a way the provider reports: what is kept, and what the user reads.
  it.each([
    [
      'keeps what was written when the stream is cut half-way',
      '[cut] [tokens=10]',
      { status: 'error', content: 't0 t1 t2 ' },
      /stopped answering unexpectedly/,
    ],
    [
      "keeps an answer cut at the model's length limit as complete, with a note",
      '[tokens=4] [length] a long essay',
      { status: 'complete', content: 't0 t1 t2 t3 ' },
      /length limit/,
    ],
    [
      "ends an answer the provider's content filter stopped as an error",
      '[tokens=2] [filtered] something',
      { status: 'error', content: 't0 t1 ' },
      /content filter/,
    ],
    [
      'ends an answer whose stream reports an error half-way as an error, keeping the text',
      '[tokens=2] [streamerror] something',
      { status: 'error', content: 't0 t1 ' },
      /failed to answer \(provider error\)/,
    ],
  ])('%s', async (_title, prompt, answer, error) => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, prompt);
    expect(res.body.aiMessage).toMatchObject(answer);
    expect(res.body.aiMessage.error).toMatch(error);
  });

  it('ends an answer whose provider goes silent mid-stream, keeping the text, and the REST call returns', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const started = Date.now();
    const res = await send(client, chat.id, '[tokens=3] [stall] then nothing');
    expect(res.status).toBe(201);
    expect(res.body.aiMessage).toMatchObject({ status: 'error', content: 't0 t1 t2 ' });
    expect(res.body.aiMessage.error).toMatch(/^GPT stopped sending its answer\. Please try again\.$/);
    // AI_IDLE_TIMEOUT_MS is 1 s here; the whole wait must not be the 60 s of a stuck socket.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('treats a stream that ends without a finish reason as cut: error, text kept, Retry allowed', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    const res = await send(client, chat.id, '[tokens=5] [nofinish] politely closed');
    expect(res.body.aiMessage).toMatchObject({ status: 'error', content: 't0 t1 t2 t3 t4 ' });
    expect(res.body.aiMessage.error).toMatch(/answer was cut off/);
    const retry = await client.gql(
      `mutation { regenerate(messageId: "${res.body.aiMessage.id}") { status } }`,
    );
    expect(retry.errors).toBeUndefined();
    expect(retry.data.regenerate.status).toBe('streaming');
  });

  it('does not charge a free prompt for an answer that failed with nothing written', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const chat = await newChat(client);
    await send(client, chat.id, '[fail500] x');
    await expect
      .poll(
        async () =>
          (await db().query('select used from usage_counters where user_id = $1', [userId])).rows[0]?.used,
      )
      .toBe(0);
  });
});

describe('plan limits', () => {
  it('gives a free user 10 prompts a month, then a clear message with an upgrade link', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = await newChat(client);
    for (let i = 0; i < 10; i++) expect((await send(client, chat.id, `@grok prompt ${i}`)).status).toBe(201);
    const over = await send(client, chat.id, '@grok one more');
    expect(over.status).toBe(402);
    expect(over.body).toMatchObject({ code: 'PAYMENT_REQUIRED', upgradeUrl: '/plans', limit: 10 });
    expect(over.body.message).toMatch(/Upgrade to Premium/);
    expect((await client.get(`/api/chats/${chat.id}/messages`)).body).toHaveLength(20);
    const left = await client.gql('{ allowance(feature: "prompts") { limit used remaining plan } }');
    expect(left.data.allowance).toEqual({ limit: 10, used: 10, remaining: 0, plan: 'free' });
  });

  it('cannot be exceeded by concurrent sends', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = await newChat(client);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => send(client, chat.id, `@grok racing ${i}`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(6);
  });

  it('asks the provider beside the plan check, saves nothing over the limit, and checks first once refused', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = await newChat(client);
    for (let i = 0; i < 10; i++) expect((await send(client, chat.id, `limit probe ${i}`)).status).toBe(201);
    expect(fake.receivedAt.has('limit probe 9')).toBe(true);
    // The first refusal may already have asked the provider (then aborted); its answer is not kept.
    expect((await send(client, chat.id, 'over the limit, once')).status).toBe(402);
    // Refused a moment ago: checked before the provider is asked at all.
    expect((await send(client, chat.id, 'over the limit, again')).status).toBe(402);
    expect(fake.receivedAt.has('over the limit, again')).toBe(false);
    const messages = (await client.get(`/api/chats/${chat.id}/messages`)).body as { content: string }[];
    expect(messages).toHaveLength(20);
    expect(messages.some((m) => m.content.includes('over the limit'))).toBe(false);
  });

  it('does not limit a paying user', async () => {
    const { client } = await paidUser();
    const chat = await newChat(client);
    for (let i = 0; i < 12; i++) expect((await send(client, chat.id, `@grok paid ${i}`)).status).toBe(201);
  });
});

describe('isolation between users', () => {
  it("hides one user's chats and messages from another (404)", async () => {
    const a = await paidUser();
    const b = await paidUser();
    const chat = await newChat(a.client);
    const sent = await send(a.client, chat.id, 'private thoughts');
    expect((await b.client.get(`/api/chats/${chat.id}`)).status).toBe(404);
    expect((await b.client.get(`/api/chats/${chat.id}/messages`)).status).toBe(404);
    expect((await send(b.client, chat.id, 'intrude')).status).toBe(404);
    expect((await b.client.patch(`/api/chats/${chat.id}`, { title: 'pwned' })).status).toBe(404);
    expect((await b.client.get('/api/chats')).body).toEqual([]);
    const gql = await b.client.gql(`{ chat(id: "${chat.id}") { id } }`);
    expect(gql.data.chat).toBeNull();
    const stop = await b.client.gql(
      `mutation { stopGeneration(messageId: "${sent.body.aiMessage.id}") { id } }`,
    );
    expect(stop.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await new HttpClient(app.url).get('/api/chats')).status).toBe(401);
  });
});

describe('streaming over graphql-ws', () => {
  const SEND = `mutation($input: SendMessageInput!) {
    sendMessage(input: $input) { chat { id title } userMessage { id } aiMessage { id status } modelChanged activeModel }
  }`;
  const STREAM = 'subscription($id: ID!) { answerStream(messageId: $id) { kind offset text status error } }';

  async function collect(baseUrl: string, cookie: string, messageId: string, max = Number.POSITIVE_INFINITY) {
    const ws = wsClient(baseUrl, cookie);
    const events: { kind: string; offset: number; text: string; status: string; error: string | null }[] = [];
    for await (const msg of ws.iterate<{ answerStream: (typeof events)[number] }>({
      query: STREAM,
      variables: { id: messageId },
    })) {
      events.push(msg.data!.answerStream);
      if (events.length >= max) break;
    }
    await ws.dispose();
    return events;
  }

  const textOf = (events: { kind: string; text: string }[]) =>
    events
      .filter((e) => e.kind !== 'done')
      .map((e) => e.text)
      .join('');

  it('streams tokens as they arrive, in order, and saves the finished answer once', async () => {
    const { client } = await paidUser();
    // Tokens 20 ms apart, a provider's usual pace: each arrives after the fan-out's batching
    // window (answerFanout.ts), so each should come as its own delta.
    const sent = await client.gql(SEND, { input: { content: '[tokens=40] [delay=20]' } });
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage.aiMessage.status).toBe('streaming');
    const events = await collect(app.url, client.cookieHeader, sent.data.sendMessage.aiMessage.id);
    const expected = Array.from({ length: 40 }, (_, i) => `t${i} `).join('');
    // The sender's own subscription, its first: the first token comes as a delta, not inside the
    // snapshot, however far the answer got while it subscribed.
    expect(events[0]).toMatchObject({ kind: 'snapshot', offset: 0, text: '' });
    expect(events[1]).toMatchObject({ kind: 'delta', offset: 0 });
    expect(events[1]!.text.startsWith('t0 ')).toBe(true);
    expect(events.filter((e) => e.kind === 'delta').length).toBeGreaterThan(20);
    expect(textOf(events)).toBe(expected);
    expect(events.at(-1)).toMatchObject({ kind: 'done', status: 'complete', text: expected });
    const messages = (
      await client.gql(`{ messages(chatId: "${sent.data.sendMessage.chat.id}") { content status } }`)
    ).data.messages;
    expect(messages[1]).toEqual({ content: expected, status: 'complete' });
  });

  it('gives a client that reconnects mid-answer the text so far, then the rest', async () => {
    const { client } = await paidUser();
    const sent = await client.gql(SEND, { input: { content: '[tokens=60] [delay=10]' } });
    const id = sent.data.sendMessage.aiMessage.id;
    const firstTry = await collect(app.url, client.cookieHeader, id, 8);
    expect(firstTry.at(-1)!.kind).toBe('delta');
    const second = await collect(app.url, client.cookieHeader, id);
    expect(second[0]!.kind).toBe('snapshot');
    expect(second[0]!.text.length).toBeGreaterThanOrEqual(textOf(firstTry).length);
    expect(textOf(second)).toBe(Array.from({ length: 60 }, (_, i) => `t${i} `).join(''));
  });

  it('streams an answer written by another api process', async () => {
    const other = await startTestApp(aiEnv());
    try {
      const { client } = await paidUser();
      const sent = await client.gql(SEND, { input: { content: '[tokens=50] [delay=8]' } });
      // Subscribe through the other process once the answer is under way.
      await new Promise((r) => setTimeout(r, 120));
      const events = await collect(other.url, client.cookieHeader, sent.data.sendMessage.aiMessage.id);
      expect(textOf(events)).toBe(Array.from({ length: 50 }, (_, i) => `t${i} `).join(''));
      expect(events.at(-1)!.status).toBe('complete');
    } finally {
      await other.close();
    }
  });

  it('streams a long answer to another api process whole, though a NOTIFY carries under 8 kB', async () => {
    const other = await startTestApp(aiEnv());
    try {
      const { client } = await paidUser();
      // ~14 kB arriving in one burst: more than one NOTIFY can carry, as deltas and as the final text.
      const sent = await client.gql(SEND, { input: { content: '[first=600] [tokens=2500] [delay=0]' } });
      const events = await collect(other.url, client.cookieHeader, sent.data.sendMessage.aiMessage.id);
      const expected = Array.from({ length: 2500 }, (_, i) => `t${i} `).join('');
      expect(events[0]!.kind).toBe('snapshot');
      expect(textOf(events)).toBe(expected);
      expect(events.at(-1)).toMatchObject({ kind: 'done', status: 'complete', text: expected });
    } finally {
      await other.close();
    }
  });

  /** Sends `content`, presses Stop 150 ms later, and answers the events a subscriber then receives. */
  async function sendAndStop(content: string) {
    const { client } = await paidUser();
    const sent = await client.gql(SEND, { input: { content } });
    const id = sent.data.sendMessage.aiMessage.id;
    await new Promise((r) => setTimeout(r, 150));
    const stopped = await client.gql(`mutation { stopGeneration(messageId: "${id}") { id } }`);
    expect(stopped.errors).toBeUndefined();
    return collect(app.url, client.cookieHeader, id);
  }

  it('stops an answer on request and keeps what was written', async () => {
    const events = await sendAndStop('[tokens=400] [delay=10]');
    const done = events.at(-1)!;
    expect(done).toMatchObject({ kind: 'done', status: 'stopped' });
    expect(done.text.length).toBeGreaterThan(0);
    expect(done.text.length).toBeLessThan(400 * 3);
  });

  it('reports Stop pressed before the first token as stopped, not as a provider failure', async () => {
    const events = await sendAndStop('[hang] slow to start');
    expect(events.at(-1)).toMatchObject({ kind: 'done', status: 'stopped', text: '', error: null });
  });

  it('refuses an answer being written here to another user and to a signed-out client', async () => {
    const { client } = await paidUser();
    const sent = await client.gql(SEND, { input: { content: '[tokens=300] [delay=10]' } });
    const id = sent.data.sendMessage.aiMessage.id;
    const refused = async (cookie: string | undefined) => {
      const ws = wsClient(app.url, cookie);
      try {
        for await (const _ of ws.iterate({ query: STREAM, variables: { id } })) {
          throw new Error('an event reached someone who may not see this answer');
        }
        throw new Error('the subscription ended without an error');
      } catch (e) {
        return (e as { extensions?: { code?: string } }[])[0]?.extensions?.code;
      } finally {
        await ws.dispose();
      }
    };
    const intruder = await paidUser();
    // Still being written (300 tokens 10 ms apart): its owner is known from memory, not the database.
    expect(await refused(intruder.client.cookieHeader)).toBe('NOT_FOUND');
    expect(await refused(undefined)).toBe('UNAUTHENTICATED');
    const events = await collect(app.url, client.cookieHeader, id, 2);
    expect(events[1]).toMatchObject({ kind: 'delta', status: 'streaming' });
    await client.gql(`mutation { stopGeneration(messageId: "${id}") { id } }`);
  });

  it("regenerates an answer and refuses to stream someone else's", async () => {
    const { client } = await paidUser();
    const sent = await client.gql(SEND, { input: { content: 'again please' } });
    const id = sent.data.sendMessage.aiMessage.id;
    await collect(app.url, client.cookieHeader, id);
    const regen = await client.gql(`mutation { regenerate(messageId: "${id}") { id status } }`);
    expect(regen.data.regenerate.status).toBe('streaming');
    const events = await collect(app.url, client.cookieHeader, id);
    expect(events.at(-1)).toMatchObject({ status: 'complete', text: 'Echo: again please' });

    const intruder = await paidUser();
    const ws = wsClient(app.url, intruder.client.cookieHeader);
    await expect(
      (async () => {
        for await (const _ of ws.iterate({ query: STREAM, variables: { id } })) {
          // must not receive anything
        }
      })(),
    ).rejects.toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'NOT_FOUND' }) }),
    ]);
    await ws.dispose();
  });
});
