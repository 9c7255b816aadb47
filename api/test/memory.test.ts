import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import type { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, insertChat, paidClient, signedUpClient } from '../../tests/support/users.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import { distilMemories } from '../src/modules/chat/core/memory/distil.ts';
import { extractFacts } from '../src/modules/chat/core/memory/extract.ts';
import { ProviderProfiles } from '../src/modules/chat/providers/profiles.ts';

describe('extractFacts', () => {
  it('finds names, likes, dislikes, goals and background', () => {
    expect(
      extractFacts(
        "Hi! My name is Ada Lovelace. I love Thai food but I hate cilantro. My goal is to run a marathon this year. I'm learning Rust.",
      ),
    ).toEqual([
      "The user's name is Ada Lovelace.",
      'The user loves Thai food.',
      'The user dislikes cilantro.',
      "The user's goal is to run a marathon this year.",
      'The user is learning Rust.',
    ]);
  });

  it('finds nothing in a plain question', () => {
    expect(extractFacts('What is the capital of France?')).toEqual([]);
  });
});

describe('long-term memory across chats', () => {
  let fake: FakeOpenAI;
  let app: RunningApp;
  let worker: Runner;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    // Claude is online (through the fake); GPT stays offline, so distilling uses the rules.
    // These tests ask what reaches the provider, not how fast: the lookup gets 2 s instead of 25 ms,
    // which a busy 2-core CI machine sometimes overran (withinBudget.test.ts tests the budget itself).
    app = await startTestApp({
      AI_CLAUDE_BASE_URL: fake.baseURL,
      AI_CLAUDE_API_KEY: 'sk-claude',
      AI_MEMORY_BUDGET_MS: '2000',
    });
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: testDatabaseUrl(), WORKER_CONCURRENCY: '2' }),
    );
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await fake.close();
  });

  const send = (client: HttpClient, content: string, chatId?: string) =>
    client.gql(
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { chat { id } aiMessage { id } } }`,
      { input: { content, chatId } },
    );

  async function waitForAnswer(client: HttpClient, chatId: string) {
    await expect
      .poll(
        async () =>
          (await client.gql(`{ messages(chatId: "${chatId}") { status } }`)).data.messages.at(-1).status,
      )
      .toBe('complete');
  }

  async function statusOf(client: HttpClient, chatId: string, messageId: string) {
    let status: string | undefined;
    await expect
      .poll(async () => {
        const messages = (await client.gql(`{ messages(chatId: "${chatId}") { id status } }`)).data
          .messages as { id: string; status: string }[];
        status = messages.find((m) => m.id === messageId)?.status;
        return status;
      })
      .not.toBe('streaming');
    return status;
  }

  const memoriesOf = async (client: HttpClient) =>
    (
      (await client.gql('{ memories { id content } }')).data.memories as { id: string; content: string }[]
    ).map((m) => m.content);

  it('remembers what the user said in one chat and tells the assistant in another', async () => {
    const { client } = await paidClient(app.url);
    const first = await send(client, 'My name is Ada and I love Thai food.');
    await waitForAnswer(client, first.data.sendMessage.chat.id);
    await expect
      .poll(() => memoriesOf(client), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["The user's name is Ada.", 'The user loves Thai food.']));

    const second = await send(client, '@claude What food should I cook tonight?');
    await waitForAnswer(client, second.data.sendMessage.chat.id);
    const system = fake.requests.at(-1)!.body.messages[0].content as string;
    expect(system).toContain("The user's name is Ada.");
    expect(system).toContain('The user loves Thai food.');
    // The earlier chat itself is not part of this chat's context.
    expect(fake.requests.at(-1)!.body.messages).toHaveLength(2);
  });

  it('tells the next prompt a memory stored elsewhere after an earlier prompt found none', async () => {
    const { client, userId } = await paidClient(app.url);
    // Nothing remembered yet: the api keeps that in memory and stops asking the database.
    const first = await send(client, '@claude What should I cook tonight?');
    await waitForAnswer(client, first.data.sendMessage.chat.id);
    expect(fake.requests.at(-1)!.body.messages[0].content).not.toContain('Thai');
    // Stored as the worker's distil job does, from another connection: its NOTIFY must reach the api.
    await db().query(
      `insert into memories (id, user_id, content) values (gen_random_uuid(), $1, 'The user loves Thai food.')`,
      [userId],
    );
    await expect
      .poll(
        async () => {
          const next = await send(client, '@claude What food should I cook tonight?');
          await waitForAnswer(client, next.data.sendMessage.chat.id);
          return fake.requests.at(-1)!.body.messages[0].content as string;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toContain('The user loves Thai food.');
  });

  it('looks memories up by the prompt of the answer being written again, not the newest prompt', async () => {
    const { client, userId } = await paidClient(app.url);
    await db().query(
      `insert into memories (id, user_id, content) values
         (gen_random_uuid(), $1, 'The user loves Thai food.'), (gen_random_uuid(), $1, 'The user is learning Rust.')`,
      [userId],
    );
    const first = await send(client, '@claude [failonce] What food should I cook tonight?');
    const chatId = first.data.sendMessage.chat.id;
    const failedId = first.data.sendMessage.aiMessage.id;
    expect(await statusOf(client, chatId, failedId)).toBe('error');
    const second = await send(client, '@claude How do I get better at Rust?', chatId);
    expect(await statusOf(client, chatId, second.data.sendMessage.aiMessage.id)).toBe('complete');

    await client.gql(`mutation { regenerate(messageId: "${failedId}") { id } }`);
    expect(await statusOf(client, chatId, failedId)).toBe('complete');
    const request = fake.requests.at(-1)!.body.messages;
    expect(request.at(-1)).toEqual({ role: 'user', content: '[failonce] What food should I cook tonight?' });
    expect(request[0].content).toContain('The user loves Thai food.');
    expect(request[0].content).not.toContain('Rust');
  });

  /** A finished exchange written straight to the database, as the answer's transaction leaves it. */
  async function exchange(userId: string, prompt: string) {
    const chatId = await insertChat(userId, 'Facts');
    const rows = await db().query(
      `insert into messages (id, chat_id, role, content, model, status, created_at, updated_at) values
         (gen_random_uuid(), $1, 'user', $2, 'gpt', 'complete', now() - interval '1 second', now()),
         (gen_random_uuid(), $1, 'assistant', 'Noted.', 'gpt', 'complete', now(), now())
       returning id, role`,
      [chatId, prompt],
    );
    return rows.rows.find((r) => r.role === 'assistant').id as string;
  }

  it('stores nothing from a job queued just before the user turned memory off', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const answerId = await exchange(userId, 'My name is Alan and I love chess.');
    await client.gql('mutation { updateSettings(input: { memoryEnabled: false }) { memoryEnabled } }');
    const key = `test-distil:${answerId}`;
    await db().query(`select graphile_worker.add_job('distil_memories', $1::json, job_key => $2)`, [
      JSON.stringify({ userId, answerId }),
      key,
    ]);
    // The worker runs it (and removes it) like any other job.
    await expect
      .poll(
        async () =>
          (
            await db().query('select count(*)::int as n from graphile_worker._private_jobs where key = $1', [
              key,
            ])
          ).rows[0].n,
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(await memoriesOf(client)).toEqual([]);
  });

  it("asks the default assistant's model (not streamed) for facts when it has a key", async () => {
    const { client, userId } = await signedUpClient(app.url);
    fake.script('I adore kayaking', '["The user adores kayaking.", "Kayaks float."]', { stream: false });
    const answerId = await exchange(userId, '@claude I adore kayaking on quiet lakes.');
    const models = new ProviderProfiles({ AI_GPT_BASE_URL: fake.baseURL, AI_GPT_API_KEY: 'sk-distil' });
    const added = await distilMemories(app.orm.em.fork(), { userId, answerId }, models, models.get('gpt'));
    expect(added).toBe(1);
    expect(await memoriesOf(client)).toEqual(['The user adores kayaking.']);
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-distil');
    expect(request.body.stream).toBeFalsy();
    expect(request.body.messages[0].content).toMatch(/^Extract durable facts/);
    expect(request.body.messages[1]).toEqual({ role: 'user', content: 'I adore kayaking on quiet lakes.' });
  });

  it('keeps memories per user', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const sent = await send(a.client, 'My name is Grace.');
    await waitForAnswer(a.client, sent.data.sendMessage.chat.id);
    await expect.poll(() => memoriesOf(a.client), { timeout: 10_000 }).toContain("The user's name is Grace.");
    expect(await memoriesOf(b.client)).toEqual([]);
    const bAsks = await send(b.client, '@claude what is my name?');
    await waitForAnswer(b.client, bAsks.data.sendMessage.chat.id);
    expect(fake.requests.at(-1)!.body.messages[0].content).not.toContain('Grace');

    const [memory] = (await a.client.gql('{ memories { id } }')).data.memories;
    const stolen = await b.client.gql(`mutation { deleteMemory(id: "${memory.id}") }`);
    expect(stolen.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await a.client.gql(`mutation { deleteMemory(id: "${memory.id}") }`)).data.deleteMemory).toBe(
      true,
    );
    expect(await memoriesOf(a.client)).toEqual([]);
  });

  it('learns and tells nothing when the user turns memory off', async () => {
    const { client } = await signedUpClient(app.url);
    const first = await send(client, 'My name is Linus.');
    await waitForAnswer(client, first.data.sendMessage.chat.id);
    await expect.poll(() => memoriesOf(client), { timeout: 10_000 }).toContain("The user's name is Linus.");

    await client.gql('mutation { updateSettings(input: { memoryEnabled: false }) { memoryEnabled } }');
    const off = await send(client, '@claude I love sailing. Any tips?');
    await waitForAnswer(client, off.data.sendMessage.chat.id);
    expect(fake.requests.at(-1)!.body.messages[0].content).not.toContain('Linus');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await memoriesOf(client)).not.toContain('The user loves sailing.');
  });
});
