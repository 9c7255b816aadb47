/**
 * Failures of the machinery under the app: a frozen PostgreSQL, a worker killed in the middle of a
 * render. Both need a database of their own (one is frozen; the other's job must not be taken by
 * the workers of other test files), so this file starts one.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startWorkerProcess } from '../../scripts/lib/api-process.ts';
import { type EmbeddedDb, startEmbeddedDb } from '../../scripts/lib/embedded-db.ts';
import { migrateDatabase } from '../../scripts/lib/migrate.ts';
import { startTestApp } from '../../tests/support/app.ts';
import { descendants, findDescendant, hasProc, isGone } from '../../tests/support/processes.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

let dir: string;
let db: EmbeddedDb;
let app: RunningApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-resilience-'));
  db = await startEmbeddedDb({ dataDir: path.join(dir, 'pg'), persistent: false });
  await migrateDatabase(db.url);
  app = await startTestApp({ DATABASE_URL: db.url });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function timedHealth(): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  // Without a time limit of its own, /healthz would hang the test along with the database.
  const res = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(6_000) }).catch(
    () => undefined,
  );
  return { status: res?.status ?? 0, ms: Date.now() - started };
}

describe.skipIf(!hasProc)('/healthz with a frozen PostgreSQL', { timeout: 60_000 }, () => {
  it('answers 503 within 2 s instead of hanging, and 200 again once PostgreSQL runs', async () => {
    expect((await timedHealth()).status).toBe(200);
    const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // The server and every backend (the pool's open connections included) stop running.
    const frozen = [postmaster, ...descendants(postmaster)];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      const [first, second] = await Promise.all([timedHealth(), timedHealth()]);
      const third = await timedHealth();
      console.log(`healthz with PostgreSQL frozen: ${first.ms}, ${second.ms}, ${third.ms} ms`);
      for (const check of [first, second, third]) {
        expect(check.status).toBe(503);
        expect(check.ms).toBeLessThan(2_500);
      }
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    await expect.poll(async () => (await timedHealth()).status, { timeout: 10_000 }).toBe(200);
  });
});

describe.skipIf(!hasProc)('a worker killed with SIGKILL mid-render', { timeout: 120_000 }, () => {
  const workers: ApiProcess[] = [];
  let tmp: string;
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await rm(tmp, { recursive: true, force: true });
  });

  it('takes its ffmpeg with it, and the next worker start removes its render folder', async () => {
    // The workers' own temp folder, so only their render folders are in it.
    tmp = await mkdtemp(path.join(os.tmpdir(), 'chorus-worker-tmp-'));
    const env = {
      DATABASE_URL: db.url,
      STORAGE_DIR: app.config.storageDir,
      TMPDIR: tmp,
      LOG_LEVEL: 'silent',
      // The next worker must not take the job over during the test (a render folder of its own).
      WORKER_STALE_AFTER_MS: '600000',
    };
    const first = await startWorkerProcess(env);
    workers.push(first);
    // Unverified: making a video needs no verified address, and the app is on a database of its own.
    const { client } = await signedUpClient(app.url, { verified: false });
    const res = await client.post('/api/videos/generate', {
      prompt: '@video a slow zoom into a fractal, 8 seconds',
      size: '1280x720',
    });
    expect(res.status).toBe(201);

    let ffmpeg: number | undefined;
    await expect
      .poll(() => (ffmpeg = findDescendant(first.child.pid!, 'ffmpeg')), { timeout: 60_000, interval: 100 })
      .toBeGreaterThan(0);
    const renderDirs = () => readdirSync(tmp).filter((name) => name.startsWith('chorus-video-'));
    const leftBehind = renderDirs();
    expect(leftBehind).toEqual([expect.stringMatching(new RegExp(`^chorus-video-${first.child.pid}-`))]);

    first.child.kill('SIGKILL');
    const killed = Date.now();
    await expect.poll(() => isGone(ffmpeg!), { timeout: 3_000, interval: 50 }).toBe(true);
    console.log(`ffmpeg gone ${Date.now() - killed} ms after its worker was killed`);
    expect(renderDirs()).toEqual(leftBehind);

    // A render folder of a process that is alive (this one) belongs to a running render: kept.
    const live = `chorus-video-${process.pid}-running`;
    mkdirSync(path.join(tmp, live));
    const second = await startWorkerProcess(env);
    workers.push(second);
    await expect.poll(() => renderDirs(), { timeout: 30_000, interval: 100 }).toEqual([live]);
    expect(isGone(second.child.pid!)).toBe(false);
  });
});
