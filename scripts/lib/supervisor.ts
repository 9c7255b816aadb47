import { type ChildProcess, spawn } from 'node:child_process';

/** How long a child must have run for a crash to count as a fresh one (backoff starts over). */
const HEALTHY_AFTER_MS = 60_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

export interface SupervisedOptions {
  name: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

/**
 * One child process of `npm start` (the api, the worker, Vite) kept running: when it exits on its
 * own it is started again after 1 s, 2 s, 4 s... (at most 30 s; back to 1 s once a run lasted a
 * minute), so one crash no longer takes the others down. `stop()` ends it for good.
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private stopped = false;
  private crashes = 0;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SupervisedOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const { name, args, cwd, env, log } = this.options;
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    this.child = child;
    child.on('error', (err) => log(`${name} could not be started: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (this.stopped) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) this.crashes = 0;
      const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.crashes);
      this.crashes++;
      log(
        `${name} exited unexpectedly (${signal ?? `code ${code}`}); restarting it in ${delay / 1000} s` +
          (this.crashes > 1 ? ` (crash ${this.crashes} in a row)` : ''),
      );
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.stopped) this.start();
      }, delay);
    });
  }

  /**
   * Stops the child for good and resolves once it has exited: SIGTERM now (the api and the worker
   * ignore a repeat while they shut down gracefully, so a Ctrl+C that reached them too is not cut
   * short), SIGKILL after `killAfterMs`.
   */
  stop(killAfterMs: number): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    return new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
