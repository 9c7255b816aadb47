/**
 * `npm start`: the whole product on one machine with nothing but Node and npm.
 * - no DATABASE_URL: starts an embedded PostgreSQL with its data under .data/ (kept across runs)
 * - applies migrations, builds the web app when needed
 * - runs the api and the worker as two processes, restarting either when it crashes (with backoff)
 * - Ctrl+C, or SIGINT/SIGTERM/SIGHUP to this process alone, stops all of it cleanly, PostgreSQL last
 *
 * `npm run dev` (--dev): the same database and migrations, but the api and the worker restart when
 * their sources change (`tsx watch`) and the web app is served by Vite's dev server with hot
 * module replacement, which forwards /api, /graphql, /media... to the api (web/vite.config.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateGraphqlTypes } from './lib/codegen.ts';
import type { EmbeddedDb } from './lib/embedded-db.ts';
import { startEmbeddedDbProcess } from './lib/embedded-db-process.ts';
import { loadDotEnv, localSessionSecret, localVapidKeys } from './lib/env.ts';
import { migrateDatabase } from './lib/migrate.ts';
import { Supervised } from './lib/supervisor.ts';
import { ensureWebBuilt } from './lib/web-build.ts';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// CHORUS_DATA_DIR: another home for the embedded database, the session secret and media (tests).
const dataDir = process.env.CHORUS_DATA_DIR
  ? path.resolve(process.env.CHORUS_DATA_DIR)
  : path.join(root, '.data');
const log = (m: string) => console.log(`[chorus] ${m}`);
const started = Date.now();
const dev = process.argv.includes('--dev');

loadDotEnv(root);
const port = Number(process.env.PORT ?? 3000);
const webDevPort = Number(process.env.WEB_DEV_PORT ?? 5173);
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const viteCli = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
let db: EmbeddedDb | undefined;
const children: Supervised[] = [];
let stopping = false;

/**
 * The api and the worker first (SIGKILL after 8 s, so everything is down within 10 s), PostgreSQL
 * (in its own process group) only once they are gone.
 */
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log('stopping...');
    await Promise.all(children.map((child) => child.stop(8_000)));
    if (db) await db.stop().catch(() => {});
    log('stopped');
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
// npm runs us through `sh -c`; should that shell die (or npm be killed) without passing a signal on,
// we are adopted by another process: stop too, instead of running on with nobody to stop us.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    log('the process that started us is gone');
    void stop(0);
  }
}, 500).unref();

try {
  if (!process.env.DATABASE_URL) {
    log(
      `starting the embedded PostgreSQL (data in ${path.relative(root, path.join(dataDir, 'pg')) || '.'})...`,
    );
    db = await startEmbeddedDbProcess(path.join(dataDir, 'pg'));
    process.env.DATABASE_URL = db.url;
  }
  process.env.SESSION_SECRET ??= localSessionSecret(dataDir);
  // Web Push works out of the box too (keys kept in .data/); a pair set in the environment or .env wins.
  if (!process.env.VAPID_PUBLIC_KEY && !process.env.VAPID_PRIVATE_KEY) {
    const vapid = localVapidKeys(dataDir);
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    // Production asks for a contact with the keys (modules/push/settings.ts); a local pair has none.
    process.env.VAPID_SUBJECT ??= 'mailto:push@localhost.invalid';
  }
  if (process.env.CHORUS_DATA_DIR) process.env.STORAGE_DIR ??= path.join(dataDir, 'media');
  process.env.PORT = String(port);
  process.env.NODE_ENV ??= dev ? 'development' : 'production';
  // Links the api writes (checkout returns, invitations, canonical URLs) lead to the page people use.
  if (dev) process.env.PUBLIC_URL ??= `http://localhost:${webDevPort}`;

  const applied = await migrateDatabase(process.env.DATABASE_URL!);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  // In development Vite serves the web app from its sources (with the generated GraphQL documents);
  // no build needed. WEB_DIST points at a build of one's own: served as it is.
  if (dev) generateGraphqlTypes(root);
  else if (!process.env.WEB_DIST) ensureWebBuilt(root, log);

  const run = (name: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) => {
    const child = new Supervised({
      name,
      args,
      cwd: options.cwd ?? root,
      env: { ...process.env, CHORUS_SERVICE: name, ...options.env },
      log,
    });
    child.start();
    children.push(child);
  };
  // tsx watch keeps its process running when the program crashes: in development a typo waits for
  // the fix instead of stopping everything. It would clear the screen on each restart, taking the
  // other processes' output with it.
  const service = (entry: string) =>
    dev ? [tsxCli, 'watch', '--clear-screen=false', entry] : ['--import', 'tsx', entry];
  run('api', service('api/src/main.ts'));
  run('worker', service('worker/src/main.ts'));
  if (dev) {
    run('web', [viteCli, '--port', String(webDevPort), '--strictPort'], {
      cwd: path.join(root, 'web'),
      env: { VITE_API_ORIGIN: `http://localhost:${port}` },
    });
  }

  const url = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  for (let i = 0; i < 300 && !stopping; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(
    `Chorus is running at ${url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s). Press Ctrl+C to stop.`,
  );
  if (dev) {
    log(
      `development: the web app hot-reloads; the api (http://localhost:${port}) and the worker restart on change`,
    );
  }
} catch (err) {
  console.error('[chorus] failed to start:', err instanceof Error ? err.message : err);
  await stop(1);
}
