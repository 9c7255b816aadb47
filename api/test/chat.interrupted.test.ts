import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../../scripts/lib/api-process.ts';
import { startTestApp, useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, insertChat, paidClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import { INTERRUPTED_MESSAGE } from '../src/modules/chat/core/interrupted.ts';

/**
 * Answers whose writer died: an api process killed mid-answer (SIGKILL: no shutdown code runs)
 * leaves its answer `streaming`. Writers touch their answers every heartbeat, so one that has not
 * been touched for AI_ANSWER_STALE_AFTER_MS is ended as interrupted, keeping what was saved.
 */

const HEARTBEAT_MS = 200;
const STALE_AFTER_MS = 1500;

const fake = useStarted(startFakeOpenAI);
const aiEnv = (): Record<string, string> => ({
  ...assistantEnv(fake.baseURL, 'gpt'),
  AI_ANSWER_HEARTBEAT_MS: String(HEARTBEAT_MS),
  AI_ANSWER_STALE_AFTER_MS: String(STALE_AFTER_MS),
});
const app = useTestApp(aiEnv);

const SEND = `mutation($input: SendMessageInput!) {
  sendMessage(input: $input) { chat { id } aiMessage { id status } }
}`;
const STREAM = 'subscription($id: ID!) { answerStream(messageId: $id) { kind offset text status error } }';

interface Event {
  kind: string;
  offset: number;
  text: string;
  status: string;
  error: string | null;
}

async function collect(baseUrl: string, cookie: string, messageId: string): Promise<Event[]> {
  const ws = wsClient(baseUrl, cookie);
  const events: Event[] = [];
  try {
    for await (const msg of ws.iterate<{ answerStream: Event }>({
      query: STREAM,
      variables: { id: messageId },
    })) {
      events.push(msg.data!.answerStream);
    }
  } finally {
    await ws.dispose();
  }
  return events;
}

const paidUser = (baseUrl = app.url) => paidClient(baseUrl);

/**
 * A chat with a prompt and an answer left `streaming` by a writer last heard from `silentMs` ago:
 * the rows as a process killed at that moment leaves them (its text saved by its last heartbeat).
 */
async function orphanedAnswer(userId: string, silentMs: number, content = 'Half of an ans') {
  const chatId = await insertChat(userId, 'Orphan');
  // The answer follows the prompt, and is the chat's current path (branches.ts).
  const rows = await db().query(
    `with prompt as (
       insert into messages (id, chat_id, role, content, model, status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'user', 'Tell me a story', 'gpt', 'complete',
               now() - make_interval(secs => $3::float / 1000) - interval '1 second', now())
       returning id
     ), answer as (
       insert into messages (id, chat_id, parent_id, role, content, model, status, created_at, updated_at)
       select gen_random_uuid(), $1, prompt.id, 'assistant', $2, 'gpt', 'streaming',
              now() - make_interval(secs => $3::float / 1000), now() - make_interval(secs => $3::float / 1000)
         from prompt
       returning id
     )
     update chats set current_message_id = answer.id from answer where chats.id = $1 returning answer.id`,
    [chatId, content, silentMs],
  );
  return { chatId, answerId: rows.rows[0].id as string };
}

async function rowOf(messageId: string) {
  return (await db().query('select status, content, error from messages where id = $1', [messageId])).rows[0];
}

describe('an answer whose api process died', () => {
  it('ends as interrupted for a subscriber, keeping what was written; Retry then writes it again', async () => {
    const { client } = await paidUser();
    // The writer: a real api process of its own, killed with SIGKILL mid-answer.
    const writer = await startApiProcess({
      ...aiEnv(),
      DATABASE_URL: testDatabaseUrl(),
      SESSION_SECRET: 'test-session-secret-0123456789',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'chorus-media-')),
    });
    let answerId: string;
    let chatId: string;
    try {
      const sent = await new HttpClient(writer.url).request(
        'POST',
        '/graphql',
        { query: SEND, variables: { input: { content: '[tokens=150] [delay=20] a long story' } } },
        { cookie: client.cookieHeader },
      );
      expect(sent.body.errors).toBeUndefined();
      answerId = sent.body.data.sendMessage.aiMessage.id;
      chatId = sent.body.data.sendMessage.chat.id;
      // Mid-answer: its heartbeat has saved a few words of the text (on a busy machine the first
      // beat may carry only one).
      await expect
        .poll(async () => (await rowOf(answerId)).content.length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual('t0 t1 t2 '.length);
    } finally {
      writer.child.kill('SIGKILL');
      await new Promise((resolve) => writer.child.once('exit', resolve));
    }

    const events = await collect(app.url, client.cookieHeader, answerId);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ kind: 'done', status: 'error', error: INTERRUPTED_MESSAGE });
    expect(done.text).toMatch(/^t0 t1 t2 /);
    expect(done.text.length).toBeLessThan('t0 '.length * 150);
    expect(await rowOf(answerId)).toMatchObject({ status: 'error', content: done.text });

    // Retry is no longer refused as "still being written", and is free after a failure.
    const retry = await client.gql(`mutation { regenerate(messageId: "${answerId}") { status } }`);
    expect(retry.errors).toBeUndefined();
    expect(retry.data.regenerate.status).toBe('streaming');
    const again = await collect(app.url, client.cookieHeader, answerId);
    expect(again.at(-1)).toMatchObject({
      kind: 'done',
      status: 'complete',
      text: Array.from({ length: 150 }, (_, i) => `t${i} `).join(''),
    });
    const messages = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(messages.map((m: { status: string }) => m.status)).toEqual(['complete', 'complete']);
  }, 60_000);

  it('is ended when the chat is loaded (REST and GraphQL)', async () => {
    const { client, userId } = await paidUser();
    const rest = await orphanedAnswer(userId, 60_000);
    const messages = (await client.get(`/api/chats/${rest.chatId}/messages`)).body;
    expect(messages[1]).toMatchObject({
      id: rest.answerId,
      status: 'error',
      error: INTERRUPTED_MESSAGE,
      content: 'Half of an ans',
    });

    const gql = await orphanedAnswer(userId, 60_000);
    const chat = await client.gql(`{ chat(id: "${gql.chatId}") { messages { id status error content } } }`);
    expect(chat.data.chat.messages[1]).toMatchObject({ status: 'error', error: INTERRUPTED_MESSAGE });
  });

  it('is ended by Retry, which then writes it again', async () => {
    const { client, userId } = await paidUser();
    const { chatId, answerId } = await orphanedAnswer(userId, 60_000);
    const retry = await client.gql(`mutation { regenerate(messageId: "${answerId}") { status } }`);
    expect(retry.errors).toBeUndefined();
    const events = await collect(app.url, client.cookieHeader, answerId);
    expect(events.at(-1)).toMatchObject({ status: 'complete', text: 'Echo: Tell me a story' });
    const usage = await client.gql('{ allowance(feature: "prompts") { used } }');
    expect(usage.data.allowance.used).toBe(0);
    expect((await client.get(`/api/chats/${chatId}/messages`)).body[1].status).toBe('complete');
  });

  it('is ended by Stop: as interrupted once the writer is known gone, as stopped right away otherwise', async () => {
    const { client, userId } = await paidUser();
    const stale = await orphanedAnswer(userId, 60_000);
    const stopped = await client.gql(
      `mutation { stopGeneration(messageId: "${stale.answerId}") { status error } }`,
    );
    expect(stopped.data.stopGeneration).toEqual({ status: 'error', error: INTERRUPTED_MESSAGE });

    // Killed a moment ago: not yet known to be gone, but nobody answers the Stop.
    const recent = await orphanedAnswer(userId, 0, 'Just started');
    const started = Date.now();
    const events = collect(app.url, client.cookieHeader, recent.answerId);
    const stop = await client.gql(
      `mutation { stopGeneration(messageId: "${recent.answerId}") { status content } }`,
    );
    expect(stop.data.stopGeneration).toEqual({ status: 'stopped', content: 'Just started' });
    expect(Date.now() - started).toBeLessThan(STALE_AFTER_MS + 3000);
    expect((await events).at(-1)).toMatchObject({ kind: 'done', status: 'stopped', text: 'Just started' });
  });

  it('never ends an answer whose writer is alive, however slow its provider', async () => {
    const { client } = await paidUser();
    // Nothing for twice the stale time, then the answer: only the heartbeat keeps it alive meanwhile.
    const sent = await client.gql(SEND, {
      input: { content: `[first=${STALE_AFTER_MS * 2}] [tokens=3] slow thinker` },
    });
    const { id } = sent.data.sendMessage.aiMessage;
    const chatId = sent.data.sendMessage.chat.id;
    await new Promise((r) => setTimeout(r, STALE_AFTER_MS + 800));
    const loaded = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(loaded[1].status).toBe('streaming');
    const events = await collect(app.url, client.cookieHeader, id);
    expect(events.at(-1)).toMatchObject({ kind: 'done', status: 'complete', text: 't0 t1 t2 ' });
  });
});

describe('the periodic sweep', () => {
  let worker: Runner;
  let patient: RunningApp;

  beforeAll(async () => {
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: testDatabaseUrl(), WORKER_CONCURRENCY: '1' }),
    );
    // An api that would wait a minute before ending the answer itself, so the sweep does it.
    patient = await startTestApp({
      ...aiEnv(),
      AI_ANSWER_STALE_AFTER_MS: '120000',
      AI_ANSWER_HEARTBEAT_MS: '5000',
    });
  });
  afterAll(async () => {
    await patient.close();
    await worker.stop();
  });

  it('ends answers nobody is looking at, and tells a browser still waiting on one', async () => {
    const { client, userId } = await paidUser(patient.url);
    // Silent for 5 s: gone by this job's threshold, whichever worker of the test run takes it, and
    // not yet by the cron's default (30 s) nor by this api's.
    const { answerId } = await orphanedAnswer(userId, 5_000, 'Saved before the crash');
    const waiting = collect(patient.url, client.cookieHeader, answerId);
    await new Promise((r) => setTimeout(r, 800));
    expect((await rowOf(answerId)).status).toBe('streaming');

    await db().query(
      `select graphile_worker.add_job('end_interrupted_answers', '{"staleAfterMs": 2000}'::json)`,
    );
    const events = await waiting;
    expect(events[0]).toMatchObject({ kind: 'snapshot', text: 'Saved before the crash' });
    expect(events.at(-1)).toMatchObject({
      kind: 'done',
      status: 'error',
      error: INTERRUPTED_MESSAGE,
      text: 'Saved before the crash',
    });
    expect(await rowOf(answerId)).toMatchObject({
      status: 'error',
      content: 'Saved before the crash',
      error: INTERRUPTED_MESSAGE,
    });
  });
});
