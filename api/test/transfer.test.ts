import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { assistantEnv, type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { PNG_1X1 } from '../../tests/support/images.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import { startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import { readConversation } from '../src/modules/transfer/core/formats.ts';

/**
 * Issue 18 item 4: export (JSON, Markdown) and import (Chorus, ChatGPT, Claude) of chats, the
 * import as a worker job with progress, idempotent, all or nothing, owner-only.
 */
let app: RunningApp;
let worker: Runner;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp(assistantEnv(fake.baseURL, 'gpt', 'image'));
  // The worker stores imported images where the api serves them from.
  worker = await startWorker({
    DATABASE_URL: testDatabaseUrl(),
    WORKER_CONCURRENCY: 1,
    STORAGE_DIR: app.config.storageDir,
  });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  await fake.close();
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

/** Follows an import's job (GET /api/imports/:id) until it has completed or failed; answers its last status. */
async function importEnded(
  client: HttpClient,
  id: string,
  wait: { timeout: number; interval: number } = { timeout: 20_000, interval: 100 },
) {
  let status: any;
  await expect
    .poll(async () => {
      status = (await client.get(`/api/imports/${id}`)).body;
      return status.status;
    }, wait)
    .toMatch(/completed|failed/);
  return status;
}

/** Uploads and waits for the job to finish; answers the final status. */
async function importFile(me: Person, bytes: Buffer, format?: string) {
  const started = await upload(me.client, bytes, format);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toEqual({ id: expect.any(String), status: 'queued' });
  const status = await importEnded(me.client, started.body.id);
  return { id: started.body.id as string, ...status };
}

/**
 * A chat's tree as it is stored, ids replaced by positions (oldest first), so two copies of one
 * tree compare equal: each message's parent, content and answer details, and the path shown.
 */
async function treeOf(chatId: string) {
  const {
    rows: [chat],
  } = await db().query(
    'select title, active_model, mode, created_at, current_message_id from chats where id = $1',
    [chatId],
  );
  const { rows } = await db().query(
    `select id, parent_id, role, content, model, status, error, tokens, model_name, created_at
       from messages where chat_id = $1 order by created_at, id`,
    [chatId],
  );
  const at = new Map(rows.map((r, i) => [r.id as string, i]));
  return {
    title: chat.title as string,
    assistant: chat.active_model as string,
    mode: chat.mode as string | null,
    createdAt: (chat.created_at as Date).toISOString(),
    current: chat.current_message_id === null ? null : at.get(chat.current_message_id),
    messages: rows.map((r) => ({
      parent: r.parent_id === null ? null : (at.get(r.parent_id) as number),
      role: r.role as string,
      content: r.content as string,
      model: r.model as string | null,
      status: r.status as string,
      error: r.error as string | null,
      tokens: r.tokens as number | null,
      modelName: r.model_name as string | null,
      createdAt: (r.created_at as Date).toISOString(),
    })),
  };
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
  it('reads a ChatGPT conversations.json: every branch of each mapping, showing its current node', async () => {
    const me = await signedUpClient(app.url);
    const done = await importFile(me, fixture('chatgpt-conversations.json'));
    expect(done).toMatchObject({ status: 'completed', progress: 100, chatsImported: 2, messagesImported: 7 });
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
      // The regenerated-away answer (n4a) comes too, as an older version of the last answer.
      { role: 'assistant', content: 'An older answer that was regenerated away.', model: 'gpt' },
      { role: 'assistant', content: 'It is hungry: feed it twice a day for a few days.', model: 'gpt' },
    ]);
    expect(chats[1]!.messages).toHaveLength(2);
    // The chats list (the spec's REST) shows them.
    const list = await me.client.get('/api/chats');
    expect(list.body.map((c: any) => c.title)).toEqual(
      expect.arrayContaining(['Sourdough starter', 'Packing list']),
    );
    // And an imported chat opens on the path to current_node, the other answer one arrow away.
    const sourdough = list.body.find((c: any) => c.title === 'Sourdough starter');
    const opened = await me.client.get(`/api/chats/${sourdough.id}/messages`);
    expect(opened.status).toBe(200);
    expect(opened.body.map((m: any) => m.content)).toEqual([
      'How do I feed a sourdough starter?',
      'Discard half, then add equal weights of flour and water once a day.',
      'And if it smells like acetone?',
      'It is hungry: feed it twice a day for a few days.',
    ]);
    expect(opened.body[3].siblingIds).toHaveLength(2);
    expect(opened.body[3]).toMatchObject({ modelName: 'gpt-4o', tokens: null });
  });

  it('reads a ChatGPT mapping with several children as branches: edited prompts and regenerated answers', async () => {
    const me = await signedUpClient(app.url);
    const done = await importFile(me, fixture('chatgpt-branches.json'));
    expect(done).toMatchObject({ status: 'completed', chatsImported: 1, messagesImported: 7 });
    const [chat] = (await me.client.get('/api/chats')).body;
    const tree = await treeOf(chat.id);
    // The system prompt and the tool call are skipped; what hung from them hangs from the message above.
    expect(
      tree.messages.map((m) => [m.content, m.parent === null ? null : tree.messages[m.parent]!.content]),
    ).toEqual([
      ['Plan a dinner menu.', null],
      ['Soup, a roast and a tart. For how many?', 'Plan a dinner menu.'],
      ['For two.', 'Soup, a roast and a tart. For how many?'],
      ['Halve the roast and keep the tart whole.', 'For two.'],
      ['For six, one of them vegetarian.', 'Soup, a roast and a tart. For how many?'],
      ['Add a mushroom Wellington beside the roast.', 'For six, one of them vegetarian.'],
      ['Make the whole menu vegetarian: nobody will mind.', 'For six, one of them vegetarian.'],
    ]);
    // current_node (not the newest answer) is the path shown; the other versions are one arrow away.
    const shown = (await me.client.get(`/api/chats/${chat.id}/messages`)).body;
    expect(shown.map((m: any) => m.content)).toEqual([
      'Plan a dinner menu.',
      'Soup, a roast and a tart. For how many?',
      'For six, one of them vegetarian.',
      'Add a mushroom Wellington beside the roast.',
    ]);
    expect(shown.map((m: any) => m.siblingIds.length)).toEqual([1, 1, 2, 2]);
    expect(shown[2].siblingIds.at(-1)).toBe(shown[2].id);
    expect(shown[3].siblingIds[0]).toBe(shown[3].id);
    // The other version of the prompt opens on its own answer.
    const other = await me.client.post(`/api/chats/${chat.id}/path`, { messageId: shown[2].siblingIds[0] });
    expect(other.body.map((m: any) => m.content).slice(2)).toEqual([
      'For two.',
      'Halve the roast and keep the tart whole.',
    ]);
    // Twice: nothing added.
    expect(await importFile(me, fixture('chatgpt-branches.json'))).toMatchObject({
      status: 'completed',
      chatsImported: 0,
      messagesImported: 0,
    });
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
      version: 2,
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

  /**
   * A chat with branches made as people make them: an edited prompt, a regenerated answer, a failed
   * one, and the path switched back to the first version (so the path shown is not the newest).
   */
  async function branchedChat(me: Person) {
    const chat = (await me.client.post('/api/chats', { activeModel: 'gpt', mode: 'coach' })).body;
    const say = async (content: string) =>
      (await me.client.post(`/api/chats/${chat.id}/messages`, { content })).body;
    await say('Plan a picnic [tokens=3]');
    const second = await say('For how many? [tokens=4]');
    const edited = (
      await me.client.post(`/api/messages/${second.userMessage.id}/edit`, { content: 'For six [tokens=6]' })
    ).body;
    const again = await me.client.post(`/api/messages/${edited.aiMessage.id}/regenerate`);
    expect(again.status).toBe(201);
    await say('[fail500] and dessert?');
    const back = await me.client.post(`/api/chats/${chat.id}/path`, { messageId: second.userMessage.id });
    expect(back.status).toBe(200);
    return chat.id as string;
  }

  it('round-trips a chat with branches: the same tree, contents and path shown, once', async () => {
    const me = await signedUpClient(app.url);
    await makePaid(me.userId);
    const id = await branchedChat(me);
    const original = await treeOf(id);
    // What the test relies on: versions of a prompt and of an answer, a failed answer, token counts.
    expect(original.messages).toHaveLength(9);
    const versionsUnder = (parent: number) => original.messages.filter((m) => m.parent === parent).length;
    expect([versionsUnder(1), versionsUnder(4)]).toEqual([2, 2]);
    expect(original.messages.map((m) => m.tokens)).toEqual([null, 3, null, 4, null, 6, 6, null, null]);
    expect(original.messages.filter((m) => m.status === 'error')).toHaveLength(1);
    expect(original.current).toBe(3);

    const exported = await me.client.get(`/api/chats/${id}/export?format=json`);
    expect(exported.body.chats[0]).toMatchObject({ currentMessageId: expect.any(String), mode: 'coach' });
    expect(exported.body.chats[0].messages[3]).toMatchObject({
      parentId: exported.body.chats[0].messages[2].id,
      tokens: 4,
      modelName: 'gpt-4.1-mini',
      status: 'complete',
    });
    // Markdown is the path shown, not every version.
    const md = (await me.client.get(`/api/chats/${id}/export?format=md`)).text;
    expect(md).toContain('For how many?');
    expect(md).not.toContain('For six');

    const other = await signedUpClient(app.url);
    const done = await importFile(other, Buffer.from(exported.text));
    expect(done).toMatchObject({ status: 'completed', chatsImported: 1, messagesImported: 9 });
    const [copy] = (await other.client.get('/api/chats')).body;
    expect(await treeOf(copy.id)).toEqual(original);
    // It opens on the same path, with the same versions to move between.
    const shape = (messages: any[]) => messages.map((m) => [m.content, m.siblingIds.length, m.tokens]);
    expect(shape((await other.client.get(`/api/chats/${copy.id}/messages`)).body)).toEqual(
      shape((await me.client.get(`/api/chats/${id}/messages`)).body),
    );
    // Exported again, the copy is the same file but for its ids.
    const reexported = (await other.client.get(`/api/chats/${copy.id}/export?format=json`)).body.chats[0];
    const withoutIds = (c: any) => {
      const at = new Map(c.messages.map((m: any, i: number) => [m.id, i]));
      return {
        ...c,
        id: null,
        updatedAt: null,
        currentMessageId: at.get(c.currentMessageId),
        messages: c.messages.map((m: any) => ({
          ...m,
          id: null,
          parentId: m.parentId && at.get(m.parentId),
        })),
      };
    };
    expect(withoutIds(reexported)).toEqual(withoutIds(exported.body.chats[0]));

    // The same file again adds nothing.
    expect(await importFile(other, Buffer.from(exported.text))).toMatchObject({
      status: 'completed',
      chatsImported: 0,
      messagesImported: 0,
    });
    expect((await other.client.get('/api/chats')).body).toHaveLength(1);
  });

  it('round-trips a compare: its answers as versions of the turn, who was asked, blind and the vote', async () => {
    const me = await signedUpClient(app.url);
    await makePaid(me.userId);
    const chat = (await me.client.post('/api/chats', {})).body;
    const compared = await me.client.post(`/api/chats/${chat.id}/compare`, {
      content: 'Which is clearer?',
      models: ['code', 'study', 'claude'],
      blind: true,
    });
    expect(compared.status).toBe(201);
    const voted = await me.client.gql(
      `mutation($id: ID!) { voteCompare(userMessageId: $id, winner: "study") { winner } }`,
      { id: compared.body.userMessage.id },
    );
    expect(voted.data.voteCompare.winner).toBe('study');
    const exported = await me.client.get(`/api/chats/${chat.id}/export?format=json`);
    const [file] = exported.body.chats;
    expect(file.compares).toEqual([
      {
        promptId: compared.body.userMessage.id,
        assistants: ['code', 'study', 'claude'],
        answerIds: compared.body.answers.map((a: { id: string }) => a.id),
        blind: true,
        winner: 'study',
        tie: false,
        votedAt: expect.any(String),
      },
    ]);
    // A compare naming a message the file does not have is refused, saying where.
    const broken = structuredClone(exported.body);
    broken.chats[0].compares[0].answerIds[1] = 'nowhere';
    const refused = await importFile(await signedUpClient(app.url), Buffer.from(JSON.stringify(broken)));
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/compares\.0: "nowhere" is no message of this chat/);

    const other = await signedUpClient(app.url);
    expect(await importFile(other, Buffer.from(exported.text))).toMatchObject({
      status: 'completed',
      messagesImported: 4,
    });
    const [copy] = (await other.client.get('/api/chats')).body;
    const page = await other.client.gql(
      `query($id: ID!) { messagePage(chatId: $id, last: 4) { messages { role content compare { assistants blind winner tie answers { model content } } } } }`,
      { id: copy.id },
    );
    expect(page.errors).toBeUndefined();
    const prompt = page.data.messagePage.messages.find((m: { role: string }) => m.role === 'user');
    expect(prompt.compare).toMatchObject({
      assistants: ['code', 'study', 'claude'],
      blind: true,
      winner: 'study',
      tie: false,
    });
    expect(prompt.compare.answers.map((a: { model: string }) => a.model)).toEqual([
      'code',
      'study',
      'claude',
    ]);
    expect(prompt.compare.answers.map((a: { content: string }) => a.content)).toEqual(
      compared.body.answers.map((a: { content: string }) => a.content),
    );
    // The importer's own leaderboard counts the imported vote.
    const board = await other.client.gql('{ myLeaderboard { assistant wins } }');
    expect(board.data.myLeaderboard[0]).toEqual({ assistant: 'study', wins: 1 });
  });

  it('round-trips a chat’s canvas documents: exported as they are, imported as the importer’s own', async () => {
    const me = await signedUpClient(app.url);
    const chat = (await me.client.post('/api/chats', { title: 'Drafts' })).body;
    await me.client.post(`/api/chats/${chat.id}/messages`, { content: 'A draft about tides' });
    const doc = (
      await me.client.post(`/api/chats/${chat.id}/documents`, { title: 'Tides', content: 'High at noon.' })
    ).body;
    await me.client.put(`/api/documents/${doc.id}`, { content: 'High at one.', baseVersion: 1 });
    await me.client.post(`/api/chats/${chat.id}/documents`, {
      title: 'Script',
      kind: 'code',
      language: 'python',
      content: 'x = 1',
    });
    const exported = await me.client.get(`/api/chats/${chat.id}/export?format=json`);
    expect(exported.body.chats[0].documents).toEqual([
      expect.objectContaining({
        title: 'Tides',
        kind: 'text',
        language: null,
        content: 'High at one.',
        version: 2,
      }),
      expect.objectContaining({
        title: 'Script',
        kind: 'code',
        language: 'python',
        content: 'x = 1',
        version: 1,
      }),
    ]);
    const markdown = await me.client.get(`/api/chats/${chat.id}/export?format=md`);
    expect(markdown.text).toContain(
      '## Document: Tides\n\nHigh at one.\n\n## Document: Script\n\n````python\nx = 1\n````',
    );
    const other = await signedUpClient(app.url);
    expect(await importFile(other, Buffer.from(exported.text))).toMatchObject({ status: 'completed' });
    const [copy] = (await other.client.get('/api/chats')).body;
    const docs = (await other.client.get(`/api/chats/${copy.id}/documents`)).body;
    expect(
      docs.map((d: { title: string; content: string; version: number }) => [d.title, d.content, d.version]),
    ).toEqual([
      ['Tides', 'High at one.', 1],
      ['Script', 'x = 1', 1],
    ]);
    expect((await other.client.get(`/api/documents/${docs[0].id}/versions`)).body).toHaveLength(1);
    // A document a chat can't hold is refused, saying where.
    const broken = structuredClone(exported.body);
    broken.chats[0].documents[0].kind = 'poem';
    const refused = await importFile(await signedUpClient(app.url), Buffer.from(JSON.stringify(broken)));
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/documents\.0\.kind/);
  });

  it.each([
    [
      'a parent that is no message of the chat',
      (c: any) => (c.messages[2].parentId = 'nowhere'),
      /messages\.2\.parentId: "nowhere" is no message of this chat/,
    ],
    [
      'parents in a loop',
      (c: any) => (c.messages[0].parentId = c.messages[3].id),
      /messages\.0\.parentId: the parents form a loop/,
    ],
    [
      'a message of a tree without its id',
      (c: any) => delete c.messages[4].id,
      /messages\.4\.id: a message of a tree needs its id/,
    ],
    [
      'a current message that is not in it',
      (c: any) => (c.currentMessageId = 'gone'),
      /currentMessageId: "gone" is no message of this chat/,
    ],
  ])('refuses a tree with %s, saving nothing', async (_name, spoil, error) => {
    const me = await signedUpClient(app.url);
    await makePaid(me.userId);
    await chatWithMessages(me);
    await branchedChat(me);
    const all = (await me.client.get('/api/chats/export?format=json')).body;
    spoil(all.chats[1]);
    const other = await signedUpClient(app.url);
    const done = await importFile(other, Buffer.from(JSON.stringify(all)));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^Conversation 2 is not valid at /);
    expect(done.error).toMatch(error);
    // The first chat, written before the bad one was read, was rolled back with it.
    expect(await chatsOf(other)).toEqual([]);
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

describe('images in export and import', () => {
  /** A paid user's chat with an attached picture (on an edited prompt too) and an @image answer. */
  async function chatWithImages(me: Person) {
    await makePaid(me.userId);
    const up = await me.client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    expect(up.status).toBe(201);
    const chat = (await me.client.post('/api/chats', { activeModel: 'gpt' })).body;
    const sent = await me.client.post(`/api/chats/${chat.id}/messages`, {
      content: 'What is in this picture?',
      imageIds: [up.body.id],
    });
    expect(sent.status).toBe(201);
    // An edited prompt keeps its images: two messages, one stored picture.
    const edited = await me.client.post(`/api/messages/${sent.body.userMessage.id}/edit`, {
      content: 'And what colour is it?',
    });
    expect(edited.status).toBe(201);
    await me.client.post(`/api/chats/${chat.id}/messages`, { content: '@image a red fox in the snow' });
    await expect
      .poll(
        async () =>
          (
            await db().query(
              `select count(*)::int as n from messages where chat_id = $1 and (status = 'streaming'
                  or (role = 'assistant' and content like '![%' and cardinality(images) = 0))`,
              [chat.id],
            )
          ).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(0);
    return chat.id as string;
  }

  /** Each message's images as stored: bytes, owner and type, in message order. */
  async function imagesOf(chatId: string) {
    const { rows } = await db().query(
      `select m.role, m.content, m.images from messages m where m.chat_id = $1 order by m.created_at, m.id`,
      [chatId],
    );
    return rows as { role: string; content: string; images: string[] }[];
  }

  const filesOf = async (userId: string) =>
    (
      await db().query(
        `select name, content_type, size, storage_key, purpose from files where user_id = $1 order by storage_key`,
        [userId],
      )
    ).rows;

  /** The image objects stored for a user (local disk storage in the tests). */
  const storedImages = (userId: string) => {
    const dir = path.join(app.config.storageDir, 'images', userId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  async function mediaBytes(client: HttpClient, key: string) {
    const res = await fetch(`${app.url}/media/private/${key}`, {
      headers: client.cookieHeader ? { cookie: client.cookieHeader } : {},
    });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('exports each message’s images and imports them as the importer’s own copies, bytes equal, once', async () => {
    const me = await signedUpClient(app.url);
    const id = await chatWithImages(me);
    const mine = await imagesOf(id);
    const withImages = mine.filter((m) => m.images.length);
    // Both versions of the prompt and the @image answer.
    expect(withImages.map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
    const fox = withImages[2]!;
    const foxBytes = (await mediaBytes(me.client, fox.images[0]!)).bytes;
    expect(foxBytes.length).toBeGreaterThan(0);

    const json = await me.client.get(`/api/chats/${id}/export?format=json`);
    expect(json.body.version).toBe(2);
    const exportedImages = json.body.chats[0].messages.flatMap((m: any) => m.images);
    expect(exportedImages).toHaveLength(3);
    expect(exportedImages[0]).toEqual({
      name: 'dot.png',
      contentType: 'image/png',
      data: PNG_1X1.toString('base64'),
      url: `/media/private/${withImages[0]!.images[0]}`,
    });

    // Markdown links the attached picture; the @image answer names its own already (not twice).
    const md = (await me.client.get(`/api/chats/${id}/export?format=md`)).text;
    expect(md).toContain(`![Image 1](/media/private/${withImages[1]!.images[0]})`);
    expect(md.split(`/media/private/${fox.images[0]}`)).toHaveLength(2);

    const other = await signedUpClient(app.url);
    const done = await importFile(other, Buffer.from(json.text));
    expect(done).toMatchObject({ status: 'completed', chatsImported: 1 });
    const [copy] = await chatsOf(other);
    const theirs = await imagesOf(copy!.id);
    expect(theirs.map((m) => m.images.length)).toEqual(mine.map((m) => m.images.length));
    const theirImages = theirs.filter((m) => m.images.length);
    // Their own stored copies: new keys under their folder, their files, the same bytes.
    for (const m of theirImages) expect(m.images[0]).toMatch(new RegExp(`^images/${other.userId}/`));
    // The two versions of the prompt share one copy, as the original shared one upload.
    expect(theirImages[0]!.images).toEqual(theirImages[1]!.images);
    const files = await filesOf(other.userId);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.purpose === 'chat_image')).toBe(true);
    const dot = await mediaBytes(other.client, theirImages[0]!.images[0]!);
    expect(dot).toEqual({ status: 200, bytes: PNG_1X1 });
    expect((await mediaBytes(other.client, theirImages[2]!.images[0]!)).bytes).toEqual(foxBytes);
    // The answer's text shows the copy, not the exporter's picture.
    expect(theirImages[2]!.content).toContain(`/media/private/${theirImages[2]!.images[0]}`);
    expect(theirImages[2]!.content).not.toContain(fox.images[0]);
    // Owner-only media: the exporter cannot open the importer's copies, nor a stranger.
    expect((await mediaBytes(me.client, theirImages[0]!.images[0]!)).status).toBe(404);
    expect((await mediaBytes(new HttpClient(app.url), theirImages[0]!.images[0]!)).status).not.toBe(200);

    // Twice: nothing added, no second copy stored.
    const again = await importFile(other, Buffer.from(json.text));
    expect(again).toMatchObject({ status: 'completed', chatsImported: 0, messagesImported: 0 });
    expect(await filesOf(other.userId)).toEqual(files);
    expect(await chatsOf(other)).toHaveLength(1);
  });

  it('still imports a version 1 file (no images)', async () => {
    const me = await signedUpClient(app.url);
    const file = JSON.parse(fixture('chorus-export.json').toString('utf8'));
    expect(file.version).toBe(1);
    expect(await importFile(me, fixture('chorus-export.json'))).toMatchObject({
      status: 'completed',
      chatsImported: 1,
    });
    expect(await filesOf(me.userId)).toEqual([]);
  });

  /** A version 2 file of `count` one-message chats, each with a copy of the 1x1 PNG. */
  const fileWithImages = (count: number, image: Record<string, unknown> = {}) =>
    Buffer.from(
      JSON.stringify({
        format: 'chorus',
        version: 2,
        exportedAt: new Date().toISOString(),
        chats: Array.from({ length: count }, (_, i) => ({
          id: `chat-${i}`,
          title: `Picture ${i}`,
          assistant: 'gpt',
          createdAt: '2026-01-01T00:00:00.000Z',
          messages: [
            {
              role: 'user',
              content: `look ${i}`,
              createdAt: '2026-01-01T00:00:00.000Z',
              images: [
                { name: 'dot.png', contentType: 'image/png', data: PNG_1X1.toString('base64'), ...image },
              ],
            },
          ],
        })),
      }),
    );

  it('fails with a clear message and saves nothing when the images pass the storage quota', async () => {
    const me = await signedUpClient(app.url);
    // A free plan's 100 MB, filled but for room for one of the two pictures.
    const room = PNG_1X1.length + 10;
    await db().query(
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
       values (gen_random_uuid(), $1, 'big.bin', 'application/octet-stream', $2, $3, 'upload')`,
      [me.userId, 100 * 1024 * 1024 - room, `uploads/${me.userId}/big`],
    );
    const before = await filesOf(me.userId);
    const done = await importFile(me, fileWithImages(2));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^Conversation 2, message 1: Not enough storage: .+ Nothing was imported\.$/);
    // The first chat and its picture, which did fit, were rolled back with the rest.
    expect(await chatsOf(me)).toEqual([]);
    expect(await filesOf(me.userId)).toEqual(before);
    // Nor is the picture that was stored before the quota was met left on disk.
    expect(storedImages(me.userId)).toEqual([]);
    // With room again the same file imports (the failed one left no idempotency hash behind).
    await db().query(`delete from files where user_id = $1`, [me.userId]);
    expect(await importFile(me, fileWithImages(2))).toMatchObject({ status: 'completed', chatsImported: 2 });
    expect(await filesOf(me.userId)).toHaveLength(2);
    expect(storedImages(me.userId)).toHaveLength(2);
  });

  it.each([
    [
      'data that is not base64',
      { data: 'not base64!!' },
      /at messages\.0\.images\.0\.data: data is not base64$/,
    ],
    ['an empty image', { data: '' }, /at messages\.0\.images\.0\.data: the image is empty$/],
    [
      'a type a chat does not take',
      { contentType: 'image/svg+xml' },
      /at messages\.0\.images\.0\.contentType: contentType must be image\/png, jpeg, gif or webp$/,
    ],
    [
      'bytes that are no image',
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') },
      /^Conversation 1, message 1: "dot\.png" is not a PNG, JPEG, GIF or WebP image Nothing was imported\.$/,
    ],
    ['a url that is not media', { url: 'https://example.com/x.png' }, /at messages\.0\.images\.0\.url: /],
  ])('fails on %s, saving nothing', async (_, image, error) => {
    const me = await signedUpClient(app.url);
    const done = await importFile(me, fileWithImages(1, image));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(error);
    expect(await chatsOf(me)).toEqual([]);
    expect(await filesOf(me.userId)).toEqual([]);
    expect(storedImages(me.userId)).toEqual([]);
  });
});

/** A Chorus export of one chat whose messages are one chain of `n` (each follows the one before). */
function chainExport(n: number, content = (i: number) => `message ${i}`) {
  const start = Date.parse('2024-03-01T10:00:00.000Z');
  return Buffer.from(
    JSON.stringify({
      format: 'chorus',
      version: 1,
      chats: [
        {
          id: `chain-${n}-${Math.random()}`,
          title: `A chain of ${n}`,
          assistant: 'gpt',
          createdAt: new Date(start).toISOString(),
          currentMessageId: `m${n - 1}`,
          messages: Array.from({ length: n }, (_, i) => ({
            id: `m${i}`,
            parentId: i === 0 ? null : `m${i - 1}`,
            role: i % 2 ? 'assistant' : 'user',
            content: content(i),
            createdAt: new Date(start + i * 1000).toISOString(),
          })),
        },
      ],
    }),
  );
}

describe('import limits and hardening', () => {
  it('checks a 40,000-message chain in linear time (seconds, not minutes)', () => {
    const doc = JSON.parse(chainExport(40_000).toString());
    const started = performance.now();
    const read = readConversation('chorus', doc.chats[0]);
    const seconds = (performance.now() - started) / 1000;
    console.info(`40,000-message chain checked and read in ${seconds.toFixed(2)} s`);
    expect(read.messages).toHaveLength(40_000);
    // Walked up from every message, as before, it took 94 s.
    expect(seconds).toBeLessThan(10);
  });

  it('imports a 40,000-message chain whole', async () => {
    const me = await signedUpClient(app.url);
    const file = chainExport(40_000);
    const started = Date.now();
    const begun = await upload(me.client, file);
    expect(begun.status).toBe(202);
    const status = await importEnded(me.client, begun.body.id, { timeout: 90_000, interval: 250 });
    console.info(
      `40,000-message chain (${(file.length / 1e6).toFixed(1)} MB): uploaded and imported in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(status).toMatchObject({ status: 'completed', chatsImported: 1, messagesImported: 40_000 });
  }, 120_000);

  it('fails a ChatGPT file whose parents form a loop, saying so, instead of an empty chat', async () => {
    const me = await signedUpClient(app.url);
    const node = (id: string, parent: string, children: string[], text: string) => ({
      id,
      parent,
      children,
      message: { author: { role: 'user' }, content: { parts: [text] }, create_time: 1_700_000_000 },
    });
    const file = [
      {
        id: 'loop',
        title: 'Round and round',
        create_time: 1_700_000_000,
        mapping: { a: node('a', 'b', ['b'], 'first'), b: node('b', 'a', ['a'], 'second') },
      },
    ];
    const done = await importFile(me, Buffer.from(JSON.stringify(file)));
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/Conversation 1 is not valid at mapping\.\w\.parent: the parents form a loop/);
    expect(await chatsOf(me)).toEqual([]);
    // A Chorus tree with a loop says the same (and is found in linear time too).
    const chorus = JSON.parse(chainExport(3).toString());
    chorus.chats[0].messages[0].parentId = 'm2';
    const again = await importFile(me, Buffer.from(JSON.stringify(chorus)));
    expect(again.error).toMatch(
      /Conversation 1 is not valid at messages\.0\.parentId: the parents form a loop/,
    );
  });

  it('stores text with NUL characters and lone surrogates cleaned, at the first attempt', async () => {
    const me = await signedUpClient(app.url);
    // As the JSON escapes \u0000 and \ud800 arrive in a file (JSON.stringify would write them so too).
    const text = `[{"uuid":"nul-1","name":"Odd\\u0000 title","created_at":"2025-01-01T00:00:00Z","chat_messages":[
      {"sender":"human","text":"before\\u0000after \\ud800 alone","created_at":"2025-01-01T00:00:01Z"},
      {"sender":"assistant","text":"a pair stays: \\ud83d\\ude00","created_at":"2025-01-01T00:00:02Z"}]}]`;
    const started = Date.now();
    const done = await importFile(me, Buffer.from(text));
    expect(done).toMatchObject({ status: 'completed', chatsImported: 1, messagesImported: 2 });
    // No retry (graphile-worker waits seconds between attempts).
    expect(Date.now() - started).toBeLessThan(10_000);
    const [chat] = await chatsOf(me);
    expect(chat!.title).toBe('Odd title');
    expect(chat!.messages.map((m: { content: string }) => m.content)).toEqual([
      'beforeafter \ufffd alone',
      'a pair stays: 😀',
    ]);
  });

  it('keeps the upload in storage, not in the row, caps imports waiting per user, and messages per chat', async () => {
    const me = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    // No worker for a moment: the imports stay queued.
    await worker.stop();
    try {
      const tries = await Promise.all(
        Array.from({ length: 6 }, () => upload(me.client, fixture('claude-conversations.json'))),
      );
      expect(tries.map((t) => t.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
      expect(tries.find((t) => t.status === 429)!.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'You have 3 imports waiting or running: try again when one of them has finished',
      });
      // Another user is not held up by them.
      expect((await upload(other.client, fixture('claude-conversations.json'))).status).toBe(202);
      // The file waits in storage; the row (what a status read selects) does not hold it.
      const { rows } = await db().query('select source, source_key from chat_imports where user_id = $1', [
        me.userId,
      ]);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.source).toBeNull();
        expect(row.source_key).toMatch(new RegExp(`^imports/${me.userId}/`));
        expect(existsSync(path.join(app.config.storageDir, row.source_key))).toBe(true);
      }
      expect(readdirSync(path.join(app.config.storageDir, 'imports', me.userId))).toHaveLength(3);
    } finally {
      worker = await startWorker({
        DATABASE_URL: testDatabaseUrl(),
        WORKER_CONCURRENCY: 1,
        STORAGE_DIR: app.config.storageDir,
        IMPORT_MAX_MESSAGES_PER_CHAT: 4,
      });
    }
    await expect
      .poll(
        async () =>
          (
            await db().query(
              `select count(*)::int as n from chat_imports where user_id = $1 and status = 'completed'`,
              [me.userId],
            )
          ).rows[0].n,
        { timeout: 20_000 },
      )
      .toBe(3);
    // Read and done: the file is gone from storage (removed once the import's end is saved).
    await expect.poll(() => readdirSync(path.join(app.config.storageDir, 'imports', me.userId))).toEqual([]);
    // With room again, another import is taken; one chat over IMPORT_MAX_MESSAGES_PER_CHAT fails it.
    try {
      const done = await importFile(me, chainExport(5));
      expect(done).toMatchObject({ status: 'failed', chatsImported: 0 });
      expect(done.error).toBe(
        'Conversation 1 has 5 messages; a chat can import at most 4. Nothing was imported.',
      );
    } finally {
      await worker.stop();
      worker = await startWorker({
        DATABASE_URL: testDatabaseUrl(),
        WORKER_CONCURRENCY: 1,
        STORAGE_DIR: app.config.storageDir,
      });
    }
  }, 60_000);
});
