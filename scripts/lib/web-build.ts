import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when it is missing or older than any web source file. */
export function ensureWebBuilt(root: string, log: (m: string) => void): void {
  const web = path.join(root, 'web');
  const index = path.join(web, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    existsSync(path.join(web, 'public')) ? newestMtime(path.join(web, 'public')) : 0,
    statSync(path.join(web, 'index.html')).mtimeMs,
    statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  log('building the web app (first start or changed sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}
