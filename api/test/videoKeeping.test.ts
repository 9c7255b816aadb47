/**
 * What a started video costs and where it ends up, whatever the browser does: the server keeps every
 * finished video in its owner's gallery (no save step needed) and lists the ones being made; a
 * cancel gives the video back only when nothing was billed (no render started, or the provider
 * confirmed the cancel); the share switch starts off and is remembered per user, on the server.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import type { FakeProviderBase } from '../../tests/support/fakeVideoProviders/engine.ts';
import { startFakeGoogle } from '../../tests/support/fakeVideoProviders/google.ts';
import { startFakeOpenAIVideos } from '../../tests/support/fakeVideoProviders/openai.ts';
import { ownDatabase } from '../../tests/support/ownDatabase.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { queueVideo, waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';

let own: Awaited<ReturnType<typeof ownDatabase>>;
let veo: FakeProviderBase;
let sora: FakeProviderBase;
let app: RunningApp;
let worker: Runner | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  own = await ownDatabase();
  [veo, sora] = await Promise.all([startFakeGoogle(), startFakeOpenAIVideos()]);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-video-providers-')), 'providers.json');
  writeFileSync(
    file,
    JSON.stringify({
      veo: {
        provider: 'google',
        apiKey: veo.apiKey,
        baseURL: veo.baseURL,
        model: 'veo-3.1-generate-preview',
      },
    }),
  );
  env = {
    VIDEO_PROVIDER: 'openai',
    VIDEO_API_BASE_URL: sora.baseURL,
    VIDEO_API_KEY: sora.apiKey,
    VIDEO_MODEL: 'sora-2',
    VIDEO_PROVIDERS_FILE: file,
    VIDEO_POLL_MS: '50',
    VIDEO_WEBHOOKS: 'false',
  };
  app = await startTestApp({ ...env, DATABASE_URL: own.url });
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await Promise.all([veo?.close(), sora?.close()]);
  await own?.drop();
});

const used = async (client: HttpClient) => (await client.get('/api/videos/allowance')).body.used as number;
const remoteIdOf = async (jobId: string) =>
  (await own.pool.query('select remote_id from video_jobs where id = $1', [jobId])).rows[0]?.remote_id;
const startedAtProvider = (jobId: string) =>
  expect.poll(() => remoteIdOf(jobId), { timeout: 20_000, interval: 50 }).toBeTruthy();

describe('cancelling a video gives it back only when nothing was billed', { timeout: 120_000 }, () => {
  it('before the provider started it: given back', async () => {
    // No worker yet: the job is still queued, nothing was sent to a provider.
    const { client } = await signedUpClient(app.url);
    const job = await queueVideo(client, { prompt: 'a cat on a piano, never started', model: 'veo' });
    expect(await used(client)).toBe(1);
    const res = await client.post(`/api/videos/${job.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', error: 'Cancelled', cancelled: true });
    expect(await used(client)).toBe(0);
  });

  it('started on a service that cannot cancel (Veo): it stays counted, the service still renders it', async () => {
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: own.url, STORAGE_DIR: app.config.storageDir }),
      env,
    );
    const { client } = await signedUpClient(app.url);
    const job = await queueVideo(client, { prompt: 'a veo sunrise, slowly [step=1]', model: 'veo' });
    await startedAtProvider(job.id);
    // Five cancels at once: one ends it, the others are told it has finished.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post(`/api/videos/${job.id}/cancel`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await used(client)).toBe(1);
    expect(veo.cancels).toEqual([]);
  });

  it('started on a service that confirms the cancel: given back once, however many cancels race', async () => {
    const { client } = await signedUpClient(app.url);
    const keep = await queueVideo(client, { prompt: 'a kept sora video [step=1]' });
    const job = await queueVideo(client, { prompt: 'a sora sunset, slowly [step=1]' });
    await startedAtProvider(job.id);
    expect(await used(client)).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post(`/api/videos/${job.id}/cancel`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const [remote] = sora.creations('a sora sunset');
    expect(sora.cancels).toContain(remote!.id);
    expect(remote!.state).toBe('cancelled');
    // Given back once: the other video still counts.
    expect(await used(client)).toBe(1);
    await client.post(`/api/videos/${keep.id}/cancel`);
  });
});

describe('every started video is kept in the gallery', { timeout: 120_000 }, () => {
  const GALLERY = `{ gallery { total posts { videoId isPublic title } }
    videosInTheMaking { id status progress cancelled } }`;

  it('finishes without the save step and appears in the owner’s gallery (private for a new user)', async () => {
    const owner = await signedUpClient(app.url);
    const job = await queueVideo(owner.client, { prompt: 'a lantern festival [step=5]' });
    // Listed with its state while it renders.
    await expect
      .poll(async () => (await owner.client.gql(GALLERY)).data.videosInTheMaking.map((j: any) => j.id), {
        timeout: 10_000,
      })
      .toEqual([job.id]);
    await waitForVideoStatus(owner.client, job.id, ['completed'], 60_000);
    const { data } = await owner.client.gql(GALLERY);
    expect(data.gallery.total).toBe(1);
    expect(data.gallery.posts).toEqual([
      { videoId: job.id, isPublic: false, title: 'a lantern festival [step=5]' },
    ]);
    expect(data.videosInTheMaking).toEqual([]);
    expect((await owner.client.get('/api/posts')).body.map((p: any) => p.videoId)).toEqual([job.id]);
    // Nobody else sees it: not public, not another user's gallery.
    const other = await signedUpClient(app.url);
    expect((await other.client.gql(GALLERY)).data).toMatchObject({
      gallery: { total: 0 },
      videosInTheMaking: [],
    });
    expect((await new HttpClient(app.url).gql(GALLERY)).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    // The owner's save afterwards (the dialog's) finds the kept post and chooses its sharing once.
    const saved = await owner.client.post('/api/posts', { videoId: job.id, isPublic: true });
    expect(saved.status).toBe(201);
    expect(saved.body.isPublic).toBe(true);
    const again = await owner.client.post('/api/posts', { videoId: job.id, isPublic: false });
    expect(again.body).toMatchObject({ id: saved.body.id, isPublic: true });
  });

  it('lists a cancelled video as cancelled (not a failure) until it is a week old', async () => {
    const owner = await signedUpClient(app.url);
    const job = await queueVideo(owner.client, { prompt: 'a cancelled comet [step=1]' });
    await owner.client.post(`/api/videos/${job.id}/cancel`);
    const { data } = await owner.client.gql(GALLERY);
    expect(data.videosInTheMaking).toEqual([{ id: job.id, status: 'failed', progress: 0, cancelled: true }]);
    await own.pool.query(`update video_jobs set updated_at = now() - interval '8 days' where id = $1`, [
      job.id,
    ]);
    expect((await owner.client.gql(GALLERY)).data.videosInTheMaking).toEqual([]);
  });
});

describe('putting away a video that ended without a video', { timeout: 120_000 }, () => {
  const MAKING = `{ videosInTheMaking { id } }`;
  const DISMISS = `mutation($id: ID!) { dismissVideo(id: $id) }`;

  it('takes it out of "In the making" for its owner only, and never while it is being made', async () => {
    const owner = await signedUpClient(app.url);
    const other = await signedUpClient(app.url);
    const job = await queueVideo(owner.client, { prompt: 'a comet to put away [step=1]' });

    // Still being made (no worker runs here): refused, over REST and GraphQL, and still listed.
    const early = await owner.client.post(`/api/videos/${job.id}/dismiss`);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('This video is still being made: cancel it first');
    const earlyGql = await owner.client.gql(DISMISS, { id: job.id });
    expect(earlyGql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await owner.client.gql(MAKING)).data.videosInTheMaking).toEqual([{ id: job.id }]);

    await owner.client.post(`/api/videos/${job.id}/cancel`);
    // A second user and a signed-out visitor can't put it away.
    expect((await other.client.post(`/api/videos/${job.id}/dismiss`)).status).toBe(404);
    expect((await other.client.gql(DISMISS, { id: job.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await new HttpClient(app.url).post(`/api/videos/${job.id}/dismiss`)).status).toBe(401);
    expect((await owner.client.gql(MAKING)).data.videosInTheMaking).toEqual([{ id: job.id }]);

    // The owner puts it away; twice at once is fine.
    const both = await Promise.all([
      owner.client.post(`/api/videos/${job.id}/dismiss`),
      owner.client.gql(DISMISS, { id: job.id }),
    ]);
    expect(both[0].status).toBe(200);
    expect(both[0].body).toEqual({ success: true });
    expect(both[1].data).toEqual({ dismissVideo: true });
    expect((await owner.client.gql(MAKING)).data.videosInTheMaking).toEqual([]);
  });

  it('answers "Video not found" for an id that is not a video id, as cancel does', async () => {
    const owner = await signedUpClient(app.url);
    const res = await owner.client.post('/api/videos/not-a-uuid/dismiss');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Video not found');
  });
});

describe('the share switch', { timeout: 120_000 }, () => {
  const SETTINGS = '{ mySettings { shareVideos } }';
  const GENERATE = `mutation($input: GenerateVideoInput!) { generateVideo(input: $input) { id share } }`;

  it('starts off for a new user and keeps their last choice, on every device', async () => {
    const { client, username } = await signedUpClient(app.url);
    expect((await client.gql(SETTINGS)).data.mySettings.shareVideos).toBe(false);
    const first = await client.gql(GENERATE, {
      input: { prompt: 'a shared rainbow [step=10]', share: true },
    });
    expect(first.data.generateVideo.share).toBe(true);
    // Another browser of the same user: the choice is there.
    const laptop = new HttpClient(app.url);
    expect((await laptop.post('/api/auth/login', { username, password: 'secret123' })).status).toBe(200);
    expect((await laptop.gql(SETTINGS)).data.mySettings.shareVideos).toBe(true);
    // Without a choice the next video follows the last one; kept public without a save step.
    const second = await laptop.gql(GENERATE, { input: { prompt: 'a second rainbow [step=10]' } });
    expect(second.data.generateVideo.share).toBe(true);
    await waitForVideoStatus(laptop, second.data.generateVideo.id, ['completed'], 60_000);
    const posts = (await laptop.get('/api/posts')).body;
    expect(posts.find((p: any) => p.videoId === second.data.generateVideo.id)?.isPublic).toBe(true);
    // Switched off again (a third video: the free plan's two are given back first): remembered too.
    await own.pool.query(
      'update usage_counters set used = 0 where user_id = (select id from users where username = $1)',
      [username],
    );
    const third = await client.gql(GENERATE, { input: { prompt: 'a private rainbow', share: false } });
    expect(third.data.generateVideo.share).toBe(false);
    expect((await laptop.gql(SETTINGS)).data.mySettings.shareVideos).toBe(false);
  });

  it('rejects a share that is not true or false', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'a bad switch', share: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('share must be true or false');
    expect(await used(client)).toBe(0);
  });
});
