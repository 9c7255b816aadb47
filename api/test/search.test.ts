import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSnippet } from '@chorus/shared/searchSnippet';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestWorker } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import { PART_WINDOW, RANK_WINDOW } from '../src/modules/search/core/service.ts';

const app = useTestApp();
// Imports are worker jobs: their messages must be searchable too. The worker reads the uploaded
// file from the api's storage, as every worker shares it in production.
useTestWorker(() => ({ WORKER_CONCURRENCY: 1, STORAGE_DIR: app.config.STORAGE_DIR }));

interface Result {
  chatId: string;
  chatTitle: string;
  messageId: string | null;
  documentId?: string;
  snippet: string;
  createdAt: string;
}

/** A chat of the user's with these messages, written straight to the table (no assistant turns needed). */
async function chatWith(userId: string, title: string, contents: string[]) {
  const { rows } = await db().query<{ id: string }>(
    'insert into chats (id, title, user_id) values (gen_random_uuid(), $1, $2) returning id',
    [title, userId],
  );
  const chatId = rows[0]!.id;
  const messageIds: string[] = [];
  for (const [i, content] of contents.entries()) {
    const m = await db().query<{ id: string }>(
      `insert into messages (id, chat_id, role, content, created_at)
       values (gen_random_uuid(), $1, $2, $3, now() - make_interval(secs => $4)) returning id`,
      [chatId, i % 2 ? 'assistant' : 'user', content, contents.length - i],
    );
    messageIds.push(m.rows[0]!.id);
  }
  return { chatId, messageIds };
}

const search = async (client: HttpClient, q: string, limit?: number) => {
  const res = await client.get(
    `/api/search?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.results as Result[];
};

describe('search over the user’s own chats', () => {
  it('ranks a message with all the words above one with one of them, and highlights them safely', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const { chatId, messageIds } = await chatWith(userId, 'Garden', [
      'Tomatoes want full sun.',
      'Water the tomatoes <b>early</b> & mulch against the summer drought.',
      'Unrelated words about bicycles.',
    ]);
    const results = await search(client, 'tomatoes drought');
    expect(results.map((r) => r.messageId)).toEqual([messageIds[1], messageIds[0]]);
    expect(results[0]).toMatchObject({ chatId, chatTitle: 'Garden' });
    expect(Number.isNaN(Date.parse(results[0]!.createdAt))).toBe(false);
    // HTML in the message is escaped; the only tags are the marks around the matched words.
    const snippet = results[0]!.snippet;
    expect(snippet).toContain('&lt;b&gt;early&lt;/b&gt; &amp; mulch');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    const marked = parseSnippet(snippet)
      .filter((p) => p.marked)
      .map((p) => p.text);
    expect(marked).toEqual(['tomatoes', 'drought']);
  });

  it('matches the last word as a prefix, and stems the others', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const { messageIds } = await chatWith(userId, 'Notes', [
      'We were running through the quarterly forecasts.',
      'Nothing to see here.',
    ]);
    expect((await search(client, 'run forec')).map((r) => r.messageId)).toEqual([messageIds[0]]);
    expect((await search(client, 'quarterl')).map((r) => r.messageId)).toEqual([messageIds[0]]);
    expect(await search(client, 'zebra')).toEqual([]);
  });

  it('finds a chat by part of its title, and part of a word inside a message, by trigram', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const { chatId } = await chatWith(userId, 'Kubernetes migration plan', ['First steps.']);
    const byTitle = await search(client, 'bernete');
    expect(byTitle).toEqual([
      expect.objectContaining({ chatId, messageId: null, chatTitle: 'Kubernetes migration plan' }),
    ]);
    expect(byTitle[0]!.snippet).toBe('Ku<mark>bernete</mark>s migration plan');
    // A misspelt title word is still close enough.
    expect((await search(client, 'kubernets')).map((r) => r.chatId)).toEqual([chatId]);

    const other = await chatWith(userId, 'Misc', ['The photosynthesis lecture notes']);
    const partial = await search(client, 'synthes');
    expect(partial.map((r) => r.messageId)).toEqual([other.messageIds[0]]);
    expect(partial[0]!.snippet).toBe('The photo<mark>synthes</mark>is lecture notes');
  });

  it('never shows one user another user’s chats', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const word = `xylophone${Date.now().toString(36)}`;
    const mine = await chatWith(a.userId, `Band ${word}`, [`Practise the ${word} solo`]);
    const found = await search(a.client, word);
    expect(found.map((r) => r.chatId)).toEqual([mine.chatId]);
    expect(await search(b.client, word)).toEqual([]);
    expect(await search(b.client, 'Band')).toEqual([]);
    expect(await search(b.client, word.slice(2, 9))).toEqual([]);
    const gql = await b.client.gql('query($q: String!) { search(query: $q) { chatId } }', { q: word });
    expect(gql.data).toEqual({ search: [] });
  });

  it('finds an answer by the title and passage of a source it cites, and shows that part', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const { chatId, messageIds } = await chatWith(a.userId, 'Reading', [
      'What does the report say?',
      'See [1].',
    ]);
    const sources = [
      {
        n: 1,
        kind: 'file',
        title: 'harbour-levies.pdf',
        fileId: null,
        page: 3,
        url: null,
        snippet: 'Quarterly wharfage levies rose by four percent.',
      },
      {
        n: 2,
        kind: 'web',
        title: 'Port authority news',
        url: 'https://example.com/web',
        snippet: 'Berthing slots.',
      },
    ];
    await db().query('update messages set sources = $1 where id = $2', [
      JSON.stringify(sources),
      messageIds[1],
    ]);
    const byPassage = await search(a.client, 'wharfage');
    expect(byPassage.map((r) => [r.chatId, r.messageId])).toEqual([[chatId, messageIds[1]]]);
    expect(
      parseSnippet(byPassage[0]!.snippet)
        .filter((p) => p.marked)
        .map((p) => p.text),
    ).toEqual(['wharfage']);
    expect((await search(a.client, 'harbour levies')).map((r) => r.messageId)).toEqual([messageIds[1]]);
    expect((await search(a.client, 'port authority')).map((r) => r.messageId)).toEqual([messageIds[1]]);
    // Kinds and links are not words of the answer; another user finds nothing.
    expect(await search(a.client, 'https')).toEqual([]);
    expect(await search(b.client, 'wharfage')).toEqual([]);
  });

  it('finds a canvas document of a chat by its title and text, and names it', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    const { chatId } = await chatWith(a.userId, 'Notes', ['Something else entirely.']);
    const doc = await a.client.post(`/api/chats/${chatId}/documents`, {
      title: 'Lighthouse plan',
      content: 'The keeper climbs the spiral staircase at dusk to light the lantern.',
    });
    expect(doc.status).toBe(201);
    const found = await search(a.client, 'spiral staircase');
    expect(found).toEqual([
      expect.objectContaining({ chatId, messageId: null, documentId: doc.body.id, chatTitle: 'Notes' }),
    ]);
    expect(
      parseSnippet(found[0]!.snippet)
        .filter((p) => p.marked)
        .map((p) => p.text),
    ).toEqual(['spiral', 'staircase']);
    expect((await search(a.client, 'lighthouse')).map((r) => r.documentId)).toEqual([doc.body.id]);
    const gql = await a.client.gql(
      'query($q: String!) { search(query: $q) { chatId messageId documentId } }',
      {
        q: 'lantern',
      },
    );
    expect(gql.data.search).toEqual([{ chatId, messageId: null, documentId: doc.body.id }]);
    // A message's hit keeps its shape (no documentId); nobody else finds the document.
    expect(Object.keys((await search(a.client, 'entirely'))[0]!)).not.toContain('documentId');
    expect(await search(b.client, 'spiral staircase')).toEqual([]);
  });

  it('answers over GraphQL with the same results as REST', async () => {
    const { client, userId } = await signedUpClient(app.url);
    await chatWith(userId, 'Recipes', [
      'Bake the sourdough at 250 degrees',
      'Sourdough starter needs feeding',
    ]);
    const rest = await search(client, 'sourdough', 1);
    expect(rest).toHaveLength(1);
    const gql = await client.gql(
      'query($q: String!, $limit: Int) { search(query: $q, limit: $limit) { chatId chatTitle messageId snippet createdAt } }',
      { q: 'sourdough', limit: 1 },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.search).toEqual(rest);
  });

  it('refuses bad input with 400 { message, code } and a signed-out caller with 401', async () => {
    const { client } = await signedUpClient(app.url);
    for (const path of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      `/api/search?q=${'a'.repeat(201)}`,
      '/api/search?q=a%00b',
      '/api/search?q=a&limit=0',
      '/api/search?q=a&limit=51',
      '/api/search?q=a&limit=2.5',
      '/api/search?q=a&limit=ten',
      '/api/search?q=a&q=b',
    ]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
    }
    expect((await client.get(`/api/search?q=${'a'.repeat(200)}&limit=50`)).status).toBe(200);

    const gql = await client.gql('{ search(query: "a", limit: 99) { chatId } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const anonymous = new HttpClient(app.url);
    const res = await anonymous.get('/api/search?q=hello');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
    expect((await anonymous.gql('{ search(query: "hello") { chatId } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('answers many searches at once, each with its own user’s results', async () => {
    const users = await Promise.all([1, 2, 3].map(() => signedUpClient(app.url)));
    const chats = await Promise.all(
      users.map((u, i) => chatWith(u.userId, `Parallel ${i}`, [`shared keyword lighthouse number ${i}`])),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, k) => search(users[k % 3]!.client, 'lighthouse')),
    );
    answers.forEach((results, k) => {
      expect(results.map((r) => r.chatId)).toEqual([chats[k % 3]!.chatId]);
    });
  });

  it('finds messages sent through the chat itself', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = (await client.post('/api/chats', { title: 'New Chat', activeModel: 'gpt' })).body;
    const sent = await client.post(`/api/chats/${chat.id}/messages`, {
      content: 'Explain the marmalade recipe',
    });
    expect(sent.status).toBe(201);
    const results = await search(client, 'marmalade');
    // The offline assistant's answer may quote it too.
    expect(results).toContainEqual(
      expect.objectContaining({ chatId: chat.id, messageId: sent.body.userMessage.id }),
    );
  });

  it('finds a message on another version of a chat, and opening it switches the path to that version', async () => {
    const me = await signedUpClient(app.url);
    const chat = (await me.client.post('/api/chats', { activeModel: 'gpt' })).body;
    const first = await me.client.post(`/api/chats/${chat.id}/messages`, { content: 'Tell me about zebras' });
    const edited = await me.client.post(`/api/messages/${first.body.userMessage.id}/edit`, {
      content: 'Tell me about giraffes',
    });
    expect(edited.status).toBe(201);
    const shownIds = async () =>
      ((await me.client.get(`/api/chats/${chat.id}/messages`)).body as { id: string }[]).map((m) => m.id);
    const current = await shownIds();
    expect(current).toEqual([edited.body.userMessage.id, edited.body.aiMessage.id]);

    // The earlier version is still found, though the chat does not show it now.
    const hit = (await search(me.client, 'zebras')).find((r) => r.messageId === first.body.userMessage.id);
    expect(hit).toMatchObject({ chatId: chat.id });
    expect(current).not.toContain(hit!.messageId);

    // Opening it (what the web app does for a result not on the path): the version arrows' call.
    const opened = await me.client.post(`/api/chats/${chat.id}/path`, { messageId: hit!.messageId });
    expect(opened.status).toBe(200);
    expect(opened.body.map((m: { id: string }) => m.id)).toEqual([
      first.body.userMessage.id,
      first.body.aiMessage.id,
    ]);
    expect(opened.body[0].siblingIds).toEqual([first.body.userMessage.id, edited.body.userMessage.id]);
    expect(await shownIds()).toEqual(opened.body.map((m: { id: string }) => m.id));
    // Nothing is lost: the path the user was on is one call (or arrow) away.
    const back = await me.client.post(`/api/chats/${chat.id}/path`, { messageId: current.at(-1) });
    expect(back.body.map((m: { id: string }) => m.id)).toEqual(current);

    // Another user can neither find it nor open the chat at it; signed out, neither.
    const other = await signedUpClient(app.url);
    expect(await search(other.client, 'zebras')).not.toContainEqual(
      expect.objectContaining({ chatId: chat.id }),
    );
    expect(
      (await other.client.post(`/api/chats/${chat.id}/path`, { messageId: hit!.messageId })).status,
    ).toBe(404);
    const anon = new HttpClient(app.url);
    expect((await anon.post(`/api/chats/${chat.id}/path`, { messageId: hit!.messageId })).status).toBe(401);
    expect(await shownIds()).toEqual(current);
  });

  it('ranks the newest matches with every word above newer ones with some, however many those are', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const word = `quince${Date.now().toString(36)}`;
    const { chatId } = await chatWith(userId, 'Orchard', [`${word} jelly sets slowly`]);
    // More messages with only one of the words than are ranked, all of them newer.
    const newer = await db().query<{ id: string }>(
      `insert into messages (id, chat_id, role, content, created_at)
       select gen_random_uuid(), $1, 'user', $2 || ' number ' || s, now() + make_interval(secs => s)
         from generate_series(1, $3) s
       returning id`,
      [chatId, word, RANK_WINDOW + 50],
    );
    const results = await search(client, `${word} jelly`, 5);
    expect(results[0]!.snippet).toContain('jelly');
    expect(results).toHaveLength(5);
    // The rest have one word; the newest of them are ranked (all as short, so newest first).
    expect(results.slice(1).map((r) => r.messageId)).toEqual(
      newer.rows
        .slice(-4)
        .reverse()
        .map((r) => r.id),
    );
  });

  it('finds part of a word newest first, in the newest messages and in the oldest', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const tag = Date.now().toString(36);
    const { chatId } = await chatWith(userId, 'Archive', [`the oldest zzmarmot${tag}ish note`]);
    // More newer messages than are read before all of them are, none containing the text.
    await db().query(
      `insert into messages (id, chat_id, role, content, created_at)
       select gen_random_uuid(), $1, 'user', 'filler ' || s, now() + make_interval(secs => s)
         from generate_series(1, $2) s`,
      [chatId, PART_WINDOW + 10],
    );
    const old = await search(client, `marmot${tag}i`);
    expect(old.map((r) => r.snippet)).toEqual([`the oldest zz<mark>marmot${tag}i</mark>sh note`]);
    // Enough matches among the newest: those, newest first.
    await db().query(
      `insert into messages (id, chat_id, role, content, created_at)
       select gen_random_uuid(), $1, 'user', 'zzmarmot' || $2 || 'ish ' || s, now() + interval '1 day' + make_interval(secs => s)
         from generate_series(1, 30) s`,
      [chatId, tag],
    );
    const recent = await search(client, `marmot${tag}i`, 3);
    expect(recent.map((r) => r.snippet.replace(/<\/?mark>/g, ''))).toEqual(
      [30, 29, 28].map((n) => `zzmarmot${tag}ish ${n}`),
    );
  });

  it('keeps each message’s owner (user_id) equal to its chat’s, however the message was written', async () => {
    const a = await signedUpClient(app.url);
    const b = await signedUpClient(app.url);
    await makePaid(a.userId);
    // Send, edit (a new prompt version and answer), regenerate (a new answer version).
    const chat = (await a.client.post('/api/chats', { title: 'New Chat', activeModel: 'gpt' })).body;
    const sent = await a.client.post(`/api/chats/${chat.id}/messages`, {
      content: 'Explain the gooseberry fool',
    });
    expect(sent.status).toBe(201);
    const edited = await a.client.post(`/api/messages/${sent.body.userMessage.id}/edit`, {
      content: 'Explain the gooseberry crumble',
    });
    expect(edited.status).toBe(201);
    const again = await a.client.post(`/api/messages/${edited.body.aiMessage.id}/regenerate`);
    expect(again.status).toBe(201);
    // Continued from a share: the copy is b's.
    const link = (await a.client.post(`/api/chats/${chat.id}/shares`)).body;
    const copy = await b.client.post(`/api/shares/${link.token}/continue`);
    expect(copy.status).toBe(201);
    // Imported by the worker (plain SQL inserts).
    const form = new FormData();
    const file = readFileSync(
      path.join(import.meta.dirname, '../../tests/fixtures/import/claude-conversations.json'),
    );
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/json' }), 'conversations.json');
    const started = await fetch(`${app.url}/api/imports`, {
      method: 'POST',
      headers: { cookie: b.client.cookieHeader! },
      body: form,
    });
    expect(started.status).toBe(202);
    const { id: importId } = (await started.json()) as { id: string };
    await expect
      .poll(async () => (await b.client.get(`/api/imports/${importId}`)).body.status, { timeout: 20_000 })
      .toBe('completed');

    const owners = await db().query<{ chat_owner: string; message_owner: string; n: string }>(
      `select c.user_id as chat_owner, m.user_id as message_owner, count(*) as n
         from messages m join chats c on c.id = m.chat_id
        where c.user_id = any($1) group by 1, 2`,
      [[a.userId, b.userId]],
    );
    expect(owners.rows.every((r) => r.chat_owner === r.message_owner)).toBe(true);
    const count = (owner: string) => Number(owners.rows.find((r) => r.chat_owner === owner)?.n ?? 0);
    // a: two prompts and three answers; b: the copy's path and the imported chats.
    expect(count(a.userId)).toBe(5);
    expect(count(b.userId)).toBeGreaterThan(2);

    // Each finds their own: a the original's versions, b the copy (and a nothing of b's import).
    expect((await search(a.client, 'gooseberry')).every((r) => r.chatId === chat.id)).toBe(true);
    expect((await search(b.client, 'gooseberry')).map((r) => r.chatId)).toContain(copy.body.id);
    expect((await search(b.client, 'gooseberry')).map((r) => r.chatId)).not.toContain(chat.id);
    expect(await search(a.client, 'haiku autumn')).toEqual([]);
    expect((await search(b.client, 'haiku autumn')).length).toBeGreaterThan(0);

    // Whatever a writer claims, the owner is the chat's; a chat changing hands takes its messages.
    const forged = await db().query<{ user_id: string }>(
      `insert into messages (id, chat_id, role, content, user_id) values (gen_random_uuid(), $1, 'user', 'forged', $2)
       returning user_id`,
      [chat.id, b.userId],
    );
    expect(forged.rows[0]!.user_id).toBe(a.userId);
    await db().query('update chats set user_id = $1 where id = $2', [b.userId, chat.id]);
    const moved = await db().query('select distinct user_id from messages where chat_id = $1', [chat.id]);
    expect(moved.rows).toEqual([{ user_id: b.userId }]);
  });
});

describe('search: symbols, one row per chat, snippets', () => {
  it('a query of symbols only answers an empty list (REST and GraphQL), never a 500', async () => {
    const { client, userId } = await signedUpClient(app.url);
    await chatWith(userId, 'Symbols (and more): 100% sure', ["It's a test: (really) 😀 100%"]);
    for (const q of ['%', "'", '(', ':', '😀', '%%', '_', '\\', "'; select 1 --", '(:)', '@', '🙂🙃']) {
      const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, `REST ${q}: ${res.text}`).toBe(200);
      expect(Array.isArray(res.body.results), q).toBe(true);
      const gql = await client.gql('query($q: String!) { search(query: $q) { chatId snippet } }', { q });
      expect(gql.errors, `GraphQL ${q}`).toBeUndefined();
      expect(Array.isArray(gql.data.search), q).toBe(true);
      const perChat = await client.get(`/api/search?q=${encodeURIComponent(q)}&perChat=true`);
      expect(perChat.status, `REST perChat ${q}`).toBe(200);
    }
  });

  it('perChat: one row per chat with its best snippet and how many of its messages match', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const word = `mango${Date.now().toString(36)}`;
    const many = await chatWith(userId, 'Fruit bowl', [
      `${word} smoothie`,
      `${word} chutney with lime`,
      `a ${word} salsa`,
      `ripe ${word} and ${word} again`,
    ]);
    const one = await chatWith(userId, 'Shopping', [`buy a ${word}`]);
    // Per message (the default), the first chat is listed four times.
    expect((await search(client, word)).filter((r) => r.chatId === many.chatId)).toHaveLength(4);
    const res = await client.get(`/api/search?q=${word}&perChat=true`);
    expect(res.status).toBe(200);
    const rows = res.body.results as (Result & { matchCount: number })[];
    expect(rows.map((r) => r.chatId).sort()).toEqual([many.chatId, one.chatId].sort());
    const bowl = rows.find((r) => r.chatId === many.chatId)!;
    expect(bowl.matchCount).toBe(4);
    expect(many.messageIds).toContain(bowl.messageId);
    expect(bowl.snippet).toContain(`<mark>${word}</mark>`);
    expect(rows.find((r) => r.chatId === one.chatId)!.matchCount).toBe(1);
    // limit counts chats.
    const first = await client.get(`/api/search?q=${word}&perChat=true&limit=1`);
    expect(first.body.results).toHaveLength(1);
    // GraphQL answers the same.
    const gql = await client.gql(
      'query($q: String!) { search(query: $q, perChat: true) { chatId chatTitle messageId snippet createdAt matchCount } }',
      { q: word },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.search).toEqual(rows);
    expect((await client.get(`/api/search?q=${word}&perChat=maybe`)).status).toBe(400);
  });

  it('keeps @ (and other punctuation) next to the matched word in a snippet', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const { messageIds } = await chatWith(userId, 'Review', [
      '@claude please review the patch',
      'Then ask @gpt about #ops.',
    ]);
    const [hit] = await search(client, 'claude');
    expect(hit!.messageId).toBe(messageIds[0]);
    const text = parseSnippet(hit!.snippet)
      .map((p) => p.text)
      .join('');
    expect(text.startsWith('@claude please review')).toBe(true);
    const [other] = await search(client, 'gpt');
    expect(
      parseSnippet(other!.snippet)
        .map((p) => p.text)
        .join(''),
    ).toContain('ask @gpt about #ops.');
    expect(parseSnippet(hit!.snippet).find((p) => p.marked)?.text).toMatch(/claude/);
  });
});
