import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * Custom assistants (api/src/modules/assistants): one's own (create, list, change, delete), shared
 * with friends, public in the directory (signed out too, paged, searched), copied as one's own;
 * handles unique under parallel creates; at most 50 each; reported and hidden; bad input a 400.
 */

const app = useTestApp();
type Person = Awaited<ReturnType<typeof signedUpClient>>;
const person = () => signedUpClient(app.url, { prefix: 'asst' });

let n = 0;
/** A handle no other test uses (the handle is unique across Chorus). */
const fresh = (base = 'bot') =>
  `${base}${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(
    0,
    24,
  );

async function befriend(a: Person, b: Person) {
  const asked = await a.client.post('/api/friends/request', { username: b.username });
  await b.client.post(`/api/friendships/${asked.body.friendship.id}/accept`);
}

const make = (p: Person, body: Record<string, unknown>) => p.client.post('/api/assistants', body);
const made = async (p: Person, body: Record<string, unknown> = {}) => {
  const res = await make(p, { name: 'Helper', handle: fresh(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; handle: string; name: string };
};
const ids = (res: { body: { assistants: { id: string }[] } }) => res.body.assistants.map((a) => a.id);

async function ownFile(p: Person): Promise<string> {
  const { rows } = await db().query(
    `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
     values (gen_random_uuid(), $1, 'notes.txt', 'text/plain', 5, 'test/' || gen_random_uuid(), 'upload') returning id`,
    [p.userId],
  );
  return rows[0].id;
}

describe('custom assistants', () => {
  it('are the owner’s to list, change and delete; others get 404', async () => {
    const [a, other] = await Promise.all([person(), person()]);
    const file = await ownFile(a);
    const handle = fresh('Chef');
    const res = await make(a, {
      name: '  Chef  ',
      handle: `@${handle}`,
      color: '#AA3366',
      description: 'Cooks with what you have',
      instructions: 'Answer as a friendly chef.',
      model: 'claude',
      visibility: 'private',
      starters: ['What can I cook with eggs?'],
      fileIds: [file],
      toolServerIds: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Chef',
      handle: handle.toLowerCase(),
      color: '#aa3366',
      model: 'claude',
      visibility: 'private',
      starters: ['What can I cook with eggs?'],
      fileIds: [file],
      toolServerIds: [],
      mine: true,
      copiedFrom: null,
      uses: 0,
      owner: { username: a.username },
    });
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'id',
        'name',
        'handle',
        'color',
        'description',
        'instructions',
        'model',
        'visibility',
        'starters',
        'fileIds',
        'toolServerIds',
        'mine',
        'copiedFrom',
        'uses',
        'owner',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    const id = res.body.id as string;
    expect(ids(await a.client.get('/api/assistants'))).toEqual([id]);
    expect((await a.client.get(`/api/assistants/${handle}`)).body.id).toBe(id);

    const changed = await a.client.patch(`/api/assistants/${id}`, {
      name: 'Chef 2',
      starters: [],
      fileIds: [],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Chef 2', starters: [], fileIds: [], model: 'claude' });
    expect((await a.client.patch(`/api/assistants/${id}`, {})).status).toBe(400);

    // A private one: the other person can't see, change, delete or copy it.
    expect((await other.client.get('/api/assistants')).body).toEqual({ assistants: [] });
    expect((await other.client.get(`/api/assistants/${id}`)).status).toBe(404);
    expect((await other.client.get(`/api/assistants/${handle}`)).status).toBe(404);
    expect((await other.client.patch(`/api/assistants/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/assistants/${id}`)).status).toBe(404);
    expect((await other.client.post(`/api/assistants/${id}/copy`)).status).toBe(404);
    // Someone else's file can't be knowledge; a malformed id is a 404, not a 500.
    const theirs = await ownFile(other);
    const foreign = await a.client.patch(`/api/assistants/${id}`, { fileIds: [theirs] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/File not found/),
    });
    for (const bad of ['not-a-uuid', '%27', '00000000-0000-0000-0000-000000000000']) {
      expect((await a.client.patch(`/api/assistants/${bad}`, { name: 'x' })).status).toBe(404);
      expect((await a.client.request('DELETE', `/api/assistants/${bad}`)).status).toBe(404);
      expect((await a.client.post(`/api/assistants/${bad}/copy`)).status).toBe(404);
      expect((await a.client.get(`/api/assistants/${bad}`)).status).toBe(404);
    }

    const deleted = await a.client.request('DELETE', `/api/assistants/${id}`);
    expect(deleted.status).toBe(204);
    expect((await a.client.get('/api/assistants')).body).toEqual({ assistants: [] });
    expect((await a.client.request('DELETE', `/api/assistants/${id}`)).status).toBe(404);
  });

  it('reach friends when shared with them, and nobody else', async () => {
    const [a, friend, stranger] = await Promise.all([person(), person(), person()]);
    await befriend(a, friend);
    const file = await ownFile(a);
    const shared = await made(a, { visibility: 'friends', fileIds: [file] });
    await made(a, { visibility: 'private' });
    const list = (await friend.client.get('/api/assistants')).body.assistants;
    expect(list).toEqual([
      expect.objectContaining({ id: shared.id, mine: false, fileIds: [], toolServerIds: [] }),
    ]);
    expect((await friend.client.get(`/api/assistants/${shared.handle}`)).status).toBe(200);
    expect((await stranger.client.get('/api/assistants')).body).toEqual({ assistants: [] });
    expect((await stranger.client.get(`/api/assistants/${shared.id}`)).status).toBe(404);
    expect((await new HttpClient(app.url).get(`/api/assistants/${shared.id}`)).status).toBe(404);
    // Not in the public directory.
    const dir = await stranger.client.get(`/api/assistants/directory?q=${shared.handle}`);
    expect(dir.body.assistants).toEqual([]);

    // The friend keeps a private copy: same name, a suffixed handle, no knowledge files.
    const copy = await friend.client.post(`/api/assistants/${shared.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: shared.name,
      handle: `${shared.handle.slice(0, 22)}_2`,
      visibility: 'private',
      mine: true,
      copiedFrom: shared.id,
      fileIds: [],
      toolServerIds: [],
      owner: { username: friend.username },
    });
    const again = await friend.client.post(`/api/assistants/${shared.id}/copy`);
    expect(again.body.handle).toBe(`${shared.handle.slice(0, 22)}_3`);
    expect((await stranger.client.post(`/api/assistants/${shared.id}/copy`)).status).toBe(404);
  });

  it('are in the public directory for everyone, paged by uses and searched safely', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const word = fresh('zq');
    const mine = await Promise.all(
      Array.from({ length: 23 }, (_, i) =>
        made(a, { visibility: 'public', name: `Dir ${i}`, description: `about ${word} 50%_off` }),
      ),
    );
    await db().query(`update custom_assistants set uses = $2 where id = $1`, [mine[5]!.id, 1000]);
    const out = new HttpClient(app.url);
    const first = await out.get(`/api/assistants/directory?q=${word}`);
    expect(first.status).toBe(200);
    expect(first.body.assistants).toHaveLength(20);
    expect(first.body.assistants[0]).toMatchObject({ id: mine[5]!.id, uses: 1000, mine: false, fileIds: [] });
    const second = await out.get(`/api/assistants/directory?q=${word}&cursor=${first.body.nextCursor}`);
    expect(second.body.assistants).toHaveLength(3);
    expect(second.body.nextCursor).toBeNull();
    expect(new Set([...ids(first), ...ids(second)])).toEqual(new Set(mine.map((m) => m.id)));
    // Signed in, one's own read as mine.
    expect((await a.client.get(`/api/assistants/directory?q=${word}`)).body.assistants[0].mine).toBe(true);
    // The public one is usable by anyone, signed out too.
    expect((await out.get(`/api/assistants/${mine[0]!.handle}`)).body).toMatchObject({
      mine: false,
      fileIds: [],
    });
    expect((await b.client.post(`/api/assistants/${mine[0]!.id}/copy`)).status).toBe(201);

    // Wildcards are literal; symbols, quotes and emoji answer 200.
    expect(
      ids(await out.get(`/api/assistants/directory?q=${encodeURIComponent(`${word} 50%_off`)}`)),
    ).toHaveLength(20);
    for (const q of [
      '%',
      '_',
      "'",
      '\\',
      '%%%',
      "'; drop table users; --",
      '🙂',
      '🙂🙂',
      '"',
      '*',
      '(',
      '[]',
    ])
      expect((await out.get(`/api/assistants/directory?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    expect((await out.get(`/api/assistants/directory?q=${encodeURIComponent('50%')}`)).status).toBe(200);
    expect((await out.get(`/api/assistants/directory?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await out.get('/api/assistants/directory?cursor=garbage')).status).toBe(400);
    expect((await out.get('/api/assistants/directory?cursor=a&cursor=b')).status).toBe(400);

    // A blocked owner's assistants leave the blocker's directory (and theirs leave the owner's).
    expect((await b.client.post(`/api/users/${a.username}/block`)).status).toBeLessThan(300);
    expect((await b.client.get(`/api/assistants/directory?q=${word}`)).body.assistants).toEqual([]);
    expect((await b.client.get(`/api/assistants/${mine[0]!.id}`)).status).toBe(404);
    // A banned owner's leave everyone's.
    await db().query('update users set banned_at = now() where id = $1', [a.userId]);
    expect((await out.get(`/api/assistants/directory?q=${word}`)).body.assistants).toEqual([]);
  });

  it('keep handles unique: 409, also when 8 creates race for one', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, person));
    const handle = fresh('race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => make(people[i % 4]!, { name: `Racer ${i}`, handle })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.body).toEqual({ message: 'That handle is taken', code: 'CONFLICT' });
    // Case does not make another handle; renaming onto a taken one is a 409 too.
    expect((await make(people[0]!, { name: 'x', handle: handle.toUpperCase() })).status).toBe(409);
    const other = await made(people[1]!);
    expect((await people[1]!.client.patch(`/api/assistants/${other.id}`, { handle })).status).toBe(409);
    // Built-in assistants and reserved words are taken.
    for (const h of ['gpt', 'claude', 'video', 'image', 'everyone', 'chorus', 'assistants']) {
      const res = await make(people[0]!, { name: 'x', handle: h });
      expect(res.status, h).toBe(400);
      expect(res.body.message).toBe('That handle is taken');
    }
  });

  it('keep at most 50 each, also when creates arrive at once', async () => {
    const a = await person();
    const base = fresh('lim').slice(0, 18);
    await db().query(
      `insert into custom_assistants (user_id, name, handle) select $1, 'a' || i, $2 || '_' || i from generate_series(1, 46) i`,
      [a.userId, base],
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => make(a, { name: 'x', handle: fresh('par') })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.message).toMatch(/up to 50 assistants/);
    const { rows } = await db().query('select count(*)::int as n from custom_assistants where user_id = $1', [
      a.userId,
    ]);
    expect(rows[0].n).toBe(50);
  });

  it('refuse bad input with a 400 and a message; signed out is 401', async () => {
    const a = await person();
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (const body of [
      {},
      { name: 'x' },
      { handle: fresh() },
      { name: '  ', handle: fresh() },
      { name: 'x'.repeat(41), handle: fresh() },
      { name: 7, handle: fresh() },
      { name: 'x', handle: 'ab' },
      { name: 'x', handle: '9lives' },
      { name: 'x', handle: 'has-dash' },
      { name: 'x', handle: 12345 },
      { name: 'x', handle: fresh(), color: 'blue' },
      { name: 'x', handle: fresh(), description: 'd'.repeat(201) },
      { name: 'x', handle: fresh(), instructions: 'i'.repeat(8001) },
      { name: 'x', handle: fresh(), instructions: ['array'] },
      { name: 'x', handle: fresh(), model: 'video' },
      { name: 'x', handle: fresh(), model: 'gpt-5' },
      { name: 'x', handle: fresh(), visibility: 'everyone' },
      { name: 'x', handle: fresh(), starters: ['1', '2', '3', '4', '5'] },
      { name: 'x', handle: fresh(), starters: [''] },
      { name: 'x', handle: fresh(), starters: ['s'.repeat(201)] },
      { name: 'x', handle: fresh(), starters: [{}] },
      { name: 'x', handle: fresh(), fileIds: ['nope'] },
      { name: 'x', handle: fresh(), fileIds: Array(11).fill(uuid) },
      { name: 'x', handle: fresh(), fileIds: 'nope' },
      { name: 'x', handle: fresh(), toolServerIds: ['nope'] },
      { name: 'x', handle: fresh(), toolServerIds: Array(6).fill(uuid) },
    ]) {
      const res = await make(a, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBeTruthy();
      expect(res.body.code).toBe('BAD_USER_INPUT');
    }
    // Files that aren't one's own (or don't exist) are not found.
    expect((await make(a, { name: 'x', handle: fresh(), fileIds: [uuid] })).status).toBe(404);
    // So are tool servers that aren't one's own MCP servers (modules/tools).
    const noServer = await make(a, { name: 'x', handle: fresh(), toolServerIds: [uuid] });
    expect(noServer.status).toBe(404);
    expect(noServer.body.message).toContain('Tool server not found');
    const one = await made(a);
    for (const body of [
      { visibility: 'x' },
      { handle: 'gpt' },
      { model: 'image' },
      { name: '' },
      { starters: 'x' },
    ])
      expect((await a.client.patch(`/api/assistants/${one.id}`, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    const gql = await a.client.gql(
      'mutation { createCustomAssistant(input: { name: "", handle: "abcd" }) { id } }',
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const out = new HttpClient(app.url);
    expect((await out.get('/api/assistants')).status).toBe(401);
    expect((await out.post('/api/assistants', { name: 'x', handle: fresh() })).status).toBe(401);
    expect((await out.patch(`/api/assistants/${one.id}`, { name: 'x' })).status).toBe(401);
    expect((await out.request('DELETE', `/api/assistants/${one.id}`)).status).toBe(401);
    expect((await out.post(`/api/assistants/${one.id}/copy`)).status).toBe(401);
    expect((await out.get('/api/assistants/directory')).status).toBe(200);
    expect((await out.gql('{ customAssistants { id } }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await out.gql('{ assistantDirectory { nextCursor } }')).errors).toBeUndefined();
  });

  it('can be reported; hidden, one leaves the directory and is unusable by others', async () => {
    const [owner, reporter, mod] = await Promise.all([person(), person(), person()]);
    await db().query(`update users set role = 'moderator' where id = $1`, [mod.userId]);
    const word = fresh('rp');
    const pub = await made(owner, { visibility: 'public', name: 'Reported one', description: word });
    const priv = await made(owner);
    const report = (targetId: string, p = reporter) =>
      p.client.post('/api/reports', { targetType: 'assistant', targetId, reason: 'spam' });
    expect((await report(priv.id)).status).toBe(404);
    expect((await report(pub.id, owner)).status).toBe(400);
    const filed = await report(`@${pub.handle}`);
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect((await report(pub.id)).status).toBe(409);

    const queue = await mod.client.gql(
      `{ admin { reports(status: "open", first: 100) { groups { reportId targetType targetId content { exists title } } } } }`,
    );
    const group = queue.data.admin.reports.groups.find((g: { targetId: string }) => g.targetId === pub.id);
    expect(group).toMatchObject({
      targetType: 'assistant',
      content: { exists: true, title: `Assistant “Reported one” (@${pub.handle})` },
    });
    const mine = await reporter.client.gql('{ myReports { targetType targetLabel } }');
    expect(mine.data.myReports[0]).toEqual({ targetType: 'assistant', targetLabel: `@${pub.handle}` });

    const hidden = await mod.client.gql(
      'mutation($r: ID!) { moderate(reportId: $r, action: "hide") { action resolved } }',
      { r: group.reportId },
    );
    expect(hidden.data.moderate).toEqual({ action: 'hide', resolved: 1 });
    const out = new HttpClient(app.url);
    expect((await out.get(`/api/assistants/directory?q=${word}`)).body.assistants).toEqual([]);
    expect((await out.get(`/api/assistants/${pub.id}`)).status).toBe(404);
    expect((await reporter.client.get(`/api/assistants/${pub.handle}`)).status).toBe(404);
    expect((await reporter.client.post(`/api/assistants/${pub.id}/copy`)).status).toBe(404);
    // Its owner still has it.
    expect((await owner.client.get(`/api/assistants/${pub.id}`)).status).toBe(200);
  });

  it('work over GraphQL alike', async () => {
    const a = await person();
    const handle = fresh('gq');
    const created = await a.client.gql(
      `mutation($h: String!) { createCustomAssistant(input: { name: "Poet", handle: $h, model: "gemini", visibility: "public", starters: ["A haiku"] }) { id handle model starters mine owner { username } } }`,
      { h: handle },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data.createCustomAssistant.id;
    expect(created.data.createCustomAssistant).toMatchObject({
      handle,
      model: 'gemini',
      starters: ['A haiku'],
      mine: true,
    });
    const list = await a.client.gql('{ customAssistants { id } }');
    expect(list.data.customAssistants).toEqual([{ id }]);
    const one = await new HttpClient(app.url).gql(
      'query($r: String!) { customAssistant(ref: $r) { id mine fileIds } }',
      { r: handle },
    );
    expect(one.data.customAssistant).toEqual({ id, mine: false, fileIds: [] });
    const dir = await a.client.gql(
      'query($q: String) { assistantDirectory(q: $q) { assistants { id } nextCursor } }',
      { q: handle },
    );
    expect(dir.data.assistantDirectory).toEqual({ assistants: [{ id }], nextCursor: null });
    const changed = await a.client.gql(
      'mutation($id: ID!) { updateCustomAssistant(id: $id, input: { name: "Poet 2", color: null }) { name color } }',
      { id },
    );
    expect(changed.data.updateCustomAssistant).toEqual({ name: 'Poet 2', color: '#6366f1' });
    const b = await person();
    const copy = await b.client.gql(
      'mutation($id: ID!) { copyCustomAssistant(id: $id) { handle copiedFrom } }',
      { id },
    );
    expect(copy.data.copyCustomAssistant).toEqual({ handle: `${handle.slice(0, 22)}_2`, copiedFrom: id });
    expect(
      (await a.client.gql('mutation($id: ID!) { deleteCustomAssistant(id: $id) }', { id })).data
        .deleteCustomAssistant,
    ).toBe(true);
  });
});
