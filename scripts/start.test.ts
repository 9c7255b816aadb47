/**
 * `npm start` itself, started exactly as a person (or docker, systemd, a CI harness) does: `npm
 * start` in the repository, on a free port, with its embedded PostgreSQL in a throw-away folder.
 * Signals go to the npm process only, never to its process group.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, descendants, findDescendant, hasProc, isGone } from '../tests/support/processes.ts';
import { freePort } from './lib/embedded-db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chorus-start-test-'));

interface Started {
  npm: ChildProcess;
  url: string;
  output: () => string;
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

async function npmStart(): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHORUS_DATA_DIR: dataDir,
    PORT: String(port),
    // A build of web/dist is not what is tested here.
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  };
  for (const name of [
    'NODE_ENV',
    'DATABASE_URL',
    'STORAGE_DIR',
    'SESSION_SECRET',
    'VITEST',
    'VITEST_POOL_ID',
  ])
    delete env[name];
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  npm.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited: ${output}`);
    return healthy(url);
  }, 90_000);
  return { npm, url, output: () => output };
}

/** Sends `signal` to the npm process alone; resolves with how long until every process under it was gone. */
async function stopWith(started: Started, signal: NodeJS.Signals): Promise<{ ms: number; left: string[] }> {
  const all = descendants(started.npm.pid!);
  const postgres = all.filter((pid) => commandLine(pid).includes('postgres'));
  expect(postgres.length).toBeGreaterThan(0);
  expect(all.some((pid) => commandLine(pid).includes('api/src/main.ts'))).toBe(true);
  expect(all.some((pid) => commandLine(pid).includes('worker/src/main.ts'))).toBe(true);
  const sent = Date.now();
  started.npm.kill(signal);
  await waitFor(() => all.every(isGone), 15_000).catch(() => {});
  return { ms: Date.now() - sent, left: all.filter((pid) => !isGone(pid)).map(commandLine) };
}

describe.skipIf(!hasProc)('npm start', { timeout: 150_000 }, () => {
  let started: Started | undefined;

  beforeAll(async () => {
    started = await npmStart();
  }, 120_000);
  afterAll(() => {
    // Whatever a failed test left behind.
    if (started?.npm.pid) for (const pid of descendants(started.npm.pid)) process.kill(pid, 'SIGKILL');
    started?.npm.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns Web Push on with a VAPID pair it made and keeps in the data folder', async () => {
    const kept = JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
    };
    const config = await (await fetch(`${started!.url}/api/push/config`)).json();
    expect(config).toEqual({ publicKey: kept.publicKey });
    expect(kept.publicKey).toMatch(/^[\w-]{87}$/);
  });

  it('restarts an api killed with SIGKILL within 10 s, and says so, while the worker keeps running', async () => {
    const s = started!;
    const api = findDescendant(s.npm.pid!, 'api/src/main.ts')!;
    const worker = findDescendant(s.npm.pid!, 'worker/src/main.ts')!;
    expect(api).toBeGreaterThan(0);
    expect(worker).toBeGreaterThan(0);

    process.kill(api, 'SIGKILL');
    await waitFor(() => isGone(api), 5_000);
    const ms = await waitFor(() => healthy(s.url), 10_000);
    console.log(`api serving again ${ms} ms after SIGKILL`);
    expect(s.output()).toMatch(/api exited unexpectedly \(SIGKILL\); restarting it in 1 s/);
    const newApi = findDescendant(s.npm.pid!, 'api/src/main.ts');
    expect(newApi).toBeGreaterThan(0);
    expect(newApi).not.toBe(api);
    // The worker never stopped: the same process, still there.
    expect(isGone(worker)).toBe(false);
    expect(findDescendant(s.npm.pid!, 'worker/src/main.ts')).toBe(worker);
  });

  it('stops api, worker and PostgreSQL within 10 s on SIGTERM to the npm process alone', async () => {
    const { ms, left } = await stopWith(started!, 'SIGTERM');
    console.log(`everything stopped ${ms} ms after SIGTERM`);
    expect(left).toEqual([]);
    expect(ms).toBeLessThan(10_000);
    await waitFor(() => started!.npm.exitCode !== null || started!.npm.signalCode !== null, 5_000);
  });

  it('stops api, worker and PostgreSQL within 10 s on SIGINT to the npm process alone', async () => {
    // The same data folder: PostgreSQL was stopped cleanly and starts again on it.
    started = await npmStart();
    const { ms, left } = await stopWith(started, 'SIGINT');
    console.log(`everything stopped ${ms} ms after SIGINT`);
    expect(left).toEqual([]);
    expect(ms).toBeLessThan(10_000);
  });
});
