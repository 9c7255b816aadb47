import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';
import { FILE_FOLDERS_PER_USER } from '../src/modules/files/core/folders.ts';

/**
 * Folders of My Files (api/src/modules/files/core/folders.ts) over real HTTP on the real database:
 * CRUD, filing a file, the list filtered by folder, deleting a folder keeps its files, owner-only,
 * signed out, bad input, and the cap under parallel creates.
 */

type Person = Awaited<ReturnType<typeof signedUpClient>>;

let app: RunningApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function newFolder(
  person: Person,
  name: string,
): Promise<{ id: string; name: string; fileCount: number }> {
  const res = await person.client.post('/api/file-folders', { name });
  expect(res.status).toBe(201);
  return res.body;
}

async function newFile(person: Person, name: string): Promise<string> {
  const res = await person.client.upload('/api/files', 'file', Buffer.from(`notes about ${name}`), name);
  expect(res.status).toBe(201);
  return res.body.id;
}

const del = (person: Person, path: string) => person.client.request('DELETE', path);
const names = (body: { name: string }[]) => body.map((f) => f.name);

describe('My Files folders', () => {
  it('are created, listed by name with counts, renamed, filed into, filtered by and deleted', async () => {
    const a = await signedUpClient(app.url);
    const work = await newFolder(a, '  Work  ');
    expect(work).toMatchObject({ name: 'Work', fileCount: 0 });
    const archive = await newFolder(a, 'Archive');
    const plan = await newFile(a, 'plan.txt');
    const memo = await newFile(a, 'memo.txt');
    const loose = await newFile(a, 'loose.txt');

    const moved = await a.client.patch(`/api/files/${plan}/folder`, { folderId: work.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: plan, name: 'plan.txt', folderId: work.id });
    expect((await a.client.patch(`/api/files/${memo}/folder`, { folderId: work.id })).status).toBe(200);

    const listed = await a.client.get('/api/file-folders');
    expect(listed.body.map((f: { name: string; fileCount: number }) => [f.name, f.fileCount])).toEqual([
      ['Archive', 0],
      ['Work', 2],
    ]);
    expect(names((await a.client.get(`/api/files?folderId=${work.id}`)).body)).toEqual([
      'memo.txt',
      'plan.txt',
    ]);
    expect((await a.client.get(`/api/files?folderId=${archive.id}`)).body).toEqual([]);
    // Pages of one folder: the next page's link keeps the folder.
    const first = await a.client.get(`/api/files?folderId=${work.id}&limit=1`);
    expect(names(first.body)).toEqual(['memo.txt']);
    const next = String(first.headers.get('link'));
    expect(next).toContain(`folderId=${work.id}`);
    const cursor = encodeURIComponent(String(first.headers.get('x-next-cursor')));
    expect(
      names((await a.client.get(`/api/files?folderId=${work.id}&limit=1&cursor=${cursor}`)).body),
    ).toEqual(['plan.txt']);
    const all = (await a.client.get('/api/files')).body as { id: string; folderId: string | null }[];
    expect(all.map((f) => [f.id, f.folderId])).toEqual([
      [loose, null],
      [memo, work.id],
      [plan, work.id],
    ]);

    const renamed = await a.client.patch(`/api/file-folders/${work.id}`, { name: 'Office' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: work.id, name: 'Office', fileCount: 2 });

    // Out of the folder again.
    const out = await a.client.patch(`/api/files/${memo}/folder`, { folderId: null });
    expect(out.body.folderId).toBeNull();

    // The same over GraphQL.
    const gql = await a.client.gql(
      `query($f: ID) { fileFolders { id name fileCount } filePage(first: 10, folderId: $f) { files { name folderId } nextCursor } }`,
      { f: work.id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.fileFolders).toEqual([
      { id: archive.id, name: 'Archive', fileCount: 0 },
      { id: work.id, name: 'Office', fileCount: 1 },
    ]);
    expect(gql.data.filePage).toEqual({ files: [{ name: 'plan.txt', folderId: work.id }], nextCursor: null });
    const made = await a.client.gql('mutation { createFileFolder(name: "Reading") { id name fileCount } }');
    const reading = made.data.createFileFolder;
    expect(reading).toMatchObject({ name: 'Reading', fileCount: 0 });
    const filed = await a.client.gql(
      'mutation($file: ID!, $f: ID) { moveFileToFolder(fileId: $file, folderId: $f) { id folderId } }',
      { file: loose, f: reading.id },
    );
    expect(filed.data.moveFileToFolder).toEqual({ id: loose, folderId: reading.id });
    const renamedGql = await a.client.gql(
      'mutation($id: ID!) { renameFileFolder(id: $id, name: "Books") { name fileCount } }',
      { id: reading.id },
    );
    expect(renamedGql.data.renameFileFolder).toEqual({ name: 'Books', fileCount: 1 });
    const gone = await a.client.gql('mutation($id: ID!) { deleteFileFolder(id: $id) }', { id: reading.id });
    expect(gone.data.deleteFileFolder).toBe(true);

    expect((await del(a, `/api/file-folders/${archive.id}`)).status).toBe(200);
    expect((await del(a, `/api/file-folders/${archive.id}`)).status).toBe(404);
    expect(names((await a.client.get('/api/file-folders')).body)).toEqual(['Office']);
  });

  it('deleting a folder keeps its files, back in no folder', async () => {
    const a = await signedUpClient(app.url);
    const folder = await newFolder(a, 'Papers');
    const fileId = await newFile(a, 'paper.txt');
    expect((await a.client.patch(`/api/files/${fileId}/folder`, { folderId: folder.id })).status).toBe(200);

    expect((await del(a, `/api/file-folders/${folder.id}`)).status).toBe(200);
    const files = (await a.client.get('/api/files')).body;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ id: fileId, name: 'paper.txt', folderId: null });
    // Its download still works: the file itself was not touched.
    expect((await a.client.get(`/api/files/${fileId}/download`)).status).toBe(200);
    // Filtering by the deleted folder is a folder that does not exist.
    expect((await a.client.get(`/api/files?folderId=${folder.id}`)).status).toBe(404);
  });

  it('are owner-only: another user gets 404, including filing into their folder', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const aFolder = await newFolder(a, 'Mine');
    const aFile = await newFile(a, 'private.txt');
    const bFolder = await newFolder(b, 'Theirs');
    const bFile = await newFile(b, 'theirs.txt');

    expect((await b.client.get('/api/file-folders')).body.map((f: { id: string }) => f.id)).toEqual([
      bFolder.id,
    ]);
    for (const res of [
      await b.client.patch(`/api/file-folders/${aFolder.id}`, { name: 'Stolen' }),
      await del(b, `/api/file-folders/${aFolder.id}`),
      await b.client.get(`/api/files?folderId=${aFolder.id}`),
      // Their file into my folder, and my file into their folder.
      await b.client.patch(`/api/files/${aFile}/folder`, { folderId: bFolder.id }),
      await b.client.patch(`/api/files/${bFile}/folder`, { folderId: aFolder.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    for (const gql of [
      await b.client.gql('mutation($f: ID!, $d: ID) { moveFileToFolder(fileId: $f, folderId: $d) { id } }', {
        f: bFile,
        d: aFolder.id,
      }),
      await b.client.gql('query($d: ID) { filePage(folderId: $d) { nextCursor } }', { d: aFolder.id }),
      await b.client.gql('mutation($d: ID!) { deleteFileFolder(id: $d) }', { d: aFolder.id }),
    ]) {
      expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    // Nothing changed.
    expect((await a.client.get('/api/file-folders')).body[0]).toMatchObject({ name: 'Mine', fileCount: 0 });
    expect((await a.client.get('/api/files')).body[0].folderId).toBeNull();
    expect((await b.client.get('/api/files')).body[0].folderId).toBeNull();
  });

  it('answer 401 signed out', async () => {
    const a = await signedUpClient(app.url);
    const folder = await newFolder(a, 'Mine');
    const fileId = await newFile(a, 'private.txt');
    const anon = new HttpClient(app.url);
    for (const res of [
      await anon.get('/api/file-folders'),
      await anon.post('/api/file-folders', { name: 'x' }),
      await anon.patch(`/api/file-folders/${folder.id}`, { name: 'x' }),
      await anon.request('DELETE', `/api/file-folders/${folder.id}`),
      await anon.patch(`/api/files/${fileId}/folder`, { folderId: null }),
      await anon.get(`/api/files?folderId=${folder.id}`),
    ]) {
      expect(res.status).toBe(401);
    }
    expect((await anon.gql('{ fileFolders { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuse bad input with 400', async () => {
    const a = await signedUpClient(app.url);
    const folder = await newFolder(a, 'Mine');
    const fileId = await newFile(a, 'notes.txt');
    for (const res of [
      await a.client.post('/api/file-folders', {}),
      await a.client.post('/api/file-folders', { name: '   ' }),
      await a.client.post('/api/file-folders', { name: 'x'.repeat(61) }),
      await a.client.post('/api/file-folders', { name: 42 }),
      await a.client.post('/api/file-folders', { name: 'a\u0000b' }),
      await a.client.patch(`/api/file-folders/${folder.id}`, {}),
      await a.client.patch(`/api/file-folders/${folder.id}`, { name: '' }),
      await a.client.patch(`/api/files/${fileId}/folder`, {}),
      await a.client.patch(`/api/files/${fileId}/folder`, { folderId: 7 }),
      await a.client.get('/api/files?folderId=a&folderId=b'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(typeof res.body.message).toBe('string');
    }
    // 60 characters is fine; a malformed id is a folder (or file) that does not exist.
    expect((await a.client.post('/api/file-folders', { name: 'y'.repeat(60) })).status).toBe(201);
    expect((await a.client.patch('/api/file-folders/not-a-uuid', { name: 'x' })).status).toBe(404);
    expect((await a.client.patch(`/api/files/${fileId}/folder`, { folderId: 'nope' })).status).toBe(404);
    expect((await a.client.patch('/api/files/nope/folder', { folderId: null })).status).toBe(404);
    expect((await a.client.get('/api/files?folderId=nope')).status).toBe(404);
    for (const gql of [
      await a.client.gql('mutation { createFileFolder(name: "") { id } }'),
      await a.client.gql('mutation($n: String!) { createFileFolder(name: $n) { id } }', { n: 'a\u0000b' }),
    ]) {
      expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it(`hold the cap of ${FILE_FOLDERS_PER_USER} under 20 parallel creates`, async () => {
    const a = await signedUpClient(app.url);
    await db().query(
      `insert into file_folders (id, user_id, name)
       select gen_random_uuid(), $1, 'f' || n from generate_series(0, $2 - 11) as n`,
      [a.userId, FILE_FOLDERS_PER_USER],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => a.client.post('/api/file-folders', { name: `parallel ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('CONFLICT');
    const listed = await a.client.get('/api/file-folders');
    expect(listed.body).toHaveLength(FILE_FOLDERS_PER_USER);
    // Deleting one makes room for one more.
    expect((await del(a, `/api/file-folders/${listed.body[0].id}`)).status).toBe(200);
    expect((await a.client.post('/api/file-folders', { name: 'one more' })).status).toBe(201);
    expect((await a.client.post('/api/file-folders', { name: 'too many' })).status).toBe(409);
  });
});
