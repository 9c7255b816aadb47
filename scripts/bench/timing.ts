import { median, percentile } from './harness.ts';

export interface Timed {
  p50: number;
  p99: number;
  /** Size of one answer, in bytes. */
  bytes: number;
}

/**
 * One request at a time (what one person opening a page waits for), after a warm-up: latency from
 * sending to the whole body read, and the answer's size.
 */
export async function timeRequests(send: () => Promise<Response>, runs = 200, warmUp = 20): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = -warmUp; i < runs; i++) {
    const t0 = performance.now();
    const res = await send();
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - t0;
    if (!res.ok) throw new Error(`${res.url || 'request'} answered ${res.status}`);
    bytes = body.byteLength;
    if (i >= 0) ms.push(elapsed);
  }
  return { p50: median(ms), p99: percentile(ms, 99), bytes };
}

export const row = (name: string, t: Timed, target: string) =>
  `| ${name} | ${t.p50.toFixed(1)} | ${t.p99.toFixed(1)} | ${(t.bytes / 1024).toFixed(1)} | ${target} |`;
