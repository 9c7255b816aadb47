/**
 * `npm run bench community`: the community gallery at 100,000 public videos, in each order.
 *
 * 20 creators share 100,000 public posts made over 60 days; about a third have likes (up to 20)
 * and views in the last 10 days, so trending has real scores to order. The worker's cron task
 * (video/tasks/computeTrending.ts) scores them once, timed; then each list is asked one request at a
 * time as a visitor opens the gallery (the first page) and as one scrolls far (page 100 by cursor),
 * beside the api's floor (/livez) in the same run. Target: trending p50 ≤ 20 ms.
 */
import os from 'node:os';
import pg from 'pg';
import { startWorkerProcess } from '../lib/api-process.ts';
import { signUp, startStack } from './harness.ts';
import { row, timeRequests } from './timing.ts';

const POSTS = Number(process.env.BENCH_COMMUNITY_POSTS ?? 100_000);
const CREATORS = 20;

export async function benchCommunity(): Promise<void> {
  const stack = await startStack({}, { discardStdout: true });
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  try {
    const creators: string[] = [];
    for (let i = 0; i < CREATORS; i++) creators.push((await signUp(stack.api.url, 'maker')).userId);
    const t0 = performance.now();
    await admin.query(
      `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public, created_at, updated_at)
       select gen_random_uuid(), ($2::uuid[])[1 + i % $3], 'bench-video-' || i, 'Bench video ' || i,
              'A prompt for bench video ' || i, '{bench}', '8', '1280x720', '/media/none.mp4', true,
              now() - (i::float / $1) * interval '60 days', now()
         from generate_series(1, $1::int) i`,
      [POSTS, creators, CREATORS],
    );
    // Likes: creator k likes about one post in (3 + k), mostly recent ones; views alike, per viewer-day.
    await admin.query(
      `insert into post_likes (post_id, user_id, created_at)
       select p.id, u.id, now() - random() * interval '10 days'
         from posts p cross join unnest($1::uuid[]) with ordinality as u(id, k)
        where abs(hashtext(p.id::text || u.k)) % (3 + u.k::int) = 0 and p.created_at > now() - interval '20 days'`,
      [creators],
    );
    await admin.query(
      `update posts p set likes = l.n from (select post_id, count(*)::int as n from post_likes group by post_id) l
        where l.post_id = p.id`,
    );
    await admin.query(
      `insert into post_views (post_id, viewer, day)
       select p.id, 'visitor-' || v, current_date - (v % 10)
         from posts p cross join generate_series(1, 6) v
        where abs(hashtext(p.id::text)) % 3 = 0 and abs(hashtext(p.id::text || v)) % 2 = 0`,
    );
    await admin.query('analyze');
    const seeded = (performance.now() - t0) / 1000;
    const { rows: counts } = await admin.query<{ likes: number; views: number }>(
      'select (select count(*)::int from post_likes) as likes, (select count(*)::int from post_views) as views',
    );

    // The worker's cron task, asked once by hand: how long scoring every public video takes.
    const worker = await startWorkerProcess({ DATABASE_URL: stack.databaseUrl });
    const asked = new Date();
    const t1 = performance.now();
    await admin.query(`select graphile_worker.add_job('compute_trending', '{}'::json)`);
    for (;;) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from post_trending where computed_at >= $1',
        [asked],
      );
      if ((rows[0]?.n ?? 0) >= POSTS) break;
      if (performance.now() - t1 > 300_000) throw new Error('compute_trending did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const scored = (performance.now() - t1) / 1000;
    await worker.stop();

    const base = stack.api.url;
    const get = (path: string) => () => fetch(`${base}${path}`);
    const deep = async (sort: string) => {
      let cursor: string | null = null;
      for (let i = 0; i < 99; i++) {
        const res: Response = await fetch(
          `${base}/api/public/videos?sort=${sort}&limit=24${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        await res.arrayBuffer();
        cursor = res.headers.get('x-next-cursor');
        if (!cursor) throw new Error(`${sort} ended after ${i + 1} pages`);
      }
      return `/api/public/videos?sort=${sort}&limit=24&cursor=${encodeURIComponent(cursor!)}`;
    };
    const time = (path: string) => timeRequests(get(path), 200, 20);
    const rows = [
      row('trending, first page (24)', await time('/api/public/videos?sort=trending&limit=24'), 'p50 ≤ 20'),
      row('trending, page 100 by cursor', await time(await deep('trending')), 'p50 ≤ 20'),
      row('most liked, first page', await time('/api/public/videos?sort=top&limit=24'), ''),
      row('most liked, page 100', await time(await deep('top')), ''),
      row('newest, first page (cached for visitors)', await time('/api/public/videos?limit=24'), ''),
      row('newest, page 100', await time(await deep('newest')), ''),
      row('GET /livez (baseline)', await time('/livez'), ''),
    ];
    console.log(
      `\nCommunity benchmark: ${POSTS.toLocaleString('en')} public videos, ${counts[0]!.likes.toLocaleString('en')} likes, ${counts[0]!.views.toLocaleString('en')} viewer-days (seeded in ${seeded.toFixed(0)} s); compute_trending scored them in ${scored.toFixed(1)} s.`,
    );
    console.log(
      `One request at a time, 200 runs after 20 warm-up; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.\n`,
    );
    console.log('| request | p50 ms | p99 ms | KB | target |');
    console.log('|---|---|---|---|---|');
    for (const line of rows) console.log(line);
    const { rows: plan } = await admin.query<{ 'QUERY PLAN': string }>(
      `explain analyze select p.id from posts p join post_trending t on t.post_id = p.id
        where p.is_public order by t.score desc, t.created_at desc, t.post_id desc limit 25`,
    );
    console.log(
      `\nTrending's first page, its plan:\n${plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`,
    );
  } finally {
    await admin.end();
    await stack.stop();
  }
}
