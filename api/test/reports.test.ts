import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo } from '../../tests/support/videos.ts';

/**
 * Reports and the moderation queue (api/src/modules/moderation/core/reports.ts): the REST contract,
 * one report per person per target under parallel requests, the auto-hide threshold, hidden posts
 * (404 to everyone but their owner, who is told why), each staff action with its audit entry and
 * its outcome for the reporters, and every staff operation refused to plain users and signed out.
 */

const app = useTestApp({ REPORTS_AUTO_HIDE_AT: '3' });

type Person = Awaited<ReturnType<typeof signedUpClient>>;
const person = (prefix = 'rep') => signedUpClient(app.url, { prefix });
/** `n` new people (the first three typed as present). */
const people = (n: number, prefix?: string) =>
  Promise.all(Array.from({ length: n }, () => person(prefix))) as Promise<
    Person[] & [Person, Person, Person]
  >;

async function moderator(): Promise<Person> {
  const mod = await person('mod');
  await db().query(`update users set role = 'moderator' where id = $1`, [mod.userId]);
  return mod;
}

/** A public video of `owner`'s. */
async function publicPost(owner: Person, prompt = 'A red fox running through snowy woods at dawn') {
  const video = await finishedVideo(app.config.storageDir, owner.userId, prompt);
  const res = await owner.client.post('/api/posts', { videoId: video.id, isPublic: true });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; title: string; videoId: string };
}

const reportPost = (p: Person, postId: string, reason = 'spam', note?: string) =>
  p.client.post('/api/reports', { targetType: 'post', targetId: postId, reason, note });

const QUEUE = `query($s: String, $first: Int, $after: String) { admin { reports(status: $s, first: $first, after: $after) {
  groups { reportId targetType targetId reporters reasons { reason count } notes hidden hiddenReason outcome outcomeNote
    owner { username } content { exists title text imageUrl url } }
  nextCursor } } }`;
const MODERATE = `mutation($r: ID!, $a: String!, $n: String) { moderate(reportId: $r, action: $a, note: $n) {
  action targetType targetId resolved } }`;
const MINE = '{ myReports { id targetType targetId targetLabel reason note status outcome } }';
const LOG = `query($f: AuditFilter) { admin { auditLog(filter: $f) { entries { actor action targetType targetId reason details } } } }`;

async function groupOf(mod: Person, targetId: string, status = 'open') {
  const res = await mod.client.gql(QUEUE, { s: status, first: 100 });
  expect(res.errors).toBeUndefined();
  return res.data.admin.reports.groups.find((g: { targetId: string }) => g.targetId === targetId);
}

/** Acts on the open group of reports about `targetId` as the moderator `mod`. */
async function moderateOpen(mod: Person, targetId: string, action: string, note?: string) {
  return mod.client.gql(MODERATE, { r: (await groupOf(mod, targetId)).reportId, a: action, n: note });
}

const reportUser = (p: Person, target: Person, reason: string) =>
  p.client.post('/api/reports', { targetType: 'user', targetId: target.username, reason });

const auditOf = async (mod: Person, targetId: string) =>
  (await mod.client.gql(LOG, { f: { targetId } })).data.admin.auditLog.entries.map(
    (e: { details: string }) => ({ ...e, details: JSON.parse(e.details) }),
  );

describe('POST /api/reports', () => {
  it('answers 201, 409, 400, 404 and 401 as the contract says', async () => {
    const [owner, reporter] = await people(2);
    const post = await publicPost(owner);

    const created = await reportPost(reporter, post.id, 'violence', 'Graphic');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String) });
    expect((await reportPost(reporter, post.id, 'spam')).status).toBe(409);

    const badReason = await reportPost(reporter, post.id, 'boring');
    expect(badReason.status).toBe(400);
    expect(badReason.body.error ?? badReason.text).toMatch(
      /spam, sexual, violence, hate, harassment, illegal, other/,
    );
    expect(
      (await reporter.client.post('/api/reports', { targetType: 'song', targetId: post.id, reason: 'spam' }))
        .status,
    ).toBe(400);
    expect((await reporter.client.post('/api/reports', { targetType: 'post', reason: 'spam' })).status).toBe(
      400,
    );
    expect(
      (
        await reporter.client.post('/api/reports', {
          targetType: 'post',
          targetId: post.id,
          reason: 'spam',
          note: 'x'.repeat(1001),
        })
      ).status,
    ).toBe(400);

    // Unknown, private, someone else's message: all 404.
    expect((await reportPost(reporter, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await reportPost(reporter, 'not-an-id')).status).toBe(404);
    const privateVideo = await finishedVideo(
      app.config.storageDir,
      owner.userId,
      'A private clip of a quiet lake',
    );
    const priv = (await owner.client.post('/api/posts', { videoId: privateVideo.id, isPublic: false })).body;
    expect((await reportPost(reporter, priv.id)).status).toBe(404);
    expect(
      (
        await reporter.client.post('/api/reports', {
          targetType: 'user',
          targetId: 'nobody_here_x',
          reason: 'spam',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await reporter.client.post('/api/reports', {
          targetType: 'message',
          targetId: post.id,
          reason: 'spam',
        })
      ).status,
    ).toBe(404);

    // A person by username (any case) or by id; not yourself.
    const byName = await reporter.client.post('/api/reports', {
      targetType: 'user',
      targetId: owner.username.toUpperCase(),
      reason: 'harassment',
    });
    expect(byName.status).toBe(201);
    const byId = await reporter.client.post('/api/reports', {
      targetType: 'user',
      targetId: owner.userId,
      reason: 'harassment',
    });
    expect(byId.status).toBe(409);
    expect(
      (await owner.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'spam' }))
        .status,
    ).toBe(400);

    const visitor = new HttpClient(app.url);
    expect(
      (await visitor.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'spam' })).status,
    ).toBe(401);

    // The reporter's list shows it open.
    const mine = (await reporter.client.gql(MINE)).data.myReports;
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetType: 'post',
          targetId: post.id,
          targetLabel: post.title,
          reason: 'violence',
          note: 'Graphic',
          status: 'open',
          outcome: null,
        }),
        expect.objectContaining({
          targetType: 'user',
          targetId: owner.userId,
          targetLabel: `@${owner.username}`,
        }),
      ]),
    );
  });

  it('takes one report per person per target when they arrive in parallel', async () => {
    const [owner, reporter] = await people(2);
    const post = await publicPost(owner);
    const answers = await Promise.all(Array.from({ length: 6 }, () => reportPost(reporter, post.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const { rows } = await db().query('select count(*)::int as n from reports where target_id = $1', [
      post.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('hides a post exactly once at the threshold under parallel reports; the owner sees why, everyone else a 404', async () => {
    const owner = await person('owner');
    const reporters = await people(6);
    const mod = await moderator();
    const post = await publicPost(owner, 'A glowing jellyfish drifting in deep dark water');

    const answers = await Promise.all(reporters.map((r) => reportPost(r, post.id, 'spam')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);

    const audit = await auditOf(mod, post.id);
    expect(audit.filter((e: { action: string }) => e.action === 'report.auto_hide')).toEqual([
      expect.objectContaining({
        actor: null,
        action: 'report.auto_hide',
        targetType: 'post',
        targetId: post.id,
      }),
    ]);
    const { rows } = await db().query(`select count(*)::int as n from hidden_content where target_id = $1`, [
      post.id,
    ]);
    expect(rows[0].n).toBe(1);

    // Publicly gone: its JSON, its page, the community gallery and its search.
    const visitor = new HttpClient(app.url);
    expect((await visitor.get(`/api/public/videos/${post.slug}`)).status).toBe(404);
    // The server-drawn page and the sitemap read the same `is_public` a hide clears (seo.test.ts: a private
    // slug is a 404 page and out of the sitemap; e2e/moderation.e2e.test.ts opens the page itself).
    const listed = await reporters[0]!.client.get('/api/public/videos?search=jellyfish');
    expect((listed.body as { id: string }[]).map((p) => p.id)).not.toContain(post.id);
    // A seventh person can't report what they can no longer see.
    expect((await reportPost(mod, post.id)).status).toBe(404);

    // Its owner still has it, marked with the reason, and can't make it public again.
    const gallery = await owner.client.gql('{ gallery(first: 100) { posts { id isPublic hiddenReason } } }');
    const mine = gallery.data?.gallery?.posts?.find((p: { id: string }) => p.id === post.id);
    expect(mine).toMatchObject({
      isPublic: false,
      hiddenReason: expect.stringMatching(/Reported by 3 people \(spam\)/),
    });
    const republish = await owner.client.patch(`/api/posts/${post.id}`, { isPublic: true });
    expect(republish.status).toBe(400);
    expect(republish.text).toMatch(/Hidden by moderators/);
    // Nor through the first save of a post the server kept when the video finished (its owner hasn't
    // chosen how it is shared yet): that save may not make it public either.
    await db().query('update posts set owner_saved = false where id = $1', [post.id]);
    const firstSave = await owner.client.post('/api/posts', { videoId: post.videoId, isPublic: true });
    expect(firstSave.status).toBe(400);
    expect(firstSave.text).toMatch(/Hidden by moderators/);
    expect((await visitor.get(`/api/public/videos/${post.slug}`)).status).toBe(404);

    // The queue shows it grouped, hidden, with the video in view.
    const group = await groupOf(mod, post.id);
    expect(group).toMatchObject({
      targetType: 'post',
      reporters: 6,
      reasons: [{ reason: 'spam', count: 6 }],
      hidden: true,
      owner: { username: owner.username },
      content: {
        exists: true,
        title: post.title,
        text: 'A glowing jellyfish drifting in deep dark water',
        url: `/videos/${post.slug}`,
      },
    });
    expect(group.content.imageUrl).toMatch(/\.jpg$/);

    // Restored by a moderator: public again, every report resolved, the reporters told.
    const restored = await mod.client.gql(MODERATE, { r: group.reportId, a: 'restore', n: 'Fine after all' });
    expect(restored.errors).toBeUndefined();
    expect(restored.data.moderate).toEqual({
      action: 'restore',
      targetType: 'post',
      targetId: post.id,
      resolved: 6,
    });
    expect((await visitor.get(`/api/public/videos/${post.slug}`)).status).toBe(200);
    expect(await groupOf(mod, post.id)).toBeUndefined();
    expect(await groupOf(mod, post.id, 'resolved')).toMatchObject({
      outcome: 'restore',
      outcomeNote: 'Fine after all',
      hidden: false,
    });
    const told = (await reporters[2]!.client.gql(MINE)).data.myReports;
    expect(told[0]).toMatchObject({ targetId: post.id, status: 'resolved', outcome: 'restore' });
  });
});

describe('moderate', () => {
  it('hide, dismiss, delete and warn: each resolves the target, is logged, and does what it says', async () => {
    const [owner, r1, r2] = await people(3);
    const mod = await moderator();

    // hide: public page 404, the owner sees the moderator's reason.
    const hidePost = await publicPost(owner, 'A lighthouse in a violent storm at night');
    await reportPost(r1, hidePost.id, 'violence');
    const hideGroup = await groupOf(mod, hidePost.id);
    const hidden = await mod.client.gql(MODERATE, { r: hideGroup.reportId, a: 'hide', n: 'Too graphic' });
    expect(hidden.data.moderate).toMatchObject({ action: 'hide', resolved: 1 });
    expect((await new HttpClient(app.url).get(`/api/public/videos/${hidePost.slug}`)).status).toBe(404);
    const own = await owner.client.gql('{ gallery(first: 100) { posts { id hiddenReason } } }');
    expect(own.data.gallery.posts.find((p: { id: string }) => p.id === hidePost.id).hiddenReason).toBe(
      'Too graphic',
    );

    // dismiss: nothing changes for a post that wasn't hidden.
    const fine = await publicPost(owner, 'A calm meadow with butterflies in summer');
    await reportPost(r1, fine.id, 'other');
    await reportPost(r2, fine.id, 'spam');
    const dismissed = await moderateOpen(mod, fine.id, 'dismiss');
    expect(dismissed.data.moderate).toMatchObject({ action: 'dismiss', resolved: 2 });
    expect((await new HttpClient(app.url).get(`/api/public/videos/${fine.slug}`)).status).toBe(200);

    // delete: the post is gone.
    const bad = await publicPost(owner, 'A clip that breaks the rules badly');
    await reportPost(r2, bad.id, 'illegal');
    const deleted = await moderateOpen(mod, bad.id, 'delete', 'Illegal');
    expect(deleted.errors).toBeUndefined();
    const { rows } = await db().query('select count(*)::int as n from posts where id = $1', [bad.id]);
    expect(rows[0].n).toBe(0);
    expect(
      (await r2.client.gql(MINE)).data.myReports.find((m: { targetId: string }) => m.targetId === bad.id),
    ).toMatchObject({ status: 'resolved', outcome: 'delete' });

    // warn: the owner gets an e-mail through the outbox; the content stays.
    await reportUser(r1, owner, 'harassment');
    const warned = await moderateOpen(mod, owner.userId, 'warn', 'Be kind');
    expect(warned.data.moderate).toMatchObject({ action: 'warn', targetType: 'user', resolved: 1 });
    const mail = await db().query(
      `select subject, text from outbox_messages where user_id = $1 and subject like 'A warning%'`,
      [owner.userId],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].text).toContain('Be kind');

    // Deleting an account is not a queue action.
    await reportUser(r2, owner, 'spam');
    const refused = await moderateOpen(mod, owner.userId, 'delete');
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badAction = await moderateOpen(mod, owner.userId, 'nuke');
    expect(badAction.errors?.[0]?.message).toMatch(/Action must be one of/);

    // Each action in the audit log, by the moderator.
    for (const [target, action] of [
      [hidePost.id, 'report.hide'],
      [fine.id, 'report.dismiss'],
      [bad.id, 'report.delete'],
      [owner.userId, 'report.warn'],
    ] as const) {
      const entries = await auditOf(mod, target);
      expect(entries.find((e: { action: string }) => e.action === action)).toMatchObject({
        actor: mod.username,
        action,
        targetId: target,
      });
    }
  });

  it('suspend and ban act on the owner through the account restrictions, both logged', async () => {
    const [owner, spammer, r1] = await people(3);
    const mod = await moderator();
    const post = await publicPost(owner, 'A video whose owner gets suspended');
    await reportPost(r1, post.id, 'harassment');
    const suspended = await mod.client.gql(
      `mutation($r: ID!) { moderate(reportId: $r, action: "suspend", note: "Cool off", hours: 24) { action resolved } }`,
      { r: (await groupOf(mod, post.id)).reportId },
    );
    expect(suspended.errors).toBeUndefined();
    expect(suspended.data.moderate).toEqual({ action: 'suspend', resolved: 1 });
    const until = await db().query('select suspended_until, restriction_reason from users where id = $1', [
      owner.userId,
    ]);
    expect(until.rows[0].restriction_reason).toBe('Cool off');
    expect(new Date(until.rows[0].suspended_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await auditOf(mod, post.id)).map((e: { action: string }) => e.action)).toContain(
      'report.suspend',
    );
    expect((await auditOf(mod, owner.userId)).map((e: { action: string }) => e.action)).toContain(
      'user.suspend',
    );

    await reportUser(r1, spammer, 'spam');
    const banned = await moderateOpen(mod, spammer.userId, 'ban', 'Spam bot');
    expect(banned.data.moderate).toMatchObject({ action: 'ban', resolved: 1 });
    const row = await db().query('select banned_at from users where id = $1', [spammer.userId]);
    expect(row.rows[0].banned_at).not.toBeNull();
    expect((await auditOf(mod, spammer.userId)).map((e: { action: string }) => e.action).sort()).toEqual([
      'report.ban',
      'user.ban',
    ]);

    // Staff of the moderator's own rank can't be banned from the queue; the report stays open.
    const otherMod = await moderator();
    await reportUser(r1, otherMod, 'other');
    const refused = await moderateOpen(mod, otherMod.userId, 'ban');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await groupOf(mod, otherMod.userId)).toMatchObject({ reporters: 1 });
    // Nor can any other action touch their content, nor a moderator settle reports of their own.
    const modsPost = await publicPost(otherMod, 'A video of a moderator');
    await reportPost(r1, modsPost.id, 'spam');
    for (const action of ['hide', 'delete', 'warn', 'dismiss']) {
      const attempt = await moderateOpen(mod, modsPost.id, action);
      expect(attempt.errors?.[0]).toMatchObject({
        message: "You can't do this to staff of your own role or above",
        extensions: { code: 'FORBIDDEN' },
      });
    }
    const own = await moderateOpen(otherMod, modsPost.id, 'dismiss');
    expect(own.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await groupOf(mod, modsPost.id)).toMatchObject({ reporters: 1, hidden: false });
    expect(
      (await new HttpClient(app.url).get(`/api/public/videos/${(modsPost as { slug: string }).slug}`)).status,
    ).toBe(200);
  });

  it('a dismissal undoes an automatic hide', async () => {
    const owner = await person('owner');
    const reporters = await people(3);
    const mod = await moderator();
    const post = await publicPost(owner, 'A perfectly fine video of a waterfall');
    for (const r of reporters) await reportPost(r, post.id, 'spam');
    expect((await new HttpClient(app.url).get(`/api/public/videos/${post.slug}`)).status).toBe(404);
    await mod.client.gql(MODERATE, { r: (await groupOf(mod, post.id)).reportId, a: 'dismiss' });
    expect((await new HttpClient(app.url).get(`/api/public/videos/${post.slug}`)).status).toBe(200);
  });

  it('hides a reported direct message from the reporter; the sender still has it', async () => {
    const [a, b] = await people(2);
    const mod = await moderator();
    const { body } = await a.client.post('/api/friends/request', { username: b.username });
    await b.client.post(`/api/friendships/${body.friendship.id}/accept`);
    const conv = (
      await a.client.gql('mutation($f: ID!) { openConversation(friendId: $f) { id } }', { f: b.userId })
    ).data.openConversation;
    const sent = await a.client.gql(
      'mutation($c: ID!) { sendDirectMessage(conversationId: $c, content: "nasty words") { id } }',
      { c: conv.id },
    );
    const messageId = sent.data.sendDirectMessage.id;
    // A stranger can't report it.
    expect(
      (
        await mod.client.post('/api/reports', {
          targetType: 'message',
          targetId: messageId,
          reason: 'harassment',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await b.client.post('/api/reports', {
          targetType: 'message',
          targetId: messageId,
          reason: 'harassment',
        })
      ).status,
    ).toBe(201);
    const group = await groupOf(mod, messageId);
    expect(group.content).toMatchObject({ exists: true, text: 'nasty words' });
    await mod.client.gql(MODERATE, { r: group.reportId, a: 'hide' });
    const HISTORY = 'query($c: ID!) { directMessages(conversationId: $c) { messages { id content } } }';
    expect((await b.client.gql(HISTORY, { c: conv.id })).data.directMessages.messages).toEqual([]);
    expect((await a.client.gql(HISTORY, { c: conv.id })).data.directMessages.messages).toHaveLength(1);
  });

  it('refuses every staff operation to plain users and signed-out callers, one by one', async () => {
    const [owner, plain] = await people(2);
    const post = await publicPost(owner);
    const created = await reportPost(plain, post.id);
    const visitor = new HttpClient(app.url);
    const ops: [string, Record<string, unknown>][] = [
      [QUEUE, { s: 'open' }],
      [QUEUE, { s: 'resolved' }],
      ...['hide', 'restore', 'delete', 'dismiss', 'warn', 'suspend', 'ban'].map(
        (a) => [MODERATE, { r: created.body.id, a }] as [string, Record<string, unknown>],
      ),
    ];
    for (const [query, variables] of ops) {
      expect(
        (await plain.client.gql(query, variables)).errors?.[0]?.extensions?.code,
        `${query} ${JSON.stringify(variables)}`,
      ).toBe('FORBIDDEN');
      expect(
        (await visitor.gql(query, variables)).errors?.[0]?.extensions?.code,
        `${query} ${JSON.stringify(variables)}`,
      ).toBe('UNAUTHENTICATED');
    }
    // Nothing changed.
    expect((await visitor.get(`/api/public/videos/${post.slug}`)).status).toBe(200);
    const { rows } = await db().query(`select status from reports where id = $1`, [created.body.id]);
    expect(rows[0].status).toBe('open');
    expect((await visitor.gql(MINE)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('pages the queue by target', async () => {
    const owner = await person('owner');
    const reporter = await person();
    const mod = await moderator();
    const posts = [];
    for (let i = 0; i < 3; i++)
      posts.push(await publicPost(owner, `Paging video number ${i} of a sunny beach`));
    for (const p of posts) await reportPost(reporter, p.id);
    const seen: string[] = [];
    type Queue = { admin: { reports: { groups: { targetId: string }[]; nextCursor: string | null } } };
    let after: string | null = null;
    do {
      const res: { data?: Queue } = await mod.client.gql<Queue>(QUEUE, { s: 'open', first: 2, after });
      seen.push(...res.data!.admin.reports.groups.map((g: { targetId: string }) => g.targetId));
      after = res.data!.admin.reports.nextCursor;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    for (const p of posts) expect(seen).toContain(p.id);
    expect((await mod.client.gql(QUEUE, { after: 'garbage' })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});
