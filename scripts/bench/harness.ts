import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ApiProcess, startApiProcess } from '../lib/api-process.ts';
import { startEmbeddedDb } from '../lib/embedded-db.ts';
import { migrateDatabase } from '../lib/migrate.ts';

export interface BenchStack {
  databaseUrl: string;
  api: ApiProcess;
  stop(): Promise<void>;
}

/** A throw-away embedded PostgreSQL and one api process, as `npm start` runs it. */
export async function startStack(
  env: Record<string, string> = {},
  options: { discardStdout?: boolean; pipeStdout?: boolean } = {},
): Promise<BenchStack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-bench-'));
  const db = await startEmbeddedDb({ dataDir: path.join(dir, 'pg'), persistent: false });
  await migrateDatabase(db.url);
  const api = await startApiProcess(
    {
      DATABASE_URL: db.url,
      SESSION_SECRET: 'bench-session-secret-0123456789',
      ...env,
    },
    options,
  );
  return {
    databaseUrl: db.url,
    api,
    async stop() {
      await api.stop();
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Registers a user and returns the session cookie. */
export async function signUp(baseUrl: string, prefix = 'bench'): Promise<{ cookie: string; userId: string }> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'bench-password' }),
  });
  const user = (await res.json()) as { id: string };
  // The session cookie (a device cookie may come first).
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('chorus.sid='));
  if (!cookie) throw new Error(`sign-up failed: ${res.status}`);
  return { cookie, userId: user.id };
}

export const median = (xs: number[]) => percentile(xs, 50);
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
