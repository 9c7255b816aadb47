import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './embedded-db.ts';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/**
 * Runs api/src/main.ts as its own process (as `npm start` does) and waits until it is healthy. Logs
 * at warn unless `env` says otherwise; `discardStdout` sends its log lines to /dev/null (a benchmark
 * at LOG_LEVEL=info still pays for writing every line, but nobody has to read them); `pipeStdout`
 * leaves them on `child.stdout` for the caller to read (and the caller must, or the api stalls).
 */
export async function startApiProcess(
  env: Record<string, string>,
  options: { discardStdout?: boolean; pipeStdout?: boolean; port?: number } = {},
): Promise<ApiProcess> {
  // A caller that must know the api's URL before it starts (an OpenID Provider's redirect URI) picks the port.
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      CHORUS_SERVICE: 'api',
    },
    stdio: ['ignore', options.pipeStdout ? 'pipe' : options.discardStdout ? 'ignore' : 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, stop: stopper(child) };
}

/** Runs worker/src/main.ts as its own process. */
export async function startWorkerProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, CHORUS_SERVICE: 'worker' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { url: '', child, stop: stopper(child) };
}
