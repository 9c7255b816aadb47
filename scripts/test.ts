/**
 * `npm test`: everything CI checks, fastest first, stopping at the first failure.
 * The fast layer (about two minutes from a clean clone):
 * 1. the GraphQL types generated from schema/ and the web operations (they are not committed), once
 * 2. TypeScript (strict) for every package: one `tsc -b` over the project references in tsconfig.json
 *    (each package checked once; its state is kept in .tsbuild/, so a second run checks only changes)
 * 3. the linter
 * 4. unit tests (pure logic, no database)
 * Then the slow layer:
 * 5. integration tests (vitest, real PostgreSQL, real HTTP), three files at a time, then the process
 *    tests alone (vitest.config.ts), with the web build for step 6 beside them
 * 6. browser journeys (Playwright driving the system Chromium against the built app), three files at
 *    a time (e2e/vitest.config.ts)
 * Set SKIP_E2E=1 to stop after step 5, FAST=1 to stop after step 4.
 */
import { spawn } from 'node:child_process';
import { findChromium } from './lib/chromium.ts';

type Step = [name: string, command: string[]];

const steps: Step[] = [
  ['GraphQL types', ['npm', 'run', '--silent', 'codegen']],
  ['typecheck', ['npx', 'tsc', '-b']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['unit tests', ['npx', 'vitest', 'run', '--project', 'unit']],
];
/** Steps that run beside another one (by its name), both finishing before the next step starts. */
const beside: Record<string, Step> = {};
if (!process.env.FAST) {
  steps.push([
    'integration tests',
    ['npx', 'vitest', 'run', '--project', 'integration', '--project', 'processes'],
  ]);
  if (!process.env.SKIP_E2E) {
    process.env.CHROMIUM_PATH = findChromium(true);
    beside['integration tests'] = ['web build', ['npm', 'run', '--silent', 'build', '-w', 'web']];
    steps.push(['browser journeys', ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts']]);
  }
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

const startedAll = Date.now();
for (const step of steps) {
  const group = beside[step[0]] ? [step, beside[step[0]]!] : [step];
  console.log(`\n▶ ${group.map(([name]) => name).join(' + ')}`);
  const results = await Promise.all(group.map((s, i) => run(s, i === 0)));
  if (results.some((r) => !r.ok)) process.exit(1);
}
console.log(`\n✔ all checks passed (${((Date.now() - startedAll) / 1000).toFixed(1)} s)`);
