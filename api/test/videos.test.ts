import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startWorkerProcess } from '../../scripts/lib/api-process.ts';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { testDatabaseUrl } from '../../tests/support/database.ts';
import { type FakeVideos, startFakeVideos } from '../../tests/support/fakeVideos.ts';
import { probeVideo } from '../../tests/support/ffprobe.ts';
import { db, makePaid, signedUpClient } from '../../tests/support/users.ts';
import { followVideoJob, queueVideo, waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import { providerRefusalMessage } from '../src/modules/safety/core/refusals.ts';

const GENERATE = `mutation($input: GenerateVideoInput!) {
  generateVideo(input: $input) { id status progress prompt duration size } }`;
const UPDATES = `subscription($id: ID!) { videoJobUpdates(id: $id) {
  id status progress error preview provider videoUrl downloadUrl thumbnailUrl } }`;

type JobView = {
  id: string;
  status: string;
  progress: number;
  error: string | null;
  preview: boolean;
  provider: string;
  videoUrl: string | null;
  downloadUrl: string | null;
  thumbnailUrl: string | null;
};

const followJob = (baseUrl: string, cookie: string, id: string) =>
  followVideoJob<JobView>(baseUrl, cookie, id, UPDATES);
const waitForStatus = (client: HttpClient, id: string, statuses: string[], timeoutMs = 60_000) =>
  waitForVideoStatus(client, id, statuses, timeoutMs);

// Rendering is real ffmpeg work: generous timeouts for a busy 2-core CI machine.
describe('video generation with the local preview renderer', { timeout: 120_000 }, () => {
  let app: RunningApp;
  let worker: Runner;

  beforeAll(async () => {
    app = await startTestApp();
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: testDatabaseUrl(), STORAGE_DIR: app.config.storageDir }),
      {},
    );
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
  });

  it('renders an H.264 MP4 of exactly the asked duration and size, pushing progress over graphql-ws', async () => {
    const { client } = await signedUpClient(app.url);
    const job = await queueVideo(client, { prompt: '@video a cat surfing, 8 seconds', size: '720x1280' });
    expect(job).toMatchObject({
      status: 'queued',
      progress: 0,
      prompt: 'a cat surfing',
      duration: '8',
      size: '720x1280',
    });

    const updates = await followJob(app.url, client.cookieHeader, job.id);
    const done = updates.at(-1)!;
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      error: null,
      preview: true,
      provider: 'preview',
    });
    // Progress arrives on the way, and never goes backwards.
    const progress = updates.map((u) => u.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(
      updates.filter((u) => u.status === 'in_progress' && u.progress > 0 && u.progress < 100).length,
    ).toBeGreaterThan(1);

    const status = await client.get(`/api/videos/${job.id}/status`);
    expect(status.body).toMatchObject({ status: 'completed', progress: 100, error: null });

    const [row] = (
      await db().query('select video_key, thumbnail_key from video_jobs where id = $1', [job.id])
    ).rows;
    const info = await probeVideo(path.join(app.config.storageDir, row.video_key));
    expect(info).toMatchObject({ codec: 'h264', width: 720, height: 1280, pixelFormat: 'yuv420p' });
    expect(info.duration).toBeGreaterThan(7.9);
    expect(info.duration).toBeLessThan(8.1);

    // An unposted video is its owner's alone (hardening.media.test.ts has the rest of it).
    const thumb = await fetch(app.url + done.thumbnailUrl!, { headers: { cookie: client.cookieHeader } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    // The video and its thumbnail are the user's files (they count toward storage).
    const files = await db().query(
      'select purpose, size from files where storage_key = any($1) order by purpose',
      [[row.video_key, row.thumbnail_key]],
    );
    expect(files.rows.map((f) => f.purpose)).toEqual(['thumbnail', 'video']);
  });

  it('downloads with a file name and answers Range requests, for the owner only', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'waves on a beach' });
    expect(res.body.duration).toBe('4');
    await waitForStatus(client, res.body.id, ['completed']);

    const full = await fetch(`${app.url}/api/videos/${res.body.id}/download`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(full.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?waves-on-a-beach\.mp4"?$/,
    );
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const size = (await full.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(10_000);

    const part = await fetch(`${app.url}/api/videos/${res.body.id}/download`, {
      headers: { cookie: client.cookieHeader, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const other = await signedUpClient(app.url);
    expect((await other.client.get(`/api/videos/${res.body.id}/status`)).status).toBe(404);
    expect((await other.client.get(`/api/videos/${res.body.id}/download`)).status).toBe(404);
    expect((await new HttpClient(app.url).get(`/api/videos/${res.body.id}/status`)).status).toBe(401);
    const ws = await other.client.gql(`{ videoJob(id: "${res.body.id}") { id } }`);
    expect(ws.data.videoJob).toBeNull();
  });

  it('rejects bad input with clear messages and nothing queued', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const cases: [unknown, string][] = [
      [{ prompt: '   ' }, 'Please describe the video you want'],
      [{ prompt: '@video 8 seconds' }, 'Please describe the video you want'],
      [{ prompt: 'a fox', duration: '5' }, 'This video service makes 4, 8, 12 second videos'],
      [{ prompt: 'a fox', duration: 'long' }, 'Duration must be a whole number of seconds up to 60'],
      [{ prompt: 'a fox', size: '640x480' }, 'Size must be one of 1280x720, 720x1280, 1920x1080, 1080x1920'],
      [{ prompt: 'a fox', model: 'sora-9' }, 'There is no video model "sora-9" here'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/videos/generate', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await new HttpClient(app.url).post('/api/videos/generate', { prompt: 'a fox' })).status).toBe(
      401,
    );
    const jobs = await db().query('select count(*)::int as n from video_jobs where user_id = $1', [userId]);
    expect(jobs.rows[0].n).toBe(0);
  });

  it('says what the provider can make, and how long it takes from its measured renders', async () => {
    const anonymous = new HttpClient(app.url);
    const declared = await anonymous.get('/api/videos/capabilities');
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({
      provider: 'preview',
      preview: true,
      durations: ['4', '8', '12'],
      sizes: ['1280x720', '720x1280', '1920x1080'],
      maxHeight: 1080,
    });
    expect(declared.body.renderEstimates.map((e: { duration: string }) => e.duration)).toEqual([
      '4',
      '8',
      '12',
    ]);

    // Twenty finished preview videos, the newest of all, each taking 3 s per second of video:
    // the estimate is their median, not the spec's duration × 10 s.
    const { userId } = await signedUpClient(app.url);
    await db().query(
      `insert into video_jobs (id, user_id, prompt, duration, size, status, progress, provider, created_at, updated_at)
       select gen_random_uuid(), $1, 'measured', d, '1280x720', 'completed', 100, 'preview',
              now() + interval '1 day' - make_interval(secs => 3 * d::int), now() + interval '1 day'
       from unnest(array['4','8','4','12','4','8','4','4','8','12','4','8','4','4','8','12','4','8','4','4']) d`,
      [userId],
    );
    try {
      const measured = await anonymous.get('/api/videos/capabilities');
      expect(measured.body.renderEstimates).toEqual([
        { duration: '4', seconds: 12, measured: true },
        { duration: '8', seconds: 24, measured: true },
        { duration: '12', seconds: 36, measured: true },
      ]);
      const viaGraphql = await anonymous.gql(
        '{ videoOptions { provider durations maxHeight renderEstimates { duration seconds measured } } }',
      );
      expect(viaGraphql.data.videoOptions).toEqual({
        provider: 'preview',
        durations: ['4', '8', '12'],
        maxHeight: 1080,
        renderEstimates: measured.body.renderEstimates,
      });
    } finally {
      await db().query(`delete from video_jobs where user_id = $1 and prompt = 'measured'`, [userId]);
    }
  });

  it('reads a length it cannot make, makes the nearest it can, and keeps the prompt readable', async () => {
    const { client } = await signedUpClient(app.url);
    const job = await queueVideo(client, { prompt: '@video a 20 second clip of a cat on a skateboard' });
    expect(job).toMatchObject({ prompt: 'a cat on a skateboard', duration: '12' });
  });

  it("counts videos against the plan's monthly limit and shows what is left", async () => {
    const { client, userId } = await signedUpClient(app.url);
    const allowance = () => client.gql(`{ allowance(feature: "videos") { limit used remaining } }`);
    expect((await allowance()).data.allowance).toEqual({ limit: 2, used: 0, remaining: 2 });
    for (let i = 0; i < 2; i++) {
      await queueVideo(client, { prompt: `a bird ${i}` });
    }
    const third = await client.post('/api/videos/generate', { prompt: 'a third bird' });
    expect(third.status).toBe(402);
    expect(third.body.message).toBe("You've used all 2 videos of your plan this month. Upgrade for more.");
    expect((await allowance()).data.allowance).toEqual({ limit: 2, used: 2, remaining: 0 });
    await makePaid(userId, 'max');
    await queueVideo(client, { prompt: 'a max bird' });
    expect((await allowance()).data.allowance.remaining).toBeNull();
  });
});

describe('video generation through a Videos API service (openai SDK)', { timeout: 60_000 }, () => {
  let app: RunningApp;
  let fake: FakeVideos;
  let worker: Runner;
  const env = () => ({ VIDEO_API_BASE_URL: fake.baseURL, VIDEO_API_KEY: 'sk-video', VIDEO_POLL_MS: '60' });

  beforeAll(async () => {
    fake = await startFakeVideos();
    app = await startTestApp(env());
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: testDatabaseUrl(), STORAGE_DIR: app.config.storageDir }),
      env(),
    );
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
    await fake.close();
  });

  it('creates one remote render, follows its progress and stores the downloaded video', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.gql(GENERATE, {
      input: { prompt: 'a red kite over hills [step=10]', duration: '8' },
    });
    expect(res.errors).toBeUndefined();
    const id = res.data.generateVideo.id;
    const updates = await followJob(app.url, client.cookieHeader, id);
    expect(updates.at(-1)).toMatchObject({
      status: 'completed',
      progress: 100,
      preview: false,
      provider: 'openai',
    });
    expect(new Set(updates.map((u) => u.progress)).size).toBeGreaterThan(3);
    const renders = [...fake.created.values()].filter((v) => v.prompt.startsWith('a red kite'));
    expect(renders).toEqual([
      {
        prompt: 'a red kite over hills [step=10]',
        seconds: '8',
        size: '1280x720',
        idempotencyKey: `video-job-${id}`,
      },
    ]);
    const [row] = (await db().query('select video_key from video_jobs where id = $1', [id])).rows;
    const info = await probeVideo(path.join(app.config.storageDir, row.video_key));
    expect(info).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(Math.round(info.duration)).toBe(8);
  });

  it('offers only the sizes the protocol has', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'a fox', size: '1920x1080' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This video service makes 1280x720, 720x1280 videos; 1920x1080 is not available',
    );
    expect(
      (await client.gql('{ videoOptions { provider sizes maxHeight preview } }')).data.videoOptions,
    ).toEqual({
      provider: 'openai',
      sizes: ['1280x720', '720x1280'],
      maxHeight: 720,
      preview: false,
    });
  });

  it('ends as failed with the service’s reason, and the video is not counted', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'something forbidden [fail]' });
    const job = await waitForStatus(client, res.body.id, ['failed']);
    // A safety refusal (error.code moderation_blocked), explained in plain words with the service's own.
    expect(job.error).toBe(providerRefusalMessage('The prompt was flagged by the content filter'));
    expect((await client.gql(`{ allowance(feature: "videos") { used } }`)).data.allowance.used).toBe(0);
  });

  it('rides out server errors of the service without creating a second render', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'a lighthouse [create500=2]' });
    await waitForStatus(client, res.body.id, ['completed']);
    expect([...fake.created.values()].filter((v) => v.prompt.startsWith('a lighthouse'))).toHaveLength(1);
  });
});

describe('a worker killed mid-job', { timeout: 120_000 }, () => {
  let app: RunningApp;
  let fake: FakeVideos;
  const workers: ApiProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeVideos();
    // The api records which provider a job is for; the workers render with that one.
    app = await startTestApp({ VIDEO_API_BASE_URL: fake.baseURL });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await app.close();
    await fake.close();
  });

  it('is taken over by a new worker, which resumes the same render: one video, one post', async () => {
    const env = {
      DATABASE_URL: testDatabaseUrl(),
      STORAGE_DIR: app.config.storageDir,
      VIDEO_API_BASE_URL: fake.baseURL,
      VIDEO_POLL_MS: '200',
      WORKER_HEARTBEAT_MS: '200',
      WORKER_STALE_AFTER_MS: '1500',
      LOG_LEVEL: 'silent',
    };
    workers.push(await startWorkerProcess(env));
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'a slow glacier [step=4]' });
    const id = res.body.id;
    await expect
      .poll(async () => (await client.get(`/api/videos/${id}/status`)).body.progress, {
        timeout: 30_000,
        interval: 100,
      })
      .toBeGreaterThan(8);
    workers[0]!.child.kill('SIGKILL');
    await new Promise((resolve) => workers[0]!.child.once('exit', resolve));
    const stalled = (await client.get(`/api/videos/${id}/status`)).body;
    expect(stalled.status).toBe('in_progress');

    workers.push(await startWorkerProcess(env));
    const done = await waitForStatus(client, id, ['completed', 'failed'], 60_000);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    // The new worker resumed the render the killed one started instead of paying for another.
    expect([...fake.created.values()].filter((v) => v.prompt.startsWith('a slow glacier'))).toHaveLength(1);
    const files = await db().query(
      `select count(*)::int as n from files f join video_jobs j
      on f.storage_key in (j.video_key, j.thumbnail_key) where j.id = $1`,
      [id],
    );
    expect(files.rows[0].n).toBe(2);
    const first = await client.post('/api/posts', { videoId: id });
    const second = await client.post('/api/posts', { videoId: id });
    expect(second.body.id).toBe(first.body.id);
    expect(existsSync(path.join(app.config.storageDir, `videos`))).toBe(true);
  });
});
