import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { db, paidClient, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

/**
 * Custom assistants in the chat (api/src/modules/chat/core/customAssistant.ts), over real HTTP and
 * the real database, GPT and Claude through the fake OpenAI server: `@handle` at the start of a
 * message, the selector's `custom:<id>`, the chat staying with it, its instructions reaching the
 * model, who may use one (own, friends', public; not hidden or blocked), regenerate and compare.
 * The assistants are written straight into their table: making them is modules/assistants' (its own tests).
 */

type Person = Awaited<ReturnType<typeof signedUpClient>>;

let fake: FakeOpenAI;
let app: RunningApp;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startTestApp({
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

const unique = () => `h${randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function makeAssistant(
  owner: Person,
  values: { visibility?: string; model?: string; instructions?: string; name?: string } = {},
): Promise<{ id: string; handle: string; instructions: string; name: string }> {
  const handle = unique();
  const instructions = values.instructions ?? `Always answer like a pirate. Marker ${handle}.`;
  const name = values.name ?? 'Pirate Pal';
  const { rows } = await db().query(
    `insert into custom_assistants (user_id, name, handle, color, instructions, model, visibility)
     values ($1, $2, $3, '#aa3300', $4, $5, $6) returning id`,
    [owner.userId, name, handle, instructions, values.model ?? 'gpt', values.visibility ?? 'private'],
  );
  return { id: rows[0].id, handle, instructions, name };
}

async function newChat(person: Person): Promise<string> {
  const chat = await person.client.post('/api/chats', {});
  expect(chat.status).toBe(201);
  return chat.body.id;
}

const send = (person: Person, chatId: string, content: string, assistantId?: string) =>
  person.client.post(`/api/chats/${chatId}/messages`, { content, ...(assistantId ? { assistantId } : {}) });

/** The conversation the fake OpenAI was last sent for a prompt containing `marker`. */
const askedWith = (marker: string) =>
  fake.requests
    .filter(
      (r) => r.path.endsWith('/chat/completions') && JSON.stringify(r.body?.messages ?? []).includes(marker),
    )
    .at(-1)?.body as { model: string; messages: { role: string; content: string }[] } | undefined;

async function befriend(a: Person, b: Person) {
  const asked = await a.client.post('/api/friends/request', { username: b.username });
  expect(asked.status).toBeLessThan(300);
  expect((await b.client.post(`/api/friendships/${asked.body.friendship.id}/accept`)).status).toBeLessThan(
    300,
  );
}

describe('a custom assistant in the chat', () => {
  it('answers its @handle with its instructions, and the chat stays with it until another is named', async () => {
    const me = await paidClient(app.url);
    const pirate = await makeAssistant(me);
    const chatId = await newChat(me);

    const first = await send(me, chatId, `@${pirate.handle} where is the treasure? q1-${pirate.handle}`);
    expect(first.status).toBe(201);
    expect(first.body.aiMessage).toMatchObject({
      status: 'complete',
      model: 'gpt',
      customAssistantId: pirate.id,
    });
    expect(first.body.activeModel).toBe('gpt');
    expect(first.body.activeCustomAssistantId).toBe(pirate.id);
    expect(first.body.modelChanged).toBe(true);
    const asked = askedWith(`q1-${pirate.handle}`)!;
    expect(asked.messages[0]!.role).toBe('system');
    expect(asked.messages[0]!.content).toContain(pirate.instructions);
    expect(asked.messages[0]!.content).toContain('Pirate Pal');
    // The model is sent the question, not the handle.
    expect(asked.messages.at(-1)!.content).toBe(`where is the treasure? q1-${pirate.handle}`);

    // No command: the chat's custom assistant answers again.
    const second = await send(me, chatId, `and the map? q2-${pirate.handle}`);
    expect(second.body.aiMessage.customAssistantId).toBe(pirate.id);
    expect(second.body.modelChanged).toBe(false);
    const again = askedWith(`q2-${pirate.handle}`)!;
    expect(again.messages[0]!.content).toContain(pirate.instructions);
    // The earlier prompt in the history is sent without its handle too.
    expect(again.messages.some((m) => m.content === `where is the treasure? q1-${pirate.handle}`)).toBe(true);

    // A built-in command switches back to a built-in assistant.
    const third = await send(me, chatId, `@claude thoughts? q3-${pirate.handle}`);
    expect(third.body.aiMessage).toMatchObject({ model: 'claude', customAssistantId: null });
    expect(third.body.activeCustomAssistantId).toBeNull();
    expect(askedWith(`q3-${pirate.handle}`)!.messages[0]!.content).not.toContain(pirate.instructions);

    // GraphQL shows who wrote each answer, and whom the chat is with.
    const gql = await me.client.gql(
      `query($id: ID!) { chat(id: $id) { activeModel activeCustomAssistant { id }
         messages { role customAssistant { id name handle color } } } }`,
      { id: chatId },
    );
    expect(gql.errors).toBeUndefined();
    const answers = gql.data.chat.messages.filter((m: { role: string }) => m.role === 'assistant');
    expect(
      answers.map((m: { customAssistant: { handle: string } | null }) => m.customAssistant?.handle ?? null),
    ).toEqual([pirate.handle, pirate.handle, null]);
    expect(answers[0].customAssistant).toMatchObject({ id: pirate.id, name: 'Pirate Pal', color: '#aa3300' });
    expect(gql.data.chat.activeCustomAssistant).toBeNull();

    // The directory orders by uses: each answer counted one.
    const { rows } = await db().query('select uses from custom_assistants where id = $1', [pirate.id]);
    expect(rows[0].uses).toBe(2);
  });

  it('is picked in the selector as custom:<id>; an unknown or malformed one is a 400', async () => {
    const me = await paidClient(app.url);
    const coach = await makeAssistant(me, { model: 'claude', name: 'Coach' });
    const chatId = await newChat(me);
    const picked = await send(me, chatId, `pep talk please p-${coach.handle}`, `custom:${coach.id}`);
    expect(picked.status).toBe(201);
    expect(picked.body.aiMessage).toMatchObject({ model: 'claude', customAssistantId: coach.id });
    expect(askedWith(`p-${coach.handle}`)!.messages[0]!.content).toContain(coach.instructions);

    for (const bad of [`custom:${randomUUID()}`, 'custom:not-a-uuid', 'custom:', 'x'.repeat(80)]) {
      const res = await send(me, chatId, 'hello', bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Unknown assistant');
    }
    // A bare @handle asks for a message after it.
    const bare = await send(me, chatId, `@${coach.handle}`);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(`Add a message after @${coach.handle}`);
    // Over GraphQL too.
    const gql = await me.client.gql(
      `mutation($input: SendMessageInput!) { sendMessage(input: $input) { activeModel activeCustomAssistantId aiMessage { customAssistant { handle } } } }`,
      { input: { chatId, content: `more g-${coach.handle}`, assistantId: `custom:${coach.id}` } },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.sendMessage).toMatchObject({
      activeModel: 'claude',
      activeCustomAssistantId: coach.id,
      aiMessage: { customAssistant: { handle: coach.handle } },
    });
  });

  it('is usable by others only when public or shared with them as a friend, and not when hidden or blocked', async () => {
    const owner = await paidClient(app.url);
    const other = await paidClient(app.url);
    const friend = await paidClient(app.url);
    await befriend(owner, friend);
    const secret = await makeAssistant(owner, { visibility: 'private' });
    const forFriends = await makeAssistant(owner, { visibility: 'friends' });
    const open = await makeAssistant(owner, { visibility: 'public' });

    const tryIt = async (person: Person, a: { id: string; handle: string; instructions: string }) => {
      const chatId = await newChat(person);
      const marker = `u-${randomUUID()}`;
      const res = await send(person, chatId, `@${a.handle} hi ${marker}`);
      expect(res.status).toBe(201);
      const asked = askedWith(marker)!;
      const used = res.body.aiMessage.customAssistantId === a.id;
      // Whoever may not use it sends plain text to the default assistant, which never sees its instructions.
      expect(asked.messages[0]!.content.includes(a.instructions)).toBe(used);
      return used;
    };
    expect(await tryIt(owner, secret)).toBe(true);
    expect(await tryIt(other, secret)).toBe(false);
    expect(await tryIt(friend, secret)).toBe(false);
    expect(await tryIt(friend, forFriends)).toBe(true);
    expect(await tryIt(other, forFriends)).toBe(false);
    expect(await tryIt(other, open)).toBe(true);
    // Nor picked by id.
    const chatId = await newChat(other);
    expect((await send(other, chatId, 'hi', `custom:${secret.id}`)).status).toBe(400);

    // Hidden by moderation: only its owner still has it.
    await db().query(
      `insert into hidden_content (id, target_type, target_id, reason) values ($1, 'assistant', $2, 'test')`,
      [randomUUID(), open.id],
    );
    expect(await tryIt(other, open)).toBe(false);
    expect(await tryIt(owner, open)).toBe(true);
    await db().query(`delete from hidden_content where target_id = $1`, [open.id]);
    // Blocked either way: not usable.
    await db().query(`insert into user_blocks (id, blocker_id, blocked_id) values ($1, $2, $3)`, [
      randomUUID(),
      other.userId,
      owner.userId,
    ]);
    expect(await tryIt(other, open)).toBe(false);
  });

  it('writes a regenerated answer again with its instructions, and stays answerable once deleted', async () => {
    const me = await paidClient(app.url);
    const bard = await makeAssistant(me, { name: 'Bard' });
    const chatId = await newChat(me);
    const marker = `r-${bard.handle}`;
    const sent = await send(me, chatId, `@${bard.handle} a verse ${marker}`);
    const before = fake.requests.length;
    const again = await me.client.post(`/api/messages/${sent.body.aiMessage.id}/regenerate`);
    expect(again.status).toBeLessThan(300);
    // Wait for the new version to be written.
    for (let i = 0; i < 100 && fake.requests.length === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(askedWith(marker)!.messages[0]!.content).toContain(bard.instructions);

    await db().query('delete from custom_assistants where id = $1', [bard.id]);
    const { rows } = await db().query(
      'select count(*)::int as n from messages where custom_assistant_id = $1',
      [bard.id],
    );
    expect(rows[0].n).toBe(0);
    // The chat goes back to the assistant behind it.
    const next = await send(me, chatId, `still there? d-${bard.handle}`);
    expect(next.status).toBe(201);
    expect(next.body.aiMessage).toMatchObject({ model: 'gpt', customAssistantId: null });
    expect(askedWith(`d-${bard.handle}`)!.messages[0]!.content).not.toContain(bard.instructions);
  });

  it('is compared with the built-in assistants, by @handle or custom:<id>, and voted for', async () => {
    const me = await paidClient(app.url);
    const pirate = await makeAssistant(me);
    const chatId = await newChat(me);
    const marker = `c-${pirate.handle}`;
    const res = await me.client.post(`/api/chats/${chatId}/compare`, {
      content: `@claude @${pirate.handle} name a ship ${marker}`,
      models: ['claude', `@${pirate.handle}`],
    });
    expect(res.status).toBe(201);
    const answers = res.body.answers as { id: string; model: string; status: string }[];
    expect(answers.map((a) => [a.model, a.status])).toEqual([
      ['claude', 'complete'],
      ['gpt', 'complete'],
    ]);
    const sent = fake.requests.filter(
      (r) => r.path.endsWith('/chat/completions') && JSON.stringify(r.body.messages).includes(marker),
    );
    expect(sent).toHaveLength(2);
    const systems = sent.map((r) => r.body.messages[0].content as string);
    expect(systems.filter((s) => s.includes(pirate.instructions))).toHaveLength(1);
    // Neither model is sent the names.
    for (const r of sent) expect(r.body.messages.at(-1).content).toBe(`name a ship ${marker}`);
    const { rows } = await db().query(
      'select custom_assistant_id from messages where id = any($1::uuid[]) order by created_at',
      [answers.map((a) => a.id)],
    );
    expect(rows.map((r) => r.custom_assistant_id)).toEqual([null, pirate.id]);

    const vote = await me.client.gql(
      'mutation($id: ID!, $winner: ID) { voteCompare(userMessageId: $id, winner: $winner) { winner } }',
      { id: res.body.userMessage.id, winner: `custom:${pirate.id}` },
    );
    expect(vote.errors).toBeUndefined();
    expect(vote.data.voteCompare.winner).toBe(`custom:${pirate.id}`);

    // The same assistant twice (by handle and by id) is refused; so is one the asker can't use.
    const twice = await me.client.post(`/api/chats/${chatId}/compare`, {
      content: 'again',
      models: [`@${pirate.handle}`, `custom:${pirate.id}`],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('named twice');
    const stranger = await signedUpClient(app.url);
    const theirs = await newChat(stranger);
    const refused = await stranger.client.post(`/api/chats/${theirs}/compare`, {
      content: 'hi',
      models: ['gpt', `@${pirate.handle}`],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Unknown assistant');
  });

  it("lists one's own and friends' custom assistants in the catalogue after the nine; signed out, only the nine", async () => {
    const owner = await paidClient(app.url);
    const friend = await paidClient(app.url);
    const stranger = await signedUpClient(app.url);
    await befriend(owner, friend);
    const mine = await makeAssistant(owner, { visibility: 'private', name: 'Mine', model: 'claude' });
    const shared = await makeAssistant(owner, { visibility: 'friends', name: 'Shared' });
    const open = await makeAssistant(owner, { visibility: 'public', name: 'Open' });
    const query = '{ catalogue { assistants { id name command kind basedOn isDefault } } }';
    const ids = async (person: Person) =>
      ((await person.client.gql(query)).data.catalogue.assistants as { id: string }[]).map((a) => a.id);

    const ownList = (await owner.client.gql(query)).data.catalogue.assistants as Record<string, unknown>[];
    expect(ownList.slice(0, 9).map((a) => a.id)).toEqual([
      'gpt',
      'claude',
      'grok',
      'gemini',
      'perplexity',
      'code',
      'study',
      'image',
      'video',
    ]);
    expect(ownList.find((a) => a.id === `custom:${mine.id}`)).toMatchObject({
      name: 'Mine',
      command: `@${mine.handle}`,
      kind: 'chat',
      basedOn: 'claude',
      isDefault: false,
    });
    expect(await ids(owner)).toEqual(expect.arrayContaining([`custom:${shared.id}`, `custom:${open.id}`]));
    const friendIds = await ids(friend);
    expect(friendIds).toEqual(expect.arrayContaining([`custom:${shared.id}`, `custom:${open.id}`]));
    expect(friendIds).not.toContain(`custom:${mine.id}`);
    // A stranger finds the public one in the directory and calls it by its handle; it isn't listed.
    expect((await ids(stranger)).filter((id) => id.startsWith('custom:'))).toEqual([]);
    const out = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify({ query }),
    });
    const body = (await out.json()) as { data: { catalogue: { assistants: unknown[] } } };
    expect(body.data.catalogue.assistants).toHaveLength(9);
  });
});
