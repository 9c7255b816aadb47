import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Lists that page (issue 16): My Chats is a keyset page (pinned first, then by recency), a chat's
 * messages page along the path it shows (messages form a tree, see branches.test.ts). These walk
 * every page of lists longer than one, while rows are added, and check nothing is missed, repeated,
 * taken from another branch or shown to anyone but the owner.
 */

let app: RunningApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function newChat(client: HttpClient, title = 'Paged') {
  const res = await client.post('/api/chats', { title });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/**
 * `count` messages written straight to the table, each following the one before (`parentId`),
 * after `parentId` if given; the chat then shows the last. Timestamps are shared by several rows
 * and go backwards now and then, so only the path, not the dates, can put them in order.
 * Answers the new ids in path order.
 */
async function appendPath(chatId: string, count: number, parentId: string | null = null): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const parents = ids.map((_, i) => (i === 0 ? parentId : ids[i - 1]!));
  await db().query(
    `insert into messages (id, chat_id, parent_id, role, content, created_at, updated_at)
     select id, $1, parent, case when i % 2 = 1 then 'user' else 'assistant' end, 'message ' || i,
            timestamptz '2026-01-01T00:00:00Z' + ((i / 3) % 50) * interval '1 millisecond', now()
       from unnest($2::uuid[], $3::uuid[]) with ordinality as t(id, parent, i)`,
    [chatId, ids, parents],
  );
  await db().query('update chats set current_message_id = $2 where id = $1', [chatId, ids.at(-1)]);
  return ids;
}

async function seedChats(userId: string, count: number, pinned = 0) {
  await db().query(
    `insert into chats (id, user_id, title, created_at, updated_at, pinned_at)
     select gen_random_uuid(), $1, 'chat ' || i, now(),
            timestamptz '2026-01-01T00:00:00Z' + (i / 4) * interval '1 second' + (i % 3) * interval '1 microsecond',
            case when i % 17 = 0 and i / 17 <= $3::int then timestamptz '2026-02-01T00:00:00Z' + (i % 2) * interval '1 microsecond' end
       from generate_series(1, $2::int) i`,
    [userId, count, pinned],
  );
}

async function storedChatIds(userId: string): Promise<string[]> {
  const { rows } = await db().query<{ id: string }>(
    `select id from chats where user_id = $1
      order by coalesce(pinned_at, '-infinity') desc, updated_at desc, id desc`,
    [userId],
  );
  return rows.map((r) => r.id);
}

type Reply = { status: number; headers: Headers; body: any };

/**
 * Every page of a REST list, following `X-Next-Cursor` as `cursor=`; checks each page's status and
 * `Link` (the same query, the next cursor). Answers the ids in order and how many pages there were.
 */
async function walkRest(client: HttpClient, path: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    const res: Reply = await client.get(url);
    expect(res.status).toBe(200);
    ids.push(...res.body.map((item: { id: string }) => item.id));
    cursor = res.headers.get('x-next-cursor');
    if (cursor) expect(res.headers.get('link')).toBe(`<${path}&cursor=${cursor}>; rel="next"`);
    pages++;
  } while (cursor);
  return { ids, pages };
}

/** Every page of a chat's messages over REST, latest page first; `between` runs after each page. */
async function walkMessagesRest(
  client: HttpClient,
  chatId: string,
  limit: number,
  between?: () => Promise<void>,
) {
  const pages: string[][] = [];
  let before: string | null = null;
  do {
    const res: Reply = await client.get(
      `/api/chats/${chatId}/messages?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    );
    expect(res.status).toBe(200);
    pages.push(res.body.map((m: { id: string }) => m.id));
    before = res.headers.get('x-next-cursor');
    await between?.();
  } while (before);
  // Older pages come later; within a page messages read oldest first.
  return pages.reverse().flat();
}

async function walkMessagesGraphql(client: HttpClient, chatId: string, last: number) {
  const pages: string[][] = [];
  let before: string | null = null;
  do {
    const res: { data?: any; errors?: unknown } = await client.gql(
      `query($id: ID!, $before: ID, $last: Int) {
         messagePage(chatId: $id, last: $last, before: $before) { messages { id chatId parentId } olderCursor }
       }`,
      { id: chatId, before, last },
    );
    expect(res.errors).toBeUndefined();
    pages.push(res.data.messagePage.messages.map((m: { id: string }) => m.id));
    before = res.data.messagePage.olderCursor;
  } while (before);
  return pages;
}

describe('messages a page at a time, along the path the chat shows', () => {
  it('walks all 1,234 messages of a chat over REST with no gap and no repeat', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const path = await appendPath(chatId, 1234);

    const first = await client.get(`/api/chats/${chatId}/messages?limit=100`);
    expect(first.status).toBe(200);
    expect(first.body.map((m: { id: string }) => m.id)).toEqual(path.slice(-100));
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBe(path.at(-100));
    expect(first.headers.get('link')).toBe(
      `</api/chats/${chatId}/messages?limit=100&before=${cursor}>; rel="next"`,
    );

    const walked = await walkMessagesRest(client, chatId, 100);
    expect(walked).toHaveLength(1234);
    expect(walked).toEqual(path);
  });

  it("answers the spec's plain array by default: the path's last 500, oldest first", async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const path = await appendPath(chatId, 1234);
    const res = await client.get(`/api/chats/${chatId}/messages`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((m: { id: string }) => m.id)).toEqual(path.slice(-500));
    const older = await client.get(
      `/api/chats/${chatId}/messages?before=${encodeURIComponent(res.headers.get('x-next-cursor')!)}`,
    );
    expect(older.body.map((m: { id: string }) => m.id)).toEqual(path.slice(-1000, -500));

    const gql = await client.gql<{ messages: { id: string }[] }>(
      'query($id: ID!) { messages(chatId: $id) { id } chat(id: $id) { messages { id } } }',
      { id: chatId },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.messages.map((m) => m.id)).toEqual(path.slice(-500));
  });

  it('walks the same messages through GraphQL messagePage (and Chat.messagePage)', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const path = await appendPath(chatId, 234);
    const pages = await walkMessagesGraphql(client, chatId, 100);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 34]);
    expect(pages.reverse().flat()).toEqual(path);

    const nested = await client.gql<{
      chat: { messagePage: { messages: { id: string }[]; olderCursor: string } };
    }>('query($id: ID!) { chat(id: $id) { messagePage(last: 20) { messages { id } olderCursor } } }', {
      id: chatId,
    });
    expect(nested.errors).toBeUndefined();
    expect(nested.data!.chat.messagePage.messages.map((m) => m.id)).toEqual(path.slice(-20));
    expect(nested.data!.chat.messagePage.olderCursor).toBe(path.at(-20));
  });

  it('pages only the chosen branch, and older pages stay put when another version is chosen', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const trunk = await appendPath(chatId, 120);
    // An edited prompt at message 61 (a sibling of trunk[60]) and its own 90 messages.
    const branch = await appendPath(chatId, 90, trunk[59]!);
    const shown = [...trunk.slice(0, 60), ...branch];
    expect(await walkMessagesRest(client, chatId, 25)).toEqual(shown);
    expect((await walkMessagesGraphql(client, chatId, 40)).reverse().flat()).toEqual(shown);

    // Paging back from the branch's first page, then the reader's other tab picks the trunk again:
    // the next older page still follows the messages on screen.
    const latest = await client.get(`/api/chats/${chatId}/messages?limit=50`);
    expect(latest.body.map((m: { id: string }) => m.id)).toEqual(shown.slice(-50));
    const switched = await client.post(`/api/chats/${chatId}/path`, { messageId: trunk[60] });
    expect(switched.status).toBe(200);
    const older = await client.get(
      `/api/chats/${chatId}/messages?limit=50&before=${latest.headers.get('x-next-cursor')}`,
    );
    expect(older.body.map((m: { id: string }) => m.id)).toEqual(shown.slice(-100, -50));
    // And the chat now opens on the trunk.
    expect(await walkMessagesRest(client, chatId, 50)).toEqual(trunk);
  });

  it('keeps older pages steady while new messages are written', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const path = await appendPath(chatId, 1234);
    let leaf = path.at(-1)!;
    let added = 0;
    const walked = await walkMessagesRest(client, chatId, 150, async () => {
      // New messages land after the first page, at the end of the chat.
      leaf = (await appendPath(chatId, 7, leaf)).at(-1)!;
      added += 7;
    });
    expect(walked).toEqual(path);
    expect(added).toBeGreaterThan(0);
    const { rows } = await db().query('select count(*)::int as n from messages where chat_id = $1', [chatId]);
    expect(rows[0].n).toBe(1234 + added);
  });

  it('answers an empty page and no cursor for a chat without messages', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const res = await client.get(`/api/chats/${chatId}/messages?limit=10`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('chats a page at a time', () => {
  it('walks all 120 chats over REST and GraphQL: pinned first, then most recently updated', async () => {
    const { client, userId } = await signedUpClient(app.url);
    await seedChats(userId, 120, 4);
    const stored = await storedChatIds(userId);
    expect(stored).toHaveLength(120);

    expect(await walkRest(client, '/api/chats?limit=25')).toEqual({ ids: stored, pages: 5 });
    const firstFour = await client.get('/api/chats?limit=4');
    expect(firstFour.body.every((c: { pinned: boolean }) => c.pinned)).toBe(true);

    // Pages of 3 cross from the pinned chats to the rest inside a page and at a page's end.
    for (const first of [3, 4, 50]) {
      const gql: string[] = [];
      let after: string | null = null;
      do {
        const res: { data?: any; errors?: unknown } = await client.gql(
          'query($after: String, $first: Int) { chatPage(first: $first, after: $after) { chats { id title } nextCursor } }',
          { after, first },
        );
        expect(res.errors).toBeUndefined();
        gql.push(...res.data.chatPage.chats.map((c: { id: string }) => c.id));
        after = res.data.chatPage.nextCursor;
      } while (after);
      expect(gql).toEqual(stored);
    }

    // The spec's answers stay the first page, at up to 500 chats.
    const plain = await client.get('/api/chats');
    expect(plain.body.map((c: { id: string }) => c.id)).toEqual(stored);
    expect(plain.headers.get('x-next-cursor')).toBeNull();
    const field = await client.gql<{ chats: { id: string }[] }>('{ chats { id } }');
    expect(field.data!.chats.map((c) => c.id)).toEqual(stored);
  });

  it('sees every chat once while new chats are made during the walk', async () => {
    const { client, userId } = await signedUpClient(app.url);
    await seedChats(userId, 120, 2);
    const stored = await storedChatIds(userId);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Reply = await client.get(
        `/api/chats?limit=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      walked.push(...res.body.map((c: { id: string }) => c.id));
      cursor = res.headers.get('x-next-cursor');
      await newChat(client, 'made while paging');
    } while (cursor);
    expect(walked).toEqual(stored);
    expect(await storedChatIds(userId)).toHaveLength(124);
  });
});

/**
 * `count` posts of the user's written straight to the table: every third private, every fourth
 * tagged "ocean" (the rest "city"), every fifth titled with "Sunset". Timestamps are shared by
 * several rows, so only the id can order them within a moment.
 */
async function seedPosts(userId: string, count: number) {
  await db().query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public,
       created_at, updated_at)
     select gen_random_uuid(), $1::uuid, 'post-' || $1::text || '-' || i,
            case when i % 5 = 0 then 'Sunset ' || i else 'Clip ' || i end, 'prompt ' || i,
            case when i % 4 = 0 then array['ocean'] else array['city'] end, '4', '1280x720',
            '/media/x' || i || '.mp4', i % 3 <> 0,
            timestamptz '2026-01-01T00:00:00Z' + (i / 3) * interval '1 second', now()
       from generate_series(1, $2::int) i`,
    [userId, count],
  );
}

async function storedPostIds(userId: string, where = 'true'): Promise<string[]> {
  const { rows } = await db().query<{ id: string }>(
    `select id from posts where user_id = $1 and ${where} order by created_at desc, id desc`,
    [userId],
  );
  return rows.map((r) => r.id);
}

const GALLERY = `query($search: String, $tag: String, $first: Int, $after: String) {
  gallery(search: $search, tag: $tag, first: $first, after: $after) { posts { id title tags isPublic } nextCursor total }
}`;

/** Every page of the user's gallery through GraphQL, with the given filters. */
async function walkGallery(client: HttpClient, variables: Record<string, unknown>) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let after: string | null = null;
  let pages = 0;
  do {
    const res: { data?: any; errors?: unknown } = await client.gql(GALLERY, { ...variables, after });
    expect(res.errors).toBeUndefined();
    ids.push(...res.data.gallery.posts.map((p: { id: string }) => p.id));
    totals.add(res.data.gallery.total);
    after = res.data.gallery.nextCursor;
    pages++;
  } while (after);
  return { ids, totals: [...totals], pages };
}

describe('My Video Gallery a page at a time', () => {
  it('walks all 130 posts (private ones too) over GraphQL and REST, filtered on the server', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    await seedPosts(owner.userId, 130);
    await seedPosts(other.userId, 10);
    const stored = await storedPostIds(owner.userId);

    const all = await walkGallery(owner.client, { first: 24 });
    expect(all.ids).toEqual(stored);
    expect(all.pages).toBe(6);
    expect(all.totals).toEqual([130]);
    // The default page is 24.
    const first = await owner.client.gql(GALLERY, {});
    expect(first.data.gallery.posts).toHaveLength(24);

    // Search (title, prompt, description; any case) and one tag, together or alone; the total stays
    // the whole gallery's.
    const sunsets = await walkGallery(owner.client, { search: 'sUNSET', first: 7 });
    expect(sunsets.ids).toEqual(await storedPostIds(owner.userId, "title like 'Sunset%'"));
    expect(sunsets.ids).toHaveLength(26);
    expect(sunsets.totals).toEqual([130]);
    const ocean = await walkGallery(owner.client, { tag: 'ocean', first: 10 });
    expect(ocean.ids).toEqual(await storedPostIds(owner.userId, "tags @> array['ocean']"));
    const both = await walkGallery(owner.client, { search: 'sunset', tag: 'ocean' });
    expect(both.ids).toEqual(
      await storedPostIds(owner.userId, "title like 'Sunset%' and tags @> array['ocean']"),
    );
    const none = await owner.client.gql(GALLERY, { search: '100%_' });
    expect(none.data.gallery).toEqual({ posts: [], nextCursor: null, total: 130 });

    // The filter buttons: the owner's tags, most used first.
    const tags = await owner.client.gql('{ galleryTags }');
    expect(tags.data.galleryTags).toEqual(['city', 'ocean']);
    expect((await owner.client.gql('{ galleryTags(first: 1) }')).data.galleryTags).toEqual(['city']);

    // REST: the spec's plain array (up to 1000), or pages with the same filters and a next link.
    const plain = await owner.client.get('/api/posts');
    expect(plain.status).toBe(200);
    expect(plain.body.map((p: { id: string }) => p.id)).toEqual(stored);
    expect(plain.headers.get('x-next-cursor')).toBeNull();
    expect((await walkRest(owner.client, '/api/posts?limit=9&tag=ocean')).ids).toEqual(ocean.ids);

    // Nobody else's posts in it, whoever's cursor is passed; signed out, no gallery at all.
    const otherWalk = await walkGallery(other.client, { first: 3 });
    expect(otherWalk.ids).toEqual(await storedPostIds(other.userId));
    const ownerCursor = (await owner.client.gql(GALLERY, { first: 1 })).data.gallery.nextCursor;
    const crossed = await other.client.gql(GALLERY, { after: ownerCursor });
    expect(crossed.errors).toBeUndefined();
    expect(crossed.data.gallery.posts.every((p: { id: string }) => !stored.includes(p.id))).toBe(true);
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.gql(GALLERY, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anonymous.gql('{ galleryTags }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anonymous.get('/api/posts?limit=5')).status).toBe(401);
  });

  it('answers 400 to a cursor, a size or a filter it cannot take', async () => {
    const { client, userId } = await signedUpClient(app.url);
    await seedPosts(userId, 3);
    for (const variables of [
      { after: 'garbage' },
      { after: 'x'.repeat(500) },
      { first: 0 },
      { first: 101 },
      { search: 's'.repeat(201) },
      { tag: 't'.repeat(31) },
    ]) {
      const res = await client.gql(GALLERY, variables);
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=abc',
      'cursor=garbage',
      'limit=1&limit=2',
      `tag=${'t'.repeat(31)}`,
    ]) {
      const res = await client.get(`/api/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
    }
  });
});

/** `count` My Files rows (every fifth a chat image, which My Files leaves out), several per moment. */
async function seedFiles(userId: string, count: number) {
  await db().query(
    `insert into files (id, user_id, name, content_type, size, storage_key, purpose, created_at)
     select gen_random_uuid(), $1::uuid, 'file ' || i || '.txt', 'text/plain', 10,
            'paging/' || $1::text || '/' || i, case when i % 5 = 0 then 'chat_image' else 'upload' end,
            timestamptz '2026-01-01T00:00:00Z' + (i / 4) * interval '1 second'
       from generate_series(1, $2::int) i`,
    [userId, count],
  );
}

async function storedFileIds(userId: string): Promise<string[]> {
  const { rows } = await db().query<{ id: string }>(
    `select id from files where user_id = $1 and purpose in ('upload', 'video_frame')
      order by created_at desc, id desc`,
    [userId],
  );
  return rows.map((r) => r.id);
}

describe('My Files a page at a time', () => {
  it('walks all 120 files over GraphQL and REST, only the owner, and refuses what it cannot take', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    await seedFiles(owner.userId, 150);
    await seedFiles(other.userId, 5);
    const stored = await storedFileIds(owner.userId);
    expect(stored).toHaveLength(120);

    const PAGE =
      'query($after: String) { filePage(first: 25, after: $after) { files { id name } nextCursor } }';
    const gql: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res: { data?: any; errors?: unknown } = await owner.client.gql(PAGE, { after });
      expect(res.errors).toBeUndefined();
      gql.push(...res.data.filePage.files.map((f: { id: string }) => f.id));
      after = res.data.filePage.nextCursor;
      pages++;
    } while (after);
    expect(pages).toBe(5);
    expect(gql).toEqual(stored);
    expect((await owner.client.gql('{ filePage { files { id } } }')).data.filePage.files).toHaveLength(50);

    const plain = await owner.client.get('/api/files');
    expect(plain.body.map((f: { id: string }) => f.id)).toEqual(stored);
    expect(plain.headers.get('x-next-cursor')).toBeNull();
    expect(await walkRest(owner.client, '/api/files?limit=50')).toEqual({ ids: stored, pages: 3 });

    // The owner's cursor in someone else's list still shows only theirs.
    const ownerCursor = (await owner.client.gql('{ filePage(first: 1) { nextCursor } }')).data.filePage
      .nextCursor;
    const crossed = await other.client.gql(PAGE, { after: ownerCursor });
    expect(crossed.data.filePage.files.map((f: { id: string }) => f.id)).toEqual(
      (await storedFileIds(other.userId)).slice(0, 25),
    );
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.gql(PAGE, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anonymous.get('/api/files?limit=5')).status).toBe(401);

    for (const query of [
      '{ filePage(first: 0) { nextCursor } }',
      '{ filePage(first: 101) { nextCursor } }',
    ]) {
      expect((await owner.client.gql(query)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await owner.client.gql(PAGE, { after: 'garbage' })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    for (const query of [
      'limit=0',
      'limit=1001',
      'limit=x',
      'cursor=garbage',
      'cursor=',
      'limit=1&limit=2',
    ]) {
      const res = await owner.client.get(`/api/files?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
    }
  });
});

describe('paging is private and validated', () => {
  it("answers 404 for someone else's chat whatever the cursor, and 401 signed out", async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const chatA = await newChat(a.client);
    const chatB = await newChat(b.client);
    await appendPath(chatA, 30);
    await appendPath(chatB, 30);
    const cursorA = (await a.client.get(`/api/chats/${chatA}/messages?limit=10`)).headers.get(
      'x-next-cursor',
    )!;
    const cursorB = (await b.client.get(`/api/chats/${chatB}/messages?limit=10`)).headers.get(
      'x-next-cursor',
    )!;
    expect(cursorA).toBeTruthy();
    expect(cursorB).toBeTruthy();

    for (const cursor of [cursorA, cursorB]) {
      const res = await b.client.get(`/api/chats/${chatA}/messages?limit=10&before=${cursor}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      const gql = await b.client.gql(
        'query($id: ID!, $before: ID) { messagePage(chatId: $id, before: $before) { olderCursor } }',
        { id: chatA, before: cursor },
      );
      expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    // A's message as a cursor in B's own chat names no message of it: refused, A's messages unread.
    const crossed = await b.client.get(`/api/chats/${chatB}/messages?before=${cursorA}`);
    expect(crossed.status).toBe(400);
    expect(JSON.stringify(crossed.body)).not.toContain('message ');

    // A's chat cursor in B's list shows only B's chats.
    await newChat(a.client, 'A again');
    const aCursor = (await a.client.get('/api/chats?limit=1')).headers.get('x-next-cursor');
    expect(aCursor).toBeTruthy();
    const bList = await b.client.get(`/api/chats?cursor=${encodeURIComponent(aCursor!)}`);
    expect(bList.status).toBe(200);
    expect(bList.body.every((c: { userId: string }) => c.userId === b.userId)).toBe(true);

    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get('/api/chats?limit=5')).status).toBe(401);
    expect((await anonymous.get(`/api/chats/${chatA}/messages?before=${cursorA}`)).status).toBe(401);
    const gql = await anonymous.gql('{ chatPage { nextCursor } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const page = await anonymous.gql('query($id: ID!) { messagePage(chatId: $id) { olderCursor } }', {
      id: chatA,
    });
    expect(page.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 to a cursor or a size it did not make', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    await appendPath(chatId, 5);
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const cursors = [
      'garbage',
      '!!!',
      randomUUID(),
      forged('-|2026-02-30T00:00:00.000000Z|6f1c1f4e-2b7a-4f7e-9a53-1d5d1e0b7c11'),
      forged('2026-13-01T00:00:00.000000Z|2026-01-01T00:00:00.000000Z|6f1c1f4e-2b7a-4f7e-9a53-1d5d1e0b7c11'),
      forged('-|2026-01-01T00:00:00.000000Z|not-a-uuid'),
      forged("-|2026-01-01T00:00:00.000000Z'; drop table chats; --|6f1c1f4e-2b7a-4f7e-9a53-1d5d1e0b7c11"),
      'x'.repeat(500),
    ];
    for (const cursor of cursors) {
      const messages = await client.get(`/api/chats/${chatId}/messages?before=${encodeURIComponent(cursor)}`);
      expect(messages.status).toBe(400);
      expect(messages.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
      const list = await client.get(`/api/chats?cursor=${encodeURIComponent(cursor)}`);
      expect(list.status).toBe(400);
      expect(list.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
    }
    for (const limit of ['0', '-1', 'abc', '1.5', '100000']) {
      expect((await client.get(`/api/chats?limit=${limit}`)).status).toBe(400);
      expect((await client.get(`/api/chats/${chatId}/messages?limit=${limit}`)).status).toBe(400);
    }
    expect((await client.get('/api/chats?limit=1&limit=2')).status).toBe(400);
    const gql = await client.gql('{ chatPage(after: "garbage") { nextCursor } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    for (const query of [
      '{ chatPage(first: 0) { nextCursor } }',
      '{ chatPage(first: 101) { nextCursor } }',
    ]) {
      expect((await client.gql(query)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const tooMany = await client.gql(
      'query($id: ID!) { messagePage(chatId: $id, last: 101) { olderCursor } }',
      {
        id: chatId,
      },
    );
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badBefore = await client.gql(
      'query($id: ID!) { messagePage(chatId: $id, before: "garbage") { olderCursor } }',
      { id: chatId },
    );
    expect(badBefore.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a literal page size the cost limit cannot afford, without raising the limit', async () => {
    const { client } = await signedUpClient(app.url);
    const fields = 'id chatId role content model status error images parentId siblingIds createdAt';
    const ok = await client.gql(`{ chatPage(first: 50) { chats { id title } nextCursor } }`);
    expect(ok.errors).toBeUndefined();
    const page = await client.gql(
      `{ chats { id } chatPage(first: 30) { chats { messagePage(last: 30) { messages { ${fields} } } } } }`,
    );
    expect(JSON.stringify(page.errors)).toContain('Cost limit');
  });
});
