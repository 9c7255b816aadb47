import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo } from '../../tests/support/videos.ts';
import { computeTrending } from '../src/modules/video/core/trending.ts';

/**
 * Likes (video/core/posts.ts likePost, unlikePost, likedVideos) and the community gallery's sorts
 * (newest, top, trending: video/core/trending.ts), over REST and GraphQL.
 */
const app = useTestApp();

type Person = { client: HttpClient; userId: string };

/** A public post of `person`'s, saved over REST with `tags`; the post. */
async function postVideo(person: Person, prompt: string, fields: Record<string, unknown> = {}) {
  const video = await finishedVideo(app.config.storageDir, person.userId, prompt);
  const res = await person.client.post('/api/posts', { videoId: video.id, ...fields });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; likes: number };
}

const like = (c: HttpClient, id: string) => c.post(`/api/posts/${id}/like`);
const unlike = (c: HttpClient, id: string) => c.request('DELETE', `/api/posts/${id}/like`);

async function likeRows(postId: string) {
  const { rows } = await db().query(
    `select (select count(*)::int from post_likes where post_id = $1) as rows,
            (select likes from posts where id = $1) as likes`,
    [postId],
  );
  return rows[0] as { rows: number; likes: number };
}

describe('POST and DELETE /api/posts/{id}/like', () => {
  it('likes once, unlikes once, for the owner and another user; 401 signed out', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const post = await postVideo(owner, 'a likeable sunset');

    const first = await like(owner.client, post.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ likes: 1, liked: true });
    expect((await like(owner.client, post.id)).body).toEqual({ likes: 1, liked: true });
    expect((await like(other.client, post.id)).body).toEqual({ likes: 2, liked: true });
    expect((await unlike(other.client, post.id)).body).toEqual({ likes: 1, liked: false });
    // Unliking what isn't liked is fine, and changes nothing.
    const again = await unlike(other.client, post.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ likes: 1, liked: false });
    expect(await likeRows(post.id)).toEqual({ rows: 1, likes: 1 });

    // The public page and the list say so too.
    const page = await other.client.get(`/api/public/videos/${post.slug}`);
    expect(page.body).toMatchObject({ likes: 1, likedByMe: false });
    const mine = await owner.client.get(`/api/public/videos/${post.slug}`);
    expect(mine.body).toMatchObject({ likes: 1, likedByMe: true });

    const anonymous = new HttpClient(app.url);
    expect((await like(anonymous, post.id)).status).toBe(401);
    expect((await unlike(anonymous, post.id)).status).toBe(401);
    expect(await likeRows(post.id)).toEqual({ rows: 1, likes: 1 });
  });

  it('takes a deleted account’s likes off the counts of the videos it liked', async () => {
    const owner = await signedUpClient(app.url);
    const [leaving, staying] = await Promise.all([signedUpClient(app.url), signedUpClient(app.url)]);
    const post = await postVideo(owner, 'a harbour liked by someone who leaves');
    for (const p of [leaving, staying]) await like(p.client, post.id);
    expect(await likeRows(post.id)).toEqual({ rows: 2, likes: 2 });
    const gone = await leaving.client.request('DELETE', '/api/account', { password: 'secret123' });
    expect(gone.status).toBe(200);
    expect(await likeRows(post.id)).toEqual({ rows: 1, likes: 1 });
  });

  it('keeps the count exact under 50 users liking and unliking at once, and one user liking 20 times', async () => {
    const owner = await signedUpClient(app.url);
    const post = await postVideo(owner, 'a crowd favourite');
    // Signed up one after another: the sign-up's password hashing sheds a crowd (429).
    const people: Person[] = [];
    for (let i = 0; i < 50; i++) people.push(await signedUpClient(app.url));
    // Half of them liked it already: they unlike while the other half like.
    await Promise.all(people.slice(0, 25).map((p) => like(p.client, post.id)));
    expect(await likeRows(post.id)).toEqual({ rows: 25, likes: 25 });
    const answers = await Promise.all(
      people.map((p, i) => (i < 25 ? unlike(p.client, post.id) : like(p.client, post.id))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.slice(0, 25).every((a) => a.body.liked === false)).toBe(true);
    expect(answers.slice(25).every((a) => a.body.liked === true)).toBe(true);
    expect(await likeRows(post.id)).toEqual({ rows: 25, likes: 25 });

    // 50 at once in both directions, each person's own twice.
    await Promise.all(
      people.flatMap((p, i) =>
        i % 2 ? [like(p.client, post.id), like(p.client, post.id)] : [unlike(p.client, post.id)],
      ),
    );
    expect(await likeRows(post.id)).toEqual({ rows: 25, likes: 25 });

    const fan = people[0]!;
    const twenty = await Promise.all(Array.from({ length: 20 }, () => like(fan.client, post.id)));
    expect(twenty.every((a) => a.status === 200 && a.body.liked === true)).toBe(true);
    expect(await likeRows(post.id)).toEqual({ rows: 26, likes: 26 });
    const { rows } = await db().query(
      'select count(*)::int as n from post_likes where post_id = $1 and user_id = $2',
      [post.id, fan.userId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('answers 404 for a private, hidden or banned owner’s post, and for a malformed or unknown id', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const privatePost = await postVideo(owner, 'just for me', { isPublic: false });
    const hidden = await postVideo(owner, 'moderators hid this');
    await db().query(
      `insert into hidden_content (id, target_type, target_id, reason, was_public) values ($1, 'post', $2, 'spam', true)`,
      [randomUUID(), hidden.id],
    );
    await db().query('update posts set is_public = false where id = $1', [hidden.id]);
    const hiddenStillPublic = await postVideo(owner, 'hidden but left public');
    await db().query(
      `insert into hidden_content (id, target_type, target_id, reason, was_public) values ($1, 'post', $2, 'spam', true)`,
      [randomUUID(), hiddenStillPublic.id],
    );
    const banned = await signedUpClient(app.url);
    const bannedPost = await postVideo(banned, 'from someone banned later');
    await db().query('update users set banned_at = now() where id = $1', [banned.userId]);

    for (const id of [privatePost.id, hidden.id, hiddenStillPublic.id, bannedPost.id]) {
      for (const who of [owner, other]) {
        expect((await like(who.client, id)).status).toBe(404);
        expect((await unlike(who.client, id)).status).toBe(404);
      }
    }
    for (const id of ['not-a-uuid', randomUUID(), '1%27%20or%201=1', `${randomUUID()}x`]) {
      const res = await like(other.client, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Video not found' });
      expect((await unlike(other.client, id)).status).toBe(404);
    }
    const gql = await other.client.gql(`mutation { likePost(id: "nope") { likes } }`);
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await likeRows(privatePost.id)).toEqual({ rows: 0, likes: 0 });
    expect(await likeRows(bannedPost.id)).toEqual({ rows: 0, likes: 0 });
  });

  it('likes and unlikes over GraphQL, and lists the liked videos a page at a time', async () => {
    const owner = await signedUpClient(app.url);
    const fan = await signedUpClient(app.url);
    const posts = [];
    for (let i = 0; i < 5; i++) posts.push(await postVideo(owner, `liked video ${i}`));
    for (const p of posts) {
      const res = await fan.client.gql(`mutation($id: ID!) { likePost(id: $id) { likes liked } }`, {
        id: p.id,
      });
      expect(res.data.likePost).toEqual({ likes: 1, liked: true });
    }
    const undone = await fan.client.gql(`mutation($id: ID!) { unlikePost(id: $id) { likes liked } }`, {
      id: posts[1]!.id,
    });
    expect(undone.data.unlikePost).toEqual({ likes: 0, liked: false });
    // One of them goes private: out of the list.
    await owner.client.patch(`/api/posts/${posts[3]!.id}`, { isPublic: false });

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res: any = await fan.client.gql(
        `query($after: String) { likedVideos(first: 2, after: $after) { posts { id likedByMe } nextCursor } }`,
        { after },
      );
      expect(res.errors).toBeUndefined();
      for (const p of res.data.likedVideos.posts) {
        expect(p.likedByMe).toBe(true);
        seen.push(p.id);
      }
      after = res.data.likedVideos.nextCursor;
    } while (after);
    expect(seen).toEqual([posts[4]!.id, posts[2]!.id, posts[0]!.id]);

    const rest = await fan.client.get('/api/posts/liked?limit=2');
    expect(rest.status).toBe(200);
    expect(rest.body.map((p: { id: string }) => p.id)).toEqual([posts[4]!.id, posts[2]!.id]);
    const next = await fan.client.get(`/api/posts/liked?limit=2&cursor=${rest.headers.get('x-next-cursor')}`);
    expect(next.body.map((p: { id: string }) => p.id)).toEqual([posts[0]!.id]);
    expect((await owner.client.get('/api/posts/liked')).body).toEqual([]);
    expect((await new HttpClient(app.url).get('/api/posts/liked')).status).toBe(401);
    expect((await fan.client.get('/api/posts/liked?cursor=garbage')).status).toBe(400);
    const anon = await new HttpClient(app.url).gql('{ likedVideos { posts { id } } }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/public/videos?sort=', () => {
  /** Public posts with a tag of their own (the shared database has others), created `hoursAgo`. */
  async function taggedPosts(person: Person, tag: string, hoursAgo: number[]) {
    const posts = [];
    for (const [i, hours] of hoursAgo.entries()) {
      const post = await postVideo(person, `${tag} video ${i}`, { tags: [tag] });
      await db().query(
        `update posts set created_at = $2::timestamptz - make_interval(hours => $3) where id = $1`,
        [post.id, NOW.toISOString(), hours],
      );
      posts.push(post);
    }
    return posts;
  }

  const NOW = new Date();
  const ids = (res: { body: { id: string }[] }) => res.body.map((p) => p.id);

  /** Every page of a sort, following X-Next-Cursor; the ids in order. */
  async function allPages(client: HttpClient, query: string) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { id: string }[]; headers: Headers } = await client.get(
        `/api/public/videos?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor);
    return seen;
  }

  it('orders by most likes (ties newest first) and pages without duplicates or gaps', async () => {
    const owner = await signedUpClient(app.url);
    const tag = `top${Date.now().toString(36)}`;
    const [a, b, c, d, e] = await taggedPosts(owner, tag, [50, 40, 30, 20, 10]);
    const fans = [
      await signedUpClient(app.url),
      await signedUpClient(app.url),
      await signedUpClient(app.url),
    ];
    const likes: [{ id: string }, number][] = [
      [a!, 3],
      [b!, 1],
      [c!, 3],
      [d!, 0],
      [e!, 1],
    ];
    for (const [post, n] of likes) for (const fan of fans.slice(0, n)) await like(fan.client, post.id);

    const visitor = new HttpClient(app.url);
    const expected = [c!.id, a!.id, e!.id, b!.id, d!.id];
    expect(ids(await visitor.get(`/api/public/videos?tag=${tag}&sort=top`))).toEqual(expected);
    expect(await allPages(visitor, `tag=${tag}&sort=top`)).toEqual(expected);
    // Newest stays the default, and its answer the spec's plain list.
    const newest = await visitor.get(`/api/public/videos?tag=${tag}`);
    expect(ids(newest)).toEqual([e!.id, d!.id, c!.id, b!.id, a!.id]);
    expect(newest.headers.get('x-total-count')).toBe('5');
    expect(await allPages(visitor, `tag=${tag}&sort=newest`)).toEqual([e!.id, d!.id, c!.id, b!.id, a!.id]);
    // Over GraphQL too.
    const gql = await visitor.gql(
      `query($tag: String) { publicVideos(tag: $tag, sort: "top", first: 3) { posts { id } nextCursor } }`,
      { tag },
    );
    expect(gql.data.publicVideos.posts.map((p: { id: string }) => p.id)).toEqual(expected.slice(0, 3));
    const more = await visitor.gql(
      `query($tag: String, $after: String) { publicVideos(tag: $tag, sort: "top", first: 3, after: $after) { posts { id } nextCursor } }`,
      { tag, after: gql.data.publicVideos.nextCursor },
    );
    expect(more.data.publicVideos.posts.map((p: { id: string }) => p.id)).toEqual(expected.slice(3));
  });

  it('orders trending by recent likes and views, decayed by age, from the scores the cron writes', async () => {
    const owner = await signedUpClient(app.url);
    const tag = `trend${Date.now().toString(36)}`;
    // old: many likes, but 20 days old and liked long ago; fresh: 2 likes today; middle: 3 likes
    // 3 days old; viewed: views only; quiet: nothing (a row with score 0, newest of the quiet last).
    const [old, fresh, middle, viewed, quiet, quieter] = await taggedPosts(owner, tag, [480, 2, 72, 5, 1, 3]);
    const fans: Person[] = [];
    for (let i = 0; i < 6; i++) fans.push(await signedUpClient(app.url));
    const likedAt = async (post: { id: string }, n: number, hoursAgo: number) => {
      for (const fan of fans.slice(0, n)) {
        await db().query(
          `insert into post_likes (post_id, user_id, created_at) values ($1, $2, $3::timestamptz - make_interval(hours => $4))`,
          [post.id, fan.userId, NOW.toISOString(), hoursAgo],
        );
      }
      await db().query('update posts set likes = likes + $2 where id = $1', [post.id, n]);
    };
    await likedAt(old!, 6, 400); // outside the 7-day window: counts for top, not trending
    await likedAt(fresh!, 2, 1);
    await likedAt(middle!, 3, 48);
    for (let i = 0; i < 3; i++) {
      await db().query(`insert into post_views (post_id, viewer, day) values ($1, $2, $3::date)`, [
        viewed!.id,
        `ip:test${i}`,
        NOW.toISOString().slice(0, 10),
      ]);
    }

    await computeTrending(app.orm.em.fork(), NOW);
    const { rows } = await db().query(
      `select post_id, score from post_trending where post_id = any($1::uuid[])`,
      [[old, fresh, middle, viewed, quiet, quieter].map((p) => p!.id)],
    );
    const score = new Map(rows.map((r) => [r.post_id, r.score]));
    // fresh: 6 / (2+2)^1.5 = 0.75; viewed: 3 / 7^1.5 ≈ 0.16; middle: 9 / 74^1.5 ≈ 0.014.
    expect(score.get(fresh!.id)).toBeCloseTo(0.75, 5);
    expect(score.get(old!.id)).toBe(0);
    expect(score.get(quiet!.id)).toBe(0);

    const expected = [fresh!.id, viewed!.id, middle!.id, quiet!.id, quieter!.id, old!.id];
    const visitor = new HttpClient(app.url);
    expect(ids(await visitor.get(`/api/public/videos?tag=${tag}&sort=trending`))).toEqual(expected);
    expect(await allPages(visitor, `tag=${tag}&sort=trending`)).toEqual(expected);
    const signedIn = await fans[0]!.client.get(`/api/public/videos?tag=${tag}&sort=trending`);
    expect(ids(signedIn)).toEqual(expected);
    // Most liked puts the old one first.
    expect(ids(await visitor.get(`/api/public/videos?tag=${tag}&sort=top`))[0]).toBe(old!.id);

    // One published after the run is listed at once (0, newest of the unscored) until the next run.
    const [late] = await taggedPosts(owner, tag, [0]);
    const withLate = [fresh!.id, viewed!.id, middle!.id, late!.id, quiet!.id, quieter!.id, old!.id];
    expect(await allPages(visitor, `tag=${tag}&sort=trending`)).toEqual(withLate);
    await computeTrending(app.orm.em.fork(), NOW);
    expect(await allPages(visitor, `tag=${tag}&sort=trending`)).toEqual(withLate);

    // A post made private drops out at once (before the next run).
    await owner.client.patch(`/api/posts/${viewed!.id}`, { isPublic: false });
    expect(ids(await visitor.get(`/api/public/videos?tag=${tag}&sort=trending`))).toEqual(
      withLate.filter((id) => id !== viewed!.id),
    );
  });

  it('refuses an unknown sort or another sort’s cursor with 400 and a message, never 500', async () => {
    const visitor = new HttpClient(app.url);
    for (const sort of ['oldest', 'TOP', '', "top'--", 'x'.repeat(300)]) {
      const res = await visitor.get(`/api/public/videos?sort=${encodeURIComponent(sort)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Sort must be newest, top or trending');
    }
    expect((await visitor.get('/api/public/videos?sort=top&sort=newest')).status).toBe(400);
    const owner = await signedUpClient(app.url);
    const tag = `cur${Date.now().toString(36)}`;
    await taggedPosts(owner, tag, [3, 2, 1]);
    const newest = await visitor.get(`/api/public/videos?tag=${tag}&limit=1`);
    const cursor = newest.headers.get('x-next-cursor')!;
    expect(
      (await visitor.get(`/api/public/videos?tag=${tag}&limit=1&sort=top&cursor=${cursor}`)).status,
    ).toBe(400);
    const top = await visitor.get(`/api/public/videos?tag=${tag}&limit=1&sort=top`);
    const topCursor = top.headers.get('x-next-cursor')!;
    expect((await visitor.get(`/api/public/videos?tag=${tag}&limit=1&cursor=${topCursor}`)).status).toBe(400);
    const forged = Buffer.from(`top|1;drop|2026-01-01 00:00:00+00|${randomUUID()}`).toString('base64url');
    expect((await visitor.get(`/api/public/videos?sort=top&cursor=${forged}`)).status).toBe(400);
    const forgedTrend = Buffer.from(`trending|NaN|2026-01-01 00:00:00+00|${randomUUID()}`).toString(
      'base64url',
    );
    expect((await visitor.get(`/api/public/videos?sort=trending&cursor=${forgedTrend}`)).status).toBe(400);
    const gql = await visitor.gql('{ publicVideos(sort: "best") { posts { id } } }');
    expect(gql.errors?.[0]?.message).toBe('Sort must be newest, top or trending');
  });
});
