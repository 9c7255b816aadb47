import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';

/**
 * Staff roles and the audit log (api/src/modules/moderation): ADMIN_USERNAMES, setRole checked on the
 * server for every caller, the log's filters and paging, and `npm run admin` (scripts/admin.ts).
 */

const founder = uniqueName('founder');
const keeper = uniqueName('keeper');
const app = useTestApp(() => ({ ADMIN_USERNAMES: ` Someone,${founder.toUpperCase()},${keeper} ` }));

const ROLE =
  'mutation($u: String!, $r: String!, $why: String) { setRole(username: $u, role: $r, reason: $why) { username role } }';
const LOG = `query($f: AuditFilter, $first: Int, $after: String) {
  admin { auditLog(filter: $f, first: $first, after: $after) { entries { actor action targetType targetId reason details } nextCursor } }
}`;
const ME = '{ me { username role } }';

const signUp = (prefix: string, username?: string) => signedUpClient(app.url, { prefix, username });

describe('staff roles', () => {
  it('ADMIN_USERNAMES makes an admin, who gives and takes roles, each recorded in the audit log', async () => {
    const admin = await signUp('founder', founder);
    expect((await admin.client.gql(ME)).data.me).toEqual({ username: founder, role: 'admin' });
    const mod = await signUp('mod');
    expect((await mod.client.gql(ME)).data.me.role).toBe('user');

    const granted = await admin.client.gql(ROLE, {
      u: mod.username.toUpperCase(),
      r: 'moderator',
      why: 'helps out',
    });
    expect(granted.errors).toBeUndefined();
    expect(granted.data.setRole).toEqual({ username: mod.username, role: 'moderator' });
    // Their own next request sees it (the user cache is dropped on the change).
    expect((await mod.client.gql(ME)).data.me.role).toBe('moderator');

    // A moderator reads the log but may not give roles.
    const log = await mod.client.gql(LOG, { f: { targetId: mod.userId } });
    expect(log.errors).toBeUndefined();
    const entries = log.data.admin.auditLog.entries.map((e: { details: string }) => ({
      ...e,
      details: JSON.parse(e.details),
    }));
    expect(entries).toEqual([
      {
        actor: founder,
        action: 'role.set',
        targetType: 'user',
        targetId: mod.userId,
        reason: 'helps out',
        details: { username: mod.username, from: 'user', to: 'moderator' },
      },
    ]);
    const refused = await mod.client.gql(ROLE, { u: mod.username, r: 'admin' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // Taken back: the moderator is a plain user again and the log is closed to them.
    expect((await admin.client.gql(ROLE, { u: mod.username, r: 'user' })).data.setRole.role).toBe('user');
    expect((await mod.client.gql(LOG)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("a name in ADMIN_USERNAMES can't be taken or left by a rename (it would hand admin to whoever takes it)", async () => {
    const someone = await signUp('plain');
    const taken = await someone.client.patch('/api/users/update', { username: 'SOMEONE' });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ message: 'This username is reserved', field: 'username' });
    const viaGraphql = await someone.client.gql(
      'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { username } }',
      { i: { username: 'someone' } },
    );
    expect(viaGraphql.errors?.[0]).toMatchObject({
      message: 'This username is reserved',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await someone.client.gql(ME)).data.me).toEqual({ username: someone.username, role: 'user' });
    // Other renames still work.
    const renamed = await someone.client.patch('/api/users/update', { username: `${someone.username}x` });
    expect(renamed.status).toBe(200);

    // The configured admin can't rename away either (the freed name would make the next taker an admin).
    const admin = await signUp('keeper', keeper);
    expect((await admin.client.gql(ME)).data.me.role).toBe('admin');
    const away = await admin.client.patch('/api/users/update', { username: `${keeper}_2` });
    expect(away.status).toBe(400);
    expect(away.body.message).toMatch(/ADMIN_USERNAMES/);
    // Changing the display name is still fine.
    expect((await admin.client.patch('/api/users/update', { displayName: 'Keeper' })).status).toBe(200);
  });

  it('refuses every staff operation to plain users and signed-out callers, and bad input with a message', async () => {
    const plain = await signUp('plain');
    const other = await signUp('other');
    for (const [query, variables] of [
      [ROLE, { u: other.username, r: 'admin' }],
      [LOG, {}],
    ] as const) {
      expect((await plain.client.gql(query, variables)).errors?.[0]).toMatchObject({
        message: "You don't have access to this",
        extensions: { code: 'FORBIDDEN' },
      });
      expect((await new HttpClient(app.url).gql(query, variables)).errors?.[0]?.extensions?.code).toBe(
        'UNAUTHENTICATED',
      );
    }
    expect((await other.client.gql(ME)).data.me.role).toBe('user');

    const admin = await signUp('founder', undefined);
    await db().query(`update users set role = 'admin' where id = $1`, [admin.userId]);
    const bad = await admin.client.gql(ROLE, { u: other.username, r: 'superuser' });
    expect(bad.errors?.[0]).toMatchObject({
      message: 'Role must be user, moderator or admin',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(
      (await admin.client.gql(ROLE, { u: 'nobody_here', r: 'moderator' })).errors?.[0]?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect((await admin.client.gql(ROLE, { u: admin.username, r: 'user' })).errors?.[0]?.message).toBe(
      "You can't change your own role",
    );
    // An admin by config stays one.
    expect((await admin.client.gql(ROLE, { u: 'someone', r: 'user' })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const cursor = await admin.client.gql(LOG, { after: 'garbage' });
    expect(cursor.errors?.[0]).toMatchObject({ message: 'Invalid page cursor' });
    expect((await admin.client.gql(LOG, { first: 0 })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('pages the audit log newest first and filters it by action prefix and actor', async () => {
    const admin = await signUp('pager');
    await db().query(`update users set role = 'admin' where id = $1`, [admin.userId]);
    const people = await Promise.all([1, 2, 3].map(() => signUp('paged')));
    for (const p of people) await admin.client.gql(ROLE, { u: p.username, r: 'moderator' });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { entries: { targetId: string }[]; nextCursor: string | null } = (
        await admin.client.gql(LOG, { f: { actor: admin.username, action: 'role.' }, first: 2, after })
      ).data.admin.auditLog;
      seen.push(...page.entries.map((e) => e.targetId));
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual(people.map((p) => p.userId).reverse());
    expect(
      (await admin.client.gql(LOG, { f: { actor: admin.username, action: 'user.' } })).data.admin.auditLog
        .entries,
    ).toEqual([]);
  });
});

describe('npm run admin', () => {
  // Each run starts a process that loads the api's code and checks the migrations: seconds apiece.
  it('grants and revokes a role from the command line, recorded in the audit log', {
    timeout: 120_000,
  }, async () => {
    const person = await signUp('cli');
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
        env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
      });
    expect((await run('grant', person.username, 'moderator')).stdout).toContain(
      `${person.username} is now a moderator`,
    );
    expect((await person.client.gql(ME)).data.me.role).toBe('moderator');
    await run('revoke', person.username);
    expect((await person.client.gql(ME)).data.me.role).toBe('user');
    const { rows } = await db().query(
      `select actor_id, action, reason, details->>'to' as "to" from audit_log where target_id = $1 order by created_at`,
      [person.userId],
    );
    expect(rows).toEqual([
      { actor_id: null, action: 'role.set', reason: 'npm run admin', to: 'moderator' },
      { actor_id: null, action: 'role.set', reason: 'npm run admin', to: 'user' },
    ]);
  });
});

const BAN = 'mutation($id: ID!, $why: String!) { banUser(userId: $id, reason: $why) { username status } }';
const SUSPEND =
  'mutation($id: ID!, $h: Int!, $why: String!) { suspendUser(userId: $id, hours: $h, reason: $why) { status } }';
const UNBAN = 'mutation($id: ID!, $why: String) { unbanUser(userId: $id, reason: $why) { status } }';

async function staff(role: 'moderator' | 'admin') {
  const person = await signUp(role);
  await db().query(`update users set role = $2 where id = $1`, [person.userId, role]);
  return person;
}

async function publicPost(userId: string, slug: string) {
  await db().query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, thumbnail_url, is_public)
     values (gen_random_uuid(), $1, $2, 'Shown to all', 'a cat', '{}', '8', '1280x720', '/media/x.mp4', '/media/x.jpg', true)`,
    [userId, slug],
  );
}

describe('sessionWatch', () => {
  it('is refused signed out', async () => {
    const socket = wsClient(app.url);
    const failure = await new Promise<unknown>((resolve) =>
      socket.subscribe(
        { query: 'subscription { sessionWatch }' },
        { next: resolve, error: resolve, complete: () => resolve('completed') },
      ),
    );
    expect(failure).toMatchObject({ errors: [{ message: 'Please log in to continue' }] });
    await socket.dispose();
  });
});

describe('banning and suspending', () => {
  it('a ban ends the sessions and sockets at once, refuses sign-in with the reason and hides public content until unbanned', async () => {
    const mod = await staff('moderator');
    const target = await signUp('banned');
    const slug = `banned-video-${target.username}`;
    await publicPost(target.userId, slug);
    const seen = async () => (await new HttpClient(app.url).get(`/api/public/videos/${slug}`)).status;
    const listed = async () =>
      (await new HttpClient(app.url).get(`/api/public/videos?search=${target.username.slice(7)}`)).body;
    expect(await seen()).toBe(200);

    // An open subscription, signed in as the target.
    const socket = wsClient(app.url, target.client.cookieHeader);
    const closed = new Promise<number>((resolve) =>
      socket.on('closed', (e) => resolve((e as CloseEvent).code)),
    );
    const connected = new Promise<void>((resolve) => socket.on('connected', () => resolve()));
    socket.subscribe(
      { query: 'subscription { sessionWatch }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    await connected;

    const banned = await mod.client.gql(BAN, { id: target.userId, why: 'spam links' });
    expect(banned.errors).toBeUndefined();
    expect(banned.data.banUser).toEqual({ username: target.username, status: 'banned' });
    expect(await closed).toBeGreaterThanOrEqual(4000);
    expect((await target.client.gql(ME)).data.me).toBeNull();
    const login = await new HttpClient(app.url).post('/api/auth/login', {
      username: target.username,
      password: 'secret123',
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('This account has been banned. Reason: spam links');
    // A wrong password learns nothing of it.
    const wrong = await new HttpClient(app.url).post('/api/auth/login', {
      username: target.username,
      password: 'nope1234',
    });
    expect(wrong.status).toBe(401);
    expect(await seen()).toBe(404);
    expect(JSON.stringify(await listed())).not.toContain(slug);
    // Reporting it reads as an unknown video, as for a private one.
    const { rows: posted } = await db().query('select id from posts where slug = $1', [slug]);
    const reported = await mod.client.post('/api/reports', {
      targetType: 'post',
      targetId: posted[0].id,
      reason: 'spam',
    });
    expect(reported.status).toBe(404);

    // A reason left out arrives as null, as the console sends it.
    const lifted = await mod.client.gql(UNBAN, { id: target.userId, why: null });
    expect(lifted.data.unbanUser.status).toBe('active');
    expect(await seen()).toBe(200);
    const again = new HttpClient(app.url);
    expect(
      (await again.post('/api/auth/login', { username: target.username, password: 'secret123' })).status,
    ).toBe(200);

    const { rows } = await db().query(
      `select actor_name, action, reason from audit_log where target_id = $1 order by created_at`,
      [target.userId],
    );
    expect(rows).toEqual([
      { actor_name: mod.username, action: 'user.ban', reason: 'spam links' },
      { actor_name: mod.username, action: 'user.unban', reason: null },
    ]);
  });

  it('a suspension refuses sign-in until it passes', async () => {
    const admin = await staff('admin');
    const target = await signUp('suspended');
    const res = await admin.client.gql(SUSPEND, { id: target.userId, h: 24, why: 'cool off' });
    expect(res.data.suspendUser.status).toBe('suspended');
    expect((await target.client.gql(ME)).data.me).toBeNull();
    const login = await new HttpClient(app.url).post('/api/auth/login', {
      username: target.username,
      password: 'secret123',
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/^This account is suspended until .+ UTC\. Reason: cool off$/);
    await db().query(`update users set suspended_until = now() - interval '1 minute' where id = $1`, [
      target.userId,
    ]);
    expect(
      (
        await new HttpClient(app.url).post('/api/auth/login', {
          username: target.username,
          password: 'secret123',
        })
      ).status,
    ).toBe(200);
  });

  it("is refused below the target's role, to plain users and signed out, and bad input gets a message", async () => {
    const mod = await staff('moderator');
    const otherMod = await staff('moderator');
    const plain = await signUp('plainish');
    const victim = await signUp('victim');
    const founderRow = await db().query(`select id from users where username = $1`, [founder]);
    for (const id of [otherMod.userId, founderRow.rows[0]?.id ?? mod.userId, mod.userId]) {
      const res = await mod.client.gql(BAN, { id, why: 'no' });
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    for (const [query, vars] of [
      [BAN, { id: victim.userId, why: 'x' }],
      [SUSPEND, { id: victim.userId, h: 1, why: 'x' }],
      [UNBAN, { id: victim.userId }],
    ] as const) {
      expect((await plain.client.gql(query, vars)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await new HttpClient(app.url).gql(query, vars)).errors?.[0]?.extensions?.code).toBe(
        'UNAUTHENTICATED',
      );
    }
    expect((await victim.client.gql('{ me { status } }')).data.me.status).toBe('active');
    const bad = [
      [BAN, { id: 'not-an-id', why: 'x' }, 'Invalid user id'],
      [BAN, { id: victim.userId, why: '   ' }, 'Give a reason'],
      [SUSPEND, { id: victim.userId, h: 0, why: 'x' }, 'Suspend for at least 1 hour'],
      [SUSPEND, { id: victim.userId, h: 100_000, why: 'x' }, 'Suspend for at most a year (ban instead)'],
    ] as const;
    for (const [query, vars, message] of bad) {
      expect((await mod.client.gql(query, vars)).errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect(
      (await mod.client.gql(BAN, { id: '00000000-0000-4000-8000-000000000000', why: 'x' })).errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
  });
});
