import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { probeVideo } from '../../tests/support/ffprobe.ts';
import type { RunningApp } from '../src/app.ts';
import { runFfmpeg } from '../src/video/ffmpeg.ts';

/** Community cards ask for the video posters at the width they show them (`?w=384`). */
let app: RunningApp;
const key = 'videos/u1/job1.jpg';

beforeAll(async () => {
  app = await startTestApp();
  // A real 640x360 poster, as the renderer's thumbnail step writes it.
  const file = path.join(app.config.storageDir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', file]);
});
afterAll(() => app.close());

async function widthOf(res: Response): Promise<number> {
  const file = path.join(os.tmpdir(), `poster-${Math.random().toString(36).slice(2)}.jpg`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return (await probeVideo(file)).width;
}

describe('poster sizes', () => {
  it('serves a 384 px wide poster for ?w=384, the same again from its copy, and the full one without', async () => {
    const full = await fetch(`${app.url}/media/${key}`);
    expect(full.status).toBe(200);
    const fullBytes = Number(full.headers.get('content-length'));
    expect(await widthOf(full)).toBe(640);

    for (let i = 0; i < 2; i++) {
      const small = await fetch(`${app.url}/media/${key}?w=384`);
      expect(small.status).toBe(200);
      expect(small.headers.get('content-type')).toMatch(/^image\/jpeg/);
      expect(small.headers.get('cache-control')).toMatch(/max-age=2592000/);
      expect(Number(small.headers.get('content-length'))).toBeLessThan(fullBytes);
      expect(await widthOf(small)).toBe(384);
    }
  });

  it('refuses other widths with a 400 and a reason, and answers 404 for a poster that is not there', async () => {
    const odd = await fetch(`${app.url}/media/${key}?w=5000`);
    expect(odd.status).toBe(400);
    expect((await odd.json()).message).toBe('w must be one of 384');
    expect((await fetch(`${app.url}/media/videos/u1/nope.jpg?w=384`)).status).toBe(404);
    // Nothing outside the media folder, and the scaled copies are not media of their own (static
    // serving refuses both: 403).
    expect((await fetch(`${app.url}/media/videos/..%2F..%2Fetc%2Fpasswd.jpg?w=384`)).status).toBe(403);
    expect((await fetch(`${app.url}/media/.sized/w384/${key}`)).status).toBe(403);
  });
});
