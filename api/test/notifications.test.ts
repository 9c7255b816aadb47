import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo } from '../../tests/support/videos.ts';
import { wsClient } from '../../tests/support/ws.ts';

/**
 * Notifications (api/src/modules/notifications): written by the modules where things happen (friend
 * requests and acceptances, direct messages counted per conversation, a report's outcome), each
 * person's own, paged, marked read by id or all, and the unread count live over graphql-ws.
 */

const app = useTestApp({ REPORTS_AUTO_HIDE_AT: '3' });
type Person = Awaited<ReturnType<typeof signedUpClient>>;

const list = async (p: Person, query = '') => (await p.client.get(`/api/notifications${query}`)).body;
const kinds = async (p: Person) =>
  (await list(p)).notifications.map((n: { kind: string; count: number }) => `${n.kind}×${n.count}`);

async function befriend(a: Person, b: Person): Promise<string> {
  const asked = await a.client.post('/api/friends/request', { username: b.username });
  await b.client.post(`/api/friendships/${asked.body.friendship.id}/accept`);
  return (await a.client.gql('mutation($f: ID!) { openConversation(friendId: $f) { id } }', { f: b.userId }))
    .data.openConversation.id as string;
}

const send = (p: Person, conversationId: string, content: string) =>
  p.client.post(`/api/conversations/${conversationId}/messages`, { content });

describe('notifications', () => {
  it('tell of friend requests, acceptances and messages (one per conversation, counted), to that person only', async () => {
    const [a, b, c] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    const conversation = await befriend(a, b);
    expect(await kinds(b)).toEqual(['friend_request×1']);
    expect(await kinds(a)).toEqual(['friend_accepted×1']);
    const request = (await list(b)).notifications[0];
    expect(request).toMatchObject({
      actor: { username: a.username, displayName: null, avatar: null },
      targetType: 'friendship',
      readAt: null,
      createdAt: expect.stringMatching(/Z$/),
    });

    for (const text of ['one', 'two', 'three']) expect((await send(a, conversation, text)).status).toBe(201);
    const page = await list(b);
    expect(page.unread).toBe(2);
    expect(page.notifications[0]).toMatchObject({
      kind: 'message',
      count: 3,
      targetType: 'conversation',
      targetId: conversation,
      data: { text: 'three' },
    });
    // The sender is not told of their own messages; a third person of nothing.
    expect(await kinds(a)).toEqual(['friend_accepted×1']);
    expect(await list(c)).toEqual({ notifications: [], nextCursor: null, unread: 0 });

    // Opening the conversation reads its notification; the next message starts a new one.
    await b.client.post(`/api/conversations/${conversation}/read`);
    expect((await list(b)).unread).toBe(1);
    await send(a, conversation, 'four');
    expect(await kinds(b)).toEqual(['message×1', 'message×3', 'friend_request×1']);

    // Marked read by id (someone else's id changes nothing of theirs), then all at once.
    const aId = (await list(a)).notifications[0].id;
    const byC = await c.client.post('/api/notifications/read', { ids: [aId] });
    expect(byC.status).toBe(200);
    expect(byC.body).toEqual({ unread: 0 });
    expect((await list(a)).unread).toBe(1);
    const first = (await list(b)).notifications[0].id;
    expect((await b.client.post('/api/notifications/read', { ids: [first] })).body).toEqual({ unread: 1 });
    expect((await b.client.post('/api/notifications/read', {})).body).toEqual({ unread: 0 });
    expect((await b.client.gql('{ unreadNotificationCount }')).data.unreadNotificationCount).toBe(0);
  });

  it('pages newest first and refuses bad input with a message; signed out is 401', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    // Each read makes the next message a notification of its own: four rows for b besides the request.
    for (const text of ['m1', 'm2', 'm3', 'm4']) {
      await send(a, conversation, text);
      await b.client.post(`/api/conversations/${conversation}/read`);
    }
    const one = await list(b, '?limit=2');
    expect(one.notifications.map((n: { data: { text?: string } }) => n.data.text)).toEqual(['m4', 'm3']);
    const two = await list(b, `?limit=2&cursor=${one.nextCursor}`);
    expect(two.notifications.map((n: { data: { text?: string } }) => n.data.text)).toEqual(['m2', 'm1']);
    const three = await list(b, `?limit=2&cursor=${two.nextCursor}`);
    expect(three.notifications.map((n: { kind: string }) => n.kind)).toEqual(['friend_request']);
    expect(three.nextCursor).toBeNull();

    for (const [query, message] of [
      ['?limit=0', 'limit must be a whole number from 1 to 50'],
      ['?limit=abc', 'limit must be a whole number from 1 to 50'],
      ['?cursor=garbage', 'Invalid page cursor'],
    ] as const) {
      const res = await b.client.get(`/api/notifications${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    for (const body of [{ ids: ['nope'] }, { ids: 'x' }, { ids: Array(101).fill(a.userId) }]) {
      expect((await b.client.post('/api/notifications/read', body)).status).toBe(400);
    }
    const out = new HttpClient(app.url);
    expect((await out.get('/api/notifications')).status).toBe(401);
    expect((await out.post('/api/notifications/read', {})).status).toBe(401);
    expect((await out.gql('{ unreadNotificationCount }')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('tells each reporter what came of their report', async () => {
    const [owner, r1, mod] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    const video = await finishedVideo(app.config.storageDir, owner.userId, 'A paper boat on a rainy street');
    const post = (await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    const reported = await r1.client.post('/api/reports', {
      targetType: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(reported.status).toBe(201);
    await db().query(`update users set role = 'moderator' where id = $1`, [mod.userId]);
    // The api caches who a user is for a while (accounts/core/currentUser.ts).
    const hide = () =>
      mod.client.gql('mutation($r: ID!) { moderate(reportId: $r, action: "hide") { resolved } }', {
        r: reported.body.id,
      });
    await expect.poll(async () => (await hide()).data?.moderate?.resolved ?? 'refused').toBe(1);
    expect((await list(r1)).notifications).toEqual([
      expect.objectContaining({
        kind: 'report_outcome',
        targetType: 'report',
        targetId: reported.body.id,
        data: { outcome: 'hide', reported: 'post' },
      }),
    ]);
    // Nobody else is told: not the owner (the gallery says it is hidden), not the moderator.
    expect((await list(mod)).notifications).toEqual([]);
  });

  it('tell of a new follower, and group the likes of one video', async () => {
    const [owner, c, d] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    expect((await c.client.post(`/api/users/${owner.username}/follow`)).status).toBe(200);
    // Following again changes nothing, so it tells nothing new.
    expect((await c.client.post(`/api/users/${owner.username}/follow`)).status).toBe(200);
    const video = await finishedVideo(app.config.storageDir, owner.userId, 'A lighthouse in a storm');
    const post = (await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    for (const p of [c, d, c, owner])
      expect((await p.client.post(`/api/posts/${post.id}/like`)).status).toBe(200);
    const page = await list(owner);
    expect(page.notifications.map((n: { kind: string; count: number }) => `${n.kind}×${n.count}`)).toEqual([
      'like×2',
      'follower×1',
    ]);
    expect(page.notifications[0]).toMatchObject({
      actor: { username: d.username },
      targetType: 'post',
      targetId: post.id,
      data: { title: post.title, slug: post.slug },
    });
    expect(page.notifications[1]).toMatchObject({ actor: { username: c.username }, targetType: 'user' });
  });

  it('writes none of a muted kind, each person muting their own; bad kinds are 400, signed out 401', async () => {
    const [a, b, c] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    const fresh = (await b.client.get('/api/notifications/settings')).body;
    expect(fresh.muted).toEqual([]);
    expect(fresh.kinds).toEqual(expect.arrayContaining(['friend_request', 'message', 'follower', 'like']));

    // b mutes new followers (twice named: one row) and, over GraphQL, also friend requests.
    const put = await b.client.put('/api/notifications/settings', { muted: ['follower', 'follower'] });
    expect(put.status).toBe(200);
    expect(put.body.muted).toEqual(['follower']);
    const viaGql = await b.client.gql(
      'mutation($m: [String!]!) { setMutedNotifications(muted: $m) { muted } }',
      { m: ['follower', 'friend_request'] },
    );
    expect(viaGql.data.setMutedNotifications.muted).toEqual(['friend_request', 'follower']);

    await a.client.post(`/api/users/${b.username}/follow`);
    await c.client.post(`/api/users/${b.username}/follow`);
    const conversation = await befriend(a, b);
    await send(a, conversation, 'hello');
    // Messages still arrive; follows and the friend request do not. a, who muted nothing, hears all.
    expect(await kinds(b)).toEqual(['message×1']);
    await b.client.post(`/api/users/${a.username}/follow`);
    expect(await kinds(a)).toEqual(['follower×1', 'friend_accepted×1']);

    // Unmuting writes the next one again (what was not written stays unwritten).
    await b.client.put('/api/notifications/settings', { muted: [] });
    await c.client.request('DELETE', `/api/users/${b.username}/follow`);
    await c.client.post(`/api/users/${b.username}/follow`);
    expect(await kinds(b)).toEqual(['follower×1', 'message×1']);

    for (const body of [{ muted: ['nope'] }, { muted: 'like' }, {}, { muted: [7] }]) {
      const bad = await b.client.put('/api/notifications/settings', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(/muted|kind/i);
    }
    const gqlBad = await b.client.gql('mutation { setMutedNotifications(muted: ["nope"]) { muted } }');
    expect(gqlBad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const out = new HttpClient(app.url);
    expect((await out.get('/api/notifications/settings')).status).toBe(401);
    expect((await out.put('/api/notifications/settings', { muted: [] })).status).toBe(401);

    // Saves at once end as one of them, never a mix.
    await Promise.all(
      [['like'], ['follower', 'message'], ['video_finished'], ['like', 'message']].map((muted) =>
        b.client.put('/api/notifications/settings', { muted }),
      ),
    );
    const after = (await b.client.get('/api/notifications/settings')).body.muted;
    // (Answered in the order Settings lists the kinds.)
    expect([['like'], ['message', 'follower'], ['video_finished'], ['message', 'like']]).toContainEqual(
      after,
    );
  });

  it("tell followers of a creator's new public video once, and no one else", async () => {
    const [owner, fan, muter, stranger] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    for (const p of [fan, muter]) await p.client.post(`/api/users/${owner.username}/follow`);
    await muter.client.put('/api/notifications/settings', { muted: ['new_video'] });
    const hidden = await finishedVideo(app.config.storageDir, owner.userId, 'A quiet harbour at night');
    const draft = (await owner.client.post('/api/posts', { videoId: hidden.id, isPublic: false })).body;
    // Kept private: nobody is told.
    expect(await kinds(fan)).toEqual([]);
    const video = await finishedVideo(app.config.storageDir, owner.userId, 'A fox in the snow');
    const post = (await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    expect(await kinds(fan)).toEqual(['new_video×1']);
    expect((await list(fan)).notifications[0]).toMatchObject({
      actor: { username: owner.username },
      targetType: 'post',
      targetId: post.id,
      data: { title: post.title, slug: post.slug },
    });
    // Private and public again tells nobody twice; the private one made public is news.
    await owner.client.patch(`/api/posts/${post.id}`, { isPublic: false });
    await owner.client.patch(`/api/posts/${post.id}`, { isPublic: true });
    await owner.client.patch(`/api/posts/${draft.id}`, { isPublic: true });
    expect(await kinds(fan)).toEqual(['new_video×1', 'new_video×1']);
    expect(await kinds(muter)).toEqual([]);
    expect(await kinds(stranger)).toEqual([]);
    expect(await kinds(owner)).toEqual(['follower×1', 'follower×1']);
  });

  it('sends the unread count live, and again as it changes', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await befriend(a, b);
    const socket = wsClient(app.url, b.client.cookieHeader);
    const counts: number[] = [];
    let changed: () => void = () => {};
    socket.subscribe(
      { query: 'subscription { unreadNotifications }' },
      {
        next: (r) => {
          counts.push((r.data as { unreadNotifications: number }).unreadNotifications);
          changed();
        },
        error: () => {},
        complete: () => {},
      },
    );
    const next = (n: number) =>
      new Promise<void>((resolve) => {
        changed = () => counts.length >= n && resolve();
        changed();
      });
    await next(1);
    expect(counts).toEqual([1]);
    await send(a, conversation, 'live');
    await next(2);
    expect(counts).toEqual([1, 2]);
    await b.client.post('/api/notifications/read', {});
    await next(3);
    expect(counts).toEqual([1, 2, 0]);
    await socket.dispose();
  });

  it('tells a live page each new notification once, a grouped one again as it counts up, and no one else', async () => {
    const [owner, c, d, other] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    // Written before the page listened: the page lists it itself, the stream doesn't repeat it.
    await c.client.post(`/api/users/${owner.username}/follow`);
    const video = await finishedVideo(app.config.storageDir, owner.userId, 'Waves on a pier');
    const post = (await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    const seen: { owner: string[]; other: string[] } = { owner: [], other: [] };
    let changed: () => void = () => {};
    const sockets = (['owner', 'other'] as const).map((who) => {
      const socket = wsClient(app.url, (who === 'owner' ? owner : other).client.cookieHeader);
      socket.subscribe(
        { query: 'subscription { notificationAdded { kind count actor { username } targetId } }' },
        {
          next: (r) => {
            const n = (
              r.data as { notificationAdded: { kind: string; count: number; actor: { username: string } } }
            ).notificationAdded;
            seen[who].push(`${n.kind}×${n.count} ${n.actor.username}`);
            changed();
          },
          error: () => {},
          complete: () => {},
        },
      );
      return socket;
    });
    const next = (n: number) =>
      new Promise<void>((resolve) => {
        changed = () => seen.owner.length >= n && resolve();
        changed();
      });
    // A subscription sends nothing until there is news: give it a moment to start listening.
    await new Promise((r) => setTimeout(r, 1_000));
    await c.client.post(`/api/posts/${post.id}/like`);
    await next(1);
    await d.client.post(`/api/posts/${post.id}/like`);
    await next(2);
    // Reading tells the page nothing new; a new follower does.
    await owner.client.post('/api/notifications/read', {});
    await d.client.post(`/api/users/${owner.username}/follow`);
    await next(3);
    expect(seen.owner).toEqual([`like×1 ${c.username}`, `like×2 ${d.username}`, `follower×1 ${d.username}`]);
    expect(seen.other).toEqual([]);
    await Promise.all(sockets.map((s) => s.dispose()));
  });
});
