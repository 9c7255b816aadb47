import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from './web-build.ts';

/** A miniature repository: the web app importing one shared rule file, which imports another. */
function fixture(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'chorus-web-build-'));
  const files: Record<string, string> = {
    'package-lock.json': '{}',
    'packages/shared/package.json': JSON.stringify({
      exports: { './accountRules': './src/accountRules.ts' },
    }),
    'packages/shared/src/accountRules.ts': "import { x } from './common.ts';\nexport const y = x;\n",
    'packages/shared/src/common.ts': 'export const x = 1;\n',
    'api/src/modules/accounts/core/service.ts': 'export const serverOnly = 1;\n',
    'web/package.json': '{}',
    'web/tsconfig.json': '{}',
    'web/index.html': '<div id="root"></div>',
    'web/vite.config.ts': 'export default {};\n',
    'web/vite-plugins/plugin.ts': 'export const plugin = {};\n',
    'web/public/favicon.svg': '<svg/>',
    'web/src/main.tsx': "import { y } from '@chorus/shared/accountRules';\nconsole.log(y);\n",
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
    'packages/shared/src/accountRules.ts',
    'packages/shared/src/common.ts',
  ])('is stale after %s changes', (file) => {
    touch(file);
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('ignores api files the web app does not import', () => {
    touch('api/src/modules/accounts/core/service.ts');
    expect(webBuildIsStale(root)).toBe(false);
  });
});
