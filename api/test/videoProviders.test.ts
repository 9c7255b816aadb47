import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { videoPageMeta } from '@chorus/shared/videoPageMeta';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startWorkerProcess } from '../../scripts/lib/api-process.ts';
import { startTestApp } from '../../tests/support/app.ts';
import type { HttpClient } from '../../tests/support/client.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../tests/support/fakeOpenAI.ts';
import { C2PA_UUID, type FakeProviderBase, REFUSAL } from '../../tests/support/fakeVideoProviders/engine.ts';
import { startFakeFal } from '../../tests/support/fakeVideoProviders/fal.ts';
import {
  GOOGLE_FILTERED,
  startFakeGoogle,
  startFakeVertex,
} from '../../tests/support/fakeVideoProviders/google.ts';
import { startFakeLuma } from '../../tests/support/fakeVideoProviders/luma.ts';
import { startFakeOpenAIVideos } from '../../tests/support/fakeVideoProviders/openai.ts';
import { startFakeReplicate } from '../../tests/support/fakeVideoProviders/replicate.ts';
import { startFakeRunway } from '../../tests/support/fakeVideoProviders/runway.ts';
import { probeVideo } from '../../tests/support/ffprobe.ts';
import { useOwnDatabase } from '../../tests/support/ownDatabase.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { followVideoJob, queueVideo, waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import { providerRefusalMessage } from '../src/modules/safety/core/refusals.ts';
import { videoPageDataOf } from '../src/modules/video/core/publicPages.ts';

/**
 * The provider contract: every video provider, through its real SDK against a fake server that
 * speaks its protocol, goes through the same scenarios.
 */
interface Contract {
  kind: string;
  /** What the suite is called, when one kind is tested twice (Google on the Gemini API and on Vertex AI). */
  name?: string;
  env?: Record<string, string>;
  start(): Promise<FakeProviderBase & { webhookSecret?: string; jwksUrl?: string }>;
  model: string;
  /** A length this model makes, and what the fake should have received for it. */
  duration: string;
  sent(body: Record<string, unknown>): unknown;
  expectSent: unknown;
  /** The provider reports a percentage as it renders. */
  reportsProgress: boolean;
  /** The reason the user reads when the provider refuses. */
  refusal: string;
  cancels: boolean;
  webhooks: boolean;
  /** The protocol takes an idempotency key: a create whose answer was lost is retried without a second render. */
  idempotent?: boolean;
}

const CONTRACTS: Contract[] = [
  {
    kind: 'openai',
    start: startFakeOpenAIVideos,
    model: 'sora-2',
    duration: '8',
    sent: (b) => [b.model, b.seconds, b.size],
    expectSent: ['sora-2', '8', '1280x720'],
    reportsProgress: true,
    refusal: REFUSAL,
    cancels: true,
    webhooks: false,
    idempotent: true,
  },
  {
    kind: 'google',
    start: startFakeGoogle,
    model: 'veo-3.1-generate-preview',
    duration: '6',
    sent: (b) => [b.model, b.parameters],
    expectSent: [
      'veo-3.1-generate-preview',
      { sampleCount: 1, durationSeconds: 6, aspectRatio: '16:9', resolution: '720p' },
    ],
    reportsProgress: false,
    refusal: GOOGLE_FILTERED,
    cancels: false,
    webhooks: false,
  },
  {
    kind: 'google',
    name: 'google on Vertex AI',
    env: { VIDEO_GOOGLE_VERTEX: 'true' },
    start: startFakeVertex,
    model: 'veo-3.1-generate-001',
    duration: '8',
    sent: (b) => [b.model, b.parameters],
    expectSent: [
      'veo-3.1-generate-001',
      { sampleCount: 1, durationSeconds: 8, aspectRatio: '16:9', resolution: '720p', generateAudio: true },
    ],
    reportsProgress: false,
    refusal: GOOGLE_FILTERED,
    cancels: false,
    webhooks: false,
  },
  {
    kind: 'runway',
    start: startFakeRunway,
    model: 'gen4.5',
    duration: '5',
    sent: (b) => [b.model, b.duration, b.ratio],
    expectSent: ['gen4.5', 5, '1280:720'],
    reportsProgress: true,
    refusal: REFUSAL,
    cancels: true,
    webhooks: false,
  },
  {
    kind: 'luma',
    start: startFakeLuma,
    model: 'ray-2',
    duration: '9',
    sent: (b) => [b.model, b.duration, b.aspect_ratio, b.resolution],
    expectSent: ['ray-2', '9s', '16:9', '720p'],
    reportsProgress: false,
    refusal: REFUSAL,
    cancels: true,
    webhooks: false,
  },
  {
    kind: 'fal',
    start: startFakeFal,
    model: 'fal-ai/kling-video/v2.1/master/text-to-video',
    duration: '10',
    sent: (b) => [b.endpoint, b.duration, b.aspect_ratio],
    expectSent: ['fal-ai/kling-video/v2.1/master/text-to-video', '10', '16:9'],
    reportsProgress: true,
    refusal: REFUSAL,
    cancels: true,
    webhooks: true,
  },
  {
    kind: 'replicate',
    start: startFakeReplicate,
    model: 'kwaivgi/kling-v2.1',
    duration: '4',
    sent: (b) => [
      b.model,
      (b.input as Record<string, unknown>).duration,
      (b.input as Record<string, unknown>).aspect_ratio,
    ],
    expectSent: ['kwaivgi/kling-v2.1', 4, '16:9'],
    reportsProgress: true,
    refusal: `NSFW content detected: ${REFUSAL}`,
    cancels: true,
    webhooks: true,
  },
];

// Workers of other test files share the run's database (with other video providers configured):
// this file's jobs live in a database of its own.
const own = useOwnDatabase();
const db = () => own.pool;

const UPDATES = `subscription($id: ID!) { videoJobUpdates(id: $id) { id status progress error provider model } }`;

type JobUpdate = { status: string; progress: number; error: string | null; provider: string; model: string };
const followJob = (baseUrl: string, cookie: string, id: string) =>
  followVideoJob<JobUpdate>(baseUrl, cookie, id, UPDATES);
const waitForStatus = (client: HttpClient, id: string, statuses: string[], timeoutMs = 30_000) =>
  waitForVideoStatus(client, id, statuses, timeoutMs);

describe.each(CONTRACTS.map((c) => ({ ...c, name: c.name ?? c.kind })))(
  'video provider contract: $name',
  { timeout: 120_000 },
  (c) => {
    let fake: Awaited<ReturnType<Contract['start']>>;
    let app: RunningApp;
    let worker: Runner | undefined;
    const env = (extra: Record<string, string> = {}) => ({
      VIDEO_PROVIDER: c.kind,
      VIDEO_API_BASE_URL: fake.baseURL,
      VIDEO_API_KEY: fake.apiKey,
      VIDEO_MODEL: c.model,
      VIDEO_POLL_MS: '50',
      // Polling unless a test asks for webhooks: the first test shows polling alone finishes a job.
      VIDEO_WEBHOOKS: 'false',
      ...(fake.webhookSecret ? { VIDEO_WEBHOOK_SECRET: fake.webhookSecret } : {}),
      ...(fake.jwksUrl ? { VIDEO_WEBHOOK_JWKS_URL: fake.jwksUrl } : {}),
      ...c.env,
      ...extra,
    });
    const startInProcessWorker = async (extra: Record<string, string> = {}) => {
      await worker?.stop();
      worker = await startWorker(
        loadWorkerConfig({
          DATABASE_URL: own.url,
          STORAGE_DIR: app.config.storageDir,
          // Where providers that fetch the start picture by URL (Luma) find it.
          PUBLIC_URL: app.url,
        }),
        env(extra),
      );
    };

    beforeAll(async () => {
      fake = await c.start();
      app = await startTestApp({ ...env(), DATABASE_URL: own.url });
    });
    afterAll(async () => {
      await worker?.stop();
      await app.close();
      await fake.close();
    });

    it('renders a whole job through the SDK: progress, the stored MP4, provider and model recorded (polling)', async () => {
      await startInProcessWorker();
      const { client } = await signedUpClient(app.url);
      const job = await queueVideo(client, {
        prompt: `a red kite over hills (${c.kind}) [step=10]`,
        duration: c.duration,
      });
      const updates = await followJob(app.url, client.cookieHeader, job.id);
      expect(updates.at(-1)).toMatchObject({
        status: 'completed',
        progress: 100,
        provider: c.kind,
        model: c.model,
      });
      const progress = [...new Set(updates.map((u) => u.progress))];
      if (c.reportsProgress) expect(progress.length).toBeGreaterThan(3);
      // No percentage from the provider: 0 until it is done (the dialog estimates from the typical time).
      else expect(progress.filter((p) => p > 0 && p < 100)).toEqual([]);
      const [render, ...more] = fake.creations('a red kite');
      expect(more).toEqual([]);
      // No webhook was asked for, none sent: polling alone finished it.
      expect(render!.webhook).toBeNull();
      expect(fake.webhooksSent.filter((w) => w.id === render!.id)).toEqual([]);
      expect(c.sent(render!.body)).toEqual(c.expectSent);
      const [row] = (await db().query('select video_key, remote_id from video_jobs where id = $1', [job.id]))
        .rows;
      expect(row.remote_id).toContain(render!.id);
      const stored = path.join(app.config.storageDir, row.video_key);
      const info = await probeVideo(stored);
      expect(info.codec).toBe('h264');
      // Stored byte for byte as the provider sent it: its C2PA manifest box is still there.
      const bytes = readFileSync(stored);
      expect(bytes.equals(await fake.bytesOf(render!.id))).toBe(true);
      expect(bytes.includes(C2PA_UUID)).toBe(true);
      const post = await client.post('/api/posts', { videoId: job.id });
      expect(post.body).toMatchObject({ provider: c.kind, model: c.model, preview: false });
    });

    it("fails a refused prompt at once, explained with the provider's reason, and doesn't count it", async () => {
      const { client } = await signedUpClient(app.url);
      const res = await client.post('/api/videos/generate', {
        prompt: `something forbidden [refuse]`,
        duration: c.duration,
      });
      const job = await waitForStatus(client, res.body.id, ['failed']);
      expect(job.error).toBe(providerRefusalMessage(c.refusal));
      expect((await client.get('/api/videos/allowance')).body.used).toBe(0);
      expect(fake.creations('something forbidden')).toHaveLength(1);
    });

    it('rides out a 500 on create and a 429 with Retry-After on status, with one render', async () => {
      const { client } = await signedUpClient(app.url);
      const res = await client.post('/api/videos/generate', {
        prompt: 'a lighthouse [create500=1] [status429=1]',
        duration: c.duration,
      });
      const started = Date.now();
      await waitForStatus(client, res.body.id, ['completed']);
      const renders = fake.creations('a lighthouse');
      expect(renders).toHaveLength(1);
      expect(renders[0]!.statusReads).toBeGreaterThan(1);
      // Retry-After: 1 was waited for.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    });

    it.runIf(c.cancels)('cancels a job at the provider, and does not count it', async () => {
      const { client } = await signedUpClient(app.url);
      const res = await client.post('/api/videos/generate', {
        prompt: 'a very slow sunset [step=1]',
        duration: c.duration,
      });
      await expect.poll(() => fake.creations('a very slow sunset').length, { timeout: 15_000 }).toBe(1);
      const [remote] = fake.creations('a very slow sunset');
      const cancelled = await client.post(`/api/videos/${res.body.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'failed', error: 'Cancelled' });
      await expect.poll(() => fake.cancels.includes(remote!.id), { timeout: 10_000 }).toBe(true);
      expect(remote!.state).toBe('cancelled');
      expect((await client.get('/api/videos/allowance')).body.used).toBe(0);
      expect((await client.post(`/api/videos/${res.body.id}/cancel`)).status).toBe(400);
    });

    it('starts from a picture (image-to-video) when the model can', async () => {
      const { client } = await signedUpClient(app.url);
      const options = (await client.get('/api/videos/capabilities')).body;
      // A 1x1 PNG.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      const file = await client.upload('/api/files', 'file', png, 'start.png', 'image/png');
      expect(file.status).toBe(201);
      const res = await client.post('/api/videos/generate', {
        prompt: 'the picture comes alive',
        duration: c.duration,
        imageFileId: file.body.id,
      });
      if (!options.imageInput) {
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('This video model cannot start from a picture');
        return;
      }
      expect(res.status).toBe(201);
      await waitForStatus(client, res.body.id, ['completed']);
      const sent = fake.creations('the picture comes alive')[0]!.body;
      const body = JSON.stringify(sent);
      expect(body).toMatch(/iVBORw0KGgo|image\/png/);
      const post = await client.post('/api/posts', { videoId: res.body.id });
      expect(post.body.sourceImageUrl).toBeTruthy();
      // A provider that fetched the picture by URL (Luma's keyframes): the address was the job's own,
      // the picture's bytes came through it, and it stops working once the job is done.
      const url = (sent.keyframes as { frame0?: { url?: string } } | undefined)?.frame0?.url;
      if (c.kind === 'luma') {
        expect(url).toMatch(new RegExp(`^${app.url}/api/video-sources/${res.body.id}/[\\w-]{16,}$`));
        expect((sent.fetchedFrame0 as { base64: string }).base64).toBe(png.toString('base64'));
        expect((await fetch(url!)).status).toBe(404);
      }
    });

    it.runIf(c.webhooks)(
      'wakes on a signed webhook instead of waiting for the next poll, and refuses a forged one',
      async () => {
        // Polls a minute apart: only the webhook can finish the job in time.
        await startInProcessWorker({ VIDEO_POLL_MS: '60000', VIDEO_WEBHOOKS: 'true' });
        const { client } = await signedUpClient(app.url);
        const res = await client.post('/api/videos/generate', {
          prompt: 'a hummingbird [step=50]',
          duration: c.duration,
        });
        await waitForStatus(client, res.body.id, ['completed'], 15_000);
        const [render] = fake.creations('a hummingbird');
        expect(fake.webhooksSent).toContainEqual({ id: render!.id, status: 200 });
        const forged = await fetch(`${app.url}/api/video-webhooks/${c.kind}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'x',
            'webhook-timestamp': '1',
            'webhook-signature': 'v1,AAAA',
          },
          body: JSON.stringify({ id: render!.id }),
        });
        expect(forged.status).toBe(401);
        expect(((await forged.json()) as { message: string }).message).toBe(
          'The webhook signature is not valid',
        );
        // A forged webhook about a running render changes nothing: the worker isn't woken (no
        // status read before the next poll, a minute away) and the job stays where it was.
        const slow = await client.post('/api/videos/generate', {
          prompt: 'a heron standing still [step=1]',
          duration: c.duration,
        });
        await expect.poll(() => fake.creations('a heron')[0]?.statusReads ?? 0, { timeout: 15_000 }).toBe(1);
        const [heron] = fake.creations('a heron');
        const before = (await client.get(`/api/videos/${slow.body.id}/status`)).body;
        const replay = await fetch(`${app.url}/api/video-webhooks/${c.kind}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'msg_1',
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
            'x-fal-webhook-request-id': heron!.id,
            'x-fal-webhook-user-id': 'someone',
            'x-fal-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'x-fal-webhook-signature': 'ab'.repeat(64),
          },
          body: JSON.stringify({ id: heron!.id, request_id: heron!.id, status: 'succeeded' }),
        });
        expect(replay.status).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(heron!.statusReads).toBe(1);
        expect((await client.get(`/api/videos/${slow.body.id}/status`)).body).toMatchObject({
          status: before.status,
          progress: before.progress,
        });
        await client.post(`/api/videos/${slow.body.id}/cancel`);
        const nul = await fetch(`${app.url}/api/video-webhooks/${c.kind}`, {
          method: 'POST',
          body: 'a\u0000b',
        });
        expect(nul.status).toBe(400);
        await startInProcessWorker();
      },
    );

    it.runIf(c.idempotent)(
      'retries a create whose answer was lost with the same idempotency key (the job id): one render',
      async () => {
        const { client } = await signedUpClient(app.url);
        const res = await client.post('/api/videos/generate', {
          prompt: 'a paper boat [lostcreate=1]',
          duration: c.duration,
        });
        await waitForStatus(client, res.body.id, ['completed']);
        const renders = fake.creations('a paper boat');
        expect(renders).toHaveLength(1);
        expect(renders[0]!.body.idempotencyKey).toBe(`video-job-${res.body.id}`);
      },
    );

    it('resumes the same remote render after the worker is killed mid-job: exactly one creation', async () => {
      await worker?.stop();
      worker = undefined;
      const workerEnv = {
        DATABASE_URL: own.url,
        STORAGE_DIR: app.config.storageDir,
        ...env({ VIDEO_POLL_MS: '100' }),
        WORKER_HEARTBEAT_MS: '200',
        WORKER_STALE_AFTER_MS: '1500',
        LOG_LEVEL: 'silent',
      };
      const workers: ApiProcess[] = [await startWorkerProcess(workerEnv)];
      try {
        const { client } = await signedUpClient(app.url);
        const res = await client.post('/api/videos/generate', {
          prompt: 'a slow glacier [step=3]',
          duration: c.duration,
        });
        const id = res.body.id;
        await expect
          .poll(
            async () =>
              (await db().query('select remote_id from video_jobs where id = $1', [id])).rows[0]?.remote_id,
            {
              timeout: 30_000,
              interval: 100,
            },
          )
          .toBeTruthy();
        const remoteId = (await db().query('select remote_id from video_jobs where id = $1', [id])).rows[0]
          .remote_id;
        workers[0]!.child.kill('SIGKILL');
        await new Promise((resolve) => workers[0]!.child.once('exit', resolve));
        expect((await client.get(`/api/videos/${id}/status`)).body.status).toBe('in_progress');
        workers.push(await startWorkerProcess(workerEnv));
        const done = await waitForStatus(client, id, ['completed', 'failed'], 60_000);
        expect(done).toMatchObject({ status: 'completed', progress: 100 });
        expect(fake.creations('a slow glacier')).toHaveLength(1);
        expect(
          (await db().query('select remote_id from video_jobs where id = $1', [id])).rows[0].remote_id,
        ).toBe(remoteId);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
    });
  },
);

describe('several video models at once (VIDEO_PROVIDERS_FILE)', { timeout: 120_000 }, () => {
  let runway: FakeProviderBase;
  let fal: FakeProviderBase & { jwksUrl: string };
  let app: RunningApp;
  let worker: Runner;
  let file: string;

  const entries = (extra: Record<string, unknown> = {}) => ({
    kling: {
      provider: 'fal',
      apiKey: fal.apiKey,
      baseURL: fal.baseURL,
      model: 'fal-ai/kling-video/v2.1/master/text-to-video',
      label: 'Kling 2.1',
      webhookJwksUrl: fal.jwksUrl,
    },
    ...extra,
  });

  beforeAll(async () => {
    [runway, fal] = await Promise.all([startFakeRunway(), startFakeFal()]);
    file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-video-providers-')), 'providers.json');
    writeFileSync(file, JSON.stringify(entries()));
    const env = {
      VIDEO_PROVIDER: 'runway',
      VIDEO_API_BASE_URL: runway.baseURL,
      VIDEO_API_KEY: runway.apiKey,
      VIDEO_PROVIDERS_FILE: file,
      VIDEO_POLL_MS: '50',
    };
    app = await startTestApp({ ...env, DATABASE_URL: own.url });
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: own.url, STORAGE_DIR: app.config.storageDir }),
      env,
    );
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await Promise.all([runway.close(), fal.close()]);
  });

  it('lists every model with what it can make, the variables’ one first; the key never shows', async () => {
    const anonymous = await signedUpClient(app.url);
    const models = (await anonymous.client.get('/api/videos/models')).body;
    expect(
      models.map((m: any) => [m.id, m.kind, m.model, m.durations, m.aspectRatios, m.imageInput]),
    ).toEqual([
      ['runway', 'runway', 'gen4.5', ['5', '10'], ['16:9', '9:16'], true],
      ['kling', 'fal', 'fal-ai/kling-video/v2.1/master/text-to-video', ['5', '10'], ['16:9', '9:16'], true],
    ]);
    expect(models[1].label).toBe('Kling 2.1');
    const gql = await anonymous.client.gql('{ videoModels { id label durations audio } }');
    expect(gql.data.videoModels.map((m: any) => m.id)).toEqual(['runway', 'kling']);
    expect(JSON.stringify(models)).not.toContain(fal.apiKey);
    expect(JSON.stringify(models)).not.toContain(runway.apiKey);
  });

  it('renders with the model asked for, and records it on the post and its public page', async () => {
    const { client } = await signedUpClient(app.url);
    const job = await queueVideo(client, { prompt: 'a paper boat, 10 seconds', model: 'kling' });
    expect(job).toMatchObject({
      provider: 'kling',
      model: 'fal-ai/kling-video/v2.1/master/text-to-video',
    });
    await waitForStatus(client, job.id, ['completed']);
    expect(fal.creations('a paper boat')).toHaveLength(1);
    expect(runway.creations('a paper boat')).toHaveLength(0);
    expect(fal.creations('a paper boat')[0]!.body.duration).toBe('10');
    const post = (await client.post('/api/posts', { videoId: job.id, isPublic: true })).body;
    const page = (await client.get(`/api/public/videos/${post.slug}`)).body;
    expect(page).toMatchObject({
      provider: 'kling',
      model: 'fal-ai/kling-video/v2.1/master/text-to-video',
      preview: false,
    });
    const [video] = videoPageMeta(videoPageDataOf(page), 'https://chorus.example').structuredData as any[];
    expect(video).toMatchObject({
      digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
      creditText: 'an AI-generated video made with fal-ai/kling-video/v2.1/master/text-to-video (kling)',
      creator: { '@type': 'SoftwareApplication', name: 'fal-ai/kling-video/v2.1/master/text-to-video' },
    });
  });

  it('starts from a picture by its /media address (an @image answer), only the user’s own', async () => {
    const owner = await signedUpClient(app.url);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const file = await owner.client.upload('/api/files', 'file', png, 'drawn.png', 'image/png');
    const key = (await db().query('select storage_key from files where id = $1', [file.body.id])).rows[0]
      .storage_key;
    const job = await queueVideo(owner.client, {
      prompt: 'the drawing moves',
      imageUrl: `${app.url}/media/${key}`,
    });
    expect(job.sourceFileId).toBe(file.body.id);
    await waitForStatus(owner.client, job.id, ['completed']);
    expect(String(runway.creations('the drawing moves')[0]!.body.promptImage)).toMatch(
      /^data:image\/png;base64,iVBOR/,
    );
    const intruder = await signedUpClient(app.url);
    const stolen = await intruder.client.post('/api/videos/generate', {
      prompt: 'x',
      imageUrl: `/media/${key}`,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('That picture is not one of your files');
  });

  it('starts from a frame of one of the user’s videos, taken server-side, and records which', async () => {
    const owner = await signedUpClient(app.url);
    const first = await owner.client.post('/api/videos/generate', { prompt: 'a windmill turning' });
    await waitForStatus(owner.client, first.body.id, ['completed']);
    const job = await queueVideo(owner.client, {
      prompt: 'the windmill takes off',
      frameVideoId: first.body.id,
      frameSeconds: 1.5,
    });
    expect(job).toMatchObject({ sourceVideoId: first.body.id, sourceFrameSeconds: 1.5 });
    const [frame] = (
      await db().query(
        `select f.id, f.purpose, f.content_type, f.storage_key, f.size from files f join users u on u.id = f.user_id
          where u.username = $1 and f.purpose = 'video_frame'`,
        [owner.username],
      )
    ).rows;
    expect(frame).toMatchObject({ id: job.sourceFileId, content_type: 'image/jpeg' });
    // A real JPEG of the fake's 320x180 picture (SOF0 carries height then width).
    const jpeg = readFileSync(path.join(app.config.storageDir, frame.storage_key));
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect([jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7)]).toEqual([180, 320]);
    await waitForStatus(owner.client, job.id, ['completed']);
    expect(String(runway.creations('the windmill takes off')[0]!.body.promptImage)).toBe(
      `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    );
    const post = (await owner.client.post('/api/posts', { videoId: job.id, isPublic: false })).body;
    expect(post).toMatchObject({ sourceVideoId: first.body.id, sourceFrameSeconds: 1.5 });
    expect(post.sourceImageUrl).toContain(frame.storage_key);

    const bad = async (body: Record<string, unknown>, message: string, client = owner.client) => {
      const answer = await client.post('/api/videos/generate', { prompt: 'again', ...body });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    };
    // The fake's clip is 2 s long, though Runway was asked for 5: nothing to take at 4 s.
    await bad(
      { frameVideoId: first.body.id, frameSeconds: 4 },
      'There is no frame at that moment of the video',
    );
    await bad({ frameVideoId: first.body.id, frameSeconds: 6 }, 'That video is 5 seconds long');
    await bad({ frameSeconds: 1 }, 'A frame needs both frameVideoId and frameSeconds');
    await bad(
      { frameVideoId: first.body.id, frameSeconds: 1, imageUrl: '/media/x' },
      'Start from one picture: a file, an address or a frame of a video',
    );
    await bad(
      { frameVideoId: first.body.id, frameSeconds: 'soon' },
      'frameSeconds must be a number of seconds',
    );
    const intruder = await signedUpClient(app.url);
    await bad(
      { frameVideoId: first.body.id, frameSeconds: 1 },
      'That video is not one of yours',
      intruder.client,
    );
    const signedOut = await fetch(`${app.url}/api/videos/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x', frameVideoId: first.body.id, frameSeconds: 1 }),
    });
    expect(signedOut.status).toBe(401);
    // Refused requests keep no frame and count no video.
    const frames = await db().query(
      `select count(*)::int as n from files f join users u on u.id = f.user_id where u.username = $1 and f.purpose = 'video_frame'`,
      [owner.username],
    );
    expect(frames.rows[0].n).toBe(1);
    expect((await owner.client.get('/api/videos/allowance')).body.used).toBe(2);
    // The frame is one of the owner's files, counted in their storage: listed in My Files, theirs
    // alone to download, and to delete (which frees its room).
    const listed = (await owner.client.get('/api/files')).body as { id: string; name: string }[];
    expect(listed.find((f) => f.id === frame.id)?.name).toMatch(
      /^Frame at 1\.5 s of a windmill turning\.jpg$/,
    );
    const stranger = await signedUpClient(app.url);
    expect((await stranger.client.get(`/api/files/${frame.id}/download`)).status).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/files/${frame.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/files/${frame.id}/download`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/files/${frame.id}`)).status).toBe(200);
    expect((await owner.client.get('/api/files')).body).not.toContainEqual(
      expect.objectContaining({ id: frame.id }),
    );
  });

  it('answers 400 for a model not configured or a length the model does not make', async () => {
    const { client } = await signedUpClient(app.url);
    const unknown = await client.post('/api/videos/generate', { prompt: 'a fox', model: 'sora' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('There is no video model "sora" here');
    const length = await client.post('/api/videos/generate', {
      prompt: 'a fox',
      model: 'kling',
      duration: '8',
    });
    expect(length.status).toBe(400);
    expect(length.body.message).toBe('This video service makes 5, 10 second videos');
  });

  it('follows edits of the file without a restart, and keeps the last good list when one does not parse', async () => {
    const { client } = await signedUpClient(app.url);
    writeFileSync(
      file,
      JSON.stringify(
        entries({
          ltx: {
            provider: 'fal',
            apiKey: 'k',
            model: 'fal-ai/ltx-video',
            capabilities: { durations: ['6'] },
          },
        }),
      ),
    );
    await expect
      .poll(async () => (await client.get('/api/videos/models')).body.map((m: any) => m.id), {
        timeout: 10_000,
      })
      .toEqual(['runway', 'kling', 'ltx']);
    writeFileSync(file, '{ not json');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await client.get('/api/videos/models')).body.map((m: any) => m.id)).toEqual([
      'runway',
      'kling',
      'ltx',
    ]);
  });
});

describe('prompt enhancement (the dialog’s Enhance button)', { timeout: 60_000 }, () => {
  let chat: FakeOpenAI;
  let app: RunningApp;
  let offline: RunningApp;

  beforeAll(async () => {
    chat = await startFakeOpenAI();
    chat.script(
      'a cat on a skateboard',
      'A tabby cat [tokens] rolls down a sunlit boardwalk, low tracking shot.',
    );
    app = await startTestApp({
      DATABASE_URL: own.url,
      AI_GPT_BASE_URL: chat.baseURL,
      AI_GPT_API_KEY: 'sk-test-gpt',
      AI_GPT_MODEL: 'gpt-test',
    });
    offline = await startTestApp({ DATABASE_URL: own.url });
  });
  afterAll(async () => {
    await Promise.all([app.close(), offline.close()]);
    await chat.close();
  });

  const enhance = (base: string, cookie: string, body: unknown) =>
    fetch(`${base}/api/videos/enhance-prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  it('streams the default assistant’s rewrite, asked with the video model’s needs, and counts one prompt', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await enhance(app.url, client.cookieHeader, { prompt: 'a cat on a skateboard' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-enhanced-by')).toBe('GPT');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of res.body!) chunks.push(decoder.decode(chunk as Uint8Array, { stream: true }));
    expect(chunks.join('')).toBe('A tabby cat [tokens] rolls down a sunlit boardwalk, low tracking shot.');
    const asked = chat.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body;
    expect(asked.model).toBe('gpt-test');
    expect(asked.messages[0].role).toBe('system');
    expect(asked.messages[0].content).toContain('rewrite ideas into prompts for an AI video model');
    expect(asked.messages[1]).toEqual({ role: 'user', content: 'a cat on a skateboard' });
    expect((await client.gql(`{ allowance(feature: "prompts") { used } }`)).data.allowance.used).toBe(1);
  });

  it('works without a key (a local rewrite, said so), and answers 400 and 401 like every call', async () => {
    const { client } = await signedUpClient(offline.url);
    const res = await enhance(offline.url, client.cookieHeader, { prompt: 'rain on a tin roof.' });
    expect(res.headers.get('x-enhanced-by')).toBe('offline');
    expect(await res.text()).toBe(
      'rain on a tin roof. Cinematic shot, slow camera push-in, soft natural light, rich detail, smooth motion.',
    );
    const empty = await enhance(offline.url, client.cookieHeader, { prompt: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Please describe the video you want');
    expect((await enhance(offline.url, '', { prompt: 'a fox' })).status).toBe(401);
  });
});
