import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo as storeFinishedVideo } from '../../tests/support/videos.ts';

const app = useTestApp();

/** A finished video job (rows and bytes) in this app's storage. */
const finishedVideo = (userId: string, prompt: string, duration = '8', provider = 'preview') =>
  storeFinishedVideo(app.config.storageDir, userId, prompt, { duration, provider });

/** A finished video of `person`'s saved as a post over REST, with `fields` beside its id; the post. */
async function postVideo(
  person: { client: HttpClient; userId: string },
  prompt: string,
  fields: Record<string, unknown> = {},
) {
  const res = await person.client.post('/api/posts', {
    videoId: (await finishedVideo(person.userId, prompt)).id,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /api/posts', () => {
  it('saves a finished video with the title and slug rules, and once only', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const prompt = 'A golden retriever surfing a huge wave at sunset, cinematic and slow';
    const video = await finishedVideo(userId, prompt);
    const res = await client.post('/api/posts', {
      videoId: video.id,
      title: 'ignored: the server titles from the prompt',
      prompt: 'ignored too',
      videoUrl: 'https://evil.example/x.mp4',
      tags: ['Dogs', 'surf', 'dogs'],
      isPublic: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'A golden retriever surfing a huge wave at sunset...',
      prompt,
      duration: '8',
      seconds: 8,
      size: '1280x720',
      tags: ['dogs', 'surf'],
      isPublic: true,
      likes: 0,
      views: 0,
      videoUrl: `/media/${video.videoKey}`,
      thumbnailUrl: `/media/${video.thumbnailKey}`,
      preview: true,
    });
    expect(res.body.slug).toMatch(/^a-golden-retriever-surfing-a-huge-wave-at-sunset-\d{13}$/);
    const again = await client.post('/api/posts', { videoId: video.id });
    expect(again.body.id).toBe(res.body.id);
    // Two saves at once still make one post.
    const other = await finishedVideo(userId, 'twin saves');
    const [a, b] = await Promise.all([
      client.post('/api/posts', { videoId: other.id }),
      client.post('/api/posts', { videoId: other.id }),
    ]);
    expect(a.body.id).toBe(b.body.id);
    const count = await db().query('select count(*)::int as n from posts where video_id = $1', [other.id]);
    expect(count.rows[0].n).toBe(1);
    // A video from a configured video service is not marked as a preview render.
    const remote = await finishedVideo(userId, 'from the video service', '4', 'remote');
    const saved = await client.post('/api/posts', { videoId: remote.id });
    expect(saved.body.preview).toBe(false);
  });

  it('answers 401 signed out, 404 for another user’s video, 400 for a video still rendering', async () => {
    const owner = await signedUpClient(app.url);
    const video = await finishedVideo(owner.userId, 'mine only');
    const anonymous = await new HttpClient(app.url).post('/api/posts', { videoId: video.id });
    expect(anonymous.status).toBe(401);
    const intruder = await signedUpClient(app.url);
    const stolen = await intruder.client.post('/api/posts', { videoId: video.id });
    expect(stolen.status).toBe(404);
    await db().query(`update video_jobs set status = 'in_progress', progress = 40 where id = $1`, [video.id]);
    const early = await owner.client.post('/api/posts', { videoId: video.id });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Please Wait - Video is being saved. Try again in a moment.');
  });
});

describe('galleries', () => {
  it('lists own posts, public videos only in the community, and a private slug is "Video not found"', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const pub = await postVideo(alice, 'public fox');
    const priv = await postVideo(alice, 'private fox', { isPublic: false });
    expect((await alice.client.get('/api/posts')).body.map((p: { id: string }) => p.id)).toEqual([
      priv.id,
      pub.id,
    ]);
    expect((await bob.client.get('/api/posts')).body).toEqual([]);

    const anon = new HttpClient(app.url);
    const list = (await anon.get('/api/public/videos?search=fox')).body as { id: string }[];
    expect(list.map((p) => p.id)).toContain(pub.id);
    expect(list.map((p) => p.id)).not.toContain(priv.id);
    expect((await anon.get(`/api/public/videos/${pub.slug}`)).status).toBe(200);
    const hidden = await anon.get(`/api/public/videos/${priv.slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Video not found');
    expect((await anon.gql(`{ publicVideo(slug: "${priv.slug}") { id } }`)).data.publicVideo).toBeNull();
  });

  it('lets only the owner edit title, description, tags and visibility', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const post = await postVideo(alice, 'edit me');
    const edited = await alice.client.gql(
      `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { title description tags isPublic } }`,
      {
        id: post.id,
        input: {
          title: 'Sunset surf',
          description: 'A calm evening',
          tags: ['Sea', 'calm'],
          isPublic: false,
        },
      },
    );
    expect(edited.data.updatePost).toEqual({
      title: 'Sunset surf',
      description: 'A calm evening',
      tags: ['sea', 'calm'],
      isPublic: false,
    });
    const blank = await alice.client.patch(`/api/posts/${post.id}`, { title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Title is required');
    expect((await bob.client.patch(`/api/posts/${post.id}`, { title: 'mine now' })).status).toBe(404);
  });

  it('searches title, prompt and description, filters by tag, and pages without gaps or repeats', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const marker = `zebra${randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const post = await postVideo({ client, userId }, `${marker} number ${i}`, {
        tags: i % 2 ? ['odd'] : ['even'],
      });
      ids.unshift(post.id);
    }
    const pages: string[] = [];
    let after = '';
    for (let guard = 0; guard < 5; guard++) {
      const res = await client.get(
        `/api/public/videos?search=${marker}&limit=2${after ? `&after=${after}` : ''}`,
      );
      pages.push(...res.body.map((p: { id: string }) => p.id));
      after = res.headers.get('x-next-cursor') ?? '';
      if (!after) break;
    }
    expect(pages).toEqual(ids);
    const odd = await client.gql(
      `{ publicVideos(search: "${marker}", tag: "odd") { posts { prompt } nextCursor } }`,
    );
    expect(odd.data.publicVideos.posts.map((p: { prompt: string }) => p.prompt)).toEqual([
      `${marker} number 3`,
      `${marker} number 1`,
    ]);
    await client.patch(`/api/posts/${ids[0]}`, { description: `the ${marker}-described one` });
    const byDescription = await client.get(`/api/public/videos?search=${marker}-described`);
    expect(byDescription.body.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const tags = await client.gql('{ publicVideoTags }');
    expect(tags.data.publicVideoTags.slice(0, 2).sort()).toEqual(['even', 'odd']);
  });

  it('tells how many public videos match in all on a first page (X-Total-Count, GraphQL total)', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const marker = `okapi${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 3; i++) {
      await postVideo({ client, userId }, `${marker} number ${i}`, { tags: i === 0 ? ['first'] : [] });
    }
    const anon = new HttpClient(app.url);
    const first = await anon.get(`/api/public/videos?search=${marker}&limit=2`);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('x-total-count')).toBe('3');
    // Later pages do not count again.
    const next = await anon.get(
      `/api/public/videos?search=${marker}&limit=2&after=${first.headers.get('x-next-cursor')}`,
    );
    expect(next.body).toHaveLength(1);
    expect(next.headers.get('x-total-count')).toBeNull();
    const tagged = await anon.get(`/api/public/videos?search=${marker}&tag=first`);
    expect(tagged.headers.get('x-total-count')).toBe('1');
    // The unfiltered landing page (served from memory, a few seconds old at most) counts too.
    const landing = await anon.get('/api/public/videos?limit=1');
    expect(landing.headers.get('x-total-count')).toMatch(/^[1-9]\d*$/);
    const gql = await anon.gql(`{ publicVideos(search: "${marker}", first: 1) { total posts { id } } }`);
    expect(gql.data.publicVideos).toMatchObject({ total: 3 });
  });

  it('lists the newest public tags over REST, as many as asked (1–50, 10 by default)', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const marker = `tag${randomUUID().slice(0, 6)}`;
    for (const tags of [[`${marker}-a`], [`${marker}-b`, `${marker}-c`]]) {
      await postVideo({ client, userId }, `${marker} clip`, { tags });
    }
    // A private post's tags stay out.
    await postVideo({ client, userId }, `${marker} hidden`, { tags: [`${marker}-private`], isPublic: false });
    const anon = new HttpClient(app.url);
    const mine = (tags: string[]) => tags.filter((tag) => tag.startsWith(marker));
    // Other test files share the database, so only this test's own tags are compared by name.
    const all = await anon.get('/api/public/video-tags?limit=50');
    expect(all.status).toBe(200);
    // Newest first; tags of the same post by name.
    expect(mine(all.body)).toEqual([`${marker}-b`, `${marker}-c`, `${marker}-a`]);
    expect((await anon.get('/api/public/video-tags?limit=2')).body).toHaveLength(2);
    const byDefault = (await anon.get('/api/public/video-tags')).body as string[];
    expect(byDefault.length).toBeGreaterThanOrEqual(3);
    expect(byDefault.length).toBeLessThanOrEqual(10);
    expect((await anon.get('/api/public/video-tags?limit=500')).body.length).toBeLessThanOrEqual(50);
    expect((await anon.get('/api/public/video-tags?limit=0')).body).toHaveLength(1);
    expect((await anon.get('/api/public/video-tags?limit=lots')).body.length).toBeLessThanOrEqual(10);
    // The same list as the GraphQL field.
    const gql = await anon.gql('{ publicVideoTags(first: 50) }');
    expect(mine(gql.data.publicVideoTags)).toEqual(mine(all.body));
  });
});

describe('the community gallery’s first page (cached in memory)', () => {
  it('shows a new public video at once, and drops it when it is made private', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const anon = new HttpClient(app.url);
    const firstIds = async () =>
      ((await anon.get('/api/public/videos')).body as { id: string }[]).map((p) => p.id);
    await firstIds(); // fills the cache
    const post = await postVideo({ client, userId }, 'fresh one');
    await expect.poll(firstIds, { timeout: 2000, interval: 20 }).toContain(post.id);
    expect((await firstIds())[0]).toBe(post.id);
    await client.patch(`/api/posts/${post.id}`, { isPublic: false });
    await expect.poll(firstIds, { timeout: 2000, interval: 20 }).not.toContain(post.id);
    const six = await anon.gql('{ publicVideos(first: 6) { posts { id } nextCursor } }');
    expect(six.data.publicVideos.posts).toHaveLength(6);
    const next = await anon.gql(
      `{ publicVideos(first: 6, after: "${six.data.publicVideos.nextCursor}") { posts { id } } }`,
    );
    const firstTwelve = await anon.gql('{ publicVideos(first: 12) { posts { id } } }');
    expect([...six.data.publicVideos.posts, ...next.data.publicVideos.posts]).toEqual(
      firstTwelve.data.publicVideos.posts,
    );
  });
});

describe('likes and views', () => {
  it('counts one like per user, toggled', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const post = await postVideo(alice, 'likeable');
    const like = (c: HttpClient) =>
      c.gql(`mutation { toggleLike(postId: "${post.id}") { likes likedByMe } }`);
    expect((await like(alice.client)).data.toggleLike).toEqual({ likes: 1, likedByMe: true });
    expect((await like(bob.client)).data.toggleLike).toEqual({ likes: 2, likedByMe: true });
    expect((await like(bob.client)).data.toggleLike).toEqual({ likes: 1, likedByMe: false });
    await Promise.all([like(bob.client), like(alice.client)]);
    expect((await db().query('select likes from posts where id = $1', [post.id])).rows[0].likes).toBe(1);
    const anon = await new HttpClient(app.url).gql(`mutation { toggleLike(postId: "${post.id}") { likes } }`);
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('counts a view once per viewer per day', async () => {
    const alice = await signedUpClient(app.url);
    const post = await postVideo(alice, 'watchable');
    const visitor = new HttpClient(app.url);
    for (let i = 0; i < 3; i++) await visitor.get(`/api/public/videos/${post.slug}`);
    await alice.client.gql(`mutation { recordView(postId: "${post.id}") { views } }`);
    await alice.client.gql(`mutation { recordView(postId: "${post.id}") { views } }`);
    const views = (await alice.client.get(`/api/public/videos/${post.slug}`)).body.views;
    expect(views).toBe(2);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('deletes only the owner’s post, with its video files', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const video = await finishedVideo(alice.userId, 'short lived');
    const post = (await alice.client.post('/api/posts', { videoId: video.id })).body;
    expect((await bob.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await fetch(app.url + post.videoUrl)).status).toBe(200);
    // A card asked for the small poster once: its scaled copy goes with the post too.
    const scaled = path.join(app.config.storageDir, '.sized', 'w384', video.thumbnailKey);
    await mkdir(path.dirname(scaled), { recursive: true });
    await writeFile(scaled, Buffer.alloc(512, 1));

    expect((await alice.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(200);
    expect(existsSync(scaled)).toBe(false);
    expect((await alice.client.get('/api/posts')).body).toEqual([]);
    expect((await fetch(app.url + post.videoUrl)).status).toBe(404);
    expect(existsSync(path.join(app.config.storageDir, video.thumbnailKey))).toBe(false);
    const files = await db().query('select count(*)::int as n from files where storage_key = any($1)', [
      [video.videoKey, video.thumbnailKey],
    ]);
    expect(files.rows[0].n).toBe(0);
    expect((await alice.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(404);
  });
});
