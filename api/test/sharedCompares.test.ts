import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { paidClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Share links of chats with compares (api/src/modules/shares/core/sharedCompares.ts) over real
 * HTTP on the real database: the answers side by side as the chat showed them, a blind compare's
 * names kept hidden, nothing else of the owner's exposed, revoking ends it, and a copy brings the
 * compare along. GPT and Claude answer through the fake OpenAI server ("Echo: …": no names in it).
 */

type Person = Awaited<ReturnType<typeof paidClient>>;
interface Answer {
  id: string;
  model: string;
  content: string;
}
interface SharedAnswer {
  name: string;
  model: string | null;
  assistantColor: string | null;
  content: string;
  status: string;
  chosen: boolean;
  winner: boolean;
}

let fake: FakeOpenAI;
let app: RunningApp;
beforeAll(async () => {
  // The page's shell is the web app's real index.html (what the server fills for /share/{token}).
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  copyFileSync(
    fileURLToPath(new URL('../../web/index.html', import.meta.url)),
    path.join(dist, 'index.html'),
  );
  fake = await startFakeOpenAI();
  app = await startTestApp({
    WEB_DIST: dist,
    AI_GPT_BASE_URL: fake.baseURL,
    AI_GPT_API_KEY: 'sk-gpt',
    AI_CLAUDE_BASE_URL: fake.baseURL,
    AI_CLAUDE_API_KEY: 'sk-claude',
    AI_OFFLINE_DELAY_MS: '1',
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const anonymous = () => new HttpClient(app.url);

async function newChat(person: Person): Promise<string> {
  const chat = await person.client.post('/api/chats', {});
  expect(chat.status).toBe(201);
  return chat.body.id;
}

async function compare(person: Person, chatId: string, content: string, models: string[], blind = false) {
  const res = await person.client.post(`/api/chats/${chatId}/compare`, { content, models, blind });
  expect(res.status).toBe(201);
  return res.body as { userMessage: { id: string }; answers: Answer[] };
}

async function share(person: Person, chatId: string): Promise<string> {
  const res = await person.client.post(`/api/chats/${chatId}/shares`);
  expect(res.status).toBe(201);
  return res.body.token;
}

const SHARED = `query($token: String!) {
  sharedChat(token: $token) {
    title
    messages {
      role
      compare { answers { name model content chosen } }
    }
  }
}`;

const MESSAGES = `query($chatId: ID!) {
  chat(id: $chatId) {
    messagePage(last: 50) {
      messages { role content model compare { assistants blind winner tie votedAt answers { id model content } } }
    }
  }
}`;

describe('a shared chat with a compare', () => {
  it('shows every answer, the one the chat went on from marked; owner, another user and signed out read the same', async () => {
    const owner = await paidClient(app.url);
    const chatId = await newChat(owner);
    fake.script('sky-colour', 'Rayleigh scattering.');
    const turn = await compare(owner, chatId, 'sky-colour: why is it blue?', ['gpt', 'claude']);
    const claude = turn.answers.find((a) => a.model === 'claude')!;
    expect((await owner.client.post(`/api/messages/${claude.id}/choose`)).status).toBe(200);
    expect(
      (await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'And sunsets?' })).status,
    ).toBe(201);
    // Another chat of the owner's, with a compare of its own: nothing of it is in the link.
    const otherChat = await newChat(owner);
    await compare(owner, otherChat, 'private-other: secret plans', ['gpt', 'claude']);
    const token = await share(owner, chatId);

    const asOwner = await owner.client.get(`/api/shares/${token}`);
    const signedOut = await anonymous().get(`/api/shares/${token}`);
    const stranger = await paidClient(app.url);
    const asStranger = await stranger.client.get(`/api/shares/${token}`);
    for (const read of [asOwner, signedOut, asStranger]) {
      expect(read.status).toBe(200);
      expect(read.body).toEqual(signedOut.body);
    }
    const messages = signedOut.body.messages as { role: string; content: string; compare: unknown }[];
    // The answer the chat went on from is a column of the compare, not repeated after it.
    expect(messages.map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
    expect(messages[0]!.compare).toMatchObject({ blind: false, namesShown: true, voted: false });
    const answers = (messages[0]!.compare as { answers: SharedAnswer[] }).answers;
    expect(answers.map((a) => [a.name, a.model, a.chosen, a.status])).toEqual([
      ['GPT', 'gpt', false, 'complete'],
      ['Claude', 'claude', true, 'complete'],
    ]);
    expect(answers.every((a) => a.content === 'Rayleigh scattering.' && a.assistantColor)).toBe(true);
    expect(messages[1]!.compare).toBeNull();

    // No message, chat or user id, and nothing of the other chat.
    const json = JSON.stringify(signedOut.body);
    for (const secret of [chatId, otherChat, turn.userMessage.id, claude.id, owner.userId, 'private-other']) {
      expect(json).not.toContain(secret);
    }

    // GraphQL reads the same, signed out too.
    const gql = await anonymous().gql(SHARED, { token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.sharedChat.messages[0].compare.answers).toEqual(
      answers.map(({ name, model, content, chosen }) => ({ name, model, content, chosen })),
    );

    // A snapshot: a vote after sharing does not reach the link.
    const vote = await owner.client.gql(
      'mutation($id: ID!) { voteCompare(userMessageId: $id, winner: "gpt") { id } }',
      { id: turn.userMessage.id },
    );
    expect(vote.errors).toBeUndefined();
    expect((await anonymous().get(`/api/shares/${token}`)).body).toEqual(signedOut.body);

    // Revoked: nothing, over REST, GraphQL and the page.
    expect((await owner.client.request('DELETE', `/api/shares/${token}`)).status).toBe(200);
    expect((await anonymous().get(`/api/shares/${token}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/shares/${token}`)).status).toBe(404);
    expect((await owner.client.gql(SHARED, { token })).data.sharedChat).toBeNull();
    expect((await anonymous().get(`/share/${token}`)).status).toBe(404);
  });

  it('keeps a blind compare’s names out of the link until the owner has voted', async () => {
    const owner = await paidClient(app.url);
    const chatId = await newChat(owner);
    const turn = await compare(owner, chatId, 'haiku-rain: write one', ['gpt', 'claude'], true);
    const hiddenToken = await share(owner, chatId);
    const hidden = await anonymous().get(`/api/shares/${hiddenToken}`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.messages).toHaveLength(1);
    const [prompt] = hidden.body.messages;
    expect(prompt.model).toBeNull();
    expect(prompt.compare).toMatchObject({ blind: true, namesShown: false, winnerName: null });
    expect(prompt.compare.answers.map((a: SharedAnswer) => [a.name, a.model, a.assistantColor])).toEqual([
      ['Assistant A', null, null],
      ['Assistant B', null, null],
    ]);
    expect(prompt.compare.answers.filter((a: SharedAnswer) => a.chosen)).toHaveLength(1);
    // Not a name anywhere (the prompt names none; the fake's answers echo it).
    expect(JSON.stringify(hidden.body)).not.toMatch(/gpt|claude/i);

    // Continued, it stays blind for the reader, who can vote on it themselves.
    const reader = await paidClient(app.url);
    const copy = await reader.client.post(`/api/shares/${hiddenToken}/continue`);
    expect(copy.status).toBe(201);
    const copied = await reader.client.gql(MESSAGES, { chatId: copy.body.id });
    expect(copied.data.chat.messagePage.messages[0].compare).toMatchObject({ blind: true, votedAt: null });

    // Voted: a new link shows "Assistant A · GPT", and which won.
    const vote = await owner.client.gql(
      'mutation($id: ID!) { voteCompare(userMessageId: $id, winner: "claude") { id } }',
      { id: turn.userMessage.id },
    );
    expect(vote.errors).toBeUndefined();
    const shown = await anonymous().get(`/api/shares/${await share(owner, chatId)}`);
    const compared = shown.body.messages[0].compare;
    expect(compared).toMatchObject({ namesShown: true, voted: true, winnerName: 'Claude', tie: false });
    // Each answer keeps its letter once the names show.
    expect(compared.answers.map((a: SharedAnswer) => a.name)).toEqual(
      compared.answers.map(
        (a: SharedAnswer, i: number) => `Assistant ${'AB'[i]} · ${a.model === 'gpt' ? 'GPT' : 'Claude'}`,
      ),
    );
    expect(compared.answers.find((a: SharedAnswer) => a.winner)?.model).toBe('claude');
  });

  it('continued: the copy keeps the chosen path and the compare, without the owner’s vote', async () => {
    const owner = await paidClient(app.url);
    const chatId = await newChat(owner);
    fake.script('copy-me', 'Copied answer.');
    const turn = await compare(owner, chatId, 'copy-me: what now?', ['gpt', 'claude']);
    const claude = turn.answers.find((a) => a.model === 'claude')!;
    expect((await owner.client.post(`/api/messages/${claude.id}/choose`)).status).toBe(200);
    expect(
      (await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'copy-me again' })).status,
    ).toBe(201);
    await owner.client.gql(
      'mutation($id: ID!) { voteCompare(userMessageId: $id, winner: "claude") { id } }',
      {
        id: turn.userMessage.id,
      },
    );
    const token = await share(owner, chatId);

    const reader = await paidClient(app.url);
    const copy = await reader.client.post(`/api/shares/${token}/continue`);
    expect(copy.status).toBe(201);
    const path = await reader.client.get(`/api/chats/${copy.body.id}/messages`);
    expect(path.status).toBe(200);
    expect(
      path.body.map((m: { role: string; model: string | null }) => [
        m.role,
        m.role === 'user' ? null : m.model,
      ]),
    ).toEqual([
      ['user', null],
      ['assistant', 'claude'],
      ['user', null],
      ['assistant', 'claude'],
    ]);
    const read = await reader.client.gql(MESSAGES, { chatId: copy.body.id });
    expect(read.errors).toBeUndefined();
    const turn2 = read.data.chat.messagePage.messages[0].compare;
    expect(turn2).toMatchObject({
      assistants: ['gpt', 'claude'],
      blind: false,
      winner: null,
      votedAt: null,
    });
    expect(turn2.answers.map((a: { model: string }) => a.model)).toEqual(['gpt', 'claude']);
    // Exported, the copy keeps every answer as a version of the turn (JSON), and its path (Markdown).
    const json = await reader.client.get(`/api/chats/${copy.body.id}/export?format=json`);
    expect(json.status).toBe(200);
    const exported = json.body.chats[0].messages as { role: string; model: string | null }[];
    expect(exported.filter((m) => m.role === 'assistant').map((m) => m.model)).toEqual([
      'gpt',
      'claude',
      'claude',
    ]);
    const md = await reader.client.get(`/api/chats/${copy.body.id}/export?format=md`);
    expect(md.text).toContain('## Assistant (claude)');
    expect(md.text).not.toContain('## Assistant (gpt)');
    // The copy is the reader's: they can go on from the other answer.
    const gptCopy = turn2.answers[0];
    expect((await reader.client.post(`/api/messages/${gptCopy.id}/choose`)).status).toBe(200);
    expect((await owner.client.post(`/api/messages/${gptCopy.id}/choose`)).status).toBe(404);
    // The owner's leaderboard is theirs only: the reader's has no votes from the copy.
    const board = await reader.client.gql('{ myLeaderboard { assistant votes } }');
    expect(board.data.myLeaderboard).toEqual([]);
  });

  it('a merged answer the chat went on from follows the compare; nothing of the compare is marked chosen', async () => {
    const owner = await paidClient(app.url);
    const chatId = await newChat(owner);
    fake.script('merge-share', 'One view.');
    const turn = await compare(owner, chatId, 'merge-share: which is best?', ['gpt', 'claude']);
    const merged = await owner.client.post(`/api/chats/${chatId}/merge`, {
      messageIds: turn.answers.map((a) => a.id),
      model: 'claude',
    });
    expect(merged.status).toBe(201);
    const token = await share(owner, chatId);
    const read = await anonymous().get(`/api/shares/${token}`);
    expect(read.status).toBe(200);
    expect(read.body.messages.map((m: { role: string; model: string | null }) => [m.role, m.model])).toEqual([
      ['user', 'gpt'],
      ['assistant', 'claude'],
    ]);
    const answers = read.body.messages[0].compare.answers as SharedAnswer[];
    expect(answers.map((a) => [a.model, a.chosen])).toEqual([
      ['gpt', false],
      ['claude', false],
    ]);
    // The same over GraphQL, with its times.
    const gql = await anonymous().gql(
      `query($token: String!) { sharedChat(token: $token) { messages { compare { answers { createdAt status } } } } }`,
      { token },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.sharedChat.messages[0].compare.answers[0]).toMatchObject({
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'complete',
    });
  });
});
