import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { generateGraphqlTypes } from './codegen.ts';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Everything the web build reads besides node_modules (whose changes show in package-lock.json). */
export function webBuildInputs(root: string): string[] {
  const web = path.join(root, 'web');
  return [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'vite-plugins'),
    path.join(web, 'index.html'),
    path.join(web, 'artifact-frame.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'vite.artifact.config.ts'),
    path.join(web, 'package.json'),
    path.join(web, 'tsconfig.json'),
    path.join(root, 'package-lock.json'),
    // The rules the web shares with the api: the only code outside web/ it bundles (it never imports api/).
    path.join(root, 'packages', 'shared'),
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
  generateGraphqlTypes(root);
  if (!webBuildIsStale(root)) return;
  log('building the web app (first start or changed sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}
