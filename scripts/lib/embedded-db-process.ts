import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EmbeddedDb } from './embedded-db.ts';
import type { RunnerMessage } from './embedded-db-runner.ts';

const runner = fileURLToPath(new URL('./embedded-db-runner.ts', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the embedded PostgreSQL in its own detached process (embedded-db-runner.ts), so signals
 * meant for the app's processes never reach it; `stop()` stops it and waits until it is down.
 */
export function startEmbeddedDbProcess(dataDir: string): Promise<EmbeddedDb> {
  const child = spawn(process.execPath, ['--import', 'tsx', runner, dataDir], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`the embedded PostgreSQL process exited (${signal ?? code}) before it was ready`)),
    );
    child.on('message', (message: RunnerMessage) => {
      if (message.type === 'failed') return reject(new Error(message.message));
      const port = Number(new URL(message.url).port);
      resolve({
        url: message.url,
        port,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          if (child.connected) child.send({ type: 'stop' });
          else child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
