/**
 * Chat: the send path, from the client's send to its first token, and the relay of the tokens after.
 *
 * A fake OpenAI-compatible provider (its own process) answers its first token at once, then 200
 * tokens. For 1, 10 and 50 concurrent users (each a different user on a plan without limits) each
 * client, its graphql-ws connection already open, sends `sendMessage` over HTTP, subscribes to
 * `answerStream` as soon as the answer's id comes back, and times its first token. Beside it, in
 * the same rounds, the same number of clients ask the provider directly (the same streamed request,
 * no Chorus): added time to first token = Chorus's percentile minus the direct path's.
 *
 * Also reported: sendMessage sent -> the provider has read the request (p50), the api process's CPU
 * time (user + system, from /proc) per answer while the answers are written, tokens lost,
 * duplicated or reordered, and how many subscribers that subscribed within 100 ms of their send
 * received the first token as a delta (not only inside the snapshot). Each figure is the median of
 * BENCH_RUNS rounds (3). All clocks are the machine's wall clock (performance.timeOrigin + now()).
 *
 * BENCH_CPU_PROF=<dir> runs the api with --cpu-prof, writing its profile there when it stops.
 * BENCH_SEND_TIMINGS=1 runs the api at LOG_LEVEL=debug and prints where the send path's time goes
 * (sendTimings.ts: validation, pool wait, memories, provider call, plan check, insert, commit, first
 * token; p50 per step, ms since the send reached the engine). Its log lines cost a little, so the
 * headline figures are best read from a run without it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { wsClient } from '../../tests/support/ws.ts';
import { median, percentile, signUp, startStack } from './harness.ts';

const LEVELS = (process.env.BENCH_USERS ?? '1,10,50').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 200);
/** Pause between the provider's tokens (its first comes at once). */
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 2);

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { aiMessage { id } } }`;
const STREAM = 'subscription($id: ID!) { answerStream(messageId: $id) { kind text status } }';

const now = () => performance.timeOrigin + performance.now();

interface Targets {
  addedP50: number;
  addedP99: number;
  sentToProviderP50?: number;
  cpuPerAnswer?: number;
}
const TARGETS: Record<number, Targets> = {
  1: { addedP50: 10, addedP99: 50, sentToProviderP50: 5 },
  50: { addedP50: 40, addedP99: 150, cpuPerAnswer: 10 },
};

interface Round {
  /** The stack floor's round (chatFloor.ts), same clients and provider, none of Chorus. */
  floor: FloorRound;
  chorusP50: number;
  chorusP99: number;
  directP50: number;
  directP99: number;
  sentToProviderP50: number;
  /** sendMessage sent -> its answer back (the client subscribes then). */
  sendResponseP50: number;
  cpuPerAnswerMs: number;
  lost: number;
  duplicated: number;
  reordered: number;
  incomplete: number;
  earlySubscribers: number;
  earlyFirstAsDelta: number;
}

type FloorRound = Pick<Round, 'chorusP50' | 'chorusP99' | 'cpuPerAnswerMs' | 'sentToProviderP50'>;

export interface User {
  cookie: string;
}

/** Steps of sendTimings.ts, in order, as the api logs them at debug level. */
/** In the order a send usually passes them: the provider is asked before the plan check commits. */
const SPANS = [
  'validated',
  'begun',
  'memoryReady',
  'memoryDone',
  'providerCall',
  'planChecked',
  'inserted',
  'committed',
  'firstToken',
] as const;
type Spans = Partial<Record<(typeof SPANS)[number], number>>;
/** The send timings the api logged, by answer id (BENCH_SEND_TIMINGS=1). */
const sendTimings = new Map<string, Spans>();
/** p50 of each step per users level, one record per round. */
const spanRounds = new Map<number, Spans[]>();

function readSendTimings(stdout: NodeJS.ReadableStream): void {
  createInterface({ input: stdout }).on('line', (line) => {
    if (!line.includes('"sendTimings"')) return;
    try {
      const entry = JSON.parse(line) as { sendTimings: Spans; messageId: string };
      sendTimings.set(entry.messageId, entry.sendTimings);
    } catch {
      // Not one of ours.
    }
  });
}

export async function benchChat(): Promise<void> {
  const loadBefore = loadavg();
  const provider = await startChild('tests/support/fakeOpenAIProcess.ts', [], 'fake provider');
  const fake = { baseURL: provider.url, close: provider.close };
  const floor = await startChild('scripts/bench/chatFloor.ts', [fake.baseURL], 'chat floor');
  const profDir = process.env.BENCH_CPU_PROF;
  const withTimings = process.env.BENCH_SEND_TIMINGS === '1';
  const stack = await startStack(
    {
      AI_GPT_BASE_URL: fake.baseURL,
      AI_GPT_API_KEY: 'sk-bench',
      // The bench signs up its 50 users from one address.
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_IP_PER_DAY: '1000',
      ...(profDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profDir}` } : {}),
      ...(withTimings ? { LOG_LEVEL: 'debug' } : {}),
    },
    { pipeStdout: withTimings },
  );
  if (withTimings) readSendTimings(stack.api.child.stdout!);
  const apiPid = stack.api.child.pid!;
  try {
    const users = await makeUsers(stack.api.url, stack.databaseUrl, Math.max(...LEVELS));
    // Warm-up: JIT, pools, the provider's keep-alive connections.
    await chorusRound(
      stack.api.url,
      fake.baseURL,
      users.slice(0, Math.min(10, users.length)),
      'warm',
      apiPid,
    );
    await directRound(fake.baseURL, 10, 'warm');
    await chorusRound(floor.url, fake.baseURL, users.slice(0, Math.min(10, users.length)), 'warm', floor.pid);

    const rounds = new Map<number, Round[]>(LEVELS.map((n) => [n, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const n of LEVELS) {
        const direct = await directRound(fake.baseURL, n, `r${run}`);
        const chorus = await chorusRound(stack.api.url, fake.baseURL, users.slice(0, n), `r${run}`, apiPid);
        const floorRound = await chorusRound(
          floor.url,
          fake.baseURL,
          users.slice(0, n),
          `floor-r${run}`,
          floor.pid,
        );
        rounds.get(n)!.push({
          ...chorus,
          floor: floorRound,
          directP50: percentile(direct, 50),
          directP99: percentile(direct, 99),
        });
      }
    }
    report(rounds);
    // Other work on the machine moves the absolute figures; the direct path beside them moves alike.
    const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
    console.log(`Load average (1, 5, 15 min): ${fmtLoad(loadBefore)} before, ${fmtLoad(loadavg())} after`);
  } finally {
    await stack.stop();
    await floor.close();
    await fake.close();
  }
}

/** Users on the max plan (no prompt limit), each with its own session. */
export async function makeUsers(url: string, databaseUrl: string, count: number): Promise<User[]> {
  const users: User[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let i = 0; i < count; i++) {
      const { cookie, userId } = await signUp(url, `bench${i}`);
      await db.query(
        `insert into subscriptions (id, user_id, plan_type, status) values (gen_random_uuid(), $1, 'max', 'active')`,
        [userId],
      );
      users.push({ cookie });
    }
  } finally {
    await db.end();
  }
  return users;
}

/** Every user's graphql-ws connection, open before anything is sent, as the web app has it. */
export function connectClients(url: string, users: User[]): Promise<ReturnType<typeof wsClient>[]> {
  return Promise.all(
    users.map(async (u) => {
      const ws = wsClient(url, u.cookie);
      await new Promise<void>((resolve, reject) => {
        ws.on('connected', () => resolve());
        ws.on('error', reject);
        // graphql-ws connects lazily: a subscription that completes at once opens the connection.
        ws.subscribe({ query: '{ __typename }' }, { next: () => {}, error: reject, complete: () => {} });
      });
      return ws;
    }),
  );
}

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the command), in ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

async function chorusRound(
  url: string,
  providerURL: string,
  users: User[],
  tag: string,
  apiPid: number,
): Promise<Omit<Round, 'directP50' | 'directP99' | 'floor'>> {
  const clients = await connectClients(url, users);
  const cpuBefore = cpuMs(apiPid);
  const results = await Promise.all(
    users.map(async (u, i) => {
      const prompt = `[tokens=${TOKENS}] [delay=${TOKEN_DELAY_MS}] chorus ${tag} ${users.length} ${i}`;
      const sentAt = now();
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: u.cookie },
        body: JSON.stringify({ query: SEND, variables: { input: { content: prompt } } }),
      });
      const body = (await res.json()) as {
        data?: { sendMessage: { aiMessage: { id: string } } };
        errors?: unknown;
      };
      if (!body.data) throw new Error(`send failed: ${JSON.stringify(body.errors)}`);
      const subscribedAt = now();
      let firstAt = 0;
      let firstAsDelta = false;
      let text = '';
      let status = '';
      for await (const msg of clients[i]!.iterate<{
        answerStream: { kind: string; text: string; status: string };
      }>({ query: STREAM, variables: { id: body.data.sendMessage.aiMessage.id } })) {
        const event = msg.data!.answerStream;
        if (!firstAt && event.text) {
          firstAt = now();
          firstAsDelta = event.kind === 'delta';
        }
        if (event.kind === 'snapshot') text = event.text;
        else if (event.kind === 'delta') text += event.text;
        else {
          // An answer already finished when subscribed to comes as `done` alone, with its text.
          if (!text) text = event.text;
          status = event.status;
          break;
        }
      }
      return {
        id: body.data.sendMessage.aiMessage.id,
        prompt,
        sentAt,
        subscribedAt,
        firstAt,
        firstAsDelta,
        text,
        status,
      };
    }),
  );
  if (sendTimings.size > 0 && tag !== 'warm' && !tag.startsWith('floor')) {
    const spans: Spans = {};
    for (const span of SPANS) {
      const values = results.flatMap((r) => sendTimings.get(r.id)?.[span] ?? []);
      if (values.length) spans[span] = percentile(values, 50);
    }
    spanRounds.set(users.length, [...(spanRounds.get(users.length) ?? []), spans]);
  }
  const cpu = cpuMs(apiPid) - cpuBefore;
  await Promise.all(clients.map((ws) => ws.dispose()));
  const timings = (await (await fetch(providerURL.replace(/\/v1$/, '/_timings'))).json()) as {
    received: Record<string, number>;
  };
  let lost = 0;
  let duplicated = 0;
  let reordered = 0;
  for (const r of results) {
    const seen = r.text
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((t) => Number(t.slice(1)));
    const counts = new Map<number, number>();
    for (const n of seen) counts.set(n, (counts.get(n) ?? 0) + 1);
    for (let t = 0; t < TOKENS; t++) if (!counts.has(t)) lost++;
    for (const c of counts.values()) if (c > 1) duplicated += c - 1;
    for (let k = 1; k < seen.length; k++) if (seen[k]! < seen[k - 1]!) reordered++;
  }
  const ttft = results.map((r) => r.firstAt - r.sentAt);
  const early = results.filter((r) => r.subscribedAt - r.sentAt <= 100);
  return {
    chorusP50: percentile(ttft, 50),
    chorusP99: percentile(ttft, 99),
    sentToProviderP50: percentile(
      results.map((r) => (timings.received[r.prompt] ?? Number.NaN) - r.sentAt),
      50,
    ),
    sendResponseP50: percentile(
      results.map((r) => r.subscribedAt - r.sentAt),
      50,
    ),
    cpuPerAnswerMs: cpu / results.length,
    lost,
    duplicated,
    reordered,
    incomplete: results.filter((r) => r.status !== 'complete').length,
    earlySubscribers: early.length,
    earlyFirstAsDelta: early.filter((r) => r.firstAsDelta).length,
  };
}

/** The same streamed request straight to the provider: send -> first token, in ms. */
export async function directRound(providerURL: string, n: number, tag: string): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const prompt = `[tokens=${TOKENS}] [delay=${TOKEN_DELAY_MS}] direct ${tag} ${n} ${i}`;
      const sentAt = now();
      const res = await fetch(`${providerURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
        body: JSON.stringify({ model: 'gpt', stream: true, messages: [{ role: 'user', content: prompt }] }),
      });
      let firstAt = 0;
      const decoder = new TextDecoder();
      for await (const chunk of res.body!) {
        if (!firstAt && decoder.decode(chunk as Uint8Array).includes('"content":"t')) firstAt = now();
      }
      return firstAt - sentAt;
    }),
  );
}

function report(rounds: Map<number, Round[]>): void {
  const m = (rs: Round[], f: (r: Round) => number) => median(rs.map(f));
  const sum = (rs: Round[], f: (r: Round) => number) => rs.reduce((a, r) => a + f(r), 0);
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  const verdict = (v: number, target: number | undefined) =>
    target === undefined ? '' : ` (target <= ${target} ms${v <= target ? ', met' : ', NOT met'})`;
  console.log(
    `\nChat send path: sendMessage over HTTP -> first token over graphql-ws, ${TOKENS} tokens per answer, median of ${RUNS} rounds\n`,
  );
  console.log(
    '| users | added TTFT p50 | added TTFT p99 | chorus TTFT p50 / p99 | direct TTFT p50 / p99 | sent -> provider p50 | sendMessage answered p50 | api CPU per answer | lost / dup / reordered | incomplete | early subscribers with first token as delta |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const failures: string[] = [];
  for (const [n, rs] of rounds) {
    const t = TARGETS[n];
    const addedP50 = m(rs, (r) => r.chorusP50 - r.directP50);
    const addedP99 = m(rs, (r) => r.chorusP99 - r.directP99);
    const sent = m(rs, (r) => r.sentToProviderP50);
    const cpu = m(rs, (r) => r.cpuPerAnswerMs);
    const broken = sum(rs, (r) => r.lost + r.duplicated + r.reordered);
    const incomplete = sum(rs, (r) => r.incomplete);
    const early = sum(rs, (r) => r.earlySubscribers);
    const asDelta = sum(rs, (r) => r.earlyFirstAsDelta);
    if (t && addedP50 > t.addedP50) failures.push(`${n} users: added p50`);
    if (t && addedP99 > t.addedP99) failures.push(`${n} users: added p99`);
    if (t?.sentToProviderP50 !== undefined && sent > t.sentToProviderP50)
      failures.push(`${n} users: sent -> provider`);
    if (t?.cpuPerAnswer !== undefined && cpu > t.cpuPerAnswer) failures.push(`${n} users: CPU per answer`);
    if (broken > 0) failures.push(`${n} users: tokens lost, duplicated or reordered`);
    if (incomplete > 0) failures.push(`${n} users: incomplete answers`);
    if (asDelta < early)
      failures.push(`${n} users: early subscribers got the first token only in the snapshot`);
    console.log(
      `| ${n} | ${fmt(addedP50)}${verdict(addedP50, t?.addedP50)} | ${fmt(addedP99)}${verdict(addedP99, t?.addedP99)} | ${fmt(m(rs, (r) => r.chorusP50))} / ${fmt(m(rs, (r) => r.chorusP99))} | ${fmt(m(rs, (r) => r.directP50))} / ${fmt(m(rs, (r) => r.directP99))} | ${fmt(sent)}${verdict(sent, t?.sentToProviderP50)} | ${fmt(m(rs, (r) => r.sendResponseP50))} | ${fmt(cpu)}${verdict(cpu, t?.cpuPerAnswer)} | ${sum(rs, (r) => r.lost)} / ${sum(rs, (r) => r.duplicated)} / ${sum(rs, (r) => r.reordered)} (target 0) | ${incomplete} | ${asDelta}/${early} (target all) |`,
    );
  }
  console.log(
    `\nThe stack's floor, measured in the same rounds (chatFloor.ts: Express 5, Apollo Server 5, graphql-ws and the openai SDK relaying each token as it comes; no sessions, database, plans, saving or batching)\n`,
  );
  console.log(
    "| users | floor added TTFT p50 | floor added TTFT p99 | floor sent -> provider p50 | floor CPU per answer | Chorus added p50 minus the floor's |",
  );
  console.log('|---|---|---|---|---|---|');
  for (const [n, rs] of rounds) {
    const t = TARGETS[n];
    const floorP50 = m(rs, (r) => r.floor.chorusP50 - r.directP50);
    const floorP99 = m(rs, (r) => r.floor.chorusP99 - r.directP99);
    const floorCpu = m(rs, (r) => r.floor.cpuPerAnswerMs);
    // Above a target on the floor itself: nothing built on this stack meets it on this machine.
    const beyond = (v: number, target: number | undefined) =>
      target !== undefined && v > target ? ` (above the ${target} ms target)` : '';
    const floorSent = m(rs, (r) => r.floor.sentToProviderP50);
    console.log(
      `| ${n} | ${fmt(floorP50)}${beyond(floorP50, t?.addedP50)} | ${fmt(floorP99)}${beyond(floorP99, t?.addedP99)} | ${fmt(floorSent)}${beyond(floorSent, t?.sentToProviderP50)} | ${fmt(floorCpu)}${beyond(floorCpu, t?.cpuPerAnswer)} | ${fmt(m(rs, (r) => r.chorusP50 - r.directP50) - floorP50)} |`,
    );
  }
  if (spanRounds.size > 0) {
    console.log(
      `\nWhere the send's time goes (sendTimings.ts): p50 ms from the send reaching the engine to each step, median of ${RUNS} rounds; memoryReady is missing where memories missed their budget\n`,
    );
    console.log(`| users | ${SPANS.join(' | ')} |`);
    console.log(`|---|${SPANS.map(() => '---|').join('')}`);
    for (const [n, rs] of spanRounds) {
      const cells = SPANS.map((span) => {
        const values = rs.flatMap((r) => r[span] ?? []);
        return values.length ? median(values).toFixed(1) : '-';
      });
      console.log(`| ${n} | ${cells.join(' | ')} |`);
    }
  }
  console.log(failures.length === 0 ? '\nEvery target met' : `\nBelow target: ${failures.join('; ')}`);
  // CI and scripts read the verdict from the exit status (the other benchmarks still run first).
  if (failures.length > 0) process.exitCode = 1;
}

/** Starts a helper process that prints its URL on its first line: the fake provider, the floor. */
/** A helper process (the fake provider, the floor) that prints its URL on its first line. */
export async function startChild(
  script: string,
  args: string[],
  name: string,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
