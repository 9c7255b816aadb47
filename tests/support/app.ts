import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type RunningApp, startApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { startWorker } from '../../worker/src/worker.ts';
import { testDatabaseUrl } from './database.ts';

/** Starts the real api (Express, Apollo, graphql-ws, sessions) on a free port against the test database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const all: Record<string, string> = {
    NODE_ENV: 'test',
    // Only when the caller brings none (the process tests run without the shared test databases).
    DATABASE_URL: env.DATABASE_URL ?? testDatabaseUrl(),
    SESSION_SECRET: 'test-session-secret-0123456789',
    PORT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'chorus-media-')),
    // Generous limits here; rate limiting has its own test with small ones.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_USERNAME: '100000',
    AUTH_RATE_LIMIT_PER_IP_PER_DAY: '100000',
    AUTH_RATE_LIMIT_PER_USERNAME_PER_DAY: '100000',
    // Every test client is 127.0.0.1, and the counters live in the shared test database.
    ACCOUNT_MAIL_PER_IP_PER_HOUR: '100000',
    // Every test client is 127.0.0.1: per-address socket limits have their own test (hardening.ws).
    WS_MAX_SOCKETS_PER_IP: '100000',
    WS_MAX_ANONYMOUS_SOCKETS_PER_IP: '100000',
    // Offline answers at full speed in tests.
    AI_OFFLINE_DELAY_MS: '0',
    ...env,
  };
  // Cheap password hashes (the product's cost is 0.4 s of a core each, and the suite signs up
  // thousands of users); only NODE_ENV=test may, and the hashing tests in hardening.auth set the
  // product's cost back.
  if (all.NODE_ENV === 'test') {
    all.PASSWORD_HASH_MEMORY_KIB ??= '1024';
    all.PASSWORD_HASH_PASSES ??= '1';
  }
  // Assistants' API keys and base URLs come only from `env`, never from the machine running the tests.
  return startApp(loadConfig(all), { env: all });
}

/** A username no other test (or earlier run) has used. */
export const uniqueName = (prefix = 'user') => `${prefix}_${randomBytes(4).toString('hex')}`;

/**
 * The app for the tests of a file (or describe block): started before them with `env` (a function is
 * called then, for set-up that must not run at import), closed after them. Read it inside tests and
 * hooks only.
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): RunningApp {
  let running: RunningApp | undefined;
  const current = () => {
    if (!running) throw new Error('the test app starts in beforeAll: read it inside a test or hook');
    return running;
  };
  beforeAll(async () => {
    running = await startTestApp(typeof env === 'function' ? env() : env);
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get server() {
      return current().server;
    },
    get orm() {
      return current().orm;
    },
    get config() {
      return current().config;
    },
    get url() {
      return current().url;
    },
    close: () => current().close(),
  };
}

/**
 * A fake server (or anything else with `close`) for the tests of a file: started before them, closed
 * after them. Used before useTestApp, it starts first and closes last (after-hooks run in reverse), so
 * the app's env function may read it. Read it inside tests and hooks only.
 */
export function useStarted<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!running) throw new Error('started in beforeAll: read it inside a test or hook');
      return Reflect.get(running, key);
    },
    // Settings of a fake (what it answers next) go to the running one, not to this stand-in.
    set(_target, key, value) {
      if (!running) throw new Error('started in beforeAll: set it inside a test or hook');
      return Reflect.set(running, key, value);
    },
  });
}

/**
 * A worker on the test database (with `env` beside it, read when it starts) for the tests of a file:
 * used after useTestApp, it starts after the app and stops before it.
 */
export function useTestWorker(
  env: () => Omit<Parameters<typeof startWorker>[0], 'DATABASE_URL'> = () => ({}),
): void {
  useStarted(async () => {
    const runner = await startWorker({ DATABASE_URL: testDatabaseUrl(), ...env() });
    return { close: () => runner.stop() };
  });
}
