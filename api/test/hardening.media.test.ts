import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { PNG_1X1 } from '../../tests/support/images.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import { finishedVideo as storeFinishedVideo } from '../../tests/support/videos.ts';
import type { RunningApp } from '../src/app.ts';

let app: RunningApp;
/** A second api whose storage folder sits in a dot-folder, like the default `.data/media`. */
let dotApp: RunningApp;
beforeAll(async () => {
  app = await startTestApp();
  const dotDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-dot-')), '.data', 'media');
  await mkdir(dotDir, { recursive: true });
  dotApp = await startTestApp({ STORAGE_DIR: dotDir });
});
afterAll(async () => {
  await app.close();
  await dotApp.close();
});

/** A finished video job (rows and bytes) in `target`'s storage. */
const finishedVideo = (target: RunningApp, userId: string, prompt: string) =>
  storeFinishedVideo(target.config.storageDir, userId, prompt, { fill: 7 });

/** A GET with the path sent byte for byte (fetch would resolve `.`, `..` and `%2e` first). */
function rawGet(
  base: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(app.url + url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** Each URL is served to `owner`, kept out of shared caches, and is 404 to `other` and to a visitor. */
async function expectOwnerOnly(urls: string[], owner: HttpClient, other: HttpClient): Promise<void> {
  for (const url of urls) {
    const mine = await get(url, owner.cookieHeader);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get(url, other.cookieHeader)).status).toBe(404);
    expect((await get(url)).status).toBe(404);
  }
}

describe('/media serves by allow-list, never by blocking a prefix', () => {
  it('answers 404 to every way around the uploads folder, and 200 with Range to published files', async () => {
    const alice = await signedUpClient(app.url);
    const secret = `${randomUUID()}.txt`;
    await mkdir(path.join(app.config.storageDir, 'uploads', alice.userId), { recursive: true });
    await writeFile(path.join(app.config.storageDir, 'uploads', alice.userId, secret), 'my tax return');
    const u = `${alice.userId}/${secret}`;
    const bypasses = [
      `/media/uploads/${u}`,
      `/media/%75ploads/${u}`,
      `/media//uploads/${u}`,
      `/media/./uploads/${u}`,
      `/media/videos/../uploads/${u}`,
      `/media/videos/%2e%2e/uploads/${u}`,
      `/media/uploads%2f${alice.userId}%2f${secret}`,
      `/media/%2fuploads/${u}`,
      `/media/private/uploads/${u}`,
      `/media/private/../uploads/${u}`,
      `/MEDIA/uploads/${u}`,
    ];
    for (const p of bypasses) {
      for (const cookie of [undefined, alice.client.cookieHeader]) {
        const res = await rawGet(app.url, p, cookie ? { cookie } : {});
        expect({ path: p, status: res.status }).toEqual({ path: p, status: 404 });
        expect(res.body).not.toContain('tax return');
      }
    }
    // Malformed escapes and backslashes are a plain 404 too, not a 500.
    for (const p of ['/media/%E0%A4%A', `/media/videos%5c..%5cuploads%5c${secret}`, '/media/%00']) {
      expect((await rawGet(app.url, p)).status).toBe(404);
    }

    const video = await finishedVideo(app, alice.userId, 'a published fox');
    const post = (await alice.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    expect(post.videoUrl).toBe(`/media/${video.videoKey}`);
    const whole = await get(post.videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=600');
    const part = await get(post.videoUrl, undefined, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/2048');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const thumb = await get(post.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    // The same file by a roundabout but equivalent path is the same file.
    expect(
      (await rawGet(app.url, `/media/videos/./${alice.userId}/../${video.videoKey.slice(7)}`)).status,
    ).toBe(200);
    const download = await get(`${post.videoUrl}?download=fox.mp4`);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=fox.mp4');
  });
});

describe('private media is its owner’s alone', () => {
  it('serves an unposted video and its thumbnail to the owner only, privately', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const video = await finishedVideo(app, alice.userId, 'not posted');
    const job = (await alice.client.get(`/api/videos/${video.id}/status`)).body;
    expect(job.videoUrl).toBe(`/media/private/${video.videoKey}`);
    expect(job.thumbnailUrl).toBe(`/media/private/${video.thumbnailKey}`);
    await expectOwnerOnly([job.videoUrl, job.thumbnailUrl], alice.client, bob.client);
    const part = await get(job.videoUrl, alice.client.cookieHeader, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    // Its key under the public prefix is nobody's business, the owner's included.
    expect((await get(`/media/${video.videoKey}`)).status).toBe(404);
    expect((await get(`/media/${video.thumbnailKey}`, alice.client.cookieHeader)).status).toBe(404);
  });

  it('serves a private post’s video and thumbnail to the owner only', async () => {
    const alice = await signedUpClient(app.url);
    const bob = await signedUpClient(app.url);
    const video = await finishedVideo(app, alice.userId, 'a private post');
    const post = (await alice.client.post('/api/posts', { videoId: video.id, isPublic: false })).body;
    expect(post.videoUrl).toBe(`/media/private/${video.videoKey}`);
    expect(post.thumbnailUrl).toBe(`/media/private/${video.thumbnailKey}`);
    const listed = (await alice.client.gql('{ myPosts { id videoUrl thumbnailUrl } }')).data.myPosts;
    expect(listed).toEqual([{ id: post.id, videoUrl: post.videoUrl, thumbnailUrl: post.thumbnailUrl }]);
    await expectOwnerOnly([post.videoUrl, post.thumbnailUrl], alice.client, bob.client);
    expect((await get(`/media/${video.videoKey}`)).status).toBe(404);
    expect((await get(`/media/${video.thumbnailKey}`)).status).toBe(404);
  });

  it('serves chat images to their owner only', async () => {
    const alice = await signedUpClient(app.url);
    await makePaid(alice.userId);
    const bob = await signedUpClient(app.url);
    const up = await alice.client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    expect(up.status).toBe(201);
    expect(up.body.url).toMatch(/^\/media\/private\/images\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
    const mine = await get(up.body.url, alice.client.cookieHeader);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG_1X1);
    expect((await get(up.body.url, bob.client.cookieHeader)).status).toBe(404);
    expect((await get(up.body.url)).status).toBe(404);
    // Its old public-looking path (still in answers' text from before) leads to the owner-only URL.
    const legacy = up.body.url.replace('/private', '');
    expect((await get(legacy)).status).toBe(404);
    expect((await get(legacy, bob.client.cookieHeader)).status).toBe(404);
    expect((await get(legacy, alice.client.cookieHeader)).status).toBe(200);
    // Another user's key under bob's own session is still not his.
    const key = up.body.url.replace('/media/private/', '');
    await db().query(`update files set user_id = $1 where storage_key = $2`, [bob.userId, key]);
    expect((await get(up.body.url, bob.client.cookieHeader)).status).toBe(404);
  });
});

describe('a post’s public URL lives only as long as the post is public', () => {
  it('stops answering when the post is made private, and again when it is public', async () => {
    const alice = await signedUpClient(app.url);
    const video = await finishedVideo(app, alice.userId, 'now you see it');
    const post = (await alice.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    const publicUrl = post.videoUrl as string;
    const publicThumb = post.thumbnailUrl as string;
    expect((await get(publicUrl)).status).toBe(200); // also fills the cache

    const hidden = await alice.client.patch(`/api/posts/${post.id}`, { isPublic: false });
    expect(hidden.body.videoUrl).toBe(`/media/private/${video.videoKey}`);
    await expect.poll(async () => (await get(publicUrl)).status, { timeout: 2000, interval: 20 }).toBe(404);
    expect((await get(publicThumb)).status).toBe(404);
    expect((await get(publicUrl, alice.client.cookieHeader)).status).toBe(404);
    expect((await get(hidden.body.videoUrl, alice.client.cookieHeader)).status).toBe(200);

    const shown = await alice.client.gql(
      `mutation { updatePost(id: "${post.id}", input: { isPublic: true }) { videoUrl } }`,
    );
    expect(shown.data.updatePost.videoUrl).toBe(publicUrl);
    await expect.poll(async () => (await get(publicUrl)).status, { timeout: 2000, interval: 20 }).toBe(200);
  });

  it('stops answering when the post is deleted', async () => {
    const alice = await signedUpClient(app.url);
    const video = await finishedVideo(app, alice.userId, 'gone soon');
    const post = (await alice.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    expect((await get(post.thumbnailUrl)).status).toBe(200);
    // The row alone goes (the files too, normally): the URL must not outlive the post either way.
    await db().query('delete from posts where id = $1', [post.id]);
    await expect
      .poll(async () => (await get(post.thumbnailUrl)).status, { timeout: 2000, interval: 20 })
      .toBe(404);
    expect((await get(post.videoUrl)).status).toBe(404);
  });
});

describe('moderation takes a public URL down at once (moderation/core/restrictions.ts, reports.ts)', () => {
  const BAN = 'mutation($id: ID!) { banUser(userId: $id, reason: "Spam") { status } }';
  const UNBAN = 'mutation($id: ID!) { unbanUser(userId: $id) { status } }';
  const MODERATE = 'mutation($r: ID!, $a: String!) { moderate(reportId: $r, action: $a) { resolved } }';
  const moderator = async () => {
    const mod = await signedUpClient(app.url, { prefix: 'mod' });
    await db().query(`update users set role = 'moderator' where id = $1`, [mod.userId]);
    return mod;
  };
  /** A public post's media URLs, each read once so the published answer is cached. */
  const publishedPost = async (owner: Awaited<ReturnType<typeof signedUpClient>>, prompt: string) => {
    const video = await finishedVideo(app, owner.userId, prompt);
    const post = (await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    for (const url of [post.videoUrl, post.thumbnailUrl]) expect((await get(url)).status).toBe(200);
    return post as { id: string; videoUrl: string; thumbnailUrl: string };
  };

  it("answers 404 for a banned owner's videos the moment the ban returns, and 200 after the unban", async () => {
    const owner = await signedUpClient(app.url);
    const mod = await moderator();
    const first = await publishedPost(owner, 'banned soon');
    const second = await publishedPost(owner, 'banned soon too');

    expect((await mod.client.gql(BAN, { id: owner.userId })).data.banUser.status).toBe('banned');
    // No polling: the acting process dropped its cached answers before the mutation answered.
    for (const url of [first.videoUrl, first.thumbnailUrl, second.videoUrl])
      expect((await get(url)).status).toBe(404);

    expect((await mod.client.gql(UNBAN, { id: owner.userId })).data.unbanUser.status).toBe('active');
    expect((await get(first.videoUrl)).status).toBe(200);
    expect((await get(second.thumbnailUrl)).status).toBe(200);
  });

  it('answers 404 for a post a moderator hid the moment the decision returns', async () => {
    const owner = await signedUpClient(app.url);
    const reporter = await signedUpClient(app.url);
    const mod = await moderator();
    const post = await publishedPost(owner, 'reported soon');
    const report = await reporter.client.post('/api/reports', {
      targetType: 'post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(report.status).toBe(201);
    const hidden = await mod.client.gql(MODERATE, { r: report.body.id, a: 'hide' });
    expect(hidden.data.moderate.resolved).toBe(1);
    expect((await get(post.videoUrl)).status).toBe(404);
    expect((await get(post.thumbnailUrl)).status).toBe(404);
  });
});

describe('downloads from a storage folder inside a dot-folder (the default .data/media)', () => {
  it('downloads the owner’s video with Range support, and serves a public post', async () => {
    expect(dotApp.config.storageDir).toContain(`${path.sep}.data${path.sep}`);
    const alice = await signedUpClient(dotApp.url);
    const video = await finishedVideo(dotApp, alice.userId, 'dotted fox');
    const cookie = alice.client.cookieHeader;
    const full = await fetch(`${dotApp.url}/api/videos/${video.id}/download`, { headers: { cookie } });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-disposition')).toBe('attachment; filename=dotted-fox.mp4');
    expect((await full.arrayBuffer()).byteLength).toBe(2048);
    const part = await fetch(`${dotApp.url}/api/videos/${video.id}/download?inline`, {
      headers: { cookie, range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-disposition')).toBeNull();
    const post = (await alice.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    expect((await fetch(dotApp.url + post.videoUrl)).status).toBe(200);
    const job = (await alice.client.get(`/api/videos/${video.id}/status`)).body;
    expect((await fetch(dotApp.url + job.thumbnailUrl, { headers: { cookie } })).status).toBe(200);
  });
});

describe('views', () => {
  it('counts one view per visitor a day, whatever User-Agent they send, without keeping the IP', async () => {
    const alice = await signedUpClient(app.url);
    const video = await finishedVideo(app, alice.userId, 'watch me');
    const post = (await alice.client.post('/api/posts', { videoId: video.id, isPublic: true })).body;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${app.url}/api/public/videos/${post.slug}`, {
        headers: { 'user-agent': `Mozilla/5.0 (rotating ${i}) ${randomUUID()}` },
      });
      expect(res.status).toBe(200);
    }
    const anon = new HttpClient(app.url);
    for (let i = 0; i < 3; i++) {
      const res = await anon.request(
        'POST',
        '/graphql',
        { query: `mutation { recordView(postId: "${post.id}") { views } }` },
        { 'user-agent': `curl/${i}.0` },
      );
      expect(res.body.errors).toBeUndefined();
    }
    const rows = (await db().query('select viewer from post_views where post_id = $1', [post.id])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].viewer).toMatch(/^ip:[\w-]{22}$/);
    expect(rows[0].viewer).not.toMatch(/127\.0\.0\.1|::1/);
    // A signed-in viewer is one more, once.
    await alice.client.gql(`mutation { recordView(postId: "${post.id}") { views } }`);
    await alice.client.gql(`mutation { recordView(postId: "${post.id}") { views } }`);
    expect((await fetch(`${app.url}/api/public/videos/${post.slug}`)).status).toBe(200);
    const views = (await db().query('select views from posts where id = $1', [post.id])).rows[0].views;
    expect(views).toBe(2);
  });
});
