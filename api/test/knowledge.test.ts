import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, paidClient } from '../../tests/support/users.ts';
import { startWorker } from '../../worker/src/worker.ts';
import { embedderFrom } from '../src/modules/knowledge/core/embeddings.ts';
import { indexFile } from '../src/modules/knowledge/core/indexing.ts';
import { Retriever } from '../src/modules/knowledge/core/retrieve.ts';
import { knowledgeSettings } from '../src/modules/knowledge/settings.ts';
import { LocalStorage } from '../src/platform/storage.ts';

const HANDBOOK = readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/knowledge/handbook.docx'));
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A real PDF with a text layer: one page for each text (pdf-lib draws it with a standard font). */
async function textPdf(pages: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    text.split('\n').forEach((line, i) => {
      page.drawText(line, { x: 50, y: 780 - i * 16, size: 11, font });
    });
  }
  return Buffer.from(await pdf.save());
}

/** A PDF with pictures of pages only (a scan): shapes, no text layer. */
async function scannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawRectangle({ x: 50, y: 500, width: 300, height: 200 });
  return Buffer.from(await pdf.save());
}

const REPORT_PAGES = [
  'Annual report of Contoso Ltd.\nA history of the company since 1990 and its founders.',
  'Finance.\nThe quarterly revenue of Contoso grew 12 percent to 4.2 million euros,\ndriven by exports to Norway.',
  'Facilities.\nThe office plants are watered twice a week by the facilities team.',
];

type Knowledge = { status: string; passages: number; error: string | null; progress?: number };

/** The file's `knowledge` once it is in one of `statuses` (the worker reads it meanwhile). */
async function knowledgeOnce(client: HttpClient, fileId: string, statuses = ['ready', 'failed']) {
  let last: Knowledge | undefined;
  await expect
    .poll(
      async () => {
        const files = (await client.get('/api/files')).body as { id: string; knowledge: Knowledge }[];
        last = files.find((f) => f.id === fileId)?.knowledge;
        return statuses.includes(last?.status ?? '');
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return last!;
}

async function upload(client: HttpClient, bytes: Buffer, name: string, type: string): Promise<string> {
  const res = await client.upload('/api/files', 'file', bytes, name, type);
  expect(res.status).toBe(201);
  expect(res.body.knowledge).toEqual({ status: 'pending', passages: 0, error: null });
  return res.body.id;
}

async function newChat(client: HttpClient, activeModel = 'gpt'): Promise<string> {
  const res = await client.post('/api/chats', { title: 'Files', activeModel });
  expect(res.status).toBe(201);
  return res.body.id;
}

const chatCompletions = (fake: { requests: { path: string; body: any }[] }) =>
  fake.requests.filter((r) => r.path.endsWith('/chat/completions'));

describe('files as knowledge: full-text ranking (no embeddings)', () => {
  const fake = useStarted(startFakeOpenAI);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-knowledge-'));
  const app = useTestApp(() => ({ STORAGE_DIR: storageDir, ...assistantEnv(fake.baseURL, 'gpt') }));
  useStarted(async () => {
    const runner = await startWorker(
      { DATABASE_URL: testDatabaseUrl(), STORAGE_DIR: storageDir, WORKER_CONCURRENCY: 2 },
      { ...process.env, EMBEDDINGS_BASE_URL: '', EMBEDDINGS_API_KEY: '' },
    );
    return { close: () => runner.stop() };
  });

  it('reads a PDF (pages kept) and a DOCX, and answers from the right passage with its sources', async () => {
    const { client } = await paidClient(app.url);
    const pdfId = await upload(client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    const docxId = await upload(client, HANDBOOK, 'handbook.docx', DOCX);
    expect(await knowledgeOnce(client, pdfId)).toEqual({ status: 'ready', passages: 3, error: null });
    expect(await knowledgeOnce(client, docxId)).toMatchObject({ status: 'ready', error: null });
    const gql = await client.gql('{ files { id knowledge { status passages error } } }');
    expect(gql.data.files).toEqual(
      expect.arrayContaining([{ id: pdfId, knowledge: { status: 'ready', passages: 3, error: null } }]),
    );

    const chatId = await newChat(client);
    const before = chatCompletions(fake).length;
    const res = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'How much did the revenue of Contoso grow?',
      fileIds: [pdfId, docxId],
    });
    expect(res.status).toBe(201);
    const asked = chatCompletions(fake).slice(before);
    expect(asked).toHaveLength(1);
    const system = asked[0]!.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('[1] report.pdf, page 2:');
    expect(system.content).toContain('grew 12 percent to 4.2 million euros');
    expect(system.content).toMatch(/\[1\] or \[2\]/);
    const sources = res.body.aiMessage.sources;
    expect(sources[0]).toEqual({
      n: 1,
      kind: 'file',
      title: 'report.pdf',
      url: `/api/files/${pdfId}/download?view=1#page=2`,
      fileId: pdfId,
      page: 2,
      snippet: expect.stringContaining('grew 12 percent'),
    });
    // Saved with the answer: REST messages and GraphQL alike.
    const messages = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(messages.at(-1).sources[0]).toMatchObject({ title: 'report.pdf', page: 2 });
    expect(messages.at(-2).sources).toEqual([]);
    const viaGql = await client.gql(
      'query($id: ID!) { chat(id: $id) { messages(limit: 10) { role sources { n kind title page fileId url snippet } } } }',
      { id: chatId },
    );
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data.chat.messages.at(-1).sources[0]).toMatchObject({ n: 1, kind: 'file', page: 2 });

    // The DOCX: no pages, its own passage.
    const leave = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'How many days of paid leave does an employee get?',
      fileIds: [docxId],
    });
    expect(leave.status).toBe(201);
    expect(leave.body.aiMessage.sources[0]).toMatchObject({
      title: 'handbook.docx',
      page: null,
      fileId: docxId,
      url: `/api/files/${docxId}/download?view=1`,
      snippet: expect.stringContaining('twenty-eight days'),
    });
  });

  it("answers a custom assistant's prompts from its knowledge files, for its owner and whoever may use it", async () => {
    const owner = await paidClient(app.url);
    const pdfId = await upload(owner.client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    expect(await knowledgeOnce(owner.client, pdfId)).toMatchObject({ status: 'ready' });
    const handle = `analyst${Date.now().toString(36)}`;
    await db().query(
      `insert into custom_assistants (user_id, name, handle, instructions, visibility, file_ids)
       values ($1, 'Analyst', $2, 'Answer from the annual report.', 'public', $3::uuid[])`,
      [owner.userId, handle, `{${pdfId}}`],
    );
    // Someone else, who can't open the owner's files, asks the public assistant.
    const other = await paidClient(app.url);
    for (const person of [owner, other]) {
      const chatId = await newChat(person.client);
      const before = chatCompletions(fake).length;
      const res = await person.client.post(`/api/chats/${chatId}/messages`, {
        content: `@${handle} How much did the revenue of Contoso grow?`,
      });
      expect(res.status).toBe(201);
      const system = chatCompletions(fake).slice(before)[0]!.body.messages[0].content as string;
      expect(system).toContain('Answer from the annual report.');
      expect(system).toContain('grew 12 percent to 4.2 million euros');
      expect(res.body.aiMessage.sources[0]).toMatchObject({ title: 'report.pdf', page: 2 });
    }
    expect((await other.client.get(`/api/files/${pdfId}/download`)).status).toBe(404);
  });

  it('keeps the files a prompt asked about: its regenerated answers and edits ask them again', async () => {
    const { client } = await paidClient(app.url);
    const pdfId = await upload(client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    await knowledgeOnce(client, pdfId);
    const chatId = await newChat(client);
    const sent = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'How much did the revenue of Contoso grow?',
      fileIds: [pdfId, pdfId],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.userMessage.fileIds).toEqual([pdfId]);
    expect(sent.body.aiMessage.fileIds).toEqual([]);

    const again = await client.post(`/api/messages/${sent.body.aiMessage.id}/regenerate`);
    expect(again.status).toBe(201);
    expect(again.body.aiMessage.sources[0]).toMatchObject({ fileId: pdfId, page: 2 });
    expect(chatCompletions(fake).at(-1)!.body.messages[0].content).toContain('[1] report.pdf, page 2:');

    const edited = await client.post(`/api/messages/${sent.body.userMessage.id}/edit`, {
      content: 'When are the office plants watered?',
    });
    expect(edited.status).toBe(201);
    expect(edited.body.userMessage.fileIds).toEqual([pdfId]);
    expect(edited.body.aiMessage.sources[0]).toMatchObject({ fileId: pdfId, page: 3 });
  });

  it('a chat reads the files it keeps on every prompt, from any device, and only its owner sees or sets them', async () => {
    const owner = await paidClient(app.url);
    const other = await paidClient(app.url);
    const pdfId = await upload(owner.client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    const docxId = await upload(owner.client, HANDBOOK, 'handbook.docx', DOCX);
    await knowledgeOnce(owner.client, pdfId);
    await knowledgeOnce(owner.client, docxId);

    // A new chat's first prompt keeps its files (keepFiles): the next prompt names none and is still grounded.
    const first = await owner.client.gql(
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { chat { id files { id name } } } }`,
      { input: { content: 'How much did the revenue of Contoso grow?', fileIds: [pdfId], keepFiles: true } },
    );
    expect(first.errors).toBeUndefined();
    const chatId = first.data.sendMessage.chat.id;
    expect(first.data.sendMessage.chat.files).toEqual([{ id: pdfId, name: 'report.pdf' }]);
    const next = await owner.client.post(`/api/chats/${chatId}/messages`, {
      content: 'When are the office plants watered?',
    });
    expect(next.status).toBe(201);
    expect(next.body.userMessage.fileIds).toEqual([pdfId]);
    expect(next.body.aiMessage.sources[0]).toMatchObject({ fileId: pdfId, page: 3 });

    // Kept on the server: any device reads and changes the same list (REST and GraphQL alike).
    const second = owner.client;
    expect((await second.get(`/api/chats/${chatId}/files`)).body.files).toEqual([
      expect.objectContaining({
        id: pdfId,
        name: 'report.pdf',
        knowledge: { status: 'ready', passages: 3, error: null },
      }),
    ]);
    const set = await second.put(`/api/chats/${chatId}/files`, { fileIds: [docxId, pdfId] });
    expect(set.status).toBe(200);
    expect(set.body.files.map((f: { id: string }) => f.id)).toEqual([docxId, pdfId]);
    expect((await owner.client.get(`/api/chats/${chatId}`)).body.fileIds).toEqual([docxId, pdfId]);
    const leave = await owner.client.post(`/api/chats/${chatId}/messages`, {
      content: 'How many days of paid leave does an employee get?',
    });
    expect(leave.body.aiMessage.sources[0]).toMatchObject({ fileId: docxId });

    // A deleted file is left out; none stops the reading.
    expect((await owner.client.request('DELETE', `/api/files/${docxId}`)).status).toBe(200);
    const gql = await owner.client.gql('query($id: ID!) { chat(id: $id) { files { id } } }', { id: chatId });
    expect(gql.data.chat.files).toEqual([{ id: pdfId }]);
    const cleared = await owner.client.gql(
      'mutation($id: ID!) { setChatFiles(chatId: $id, fileIds: []) { id files { id } } }',
      { id: chatId },
    );
    expect(cleared.data.setChatFiles).toEqual({ id: chatId, files: [] });
    const plain = await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'Thanks!' });
    expect(plain.body.userMessage.fileIds).toEqual([]);
    expect(plain.body.aiMessage.sources).toEqual([]);

    // Nobody else reads or sets them, nor keeps their own file on the owner's chat.
    const before = chatCompletions(fake).length;
    expect((await other.client.get(`/api/chats/${chatId}/files`)).status).toBe(404);
    expect((await other.client.put(`/api/chats/${chatId}/files`, { fileIds: [] })).status).toBe(404);
    const otherChat = await newChat(other.client);
    const stolen = await other.client.put(`/api/chats/${otherChat}/files`, { fileIds: [pdfId] });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe('File not found');
    const viaSend = await other.client.post(`/api/chats/${otherChat}/messages`, {
      content: 'Revenue?',
      fileIds: [pdfId],
      keepFiles: true,
    });
    expect(viaSend.status).toBe(404);
    expect((await other.client.get(`/api/chats/${otherChat}`)).body.fileIds).toEqual([]);
    expect(chatCompletions(fake).length).toBe(before);
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get(`/api/chats/${chatId}/files`)).status).toBe(401);
    expect((await anonymous.put(`/api/chats/${chatId}/files`, { fileIds: [] })).status).toBe(401);

    // Bad input is a 400 with its reason, never a 500.
    for (const body of [{}, { fileIds: 'x' }, { fileIds: ['nope'] }, { fileIds: [null] }]) {
      const bad = await owner.client.put(`/api/chats/${chatId}/files`, body);
      expect([400, 404], JSON.stringify(bad.body)).toContain(bad.status);
      expect(bad.body.message).toBeTruthy();
    }
    expect((await owner.client.put('/api/chats/not-a-chat/files', { fileIds: [] })).status).toBe(404);
  });

  it('keeps at most 20 files on a chat, however many tabs add them at once', async () => {
    const { client } = await paidClient(app.url);
    const ids: string[] = [];
    for (let i = 0; i < 21; i++)
      ids.push(
        await upload(
          client,
          Buffer.from(`Note ${i}: the depot opens at ${i} o'clock.`),
          `n${i}.txt`,
          'text/plain',
        ),
      );
    const chatId = await newChat(client);
    expect((await client.put(`/api/chats/${chatId}/files`, { fileIds: ids })).status).toBe(400);
    expect((await client.put(`/api/chats/${chatId}/files`, { fileIds: ids.slice(0, 15) })).status).toBe(200);
    // Six prompts at once each keep one more file: the chat is locked while each adds, so five fit.
    const sends = await Promise.all(
      ids.slice(15).map((id) =>
        client.post(`/api/chats/${chatId}/messages`, {
          content: 'When does the depot open?',
          fileIds: [id],
          keepFiles: true,
        }),
      ),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 400]);
    expect(sends.find((r) => r.status === 400)!.body.message).toMatch(/at most 20 files/);
    const kept = (await client.get(`/api/chats/${chatId}`)).body.fileIds as string[];
    expect(kept).toHaveLength(20);
    expect(new Set(kept).size).toBe(20);
  });

  it('answers offline (no key) by quoting the best passages with their numbers', async () => {
    const { client } = await paidClient(app.url);
    const pdfId = await upload(client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    await knowledgeOnce(client, pdfId);
    const res = await client.gql(
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { aiMessage { id } } }`,
      { input: { content: 'When are the office plants watered?', assistantId: 'claude', fileIds: [pdfId] } },
    );
    expect(res.errors).toBeUndefined();
    const id = res.data.sendMessage.aiMessage.id;
    let answer: any;
    await expect
      .poll(async () => {
        const rows = await db().query('select content, status, sources from messages where id = $1', [id]);
        answer = rows.rows[0];
        return answer.status;
      })
      .toBe('complete');
    expect(answer.content).toMatch(/^\*\*Offline:\*\*/);
    expect(answer.content).toContain('watered twice a week by the facilities team. [1]');
    expect(answer.content).toContain('— report.pdf, page 3');
    expect(answer.sources[0]).toMatchObject({ n: 1, page: 3, fileId: pdfId });
  });

  it("refuses another user's file (404, nothing sent), unreadable ones (400), and the signed-out (401)", async () => {
    const owner = await paidClient(app.url);
    const other = await paidClient(app.url);
    const pdfId = await upload(owner.client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    await knowledgeOnce(owner.client, pdfId);
    const chatId = await newChat(other.client);
    const before = fake.requests.length;
    const stolen = await other.client.post(`/api/chats/${chatId}/messages`, {
      content: 'How much did the revenue of Contoso grow?',
      fileIds: [pdfId],
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toMatch(/File not found/);
    const viaGql = await other.client.gql(
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { aiMessage { id } } }`,
      { input: { chatId, content: 'Revenue?', fileIds: [pdfId] } },
    );
    expect(viaGql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(fake.requests.length).toBe(before);
    expect((await other.client.get(`/api/chats/${chatId}/messages`)).body).toEqual([]);
    expect((await other.client.post(`/api/files/${pdfId}/reindex`)).status).toBe(404);

    // A picture can't be read: failed with its reason, and asking about it is a 400.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const pngId = await upload(other.client, png, 'photo.png', 'image/png');
    expect(await knowledgeOnce(other.client, pngId)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining("can't read this type of file yet (image/png)"),
    });
    const unreadable = await other.client.post(`/api/chats/${chatId}/messages`, {
      content: 'What is in the photo?',
      fileIds: [pngId],
    });
    expect(unreadable.status).toBe(400);
    expect(fake.requests.length).toBe(before);

    // Input rules: uuids, at most 20.
    const many = Array.from({ length: 21 }, () => crypto.randomUUID());
    expect(
      (await other.client.post(`/api/chats/${chatId}/messages`, { content: 'x', fileIds: many })).status,
    ).toBe(400);
    expect(
      (await other.client.post(`/api/chats/${chatId}/messages`, { content: 'x', fileIds: ['nope'] })).status,
    ).toBe(400);

    const anonymous = new HttpClient(app.url);
    expect(
      (await anonymous.post(`/api/chats/${chatId}/messages`, { content: 'x', fileIds: [pdfId] })).status,
    ).toBe(401);
    expect((await anonymous.post(`/api/files/${pdfId}/reindex`)).status).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  it('reads the files stored before knowledge existed, once, from the cron job', async () => {
    const { client, userId } = await paidClient(app.url);
    const key = `uploads/${userId}/${crypto.randomUUID()}`;
    const text = 'Minutes of the board.\n\nThe board approved the new warehouse in Lyon.';
    mkdirSync(path.join(storageDir, path.dirname(key)), { recursive: true });
    writeFileSync(path.join(storageDir, key), text);
    const { rows } = await db().query(
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
       values (gen_random_uuid(), $1, 'minutes.md', 'text/markdown', $2, $3, 'upload') returning id`,
      [userId, text.length, key],
    );
    const fileId = rows[0].id as string;
    expect(await knowledgeOnce(client, fileId, ['pending'])).toEqual({
      status: 'pending',
      passages: 0,
      error: null,
    });
    // What the cron (every 5 minutes) runs.
    await db().query(`select graphile_worker.add_job('index_waiting_files', '{}'::json)`);
    expect(await knowledgeOnce(client, fileId)).toEqual({ status: 'ready', passages: 1, error: null });
  });

  it('reindexes a file on request (202), and fails a scanned PDF clearly while it stays downloadable', async () => {
    const { client } = await paidClient(app.url);
    const pdfId = await upload(client, await textPdf(REPORT_PAGES), 'report.pdf', 'application/pdf');
    await knowledgeOnce(client, pdfId);
    const again = await client.post(`/api/files/${pdfId}/reindex`);
    expect(again.status).toBe(202);
    expect(again.body.knowledge).toEqual({ status: 'pending', passages: 0, error: null });
    expect(await knowledgeOnce(client, pdfId)).toEqual({ status: 'ready', passages: 3, error: null });
    const viaGql = await client.gql('mutation($id: ID!) { reindexFile(id: $id) { status } }', { id: pdfId });
    expect(viaGql.data.reindexFile.status).toBe('pending');
    await knowledgeOnce(client, pdfId);

    const scan = await scannedPdf();
    const scanId = await upload(client, scan, 'scan.pdf', 'application/pdf');
    expect(await knowledgeOnce(client, scanId)).toEqual({
      status: 'failed',
      passages: 0,
      error: expect.stringMatching(/^Scanned PDF with no text/),
    });
    const download = await fetch(`${app.url}/api/files/${scanId}/download`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(scan)).toBe(true);
    const chatId = await newChat(client);
    const asked = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'What is it?',
      fileIds: [scanId],
    });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toMatch(/Scanned PDF with no text/);

    // Deleting a file takes its passages with it.
    expect((await client.request('DELETE', `/api/files/${pdfId}`)).status).toBe(200);
    const left = await db().query('select count(*)::int as n from knowledge_passages where file_id = $1', [
      pdfId,
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});

/** Notes where only one passage is about the car, in words the fake embeddings model reads as "automobile". */
const filler = (topic: string) =>
  Array.from(
    { length: 16 },
    (_, i) => `${topic} note ${i}: the ${topic} chapter goes on about ${topic}.`,
  ).join(' ');
const CAR_NOTES = [
  filler('gardening'),
  filler('cooking'),
  filler('history'),
  filler('music'),
  'The car needs new winter tyres and an oil change before November; the car is parked in bay 7. ' +
    'Its papers are in the glove box, the spare key hangs in the office, and the car wash card is in the drawer.',
].join('\n\n');

/**
 * pgvector as ranking uses it (knowledge/core/retrieve.ts): a `vector` type cast from real[] and its
 * `<=>` cosine distance. This machine's embedded PostgreSQL has no pgvector (docker-compose's image
 * does), so this stand-in speaks that SQL, counting its calls, for the branch the real one takes.
 */
const PGVECTOR_STAND_IN = `
  create sequence vector_distance_calls;
  create domain vector as real[];
  create function vector_cosine_distance(a vector, b vector) returns double precision
    language sql volatile as $$
      select nextval('vector_distance_calls') * 0
        + 1 - (select sum(x::float8 * y) from unnest(a, b) t(x, y))
            / nullif(sqrt((select sum(x::float8 * x) from unnest(a) x)) * sqrt((select sum(y::float8 * y) from unnest(b) y)), 0)
    $$;
  create operator <=> (leftarg = vector, rightarg = vector, function = vector_cosine_distance);`;

describe('files as knowledge: hybrid ranking with an /embeddings endpoint', () => {
  const fake = useStarted(startFakeOpenAI);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-knowledge-'));
  const embeddings = () => ({
    EMBEDDINGS_BASE_URL: fake.baseURL,
    EMBEDDINGS_API_KEY: 'sk-test-embeddings',
    EMBEDDINGS_MODEL: 'fake-embed',
  });
  const app = useTestApp(() => ({ STORAGE_DIR: storageDir, ...embeddings() }));
  useStarted(async () => {
    const runner = await startWorker(
      { DATABASE_URL: testDatabaseUrl(), STORAGE_DIR: storageDir, WORKER_CONCURRENCY: 2 },
      { ...process.env, ...embeddings() },
    );
    return { close: () => runner.stop() };
  });

  it('embeds passages and finds by meaning what the words miss', async () => {
    const { client } = await paidClient(app.url);
    const fileId = await upload(client, Buffer.from(CAR_NOTES), 'notes.txt', 'text/plain');
    const knowledge = await knowledgeOnce(client, fileId);
    expect(knowledge).toMatchObject({ status: 'ready', error: null });
    const embedded = await db().query(
      `select k.embedding_model, count(p.embedding)::int as n, min(array_length(p.embedding, 1)) as dims
         from knowledge_files k join knowledge_passages p on p.file_id = k.file_id
        where k.file_id = $1 group by k.embedding_model`,
      [fileId],
    );
    expect(embedded.rows[0]).toEqual({ embedding_model: 'fake-embed', n: knowledge.passages, dims: 64 });
    const embedCalls = fake.requests.filter((r) => r.path.endsWith('/embeddings'));
    expect(embedCalls[0]!.body).toMatchObject({ model: 'fake-embed', input: expect.any(Array) });
    expect(embedCalls[0]!.authorization).toBe('Bearer sk-test-embeddings');

    // "automobile" is no word of the file: full-text alone finds nothing; the fake model reads it as "car".
    const chatId = await newChat(client);
    const res = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'What does the automobile need?',
      fileIds: [fileId],
    });
    expect(res.status).toBe(201);
    expect(fake.requests.at(-1)!.body.input).toEqual(['What does the automobile need?']);
    expect(res.body.aiMessage.sources[0].snippet).toContain('winter tyres');
    expect(res.body.aiMessage.content).toContain('winter tyres');
  });

  it('ranks by pgvector where the server has it, as it ranks by real[] where it does not', async () => {
    const { client, userId } = await paidClient(app.url);
    const fileId = await upload(client, Buffer.from(CAR_NOTES), 'notes.txt', 'text/plain');
    await knowledgeOnce(client, fileId);
    const em = app.orm.em.fork();
    const embedder = embedderFrom(z.object(knowledgeSettings).parse(embeddings()));
    const question = 'What does the automobile need?';
    const withoutVector = new Retriever(embedder);
    expect(await withoutVector.hasPgvector(em)).toBe(false);
    const byArrays = await withoutVector.rank(em, userId, [fileId], question);
    expect(byArrays[0]!.text).toContain('winter tyres');
    try {
      await db().query(PGVECTOR_STAND_IN);
      const withVector = new Retriever(embedder);
      expect(await withVector.hasPgvector(em)).toBe(true);
      const byVector = await withVector.rank(em, userId, [fileId], question);
      // The `<=>` branch ran (the stand-in counts its calls), and ranked as the real[] one did.
      const calls = await db().query(`select is_called, last_value::int as n from vector_distance_calls`);
      expect(calls.rows[0]).toEqual({ is_called: true, n: expect.any(Number) });
      expect(calls.rows[0].n).toBeGreaterThanOrEqual(byArrays.length);
      expect(byVector[0]).toEqual(byArrays[0]);
      expect(new Set(byVector.map((p) => p.id))).toEqual(new Set(byArrays.map((p) => p.id)));
    } finally {
      await db().query(`drop operator if exists <=> (vector, vector);
        drop function if exists vector_cosine_distance(vector, vector);
        drop domain if exists vector; drop sequence if exists vector_distance_calls;`);
    }
  });

  it('says how far a long file has got while it is read, and nothing once it is ready', async () => {
    const { client, userId } = await paidClient(app.url);
    // 200 passages, embedded 64 at a time by a slow model: reading takes long enough to be watched.
    const text = Array.from(
      { length: 200 },
      (_, i) => `Section ${i}. ${'The committee reviewed the harbour accounts in detail. '.repeat(16)}`,
    ).join('\n\n');
    const key = `uploads/${userId}/${crypto.randomUUID()}`;
    const storage = new LocalStorage(storageDir);
    await storage.put(key, Buffer.from(text));
    const { rows } = await db().query(
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
       values (gen_random_uuid(), $1, 'minutes.txt', 'text/plain', $2, $3, 'upload') returning id`,
      [userId, text.length, key],
    );
    const fileId = rows[0].id as string;
    const slowModel = {
      model: 'slow-embed',
      async embed(texts: string[], options: { onProgress?: (done: number, total: number) => void } = {}) {
        for (let done = 0; done < texts.length; ) {
          await new Promise((resolve) => setTimeout(resolve, 600));
          done = Math.min(texts.length, done + 64);
          options.onProgress?.(done, texts.length);
        }
        return texts.map(() => [1, 0, 0]);
      },
    };
    const seen: unknown[] = [];
    const indexing = indexFile({ em: app.orm.em.fork(), storage, embedder: slowModel }, fileId);
    let finished = false;
    void indexing.finally(() => {
      finished = true;
    });
    while (!finished) {
      const files = (await client.get('/api/files')).body as { id: string; knowledge: Knowledge }[];
      const knowledge = files.find((f) => f.id === fileId)!.knowledge;
      if (knowledge.status === 'indexing') seen.push(knowledge.progress);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await indexing).toMatchObject({ status: 'ready', passages: 200 });
    // Embedding is the stretch from 70 to 95: some of it was seen, climbing, never 100 while reading.
    const numbers = seen.filter((p): p is number => typeof p === 'number');
    expect(numbers.length).toBe(seen.length);
    expect(numbers.some((p) => p >= 70 && p < 100)).toBe(true);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(await knowledgeOnce(client, fileId)).toEqual({ status: 'ready', passages: 200, error: null });
    const viaGql = await client.gql('{ files { id knowledge { status progress } } }');
    expect(viaGql.data.files.find((f: { id: string }) => f.id === fileId).knowledge).toEqual({
      status: 'ready',
      progress: null,
    });
  });

  it('keeps passages it could not embed, ranked by words', async () => {
    const { client } = await paidClient(app.url);
    // The fake /embeddings answers 500 to an input with this marker.
    const text = 'Shipping [fail500]: parcels to Norway leave on Tuesdays from the Oslo depot.';
    const fileId = await upload(client, Buffer.from(text), 'shipping.txt', 'text/plain');
    expect(await knowledgeOnce(client, fileId)).toEqual({ status: 'ready', passages: 1, error: null });
    const { rows } = await db().query('select embedding_model from knowledge_files where file_id = $1', [
      fileId,
    ]);
    expect(rows[0].embedding_model).toBeNull();
    const chatId = await newChat(client);
    const res = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'When do parcels to Norway leave?',
      fileIds: [fileId],
    });
    expect(res.status).toBe(201);
    expect(res.body.aiMessage.sources[0]).toMatchObject({
      fileId,
      snippet: expect.stringContaining('Tuesdays'),
    });
  });
});
