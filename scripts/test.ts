/**
 * `npm test`: everything CI checks, in order of speed, stopping at the first failure.
 * 1. the GraphQL types generated from schema/ and the web operations (they are not committed)
 * 2. TypeScript (strict) for every package, and the linter
 * 3. integration tests (vitest, real PostgreSQL, real HTTP)
 * 4. browser journeys (Playwright driving the system Chromium against the built app)
 * Set SKIP_E2E=1 to stop after step 3.
 */
import { spawnSync } from 'node:child_process';
import { findChromium } from './lib/chromium.ts';

const steps: [string, string[]][] = [
  ['GraphQL types', ['npm', 'run', '--silent', 'codegen']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['integration tests', ['npx', 'vitest', 'run']],
];
if (!process.env.SKIP_E2E) {
  process.env.CHROMIUM_PATH = findChromium(true);
  steps.push(['web build', ['npm', 'run', '--silent', 'build', '-w', 'web']]);
  steps.push(['browser journeys', ['npx', 'vitest', 'run', '--config', 'e2e/vitest.config.ts']]);
}

for (const [name, [cmd, ...args]] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd!, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
