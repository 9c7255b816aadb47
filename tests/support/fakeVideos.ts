import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderTestMp4 } from './fakeVideoProviders/engine.ts';

/**
 * An in-process server speaking the OpenAI Videos protocol (`POST /v1/videos` as multipart,
 * `GET /v1/videos/{id}`, `GET /v1/videos/{id}/content`) for the real openai SDK. Each retrieve
 * moves a render on by `step` percent. Markers in the prompt steer it:
 *   [fail]        the render ends `failed` with "The prompt was flagged by the content filter"
 *   [create500=N] the first N creates of this prompt answer HTTP 500 (the SDK retries)
 *   [step=N]      progress per retrieve (default 25)
 */
export interface FakeVideos {
  baseURL: string;
  /** Every render created, by id: what it was asked for. */
  created: Map<string, { prompt: string; seconds: string; size: string; idempotencyKey?: string }>;
  retrieves: number;
  close(): Promise<void>;
}

export async function startFakeVideos(): Promise<FakeVideos> {
  const created: FakeVideos['created'] = new Map();
  const progress = new Map<string, number>();
  const createFailures = new Map<string, number>();
  const byIdempotencyKey = new Map<string, string>();
  const mp4s = new Map<string, Buffer>();
  const state = { retrieves: 0 };
  let next = 1;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/v1/videos') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: Buffer.concat(chunks),
      }).formData();
      const prompt = String(form.get('prompt') ?? '');
      const fails = Number(/\[create500=(\d+)\]/.exec(prompt)?.[1] ?? 0);
      const seen = createFailures.get(prompt) ?? 0;
      if (seen < fails) {
        createFailures.set(prompt, seen + 1);
        return json(500, { error: { message: 'The video backend is overloaded', type: 'server_error' } });
      }
      const key = req.headers['idempotency-key'] as string | undefined;
      const existing = key ? byIdempotencyKey.get(key) : undefined;
      if (existing) return json(200, videoOf(existing));
      const id = `video_${next++}`;
      created.set(id, {
        prompt,
        seconds: String(form.get('seconds') ?? '4'),
        size: String(form.get('size') ?? '720x1280'),
        idempotencyKey: key,
      });
      if (key) byIdempotencyKey.set(key, id);
      progress.set(id, 0);
      return json(200, videoOf(id));
    }
    const match = /^\/v1\/videos\/([^/]+)(\/content)?$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const id = match[1]!;
      const video = created.get(id);
      if (!video) return json(404, { error: { message: `No video ${id}` } });
      if (match[2]) {
        if (progress.get(id) !== 100) return json(409, { error: { message: 'Video is not ready' } });
        const bytes = mp4s.get(id) ?? (await renderTestMp4(Number(video.seconds), video.size));
        mp4s.set(id, bytes);
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }
      state.retrieves++;
      if (!video.prompt.includes('[fail]')) {
        const step = Number(/\[step=(\d+)\]/.exec(video.prompt)?.[1] ?? 25);
        progress.set(id, Math.min(100, (progress.get(id) ?? 0) + step));
      }
      return json(200, videoOf(id));
    }
    json(404, { error: { message: `no route ${url.pathname}` } });
  });

  function videoOf(id: string) {
    const video = created.get(id)!;
    const failed = video.prompt.includes('[fail]');
    const p = progress.get(id) ?? 0;
    return {
      id,
      object: 'video',
      model: 'sora-2',
      prompt: video.prompt,
      seconds: video.seconds,
      size: video.size,
      progress: p,
      status: failed ? 'failed' : p >= 100 ? 'completed' : p > 0 ? 'in_progress' : 'queued',
      error: failed
        ? { code: 'moderation_blocked', message: 'The prompt was flagged by the content filter' }
        : null,
      created_at: Math.floor(Date.now() / 1000),
      completed_at: null,
      expires_at: null,
      remixed_from_video_id: null,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    created,
    get retrieves() {
      return state.retrieves;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
