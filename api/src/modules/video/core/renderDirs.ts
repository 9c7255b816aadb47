import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The scratch folders video renders write to, one per job run, named after the process that owns
 * them (`chorus-video-<pid>-XXXXXX` in the temp folder). A worker killed hard can't remove its
 * own; `removeOrphanedRenderDirs` removes those whose process is gone, at the next worker start and
 * from the hourly prune job, and never touches a live worker's.
 */
const PREFIX = 'chorus-video-';
const OWNED = /^chorus-video-(\d+)-/;
/** Folders of the old unowned naming (`chorus-video-XXXXXX`) are removed once this old. */
const UNOWNED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function makeRenderDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the render folders whose process is gone; returns their paths. `atStart`: this process
 * has not rendered anything yet, so folders with its own pid are leftovers too (a restarted
 * container's worker often gets the pid its killed predecessor had).
 */
export async function removeOrphanedRenderDirs(options: { atStart?: boolean } = {}): Promise<string[]> {
  const tmp = os.tmpdir();
  const names = await readdir(tmp).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const full = path.join(tmp, name);
    const owner = OWNED.exec(name);
    let orphaned: boolean;
    if (owner) {
      const pid = Number(owner[1]);
      orphaned = pid === process.pid ? options.atStart === true : !isAlive(pid);
    } else {
      const info = await stat(full).catch(() => undefined);
      orphaned = !!info && Date.now() - info.mtimeMs > UNOWNED_MAX_AGE_MS;
    }
    if (!orphaned) continue;
    await rm(full, { recursive: true, force: true }).catch(() => {});
    removed.push(full);
  }
  return removed;
}
