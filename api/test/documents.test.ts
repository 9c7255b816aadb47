import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';

const fake = useStarted(startFakeOpenAI);
// Claude answers through the fake provider; GPT (the default) is offline.
const app = useTestApp(() => assistantEnv(fake.baseURL, 'claude'));

const DRAFT =
  'Our harbour opened in 1902. The quick brown fox jumps over the lazy dog near the old pier. Boats leave at dawn.';
const SENTENCE = 'The quick brown fox jumps over the lazy dog near the old pier.';

const promptsUsed = async (userId: string) =>
  Number(
    (
      await db().query(
        `select used from usage_counters where user_id = $1 and feature = 'prompts' and period_start = date_trunc('month', now())::date`,
        [userId],
      )
    ).rows[0]?.used ?? 0,
  );

/** A chat of the user's with one offline answer, and its answer's id. */
async function chatWithAnswer(client: HttpClient) {
  const chat = await client.post('/api/chats', { title: 'Drafts' });
  expect(chat.status).toBe(201);
  const res = await client.post(`/api/chats/${chat.body.id}/messages`, { content: 'Write a harbour draft' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { chatId: chat.body.id as string, answerId: res.body.aiMessage.id as string };
}

async function newDocument(client: HttpClient, chatId: string, content = DRAFT) {
  const res = await client.post(`/api/chats/${chatId}/documents`, { title: 'Harbour', content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number; content: string };
}

describe('canvas documents', () => {
  it('opens an answer in canvas, saves versions, refuses a stale save and restores an old version', async () => {
    const { client } = await signedUpClient(app.url);
    const { chatId, answerId } = await chatWithAnswer(client);
    const opened = await client.post(`/api/chats/${chatId}/documents`, { fromMessageId: answerId });
    expect(opened.status).toBe(201);
    const answer = (await db().query('select content from messages where id = $1', [answerId])).rows[0]
      .content;
    expect(opened.body).toMatchObject({ chatId, kind: 'text', language: null, content: answer, version: 1 });
    expect(opened.body.title.length).toBeGreaterThan(0);
    expect(opened.body.title).not.toMatch(/[*_`#]/);

    const doc = await newDocument(client, chatId);
    const saved = await client.put(`/api/documents/${doc.id}`, { content: `${DRAFT} More.`, baseVersion: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, content: `${DRAFT} More.` });
    // Another tab still at version 1: refused, and nothing of version 2 is lost.
    const stale = await client.put(`/api/documents/${doc.id}`, { content: 'Other tab', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/changed since you opened it/),
    });
    expect((await client.get(`/api/documents/${doc.id}`)).body.content).toBe(`${DRAFT} More.`);
    const viaGql = await client.gql(
      'mutation($id: ID!) { saveDocument(id: $id, content: "x", baseVersion: 1) { version } }',
      { id: doc.id },
    );
    expect(viaGql.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    const versions = await client.get(`/api/documents/${doc.id}/versions`);
    expect(versions.body.map((v: { version: number; source: string }) => [v.version, v.source])).toEqual([
      [2, 'save'],
      [1, 'create'],
    ]);
    expect((await client.get(`/api/documents/${doc.id}/versions?limit=1&before=2`)).body).toEqual([
      expect.objectContaining({ version: 1, content: DRAFT }),
    ]);
    const restored = await client.post(`/api/documents/${doc.id}/versions/1/restore`, { baseVersion: 2 });
    expect(restored.body).toMatchObject({ version: 3, content: DRAFT });
    const gql = await client.gql(
      'query($id: ID!, $chat: ID!) { documentVersions(id: $id, limit: 1) { version source } chat(id: $chat) { documents { id version } } }',
      { id: doc.id, chat: chatId },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.documentVersions).toEqual([{ version: 3, source: 'restore' }]);
    expect(gql.data.chat.documents.map((d: { id: string }) => d.id)).toEqual([opened.body.id, doc.id]);

    const download = await fetch(`${app.url}/api/documents/${doc.id}/download`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="?Harbour\.md"?$/);
    expect(await download.text()).toBe(DRAFT);
    // As Word: read back with the same reader My Files uses for DOCX.
    const word = await fetch(`${app.url}/api/documents/${doc.id}/download?format=docx`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(word.headers.get('content-type')).toMatch(/wordprocessingml/);
    expect(word.headers.get('content-disposition')).toMatch(/Harbour\.docx/);
    const text = await mammoth.extractRawText({ buffer: Buffer.from(await word.arrayBuffer()) });
    expect(text.value.trim()).toBe(DRAFT);
    expect((await client.get(`/api/documents/${doc.id}/download?format=pdf`)).status).toBe(400);
  });

  it('of parallel saves from one version, exactly one lands', async () => {
    const { client } = await signedUpClient(app.url);
    const { chatId } = await chatWithAnswer(client);
    const doc = await newDocument(client, chatId);
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.put(`/api/documents/${doc.id}`, { content: `tab ${i}`, baseVersion: 1 }),
      ),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const landed = saves.find((s) => s.status === 200)!.body.content;
    expect((await client.get(`/api/documents/${doc.id}`)).body).toMatchObject({
      version: 2,
      content: landed,
    });
  });

  it('rewrites only the selection (offline), counted as a prompt; applying it leaves the rest byte-identical', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const { chatId } = await chatWithAnswer(client);
    const doc = await newDocument(client, chatId);
    const start = DRAFT.indexOf(SENTENCE);
    const end = start + SENTENCE.length;
    const before = await promptsUsed(userId);
    const res = await client.post(`/api/documents/${doc.id}/rewrite`, { start, end, instruction: 'Shorter' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      start,
      end,
      text: 'The quick brown fox jumps over the lazy.',
      model: 'gpt',
      offline: true,
    });
    expect(await promptsUsed(userId)).toBe(before + 1);
    // Nothing is applied until accepted.
    expect((await client.get(`/api/documents/${doc.id}`)).body.version).toBe(1);
    const applied = DRAFT.slice(0, start) + res.body.text + DRAFT.slice(end);
    const accepted = await client.put(`/api/documents/${doc.id}`, {
      content: applied,
      baseVersion: 1,
      reason: 'rewrite',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.content.slice(0, start)).toBe(DRAFT.slice(0, start));
    expect(accepted.body.content.slice(start + res.body.text.length)).toBe(DRAFT.slice(end));
    expect((await client.get(`/api/documents/${doc.id}/versions`)).body[0].source).toBe('rewrite');

    // A selection in a version the document has left is refused, as one outside it.
    const stale = await client.post(`/api/documents/${doc.id}/rewrite`, {
      start,
      end,
      instruction: 'Shorter',
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    for (const body of [
      { start: 0, end: 10_000, instruction: 'Shorter' },
      { start: 5, end: 5, instruction: 'Shorter' },
      { start: -1, end: 3, instruction: 'Shorter' },
      { start: 0, end: 3, instruction: '' },
      { start: 0, end: 3, instruction: 'Draw it', model: 'image' },
      { start: 0, end: 3, instruction: 'x', model: 'nobody' },
      { start: 'a', end: 3, instruction: 'x' },
    ]) {
      const bad = await client.post(`/api/documents/${doc.id}/rewrite`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toBeTruthy();
    }
    expect(await promptsUsed(userId)).toBe(before + 1);
  });

  it('asks the chosen assistant with the selection marked, cleans its answer, and gives the prompt back when it fails', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const { chatId } = await chatWithAnswer(client);
    const doc = await newDocument(client, chatId);
    const start = DRAFT.indexOf(SENTENCE);
    const end = start + SENTENCE.length;
    fake.script('Instruction: Tighten it', '"A fox jumps the dog by the pier."');
    const res = await client.post(`/api/documents/${doc.id}/rewrite`, {
      start,
      end,
      instruction: 'Tighten it',
      model: 'claude',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      text: 'A fox jumps the dog by the pier.',
      model: 'claude',
      offline: false,
    });
    const asked = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body;
    expect(asked.messages[1].content).toContain(`<selection>${SENTENCE}</selection>`);

    const before = await promptsUsed(userId);
    const failed = await client.post(`/api/documents/${doc.id}/rewrite`, {
      start,
      end,
      instruction: 'Tighten it [fail500]',
      model: 'claude',
    });
    expect(failed.status).toBe(502);
    expect(await promptsUsed(userId)).toBe(before);
  });

  it('streams a rewrite through the rewriteSelection subscription', async () => {
    const { client } = await signedUpClient(app.url);
    const { chatId } = await chatWithAnswer(client);
    const doc = await newDocument(client, chatId);
    const start = DRAFT.indexOf(SENTENCE);
    const ws = wsClient(app.url, client.cookieHeader);
    const events: { delta: string | null; proposal: { text: string } | null }[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.subscribe<{ rewriteSelection: (typeof events)[number] }>(
        {
          query: `subscription($id: ID!, $start: Int!, $end: Int!) {
            rewriteSelection(id: $id, start: $start, end: $end, instruction: "Shorter") { delta proposal { text offline } }
          }`,
          variables: { id: doc.id, start, end: start + SENTENCE.length },
        },
        {
          next: (v) => {
            if (v.errors) reject(new Error(JSON.stringify(v.errors)));
            else events.push(v.data!.rewriteSelection);
          },
          error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
          complete: () => resolve(),
        },
      );
    });
    await ws.dispose();
    const deltas = events.filter((e) => e.delta !== null).map((e) => e.delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)!.proposal).toEqual({
      text: 'The quick brown fox jumps over the lazy.',
      offline: true,
    });
    expect(deltas.join('')).toBe(events.at(-1)!.proposal!.text);
  });

  it('keeps documents to their owner: another user gets 404, the signed-out 401, and they go with their chat', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const { chatId, answerId } = await chatWithAnswer(owner.client);
    const doc = await newDocument(owner.client, chatId);
    const theirs = await chatWithAnswer(other.client);
    for (const [method, path, body] of [
      ['GET', `/api/documents/${doc.id}`],
      ['PUT', `/api/documents/${doc.id}`, { content: 'x', baseVersion: 1 }],
      ['DELETE', `/api/documents/${doc.id}`],
      ['GET', `/api/documents/${doc.id}/versions`],
      ['POST', `/api/documents/${doc.id}/versions/1/restore`, {}],
      ['POST', `/api/documents/${doc.id}/rewrite`, { start: 0, end: 3, instruction: 'Shorter' }],
      ['GET', `/api/chats/${chatId}/documents`],
      ['POST', `/api/chats/${chatId}/documents`, { title: 'Mine now' }],
      // Their own chat, from the owner's answer: not found either.
      ['POST', `/api/chats/${theirs.chatId}/documents`, { fromMessageId: answerId }],
    ] as const) {
      const res = await other.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await new HttpClient(app.url).request(method, path, body)).status).toBe(401);
    }
    const gql = await other.client.gql('query($id: ID!) { document(id: $id) { content } }', { id: doc.id });
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await owner.client.get(`/api/documents/${doc.id}`)).body.version).toBe(1);

    for (const body of [
      { title: '' },
      { kind: 'poem' },
      { content: 5 },
      { language: 'no spaces allowed' },
      { fromMessageId: 'x' },
    ]) {
      const bad = await owner.client.post(`/api/chats/${chatId}/documents`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.client.put(`/api/documents/${doc.id}`, { content: 'x' })).status).toBe(400);
    expect((await owner.client.get('/api/documents/not-a-uuid')).status).toBe(404);

    expect((await owner.client.request('DELETE', `/api/chats/${chatId}`)).status).toBe(200);
    expect(
      (await db().query('select count(*)::int as n from documents where chat_id = $1', [chatId])).rows[0].n,
    ).toBe(0);
    expect(
      (await db().query('select count(*)::int as n from document_versions where document_id = $1', [doc.id]))
        .rows[0].n,
    ).toBe(0);
  });

  it('travels with the chat: a share link shows it as it was (read only), and continuing copies it', async () => {
    const owner = await signedUpClient(app.url);
    const reader = await signedUpClient(app.url);
    const { chatId } = await chatWithAnswer(owner.client);
    const doc = await newDocument(owner.client, chatId);
    const code = await owner.client.post(`/api/chats/${chatId}/documents`, {
      title: 'Tide table',
      kind: 'code',
      language: 'python',
      content: 'print("high tide")',
    });
    expect(code.status).toBe(201);
    const link = await owner.client.post(`/api/chats/${chatId}/shares`);
    expect(link.status).toBe(201);
    // Changed after the link was made: the link keeps the version it was made with.
    await owner.client.put(`/api/documents/${doc.id}`, { content: 'Later text', baseVersion: 1 });
    const shared = await new HttpClient(app.url).get(`/api/shares/${link.body.token}`);
    expect(shared.body.documents).toEqual([
      { title: 'Harbour', kind: 'text', language: null, content: DRAFT },
      { title: 'Tide table', kind: 'code', language: 'python', content: 'print("high tide")' },
    ]);
    const gql = await new HttpClient(app.url).gql(
      'query($t: String!) { sharedChat(token: $t) { documents { title kind } } }',
      {
        t: link.body.token,
      },
    );
    expect(gql.data.sharedChat.documents).toEqual([
      { title: 'Harbour', kind: 'text' },
      { title: 'Tide table', kind: 'code' },
    ]);

    const copy = await reader.client.post(`/api/shares/${link.body.token}/continue`);
    expect(copy.status).toBe(201);
    const copied = (await reader.client.get(`/api/chats/${copy.body.id}/documents`)).body;
    expect(
      copied.map((d: { title: string; content: string; version: number }) => [d.title, d.content, d.version]),
    ).toEqual([
      ['Harbour', DRAFT, 1],
      ['Tide table', 'print("high tide")', 1],
    ]);
    // The reader's own: they can edit it; the owner's is untouched.
    expect(
      (await reader.client.put(`/api/documents/${copied[0].id}`, { content: 'Mine', baseVersion: 1 })).status,
    ).toBe(200);
    expect((await owner.client.get(`/api/documents/${doc.id}`)).body.content).toBe('Later text');
    expect((await owner.client.get(`/api/documents/${copied[0].id}`)).status).toBe(404);
  });

  it('holds at most 50 documents a chat, however many are made at once', async () => {
    const { client } = await signedUpClient(app.url);
    const { chatId } = await chatWithAnswer(client);
    const made = await Promise.all(
      Array.from({ length: 53 }, (_, i) =>
        client.post(`/api/chats/${chatId}/documents`, { title: `Doc ${i}` }),
      ),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(50);
    expect(made.filter((r) => r.status === 409)).toHaveLength(3);
  });
});
