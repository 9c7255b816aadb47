import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Runner } from 'graphile-worker';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import type { HttpClient } from '../../tests/support/client.ts';
import { type FakeModeration, startFakeModeration } from '../../tests/support/fakeModeration.ts';
import { type FakeProviderBase, REFUSAL } from '../../tests/support/fakeVideoProviders/engine.ts';
import { GOOGLE_FILTERED, startFakeGoogle } from '../../tests/support/fakeVideoProviders/google.ts';
import { startFakeOpenAIVideos } from '../../tests/support/fakeVideoProviders/openai.ts';
import { ownDatabase } from '../../tests/support/ownDatabase.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { waitForVideoStatus } from '../../tests/support/videoJobs.ts';
import { finishedVideo } from '../../tests/support/videos.ts';
import { loadWorkerConfig, startWorker } from '../../worker/src/worker.ts';
import type { RunningApp } from '../src/app.ts';
import type { ContentChecked } from '../src/modules/safety/core/checks.ts';
import { providerRefusalMessage } from '../src/modules/safety/core/refusals.ts';
import { registerHooks } from '../src/platform/hooks.ts';

/**
 * The automatic moderation checks (api/src/modules/safety): a video prompt before anything is
 * counted or queued, a post before it is public, the remote /moderations checker and its fallback,
 * and the video services' own safety refusals.
 */

// Every decision, as the audit log will receive it (the `contentChecked` event).
const decisions: ContentChecked[] = [];
registerHooks({
  contentChecked: async (event) => {
    decisions.push(event);
  },
});
const decisionsOf = (userId: string) => decisions.filter((d) => d.userId === userId);

const GENERATE = `mutation($input: GenerateVideoInput!) { generateVideo(input: $input) { id status } }`;
const UPDATE_POST = `mutation($id: ID!, $input: UpdatePostInput!) {
  updatePost(id: $id, input: $input) { isPublic description } }`;

/** The audit log's entries about a target (moderation's audit_log), oldest first. */
const auditOf = async (pool: pg.Pool, targetId: string) =>
  (
    await pool.query(
      `select actor_id, action, target_type, reason, details from audit_log where target_id = $1 order by created_at`,
      [targetId],
    )
  ).rows;

const used = async (client: HttpClient) => (await client.get('/api/videos/allowance')).body.used as number;
const jobsOf = async (userId: string) =>
  (await db().query('select count(*)::int as n from video_jobs where user_id = $1', [userId])).rows[0].n;
const queuedRenders = async () =>
  (
    await db().query(
      `select count(*)::int as n from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'generate_video'`,
    )
  ).rows[0].n;

describe('the word list (no moderation service configured)', { timeout: 60_000 }, () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a video prompt before anything is counted or queued, in plain words (REST)', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const renders = await queuedRenders();
    const res = await client.post('/api/videos/generate', {
      prompt: 'A knight BÉHEADING a dragon, 8 seconds',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message:
        "This prompt can't be made into a video: it was flagged for graphic violence. Change it and try again.",
      code: 'CONTENT_REFUSED',
      category: 'violence/graphic',
      field: 'prompt',
    });
    expect(await used(client)).toBe(0);
    expect(await jobsOf(userId)).toBe(0);
    expect(await queuedRenders()).toBe(renders);
    expect(decisionsOf(userId)).toEqual([
      {
        userId,
        subject: 'video_prompt',
        target: { type: 'user', id: userId },
        text: 'A knight BÉHEADING a dragon, 8 seconds',
        decision: {
          allowed: false,
          category: 'violence/graphic',
          categories: ['violence/graphic'],
          reason: 'blocked words: behead*',
          provider: 'wordlist',
          fallback: false,
        },
      },
    ]);
    // In the audit log as an automatic decision (no actor).
    expect(await auditOf(db(), userId)).toEqual([
      {
        actor_id: null,
        action: 'check.refuse',
        target_type: 'user',
        reason: 'blocked words: behead*',
        details: {
          subject: 'video_prompt',
          userId,
          category: 'violence/graphic',
          categories: ['violence/graphic'],
          provider: 'wordlist',
          fallback: false,
          text: 'A knight BÉHEADING a dragon, 8 seconds',
        },
      },
    ]);
  });

  it('answers GraphQL with the same message and the code, and still queues a clean prompt', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const refused = await client.gql(GENERATE, {
      input: { prompt: 'ｓｉｅｇ ｈｅｉｌ banners in a stadium' },
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: "This prompt can't be made into a video: it was flagged for hate. Change it and try again.",
      extensions: { code: 'CONTENT_REFUSED', category: 'hate', field: 'prompt' },
    });
    expect(await used(client)).toBe(0);
    const ok = await client.gql(GENERATE, { input: { prompt: 'grapes ripening on a vine, time-lapse' } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.generateVideo.status).toBe('queued');
    expect(await used(client)).toBe(1);
    expect(await jobsOf(userId)).toBe(1);
    expect(decisionsOf(userId).map((d) => d.decision.allowed)).toEqual([false, true]);
    // A plain "allowed" is raised, not written to the audit log.
    expect((await auditOf(db(), userId)).map((e) => e.action)).toEqual(['check.refuse']);
  });

  it('still answers a bad input as such (400 BAD_USER_INPUT), checked before the words', async () => {
    const { client } = await signedUpClient(app.url);
    const empty = await client.post('/api/videos/generate', { prompt: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Please describe the video you want',
    });
    const long = await client.post('/api/videos/generate', { prompt: `beheading ${'x'.repeat(2000)}` });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Prompts are at most 2,000 characters',
    });
    expect(await used(client)).toBe(0);
  });

  it('refuses to publish a post whose words are flagged; private is fine, and publishing it later is checked', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const video = await finishedVideo(app.config.storageDir, userId, 'a quiet harbour at dawn');
    const refused = await client.post('/api/posts', {
      videoId: video.id,
      description: 'Made for the sieg heil rally',
      isPublic: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'CONTENT_REFUSED',
      message:
        "This video can't be shared publicly: it was flagged for hate. Change its title, description or tags and try again, or keep it private.",
    });
    expect(
      (await db().query('select count(*)::int as n from posts where user_id = $1', [userId])).rows[0].n,
    ).toBe(0);

    const kept = await client.post('/api/posts', {
      videoId: video.id,
      description: 'Made for the sieg heil rally',
      isPublic: false,
    });
    expect(kept.status).toBe(201);
    const publish = await client.gql(UPDATE_POST, { id: kept.body.id, input: { isPublic: true } });
    expect(publish.errors?.[0]?.extensions).toMatchObject({ code: 'CONTENT_REFUSED', category: 'hate' });
    const tags = await client.patch(`/api/posts/${kept.body.id}`, { isPublic: true, tags: ['beheadings'] });
    expect(tags.status).toBe(400);
    expect(tags.body.category).toBe('violence/graphic');
    const fixed = await client.gql(UPDATE_POST, {
      id: kept.body.id,
      input: { isPublic: true, description: 'Boats at dawn' },
    });
    expect(fixed.errors).toBeUndefined();
    expect(fixed.data.updatePost).toEqual({ isPublic: true, description: 'Boats at dawn' });
    // A public post is checked again only when what it shows changes.
    const before = decisionsOf(userId).length;
    expect((await client.patch(`/api/posts/${kept.body.id}`, { isPublic: true })).status).toBe(200);
    expect(decisionsOf(userId)).toHaveLength(before);
    expect((await auditOf(db(), video.id)).map((e) => [e.action, e.target_type])).toEqual([
      ['check.refuse', 'video'],
    ]);
    expect((await auditOf(db(), kept.body.id)).map((e) => [e.action, e.details.category])).toEqual([
      ['check.refuse', 'hate'],
      ['check.refuse', 'violence/graphic'],
    ]);
    expect(
      decisionsOf(userId).every(
        (d) =>
          d.subject === 'post' &&
          ((d.target.type === 'post' && d.target.id === kept.body.id) ||
            (d.target.type === 'video' && d.target.id === video.id)),
      ),
    ).toBe(true);
  });
});

describe('a remote /moderations service (the openai SDK)', { timeout: 60_000 }, () => {
  let app: RunningApp;
  let fake: FakeModeration;
  beforeAll(async () => {
    fake = await startFakeModeration();
    app = await startTestApp({
      MODERATION_BASE_URL: fake.baseURL,
      MODERATION_API_KEY: fake.apiKey,
      MODERATION_TIMEOUT_MS: '400',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('refuses what the service flags, asked with the configured model, and records who decided', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', {
      prompt: 'a street fight [flag:violence] [flag:harassment]',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CONTENT_REFUSED',
      category: 'violence',
      message:
        "This prompt can't be made into a video: it was flagged for violence. Change it and try again.",
    });
    expect(fake.requests.at(-1)).toEqual({
      model: 'omni-moderation-latest',
      input: 'a street fight [flag:violence] [flag:harassment]',
    });
    expect(await used(client)).toBe(0);
    expect(await jobsOf(userId)).toBe(0);
    expect(decisionsOf(userId)[0]?.decision).toEqual({
      allowed: false,
      category: 'violence',
      categories: ['violence', 'harassment'],
      reason: 'omni-moderation-latest flagged it for violence, harassment',
      provider: 'omni-moderation-latest',
      fallback: false,
    });
  });

  it('lets through what the service allows; the word list still refuses without asking it', async () => {
    const { client } = await signedUpClient(app.url);
    expect((await client.post('/api/videos/generate', { prompt: 'a lighthouse in fog' })).status).toBe(201);
    expect(fake.requests.at(-1)?.input).toBe('a lighthouse in fog');
    const asked = fake.requests.length;
    expect((await client.post('/api/videos/generate', { prompt: 'a dismembered doll' })).status).toBe(400);
    expect(fake.requests).toHaveLength(asked);
  });

  it('falls back to the word list when the service answers 500 or hangs: nobody is refused for it, nothing 500s', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const failed = await client.post('/api/videos/generate', { prompt: 'a calm lake [500]' });
    expect(failed.status).toBe(201);
    const started = Date.now();
    const hung = await client.post('/api/videos/generate', { prompt: 'a calm river [hang]' });
    expect(hung.status).toBe(201);
    // MODERATION_TIMEOUT_MS (400 ms here) bounds the wait.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await used(client)).toBe(2);
    const [first, second] = decisionsOf(userId);
    expect(first?.decision).toMatchObject({ allowed: true, provider: 'wordlist', fallback: true });
    expect(first?.decision.reason).toMatch(/^omni-moderation-latest failed \(500 .*\); no blocked words$/);
    expect(second?.decision).toMatchObject({ allowed: true, provider: 'wordlist', fallback: true });
    expect(second?.decision.reason).toMatch(/timed out/i);
    // A blocked word is still refused while the service is down.
    const refused = await client.post('/api/videos/generate', { prompt: 'csam [hang]' });
    expect(refused.body).toMatchObject({ code: 'CONTENT_REFUSED', category: 'sexual/minors' });
    // Let through unchecked by the service: flagged for a moderator's look.
    expect((await auditOf(db(), userId)).map((e) => e.action)).toEqual([
      'check.fallback',
      'check.fallback',
      'check.refuse',
    ]);
  });

  it('checks a post being published with the service too', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const video = await finishedVideo(app.config.storageDir, userId, 'two boxers in a ring');
    const res = await client.post('/api/posts', { videoId: video.id, tags: ['[flag:hate/threatening]'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('it was flagged for hateful threats');
    expect((await client.post('/api/posts', { videoId: video.id, tags: ['boxing'] })).status).toBe(201);
  });
});

describe("a video service's own safety refusal", { timeout: 120_000 }, () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let fake: Awaited<ReturnType<typeof startFakeOpenAIVideos>>;
  let veo: FakeProviderBase;
  let app: RunningApp;
  let worker: Runner;
  beforeAll(async () => {
    // Its own database: the other files' workers render with other providers.
    own = await ownDatabase();
    [fake, veo] = await Promise.all([startFakeOpenAIVideos(), startFakeGoogle()]);
    // Veo beside the default (OpenAI's protocol), as a second model of VIDEO_PROVIDERS_FILE.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-safety-')), 'providers.json');
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
    const env = {
      VIDEO_PROVIDER: 'openai',
      VIDEO_API_BASE_URL: fake.baseURL,
      VIDEO_API_KEY: fake.apiKey,
      VIDEO_PROVIDERS_FILE: file,
      VIDEO_POLL_MS: '50',
      VIDEO_WEBHOOKS: 'false',
    };
    app = await startTestApp({ ...env, DATABASE_URL: own.url });
    worker = await startWorker(
      loadWorkerConfig({ DATABASE_URL: own.url, STORAGE_DIR: app.config.storageDir }),
      env,
    );
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await fake?.close();
    await veo?.close();
    await own?.drop();
  });

  it('a render the service ends refused: explained in plain words, given back to the plan, recorded', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'a harmless-looking prompt [refuse]' });
    expect(res.status).toBe(201);
    const job = await waitForVideoStatus(client, res.body.id, ['failed'], 30_000);
    expect(job.error).toBe(providerRefusalMessage(REFUSAL));
    expect(job.error).toMatch(/^This prompt can't be made into a video: the video service refused it/);
    expect(await used(client)).toBe(0);
    await expect
      .poll(() => decisionsOf(userId).find((d) => d.subject === 'video_render'))
      .toMatchObject({
        target: { type: 'video', id: res.body.id },
        decision: { allowed: false, provider: 'openai', reason: REFUSAL },
      });
    expect(await auditOf(own.pool, res.body.id)).toMatchObject([
      { actor_id: null, action: 'check.refuse', target_type: 'video', reason: REFUSAL },
    ]);
  });

  it("Veo's filters: with their reasons, or only a count of removed videos, the same explanation", async () => {
    const { client } = await signedUpClient(app.url);
    const reasons = await client.post('/api/videos/generate', {
      prompt: 'a veo prompt [refuse]',
      model: 'veo',
    });
    const count = await client.post('/api/videos/generate', {
      prompt: 'another veo prompt [refuse] [countonly]',
      model: 'veo',
    });
    expect([reasons.status, count.status]).toEqual([201, 201]);
    const [withReasons, withCount] = await Promise.all([
      waitForVideoStatus(client, reasons.body.id, ['failed'], 30_000),
      waitForVideoStatus(client, count.body.id, ['failed'], 30_000),
    ]);
    expect(withReasons.error).toBe(providerRefusalMessage(GOOGLE_FILTERED));
    expect(withCount.error).toBe(providerRefusalMessage("Google's safety filters removed the video."));
    expect(await used(client)).toBe(0);
  });

  it('a create the service answers 400 for safety: failed at once (not retried), explained, given back', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/videos/generate', { prompt: 'a sneaky prompt [reject]' });
    expect(res.status).toBe(201);
    const job = await waitForVideoStatus(client, res.body.id, ['failed'], 30_000);
    expect(job.error).toBe(providerRefusalMessage('Your request was blocked by our moderation system.'));
    expect(await used(client)).toBe(0);
    expect(fake.creations('a sneaky prompt')).toEqual([]);
    // Asked once: a refusal is for good, neither the SDK call nor the job is tried again.
    expect(fake.rejected.filter((p) => p.startsWith('a sneaky prompt'))).toHaveLength(1);
  });
});
