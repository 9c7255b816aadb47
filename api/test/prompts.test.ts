import { PROMPTS_MAX } from '@chorus/shared/promptTemplate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Saved prompts (api/src/modules/prompts): one's own (create, list, change, delete), shared with
 * friends (listed for them, copied as their own), invisible to anyone else; limits held under
 * parallel saves; bad input a 400 with a message.
 */

const app = useTestApp();
type Person = Awaited<ReturnType<typeof signedUpClient>>;

async function befriend(a: Person, b: Person) {
  const asked = await a.client.post('/api/friends/request', { username: b.username });
  await b.client.post(`/api/friendships/${asked.body.friendship.id}/accept`);
}

const save = (p: Person, body: Record<string, unknown>) => p.client.post('/api/prompts', body);

describe('saved prompts', () => {
  it('are the owner’s to list, change and delete; shared ones reach friends only, who may copy them', async () => {
    const [a, friend, stranger] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    await befriend(a, friend);
    const made = await save(a, {
      title: ' Cover letter ',
      body: 'Write a {{tone}} cover letter for {{ job }}.',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: 'Cover letter',
      shared: false,
      mine: true,
      variables: ['tone', 'job'],
      author: { username: a.username },
    });
    const id = made.body.id as string;
    expect((await a.client.get('/api/prompts')).body.map((p: { id: string }) => p.id)).toEqual([id]);
    // Private: nobody else sees it, changes it, deletes it or copies it.
    for (const p of [friend, stranger]) {
      expect((await p.client.get('/api/prompts')).body).toEqual([]);
      expect((await p.client.patch(`/api/prompts/${id}`, { title: 'Mine now' })).status).toBe(404);
      expect((await p.client.request('DELETE', `/api/prompts/${id}`)).status).toBe(404);
      expect((await p.client.post(`/api/prompts/${id}/copy`)).status).toBe(404);
    }

    // Shared: the friend sees it (not as theirs) and keeps a copy; the stranger still sees nothing.
    const shared = await a.client.patch(`/api/prompts/${id}`, { shared: true });
    expect(shared.body).toMatchObject({ shared: true, title: 'Cover letter' });
    const theirs = (await friend.client.get('/api/prompts')).body;
    expect(theirs).toEqual([
      expect.objectContaining({ id, mine: false, author: expect.objectContaining({ username: a.username }) }),
    ]);
    expect((await stranger.client.get('/api/prompts')).body).toEqual([]);
    const copy = await friend.client.post(`/api/prompts/${id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ mine: true, shared: false, body: made.body.body });
    expect((await friend.client.get('/api/prompts')).body.map((p: { mine: boolean }) => p.mine)).toEqual([
      true,
      false,
    ]);

    // Unfriended, the shared one is gone for them (their copy stays theirs).
    const { rows } = await db().query(
      `delete from friendships where (user_id = $1 and friend_id = $2) or (user_id = $2 and friend_id = $1) returning id`,
      [a.userId, friend.userId],
    );
    expect(rows).toHaveLength(1);
    expect((await friend.client.get('/api/prompts')).body.map((p: { id: string }) => p.id)).toEqual([
      copy.body.id,
    ]);

    expect((await a.client.request('DELETE', `/api/prompts/${id}`)).body).toEqual({ success: true });
    expect((await a.client.get('/api/prompts')).body).toEqual([]);
    expect((await a.client.request('DELETE', `/api/prompts/${id}`)).status).toBe(404);
  });

  it('refuses bad input with a 400 and a message; signed out is 401', async () => {
    const a = await signedUpClient(app.url);
    for (const body of [
      {},
      { title: 'x' },
      { title: '   ', body: 'text' },
      { title: 'x'.repeat(101), body: 'text' },
      { title: 'ok', body: 'y'.repeat(8001) },
      { title: 'ok', body: 'text', shared: 'yes' },
      { title: 7, body: 'text' },
    ]) {
      const res = await save(a, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const made = (await save(a, { title: 'ok', body: 'text' })).body;
    expect((await a.client.patch(`/api/prompts/${made.id}`, {})).status).toBe(400);
    expect((await a.client.patch('/api/prompts/not-a-uuid', { title: 'x' })).status).toBe(404);
    const gql = await a.client.gql('mutation { createPrompt(input: { title: "", body: "x" }) { id } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const out = new HttpClient(app.url);
    expect((await out.get('/api/prompts')).status).toBe(401);
    expect((await out.post('/api/prompts', { title: 'x', body: 'y' })).status).toBe(401);
    expect((await out.gql('{ prompts { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it(`keeps at most ${PROMPTS_MAX}, also when saves arrive at once`, async () => {
    const a = await signedUpClient(app.url);
    await db().query(
      `insert into saved_prompts (user_id, title, body) select $1, 'p' || i, 'body' from generate_series(1, $2::int) i`,
      [a.userId, PROMPTS_MAX - 3],
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(a, { title: `parallel ${i}`, body: 'text' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(7);
    expect(answers.find((r) => r.status === 409)?.body.message).toMatch(/up to 200 prompts/);
    const { rows } = await db().query('select count(*)::int as n from saved_prompts where user_id = $1', [
      a.userId,
    ]);
    expect(rows[0].n).toBe(PROMPTS_MAX);
  });

  it('works over GraphQL alike', async () => {
    const a = await signedUpClient(app.url);
    const made = await a.client.gql(
      'mutation { createPrompt(input: { title: "Haiku", body: "A haiku about {{thing}}", shared: true }) { id variables shared } }',
    );
    expect(made.data.createPrompt).toMatchObject({ variables: ['thing'], shared: true });
    const list = await a.client.gql('{ prompts { id title mine author { username } } }');
    expect(list.data.prompts).toEqual([
      { id: made.data.createPrompt.id, title: 'Haiku', mine: true, author: { username: a.username } },
    ]);
    const changed = await a.client.gql(
      'mutation($id: ID!) { updatePrompt(id: $id, input: { title: "Haiku 2" }) { title } }',
      {
        id: made.data.createPrompt.id,
      },
    );
    expect(changed.data.updatePrompt.title).toBe('Haiku 2');
    expect(
      (await a.client.gql('mutation($id: ID!) { deletePrompt(id: $id) }', { id: made.data.createPrompt.id }))
        .data.deletePrompt,
    ).toBe(true);
  });
});
