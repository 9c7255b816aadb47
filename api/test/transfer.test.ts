import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Issue 18 item 4: export (JSON, Markdown) and import (Chorus, ChatGPT, Claude) of chats, the
 * import as a worker job with progress, idempotent, all or nothing, owner-only.
 */
let app: RunningApp;
let worker: Runner;

beforeAll(async () => {
  app = await startTestApp();
  worker = await startWorker({ DATABASE_URL: inject('databaseUrl'), WORKER_CONCURRENCY: 1 });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

type Person = Awaited<ReturnType<typeof signedUpClient>>;
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/import', name));

/** POST /api/imports as the web dialog sends it: multipart `file`, optional `format`. */
async function upload(client: HttpClient, bytes: Buffer, format?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/json' }), 'conversations.json');
  if (format) form.append('format', format);
  const res = await fetch(`${app.url}/api/imports`, {
    method: 'POST',
    headers: client.cookieHeader ? { cookie: client.cookieHeader } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Uploads and waits for the job to finish; answers the final status. */
async function importFile(me: Person, bytes: Buffer, format?: string) {
  const started = await upload(me.client, bytes, format);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toEqual({ id: expect.any(String), status: 'queued' });
  let status: any;
  await expect
    .poll(
      async () => {
        status = (await me.client.get(`/api/imports/${started.body.id}`)).body;
        return status.status;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toMatch(/completed|failed/);
  return { id: started.body.id as string, ...status };
}

async function chatsOf(me: Person) {
  const { rows } = await db().query(
    `select c.id, c.title, c.active_model,
            coalesce(json_agg(json_build_object('role', m.role, 'content', m.content, 'model', m.model)
                              order by m.created_at) filter (where m.id is not null), '[]') as messages
       from chats c left join messages m on m.chat_id = c.id
      where c.user_id = $1 group by c.id order by c.created_at`,
    [me.userId],
  );
  return rows as { id: string; title: string; active_model: string; messages: any[] }[];
}

describe('import', () => {
  it('reads a ChatGPT conversations.json, following each mapping to its current node', async () => {
    const me = await signedUpClient(app.url);
    const done = await importFile(me, fixture('chatgpt-conversations.json'));
    expect(done).toMatchObject({ status: 'completed', progress: 100, chatsImported: 2, messagesImported: 6 });
    expect(done.error).toBeUndefined();
    const chats = await chatsOf(me);
    expect(chats.map((c) => c.title)).toEqual(['Sourdough starter', 'Packing list']);
    expect(chats[0]!.active_model).toBe('gpt');
    expect(chats[0]!.messages).toEqual([
      { role: 'user', content: 'How do I feed a sourdough starter?', model: null },
      {
        role: 'assistant',
        content: 'Discard half, then add equal weights of flour and water once a day.',
        model: 'gpt',
      },
      { role: 'user', content: 'And if it smells like acetone?', model: null },
      // The branch not taken (n4a) stays out: only the path to current_node is a Chorus chat.
      { role: 'assistant', content: 'It is hungry: feed it twice a day for a few days.', model: 'gpt' },
    ]);
    expect(chats[1]!.messages).toHaveLength(2);
    // The chats list (the spec's REST) shows them.
    const list = await me.client.get('/api/chats');
    expect(list.body.map((c: any) => c.title)).toEqual(
      expect.arrayContaining(['Sourdough starter', 'Packing list']),
    );
    // And an imported chat opens on its messages: they form the chat's current path.
    const sourdough = list.body.find((c: any) => c.title === 'Sourdough starter');
    const opened = await me.client.get(`/api/chats/${sourdough.id}/messages`);
    expect(opened.status).toBe(200);
    expect(opened.body.map((m: any) => m.content)).toEqual(chats[0]!.messages.map((m) => m.content));
  });

  it('reads a Claude export, with an untitled conversation named for the user', async () => {
    const me = await signedUpClient(app.url);
    const done = await importFile(me, fixture('claude-conversations.json'), 'claude');
    expect(done).toMatchObject({ status: 'completed', chatsImported: 2, messagesImported: 6 });
    const chats = await chatsOf(me);
    expect(chats.map((c) => [c.title, c.active_model])).toEqual([
      ['Haiku about autumn', 'claude'],
      ['Imported chat', 'claude'],
    ]);
    expect(chats[1]!.messages.map((m) => `${m.role}: ${m.content}`)).toEqual([
      'user: What is 12 * 12?',
      'assistant: 144.',
      'user: And 13 * 13?',
      'assistant: 169.',
    ]);
  });

  it('reads a Chorus export', async () => {
    const me = await signedUpClient(app.url);
    const done = await importFile(me, fixture('chorus-export.json'));
    expect(done).toMatchObject({
      status: 'completed',
      format: 'chorus',
      chatsImported: 1,
      messagesImported: 2,
    });
    const [chat] = await chatsOf(me);
    expect(chat).toMatchObject({ title: 'Trip to Lisbon', active_model: 'gemini' });
    expect(chat!.messages[1]).toEqual({
      role: 'assistant',
      content: 'Belém Tower, the Alfama and a tram 28 ride.',
      model: 'gemini',
    });
  });

  it('adds nothing when the same file is imported twice', async () => {
    const me = await signedUpClient(app.url);
    await importFile(me, fixture('chatgpt-conversations.json'));
    const again = await importFile(me, fixture('chatgpt-conversations.json'));
    expect(again).toMatchObject({ status: 'completed', chatsImported: 0, messagesImported: 0 });
    expect(await chatsOf(me)).toHaveLength(2);
    // Another user importing the same file gets their own copies.
    const other = await signedUpClient(app.url);
    expect(await importFile(other, fixture('chatgpt-conversations.json'))).toMatchObject({
      chatsImported: 2,
    });
  });

  it('refuses a file that is not JSON, or not a chat export, at upload with a clear 400', async () => {
    const me = await signedUpClient(app.url);
    const malformed = await upload(me.client, fixture('malformed.json'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringMatching(/not JSON/),
    });
    const foreign = await upload(me.client, fixture('foreign.json'));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/not a Chorus, ChatGPT or Claude chat export/);
    // A named format that the file is not.
    const wrong = await upload(me.client, fixture('claude-conversations.json'), 'chatgpt');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/not a ChatGPT/);
    const badFormat = await upload(me.client, fixture('claude-conversations.json'), 'gemini');
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toMatch(/chorus, chatgpt or claude/);
    const noFile = await me.client.post('/api/imports', {});
    expect(noFile.status).toBe(400);
    expect(await chatsOf(me)).toEqual([]);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const me = await signedUpClient(app.url);
    const big = Buffer.from(`[${'"x",'.repeat(5_300_000)}"x"]`);
    const res = await upload(me.client, big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('saves nothing when one conversation is bad, and says which', async () => {
    const me = await signedUpClient(app.url);
    const conversations = JSON.parse(fixture('claude-conversations.json').toString());
    conversations[1].chat_messages[2].sender = 'robot';
    const done = await importFile(me, Buffer.from(JSON.stringify(conversations)));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/Conversation 2 is not valid at chat_messages\.2\.sender/);
    expect(done).toMatchObject({ chatsImported: 0, messagesImported: 0 });
    // The first conversation was written inside the transaction and rolled back with it.
    expect(await chatsOf(me)).toEqual([]);
    const { rows } = await db().query(
      'select count(*)::int as n from chat_import_hashes where user_id = $1',
      [me.userId],
    );
    expect(rows[0].n).toBe(0);
    // Fixed, the same file imports in full.
    conversations[1].chat_messages[2].sender = 'human';
    expect(await importFile(me, Buffer.from(JSON.stringify(conversations)))).toMatchObject({
      chatsImported: 2,
    });
  });

  it('shows an import to its owner only', async () => {
    const me = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const { id } = await importFile(me, fixture('chorus-export.json'));
    expect((await other.client.get(`/api/imports/${id}`)).status).toBe(404);
    expect((await other.client.get('/api/imports/not-a-uuid')).status).toBe(404);
    const anon = new HttpClient(app.url);
    expect((await anon.get(`/api/imports/${id}`)).status).toBe(401);
    expect((await upload(anon, fixture('chorus-export.json'))).status).toBe(401);
  });

  it('answers importStatus over GraphQL, to the owner only', async () => {
    const me = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const { id } = await importFile(me, fixture('claude-conversations.json'));
    const query =
      'query ($id: ID!) { importStatus(id: $id) { id status format progress chatsImported messagesImported error } }';
    expect((await me.client.gql(query, { id })).data.importStatus).toEqual({
      id,
      status: 'completed',
      format: 'claude',
      progress: 100,
      chatsImported: 2,
      messagesImported: 6,
      error: null,
    });
    expect((await other.client.gql(query, { id })).data.importStatus).toBeNull();
    const anon = await new HttpClient(app.url).gql(query, { id });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('export', () => {
  async function chatWithMessages(me: Person) {
    const chat = await me.client.post('/api/chats', { title: 'Bread & butter: notes' });
    await db().query(
      `insert into messages (id, chat_id, role, content, model, created_at) values
         (gen_random_uuid(), $1, 'user', 'How long to proof?', null, now() - interval '2 minutes'),
         (gen_random_uuid(), $1, 'assistant', 'About **four hours** at room temperature.', 'gpt', now() - interval '1 minute')`,
      [chat.body.id],
    );
    return chat.body.id as string;
  }

  it('downloads one chat as JSON and as Markdown', async () => {
    const me = await signedUpClient(app.url);
    const id = await chatWithMessages(me);
    const json = await me.client.get(`/api/chats/${id}/export?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?Bread-butter-notes\.json"?$/,
    );
    expect(json.body).toMatchObject({
      format: 'chorus',
      version: 1,
      chats: [
        {
          id,
          title: 'Bread & butter: notes',
          assistant: 'gpt',
          messages: [
            { id: expect.any(String), role: 'user', content: 'How long to proof?', model: null },
            { role: 'assistant', content: 'About **four hours** at room temperature.', model: 'gpt' },
          ],
        },
      ],
    });
    const md = await me.client.get(`/api/chats/${id}/export?format=md`);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(md.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?Bread-butter-notes\.md"?$/,
    );
    expect(md.text).toMatch(/^# Bread & butter: notes\n/);
    expect(md.text).toMatch(
      /## You\n\n_.+_\n\nHow long to proof\?\n\n## Assistant \(gpt\)\n\n_.+_\n\nAbout \*\*four hours\*\*/,
    );
    const pdf = await me.client.get(`/api/chats/${id}/export?format=pdf`);
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('format must be json or md');
  });

  it('is the owner’s only: 404 for another user, 401 signed out', async () => {
    const me = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const id = await chatWithMessages(me);
    expect((await other.client.get(`/api/chats/${id}/export`)).status).toBe(404);
    const anon = new HttpClient(app.url);
    expect((await anon.get(`/api/chats/${id}/export`)).status).toBe(401);
    expect((await anon.get('/api/chats/export')).status).toBe(401);
    // Another user's "all chats" is their own (none).
    expect((await other.client.get('/api/chats/export')).body.chats).toEqual([]);
  });

  it('round-trips: all chats exported as JSON and imported by another user give the same chats', async () => {
    const me = await signedUpClient(app.url);
    await chatWithMessages(me);
    await importFile(me, fixture('claude-conversations.json'));
    const all = await me.client.get('/api/chats/export?format=json');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?chorus-chats-[\d-]+\.json"?$/,
    );
    expect(all.body.chats).toHaveLength(3);

    const other = await signedUpClient(app.url);
    const done = await importFile(other, Buffer.from(all.text));
    expect(done).toMatchObject({
      status: 'completed',
      format: 'chorus',
      chatsImported: 3,
      messagesImported: 8,
    });
    const strip = (chats: Awaited<ReturnType<typeof chatsOf>>) =>
      chats.map(({ title, active_model, messages }) => ({ title, active_model, messages }));
    expect(strip(await chatsOf(other))).toEqual(strip(await chatsOf(me)));
    const again = await other.client.get('/api/chats/export?format=json');
    const timeline = (body: any) =>
      body.chats.map((c: any) => ({
        title: c.title,
        createdAt: c.createdAt,
        messages: c.messages.map(({ role, content, model, createdAt }: any) => ({
          role,
          content,
          model,
          createdAt,
        })),
      }));
    expect(timeline(again.body)).toEqual(timeline(all.body));
  });
});
