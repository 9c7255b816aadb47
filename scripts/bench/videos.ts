/**
 * `npm run bench videos`: the video pipeline and the community gallery.
 *
 * - Enqueue-to-start latency: from the moment POST /api/videos/generate answers to the moment the
 *   worker process announces the job in_progress (heard over LISTEN, as the api hears it), for jobs
 *   sent one at a time. Renders go to an in-process fake Videos service that finishes at once, so
 *   the figure is the queue, not the rendering. Baseline in the same run: a bare NOTIFY round trip.
 * - Local render time of a 4 s 1280x720 preview video (the ffmpeg renderer), median of 3.
 * - GET /api/public/videos with 5,000 public posts: requests/s and p99, against GET /livez.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { LocalRenderer } from '../../api/src/modules/video/providers/local.ts';
import { startFakeVideos } from '../../tests/support/fakeVideos.ts';
import { startWorkerProcess } from '../lib/api-process.ts';
import { median, percentile, signUp, startStack } from './harness.ts';

const JOBS = Number(process.env.BENCH_VIDEO_JOBS ?? 40);
const POSTS = Number(process.env.BENCH_POSTS ?? 5000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

export async function benchVideos(): Promise<void> {
  const fake = await startFakeVideos();
  const storage = await mkdtemp(path.join(os.tmpdir(), 'chorus-bench-media-'));
  const env = { VIDEO_API_BASE_URL: fake.baseURL, VIDEO_POLL_MS: '20', STORAGE_DIR: storage };
  const stack = await startStack(env);
  const worker = await startWorkerProcess({ DATABASE_URL: stack.databaseUrl, ...env });
  const listener = new pg.Client({ connectionString: stack.databaseUrl });
  await listener.connect();
  try {
    const { cookie, userId } = await signUp(stack.api.url);
    const admin = new pg.Client({ connectionString: stack.databaseUrl });
    await admin.connect();
    await admin.query(
      `insert into subscriptions (id, user_id, plan_type, status, current_period_end)
       values (gen_random_uuid(), $1, 'max', 'active', now() + interval '30 days')`,
      [userId],
    );

    // Baseline: NOTIFY from one connection heard on another.
    const notifyMs: number[] = [];
    await listener.query('listen bench_ping');
    for (let i = 0; i < JOBS; i++) {
      const heard = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
      const t0 = performance.now();
      await admin.query(`select pg_notify('bench_ping', 'x')`);
      await heard;
      notifyMs.push(performance.now() - t0);
    }
    await listener.query('unlisten bench_ping');

    // Wait until the worker is up (its first job is the warm-up).
    const latencies: number[] = [];
    for (let i = -3; i < JOBS; i++) {
      const res = await fetch(`${stack.api.url}/api/videos/generate`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `bench video ${i} [step=100]` }),
      });
      const job = (await res.json()) as { id: string };
      const channel = `video_job_${job.id.replace(/-/g, '')}`;
      const started = new Promise<number>((resolve) => {
        const onNote = (msg: pg.Notification) => {
          if (msg.channel === channel && msg.payload?.includes('"status":"in_progress"')) {
            listener.off('notification', onNote);
            resolve(performance.now());
          }
        };
        listener.on('notification', onNote);
      });
      // The job may start before LISTEN is in place: then it is read from the row instead.
      const t0 = performance.now();
      await listener.query(`listen ${channel}`);
      const row = await admin.query('select status from video_jobs where id = $1', [job.id]);
      const at = row.rows[0].status === 'queued' ? await withTimeout(started, 30_000) : Number.NaN;
      await listener.query(`unlisten ${channel}`);
      if (i >= 0 && Number.isFinite(at)) latencies.push(at - t0);
      await waitFor(admin, job.id);
    }

    // Local render time.
    const renderer = new LocalRenderer();
    const renderMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await renderer.render(
        {
          jobId: `bench-${i}`,
          prompt: 'a cat surfing a wave at sunset',
          seconds: '4',
          size: '1280x720',
          remoteId: null,
        },
        path.join(storage, `render-${i}.mp4`),
        { onProgress: () => {}, onRemoteId: () => {} },
      );
      renderMs.push(performance.now() - t0);
    }

    // 5,000 public posts.
    await admin.query(
      `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, thumbnail_url, is_public, created_at)
       select gen_random_uuid(), $1, 'bench-' || i, 'Bench video ' || i || '...', 'a prompt about thing ' || i,
              array['tag' || (i % 25), 'bench'], '4', '1280x720', '/media/x.mp4', '/media/x.jpg', true,
              now() - (i || ' seconds')::interval
         from generate_series(1, $2::int) as i`,
      [userId, POSTS],
    );
    await admin.query('analyze posts');
    await admin.end();
    const targets = {
      'GET /livez (baseline)': `${stack.api.url}/livez`,
      'GET /api/public/videos': `${stack.api.url}/api/public/videos`,
      'GET /api/public/videos?search=thing 42': `${stack.api.url}/api/public/videos?search=thing%2042`,
    };
    for (const url of Object.values(targets)) await autocannon({ url, connections, duration: 2 });
    const rows: string[] = [];
    for (const [name, url] of Object.entries(targets)) {
      const r = await autocannon({ url, connections, duration: seconds });
      rows.push(
        `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50.toFixed(1)} | ${r.latency.p99.toFixed(1)} | ${r.errors + r.non2xx} |`,
      );
    }

    console.log(
      `\nVideo benchmark (${JOBS} jobs one at a time; ${POSTS} public posts; ${connections} connections)\n`,
    );
    console.log('| measure | p50 ms | p99 ms | target |');
    console.log('|---|---|---|---|');
    console.log(
      `| NOTIFY round trip (baseline) | ${fmt(median(notifyMs))} | ${fmt(percentile(notifyMs, 99))} | |`,
    );
    console.log(
      `| enqueue → worker starts the job (${latencies.length} jobs) | ${fmt(median(latencies))} | ${fmt(percentile(latencies, 99))} | p50 ≤ 50 |`,
    );
    console.log(
      `| local render, 4 s 1280x720 (3 runs) | ${fmt(median(renderMs))} | ${fmt(Math.max(...renderMs))} (max) | ≤ 15000 |`,
    );
    console.log('\n| route | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await listener.end();
    await worker.stop();
    await stack.stop();
    await fake.close();
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out waiting for the worker')), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(db: pg.Client, jobId: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const row = await db.query('select status from video_jobs where id = $1', [jobId]);
    if (row.rows[0].status === 'completed' || row.rows[0].status === 'failed') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${jobId} did not finish`);
}
