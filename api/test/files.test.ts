import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

const KB = 1024;
const MB = 1024 * KB;
// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// The start of a Linux executable: a signature file-type knows and the rule refuses.
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TYPE_REFUSED =
  'Only images, audio, video, PDF, Office documents, archives and text files (TXT, CSV, JSON, Markdown) can be uploaded';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-files-'));
let app: RunningApp;
beforeAll(async () => {
  // A small per-file limit so the size rule can be tested with small files.
  app = await startTestApp({ STORAGE_DIR: storageDir, FILE_UPLOAD_MAX_BYTES: String(MB) });
});
afterAll(async () => {
  await app.close();
});

const text = (bytes: number, fill = 'a') => Buffer.from(fill.repeat(bytes));
const uploadsOf = (userId: string) => {
  const dir = path.join(storageDir, 'uploads', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};
/** Something else the user stores (a saved video), taking `bytes` of their quota. */
async function storeVideo(userId: string, bytes: number) {
  await db().query(
    `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
     values (gen_random_uuid(), $1, 'clip.mp4', 'video/mp4', $2, 'videos/' || gen_random_uuid() || '.mp4', 'video')`,
    [userId, bytes],
  );
}
const usage = async (client: HttpClient) => (await client.get('/api/files/usage')).body;

describe('My Files', () => {
  it('uploads, lists, downloads (with Range) and deletes a file', async () => {
    const { client, userId } = await signedUpClient(app.url);
    expect((await client.get('/api/files')).body).toEqual([]);
    expect(await usage(client)).toMatchObject({ plan: 'free', usedBytes: 0, quotaBytes: 100 * MB });

    const up = await client.upload('/api/files', 'file', PNG, 'holiday photo.png', 'image/png');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'holiday photo.png', type: 'image/png', size: PNG.length });
    expect(uploadsOf(userId)).toHaveLength(1);

    const list = await client.get('/api/files');
    expect(list.body).toEqual([
      {
        id: up.body.id,
        name: 'holiday photo.png',
        type: 'image/png',
        size: PNG.length,
        uploadedAt: expect.any(String),
        downloadUrl: `/api/files/${up.body.id}/download`,
        folderId: null,
        // No worker here reads it (modules/knowledge; api/test/knowledge.test.ts).
        knowledge: { status: 'pending', passages: 0, error: null },
      },
    ]);
    const gql = await client.gql(
      '{ files { id name contentType size downloadUrl } storageUsage { usedBytes uploadsBytes quotaBytes maxUploadBytes } }',
    );
    expect(gql.data).toEqual({
      files: [
        {
          id: up.body.id,
          name: 'holiday photo.png',
          contentType: 'image/png',
          size: PNG.length,
          downloadUrl: up.body.downloadUrl,
        },
      ],
      storageUsage: {
        usedBytes: PNG.length,
        uploadsBytes: PNG.length,
        quotaBytes: 100 * MB,
        maxUploadBytes: MB,
      },
    });

    const whole = await fetch(app.url + up.body.downloadUrl, { headers: { cookie: client.cookieHeader } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="holiday photo.png"');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(PNG);
    // ?view=1 (a source's link) shows only a PDF or plain text in place; a picture still downloads.
    const viewed = await fetch(`${app.url + up.body.downloadUrl}?view=1`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(viewed.headers.get('content-disposition')).toBe('attachment; filename="holiday photo.png"');
    const pdf = await client.upload(
      '/api/files',
      'file',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      'notes.pdf',
      'application/pdf',
    );
    expect(pdf.status).toBe(201);
    const shown = await fetch(`${app.url}/api/files/${pdf.body.id}/download?view=1`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(shown.headers.get('content-disposition')).toBe('inline; filename=notes.pdf');
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await client.request('DELETE', `/api/files/${pdf.body.id}`)).status).toBe(200);
    // Markdown is shown in place as plain text: a browser would download it as text/markdown.
    const md = await client.upload('/api/files', 'file', Buffer.from('# Plan\n'), 'plan.md', 'text/markdown');
    expect(md.status).toBe(201);
    const read = await fetch(`${app.url}/api/files/${md.body.id}/download?view=1`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(read.headers.get('content-disposition')).toBe('inline; filename=plan.md');
    expect(read.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await read.text()).toBe('# Plan\n');
    const saved = await fetch(`${app.url}/api/files/${md.body.id}/download`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(saved.headers.get('content-disposition')).toBe('attachment; filename=plan.md');
    expect((await client.request('DELETE', `/api/files/${md.body.id}`)).status).toBe(200);

    const part = await fetch(app.url + up.body.downloadUrl, {
      headers: { cookie: client.cookieHeader, range: 'bytes=1-3' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG');
    const beyond = await fetch(app.url + up.body.downloadUrl, {
      headers: { cookie: client.cookieHeader, range: 'bytes=5000-6000' },
    });
    expect(beyond.status).toBe(416);

    // The stored object is private: not reachable through /media even with its key.
    const key = uploadsOf(userId)[0];
    expect((await fetch(`${app.url}/media/uploads/${userId}/${key}`)).status).toBe(404);

    const del = await client.request('DELETE', `/api/files/${up.body.id}`);
    expect(del.status).toBe(200);
    expect((await client.get('/api/files')).body).toEqual([]);
    expect(uploadsOf(userId)).toEqual([]);
    expect((await usage(client)).usedBytes).toBe(0);
    expect((await client.get(up.body.downloadUrl)).status).toBe(404);
    expect((await client.request('DELETE', `/api/files/${up.body.id}`)).status).toBe(404);
  });

  it('names the download with a non-ASCII filename safely', async () => {
    const { client } = await signedUpClient(app.url);
    const up = await client.upload('/api/files', 'file', Buffer.from('hej'), '../../résumé notes.txt');
    expect(up.body.name).toBe('résumé notes.txt');
    const res = await fetch(app.url + up.body.downloadUrl, { headers: { cookie: client.cookieHeader } });
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="r?sum? notes.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20notes.txt`,
    );
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('reads the type from the content, never from the name or the declared type', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const upload = (bytes: Buffer, name: string, declared = 'image/png') =>
      client.upload('/api/files', 'file', bytes, name, declared);

    // Text named .png is stored as the text it is.
    const textAsPng = await upload(Buffer.from('just some notes, not a picture'), 'photo.png');
    expect(textAsPng.status).toBe(201);
    expect(textAsPng.body.type).toBe('text/plain');
    // JSON is recognised by parsing, whatever its name.
    expect((await upload(Buffer.from('{"a": [1, 2]}'), 'data.bin')).body.type).toBe('application/json');
    // A PDF is a PDF even when called .txt.
    expect((await upload(PDF, 'readme.txt', 'text/plain')).body.type).toBe('application/pdf');
    // CSV is text; only then does the extension pick the flavour.
    expect((await upload(Buffer.from('a,b\n1,2\n'), 'table.csv')).body.type).toBe('text/csv');

    // An executable disguised as a picture is refused, and so is binary with no known signature.
    const elf = await upload(ELF, 'cat.png');
    expect(elf.status).toBe(400);
    expect(elf.body.message).toBe(TYPE_REFUSED);
    const junk = await upload(
      Buffer.from([0x13, 0x37, 0xc3, 0x28, 0x00, 0xfe, 0x01]),
      'notes.txt',
      'text/plain',
    );
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe(TYPE_REFUSED);
    // Text that turns binary after the first 64 KB is refused too.
    const late = await upload(Buffer.concat([text(100 * KB), Buffer.from([0xff, 0xfe, 0x00])]), 'log.txt');
    expect(late.status).toBe(400);
    const empty = await upload(Buffer.alloc(0), 'nothing.txt');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty');

    const stored = (await client.get('/api/files')).body as { type: string }[];
    expect(stored.map((f) => f.type).sort()).toEqual([
      'application/json',
      'application/pdf',
      'text/csv',
      'text/plain',
    ]);
    // Refused uploads leave nothing behind.
    expect(uploadsOf(userId)).toHaveLength(4);
  });

  it('refuses a file over the size limit, counting the bytes actually sent', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const tooBig = await client.upload('/api/files', 'file', text(MB + 1), 'big.txt');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Files can be at most 1 MB' });
    expect(uploadsOf(userId)).toEqual([]);
    expect((await client.get('/api/files')).body).toEqual([]);
    const exactly = await client.upload('/api/files', 'file', text(MB), 'limit.txt');
    expect(exactly.status).toBe(201);
    expect(exactly.body.size).toBe(MB);
  });

  it('refuses uploads past the quota; saved videos and chat images count; paid plans get 10 GB', async () => {
    const { client, userId } = await signedUpClient(app.url);
    await storeVideo(userId, 100 * MB - 500 * KB);
    const chatImage = await client.upload('/api/chat/images', 'image', PNG, 'dot.png', 'image/png');
    expect(chatImage.status).toBe(201);
    expect(await usage(client)).toMatchObject({
      usedBytes: 100 * MB - 500 * KB + PNG.length,
      videosBytes: 100 * MB - 500 * KB,
      imagesBytes: PNG.length,
      uploadsBytes: 0,
    });

    const refused = await client.upload('/api/files', 'file', text(600 * KB), 'big.txt');
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      // 499.9 KB left (the chat image took some): rounded down, never up to the 500 KB it is not.
      message: 'Not enough storage: 499 KB of your 100 MB is left. Upgrade to Premium for 10 GB.',
      upgradeUrl: '/plans',
    });
    expect(uploadsOf(userId)).toEqual([]);
    expect((await client.upload('/api/files', 'file', text(400 * KB), 'fits.txt')).status).toBe(201);

    // The room left is now under 100 KB: a chat image over it is refused like any upload.
    const bigImage = Buffer.concat([PNG, Buffer.alloc(200 * KB)]);
    const imageRefused = await client.upload('/api/chat/images', 'image', bigImage, 'big.png', 'image/png');
    expect(imageRefused.status).toBe(413);

    await makePaid(userId);
    expect(await usage(client)).toMatchObject({ plan: 'monthly', quotaBytes: 10 * 1024 * MB });
    expect((await client.upload('/api/files', 'file', text(600 * KB), 'big.txt')).status).toBe(201);
  });

  it('lets exactly the uploads that fit through when they race for the last room', async () => {
    const { client, userId } = await signedUpClient(app.url);
    // 1000 KB left; five 300 KB uploads at once: three fit, two must be refused.
    await storeVideo(userId, 100 * MB - 1000 * KB);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        client.upload('/api/files', 'file', text(300 * KB, String(n)), `part${n}.txt`),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 413, 413]);
    const after = await usage(client);
    expect(after.usedBytes).toBe(100 * MB - 1000 * KB + 3 * 300 * KB);
    expect(after.usedBytes).toBeLessThanOrEqual(after.quotaBytes);
    expect((await client.get('/api/files')).body).toHaveLength(3);
    expect(uploadsOf(userId)).toHaveLength(3);
  });

  it('never shows a refused file as fitting: the room left is rounded down, the file up', async () => {
    const { client, userId } = await signedUpClient(app.url);
    // 599.9 KB left: two 300 KB uploads at once; one fits, and then 299.9 KB is left for the other,
    // which nearest rounding showed as "300 KB left" for a 300 KB file.
    await storeVideo(userId, 100 * MB - 600 * KB + 100);
    const results = await Promise.all(
      [1, 2].map((n) => client.upload('/api/files', 'file', text(300 * KB, String(n)), `half${n}.txt`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 413]);
    const refused = results.find((r) => r.status === 413)!;
    // Refused at the end (the size known) or while arriving (only the room known), the room shows as less.
    expect(refused.body.message).toMatch(
      /^Not enough storage: (the file is 300 KB and only )?299 KB of your 100 MB is left\. Upgrade to Premium for 10 GB\.$/,
    );
  });

  it("keeps each user's files to themselves", async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const c = await signedUpClient(app.url);
    const up = await a.client.upload('/api/files', 'file', Buffer.from('private notes'), 'secret.txt');
    await c.client.upload('/api/files', 'file', Buffer.from('c notes'), 'c.txt');

    expect((await b.client.get('/api/files')).body).toEqual([]);
    expect((await b.client.gql('{ files { id } }')).data.files).toEqual([]);
    expect((await usage(b.client)).usedBytes).toBe(0);
    expect((await b.client.get(up.body.downloadUrl)).status).toBe(404);
    expect((await b.client.request('DELETE', `/api/files/${up.body.id}`)).status).toBe(404);
    const gqlDelete = await b.client.gql('mutation($id: ID!) { deleteFile(id: $id) }', { id: up.body.id });
    expect(gqlDelete.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await c.client.get('/api/files')).body.map((f: { name: string }) => f.name)).toEqual(['c.txt']);

    // The owner still has it, and can delete it through GraphQL.
    expect((await a.client.get('/api/files')).body).toHaveLength(1);
    const own = await a.client.gql('mutation($id: ID!) { deleteFile(id: $id) }', { id: up.body.id });
    expect(own.data.deleteFile).toBe(true);
    expect((await a.client.get('/api/files')).body).toEqual([]);

    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get('/api/files')).status).toBe(401);
    expect((await anonymous.upload('/api/files', 'file', PNG, 'dot.png')).status).toBe(401);
    expect((await anonymous.get(up.body.downloadUrl)).status).toBe(401);
    expect((await anonymous.gql('{ storageUsage { usedBytes } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});
