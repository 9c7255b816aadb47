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
 *
 * Also measured in the same rounds: the stack's floor (stackFloor.ts), the same ratios for a process
 * with none of Chorus in it: express-session reading a session from memory, and Apollo Server 5
 * answering `me` from a constant, each against its own bare route. No route built on those can do
 * better than they do: the target is each of our ratios at >= 0.8 of the floor's matching ratio
 * (`me` against Apollo Server's constant `me`, /api/auth/status against the session read).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
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

const ME_QUERY = JSON.stringify({ query: '{ me { id username email } }' });
const FLOOR = 'stack floor: ';

/** Starts stackFloor.ts as its own process; resolves with its URL and a signed-in cookie. */
async function startStackFloor(): Promise<{ url: string; cookie: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/stackFloor.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`stack floor exited with ${code}`)));
  });
  return { ...(JSON.parse(line) as { url: string; cookie: string }), stop: () => child.kill('SIGTERM') };
}

async function benchAt(logLevel: 'info' | 'warn'): Promise<Summary[]> {
  // The log lines go to /dev/null: written (and paid for) as in production, read by nobody.
  const stack = await startStack({ LOG_LEVEL: logLevel }, { discardStdout: true });
  const { api } = stack;
  const floor = await startStackFloor();
  try {
    // A signed-in user, as a browser would be.
    const { cookie } = await signUp(api.url);

    const targets: Record<string, Partial<autocannon.Options>> = {
      'bare Express JSON (GET /livez)': { url: `${api.url}/livez` },
      'GraphQL me': {
        url: `${api.url}/graphql`,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: ME_QUERY,
      },
      'GET /api/auth/status': { url: `${api.url}/api/auth/status`, headers: { cookie } },
      [`${FLOOR}bare Express JSON`]: { url: `${floor.url}/bare` },
      [`${FLOOR}Apollo Server 5, constant me`]: {
        url: `${floor.url}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: ME_QUERY,
      },
      [`${FLOOR}express-session read (memory store)`]: {
        url: `${floor.url}/session`,
        headers: { cookie: floor.cookie },
      },
      [`${FLOOR}Apollo me of the session's user, behind helmet() and pino-http`]: {
        url: `${floor.url}/logged/graphql`,
        method: 'POST',
        headers: {
          cookie: floor.cookie,
          'content-type': 'application/json',
          'apollo-require-preflight': 'true',
        },
        body: ME_QUERY,
      },
      [`${FLOOR}the same read behind helmet() and pino-http`]: {
        url: `${floor.url}/logged/session`,
        headers: { cookie: floor.cookie },
      },
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
    floor.stop();
    await stack.stop();
  }
}

const TARGET = 0.8;

/** Prints one table of ratios to the table's first (bare) route. */
function report(title: string, summary: Summary[]): void {
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
}

const ratios = (summary: Summary[], name: string) => {
  const base = summary[0]!;
  const s = summary.find((x) => x.name === name)!;
  return { rps: s.rps / base.rps, p99: base.p99 / Math.max(s.p99, 1) };
};

/**
 * Our ratios as fractions of the floor's (target >= 0.8 each); returns the ones below it.
 * `ours` and `floor` each start with their own bare route.
 */
function reportAgainstFloor(ours: Summary[], floor: Summary[]): string[] {
  const pairs: [string, string][] = [
    ['GraphQL me', `${FLOOR}Apollo Server 5, constant me`],
    ['GET /api/auth/status', `${FLOOR}express-session read (memory store)`],
  ];
  console.log(`\nOur ratios to the stack floor's (target >= ${TARGET} each)\n`);
  console.log('| route | req/s ratio / floor | target | p99 ratio / floor | target |');
  console.log('|---|---|---|---|---|');
  const failing: string[] = [];
  for (const [route, floorRoute] of pairs) {
    const o = ratios(ours, route);
    const f = ratios(floor, floorRoute);
    const rps = o.rps / f.rps;
    const p99 = o.p99 / f.p99;
    if (rps < TARGET) failing.push(`${route} req/s`);
    if (p99 < TARGET) failing.push(`${route} p99`);
    console.log(`| ${route} | ${rps.toFixed(2)} | >= ${TARGET} | ${p99.toFixed(2)} | >= ${TARGET} |`);
  }
  // Not targets: the floor's own routes with only a session, stock security headers and a request
  // log added, against the same floor, show how much of the 0.8 those alone use up.
  const reference: [string, string, string][] = [
    ['me', `${FLOOR}Apollo me of the session's user, behind helmet() and pino-http`, pairs[0]![1]],
    ['status', `${FLOOR}the same read behind helmet() and pino-http`, pairs[1]![1]],
  ];
  for (const [route, withMore, plainRoute] of reference) {
    const more = ratios(floor, withMore);
    const plain = ratios(floor, plainRoute);
    console.log(
      `| (reference: the floor's ${route} with a session, helmet() and pino-http) | ${(more.rps / plain.rps).toFixed(2)} | | ${(more.p99 / plain.p99).toFixed(2)} | |`,
    );
  }
  return failing;
}

export async function benchAccounts(): Promise<void> {
  console.log(`\nAccounts benchmark: ${connections} connections, ${rounds} rounds x ${seconds} s, medians`);
  const shipped = await benchAt('info');
  const quiet = await benchAt('warn');
  const ours = (summary: Summary[]) => summary.filter((s) => !s.name.startsWith(FLOOR));
  report('As shipped: LOG_LEVEL=info (npm start), a log line per request to /dev/null', ours(shipped));
  report('For comparison: LOG_LEVEL=warn (no request log lines)', ours(quiet));
  report(
    "The stack's floor, measured in the same rounds as the shipped run (stackFloor.ts: express-session and Apollo Server 5 with none of Chorus)",
    shipped.filter((s) => s.name.startsWith(FLOOR)),
  );
  const failing = reportAgainstFloor(
    ours(shipped),
    shipped.filter((s) => s.name.startsWith(FLOOR)),
  );
  console.log(
    failing.length === 0
      ? `\nTarget met as shipped: every ratio >= ${TARGET} of the floor's`
      : `\nBelow target as shipped (< ${TARGET} of the floor's): ${failing.join(', ')}`,
  );
  if (failing.length > 0) process.exitCode = 1;
}
