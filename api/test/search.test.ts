import { parseSnippet } from '@chorus/shared/searchSnippet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

let app: RunningApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Result {
  chatId: string;
  chatTitle: string;
  messageId: string | null;
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
});
