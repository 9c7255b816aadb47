/**
 * `npm run bench`: measures the api on this machine, each figure as a ratio to a baseline taken in
 * the same run (the machine is small and noisy, so absolute numbers mean little).
 *
 * Accounts: requests/s and p99 latency of the GraphQL `me` query and GET /api/auth/status (both
 * reading the Postgres-backed session and the user), against GET /livez, a bare Express JSON route
 * served by the same api process. Rounds alternate so drift hits all three alike.
 *
 * Measured twice: as shipped (LOG_LEVEL=info, as `npm start` runs the api: one JSON log line per
 * /api and /graphql request, none for /livez, which sits before the request logger), and at
 * LOG_LEVEL=warn, which shows what that logging costs. The target applies to the shipped one.
 */
import autocannon from 'autocannon';
import { median, signUp, startStack } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Sample {
  rps: number;
  p99: number;
  errors: number;
}

interface Summary {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, opts: Partial<autocannon.Options>): Promise<Sample> {
  const result = await autocannon({ url, connections, duration: seconds, ...opts });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function benchAt(logLevel: 'info' | 'warn'): Promise<Summary[]> {
  // The log lines go to /dev/null: written (and paid for) as in production, read by nobody.
  const stack = await startStack({ LOG_LEVEL: logLevel }, { discardStdout: true });
  const { api } = stack;
  try {
    // A signed-in user, as a browser would be.
    const { cookie } = await signUp(api.url);

    const targets: Record<string, Partial<autocannon.Options>> = {
      'bare Express JSON (GET /livez)': { url: `${api.url}/livez` },
      'GraphQL me': {
        url: `${api.url}/graphql`,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { id username email } }' }),
      },
      'GET /api/auth/status': { url: `${api.url}/api/auth/status`, headers: { cookie } },
    };

    // Warm up JIT, pools and caches.
    for (const opts of Object.values(targets))
      await autocannon({ ...opts, url: opts.url!, connections, duration: 2 });

    const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [name, opts] of Object.entries(targets)) samples[name]!.push(await measure(opts.url!, opts));
    }
    return Object.entries(samples).map(([name, s]) => ({
      name,
      rps: median(s.map((x) => x.rps)),
      p99: median(s.map((x) => x.p99)),
      errors: s.reduce((a, x) => a + x.errors, 0),
    }));
  } finally {
    await stack.stop();
  }
}

/** Prints one table; returns the routes below the target (either ratio < 0.5). */
function report(title: string, summary: Summary[]): string[] {
  const base = summary[0]!;
  console.log(`\n${title}\n`);
  console.log('| route | req/s | p99 ms | req/s ratio | p99 ratio (base/route) | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const s of summary) {
    const rpsRatio = s.rps / base.rps;
    const p99Ratio = base.p99 / Math.max(s.p99, 1);
    console.log(
      `| ${s.name} | ${s.rps.toFixed(0)} | ${s.p99.toFixed(1)} | ${rpsRatio.toFixed(2)} | ${p99Ratio.toFixed(2)} | ${s.errors} |`,
    );
  }
  return summary
    .slice(1)
    .filter((s) => s.rps / base.rps < 0.5 || base.p99 / Math.max(s.p99, 1) < 0.5)
    .map((s) => s.name);
}

export async function benchAccounts(): Promise<void> {
  console.log(`\nAccounts benchmark: ${connections} connections, ${rounds} rounds x ${seconds} s, medians`);
  const shipped = await benchAt('info');
  const quiet = await benchAt('warn');
  const failing = report(
    'As shipped: LOG_LEVEL=info (npm start), a log line per request to /dev/null',
    shipped,
  );
  report('For comparison: LOG_LEVEL=warn (no request log lines)', quiet);
  console.log(
    failing.length === 0
      ? '\nTarget met as shipped: every ratio >= 0.5'
      : `\nBelow target as shipped (ratio < 0.5): ${failing.join(', ')}`,
  );
}
