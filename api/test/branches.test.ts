import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { emptyDatabase } from '../../tests/support/ownDatabase.ts';
import { makePaid, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';
import { migrationsList } from '../src/migrations/index.ts';
import { entities } from '../src/modules/entities.ts';
import { initORM, migrate } from '../src/platform/db.ts';

/**
 * Edit and resend, regenerate as versions, branches (issue 18, item 2) over real HTTP on the real
 * database: messages form a tree, the chat shows (and the model is sent) one path of it.
 */

type Person = Awaited<ReturnType<typeof signedUpClient>>;
interface Msg {
  id: string;
  role: string;
  content: string;
  status: string;
  parentId: string | null;
  siblingIds: string[];
}

let fake: FakeOpenAI;
let app: RunningApp;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp({ AI_GPT_BASE_URL: fake.baseURL, AI_GPT_API_KEY: 'sk-gpt' });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function paidUser(): Promise<Person> {
  const person = await signedUpClient(app.url);
  await makePaid(person.userId);
  return person;
}

async function newChat(person: Person): Promise<string> {
  const chat = await person.client.post('/api/chats', { activeModel: 'gpt' });
  expect(chat.status).toBe(201);
  return chat.body.id;
}

async function say(person: Person, chatId: string, content: string) {
  const sent = await person.client.post(`/api/chats/${chatId}/messages`, { content });
  expect(sent.status).toBe(201);
  return sent.body as { userMessage: Msg; aiMessage: Msg };
}

async function edit(person: Person, messageId: string, content: string) {
  const res = await person.client.post(`/api/messages/${messageId}/edit`, { content });
  expect(res.status).toBe(201);
  return res.body as { userMessage: Msg; aiMessage: Msg };
}

/** A new paid user and a new chat of theirs, where most of these tests start. */
async function paidUserWithChat(): Promise<{ person: Person; chatId: string }> {
  const person = await paidUser();
  return { person, chatId: await newChat(person) };
}

const path = async (person: Person, chatId: string) => {
  const res = await person.client.get(`/api/chats/${chatId}/messages`);
  expect(res.status).toBe(200);
  return res.body as Msg[];
};

/** The conversation the fake OpenAI was last sent for a prompt, without its system prompt. */
function sentFor(prompt: string): { role: string; content: string }[] {
  const request = [...fake.requests]
    .reverse()
    .find((r) => r.body?.messages?.at(-1)?.content === prompt && r.path.endsWith('/chat/completions'));
  expect(request, `a request answering "${prompt}"`).toBeDefined();
  return (request!.body.messages as { role: string; content: string }[]).filter((m) => m.role !== 'system');
}

describe('editing a sent prompt', () => {
  it('makes a sibling version with a new answer, and the model is sent only the chosen path', async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const first = await say(a, chatId, 'Name a red fruit');
    const second = await say(a, chatId, 'Name a yellow fruit');
    expect(second.userMessage.parentId).toBe(first.aiMessage.id);
    expect(second.aiMessage.parentId).toBe(second.userMessage.id);
    expect(second.userMessage.siblingIds).toEqual([second.userMessage.id]);

    const edited = await edit(a, second.userMessage.id, 'Name a green fruit');
    expect(edited.userMessage).toMatchObject({
      role: 'user',
      content: 'Name a green fruit',
      parentId: first.aiMessage.id,
      siblingIds: [second.userMessage.id, edited.userMessage.id],
    });
    expect(edited.aiMessage).toMatchObject({
      role: 'assistant',
      status: 'complete',
      content: 'Echo: Name a green fruit',
      parentId: edited.userMessage.id,
      siblingIds: [edited.aiMessage.id],
    });
    // The edited branch's history: the first exchange and the new prompt, not the replaced one.
    expect(sentFor('Name a green fruit')).toEqual([
      { role: 'user', content: 'Name a red fruit' },
      { role: 'assistant', content: 'Echo: Name a red fruit' },
      { role: 'user', content: 'Name a green fruit' },
    ]);
    // The chat now shows the new path; the old version is still a sibling.
    const shown = await path(a, chatId);
    expect(shown.map((m) => m.id)).toEqual([
      first.userMessage.id,
      first.aiMessage.id,
      edited.userMessage.id,
      edited.aiMessage.id,
    ]);
    expect(shown[2]!.siblingIds).toEqual([second.userMessage.id, edited.userMessage.id]);

    // The next prompt follows the edited branch, and so does what the model is sent.
    const third = await say(a, chatId, 'And a purple one?');
    expect(third.userMessage.parentId).toBe(edited.aiMessage.id);
    expect(sentFor('And a purple one?').map((m) => m.content)).toEqual([
      'Name a red fruit',
      'Echo: Name a red fruit',
      'Name a green fruit',
      'Echo: Name a green fruit',
      'And a purple one?',
    ]);
  });

  it("of the chat's first prompt makes another first prompt", async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const sent = await say(a, chatId, 'Say hi');
    const edited = await edit(a, sent.userMessage.id, 'Say hello');
    expect(sentFor('Say hello')).toEqual([{ role: 'user', content: 'Say hello' }]);
    const messages = await path(a, chatId);
    expect(messages.map((m) => m.content)).toEqual(['Say hello', 'Echo: Say hello']);
    expect(messages.map((m) => m.parentId)).toEqual([null, edited.userMessage.id]);
    // A first prompt's versions are the chat's roots.
    expect(messages[0]!.siblingIds).toEqual([sent.userMessage.id, edited.userMessage.id]);
  });
});

describe('regenerating an answer', () => {
  it('keeps the old answer as a sibling version and shows the new one', async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const sent = await say(a, chatId, 'Tell me a joke');
    const res = await a.client.post(`/api/messages/${sent.aiMessage.id}/regenerate`);
    expect(res.status).toBe(201);
    const again = res.body.aiMessage as Msg;
    expect(again.id).not.toBe(sent.aiMessage.id);
    expect(again).toMatchObject({
      role: 'assistant',
      status: 'complete',
      content: 'Echo: Tell me a joke',
      parentId: sent.userMessage.id,
      siblingIds: [sent.aiMessage.id, again.id],
    });
    expect((await path(a, chatId)).map((m) => m.id)).toEqual([sent.userMessage.id, again.id]);
    // The model was sent the prompt again, not the earlier answer.
    expect(sentFor('Tell me a joke')).toEqual([{ role: 'user', content: 'Tell me a joke' }]);
  });

  it('is a GraphQL mutation answering the new version', async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const sent = await say(a, chatId, 'Tell me a story');
    const res = await a.client.gql(
      `mutation($id: ID!) { regenerate(messageId: $id) { id parentId siblingIds status } }`,
      { id: sent.aiMessage.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.regenerate.id).not.toBe(sent.aiMessage.id);
    expect(res.data.regenerate.parentId).toBe(sent.userMessage.id);
    expect(res.data.regenerate.siblingIds).toEqual([sent.aiMessage.id, res.data.regenerate.id]);
  });
});

describe('switching versions', () => {
  it('makes a version current, continuing along its newest replies; the messages endpoint follows', async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const first = await say(a, chatId, 'Plan a weekend');
    const original = await say(a, chatId, 'In Lisbon');
    const later = await say(a, chatId, 'With a budget');
    const edited = await edit(a, original.userMessage.id, 'In Porto');

    // Back to the first version: the path goes on through its own later turns.
    const back = await a.client.post(`/api/chats/${chatId}/path`, { messageId: original.userMessage.id });
    expect(back.status).toBe(200);
    const oldPath = [
      first.userMessage.id,
      first.aiMessage.id,
      original.userMessage.id,
      original.aiMessage.id,
      later.userMessage.id,
      later.aiMessage.id,
    ];
    expect(back.body.map((m: Msg) => m.id)).toEqual(oldPath);
    expect((await path(a, chatId)).map((m) => m.id)).toEqual(oldPath);

    // A prompt sent now continues the old branch, and the model does not see the Porto branch.
    const more = await say(a, chatId, 'Any museums?');
    expect(more.userMessage.parentId).toBe(later.aiMessage.id);
    expect(sentFor('Any museums?').map((m) => m.content)).not.toContain('In Porto');
    expect(sentFor('Any museums?').map((m) => m.content)).toContain('In Lisbon');

    // A message the shown path already goes through (a search result further up) leaves it as it
    // is, though the newest replies below it lead to the Porto branch.
    const shown = [...oldPath, more.userMessage.id, more.aiMessage.id];
    const same = await a.client.post(`/api/chats/${chatId}/path`, { messageId: first.userMessage.id });
    expect(same.status).toBe(200);
    expect(same.body.map((m: Msg) => m.id)).toEqual(shown);
    expect((await path(a, chatId)).map((m) => m.id)).toEqual(shown);

    // And forward again to the edit, by way of its answer.
    const forward = await a.client.post(`/api/chats/${chatId}/path`, { messageId: edited.aiMessage.id });
    expect(forward.status).toBe(200);
    expect(forward.body.map((m: Msg) => m.id)).toEqual([
      first.userMessage.id,
      first.aiMessage.id,
      edited.userMessage.id,
      edited.aiMessage.id,
    ]);
  });

  it('works over GraphQL, with parentId and siblingIds on Message', async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const sent = await say(a, chatId, 'Pick a colour');
    const edited = await a.client.gql(
      `mutation($id: ID!, $content: String!) {
        editMessage(messageId: $id, content: $content) {
          userMessage { id parentId siblingIds content } aiMessage { id parentId status }
        }
      }`,
      { id: sent.userMessage.id, content: 'Pick a number' },
    );
    expect(edited.errors).toBeUndefined();
    const { userMessage, aiMessage } = edited.data.editMessage;
    expect(userMessage).toMatchObject({ parentId: null, content: 'Pick a number' });
    expect(userMessage.siblingIds).toEqual([sent.userMessage.id, userMessage.id]);
    expect(aiMessage.parentId).toBe(userMessage.id);

    const chosen = await a.client.gql(
      `mutation($chatId: ID!, $id: ID!) { selectMessageVersion(chatId: $chatId, messageId: $id) { id siblingIds } }`,
      { chatId, id: sent.userMessage.id },
    );
    expect(chosen.errors).toBeUndefined();
    expect(chosen.data.selectMessageVersion.map((m: { id: string }) => m.id)).toEqual([
      sent.userMessage.id,
      sent.aiMessage.id,
    ]);
    const loaded = await a.client.gql(`query($id: ID!) { chat(id: $id) { messages { id siblingIds } } }`, {
      id: chatId,
    });
    expect(loaded.data.chat.messages).toEqual([
      { id: sent.userMessage.id, siblingIds: [sent.userMessage.id, userMessage.id] },
      { id: sent.aiMessage.id, siblingIds: [sent.aiMessage.id] },
    ]);
  });
});

describe('plan limits', () => {
  it('count every new answer, and hold under parallel edits', async () => {
    const a = await signedUpClient(app.url); // free: 10 prompts a month
    const chatId = await newChat(a);
    const sent = await say(a, chatId, '@grok Hello');
    const regenerated = await a.client.post(`/api/messages/${sent.aiMessage.id}/regenerate`);
    expect(regenerated.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        a.client.post(`/api/messages/${sent.userMessage.id}/edit`, { content: `@grok Hello ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(8);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    const left = await a.client.gql('{ allowance(feature: "prompts") { used remaining } }');
    expect(left.data.allowance).toEqual({ used: 10, remaining: 0 });
    const over = await a.client.post(`/api/messages/${sent.aiMessage.id}/regenerate`);
    expect(over.status).toBe(402);
    // Nine versions of the first prompt: the original and the eight edits that were paid for.
    expect((await path(a, chatId))[0]!.siblingIds).toHaveLength(9);
  });
});

describe('owner-only, signed in, valid input', () => {
  it('answers 404 to another user for every operation, and 401 signed out', async () => {
    const a = await paidUser();
    const b = await paidUser();
    const chatId = await newChat(a);
    const sent = await say(a, chatId, 'Secret plans');
    const bChat = await newChat(b);

    const attempts = (client: HttpClient) => [
      client.post(`/api/messages/${sent.userMessage.id}/edit`, { content: 'mine now' }),
      client.post(`/api/messages/${sent.aiMessage.id}/regenerate`),
      client.post(`/api/chats/${chatId}/path`, { messageId: sent.userMessage.id }),
      // Another user's message through one's own chat is not found either.
      client.post(`/api/chats/${bChat}/path`, { messageId: sent.userMessage.id }),
      client.get(`/api/chats/${chatId}/messages`),
    ];
    for (const res of await Promise.all(attempts(b.client))) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    const stranger = new HttpClient(app.url);
    for (const res of await Promise.all(attempts(stranger))) expect(res.status).toBe(401);

    const gql = await b.client.gql(
      `mutation($id: ID!) { editMessage(messageId: $id, content: "x") { aiMessage { id } } }`,
      { id: sent.userMessage.id },
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const pick = await b.client.gql(
      `mutation($c: ID!, $id: ID!) { selectMessageVersion(chatId: $c, messageId: $id) { id } }`,
      { c: chatId, id: sent.userMessage.id },
    );
    expect(pick.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Nothing changed for the owner.
    expect((await path(a, chatId)).map((m) => m.id)).toEqual([sent.userMessage.id, sent.aiMessage.id]);
    expect((await path(a, chatId))[0]!.siblingIds).toEqual([sent.userMessage.id]);
  });

  it('refuses bad input with 400 { message, code }', async () => {
    const { person: a, chatId } = await paidUserWithChat();
    const sent = await say(a, chatId, 'Hello there');
    const bad = [
      a.client.post(`/api/messages/${sent.userMessage.id}/edit`, {}),
      a.client.post(`/api/messages/${sent.userMessage.id}/edit`, { content: 42 }),
      a.client.post(`/api/messages/${sent.userMessage.id}/edit`, { content: '   ' }),
      a.client.post(`/api/messages/${sent.userMessage.id}/edit`, { content: 'x'.repeat(20_001) }),
      a.client.post(`/api/messages/${sent.aiMessage.id}/edit`, { content: 'an answer is not mine' }),
      a.client.post(`/api/messages/${sent.userMessage.id}/regenerate`),
      a.client.post(`/api/chats/${chatId}/path`, {}),
      a.client.post(`/api/chats/${chatId}/path`, { messageId: 'not-an-id' }),
      a.client.post(`/api/chats/${chatId}/path`, { messageId: ['x'] }),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.any(String) });
    }
    expect((await a.client.post(`/api/messages/${randomUUID()}/edit`, { content: 'x' })).status).toBe(404);
    expect((await a.client.post('/api/messages/nope/regenerate')).status).toBe(404);
    expect((await a.client.post(`/api/chats/${chatId}/path`, { messageId: randomUUID() })).status).toBe(404);
    // Nothing was added by the refused calls.
    expect(await path(a, chatId)).toHaveLength(2);
  });
});

describe('the migration', () => {
  it('turns an existing chat into a single path', async () => {
    const db = await emptyDatabase(undefined, 'chorus_branches');
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const at = migrationsList.findIndex((m) => m.name === 'Migration20261125153000_message_branches');
      const before = await initORM(db.url, { entities, migrations: migrationsList.slice(0, at) });
      await migrate(before);
      await before.close();

      const userId = randomUUID();
      const chatId = randomUUID();
      const emptyChatId = randomUUID();
      await pool.query(
        `insert into users (id, username, password, email) values ($1, 'old', 'x', 'old@x.io')`,
        [userId],
      );
      await pool.query(`insert into chats (id, user_id) values ($1, $2), ($3, $2)`, [
        chatId,
        userId,
        emptyChatId,
      ]);
      // Two rows with the same created_at: their order is by id.
      const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const [tieA, tieB] = [ids[2]!, ids[3]!].sort();
      const rows: [string, string, string][] = [
        [ids[0]!, 'user', '2026-01-01T10:00:00Z'],
        [ids[1]!, 'assistant', '2026-01-01T10:00:01Z'],
        [tieB!, 'assistant', '2026-01-01T10:00:02Z'],
        [tieA!, 'user', '2026-01-01T10:00:02Z'],
      ];
      for (const [id, role, createdAt] of rows) {
        await pool.query(
          `insert into messages (id, chat_id, role, content, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)`,
          [id, chatId, role, `${role} ${id}`, createdAt],
        );
      }

      const after = await initORM(db.url, { entities, migrations: migrationsList });
      expect(await migrate(after)).toContain('Migration20261125153000_message_branches');
      await after.close();

      const { rows: messages } = await pool.query(
        `select id, parent_id from messages where chat_id = $1 order by created_at, id`,
        [chatId],
      );
      const order = [ids[0], ids[1], tieA, tieB];
      expect(messages).toEqual(order.map((id, i) => ({ id, parent_id: i === 0 ? null : order[i - 1] })));
      const { rows: chats } = await pool.query(`select id, current_message_id from chats order by id`);
      expect(Object.fromEntries(chats.map((c) => [c.id, c.current_message_id]))).toEqual({
        [chatId]: tieB,
        [emptyChatId]: null,
      });
      // Migrated in the same run, the search's owner column is backfilled from the chat
      // (Migration20261125161500_message_owner, which follows this one in one transaction).
      const { rows: owners } = await pool.query(`select distinct user_id from messages`);
      expect(owners).toEqual([{ user_id: userId }]);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});
