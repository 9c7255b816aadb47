import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type ApiProcess, startApiProcess, startWorkerProcess } from '../scripts/lib/api-process.ts';
import { startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import { newVapidKeys } from '../scripts/lib/env.ts';
import { migrateDatabase } from '../scripts/lib/migrate.ts';
import { startFakeAudio } from '../tests/support/fakeAudio.ts';
import { startFakeSearch } from '../tests/support/fakeSearch.ts';
import { journeyAuthLimits } from './support/limits.ts';
import { WEB_RESULTS } from './support/webResults.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDatabaseUrl: string;
  }
}

/**
 * The product as a user runs it: a fresh embedded PostgreSQL, migrations, the api and the worker
 * as separate processes, serving the production web build. No API keys: assistants answer offline.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-e2e-'));
  const db = await startEmbeddedDb({ dataDir: path.join(dir, 'pg'), persistent: false });
  await migrateDatabase(db.url);
  // "Search the web" against a stand-in SearXNG (tests/support/fakeSearch.ts), answering every
  // search with these results (e2e/knowledge.e2e.test.ts). The result pages are never fetched
  // (unknown hosts), so answers read the search's own snippets.
  const search = await startFakeSearch();
  search.results = WEB_RESULTS;
  // The composer's microphone and Read aloud against a stand-in speech server (tests/support/fakeAudio.ts):
  // every recording is heard as "Hello from the fake" (e2e/voice.e2e.test.ts).
  const audio = await startFakeAudio();
  const vapid = newVapidKeys();
  const env = {
    DATABASE_URL: db.url,
    SESSION_SECRET: 'e2e-session-secret-0123456789',
    LOG_LEVEL: 'warn',
    ...journeyAuthLimits,
    // Offline answers to short questions take about 1.2 s; to a question of 400 characters about
    // 2.5 s, so a journey can press Stop mid-answer even on a busy CI machine.
    AI_OFFLINE_DELAY_MS: '20',
    WEB_SEARCH_PROVIDER: 'searxng',
    WEB_SEARCH_BASE_URL: search.url,
    WEB_SEARCH_RESULTS: '2',
    // A result page that can't be reached is left at its snippet at once rather than after 4 s.
    WEB_FETCH_TIMEOUT_MS: '1000',
    // The webhooks journey's receiver listens on 127.0.0.1 (e2e/webhooks.e2e.test.ts).
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    STT_BASE_URL: audio.baseURL,
    TTS_BASE_URL: audio.baseURL,
    // Web Push on, with a pair made for this run (e2e/push.e2e.test.ts subscribes the browser).
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:journeys@example.com',
  };
  // No provider keys from the machine running the tests.
  for (const key of Object.keys(process.env)) if (/_API_KEY$/.test(key)) delete process.env[key];
  const processes: ApiProcess[] = [await startApiProcess(env), await startWorkerProcess(env)];
  project.provide('baseUrl', processes[0]!.url);
  project.provide('e2eDatabaseUrl', db.url);
  return async () => {
    for (const p of processes) await p.stop();
    await search.close();
    await audio.close();
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
