import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';
import { FOLDERS_PER_USER } from '../src/modules/folders/core/service.ts';

/**
 * Folders and pins (issue 18, item 5) over real HTTP on the real database: CRUD, deleting a folder
 * keeps its chats, the chats list's order (pinned first), owner-only, and the cap under parallel
 * creates.
 */

type Person = Awaited<ReturnType<typeof signedUpClient>>;

let app: RunningApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function newChat(person: Person, title: string): Promise<string> {
  const res = await person.client.post('/api/chats', { title });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newFolder(
  person: Person,
  name: string,
): Promise<{ id: string; name: string; position: number }> {
  const res = await person.client.post('/api/folders', { name });
  expect(res.status).toBe(201);
  return res.body;
}

const del = (person: Person, path: string) => person.client.request('DELETE', path);

describe('folders', () => {
  it('are created, listed in order, renamed and deleted', async () => {
    const a = await signedUpClient(app.url);
    const work = await newFolder(a, '  Work  ');
    expect(work).toMatchObject({ name: 'Work', position: 0 });
    const home = await newFolder(a, 'Home');
    expect(home.position).toBe(1);

    const renamed = await a.client.patch(`/api/folders/${work.id}`, { name: 'Office' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Office');
    expect((await a.client.get('/api/folders')).body.map((f: { name: string }) => f.name)).toEqual([
      'Office',
      'Home',
    ]);
    // Moving a folder up the list.
    expect((await a.client.patch(`/api/folders/${home.id}`, { position: 0 })).status).toBe(200);
    expect((await a.client.patch(`/api/folders/${work.id}`, { position: 1 })).status).toBe(200);
    expect((await a.client.get('/api/folders')).body.map((f: { name: string }) => f.name)).toEqual([
      'Home',
      'Office',
    ]);

    expect((await del(a, `/api/folders/${work.id}`)).status).toBe(200);
    expect((await a.client.get('/api/folders')).body.map((f: { id: string }) => f.id)).toEqual([home.id]);
    expect((await del(a, `/api/folders/${work.id}`)).status).toBe(404);
  });

  it('deleting a folder keeps its chats, back in no folder', async () => {
    const a = await signedUpClient(app.url);
    const folder = await newFolder(a, 'Recipes');
    const chatId = await newChat(a, 'Soup');
    const moved = await a.client.patch(`/api/chats/${chatId}/folder`, { folderId: folder.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: chatId, folderId: folder.id, pinned: false });

    expect((await del(a, `/api/folders/${folder.id}`)).status).toBe(200);
    const chat = await a.client.get(`/api/chats/${chatId}`);
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ title: 'Soup', folderId: null });
  });

  it('the chats list puts pinned chats first, then the rest by recency; filing keeps recency', async () => {
    const a = await signedUpClient(app.url);
    const first = await newChat(a, 'first');
    const second = await newChat(a, 'second');
    const third = await newChat(a, 'third');
    const titles = async () => (await a.client.get('/api/chats')).body.map((c: { title: string }) => c.title);
    expect(await titles()).toEqual(['third', 'second', 'first']);

    const pinned = await a.client.patch(`/api/chats/${first}/pin`, { pinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned).toBe(true);
    expect(await titles()).toEqual(['first', 'third', 'second']);
    // The latest pinned on top.
    expect((await a.client.patch(`/api/chats/${second}/pin`, { pinned: true })).status).toBe(200);
    expect(await titles()).toEqual(['second', 'first', 'third']);

    // Filing a chat does not make it the most recent one.
    const folder = await newFolder(a, 'Later');
    expect((await a.client.patch(`/api/chats/${first}/pin`, { pinned: false })).body.pinned).toBe(false);
    expect((await a.client.patch(`/api/chats/${second}/pin`, { pinned: false })).status).toBe(200);
    expect((await a.client.patch(`/api/chats/${first}/folder`, { folderId: folder.id })).status).toBe(200);
    expect(await titles()).toEqual(['third', 'second', 'first']);
    expect((await a.client.patch(`/api/chats/${first}/folder`, { folderId: null })).body.folderId).toBeNull();

    // The same over GraphQL.
    const moved = await a.client.gql(
      'mutation($c: ID!, $f: ID) { moveChatToFolder(chatId: $c, folderId: $f) { id folderId pinned } }',
      { c: third, f: folder.id },
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data.moveChatToFolder).toEqual({ id: third, folderId: folder.id, pinned: false });
    const pin = await a.client.gql(
      'mutation($c: ID!) { setChatPinned(chatId: $c, pinned: true) { pinned } }',
      {
        c: third,
      },
    );
    expect(pin.data.setChatPinned.pinned).toBe(true);
    const listed = await a.client.gql('{ chats { title folderId pinned } chatFolders { id name } }');
    expect(listed.data.chats[0]).toEqual({ title: 'third', folderId: folder.id, pinned: true });
    expect(listed.data.chatFolders).toEqual([{ id: folder.id, name: 'Later' }]);
  });

  it('are owner-only: another user gets 404, including filing into their folder', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const aFolder = await newFolder(a, 'Mine');
    const aChat = await newChat(a, 'Private');
    const bFolder = await newFolder(b, 'Theirs');
    const bChat = await newChat(b, 'Theirs');

    expect((await b.client.get('/api/folders')).body.map((f: { id: string }) => f.id)).toEqual([bFolder.id]);
    for (const res of [
      await b.client.patch(`/api/folders/${aFolder.id}`, { name: 'Stolen' }),
      await del(b, `/api/folders/${aFolder.id}`),
      await b.client.patch(`/api/chats/${aChat}/folder`, { folderId: bFolder.id }),
      await b.client.patch(`/api/chats/${aChat}/pin`, { pinned: true }),
      // My chat into someone else's folder.
      await b.client.patch(`/api/chats/${bChat}/folder`, { folderId: aFolder.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const gql = await b.client.gql(
      'mutation($c: ID!, $f: ID) { moveChatToFolder(chatId: $c, folderId: $f) { id } }',
      {
        c: bChat,
        f: aFolder.id,
      },
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Nothing changed.
    expect((await a.client.get('/api/folders')).body[0].name).toBe('Mine');
    expect((await a.client.get(`/api/chats/${aChat}`)).body).toMatchObject({ folderId: null, pinned: false });
    expect((await b.client.get(`/api/chats/${bChat}`)).body.folderId).toBeNull();
  });

  it('answer 401 signed out', async () => {
    const a = await signedUpClient(app.url);
    const folder = await newFolder(a, 'Mine');
    const chatId = await newChat(a, 'Private');
    const anon = new HttpClient(app.url);
    for (const res of [
      await anon.get('/api/folders'),
      await anon.post('/api/folders', { name: 'x' }),
      await anon.patch(`/api/folders/${folder.id}`, { name: 'x' }),
      await anon.request('DELETE', `/api/folders/${folder.id}`),
      await anon.patch(`/api/chats/${chatId}/folder`, { folderId: null }),
      await anon.patch(`/api/chats/${chatId}/pin`, { pinned: true }),
    ]) {
      expect(res.status).toBe(401);
    }
    expect((await anon.gql('{ chatFolders { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuse bad input with 400', async () => {
    const a = await signedUpClient(app.url);
    const folder = await newFolder(a, 'Mine');
    const chatId = await newChat(a, 'Private');
    for (const res of [
      await a.client.post('/api/folders', {}),
      await a.client.post('/api/folders', { name: '   ' }),
      await a.client.post('/api/folders', { name: 'x'.repeat(61) }),
      await a.client.post('/api/folders', { name: 42 }),
      await a.client.post('/api/folders', { name: 'a\u0000b' }),
      await a.client.patch(`/api/folders/${folder.id}`, {}),
      await a.client.patch(`/api/folders/${folder.id}`, { name: '' }),
      await a.client.patch(`/api/folders/${folder.id}`, { position: -1 }),
      await a.client.patch(`/api/folders/${folder.id}`, { position: 1.5 }),
      await a.client.patch(`/api/chats/${chatId}/folder`, {}),
      await a.client.patch(`/api/chats/${chatId}/folder`, { folderId: 7 }),
      await a.client.patch(`/api/chats/${chatId}/pin`, {}),
      await a.client.patch(`/api/chats/${chatId}/pin`, { pinned: 'yes' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(typeof res.body.message).toBe('string');
    }
    // 60 characters is fine; a malformed id is a folder that does not exist.
    expect((await a.client.post('/api/folders', { name: 'y'.repeat(60) })).status).toBe(201);
    expect((await a.client.patch('/api/folders/not-a-uuid', { name: 'x' })).status).toBe(404);
    expect((await a.client.patch(`/api/chats/${chatId}/folder`, { folderId: 'nope' })).status).toBe(404);
    const gql = await a.client.gql('mutation { createChatFolder(name: "") { id } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it(`hold the cap of ${FOLDERS_PER_USER} under 20 parallel creates`, async () => {
    const a = await signedUpClient(app.url);
    await db().query(
      `insert into chat_folders (id, user_id, name, position)
       select gen_random_uuid(), $1, 'f' || n, n from generate_series(0, $2 - 11) as n`,
      [a.userId, FOLDERS_PER_USER],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => a.client.post('/api/folders', { name: `parallel ${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('CONFLICT');
    const listed = await a.client.get('/api/folders');
    expect(listed.body).toHaveLength(FOLDERS_PER_USER);
    // Positions stay distinct: each create saw the ones before it.
    expect(new Set(listed.body.map((f: { position: number }) => f.position)).size).toBe(FOLDERS_PER_USER);
    // Deleting one makes room for one more.
    expect((await del(a, `/api/folders/${listed.body[0].id}`)).status).toBe(200);
    expect((await a.client.post('/api/folders', { name: 'one more' })).status).toBe(201);
    expect((await a.client.post('/api/folders', { name: 'too many' })).status).toBe(409);
  });
});
