import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo } from '../../tests/support/videos.ts';

/**
 * Creators (api/src/modules/creators): public profiles, following, the Following feed, and what bans,
 * hidden profiles and blocks (moderation/core/blocks.ts) do to them.
 */

const app = useTestApp();
type Person = Awaited<ReturnType<typeof signedUpClient>>;

const profile = (client: HttpClient, username: string) =>
  client.get(`/api/users/${encodeURIComponent(username)}`);
const follow = (p: Person, username: string) =>
  p.client.post(`/api/users/${encodeURIComponent(username)}/follow`);
const unfollow = (p: Person, username: string) =>
  p.client.request('DELETE', `/api/users/${encodeURIComponent(username)}/follow`);

async function publish(p: Person, prompt: string, isPublic = true): Promise<{ id: string; slug: string }> {
  const video = await finishedVideo(app.config.storageDir, p.userId, prompt);
  const res = await p.client.post('/api/posts', { videoId: video.id, isPublic });
  expect(res.status).toBe(201);
  return res.body;
}

describe('creators', () => {
  it('answers the public profile to anyone, with their public videos newest first, paged', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    await b.client.gql('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id } }', {
      i: { displayName: 'Bea Maker', bio: 'I make short films.' },
    });
    const first = await publish(b, 'A unique creator video of a red kite');
    const second = await publish(b, 'A unique creator video of a blue heron');
    await publish(b, 'A unique private video of a wren', false);

    const visitor = new HttpClient(app.url);
    const res = await profile(visitor, b.username.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: b.username,
      displayName: 'Bea Maker',
      avatar: null,
      bio: 'I make short films.',
      followers: 0,
      following: 0,
      isFollowing: false,
      videos: [expect.objectContaining({ id: second.id }), expect.objectContaining({ id: first.id })],
      nextCursor: null,
    });
    // The same post shape the community gallery answers.
    const gallery = (await visitor.get('/api/public/videos?search=red%20kite')).body as { id: string }[];
    const inGallery = gallery.find((p) => p.id === first.id);
    expect(Object.keys(res.body.videos[1]).sort()).toEqual(Object.keys(inGallery!).sort());

    // Further pages by cursor.
    const page1 = await visitor.get(`/api/users/${b.username}/videos?limit=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.map((p: { id: string }) => p.id)).toEqual([second.id]);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const page2 = await visitor.get(`/api/users/${b.username}/videos?limit=1&cursor=${cursor}`);
    expect(page2.body.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect(page2.headers.get('x-next-cursor')).toBeNull();

    // GraphQL: the same, isFollowing false for a second user who doesn't follow.
    const gql = await a.client.gql(
      'query($u: String!) { creator(username: $u) { username displayName bio followers following isFollowing videos(first: 1) { posts { id } nextCursor } } }',
      { u: b.username },
    );
    expect(gql.data.creator).toMatchObject({
      username: b.username,
      displayName: 'Bea Maker',
      followers: 0,
      isFollowing: false,
      videos: { posts: [{ id: second.id }], nextCursor: expect.any(String) },
    });
    expect(
      (await a.client.gql('{ creator(username: "no_such_person_x") { username } }')).data.creator,
    ).toBeNull();
  });

  it('unknown names are 404 and bad input is 400, never 500', async () => {
    const a = await signedUpClient(app.url);
    const visitor = new HttpClient(app.url);
    expect((await profile(visitor, 'no_such_person_x')).status).toBe(404);
    expect((await profile(visitor, 'x'.repeat(300))).status).toBe(404);
    expect((await profile(visitor, '%00\'";--')).status).toBe(404);
    expect((await follow(a, 'no_such_person_x')).status).toBe(404);
    expect((await follow(a, 'y'.repeat(300))).status).toBe(404);
    expect((await unfollow(a, 'no_such_person_x')).status).toBe(404);
    const badCursor = await visitor.get(`/api/users/${a.username}/videos?cursor=not-a-cursor`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toBeTruthy();
    expect((await visitor.get(`/api/users/${a.username}/videos?limit=5000`)).status).toBe(400);
    expect((await visitor.get(`/api/users/${a.username}/videos?limit=abc`)).status).toBe(400);
    expect((await visitor.get(`/api/users/${a.username}/videos?cursor=a&cursor=b`)).status).toBe(400);
    const gqlBad = await a.client.gql('{ followingVideos(first: 0) { posts { id } } }');
    expect(gqlBad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('follows and unfollows idempotently: 200, self 400, signed out 401', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const res = await follow(a, b.username);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: b.username, isFollowing: true, followers: 1 });
    expect((await follow(a, b.username)).body).toEqual({
      username: b.username,
      isFollowing: true,
      followers: 1,
    });
    expect((await profile(a.client, b.username)).body).toMatchObject({ followers: 1, isFollowing: true });
    expect((await profile(b.client, a.username)).body).toMatchObject({ following: 1, isFollowing: false });
    expect((await profile(new HttpClient(app.url), b.username)).body).toMatchObject({
      followers: 1,
      isFollowing: false,
    });

    expect((await follow(a, a.username)).status).toBe(400);
    expect((await follow(a, a.username)).body.message).toBe("You can't follow yourself");
    const signedOut = new HttpClient(app.url);
    expect((await signedOut.post(`/api/users/${b.username}/follow`)).status).toBe(401);
    expect((await signedOut.request('DELETE', `/api/users/${b.username}/follow`)).status).toBe(401);
    expect(
      (await signedOut.gql(`mutation { follow(username: "${b.username}") { isFollowing } }`)).errors?.[0]
        ?.extensions?.code,
    ).toBe('UNAUTHENTICATED');

    const off = await unfollow(a, b.username);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ username: b.username, isFollowing: false, followers: 0 });
    expect((await unfollow(a, b.username)).status).toBe(200);

    // GraphQL mutations.
    const g = await a.client.gql(
      'mutation($u: String!) { follow(username: $u) { username isFollowing followers } }',
      {
        u: b.username,
      },
    );
    expect(g.data.follow).toEqual({ username: b.username, isFollowing: true, followers: 1 });
    const u = await a.client.gql(
      'mutation($u: String!) { unfollow(username: $u) { isFollowing followers } }',
      {
        u: b.username,
      },
    );
    expect(u.data.unfollow).toEqual({ isFollowing: false, followers: 0 });
  });

  it('20 parallel follows make one row, and parallel unfollows leave none', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => follow(a, b.username)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await db().query('select count(*)::int as n from user_follows where followed_id = $1', [
      b.userId,
    ]);
    expect(rows.rows[0].n).toBe(1);
    expect((await profile(a.client, b.username)).body.followers).toBe(1);
    const off = await Promise.all(Array.from({ length: 20 }, () => unfollow(a, b.username)));
    expect(off.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await profile(a.client, b.username)).body.followers).toBe(0);
  });

  it('the Following feed has the community videos of the people you follow', async () => {
    const [a, b, c] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    const feed = async (p: Person) =>
      (await p.client.gql('{ followingVideos(first: 50) { posts { id author { username } } nextCursor } }'))
        .data.followingVideos;
    expect(await feed(a)).toEqual({ posts: [], nextCursor: null });
    const bPost = await publish(b, 'A unique followed video of a kestrel');
    await publish(b, 'A unique private followed video', false);
    await publish(c, 'A unique unfollowed video of a crow');
    await follow(a, b.username);
    expect(await feed(a)).toEqual({
      posts: [{ id: bPost.id, author: { username: b.username } }],
      nextCursor: null,
    });
    // REST: the same feed, paged by cursor; 401 signed out.
    const rest = await a.client.get('/api/following/videos?limit=1');
    expect(rest.status).toBe(200);
    expect(rest.body.map((p: { id: string }) => p.id)).toEqual([bPost.id]);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    expect((await a.client.get('/api/following/videos?cursor=nope')).status).toBe(400);
    expect((await new HttpClient(app.url).get('/api/following/videos')).status).toBe(401);
    expect(
      (await new HttpClient(app.url).gql('{ followingVideos { posts { id } } }')).errors?.[0]?.extensions
        ?.code,
    ).toBe('UNAUTHENTICATED');
  });

  it('a banned person is 404 and cannot be followed; a hidden profile shows its username only', async () => {
    const [a, b, h] = await Promise.all([
      signedUpClient(app.url),
      signedUpClient(app.url),
      signedUpClient(app.url),
    ]);
    await publish(b, 'A unique banned video of a moth');
    await db().query('update users set banned_at = now() where id = $1', [b.userId]);
    expect((await profile(a.client, b.username)).status).toBe(404);
    expect((await follow(a, b.username)).status).toBe(404);
    expect(
      (await a.client.gql('query($u: String!) { creator(username: $u) { username } }', { u: b.username }))
        .data.creator,
    ).toBeNull();

    await h.client.gql('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id } }', {
      i: { displayName: 'Rude Name', bio: 'Rude bio' },
    });
    await db().query(
      `insert into hidden_content (id, target_type, target_id, reason) values (gen_random_uuid(), 'user', $1, 'hate')`,
      [h.userId],
    );
    const hidden = await profile(a.client, h.username);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ username: h.username, displayName: null, avatar: null, bio: null });
  });

  it('a block either way ends follows both ways and refuses new ones', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    await follow(a, b.username);
    await follow(b, a.username);
    expect((await a.client.post(`/api/users/${b.username}/block`)).status).toBe(200);
    const rows = await db().query(
      'select count(*)::int as n from user_follows where follower_id in ($1, $2) or followed_id in ($1, $2)',
      [a.userId, b.userId],
    );
    expect(rows.rows[0].n).toBe(0);
    const refused = await follow(b, a.username);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    expect((await follow(a, b.username)).status).toBe(404);
    // The blocked person doesn't get the blocker's profile (nor its Follow); others and the blocker
    // still see theirs, and signed out it is public.
    expect((await b.client.get(`/api/users/${a.username}`)).status).toBe(404);
    expect(
      (await b.client.gql('query($u: String!) { creator(username: $u) { username } }', { u: a.username }))
        .data.creator,
    ).toBeNull();
    expect((await a.client.get(`/api/users/${b.username}`)).status).toBe(200);
    expect((await new HttpClient(app.url).get(`/api/users/${a.username}`)).status).toBe(200);
    expect((await a.client.request('DELETE', `/api/users/${b.username}/block`)).status).toBe(200);
    expect((await b.client.get(`/api/users/${a.username}`)).status).toBe(200);
    expect((await follow(b, a.username)).status).toBe(200);
  });

  it('a block made while follows are being made leaves no follow behind', async () => {
    const [a, b] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => follow(b, a.username)),
      a.client.post(`/api/users/${b.username}/block`),
      ...Array.from({ length: 10 }, () => follow(b, a.username)),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 404)).toBe(true);
    const rows = await db().query(
      'select count(*)::int as n from user_follows where follower_id = $1 and followed_id = $2',
      [b.userId, a.userId],
    );
    expect(rows.rows[0].n).toBe(0);
  });
});
