import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { probeVideo } from '../../tests/support/ffprobe.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { recordFinishedVideo } from '../../tests/support/videos.ts';
import type { RunningApp } from '../src/app.ts';
import { runFfmpeg } from '../src/modules/video/providers/ffmpeg.ts';

/** Community cards ask for the video posters at the width they show them (`?w=384`). */
let app: RunningApp;
let owner: Awaited<ReturnType<typeof signedUpClient>>;

/** A finished video with a real 640x360 poster, as the renderer's thumbnail step writes it. */
async function finishedVideo(userId: string) {
  const id = randomUUID();
  const videoKey = `videos/${userId}/${id}.mp4`;
  const posterKey = `videos/${userId}/${id}.jpg`;
  const dir = path.join(app.config.storageDir, 'videos', userId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(app.config.storageDir, videoKey), Buffer.alloc(2048, 7));
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360',
    '-frames:v',
    '1',
    path.join(app.config.storageDir, posterKey),
  ]);
  await recordFinishedVideo({
    id,
    userId,
    prompt: 'a poster',
    duration: '4',
    provider: 'preview',
    videoKey,
    thumbnailKey: posterKey,
  });
  return { id, posterKey };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await signedUpClient(app.url);
});
afterAll(() => app.close());

async function widthOf(res: Response): Promise<number> {
  const file = path.join(os.tmpdir(), `poster-${Math.random().toString(36).slice(2)}.jpg`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return (await probeVideo(file)).width;
}

describe('poster sizes', () => {
  it('serves a published 384 px wide poster for ?w=384, the same again from its copy, and the full one without', async () => {
    const video = await finishedVideo(owner.userId);
    expect((await owner.client.post('/api/posts', { videoId: video.id, isPublic: true })).status).toBe(201);
    const full = await fetch(`${app.url}/media/${video.posterKey}`);
    expect(full.status).toBe(200);
    const fullBytes = Number(full.headers.get('content-length'));
    expect(await widthOf(full)).toBe(640);

    for (let i = 0; i < 2; i++) {
      const small = await fetch(`${app.url}/media/${video.posterKey}?w=384`);
      expect(small.status).toBe(200);
      expect(small.headers.get('content-type')).toMatch(/^image\/jpeg/);
      expect(small.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expect(Number(small.headers.get('content-length'))).toBeLessThan(fullBytes);
      expect(await widthOf(small)).toBe(384);
    }
  });

  it('refuses other widths with a 400 and a reason, and never scales what is not published', async () => {
    const published = await finishedVideo(owner.userId);
    await owner.client.post('/api/posts', { videoId: published.id, isPublic: true });
    const odd = await fetch(`${app.url}/media/${published.posterKey}?w=5000`);
    expect(odd.status).toBe(400);
    expect((await odd.json()).message).toBe('w must be one of 384');
    expect((await fetch(`${app.url}/media/videos/${owner.userId}/${randomUUID()}.jpg?w=384`)).status).toBe(
      404,
    );
    // An unpublished poster is not served scaled either (the size is no way around the allow-list).
    const unposted = await finishedVideo(owner.userId);
    expect((await fetch(`${app.url}/media/${unposted.posterKey}?w=384`)).status).toBe(404);
    // Nothing outside the media folder, and the scaled copies are not media of their own.
    expect((await fetch(`${app.url}/media/videos/..%2F..%2Fetc%2Fpasswd.jpg?w=384`)).status).toBe(404);
    expect((await fetch(`${app.url}/media/.sized/w384/${published.posterKey}`)).status).toBe(404);
  });
});
