import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = [
  'api/src',
  'worker/src',
  'scripts',
  'vitest.config.ts',
  'web/vite.config.ts',
  'web/vite-plugins',
  'tests',
  'e2e',
];
/** Set by our own scripts (or vitest) for their children, never by a person. */
const INTERNAL = new Set(['CHORUS_SERVICE', 'VITEST_POOL_ID']);

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) =>
    name === 'node_modules' || name.startsWith('__') ? [] : files(path.join(entry, name)),
  );
}

/** Every setting the code reads: `env.NAME`, `env['NAME']` and the keys of the zod config schemas. */
function settingsRead(): Set<string> {
  const names = new Set<string>();
  for (const file of SOURCES.flatMap(files).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
    for (const m of text.matchAll(/^\s+([A-Z][A-Z0-9_]+): z\./gm)) names.add(m[1]!);
  }
  for (const name of INTERNAL) names.delete(name);
  return names;
}

describe('.env.example', () => {
  it('documents every setting the code reads', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const read = settingsRead();
    expect(read.size).toBeGreaterThan(40); // the scan itself works
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});
