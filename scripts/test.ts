/**
 * `npm test`: everything CI checks, fastest first, stopping at the first failure.
 * The fast layer (about a minute and a half from a clean clone):
 * 1. the GraphQL types generated from schema/ and the web operations (they are not committed), once
 * 2. TypeScript (strict) for every package: one `tsc -b` over the project references in tsconfig.json
 *    (each package checked once; its state is kept in .tsbuild/, so a second run checks only changes).
 *    tsc keeps one core busy, so on the other, one after the other: the linter, the unit tests (pure
 *    logic, no database) and the web build for step 3
 * Then the slow layer:
 * 3. browser journeys (Playwright driving the system Chromium against the built app), two files at
 *    a time (e2e/vitest.config.ts), and beside them, on the CPU the journeys leave idle, the
 *    integration tests (vitest, real PostgreSQL, real HTTP), three files at a time (vitest.config.ts)
 * 4. the tests against a clock (npm start's restarts, a frozen database, heartbeats, latency under load),
 *    one at a time and alone (CLOCK_TESTS in vitest.config.ts)
 * Set SKIP_E2E=1 to skip the journeys, FAST=1 to stop after step 2.
 */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { findChromium } from './lib/chromium.ts';

interface Step {
  name: string;
  command: string[];
  /**
   * Runs on what the other steps leave of the CPU. Two journey files keep this 2-core machine about
   * 80% busy: they mostly wait on the api, the worker and their own timers. The integration tests
   * (about 80% busy on their own) fill those gaps instead of running before the journeys, and a
   * journey that times what a person waits for still gets the CPU it had alone (decision 163).
   */
  yields?: boolean;
}

const step = (name: string, command: string[], yields = false): Step => ({ name, command, yields });
const integration = (yields: boolean) =>
  step('integration tests', ['npx', 'vitest', 'run', '--project', 'integration'], yields);

/** Each group's first step prints as it goes; the others run one after the other beside it. */
const groups: Step[][] = [
  [step('GraphQL types', ['npm', 'run', '--silent', 'codegen'])],
  [
    step('typecheck', ['npx', 'tsc', '-b']),
    step('lint', ['npm', 'run', '--silent', 'lint']),
    step('unit tests', ['npx', 'vitest', 'run', '--project', 'unit']),
  ],
];
const wantsJourneys = !process.env.FAST && !process.env.SKIP_E2E;
if (wantsJourneys) {
  process.env.CHROMIUM_PATH = findChromium(true);
  groups[1]!.push(step('web build', ['npm', 'run', '--silent', 'build', '-w', 'web']));
}
if (!process.env.FAST) {
  groups.push(
    wantsJourneys
      ? [
          step('browser journeys', ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts']),
          integration(true),
        ]
      : [integration(false)],
  );
  groups.push([step('tests against a clock', ['npx', 'vitest', 'run', '--project', 'clock'])]);
}

/** Steps still running, so an interrupted or failed run takes them down with it. */
const running = new Set<ChildProcess>();

/**
 * How far a yielding step steps back: niceness 10 gives it about a tenth of the CPU's share of a
 * step at 0 when both want it (the kernel's weights: 110 against 1,024). At 19 (15 against 1,024) its
 * timers ran seconds late while two journeys loaded pages, and integration tests that wait a second
 * or two for a fake service failed for that; at 10 the journeys lose at most a few percent.
 */
const YIELDING_NICENESS = '10';

/**
 * Starts a yielding step at a lower priority. With the kernel's autogroup scheduling (on in most
 * Linux distributions) niceness only orders processes of one session, and each Chromium the journeys
 * launch is a session of its own; so the step gets a session of its own too, and that session's
 * niceness is lowered as well.
 */
function spawnStep({ command: [cmd, ...args], yields }: Step, live: boolean): ChildProcess {
  const stdio: StdioOptions = live ? 'inherit' : ['ignore', 'pipe', 'pipe'];
  if (!yields) return spawn(cmd!, args, { stdio });
  const child = spawn('nice', ['-n', YIELDING_NICENESS, cmd!, ...args], { stdio, detached: true });
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, YIELDING_NICENESS);
  } catch {
    // No autogroup scheduling here (or not Linux): niceness alone orders the processes.
  }
  return child;
}

/** Stops a step and everything it started (a yielding step leads its own process group). */
function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of running) stop(child);
    process.exit(130);
  });

/**
 * Runs one step. The first of a group prints as it goes; the others beside it keep their output and
 * print it when they end, so two logs never interleave.
 */
function run(current: Step, live: boolean): Promise<{ name: string; ok: boolean }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawnStep(current, live);
    running.add(child);
    const output: Buffer[] = [];
    // A command that can't start (not installed) fails its step instead of crashing the run.
    child.on('error', (err) => {
      running.delete(child);
      console.error(`\n✖ ${current.name} could not start: ${err.message}`);
      resolve({ name: current.name, ok: false });
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      running.delete(child);
      if (!live) process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${current.name} (${seconds} s)`);
      else console.error(`\n✖ ${current.name} failed (${seconds} s)`);
      resolve({ name: current.name, ok: code === 0 });
    });
  });
}

/** Runs `steps` one after the other, stopping at the first that fails. */
async function runChain(steps: Step[]): Promise<boolean> {
  for (const next of steps) if (!(await run(next, false)).ok) return false;
  return true;
}

const startedAll = Date.now();
for (const [first, ...beside] of groups) {
  console.log(`\n▶ ${[first!, ...beside].map(({ name }) => name).join(' + ')}`);
  const results = await Promise.all([run(first!, true).then((r) => r.ok), runChain(beside)]);
  if (results.includes(false)) process.exit(1);
}
console.log(`\n✔ all checks passed (${((Date.now() - startedAll) / 1000).toFixed(1)} s)`);
