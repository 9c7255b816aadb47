import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const sourceFile = /\.(ts|tsx|js|mjs)$/;
const apiImport = /['"]@chorus\/api\/([\w-]+)['"]/g;
const relativeImport = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return sourceFile.test(entry.name) ? [full] : [];
  });
}

/**
 * The api's modules inside the web bundle: the `@chorus/api/*` exports the web imports (seo, rules,
 * plans, ...), found from the imports themselves so a new one can't be forgotten here, plus every
 * file they import in turn.
 */
export function apiModulesOfWeb(root: string): string[] {
  const web = path.join(root, 'web');
  const exportsMap = JSON.parse(readFileSync(path.join(root, 'api', 'package.json'), 'utf8'))
    .exports as Record<string, string>;
  const pending: string[] = [];
  for (const file of [
    ...sourceFiles(path.join(web, 'src')),
    ...sourceFiles(path.join(web, 'vite-plugins')),
  ]) {
    for (const m of readFileSync(file, 'utf8').matchAll(apiImport)) {
      const target = exportsMap[`./${m[1]}`];
      if (target) pending.push(path.join(root, 'api', target));
    }
  }
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      pending.push(path.resolve(path.dirname(file), m[1]!));
    }
  }
  return [...seen].sort();
}

/** Everything the web build reads besides node_modules (whose changes show in package-lock.json). */
export function webBuildInputs(root: string): string[] {
  const web = path.join(root, 'web');
  return [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'vite-plugins'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'package.json'),
    path.join(web, 'tsconfig.json'),
    path.join(root, 'package-lock.json'),
    ...apiModulesOfWeb(root),
  ];
}

/** True when web/dist is missing or older than anything the build reads. */
export function webBuildIsStale(root: string): boolean {
  const index = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(index)) return true;
  return statSync(index).mtimeMs < Math.max(...webBuildInputs(root).map(newestMtime));
}

/** Builds web/dist when it is missing or stale. */
export function ensureWebBuilt(root: string, log: (m: string) => void): void {
  if (!webBuildIsStale(root)) return;
  log('building the web app (first start or changed sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}
