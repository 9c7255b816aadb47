import { statSync } from 'node:fs';

/** How often, at most, a watched settings file is looked at for changes. */
export const FILE_RECHECK_MS = 2_000;

/**
 * A settings file that may be edited while the process runs (AI_PROVIDERS_FILE,
 * VIDEO_PROVIDERS_FILE). Its owner asks `changed()` whenever it uses what it read from it: at most
 * every `recheckMs` the file's modification time, size and inode are compared with the last ones
 * seen, so a file is read again only after it changed, and without a restart. No file: never changed.
 */
export class WatchedFile {
  private stamp: string | undefined;
  private checkedAt = Date.now();

  constructor(
    readonly path: string | undefined,
    private readonly recheckMs = FILE_RECHECK_MS,
  ) {
    // Stamped before the owner first reads it: a change made during that read is seen at the next check.
    this.stamp = stampOf(path);
  }

  /** True once for each change seen (a file that went missing counts as one). */
  changed(): boolean {
    if (!this.path || Date.now() - this.checkedAt < this.recheckMs) return false;
    this.checkedAt = Date.now();
    const stamp = stampOf(this.path);
    if (stamp === this.stamp) return false;
    this.stamp = stamp;
    return true;
  }
}

function stampOf(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return 'missing';
  }
}
