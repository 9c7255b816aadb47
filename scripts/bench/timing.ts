import { readdirSync, readFileSync } from 'node:fs';
import { median, percentile } from './harness.ts';

const CLOCK_TICKS = 100;

/** CPU time (user + system) a process has used so far, in ms (0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the command), in ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** A process and its children (PostgreSQL's postmaster and its backends), as of now. */
export function withChildren(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

export interface Timed {
  p50: number;
  p99: number;
  /** Size of one answer, in bytes. */
  bytes: number;
  /** CPU time the measured processes spent per request, in ms (what no other load can inflate). */
  cpu?: number;
}

/**
 * One request at a time (what one person opening a page waits for), after a warm-up: latency from
 * sending to the whole body read, and the answer's size.
 */
export async function timeRequests(
  send: () => Promise<Response>,
  runs = 200,
  warmUp = 20,
  cpu?: () => number,
): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  let cpuBefore = 0;
  for (let i = -warmUp; i < runs; i++) {
    const t0 = performance.now();
    const res = await send();
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - t0;
    if (!res.ok) throw new Error(`${res.url || 'request'} answered ${res.status}`);
    bytes = body.byteLength;
    if (i >= 0) ms.push(elapsed);
    if (i === -1 && cpu) cpuBefore = cpu();
  }
  return {
    p50: median(ms),
    p99: percentile(ms, 99),
    bytes,
    ...(cpu ? { cpu: (cpu() - cpuBefore) / runs } : {}),
  };
}

export const row = (name: string, t: Timed, target: string) =>
  `| ${name} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} | ${(t.bytes / 1024).toFixed(1)} |${t.cpu === undefined ? '' : ` ${t.cpu.toFixed(2)} |`} ${target} |`;
