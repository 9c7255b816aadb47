import { readdirSync, readFileSync } from 'node:fs';

/** Linux only: the processes under `pid`, read from /proc (the tests that need them skip elsewhere). */
export const hasProc = process.platform === 'linux';

function statOf(pid: number): { ppid: number; state: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Gone, or a zombie waiting for a parent to collect it (it runs nothing any more). */
export function isGone(pid: number): boolean {
  const stat = statOf(pid);
  return !stat || stat.state === 'Z';
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Every live process below `pid` (children, their children...). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (!stat || stat.state === 'Z') continue;
    parents.set(stat.ppid, [...(parents.get(stat.ppid) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const pending = [pid];
  while (pending.length) {
    for (const child of parents.get(pending.pop()!) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** The first process below `pid` whose command line contains `text`. */
export function findDescendant(pid: number, text: string): number | undefined {
  return descendants(pid).find((p) => commandLine(p).includes(text));
}
