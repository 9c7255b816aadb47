import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import type { HttpClient } from '../../tests/support/client.ts';
import { probeVideo } from '../../tests/support/ffprobe.ts';
import { PNG_1X1 } from '../../tests/support/images.ts';
import { ownDatabase } from '../../tests/support/ownDatabase.ts';
import { type FakeS3, startFakeS3 } from '../../tests/support/s3.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import { runFfmpeg } from '../src/modules/video/providers/ffmpeg.ts';
import { createStorage, type Storage } from '../src/platform/storage.ts';

/** The api with STORAGE_DRIVER=s3 on an S3-compatible server (s3rver): media never touches its disk. */
let s3: FakeS3;
/** STORAGE_DIR, which stays empty: everything goes to the bucket. */
const localDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-unused-media-'));
let app: RunningApp;
/** The same bucket as the api sees it. */
let storage: Storage;
let owner: Awaited<ReturnType<typeof signedUpClient>>;
let stranger: Awaited<ReturnType<typeof signedUpClient>>;
beforeAll(async () => {
  s3 = await startFakeS3();
  app = await startTestApp({ ...s3.env, STORAGE_DIR: localDir });
  storage = createStorage(app.config, app.config.storageDir);
  owner = await signedUpClient(app.url);
  stranger = await signedUpClient(app.url);
  await makePaid(owner.userId);
});
afterAll(async () => {
  await app.close();
  await s3.close();
});
afterAll(() => {
  expect(readdirSync(localDir)).toEqual([]);
});

/** GET without following redirects, as `who` (a signed-in client, or nobody). */
const get = (url: string, who?: HttpClient, headers: Record<string, string> = {}) =>
  fetch(app.url + url, {
    redirect: 'manual',
    headers: { ...headers, ...(who ? { cookie: who.cookieHeader } : {}) },
  });

describe('media in an S3-compatible store', () => {
  it('serves a chat image to its owner by a redirect to a presigned URL that works, to nobody else', async () => {
    const up = await owner.client.upload('/api/chat/images', 'image', PNG_1X1, 'dot.png', 'image/png');
    expect(up.status).toBe(201);
    expect(up.body.url).toMatch(/^\/media\/private\/images\//);

    const served = await get(up.body.url, owner.client);
    expect(served.status).toBe(302);
    expect(served.headers.get('cache-control')).toBe('no-store');
    const location = served.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/images/${owner.userId}/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Signature')).toBeTruthy();
    const bytes = await fetch(location);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG_1X1);

    // Another user and nobody get the same 404 as for a key that does not exist.
    expect((await get(up.body.url, stranger.client)).status).toBe(404);
    expect((await get(up.body.url)).status).toBe(404);
    // The public path is never a way to it either.
    expect((await get(up.body.url.replace('/private', ''), stranger.client)).status).toBe(308);
  });

  it('uploads to My Files, downloads with Range to the owner by a presigned URL, 404 to another user and 401 signed out', async () => {
    const text = Buffer.from('0123456789 notes kept in the bucket');
    const up = await owner.client.upload('/api/files', 'file', text, 'notes.txt', 'text/plain');
    expect(up.status).toBe(201);
    const url = up.body.downloadUrl as string;

    // The owner is sent to a short-lived presigned URL; the bucket answers the bytes and the Range.
    const redirect = await get(url, owner.client);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    const signed = redirect.headers.get('location')!;
    expect(signed).toMatch(/X-Amz-Signature=/);
    const whole = await fetch(signed);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="?notes\.txt"?/);
    expect(whole.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(text);
    const part = await fetch(signed, { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${text.length}`);
    expect(await part.text()).toBe('2345');

    expect((await get(url, stranger.client)).status).toBe(404);
    expect((await get(url)).status).toBe(401);

    // Deleting it deletes the bucket's copy too.
    const { rows } = await db().query('select storage_key from files where id = $1', [up.body.id]);
    expect(await storage.sizeOf(rows[0].storage_key)).toBe(text.length);
    expect((await owner.client.request('DELETE', `/api/files/${up.body.id}`)).status).toBe(200);
    await expect(storage.sizeOf(rows[0].storage_key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('sends a published poster, scaled in the store, to anyone; an unpublished one to nobody', async () => {
    // A finished video whose files the worker put in the bucket.
    const id = randomUUID();
    const videoKey = `videos/${owner.userId}/${id}.mp4`;
    const posterKey = `videos/${owner.userId}/${id}.jpg`;
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'chorus-s3-poster-'));
    const poster = path.join(scratch, 'poster.jpg');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', poster]);
    writeFileSync(path.join(scratch, 'video.mp4'), Buffer.alloc(2048, 7));
    await storage.putFile(posterKey, poster);
    await storage.putFile(videoKey, path.join(scratch, 'video.mp4'));
    await db().query(
      `insert into video_jobs (id, user_id, prompt, duration, size, status, progress, provider, video_key, thumbnail_key)
       values ($1, $2, 'a poster', '4', '1280x720', 'completed', 100, 'preview', $3, $4)`,
      [id, owner.userId, videoKey, posterKey],
    );
    await db().query(
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose) values
         (gen_random_uuid(), $1, 'v.mp4', 'video/mp4', 2048, $2, 'video'),
         (gen_random_uuid(), $1, 'v.jpg', 'image/jpeg', 2048, $3, 'thumbnail')`,
      [owner.userId, videoKey, posterKey],
    );
    expect((await get(`/media/${posterKey}`)).status).toBe(404);

    expect((await owner.client.post('/api/posts', { videoId: id, isPublic: true })).status).toBe(201);
    // The 404 just above was cached; every process drops it when told of the post (pub/sub).
    await expect.poll(async () => (await get(`/media/${videoKey}`)).status).toBe(302);
    const video = await get(`/media/${videoKey}`);
    expect(video.status).toBe(302);
    const played = await fetch(video.headers.get('location')!, { headers: { Range: 'bytes=0-99' } });
    expect(played.status).toBe(206);
    expect(played.headers.get('content-type')).toBe('video/mp4');

    const small = await get(`/media/${posterKey}?w=384`);
    expect(small.status).toBe(302);
    const location = small.headers.get('location')!;
    expect(new URL(location).pathname).toBe(`/${s3.bucket}/.sized/w384/${posterKey}`);
    const file = path.join(scratch, 'small.jpg');
    writeFileSync(file, Buffer.from(await (await fetch(location)).arrayBuffer()));
    expect((await probeVideo(file)).width).toBe(384);

    // Made private: gone at once, scaled or not; deleted: the scaled copy leaves the bucket too.
    const postId = (await db().query('select id from posts where video_id = $1', [id])).rows[0].id;
    expect((await owner.client.patch(`/api/posts/${postId}`, { isPublic: false })).status).toBe(200);
    await expect.poll(async () => (await get(`/media/${posterKey}?w=384`)).status).toBe(404);
    expect((await get(`/media/${videoKey}`)).status).toBe(404);
    expect(await storage.sizeOf(`.sized/w384/${posterKey}`)).toBeGreaterThan(0);
    expect((await owner.client.request('DELETE', `/api/posts/${postId}`)).status).toBe(200);
    await expect(storage.sizeOf(`.sized/w384/${posterKey}`)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

// Its own database: other files' workers must not take this render (they write to their own disks).
describe('renders by the worker', { timeout: 120_000 }, () => {
  it('go straight to the store, and download from there by a presigned URL', async () => {
    const own = await ownDatabase();
    const api = await startTestApp({ ...s3.env, STORAGE_DIR: localDir, DATABASE_URL: own.url });
    const worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: own.url, STORAGE_DIR: localDir, ...s3.env }),
      {},
    );
    try {
      const { client, userId } = await signedUpClient(api.url, { verified: false });
      await own.pool.query('update users set email_verified_at = now() where id = $1', [userId]);
      const res = await client.post('/api/videos/generate', { prompt: 'a kite over hills', duration: '4' });
      expect(res.status).toBe(201);
      await expect
        .poll(async () => (await client.get(`/api/videos/${res.body.id}/status`)).body.status, {
          timeout: 90_000,
          interval: 200,
        })
        .toBe('completed');
      const [row] = (
        await own.pool.query('select video_key, thumbnail_key from video_jobs where id = $1', [res.body.id])
      ).rows;
      const size = await storage.sizeOf(row.video_key);
      expect(size).toBeGreaterThan(1000);
      expect(await storage.sizeOf(row.thumbnail_key)).toBeGreaterThan(100);

      const download = await fetch(`${api.url}/api/videos/${res.body.id}/download`, {
        redirect: 'manual',
        headers: { cookie: client.cookieHeader },
      });
      expect(download.status).toBe(302);
      const video = await fetch(download.headers.get('location')!);
      expect(video.status).toBe(200);
      expect(video.headers.get('content-disposition')).toMatch(
        /^attachment; filename="a-kite-over-hills\.mp4"/,
      );
      expect((await video.arrayBuffer()).byteLength).toBe(size);
      const stranger = await signedUpClient(api.url, { verified: false });
      const refused = await fetch(`${api.url}/api/videos/${res.body.id}/download`, {
        redirect: 'manual',
        headers: { cookie: stranger.client.cookieHeader },
      });
      expect(refused.status).toBe(404);
    } finally {
      await worker.stop();
      await api.close();
      await own.drop();
    }
  });
});
