/**
 * `npm test`: everything CI checks, fastest first, stopping at the first failure.
 * The fast layer (about a minute and a half from a clean clone):
 * 1. the GraphQL types generated from schema/ and the web operations (they are not committed), once
 * 2. TypeScript (strict) for every package: one `tsc -b` over the project references in tsconfig.json
 *    (each package checked once; its state is kept in .tsbuild/, so a second run checks only changes).
 *    tsc keeps one core busy, so on the other, one after the other: the linter, the unit tests (pure
 *    logic, no database) and the web build for step 4
 * Then the slow layer:
 * 3. integration tests (vitest, real PostgreSQL, real HTTP), three files at a time, then the process
 *    tests alone (vitest.config.ts)
 * 4. browser journeys (Playwright driving the system Chromium against the built app), two files at
 *    a time (e2e/vitest.config.ts)
 * Set SKIP_E2E=1 to stop after step 3, FAST=1 to stop after step 2.
 */
import { spawn } from 'node:child_process';
import { findChromium } from './lib/chromium.ts';

type Step = [name: string, command: string[]];

/** Each group's first step prints as it goes; the others run one after the other beside it. */
const groups: Step[][] = [
  [['GraphQL types', ['npm', 'run', '--silent', 'codegen']]],
  [
    ['typecheck', ['npx', 'tsc', '-b']],
    ['lint', ['npm', 'run', '--silent', 'lint']],
    ['unit tests', ['npx', 'vitest', 'run', '--project', 'unit']],
  ],
];
const wantsJourneys = !process.env.FAST && !process.env.SKIP_E2E;
if (wantsJourneys) {
  process.env.CHROMIUM_PATH = findChromium(true);
  groups[1]!.push(['web build', ['npm', 'run', '--silent', 'build', '-w', 'web']]);
}
if (!process.env.FAST) {
  groups.push([
    ['integration tests', ['npx', 'vitest', 'run', '--project', 'integration', '--project', 'processes']],
  ]);
  if (wantsJourneys)
    groups.push([['browser journeys', ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts']]]);
}

/**
 * Runs one step. The first of a group prints as it goes; the others beside it keep their output and
 * print it when they end, so two logs never interleave.
 */
function run([name, [cmd, ...args]]: Step, live: boolean): Promise<{ name: string; ok: boolean }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd!, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      if (!live) process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (${seconds} s)`);
      resolve({ name, ok: code === 0 });
    });
  });
}

/** Runs `steps` one after the other, stopping at the first that fails. */
async function runChain(steps: Step[]): Promise<boolean> {
  for (const step of steps) if (!(await run(step, false)).ok) return false;
  return true;
}

const startedAll = Date.now();
for (const [first, ...beside] of groups) {
  console.log(`\n▶ ${[first!, ...beside].map(([name]) => name).join(' + ')}`);
  const results = await Promise.all([run(first!, true).then((r) => r.ok), runChain(beside)]);
  if (results.includes(false)) process.exit(1);
}
console.log(`\n✔ all checks passed (${((Date.now() - startedAll) / 1000).toFixed(1)} s)`);
