/**
 * Search: one user with 100,000 messages in 1,000 chats (seeded with one INSERT … SELECT over
 * generate_series), then 200 searches one after another through GET /api/search, timed at the
 * client (HTTP, session, query, snippets). Target: p50 <= 30 ms.
 *
 * The text is made of a 3,000-word made-up vocabulary drawn with a skew (a few words are very
 * common, most are rare), as in real writing. The searches cycle through the kinds people type:
 * one of the 20 commonest words, a rarer word, two words, a word being typed (prefix), part of a
 * chat title, and part of a word from its middle (the trigram path). Each kind's median is
 * printed too: the cost of a search grows with the number of messages it matches. Beside them:
 * the p50 of the cheapest signed-in call (GET /api/auth/status), the floor no search can go below
 * on this machine at this moment, and the load average, since the machine is often shared.
 */
import os from 'node:os';
import pg from 'pg';
import { percentile, signUp, startStack } from './harness.ts';

const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 100_000);
const CHATS = 1_000;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);

/** Deterministic made-up words, so every run searches the same text. */
export function vocabulary(size: number): string[] {
  const onsets = [
    'b',
    'k',
    'd',
    'f',
    'g',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'z',
    'br',
    'st',
    'tr',
    'pl',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  // mulberry32: small, and unlike a plain LCG its low bits do not cycle.
  let seed = 42;
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + next(3);
    let w = '';
    for (let s = 0; s < syllables; s++) w += onsets[next(onsets.length)]! + vowels[next(vowels.length)]!;
    words.add(w);
  }
  return [...words];
}

/** The user's chats and messages, in two statements. */
export async function seedChats(db: pg.Client, userId: string, words: string[]): Promise<void> {
  // random()^2 skews towards the start of the list, roughly as word frequencies fall off in
  // writing: word 0 is in about half the messages (a "the" that is not a stop word), word 2,999 in
  // a handful.
  const word = `$2::text[])[1 + floor(array_length($2::text[], 1) * random() ^ 2)::int]`;
  await db.query(
    `insert into chats (id, title, user_id, created_at, updated_at)
     select gen_random_uuid(), 'Chat about ' || (${word} || ' ' || (${word}, $1, now(), now()
       from generate_series(1, $3)`,
    [userId, words, CHATS],
  );
  await db.query(
    `insert into messages (id, chat_id, role, content, created_at)
     select gen_random_uuid(), c.ids[1 + (s % $3)], case when s % 2 = 0 then 'user' else 'assistant' end,
            (select string_agg((${word}, ' ') from generate_series(1, 12 + (s % 2) * 48 + (s % 7)) where s > 0),
            now() - make_interval(secs => $4 - s)
       from (select array_agg(id) as ids from chats where user_id = $1) c, generate_series(1, $4) s`,
    [userId, words, CHATS, MESSAGES],
  );
}

export async function benchSearch(): Promise<void> {
  const words = vocabulary(3_000);
  const stack = await startStack();
  try {
    // startStack gives up waiting after 30 s; on a busy machine the api can take longer to start.
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`${stack.api.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const { cookie, userId } = await signUp(stack.api.url);
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    // An error while seeding must surface as itself, not as the connection dying when the stack stops.
    db.on('error', () => {});
    const seeded = performance.now();
    await seedChats(db, userId, words);
    await db.query('vacuum analyze chats, messages');
    const { rows } = await db.query<{ n: string }>(
      'select count(*) as n from messages m join chats c on c.id = m.chat_id where c.user_id = $1',
      [userId],
    );
    const titles = (
      await db.query<{ title: string }>('select title from chats where user_id = $1 limit 50', [userId])
    ).rows;
    await db.end();
    console.log(
      `\nSearch benchmark: ${rows[0]!.n} messages in ${CHATS} chats of one user (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s), ${SEARCHES} searches\n`,
    );

    const kinds = [
      'common word',
      'rarer word',
      'two words',
      'word + prefix',
      'part of a title',
      'part of a word',
    ];
    const queries = Array.from({ length: SEARCHES }, (_, i) => {
      const rare = words[1_000 + ((i * 37) % 2_000)]!;
      const text = [
        () => words[i % 20]!,
        () => rare,
        () => `${words[(i * 7) % 300]} ${words[(i * 11) % 300]}`,
        () => `${words[(i * 13) % 500]} ${rare.slice(0, 4)}`,
        () => titles[i % titles.length]!.title.split(' ').at(-1)!.slice(1, 6),
        () => rare.slice(1, 6),
      ][i % kinds.length]!();
      return { kind: kinds[i % kinds.length]!, text };
    });
    const search = async (q: string) => {
      const res = await fetch(`${stack.api.url}/api/search?q=${encodeURIComponent(q)}&limit=20`, {
        headers: { cookie },
      });
      if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { results: unknown[] }).results.length;
    };
    for (const q of queries.slice(0, 10)) await search(q.text); // warm up
    const loadBefore = os.loadavg()[0]!;
    const times: number[] = [];
    const byKind = new Map<string, number[]>();
    let found = 0;
    for (const q of queries) {
      const start = performance.now();
      found += (await search(q.text)) > 0 ? 1 : 0;
      const ms = performance.now() - start;
      times.push(ms);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
    const loadAfter = os.loadavg()[0]!;
    // The same number of the cheapest signed-in calls there is, after the searches (so they do not
    // change them): what any request costs on this machine now, which a search cannot go below.
    const floor: number[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const start = performance.now();
      const res = await fetch(`${stack.api.url}/api/auth/status`, { headers: { cookie } });
      await res.arrayBuffer();
      floor.push(performance.now() - start);
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log('| measure | value | target |');
    console.log('|---|---|---|');
    console.log(`| search p50 | ${p50.toFixed(1)} ms | <= 30 ms |`);
    console.log(`| search p95 | ${p95.toFixed(1)} ms | |`);
    for (const [kind, ms] of byKind)
      console.log(`| p50 of "${kind}" | ${percentile(ms, 50).toFixed(1)} ms | |`);
    console.log(`| searches with results | ${found}/${SEARCHES} | |`);
    console.log(`| p50 of GET /api/auth/status (the floor) | ${percentile(floor, 50).toFixed(1)} ms | |`);
    console.log(
      `| load average (1 min) before / after | ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} | |`,
    );
    const met = p50 <= 30;
    console.log(met ? '\nTarget met' : '\nBelow target');
    if (!met) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}
