import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../scripts/lib/api-process.ts';
import { freePort } from '../../scripts/lib/embedded-db.ts';
import { journeyAuthLimits } from './limits.ts';

export interface JourneyApi {
  /** Where it serves, at localhost: WebAuthn needs a domain name as the relying party, not 127.0.0.1. */
  readonly url: string;
  /** The shared e2e database, for what a journey plants or reads directly. */
  readonly db: pg.Pool;
}

/**
 * An api process of a journey's own, for settings the shared one lacks (sign-in providers): on the
 * shared e2e database with the journeys' session secret and auth limits. Started before the tests of
 * the file (or describe block), stopped after them. `env` gets the URL first, for settings that name
 * it (a provider's callback). Read it inside tests and hooks only.
 */
export function useJourneyApi(
  env: (url: string) => Promise<Record<string, string>> | Record<string, string>,
): JourneyApi {
  let running: { api: ApiProcess; url: string; db: pg.Pool } | undefined;
  const current = () => {
    if (!running) throw new Error('the journey api starts in beforeAll: read it inside a test or hook');
    return running;
  };
  beforeAll(async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const db = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
    const api = await startApiProcess(
      {
        DATABASE_URL: inject('e2eDatabaseUrl'),
        SESSION_SECRET: 'e2e-session-secret-0123456789',
        ...journeyAuthLimits,
        ...(await env(url)),
      },
      { port },
    );
    running = { api, url, db };
  });
  afterAll(async () => {
    await running?.api.stop();
    await running?.db.end();
  });
  return {
    get url() {
      return current().url;
    },
    get db() {
      return current().db;
    },
  };
}
