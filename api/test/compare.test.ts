import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, paidClient, signedUpClient } from '../../tests/support/users.ts';
import { subscribe } from '../../tests/support/ws.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Compare (api/src/modules/compare) over real HTTP, graphql-ws and the real database: one prompt
 * to several assistants at once, each answer on its own (GPT and Claude through the fake OpenAI
 * server, Grok at a closed port: it fails), then pick, merge and vote.
 */

type Person = Awaited<ReturnType<typeof signedUpClient>>;
interface Answer {
  id: string;
  model: string;
  status: string;
  content: string;
  error: string | null;
  ttftMs: number | null;
  totalMs: number | null;
  tokens: number | null;
}

let fake: FakeOpenAI;
let app: RunningApp;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp({
    AI_GPT_BASE_URL: fake.baseURL,
    AI_GPT_API_KEY: 'sk-gpt',
    AI_CLAUDE_BASE_URL: fake.baseURL,
    AI_CLAUDE_API_KEY: 'sk-claude',
    // Nothing listens on port 9: Grok's answers fail at once.
    AI_GROK_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_GROK_API_KEY: 'sk-grok',
    AI_OFFLINE_DELAY_MS: '1',
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const paidUser = (): Promise<Person> => paidClient(app.url);

async function newChat(person: Person): Promise<string> {
  const chat = await person.client.post('/api/chats', {});
  expect(chat.status).toBe(201);
  return chat.body.id;
}

const compare = (person: Person, chatId: string, content: string, models: string[], blind?: boolean) =>
  person.client.post(`/api/chats/${chatId}/compare`, { content, models, ...(blind ? { blind } : {}) });

async function promptsUsed(userId: string): Promise<number> {
  const rows = await db().query(
    `select used from usage_counters where user_id = $1 and feature = 'prompts' and period_start = date_trunc('month', now())::date`,
    [userId],
  );
  return rows.rows[0]?.used ?? 0;
}

async function messageCount(userId: string): Promise<number> {
  const rows = await db().query('select count(*)::int as n from messages where user_id = $1', [userId]);
  return rows.rows[0].n;
}

/** What the fake OpenAI answers to `[tokens=n]`. */
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `t${i} `).join('');

/** The conversation the fake OpenAI was sent for the request whose last turn contains `marker`. */
const sentWith = (marker: string) =>
  fake.requests.filter(
    (r) => r.path.endsWith('/chat/completions') && r.body?.messages?.at(-1)?.content?.includes(marker),
  );

describe('a compare over REST', () => {
  it('asks each assistant at once; one failing leaves the others whole, each with its numbers', async () => {
    const me = await paidUser();
    const chatId = await newChat(me);
    const res = await compare(me, chatId, '@gpt @claude @grok [tokens=5] name a colour', [
      'gpt',
      'claude',
      'grok',
    ]);
    expect(res.status).toBe(201);
    const answers = res.body.answers as Answer[];
    expect(answers.map((a) => a.model)).toEqual(['gpt', 'claude', 'grok']);
    expect(Object.keys(answers[0]!).sort()).toEqual(
      ['content', 'error', 'id', 'model', 'status', 'tokens', 'totalMs', 'ttftMs'].sort(),
    );
    for (const a of answers.slice(0, 2)) {
      expect(a).toMatchObject({ status: 'complete', content: tokens(5), error: null, tokens: 5 });
      expect(a.ttftMs).toBeGreaterThanOrEqual(0);
      expect(a.totalMs).toBeGreaterThanOrEqual(a.ttftMs!);
    }
    expect(answers[2]).toMatchObject({ status: 'error', content: '', tokens: null, ttftMs: null });
    expect(answers[2]!.error).toBeTruthy();
    expect(answers[2]!.totalMs).toBeGreaterThanOrEqual(0);
    // The models were asked the question without the @commands.
    const asked = sentWith('name a colour');
    expect(asked.length).toBe(2);
    for (const r of asked) expect(r.body.messages.at(-1).content).toBe('[tokens=5] name a colour');
    expect(res.body.userMessage.content).toBe('@gpt @claude @grok [tokens=5] name a colour');
    // Three prompts counted; the failed answer gives its own back, as any failed answer does.
    expect(await promptsUsed(me.userId)).toBe(2);

    // The answers are versions of one turn; the chat goes on from the first until another is picked.
    const path = (await me.client.get(`/api/chats/${chatId}/messages`)).body as {
      id: string;
      siblingIds: string[];
    }[];
    expect(path.map((m) => m.id)).toEqual([res.body.userMessage.id, answers[0]!.id]);
    expect(path[1]!.siblingIds).toEqual(answers.map((a) => a.id));
  });

  it('refuses what is not a compare with a 400 that says why, and saves nothing', async () => {
    const me = await paidUser();
    const chatId = await newChat(me);
    const cases: [unknown, string][] = [
      [['gpt'], 'Pick at least 2 assistants to compare'],
      [['gpt', 'hal9000'], 'Unknown assistant: hal9000'],
      [['gpt', 'gpt'], 'GPT is named twice'],
      [['gpt', 'image'], "@image can't be compared"],
      [['video', 'gpt'], "@video can't be compared"],
      [['gpt', 'claude', 'grok', 'gemini', 'code'], 'Compare at most 4 assistants at once'],
      ['gpt,claude', 'Pick at least 2 assistants to compare'],
      [[1, 2], 'Unknown assistant'],
    ];
    for (const [models, message] of cases) {
      const res = await me.client.post(`/api/chats/${chatId}/compare`, { content: 'hi', models });
      expect(res.status, JSON.stringify(models)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await compare(me, chatId, '   ', ['gpt', 'claude'])).body.message).toBe(
      'Message cannot be empty',
    );
    expect((await compare(me, chatId, '@gpt @claude', ['gpt', 'claude'])).body.message).toBe(
      'Add a message after the assistants',
    );
    expect((await me.client.post(`/api/chats/${chatId}/compare`, 'not json')).status).toBe(400);
    expect(await messageCount(me.userId)).toBe(0);
    expect(await promptsUsed(me.userId)).toBe(0);
  });

  it('Free compares 2 at once; a short allowance sends nothing and counts nothing (402)', async () => {
    const me = await signedUpClient(app.url);
    const chatId = await newChat(me);
    const three = await compare(me, chatId, 'hi', ['gpt', 'claude', 'code']);
    expect(three.status).toBe(400);
    expect(three.body.message).toBe('Free compares 2 assistants at once. Upgrade to compare up to 4.');
    await db().query(
      `insert into usage_counters (user_id, feature, period_start, used) values ($1, 'prompts', date_trunc('month', now())::date, 9)`,
      [me.userId],
    );
    const short = await compare(me, chatId, 'hi', ['gpt', 'code']);
    expect(short.status).toBe(402);
    expect(short.body.message).toBe(
      'This compare needs 2 prompts and you have 1 left this month. Upgrade to Premium for unlimited prompts.',
    );
    expect(await messageCount(me.userId)).toBe(0);
    expect(await promptsUsed(me.userId)).toBe(9);
  });

  it("another user's chat is not found, and signed out is 401", async () => {
    const owner = await paidUser();
    const chatId = await newChat(owner);
    const other = await paidUser();
    expect((await compare(other, chatId, 'hi', ['gpt', 'code'])).status).toBe(404);
    const anonymous = new HttpClient(app.url);
    expect(
      (await anonymous.post(`/api/chats/${chatId}/compare`, { content: 'hi', models: ['gpt', 'code'] }))
        .status,
    ).toBe(401);
    expect(await messageCount(owner.userId)).toBe(0);
  });

  it('20 compares at once never count past the allowance', async () => {
    const me = await signedUpClient(app.url);
    const chatId = await newChat(me);
    // Free: 10 prompts a month; 20 compares of 2 ask for 40.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => compare(me, chatId, `parallel ${i}`, ['code', 'study'])),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await promptsUsed(me.userId)).toBe(10);
    // 5 prompts and their 10 answers, nothing of the refused ones.
    expect(await messageCount(me.userId)).toBe(15);
  });
});

describe('pick and merge', () => {
  it('picking an answer continues the chat with it and its assistant', async () => {
    const me = await paidUser();
    const chatId = await newChat(me);
    const res = await compare(me, chatId, 'pick-test [tokens=3] which?', ['gpt', 'claude']);
    const claude = (res.body.answers as Answer[])[1]!;
    const other = await paidUser();
    expect((await other.client.post(`/api/messages/${claude.id}/choose`)).status).toBe(404);
    expect((await new HttpClient(app.url).post(`/api/messages/${claude.id}/choose`)).status).toBe(401);
    expect((await me.client.post(`/api/messages/${res.body.userMessage.id}/choose`)).status).toBe(400);
    expect((await me.client.post('/api/messages/not-an-id/choose')).status).toBe(404);

    const chosen = await me.client.post(`/api/messages/${claude.id}/choose`);
    expect(chosen.status).toBe(200);
    expect(chosen.body.activeModel).toBe('claude');
    const next = await me.client.post(`/api/chats/${chatId}/messages`, { content: 'after-pick and then?' });
    expect(next.status).toBe(201);
    expect(next.body.aiMessage.model).toBe('claude');
    const sent = sentWith('after-pick').at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-claude');
    // The conversation it continues is the picked answer's.
    expect(sent.body.messages.slice(1).map((m: { content: string }) => m.content)).toEqual([
      'pick-test [tokens=3] which?',
      tokens(3),
      'after-pick and then?',
    ]);
  });

  it('merge writes one answer from the answers, as a version of the turn that the chat goes on from', async () => {
    const me = await paidUser();
    const chatId = await newChat(me);
    fake.script('merge-me', 'First view.');
    const res = await compare(me, chatId, 'merge-me what is best?', ['gpt', 'claude', 'grok']);
    const [gpt, claude, grok] = res.body.answers as Answer[];
    // A failed answer has nothing to merge.
    const withFailed = await me.client.post(`/api/chats/${chatId}/merge`, {
      messageIds: [gpt!.id, grok!.id],
      model: 'claude',
    });
    expect(withFailed.status).toBe(400);
    expect(withFailed.body.message).toBe('Merge answers that have text');
    const other = await paidUser();
    expect(
      (
        await other.client.post(`/api/chats/${chatId}/merge`, {
          messageIds: [gpt!.id, claude!.id],
          model: 'gpt',
        })
      ).status,
    ).toBe(404);
    for (const [body, message] of [
      [{ messageIds: [gpt!.id], model: 'gpt' }, 'Pick at least 2 answers to merge'],
      [{ messageIds: [gpt!.id, gpt!.id], model: 'gpt' }, 'Each answer can be merged once'],
      [
        { messageIds: [gpt!.id, claude!.id], model: 'image' },
        "@image can't merge answers: pick one that writes text",
      ],
      [{ messageIds: [gpt!.id, 'x'], model: 'gpt' }, 'Message not found'],
    ] as const) {
      const refused = await me.client.post(`/api/chats/${chatId}/merge`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const before = await promptsUsed(me.userId);

    const merged = await me.client.post(`/api/chats/${chatId}/merge`, {
      messageIds: [claude!.id, gpt!.id],
      model: 'gpt',
    });
    expect(merged.status).toBe(201);
    const ai = merged.body.aiMessage;
    expect(ai).toMatchObject({ model: 'gpt', status: 'complete', mergedFrom: [gpt!.id, claude!.id] });
    expect(ai.siblingIds).toEqual([gpt!.id, claude!.id, grok!.id, ai.id]);
    expect(await promptsUsed(me.userId)).toBe(before + 1);
    // The merging model was asked the question with both answers, named, in the order asked.
    const asked = fake.requests.at(-1)!.body.messages.at(-1).content as string;
    expect(asked).toContain('merge-me what is best?');
    expect(asked).toContain('--- Answer 1 (GPT) ---\nFirst view.');
    expect(asked).toContain('--- Answer 2 (Claude) ---\nFirst view.');
    expect(asked).not.toContain('Grok');
    const path = (await me.client.get(`/api/chats/${chatId}/messages`)).body as { id: string }[];
    expect(path.at(-1)!.id).toBe(ai.id);
  });
});

const COMPARE = `mutation($chatId: ID, $content: String!, $assistants: [ID!]!, $blind: Boolean) {
  compare(chatId: $chatId, content: $content, assistants: $assistants, blind: $blind) {
    chat { id title activeModel }
    userMessage { id content compare { id assistants answerIds blind } }
    answers { id model status }
    compare { id blind tie winner }
  }
}`;

describe('compare over GraphQL', () => {
  it('streams every answer over one socket, interleaved, none lost; a new chat is made', async () => {
    const me = await paidUser();
    const sent = await me.client.gql(COMPARE, {
      chatId: null,
      content: '@gpt @claude [tokens=30] [delay=15] interleave please',
      assistants: ['gpt', 'claude'],
    });
    expect(sent.errors).toBeUndefined();
    const { chat, answers, userMessage } = sent.data.compare;
    expect(chat.title).toBe('[tokens=30] [delay=15] interleave please');
    expect(userMessage.compare).toMatchObject({ assistants: ['gpt', 'claude'], blind: false });
    const ids = answers.map((a: { id: string }) => a.id);
    // One socket, both answers followed on it.
    const { wsClient } = await import('../../tests/support/ws.ts');
    const client = wsClient(app.url, me.client.cookieHeader);
    const seen: { id: string; kind: string; at: number }[] = [];
    const texts = new Map<string, string>();
    await Promise.all(
      ids.map(
        (id: string) =>
          new Promise<void>((resolve, reject) => {
            client.subscribe(
              {
                query: `subscription($id: ID!) { answerStream(messageId: $id) { messageId kind offset text status ttftMs totalMs } }`,
                variables: { id },
              },
              {
                next: ({ data }) => {
                  const e = (data as { answerStream: { kind: string; offset: number; text: string } })
                    .answerStream;
                  seen.push({ id, kind: e.kind, at: performance.now() });
                  const so = texts.get(id) ?? '';
                  if (e.kind === 'delta') {
                    expect(e.offset).toBe(so.length);
                    texts.set(id, so + e.text);
                  } else texts.set(id, e.text);
                },
                error: reject,
                complete: resolve,
              },
            );
          }),
      ),
    );
    await client.dispose();
    const saved = await me.client.get(`/api/chats/${chat.id}/messages`);
    expect(saved.status).toBe(200);
    const expected = tokens(30);
    for (const id of ids) expect(texts.get(id)).toBe(expected);
    // Interleaved: the second answer's deltas began before the first answer's were over.
    const deltas = seen.filter((e) => e.kind === 'delta');
    const lastOfFirst = Math.max(...deltas.filter((e) => e.id === ids[0]).map((e) => e.at));
    const firstOfSecond = Math.min(...deltas.filter((e) => e.id === ids[1]).map((e) => e.at));
    expect(firstOfSecond).toBeLessThan(lastOfFirst);
  });

  it('a reconnect mid-compare picks every column up where it was, and a reload shows the compare', async () => {
    const me = await paidUser();
    const sent = await me.client.gql(COMPARE, {
      content: 'resume [tokens=40] [delay=25] slowly',
      assistants: ['gpt', 'claude'],
    });
    const ids: string[] = sent.data.compare.answers.map((a: { id: string }) => a.id);
    const query = (id: string) =>
      `subscription { answerStream(messageId: "${id}") { kind offset text status } }`;
    const first = ids.map((id) => subscribe(app, me.client.cookieHeader, query(id)));
    await expect.poll(() => first.every((s) => s.events.length >= 3), { timeout: 10_000 }).toBe(true);
    for (const s of first) await s.close();
    // A reload meanwhile: the prompt carries its compare and its answers as they are.
    const page = await me.client.gql(
      `query($chatId: ID!) { messagePage(chatId: $chatId, last: 4) { messages { id role compare { answerIds answers { id status } } } } }`,
      { chatId: sent.data.compare.chat.id },
    );
    expect(page.errors).toBeUndefined();
    const prompt = page.data.messagePage.messages.find((m: { role: string }) => m.role === 'user');
    expect(prompt.compare.answerIds).toEqual(ids);
    expect(prompt.compare.answers.map((a: { id: string }) => a.id)).toEqual(ids);

    const again = ids.map((id) => subscribe(app, me.client.cookieHeader, query(id)));
    await expect
      .poll(() => again.every((s) => s.events.at(-1)?.answerStream.kind === 'done'), { timeout: 15_000 })
      .toBe(true);
    const expected = tokens(40);
    for (const s of again) {
      const [snapshot, ...rest] = s.events.map((e) => e.answerStream);
      expect(snapshot.kind).toBe('snapshot');
      let text = snapshot.text as string;
      for (const e of rest) text = e.kind === 'delta' ? text.slice(0, e.offset) + e.text : e.text;
      expect(text).toBe(expected);
      await s.close();
    }
  });

  it('refuses bad input as BAD_USER_INPUT, another user as NOT_FOUND, signed out as UNAUTHENTICATED', async () => {
    const me = await paidUser();
    const chatId = await newChat(me);
    const bad = await me.client.gql(COMPARE, { chatId, content: 'x', assistants: ['gpt'] });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const other = await paidUser();
    const theirs = await other.client.gql(COMPARE, { chatId, content: 'x', assistants: ['gpt', 'code'] });
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymous = await new HttpClient(app.url).gql(COMPARE, {
      content: 'x',
      assistants: ['gpt', 'code'],
    });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('votes, the leaderboard and teams', () => {
  const VOTE = `mutation($id: ID!, $winner: ID, $tie: Boolean) { voteCompare(userMessageId: $id, winner: $winner, tie: $tie) { id winner tie votedAt } }`;
  const BOARD = `query($mode: String) { myLeaderboard(mode: $mode) { assistant wins losses ties votes } }`;

  it('blind compares are voted on; the votes make the user’s own leaderboard, by mode too', async () => {
    const me = await paidUser();
    const study = await me.client.post('/api/chats', { mode: 'study' });
    const a = await me.client.gql(COMPARE, {
      content: 'vote one',
      assistants: ['code', 'study', 'gpt'],
      blind: true,
    });
    expect(a.data.compare.compare.blind).toBe(true);
    const b = await me.client.gql(COMPARE, {
      chatId: study.body.id,
      content: 'vote two',
      assistants: ['code', 'gpt'],
    });
    const c = await me.client.gql(COMPARE, { content: 'not voted', assistants: ['code', 'gpt'] });
    expect(c.errors).toBeUndefined();
    const idA = a.data.compare.userMessage.id;
    const idB = b.data.compare.userMessage.id;

    for (const [vars, message] of [
      [{ id: idA }, 'Vote for the best answer, or for a tie'],
      [{ id: idA, winner: 'claude' }, 'Vote for one of the assistants compared'],
      [{ id: idA, winner: 'code', tie: true }, 'not both'],
    ] as const) {
      const refused = await me.client.gql(VOTE, vars);
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toContain(message);
    }
    const other = await paidUser();
    expect((await other.client.gql(VOTE, { id: idA, winner: 'code' })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await new HttpClient(app.url).gql(VOTE, { id: idA, winner: 'code' })).errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');

    expect((await me.client.gql(VOTE, { id: idA, winner: 'gpt' })).data.voteCompare.winner).toBe('gpt');
    // Voting again replaces the vote.
    const voted = await me.client.gql(VOTE, { id: idA, winner: 'study' });
    expect(voted.data.voteCompare).toMatchObject({ winner: 'study', tie: false });
    expect((await me.client.gql(VOTE, { id: idB, tie: true })).data.voteCompare).toMatchObject({
      winner: null,
      tie: true,
    });

    const board = (await me.client.gql(BOARD, {})).data.myLeaderboard;
    expect(board).toEqual([
      { assistant: 'study', wins: 1, losses: 0, ties: 0, votes: 1 },
      { assistant: 'code', wins: 0, losses: 1, ties: 1, votes: 2 },
      { assistant: 'gpt', wins: 0, losses: 1, ties: 1, votes: 2 },
    ]);
    const inStudy = (await me.client.gql(BOARD, { mode: 'study' })).data.myLeaderboard;
    expect(inStudy).toEqual([
      { assistant: 'code', wins: 0, losses: 0, ties: 1, votes: 1 },
      { assistant: 'gpt', wins: 0, losses: 0, ties: 1, votes: 1 },
    ]);
    expect((await me.client.gql(BOARD, { mode: 'poetry' })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await other.client.gql(BOARD, {})).data.myLeaderboard).toEqual([]);
  });

  it('teams are saved by name (a name again replaces it), at most 20 even when saved at once', async () => {
    const SAVE = `mutation($name: String!, $assistants: [ID!]!) { saveCompareTeam(name: $name, assistants: $assistants) { id name assistants } }`;
    const me = await paidUser();
    const writers = await me.client.gql(SAVE, { name: ' Writers ', assistants: ['claude', 'gpt'] });
    expect(writers.data.saveCompareTeam).toMatchObject({ name: 'Writers', assistants: ['claude', 'gpt'] });
    const again = await me.client.gql(SAVE, { name: 'Writers', assistants: ['claude', 'gemini', 'gpt'] });
    expect(again.data.saveCompareTeam.id).toBe(writers.data.saveCompareTeam.id);
    for (const [vars, message] of [
      [{ name: '', assistants: ['gpt', 'claude'] }, 'Give the team a name'],
      [{ name: 'x'.repeat(41), assistants: ['gpt', 'claude'] }, 'at most 40 characters'],
      [{ name: 'Solo', assistants: ['gpt'] }, 'Pick at least 2 assistants'],
      [{ name: 'Pics', assistants: ['gpt', 'image'] }, "@image can't be compared"],
    ] as const) {
      const refused = await me.client.gql(SAVE, vars);
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toContain(message);
    }
    const saves = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        me.client.gql(SAVE, { name: `Team ${i}`, assistants: ['gpt', 'code'] }),
      ),
    );
    expect(saves.filter((s) => !s.errors)).toHaveLength(19);
    expect(
      saves.filter(
        (s) => s.errors?.[0]?.message === 'You can keep up to 20 teams. Delete one to save another.',
      ),
    ).toHaveLength(6);
    const teams = (await me.client.gql('{ compareTeams { id name } }')).data.compareTeams as {
      id: string;
      name: string;
    }[];
    expect(teams).toHaveLength(20);
    // Which 19 of the 25 parallel saves got in depends on their arrival: the list holds exactly those.
    const saved = saves.flatMap((s) => (s.errors ? [] : [s.data.saveCompareTeam.name as string]));
    expect(teams.map((team) => team.name).sort()).toEqual([...saved, 'Writers'].sort());

    const DELETE = `mutation($id: ID!) { deleteCompareTeam(id: $id) }`;
    const other = await paidUser();
    expect((await other.client.gql(DELETE, { id: teams[0]!.id })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await other.client.gql('{ compareTeams { id } }')).data.compareTeams).toEqual([]);
    expect((await me.client.gql(DELETE, { id: teams[0]!.id })).data.deleteCompareTeam).toBe(true);
    expect((await me.client.gql(DELETE, { id: 'nope' })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
