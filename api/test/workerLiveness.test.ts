/**
 * Who may take a running job over: only a worker whose process is gone. A long render on a healthy
 * worker runs once (one render, one download), however many times it outlasts the takeover
 * threshold; a job whose worker was killed with SIGKILL is taken over by another worker.
 * The thresholds are shortened here (WORKER_STALE_AFTER_MS 1 s) so the test runs in seconds; the
 * renders last many times that.
 */
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startWorkerProcess } from '../../scripts/lib/api-process.ts';
import { startTestApp } from '../../tests/support/app.ts';
import type { FakeProviderBase } from '../../tests/support/fakeVideoProviders/engine.ts';
import { startFakeOpenAIVideos } from '../../tests/support/fakeVideoProviders/openai.ts';
import { ownDatabase } from '../../tests/support/ownDatabase.ts';
import { hasProc } from '../../tests/support/processes.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { queueVideo, waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';

const POLL_MS = 200;
const LIVENESS = { WORKER_HEARTBEAT_MS: '200', WORKER_STALE_AFTER_MS: '1000' };

// Its own database: the workers of other test files must not take (or unlock) these jobs.
let own: Awaited<ReturnType<typeof ownDatabase>>;
let fake: FakeProviderBase;
let app: RunningApp;
const videoEnv = () => ({
  VIDEO_PROVIDER: 'openai',
  VIDEO_API_BASE_URL: fake.baseURL,
  VIDEO_API_KEY: fake.apiKey,
  VIDEO_MODEL: 'sora-2',
  VIDEO_POLL_MS: String(POLL_MS),
  VIDEO_WEBHOOKS: 'false',
});

beforeAll(async () => {
  own = await ownDatabase();
  fake = await startFakeOpenAIVideos();
  app = await startTestApp({ ...videoEnv(), DATABASE_URL: own.url });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await own?.drop();
});

describe('a long render on a healthy worker', { timeout: 90_000 }, () => {
  let worker: Runner | undefined;
  afterAll(async () => {
    await worker?.stop();
  });

  it('is not taken over: one render, one download, polls for one run only', async () => {
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: own.url, STORAGE_DIR: app.config.storageDir, ...LIVENESS }),
      videoEnv(),
    );
    const { client } = await signedUpClient(app.url);
    const started = Date.now();
    // 1 % a tick of 100 ms: about 10 s of rendering, ten times the takeover threshold.
    const job = await queueVideo(client, {
      prompt: 'a glacier calving, very slowly [step=1]',
      duration: '8',
    });
    await waitForVideoStatus(client, job.id, ['completed', 'failed'], 60_000);
    const elapsed = Date.now() - started;
    // Whatever a second run would still be doing shows up here.
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS));
    const renders = fake.creations('a glacier calving');
    console.log(
      `render of ${elapsed} ms: ${renders.length} render(s), ${renders[0]?.statusReads} polls, ${renders[0]?.downloads} download(s)`,
    );
    expect((await client.get(`/api/videos/${job.id}/status`)).body.status).toBe('completed');
    expect(elapsed).toBeGreaterThan(5 * Number(LIVENESS.WORKER_STALE_AFTER_MS));
    expect(renders).toHaveLength(1);
    expect(renders[0]!.downloads).toBe(1);
    // One job following the render polls about once every POLL_MS; two or three would poll two or three times as often.
    expect(renders[0]!.statusReads).toBeLessThanOrEqual(Math.ceil(elapsed / POLL_MS) + 5);
  });
});

describe.skipIf(!hasProc)('a worker killed with SIGKILL mid-render', { timeout: 90_000 }, () => {
  const workers: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('leaves its job to another worker, which resumes the same render and finishes it', async () => {
    const env = {
      ...videoEnv(),
      ...LIVENESS,
      DATABASE_URL: own.url,
      STORAGE_DIR: app.config.storageDir,
      LOG_LEVEL: 'silent',
    };
    const first = await startWorkerProcess(env);
    workers.push(first);
    const { client } = await signedUpClient(app.url);
    const job = await queueVideo(client, { prompt: 'a paper boat on a river [step=2]', duration: '8' });
    // The render started and its id is saved, so the next worker resumes it.
    await expect
      .poll(
        async () =>
          (await own.pool.query('select remote_id from video_jobs where id = $1', [job.id])).rows[0]
            ?.remote_id,
        { timeout: 30_000, interval: 100 },
      )
      .toBeTruthy();
    first.child.kill('SIGKILL');
    const killed = Date.now();
    const second = await startWorkerProcess(env);
    workers.push(second);
    await waitForVideoStatus(client, job.id, ['completed', 'failed'], 60_000);
    console.log(`job finished by the second worker ${Date.now() - killed} ms after the first was killed`);
    expect((await client.get(`/api/videos/${job.id}/status`)).body.status).toBe('completed');
    const renders = fake.creations('a paper boat');
    expect(renders).toHaveLength(1);
    expect(renders[0]!.downloads).toBe(1);
  });
});
