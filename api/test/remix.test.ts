import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, paidClient, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo } from '../../tests/support/videos.ts';

/**
 * Remix with credit ("Make one like this": video/core/visibility.ts requireRemixable, posts.ts
 * remixesOf): a video started with `remixOf` records the original on its job and its post, the
 * original lists its public remixes, and what may not be remixed is refused the same way.
 */
const app = useTestApp();

type Person = { client: HttpClient; userId: string; username: string };

/** A post of `person`'s (public unless said), saved over REST. */
async function postVideo(person: Person, prompt: string, fields: Record<string, unknown> = {}) {
  const video = await finishedVideo(app.config.storageDir, person.userId, prompt);
  const res = await person.client.post('/api/posts', { videoId: video.id, ...fields });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; title: string };
}

/** Finishes a queued job as the worker would (rendering has its own tests): its files and row. */
async function finish(userId: string, jobId: string) {
  const videoKey = `videos/${userId}/${jobId}.mp4`;
  const thumbnailKey = `videos/${userId}/${jobId}.jpg`;
  for (const key of [videoKey, thumbnailKey]) {
    await mkdir(path.dirname(path.join(app.config.storageDir, key)), { recursive: true });
    await writeFile(path.join(app.config.storageDir, key), Buffer.alloc(2048, 1));
  }
  await db().query(
    `update video_jobs set status = 'completed', progress = 100, video_key = $2, thumbnail_key = $3 where id = $1`,
    [jobId, videoKey, thumbnailKey],
  );
}

/** Starts a remix of `originalId` over REST, finishes it and publishes it: the new post. */
async function remix(person: Person, originalId: string, prompt = 'a remix of it') {
  const started = await person.client.post('/api/videos/generate', { prompt, remixOf: originalId });
  expect(started.status).toBe(201);
  expect(started.body.remixOf).toBe(originalId);
  await finish(person.userId, started.body.id);
  const saved = await person.client.post('/api/posts', { videoId: started.body.id, isPublic: true });
  expect(saved.status).toBe(201);
  return saved.body as { id: string; slug: string; remixOf: unknown };
}

const generate = (person: Person, remixOf: unknown) =>
  person.client.post('/api/videos/generate', { prompt: 'one like that', remixOf });

describe('remix with credit', () => {
  it('records remixOf on the job and post, and the original lists and counts it (REST and GraphQL)', async () => {
    const b = await signedUpClient(app.url);
    const a = await paidClient(app.url);
    const original = await postVideo(b, 'a paper boat on a rainy street');

    const made = await remix(a, original.id, 'a paper boat on a sunny street');
    expect(made.remixOf).toEqual({
      id: original.id,
      title: original.title,
      slug: original.slug,
      url: `/videos/${original.slug}`,
      author: { username: b.username, displayName: null },
    });
    const { rows } = await db().query('select remix_of_id from posts where id = $1', [made.id]);
    expect(rows[0].remix_of_id).toBe(original.id);

    // The remix's public page credits the original; the original's counts and lists the remix.
    const anonymous = new HttpClient(app.url);
    const page = await anonymous.get(`/api/public/videos/${made.slug}`);
    expect(page.body.remixOf).toMatchObject({ id: original.id, slug: original.slug });
    const originalPage = await anonymous.get(`/api/public/videos/${original.slug}`);
    expect(originalPage.body).toMatchObject({ remixOf: null, remixCount: 1 });
    const list = await anonymous.get(`/api/posts/${original.id}/remixes`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([made.id]);

    const gql = await anonymous.gql(
      `query ($slug: String!) { publicVideo(slug: $slug) { remixCount remixOf { id }
         remixes(first: 5) { posts { id remixOf { slug author { username } } } nextCursor } } }`,
      { slug: original.slug },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.publicVideo).toEqual({
      remixCount: 1,
      remixOf: null,
      remixes: {
        posts: [{ id: made.id, remixOf: { slug: original.slug, author: { username: b.username } } }],
        nextCursor: null,
      },
    });
  });

  it('pages remixes newest first, and a remix of a remix works', async () => {
    const b = await signedUpClient(app.url);
    const a = await paidClient(app.url);
    const original = await postVideo(b, 'a lighthouse at dusk');
    const first = await remix(a, original.id, 'a lighthouse at dawn');
    const second = await remix(a, original.id, 'a lighthouse in fog');
    const third = await remix(a, original.id, 'a lighthouse in snow');

    const page1 = await a.client.get(`/api/posts/${original.id}/remixes?limit=2`);
    expect(page1.body.map((p: { id: string }) => p.id)).toEqual([third.id, second.id]);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const page2 = await a.client.get(`/api/posts/${original.id}/remixes?limit=2&cursor=${cursor}`);
    expect(page2.body.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect(page2.headers.get('x-next-cursor')).toBeNull();
    expect((await a.client.get(`/api/posts/${original.id}/remixes?cursor=nonsense`)).status).toBe(400);

    const c = await paidClient(app.url);
    const again = await remix(c, first.id, 'a lighthouse at dawn, in watercolour');
    expect(again.remixOf).toMatchObject({ id: first.id, author: { username: a.username } });
    expect(
      (await c.client.get(`/api/posts/${first.id}/remixes`)).body.map((p: { id: string }) => p.id),
    ).toEqual([again.id]);
  });

  it("refuses a private, hidden, banned owner's or blocked video (404), a malformed id (400), signed out (401)", async () => {
    const b = await signedUpClient(app.url);
    const a = await paidClient(app.url);
    const refused = async (remixOf: unknown, status = 404) => {
      const res = await generate(a, remixOf);
      expect(res.status).toBe(status);
      if (status === 404) expect(res.body.message).toBe("This video can't be remixed");
    };

    const privatePost = await postVideo(b, 'just for me', { isPublic: false });
    await refused(privatePost.id);

    const hidden = await postVideo(b, 'moderators hid this');
    await db().query(
      `insert into hidden_content (id, target_type, target_id, reason, was_public) values ($1, 'post', $2, 'spam', true)`,
      [randomUUID(), hidden.id],
    );
    await refused(hidden.id);

    await refused(randomUUID());
    await refused('not-a-uuid', 400);
    await refused(42, 400);

    // Blocks either way.
    const blocker = await signedUpClient(app.url);
    const blockersPost = await postVideo(blocker, 'from someone who blocked a');
    await blocker.client.post(`/api/users/${a.username}/block`);
    await refused(blockersPost.id);
    const blocked = await signedUpClient(app.url);
    const blockedPost = await postVideo(blocked, 'from someone a blocked');
    expect((await a.client.post(`/api/users/${blocked.username}/block`)).status).toBe(200);
    await refused(blockedPost.id);

    const banned = await signedUpClient(app.url);
    const bannedPost = await postVideo(banned, 'from someone banned later');
    await db().query('update users set banned_at = now() where id = $1', [banned.userId]);
    await refused(bannedPost.id);

    // Nothing was counted or queued for any of them.
    const { rows } = await db().query('select count(*)::int as n from video_jobs where user_id = $1', [
      a.userId,
    ]);
    expect(rows[0].n).toBe(0);

    // GraphQL says the same.
    const gql = await a.client.gql(
      'mutation ($input: GenerateVideoInput!) { generateVideo(input: $input) { id remixOf } }',
      { input: { prompt: 'one like that', remixOf: privatePost.id } },
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: "This video can't be remixed",
      extensions: { code: 'NOT_FOUND' },
    });

    const anonymous = new HttpClient(app.url);
    const original = await postVideo(b, 'anyone may look');
    // The preview renderer takes no picture: its poster can't start the remix.
    const poster = await a.client.post('/api/videos/generate', {
      prompt: 'x',
      remixOf: original.id,
      remixPoster: true,
    });
    expect(poster.status).toBe(400);
    expect(poster.body.message).toBe('This video model cannot start from a picture');
    expect((await anonymous.post('/api/videos/generate', { prompt: 'x', remixOf: original.id })).status).toBe(
      401,
    );

    // Lists of what isn't public: 404 as the video itself.
    expect((await anonymous.get(`/api/posts/${privatePost.id}/remixes`)).status).toBe(404);
    expect((await anonymous.get('/api/posts/not-a-uuid/remixes')).status).toBe(404);
  });

  it('a deleted original leaves the remix without credit; a private remix is not listed', async () => {
    const b = await signedUpClient(app.url);
    const a = await paidClient(app.url);
    const original = await postVideo(b, 'a kite over the dunes');
    const made = await remix(a, original.id);

    const c = await paidClient(app.url);
    const started = await generate(c, original.id);
    await finish(c.userId, started.body.id);
    await c.client.post('/api/posts', { videoId: started.body.id, isPublic: false });
    const list = await b.client.get(`/api/posts/${original.id}/remixes`);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([made.id]);
    expect((await b.client.get(`/api/public/videos/${original.slug}`)).body.remixCount).toBe(1);

    // Made private: the credit is gone from the remix's answers, and no one can remix it.
    await b.client.patch(`/api/posts/${original.id}`, { isPublic: false });
    expect((await a.client.get(`/api/public/videos/${made.slug}`)).body.remixOf).toBeNull();
    await b.client.patch(`/api/posts/${original.id}`, { isPublic: true });
    expect((await a.client.get(`/api/public/videos/${made.slug}`)).body.remixOf).toMatchObject({
      id: original.id,
    });

    expect((await b.client.request('DELETE', `/api/posts/${original.id}`)).status).toBe(200);
    const after = await a.client.get(`/api/public/videos/${made.slug}`);
    expect(after.status).toBe(200);
    expect(after.body.remixOf).toBeNull();
    const { rows } = await db().query(
      'select p.remix_of_id as post, j.remix_of_id as job from posts p join video_jobs j on j.id = p.video_id where p.id = $1',
      [made.id],
    );
    expect(rows[0]).toEqual({ post: null, job: null });
  });
});

describe('a remix that starts from the original’s poster', () => {
  // A model that takes a picture (the Videos protocol); nothing renders here, the job is only queued.
  const withImages = useTestApp({
    VIDEO_PROVIDER: 'openai',
    VIDEO_API_BASE_URL: 'http://127.0.0.1:9/v1',
    VIDEO_API_KEY: 'test-key',
    VIDEO_MODEL: 'sora-2',
  });

  it('copies the poster into the remixer’s files as the start picture; refused without remixOf', async () => {
    const b = await signedUpClient(withImages.url);
    const a = await paidClient(withImages.url);
    const video = await finishedVideo(withImages.config.storageDir, b.userId, 'a red balloon over a city');
    const original = (await b.client.post('/api/posts', { videoId: video.id })).body as { id: string };

    const started = await a.client.post('/api/videos/generate', {
      prompt: 'a blue balloon over a city',
      remixOf: original.id,
      remixPoster: true,
    });
    expect(started.status).toBe(201);
    expect(started.body.remixOf).toBe(original.id);
    const { rows } = await db().query(
      `select f.user_id, f.purpose, f.storage_key, j.source_image_key from video_jobs j join files f on f.id = j.source_file_id
        where j.id = $1`,
      [started.body.id],
    );
    expect(rows[0]).toMatchObject({ user_id: a.userId, purpose: 'video_frame' });
    expect(rows[0].storage_key).toBe(rows[0].source_image_key);
    expect(rows[0].storage_key).toMatch(new RegExp(`^uploads/${a.userId}/`));

    const alone = await a.client.post('/api/videos/generate', { prompt: 'x', remixPoster: true });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe("Only a remix starts from another video's poster");
    const both = await a.client.post('/api/videos/generate', {
      prompt: 'x',
      remixOf: original.id,
      remixPoster: true,
      imageUrl: '/media/x.png',
    });
    expect(both.status).toBe(400);
  });
});
