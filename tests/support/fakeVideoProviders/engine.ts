import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

/**
 * What every fake video provider shares: renders that move on with time (not with polls, as a
 * real service's do, so a webhook can be the only news), markers in the prompt that steer them,
 * a count of creations (a resumed job must not create a second render), and a real MP4 to
 * download. Each provider's file speaks its own protocol on top (paths, auth header, JSON shapes,
 * states), written from its API reference and its SDK's sources.
 *
 * Markers in the prompt:
 *   [refuse]        the render ends refused by the content policy (the provider's words differ)
 *   [create500=N]   the first N creates of this prompt answer HTTP 500
 *   [status429=N]   the first N status reads of a render answer 429 with Retry-After: 1
 *   [step=N]        percent of progress per tick (default 20; a tick is 100 ms)
 *   [lostcreate=N]  the first N creates of this prompt make the render but answer 500, as when the
 *                   answer is lost on the way (protocols with an idempotency key honour it)
 */
export interface FakeRender {
  id: string;
  prompt: string;
  /** The request's body as the provider received it. */
  body: Record<string, unknown>;
  progress: number;
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  refused: boolean;
  webhook: string | null;
  statusReads: number;
  /** How many times its MP4 was fetched (a job that ran twice downloads twice). */
  downloads: number;
}

export interface FakeProviderBase {
  /** What VIDEO_API_BASE_URL is set to. */
  baseURL: string;
  apiKey: string;
  renders: Map<string, FakeRender>;
  /** Renders created whose prompt starts with `prefix`. */
  creations(prefix: string): FakeRender[];
  cancels: string[];
  /** Webhooks sent, and what the receiver answered. */
  webhooksSent: { id: string; status: number }[];
  /** The exact bytes of a finished render's MP4 (with its C2PA box). */
  bytesOf(id: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** The box C2PA keeps its manifest store in, in an MP4: a top-level `uuid` box with this user type. */
export const C2PA_UUID = Buffer.from('d8fec3d61b0e483c92975828877ec481', 'hex');

/** A top-level C2PA `uuid` box, as providers that sign their output embed one (the manifest is a stand-in). */
function c2paBox(): Buffer {
  const payload = Buffer.from('c2pa manifest store (stand-in): claim_generator=fake-video-provider');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + 16 + payload.length);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([header, C2PA_UUID, payload]);
}

export const REFUSAL = 'The prompt was blocked by the content safety policy';
const TICK_MS = 100;

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
) => Promise<unknown> | unknown;

export async function startFakeEngine(options: {
  idPrefix: string;
  apiKey: string;
  /** Called when a render with a webhook ends (the protocol signs and sends it). */
  notify?: (render: FakeRender, origin: string) => Promise<number>;
  handler: (engine: FakeEngine) => Handler;
  basePath?: string;
}): Promise<FakeEngine> {
  const engine = new FakeEngine(options.idPrefix, options.apiKey);
  const handle = options.handler(engine);
  engine.server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      if (req.method === 'GET' && url.pathname.startsWith('/_files/')) {
        const render = engine.renders.get(url.pathname.slice('/_files/'.length).replace(/\.mp4$/, ''));
        if (render?.state !== 'succeeded') return json(res, 404, { error: 'no such file' });
        render.downloads++;
        const bytes = await engine.mp4(render);
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }
      await handle(req, res, url, Buffer.concat(chunks));
    } catch (err) {
      json(res, 500, { error: String(err) });
    }
  });
  await new Promise<void>((resolve) => engine.server.listen(0, '127.0.0.1', resolve));
  engine.origin = `http://127.0.0.1:${(engine.server.address() as AddressInfo).port}`;
  engine.timer = setInterval(() => engine.tick(options.notify), TICK_MS);
  return engine;
}

export class FakeEngine {
  server!: Server;
  origin = '';
  timer?: NodeJS.Timeout;
  readonly renders = new Map<string, FakeRender>();
  readonly cancels: string[] = [];
  readonly webhooksSent: { id: string; status: number }[] = [];
  private readonly createFailures = new Map<string, number>();
  private readonly lostAnswers = new Map<string, number>();
  private readonly mp4s = new Map<string, Promise<Buffer>>();
  private next = 1;

  constructor(
    readonly idPrefix: string,
    readonly apiKey: string,
  ) {}

  /** A create: HTTP 500 while the prompt's [create500=N] lasts, else a new queued render. */
  create(prompt: string, body: Record<string, unknown>, webhook: string | null = null): FakeRender | 500 {
    const fails = Number(/\[create500=(\d+)\]/.exec(prompt)?.[1] ?? 0);
    const seen = this.createFailures.get(prompt) ?? 0;
    if (seen < fails) {
      this.createFailures.set(prompt, seen + 1);
      return 500;
    }
    const render: FakeRender = {
      id: `${this.idPrefix}${String(this.next++).padStart(4, '0')}`,
      prompt,
      body,
      progress: 0,
      state: 'queued',
      refused: prompt.includes('[refuse]'),
      webhook,
      statusReads: 0,
      downloads: 0,
    };
    this.renders.set(render.id, render);
    return render;
  }

  /** True while the prompt's [lostcreate=N] lasts: the render is made, its answer is "lost" (a 500). */
  loseAnswer(prompt: string): boolean {
    const lose = Number(/\[lostcreate=(\d+)\]/.exec(prompt)?.[1] ?? 0);
    const seen = this.lostAnswers.get(prompt) ?? 0;
    if (seen >= lose) return false;
    this.lostAnswers.set(prompt, seen + 1);
    return true;
  }

  /** A status read: 429 (with Retry-After) while the prompt's [status429=N] lasts. */
  read(id: string): FakeRender | 404 | 429 {
    const render = this.renders.get(id);
    if (!render) return 404;
    render.statusReads++;
    const limit = Number(/\[status429=(\d+)\]/.exec(render.prompt)?.[1] ?? 0);
    return render.statusReads <= limit ? 429 : render;
  }

  cancel(id: string): FakeRender | undefined {
    const render = this.renders.get(id);
    if (!render) return undefined;
    this.cancels.push(id);
    if (render.state === 'queued' || render.state === 'running') render.state = 'cancelled';
    return render;
  }

  creations(prefix: string): FakeRender[] {
    return [...this.renders.values()].filter((r) => r.prompt.startsWith(prefix));
  }

  tick(notify?: (render: FakeRender, origin: string) => Promise<number>): void {
    for (const render of this.renders.values()) {
      if (render.state !== 'queued' && render.state !== 'running') continue;
      if (render.state === 'queued') {
        render.state = 'running';
        continue;
      }
      if (render.refused) {
        render.state = 'failed';
      } else {
        const step = Number(/\[step=(\d+)\]/.exec(render.prompt)?.[1] ?? 20);
        render.progress = Math.min(100, render.progress + step);
        if (render.progress === 100) {
          render.state = 'succeeded';
          void this.mp4(render); // ready before anyone asks
        }
      }
      if (render.state !== 'running' && render.webhook && notify) {
        void notify(render, this.origin).then(
          (status) => this.webhooksSent.push({ id: render.id, status }),
          () => this.webhooksSent.push({ id: render.id, status: 0 }),
        );
      }
    }
  }

  mp4(render: FakeRender): Promise<Buffer> {
    let bytes = this.mp4s.get(render.id);
    if (!bytes) {
      bytes = renderTestMp4(2, '320x180').then((mp4) => Buffer.concat([mp4, c2paBox()]));
      this.mp4s.set(render.id, bytes);
    }
    return bytes;
  }

  fileUrl(render: FakeRender): string {
    return `${this.origin}/_files/${render.id}.mp4`;
  }

  base(): Omit<FakeProviderBase, 'baseURL'> {
    return {
      apiKey: this.apiKey,
      renders: this.renders,
      creations: (prefix) => this.creations(prefix),
      cancels: this.cancels,
      webhooksSent: this.webhooksSent,
      bytesOf: (id) => this.mp4(this.renders.get(id)!),
      close: async () => {
        clearInterval(this.timer);
        this.server.closeAllConnections();
        await new Promise<void>((resolve) => this.server.close(() => resolve()));
      },
    };
  }
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function parseJson(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A small real MP4 (a test pattern), as a video service would send. */
export async function renderTestMp4(seconds: number, size: string): Promise<Buffer> {
  const out = path.join(os.tmpdir(), `fake-provider-${process.pid}-${Date.now()}-${Math.random()}.mp4`);
  await promisify(execFile)(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=s=${size}:r=12:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  try {
    return await readFile(out);
  } finally {
    await rm(out, { force: true });
  }
}
