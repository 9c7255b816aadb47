/**
 * `npm run bench paging`: opening a long chat and a long list of chats (issue 16, lists that page).
 *
 * One user with 10,000 chats (a few pinned), one of them a path of 20,000 messages with some
 * regenerated answers beside it (messages form a tree; the chat shows one path). Each request is
 * sent one at a time (what someone opening the page waits for): the documents the web app sends
 * (ChatView: the chat and the latest 30 messages of its path with their versions; Chats: the first
 * 40 chats), the spec's REST shims at their default sizes, and pages deep in each list by cursor,
 * which should cost what the first page does. Then the path query itself in SQL at the leaf, 100
 * pages up and near the first message: the walk up from a message is what decides whether paging
 * needs a stored depth column (it does not if these stay flat).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { insertLongChat } from '../../tests/support/longChat.ts';
import { median, percentile, signUp, startStack } from './harness.ts';
import { cpuMs, row, timeRequests, withChildren } from './timing.ts';

const MESSAGES = Number(process.env.BENCH_PAGING_MESSAGES ?? 20_000);
const CHATS = Number(process.env.BENCH_PAGING_CHATS ?? 10_000);

// The web app's documents (web/src/features/chat/graphql.ts), fragments inlined.
const MESSAGE_FIELDS = 'id chatId role content model status error createdAt images parentId siblingIds';
const CHAT_FIELDS = 'id title activeModel mode folderId pinned createdAt updatedAt';
const CHAT_VIEW = `query ChatView($id: ID!) { chat(id: $id) { ${CHAT_FIELDS} }
  messagePage(chatId: $id, last: 30) { messages { ${MESSAGE_FIELDS} } olderCursor } }`;
const OLDER = `query OlderMessages($chatId: ID!, $before: ID!) {
  messagePage(chatId: $chatId, last: 30, before: $before) { messages { ${MESSAGE_FIELDS} } olderCursor } }`;
const CHATS_QUERY = `query Chats($after: String) { chatPage(first: 40, after: $after) { chats { ${CHAT_FIELDS} } nextCursor } }`;

export async function benchPaging(): Promise<void> {
  const stack = await startStack({}, { discardStdout: true });
  try {
    const { cookie, userId } = await signUp(stack.api.url);
    const admin = new pg.Client({ connectionString: stack.databaseUrl });
    await admin.connect();
    await admin.query(
      `insert into chats (id, user_id, title, created_at, updated_at, pinned_at)
       select gen_random_uuid(), $1, 'Bench chat ' || i, now() - i * interval '1 minute', now() - i * interval '1 minute',
              case when i % 1000 = 0 then now() - i * interval '1 second' end
         from generate_series(1, $2::int) i`,
      [userId, CHATS - 1],
    );
    // Prompts of a few hundred characters (11 sentences), one-sentence answers.
    const chatId = await insertLongChat(admin, userId, {
      title: 'The long chat',
      texts: Array.from({ length: MESSAGES }, (_, n) =>
        `Message ${n + 1} of a long conversation about paging. `.repeat(1 + ((n + 1) % 2) * 10),
      ),
    });
    // Every 50th answer was regenerated once: an older version beside it, off the path.
    await admin.query(
      `insert into messages (id, chat_id, parent_id, role, model, content, created_at, updated_at)
       select gen_random_uuid(), chat_id, parent_id, role, model, 'An earlier version', created_at - interval '1 millisecond', now()
         from (select *, row_number() over (order by created_at) as n from messages where chat_id = $1) m
        where role = 'assistant' and n % 100 = 0`,
      [chatId],
    );
    await admin.query('analyze chats; analyze messages');

    // CPU of the api process and of PostgreSQL (postmaster and backends) per request: on this
    // shared 2-core machine the wall clock mostly measures waiting for a core.
    const { rows: dataDir } = await admin.query<{ data_directory: string }>('show data_directory');
    const postmaster = Number(
      readFileSync(path.join(dataDir[0]!.data_directory, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const apiPid = stack.api.child.pid!;
    const cpu = () => [apiPid, ...withChildren(postmaster)].reduce((sum, pid) => sum + cpuMs(pid), 0);
    const time = (send: () => Promise<Response>) => timeRequests(send, 200, 20, cpu);

    const base = stack.api.url;
    const get = (path: string) => () => fetch(`${base}${path}`, { headers: { cookie } });
    const gql = (query: string, variables: Record<string, unknown>) => () =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      }).then(async (res) => {
        const body = await res.clone().json();
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return res;
      });

    // Cursors deep in each list: the 100th page back.
    const deepBefore = await walk(get(`/api/chats/${chatId}/messages?limit=30`), (c) =>
      get(`/api/chats/${chatId}/messages?limit=30&before=${encodeURIComponent(c)}`),
    );
    const deepAfter = await walk(get('/api/chats?limit=40'), (c) =>
      get(`/api/chats?limit=40&cursor=${encodeURIComponent(c)}`),
    );

    const rows = [
      row(
        `open a chat of ${MESSAGES.toLocaleString('en')} messages: ChatView, latest 30 of its path (GraphQL, the web app)`,
        await time(gql(CHAT_VIEW, { id: chatId })),
        'p50 ≤ 15',
      ),
      row(
        'same, GET /api/chats/{id}/messages (spec default: latest 500)',
        await time(get(`/api/chats/${chatId}/messages`)),
        '',
      ),
      row(
        'same, GET …/messages?limit=30',
        await time(get(`/api/chats/${chatId}/messages?limit=30`)),
        'p50 ≤ 15',
      ),
      row(
        'older page 100 back: OlderMessages(before: cursor)',
        await time(gql(OLDER, { chatId, before: deepBefore })),
        'p50 ≤ 15',
      ),
      row(
        `chat list of ${CHATS.toLocaleString('en')}: Chats, first 40 (GraphQL, the web app)`,
        await time(gql(CHATS_QUERY, {})),
        'p50 ≤ 15',
      ),
      row('same, GET /api/chats (spec default: first 500)', await time(get('/api/chats')), ''),
      row('same, GET /api/chats?limit=40', await time(get('/api/chats?limit=40')), 'p50 ≤ 15'),
      row(
        'chat list page 100: Chats(after: cursor)',
        await time(gql(CHATS_QUERY, { after: deepAfter })),
        'p50 ≤ 15',
      ),
      // The floor every signed-in request stands on (session, Apollo), measured beside the pages.
      row('GraphQL { me { id } } (floor)', await time(gql('{ me { id } }', {})), ''),
      row('GET /api/auth/status (floor)', await time(get('/api/auth/status')), ''),
      row('GET /livez (baseline)', await time(get('/livez')), ''),
    ];

    console.log(
      `\nPaging benchmark (one request at a time, 200 runs after 20 warm-up; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)\n`,
    );
    console.log('| request | p50 ms | p99 ms | KB | CPU ms / request (api + PostgreSQL) | target |');
    console.log('|---|---|---|---|---|---|');
    for (const line of rows) console.log(line);

    // The path query alone (tree.ts pathPage and pathTo walk up the same way), from three places on a path of MESSAGES.
    const { rows: onPath } = await admin.query<{ id: string }>(
      `with recursive up as (
         select id, parent_id, 0 as d from messages where id = (select current_message_id from chats where id = $1)
         union all select m.id, m.parent_id, up.d + 1 from messages m join up on m.id = up.parent_id)
       select id from up order by d`,
      [chatId],
    );
    console.log(
      `\nThe path walk in SQL, 30 messages up from a message (EXPLAIN ANALYZE execution time, 50 runs)\n`,
    );
    console.log('| from | p50 ms | p99 ms |');
    console.log('|---|---|---|');
    for (const [name, at] of [
      ['the leaf (message 20,000)', 0],
      ['100 pages up', 3000],
      ['near the first message', onPath.length - 31],
    ] as const) {
      const ms: number[] = [];
      for (let i = 0; i < 50; i++) {
        const { rows: plan } = await admin.query<{ 'QUERY PLAN': string }>(
          `explain analyze with recursive up as (
             select m.*, 0 as path_depth from messages m where m.id = $1
             union all
             select m.*, up.path_depth + 1 from messages m join up on m.id = up.parent_id where up.path_depth + 1 < 30)
           select * from up order by path_depth desc`,
          [onPath[at]!.id],
        );
        const line = plan.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
        ms.push(Number(line?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN));
      }
      console.log(`| ${name} | ${median(ms).toFixed(3)} | ${percentile(ms, 99).toFixed(3)} |`);
    }
    const { rows: plan } = await admin.query<{ 'QUERY PLAN': string }>(
      `explain select c.* from chats c where c.user_id = $1
         and (coalesce(c.pinned_at, '-infinity'::timestamptz), c.updated_at, c.id)
           < ('-infinity'::timestamptz, timestamptz '2026-01-01T00:00:00Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
       order by coalesce(c.pinned_at, '-infinity'::timestamptz) desc, c.updated_at desc, c.id desc limit 41`,
      [userId],
    );
    console.log(
      `\nA chat list page past the pinned ones, its plan:\n${plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`,
    );
    await admin.end();
  } finally {
    await stack.stop();
  }
}

/** Follows X-Next-Cursor 99 times from the first page; the cursor of the 100th page. */
async function walk(first: () => Promise<Response>, next: (cursor: string) => () => Promise<Response>) {
  let res = await first();
  for (let i = 0; i < 100; i++) {
    const cursor = res.headers.get('x-next-cursor');
    if (!cursor) throw new Error(`the list ended after ${i + 1} pages (${res.status} ${await res.text()})`);
    if (i === 99) return cursor;
    await res.arrayBuffer();
    res = await next(cursor)();
  }
  throw new Error('unreachable');
}
