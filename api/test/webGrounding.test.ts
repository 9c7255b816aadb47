import { describe, expect, it } from 'vitest';
import { useStarted, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { assistantEnv, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { startFakePages, startFakeSearch } from '../../tests/support/fakeSearch.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Answers grounded in the web through the api (modules/websearch, chat/core/webGrounding.ts):
 * "Search the web" on a message and @perplexity's research against a fake SearXNG, Perplexity's own
 * citations, a search service that fails, the refusals, and result pages that must never be read.
 */
const chatCompletions = (fake: { requests: { path: string; body: any }[] }) =>
  fake.requests.filter((r) => r.path.endsWith('/chat/completions'));

async function newChat(client: HttpClient): Promise<string> {
  const res = await client.post('/api/chats', { title: 'Research', activeModel: 'gpt' });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** The answer as saved, once it has ended. */
async function endedAnswer(id: string) {
  let row: { content: string; status: string; sources: unknown[] | null } | undefined;
  await expect
    .poll(async () => {
      row = (await db().query('select content, status, sources from messages where id = $1', [id])).rows[0];
      return row?.status;
    })
    .not.toBe('streaming');
  return row!;
}

describe('web search configured (a fake SearXNG)', () => {
  const openai = useStarted(startFakeOpenAI);
  const search = useStarted(startFakeSearch);
  const pages = useStarted(startFakePages);
  const app = useTestApp(() => ({
    ...assistantEnv(openai.baseURL, 'gpt'),
    WEB_SEARCH_PROVIDER: 'searxng',
    WEB_SEARCH_BASE_URL: search.url,
    WEB_FETCH_TIMEOUT_MS: '1000',
  }));
  const results = () => [
    {
      title: 'Paper lanterns',
      url: `${pages.url}/article`,
      content: 'A floating lantern stays lit for forty minutes.',
    },
    { title: 'Inside', url: `${pages.privateUrl}/metadata`, content: 'Nothing to see.' },
  ];

  it('"Search the web": the results go to the model numbered, and the answer saves them as sources', async () => {
    search.results = results();
    const { client } = await signedUpClient(app.url);
    expect((await client.gql('{ catalogue { webSearch } }')).data.catalogue.webSearch).toBe(true);
    const chatId = await newChat(client);
    const before = chatCompletions(openai).length;
    const res = await client.post(`/api/chats/${chatId}/messages`, {
      content: 'How long does a floating lantern stay lit?',
      webSearch: true,
    });
    expect(res.status).toBe(201);
    expect(search.requests.at(-1)).toMatchObject({
      protocol: 'searxng',
      query: 'How long does a floating lantern stay lit?',
    });
    const asked = chatCompletions(openai).slice(before);
    expect(asked).toHaveLength(1);
    const system = asked[0]!.body.messages[0].content as string;
    expect(system).toContain('Results of a web search');
    // Result pages on loopback and private addresses are never read: the search's own snippets stand.
    expect(system).toContain(
      `[1] Paper lanterns (${pages.url}/article):\nA floating lantern stays lit for forty minutes.`,
    );
    expect(system).toContain(`[2] Inside (${pages.privateUrl}/metadata):\nNothing to see.`);
    expect(pages.privateHits).toEqual([]);
    expect(res.body.aiMessage.sources).toEqual([
      {
        n: 1,
        kind: 'web',
        title: 'Paper lanterns',
        url: `${pages.url}/article`,
        fileId: null,
        page: null,
        snippet: 'A floating lantern stays lit for forty minutes.',
      },
      expect.objectContaining({ n: 2, kind: 'web', title: 'Inside' }),
    ]);
    // Saved: read back over REST and GraphQL.
    const messages = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(messages.at(-1).sources).toHaveLength(2);
    const gql = await client.gql(
      'query($id: ID!) { chat(id: $id) { messages(limit: 5) { sources { n kind url } } } }',
      {
        id: chatId,
      },
    );
    expect(gql.data.chat.messages.at(-1).sources[0]).toEqual({
      n: 1,
      kind: 'web',
      url: `${pages.url}/article`,
    });
    // Without the switch, no search.
    const searched = search.requests.length;
    const plain = await client.post(`/api/chats/${chatId}/messages`, { content: 'Thanks!' });
    expect(plain.status).toBe(201);
    expect(plain.body.aiMessage.sources).toEqual([]);
    expect(search.requests.length).toBe(searched);
  });

  it('@perplexity searches by itself; offline it quotes the results with their numbers', async () => {
    search.results = results();
    const { client } = await signedUpClient(app.url);
    const res = await client.gql(
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { aiMessage { id } } }',
      { input: { content: '@perplexity how long do lanterns float?' } },
    );
    expect(res.errors).toBeUndefined();
    const answer = await endedAnswer(res.data.sendMessage.aiMessage.id);
    expect(answer.status).toBe('complete');
    expect(answer.content).toContain('Here is what the web says:');
    expect(answer.content).toContain('> A floating lantern stays lit for forty minutes. [1]');
    expect(answer.sources).toHaveLength(2);
    expect(search.requests.at(-1)?.query).toBe('how long do lanterns float?');
  });

  it('a failing search service: the answer goes on, told the web could not be searched', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    search.failNext(500);
    const before = chatCompletions(openai).length;
    const res = await client.post(`/api/chats/${chatId}/messages`, { content: 'Any news?', webSearch: true });
    expect(res.status).toBe(201);
    expect(res.body.aiMessage.status).toBe('complete');
    expect(res.body.aiMessage.sources).toEqual([]);
    const system = chatCompletions(openai).slice(before)[0]!.body.messages[0].content as string;
    expect(system).toContain('The web search failed this time');
  });

  it('refuses bad input (400), another user’s chat (404, nothing searched) and the signed-out (401)', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const chatId = await newChat(owner.client);
    const bad = await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'Hi', webSearch: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/expected boolean/);
    const searched = search.requests.length;
    const stolen = await other.client.post(`/api/chats/${chatId}/messages`, {
      content: 'Hi',
      webSearch: true,
    });
    expect(stolen.status).toBe(404);
    const signedOut = await new HttpClient(app.url).post(`/api/chats/${chatId}/messages`, {
      content: 'Hi',
      webSearch: true,
    });
    expect(signedOut.status).toBe(401);
    expect(search.requests.length).toBe(searched);
  });
});

describe('no web search configured', () => {
  const openai = useStarted(startFakeOpenAI);
  const app = useTestApp(() => ({ ...assistantEnv(openai.baseURL, 'gpt', 'perplexity') }));

  it('"Search the web" is refused with a reason, and nothing is sent or saved', async () => {
    const { client } = await signedUpClient(app.url);
    // The catalogue says so, and the composer doesn't offer it.
    expect((await client.gql('{ catalogue { webSearch } }')).data.catalogue.webSearch).toBe(false);
    const chatId = await newChat(client);
    const before = openai.requests.length;
    const res = await client.post(`/api/chats/${chatId}/messages`, { content: 'News?', webSearch: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Web search is not set up on this server.');
    const gql = await client.gql(
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { chat { id } } }',
      {
        input: { chatId, content: 'News?', webSearch: true },
      },
    );
    expect(gql.errors?.[0]?.message).toBe('Web search is not set up on this server.');
    expect(openai.requests.length).toBe(before);
    expect((await client.get(`/api/chats/${chatId}/messages`)).body).toEqual([]);
  });

  it('a provider that searches itself (Perplexity) has its citations kept as the sources', async () => {
    const { client } = await signedUpClient(app.url);
    const chatId = await newChat(client);
    const res = await client.post(`/api/chats/${chatId}/messages`, {
      content: '@perplexity what is new? [cite=https://news.example/a,https://blog.example/b]',
    });
    expect(res.status).toBe(201);
    expect(res.body.aiMessage.sources).toEqual([
      {
        n: 1,
        kind: 'web',
        title: 'Source 1',
        url: 'https://news.example/a',
        fileId: null,
        page: null,
        snippet: 'About https://news.example/a',
      },
      {
        n: 2,
        kind: 'web',
        title: 'Source 2',
        url: 'https://blog.example/b',
        fileId: null,
        page: null,
        snippet: 'About https://blog.example/b',
      },
    ]);
  });

  it('a share link shows the sources (a file’s passage without its link), and a copy keeps them', async () => {
    const owner = await signedUpClient(app.url);
    const chatId = await newChat(owner.client);
    const res = await owner.client.post(`/api/chats/${chatId}/messages`, {
      content: '@perplexity what is new? [cite=https://news.example/a]',
    });
    expect(res.status).toBe(201);
    // As if it had also cited a passage of one of the owner's files.
    const file = {
      n: 2,
      kind: 'file',
      title: 'notes.pdf',
      url: '/api/files/00000000-0000-4000-8000-000000000001/download#page=3',
      fileId: '00000000-0000-4000-8000-000000000001',
      page: 3,
      snippet: 'From the notes.',
    };
    await db().query(`update messages set sources = sources || $2::jsonb where id = $1`, [
      res.body.aiMessage.id,
      JSON.stringify([file]),
    ]);
    const link = await owner.client.post(`/api/chats/${chatId}/shares`);
    expect(link.status).toBe(201);
    const reader = new HttpClient(app.url);
    const shared = await reader.get(`/api/shares/${link.body.token}`);
    expect(shared.status).toBe(200);
    expect(shared.body.messages[1].sources).toEqual([
      {
        n: 1,
        kind: 'web',
        title: 'Source 1',
        url: 'https://news.example/a',
        page: null,
        snippet: 'About https://news.example/a',
      },
      { n: 2, kind: 'file', title: 'notes.pdf', url: null, page: 3, snippet: 'From the notes.' },
    ]);
    expect(JSON.stringify(shared.body)).not.toContain(file.fileId);
    expect(shared.body.messages[0].sources).toEqual([]);

    // Exports carry them: the JSON as saved, the Markdown as a numbered list under the answer.
    const json = (await owner.client.get(`/api/chats/${chatId}/export?format=json`)).body;
    expect(json.chats[0].messages[1].sources[0]).toMatchObject({
      n: 1,
      kind: 'web',
      url: 'https://news.example/a',
    });
    const md = (await owner.client.get(`/api/chats/${chatId}/export?format=md`)).text;
    expect(md).toContain('Sources:\n\n1. [Source 1](https://news.example/a)\n2. notes.pdf, page 3');

    const other = await signedUpClient(app.url);
    const copy = await other.client.post(`/api/shares/${link.body.token}/continue`);
    expect(copy.status).toBe(201);
    const copied = (await other.client.get(`/api/chats/${copy.body.id}/messages`)).body;
    expect(
      copied[1].sources.map((s: { title: string; fileId: string | null }) => [s.title, s.fileId]),
    ).toEqual([
      ['Source 1', null],
      ['notes.pdf', null],
    ]);
  });
});
