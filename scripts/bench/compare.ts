/**
 * Compare: what a compare adds to each column's time to first token, against a single answer in
 * the same run.
 *
 * A fake OpenAI-compatible provider (its own process) answers GPT, Claude and Grok, its first token
 * at once. BENCH_USERS users at once (10; each on a plan without limits, its graphql-ws connection
 * already open, as the web app has) each send a single prompt (`sendMessage`), then each sends a
 * 3-way `compare`, and follows every answer over its one socket. Time to first token = the mutation
 * sent -> that answer's first token; "added" subtracts the provider's own first token asked
 * directly with as many requests at once (10 for the singles, 30 for the columns). Target: a
 * column's added p50 within 1.5 times the single answer's. Each figure is the median of BENCH_RUNS
 * rounds (3).
 */
import { loadavg } from 'node:os';
import type { wsClient } from '../../tests/support/ws.ts';
import { connectClients, directRound, makeUsers, startChild, type User } from './chat.ts';
import { median, percentile, startStack } from './harness.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 200);
const TOKEN_DELAY_MS = Number(process.env.BENCH_TOKEN_DELAY_MS ?? 2);
const ASSISTANTS = ['gpt', 'claude', 'grok'];
const RATIO_TARGET = 1.5;

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { aiMessage { id } } }`;
const COMPARE = `mutation($content: String!, $assistants: [ID!]!) { compare(content: $content, assistants: $assistants) { answers { id } } }`;
const STREAM = 'subscription($id: ID!) { answerStream(messageId: $id) { kind text status } }';

const now = () => performance.timeOrigin + performance.now();

interface Round {
  singleP50: number;
  singleP99: number;
  columnP50: number;
  columnP99: number;
  direct10P50: number;
  direct30P50: number;
  incomplete: number;
}

export async function benchCompare(): Promise<void> {
  const loadBefore = loadavg();
  const provider = await startChild('tests/support/fakeOpenAIProcess.ts', [], 'fake provider');
  const keys = Object.fromEntries(
    ASSISTANTS.flatMap((a) => [
      [`AI_${a.toUpperCase()}_BASE_URL`, provider.url],
      [`AI_${a.toUpperCase()}_API_KEY`, 'sk-bench'],
    ]),
  );
  const stack = await startStack({
    ...keys,
    // The bench signs up its users from one address.
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_IP_PER_DAY: '1000',
  });
  try {
    const users = await makeUsers(stack.api.url, stack.databaseUrl, USERS);
    // Warm-up: JIT, pools, the provider's keep-alive connections.
    await singleRound(stack.api.url, users, 'warm');
    await compareRound(stack.api.url, users, 'warm');
    const rounds: Round[] = [];
    for (let run = 0; run < RUNS; run++) {
      const direct10 = await directRound(provider.url, USERS, `d10-${run}`);
      const single = await singleRound(stack.api.url, users, `s${run}`);
      const direct30 = await directRound(provider.url, USERS * ASSISTANTS.length, `d30-${run}`);
      const columns = await compareRound(stack.api.url, users, `c${run}`);
      rounds.push({
        singleP50: percentile(single.ttft, 50),
        singleP99: percentile(single.ttft, 99),
        columnP50: percentile(columns.ttft, 50),
        columnP99: percentile(columns.ttft, 99),
        direct10P50: percentile(direct10, 50),
        direct30P50: percentile(direct30, 50),
        incomplete: single.incomplete + columns.incomplete,
      });
    }
    report(rounds);
    const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
    console.log(`Load average (1, 5, 15 min): ${fmtLoad(loadBefore)} before, ${fmtLoad(loadavg())} after`);
  } finally {
    await stack.stop();
    await provider.close();
  }
}

/** Follows an answer to its end: when its first text came, and how it ended. */
async function follow(
  ws: ReturnType<typeof wsClient>,
  id: string,
): Promise<{ firstAt: number; status: string }> {
  let firstAt = 0;
  for await (const msg of ws.iterate<{ answerStream: { kind: string; text: string; status: string } }>({
    query: STREAM,
    variables: { id },
  })) {
    const event = msg.data!.answerStream;
    if (!firstAt && event.text) firstAt = now();
    if (event.kind === 'done') return { firstAt, status: event.status };
  }
  return { firstAt, status: 'lost' };
}

async function post<T>(url: string, cookie: string, query: string, variables: object): Promise<T> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const prompt = (tag: string, i: number) =>
  `[tokens=${TOKENS}] [delay=${TOKEN_DELAY_MS}] compare bench ${tag} ${i}`;

async function singleRound(url: string, users: User[], tag: string) {
  const clients = await connectClients(url, users);
  const results = await Promise.all(
    users.map(async (u, i) => {
      const sentAt = now();
      const { sendMessage } = await post<{ sendMessage: { aiMessage: { id: string } } }>(
        url,
        u.cookie,
        SEND,
        {
          input: { content: prompt(tag, i) },
        },
      );
      const ended = await follow(clients[i]!, sendMessage.aiMessage.id);
      return { ttft: ended.firstAt - sentAt, ok: ended.status === 'complete' };
    }),
  );
  await Promise.all(clients.map((ws) => ws.dispose()));
  return { ttft: results.map((r) => r.ttft), incomplete: results.filter((r) => !r.ok).length };
}

async function compareRound(url: string, users: User[], tag: string) {
  const clients = await connectClients(url, users);
  const results = await Promise.all(
    users.map(async (u, i) => {
      const sentAt = now();
      const { compare } = await post<{ compare: { answers: { id: string }[] } }>(url, u.cookie, COMPARE, {
        content: prompt(tag, i),
        assistants: ASSISTANTS,
      });
      // Every column over the user's one socket, at once.
      const ended = await Promise.all(compare.answers.map((a) => follow(clients[i]!, a.id)));
      return ended.map((e) => ({ ttft: e.firstAt - sentAt, ok: e.status === 'complete' }));
    }),
  );
  await Promise.all(clients.map((ws) => ws.dispose()));
  const columns = results.flat();
  return { ttft: columns.map((r) => r.ttft), incomplete: columns.filter((r) => !r.ok).length };
}

function report(rounds: Round[]): void {
  const m = (f: (r: Round) => number) => median(rounds.map(f));
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  const singleAdded = m((r) => r.singleP50 - r.direct10P50);
  const columnAdded = m((r) => r.columnP50 - r.direct30P50);
  const ratio = columnAdded / Math.max(singleAdded, 1);
  const incomplete = rounds.reduce((a, r) => a + r.incomplete, 0);
  console.log(
    `\nCompare: ${USERS} users at once, a single answer each, then a ${ASSISTANTS.length}-way compare each (mutation sent -> first token over graphql-ws), ${TOKENS} tokens per answer, median of ${RUNS} rounds\n`,
  );
  console.log('| | added TTFT p50 | TTFT p50 / p99 | provider direct p50 |');
  console.log('|---|---|---|---|');
  console.log(
    `| single answer (${USERS} answers) | ${fmt(singleAdded)} | ${fmt(m((r) => r.singleP50))} / ${fmt(m((r) => r.singleP99))} | ${fmt(m((r) => r.direct10P50))} |`,
  );
  console.log(
    `| compare column (${USERS * ASSISTANTS.length} answers) | ${fmt(columnAdded)} | ${fmt(m((r) => r.columnP50))} / ${fmt(m((r) => r.columnP99))} | ${fmt(m((r) => r.direct30P50))} |`,
  );
  const met = ratio <= RATIO_TARGET && incomplete === 0;
  console.log(
    `\nA column's added TTFT is ${ratio.toFixed(2)}x the single answer's (target <= ${RATIO_TARGET}x); incomplete answers: ${incomplete} (target 0): ${met ? 'met' : 'NOT met'}`,
  );
  if (!met) process.exitCode = 1;
}
