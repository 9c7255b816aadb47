import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo } from '../../tests/support/videos.ts';

/**
 * Blocking (api/src/modules/moderation/core/blocks.ts): the REST contract, and what a block does in
 * the modules that read it (social: messages and friend requests; video: the community gallery).
 */

const app = useTestApp();
const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
type Person = Awaited<ReturnType<typeof signedUpClient>>;

async function friends(x: Person, y: Person) {
  const { body } = await x.client.post('/api/friends/request', { username: y.username });
  await y.client.post(`/api/friendships/${body.friendship.id}/accept`);
  return (await x.client.gql('mutation($f: ID!) { openConversation(friendId: $f) { id } }', { f: y.userId }))
    .data.openConversation.id as string;
}

const send = (p: Person, conversationId: string, content: string) =>
  p.client.gql(
    'mutation($c: ID!, $t: String!) { sendDirectMessage(conversationId: $c, content: $t) { id } }',
    {
      c: conversationId,
      t: content,
    },
  );
const history = async (p: Person, conversationId: string) =>
  (
    await p.client.gql('query($c: ID!) { directMessages(conversationId: $c) { messages { content } } }', {
      c: conversationId,
    })
  ).data.directMessages.messages.map((m: { content: string }) => m.content);

const block = (p: Person, username: string) =>
  p.client.post(`/api/users/${encodeURIComponent(username)}/block`);
const unblock = (p: Person, username: string) =>
  p.client.request('DELETE', `/api/users/${encodeURIComponent(username)}/block`);

describe('blocking', () => {
  it('answers 200 both ways, 404 for no one, 400 for yourself, 401 signed out', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const blocked = await block(a, b.username.toUpperCase());
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ username: b.username, blocked: true });
    expect((await block(a, b.username)).status).toBe(200);
    const list = await a.client.gql('{ blockedUsers { username } }');
    expect(list.data.blockedUsers).toEqual([{ username: b.username }]);
    expect((await a.client.get('/api/blocks')).body).toEqual([
      expect.objectContaining({ username: b.username, blockedAt: expect.stringMatching(ISO_8601) }),
    ]);
    expect((await block(a, 'nobody_at_all_x')).status).toBe(404);
    expect((await block(a, a.username)).status).toBe(400);
    expect((await new HttpClient(app.url).post(`/api/users/${b.username}/block`)).status).toBe(401);
    const lifted = await unblock(a, b.username);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ username: b.username, blocked: false });
    expect((await a.client.gql('{ blockedUsers { username } }')).data.blockedUsers).toEqual([]);
  });

  it('the blocked person cannot message or friend the blocker; the blocker no longer sees their messages and videos', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const conversation = await friends(a, b);
    await send(b, conversation, 'before the block');
    const video = await finishedVideo(
      app.config.storageDir,
      b.userId,
      'A unique hummingbird hovering by a flower',
    );
    const post = (await b.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    const gallery = async (p: Person) =>
      ((await p.client.get('/api/public/videos?search=hummingbird')).body as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await gallery(a)).toContain(post.id);
    const before = await a.client.gql(
      '{ unreadMessageCount conversations { unreadCount youBlocked canMessage } }',
    );
    expect(before.data.conversations).toEqual([{ unreadCount: 1, youBlocked: false, canMessage: true }]);
    expect(before.data.unreadMessageCount).toBe(1);

    expect((await block(a, b.username)).status).toBe(200);

    // B can't message A (nor A B while the block stands).
    const refused = await send(b, conversation, 'after the block');
    expect(refused.errors?.[0]).toMatchObject({
      message: "You can't message this person",
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await send(a, conversation, 'hello?')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A no longer sees B's messages; B still has their own.
    expect(await history(a, conversation)).toEqual([]);
    expect(await history(b, conversation)).toEqual(['before the block']);
    // Nor B's videos in the community gallery (others still do).
    expect(await gallery(a)).not.toContain(post.id);
    // Nor in the count the gallery shows.
    const counted = await a.client.get('/api/public/videos?search=hummingbird');
    expect(counted.headers.get('x-total-count')).toBe('0');
    const c = await signedUpClient(app.url);
    expect(await gallery(c)).toContain(post.id);

    // The block ended their friendship; the conversation's preview and unread count leave B's
    // message out for A, and neither is offered a way to write.
    expect((await a.client.get('/api/friends')).body).toEqual([]);
    expect((await b.client.get('/api/friends')).body).toEqual([]);
    const seen = async (p: Person) =>
      (
        await p.client.gql(
          '{ conversations { id unreadCount youBlocked canMessage lastMessage { content } } }',
        )
      ).data.conversations.find((c: { id: string }) => c.id === conversation);
    expect(await seen(a)).toMatchObject({
      unreadCount: 0,
      youBlocked: true,
      canMessage: false,
      lastMessage: null,
    });
    expect(await seen(b)).toMatchObject({
      youBlocked: false,
      canMessage: false,
      lastMessage: { content: 'before the block' },
    });
    const searched = await a.client.gql('{ conversations(search: "before the block") { id } }');
    expect(searched.data.conversations).toEqual([]);
    expect((await a.client.gql('{ unreadMessageCount }')).data.unreadMessageCount).toBe(0);

    // A friend request either way reads as no such user.
    const ask = await b.client.post('/api/friends/request', { username: a.username });
    expect(ask.status).toBe(404);
    expect((await a.client.post('/api/friends/request', { username: b.username })).status).toBe(404);

    // Unblocked: all of it comes back.
    expect((await unblock(a, b.username)).status).toBe(200);
    expect(await gallery(a)).toContain(post.id);
    expect(await history(a, conversation)).toEqual(['before the block']);
    expect((await b.client.post('/api/friends/request', { username: a.username })).status).toBe(201);
    expect(await seen(a)).toMatchObject({
      unreadCount: 1,
      youBlocked: false,
      lastMessage: { content: 'before the block' },
    });
  });

  it('a profile hidden by reports shows others its username only, until restored', async () => {
    const [owner, friend, r1, r2, r3] = (await Promise.all(
      Array.from({ length: 5 }, () => signedUpClient(app.url)),
    )) as [Person, Person, Person, Person, Person];
    await owner.client.gql('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id } }', {
      i: { displayName: 'Rude Name' },
    });
    await friends(friend, owner);
    const video = await finishedVideo(app.config.storageDir, owner.userId, 'A unique lighthouse at dusk');
    const post = (await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    const shown = async () => ({
      friend: ((await friend.client.get('/api/friends')).body as { displayName: string | null }[])[0]
        ?.displayName,
      author: (
        await r1.client.gql('query($s: String!) { publicVideo(slug: $s) { author { displayName } } }', {
          s: post.slug,
        })
      ).data.publicVideo.author.displayName,
    });
    expect(await shown()).toEqual({ friend: 'Rude Name', author: 'Rude Name' });
    const byName = async () =>
      (await friend.client.gql('{ conversations(search: "Rude") { id } }')).data.conversations.length;
    expect(await byName()).toBe(1);
    // Three people report the profile (REPORTS_AUTO_HIDE_AT's default): it is hidden.
    for (const r of [r1, r2, r3]) {
      const res = await r.client.post('/api/reports', {
        targetType: 'user',
        targetId: owner.username,
        reason: 'hate',
      });
      expect(res.status).toBe(201);
    }
    expect(await shown()).toEqual({ friend: null, author: null });
    expect(await byName()).toBe(0);
    // The reporter's list of reports (REST) names it, with ISO 8601 times like every REST answer.
    expect((await r1.client.get('/api/reports/mine')).body).toEqual([
      expect.objectContaining({
        targetType: 'user',
        targetLabel: `@${owner.username}`,
        status: 'open',
        createdAt: expect.stringMatching(ISO_8601),
        resolvedAt: null,
      }),
    ]);
    // The owner's own profile still has it (they see what they wrote).
    const ownView = async () =>
      (await owner.client.gql('{ me { displayName profileHiddenReason } }')).data.me;
    expect(await ownView()).toEqual({ displayName: 'Rude Name', profileHiddenReason: expect.any(String) });
    // A moderator restores it: others see the name again.
    const mod = await signedUpClient(app.url);
    await db().query(`update users set role = 'moderator' where id = $1`, [mod.userId]);
    const [{ id: reportId }] = (
      await db().query(`select id from reports where target_type = 'user' and target_id = $1 limit 1`, [
        owner.userId,
      ])
    ).rows;
    // The api caches who a user is for a while (accounts/core/currentUser.ts): the new role may take a moment.
    const restore = () =>
      mod.client.gql('mutation($r: ID!) { moderate(reportId: $r, action: "restore") { resolved } }', {
        r: reportId,
      });
    await expect.poll(async () => (await restore()).data?.moderate?.resolved ?? 'refused').toBe(3);
    expect(await shown()).toEqual({ friend: 'Rude Name', author: 'Rude Name' });
    expect(await ownView()).toEqual({ displayName: 'Rude Name', profileHiddenReason: null });
  });
});
