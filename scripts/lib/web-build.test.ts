import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from './web-build.ts';

/** A miniature repository: the web app importing one api export, which imports another api file. */
function fixture(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'chorus-web-build-'));
  const files: Record<string, string> = {
    'package-lock.json': '{}',
    'api/package.json': JSON.stringify({ exports: { './rules': './src/domain/accounts/rules.ts' } }),
    'api/src/domain/accounts/rules.ts': "import { x } from './shared.ts';\nexport const y = x;\n",
    'api/src/domain/accounts/shared.ts': 'export const x = 1;\n',
    'api/src/domain/accounts/service.ts': 'export const serverOnly = 1;\n',
    'web/package.json': '{}',
    'web/tsconfig.json': '{}',
    'web/index.html': '<div id="root"></div>',
    'web/vite.config.ts': 'export default {};\n',
    'web/vite-plugins/plugin.ts': 'export const plugin = {};\n',
    'web/public/favicon.svg': '<svg/>',
    'web/src/main.tsx': "import { y } from '@chorus/api/rules';\nconsole.log(y);\n",
    'web/dist/index.html': '<html></html>',
  };
  const past = new Date(Date.now() - 60_000);
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    utimesSync(full, past, past);
  }
  utimesSync(path.join(root, 'web/dist/index.html'), new Date(), new Date());
  return root;
}

describe('web build staleness (npm start)', () => {
  let root: string;
  beforeEach(() => {
    root = fixture();
  });
  const touch = (file: string) => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, file), later, later);
  };

  it('is fresh when the build is newer than every input', () => {
    expect(webBuildIsStale(root)).toBe(false);
  });

  it.each([
    'web/src/main.tsx',
    'web/public/favicon.svg',
    'web/index.html',
    'web/vite.config.ts',
    'web/vite-plugins/plugin.ts',
    'web/package.json',
    'package-lock.json',
    'api/src/domain/accounts/rules.ts',
    'api/src/domain/accounts/shared.ts',
  ])('is stale after %s changes', (file) => {
    touch(file);
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('ignores api files the web app does not import', () => {
    touch('api/src/domain/accounts/service.ts');
    expect(webBuildIsStale(root)).toBe(false);
  });
});
