/**
 * Files as knowledge (api/src/modules/knowledge), two measures:
 *
 * 1. Indexing: a 100-page PDF with a text layer (about 3,000 characters a page, drawn by pdf-lib)
 *    uploaded through POST /api/files and read by a worker (started here, on the same database and
 *    storage, as `npm run worker` runs one), timed from the upload's 201 to `ready` in GET /api/files
 *    (polled every 25 ms): queueing, reading the text layer, splitting, writing the passages.
 *    Target: <= 30 s.
 * 2. Retrieval: one user with 20,000 passages in 20 files (seeded with one INSERT … SELECT over
 *    generate_series, text from the search bench's skewed made-up vocabulary), then 200 questions
 *    of 3 to 6 words ranked over all 20 files by Retriever.rank (core/retrieve.ts, full-text: the
 *    embedded PostgreSQL has no pgvector and the bench no embeddings endpoint), timed around the
 *    call. Target: p50 <= 30 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { entities } from '../../api/src/modules/entities.ts';
import { Retriever } from '../../api/src/modules/knowledge/core/retrieve.ts';
import { initORM } from '../../api/src/platform/db.ts';
import { startWorker } from '../../worker/src/worker.ts';
import { percentile, signUp, startStack } from './harness.ts';
import { vocabulary } from './search.ts';

const PAGES = 100;
const FILES = 20;
const PASSAGES_PER_FILE = Number(process.env.BENCH_KNOWLEDGE_PASSAGES ?? 20_000) / FILES;
const QUESTIONS = 200;

/** A PDF of `pages` pages of made-up prose, 40 lines of about 75 characters each. */
async function bigPdf(words: string[], pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let w = 0;
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      let text = '';
      while (text.length < 75) text += `${words[(w++ * 7919) % words.length]} `;
      page.drawText(line % 10 === 9 ? `${text.trim()}.` : text.trim(), {
        x: 40,
        y: 800 - line * 19,
        size: 9,
        font,
      });
    }
  }
  return Buffer.from(await pdf.save());
}

export async function benchKnowledge(): Promise<void> {
  const words = vocabulary(3_000);
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'chorus-bench-files-'));
  const stack = await startStack({ STORAGE_DIR: storageDir });
  try {
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
    const { cookie, userId } = await signUp(stack.api.url, 'knowledge');

    // 1. Indexing, in a worker.
    const worker = await startWorker(
      { DATABASE_URL: stack.databaseUrl, STORAGE_DIR: storageDir, WORKER_CONCURRENCY: 1 },
      { ...process.env, EMBEDDINGS_BASE_URL: '', EMBEDDINGS_API_KEY: '', LOG_LEVEL: 'warn' },
    );
    const pdf = await bigPdf(words, PAGES);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'big.pdf');
    const uploaded = await fetch(`${stack.api.url}/api/files`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { id: fileId } = (await uploaded.json()) as { id: string };
    const started = performance.now();
    let knowledge: { status: string; passages: number; error: string | null } | undefined;
    while (performance.now() - started < 120_000) {
      const files = (await (await fetch(`${stack.api.url}/api/files`, { headers: { cookie } })).json()) as {
        id: string;
        knowledge: typeof knowledge;
      }[];
      knowledge = files.find((f) => f.id === fileId)?.knowledge;
      if (knowledge?.status === 'ready' || knowledge?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const indexMs = performance.now() - started;
    await worker.stop();
    if (knowledge?.status !== 'ready') throw new Error(`indexing ended ${JSON.stringify(knowledge)}`);

    // 2. Retrieval over 20,000 passages.
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    db.on('error', () => {});
    const seeded = performance.now();
    const word = `($2::text[])[1 + floor(array_length($2::text[], 1) * random() ^ 2)::int]`;
    const files = await db.query<{ id: string }>(
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
       select gen_random_uuid(), $1, 'notes ' || s || '.txt', 'text/plain', 1, 'bench/' || gen_random_uuid(), 'upload'
         from generate_series(1, $2) s returning id`,
      [userId, FILES],
    );
    const fileIds = files.rows.map((r) => r.id);
    await db.query(
      `insert into knowledge_files (file_id, user_id, status, passages)
       select unnest($2::uuid[]), $1, 'ready', $3`,
      [userId, fileIds, PASSAGES_PER_FILE],
    );
    await db.query(
      `insert into knowledge_passages (user_id, file_id, n, page, text)
       select $1, f, n, null, (select string_agg(${word}, ' ') from generate_series(1, 120 + (n % 60)) where n > 0)
         from unnest($3::uuid[]) f, generate_series(1, $4) n`,
      [userId, words, fileIds, PASSAGES_PER_FILE],
    );
    await db.query('vacuum analyze knowledge_passages, knowledge_files, files');
    const { rows } = await db.query<{ n: string }>(
      'select count(*) as n from knowledge_passages where user_id = $1',
      [userId],
    );
    await db.end();
    const seedSeconds = (performance.now() - seeded) / 1000;

    const orm = await initORM(stack.databaseUrl, { entities }, { pool: { min: 1, max: 2 } });
    const retriever = new Retriever(null);
    const questions = Array.from({ length: QUESTIONS }, (_, i) =>
      Array.from({ length: 3 + (i % 4) }, (_, j) => words[(i * 31 + j * 17) % (j === 0 ? 40 : 3_000)]!).join(
        ' ',
      ),
    );
    const ask = (q: string) => retriever.rank(orm.em.fork(), userId, fileIds, q);
    for (const q of questions.slice(0, 10)) await ask(q); // warm up
    const loadBefore = os.loadavg()[0]!;
    const times: number[] = [];
    let found = 0;
    for (const q of questions) {
      const start = performance.now();
      found += (await ask(q)).length > 0 ? 1 : 0;
      times.push(performance.now() - start);
    }
    const loadAfter = os.loadavg()[0]!;
    await orm.close();

    console.log(
      `\nKnowledge benchmark: a ${PAGES}-page PDF (${(pdf.length / 1024).toFixed(0)} KB) indexed by a worker; ${rows[0]!.n} passages of one user in ${FILES} files (seeded in ${seedSeconds.toFixed(1)} s), ${QUESTIONS} questions\n`,
    );
    const p50 = percentile(times, 50);
    console.log('| measure | value | target |');
    console.log('|---|---|---|');
    console.log(
      `| index a ${PAGES}-page PDF (upload to ready) | ${(indexMs / 1000).toFixed(2)} s, ${knowledge.passages} passages | <= 30 s |`,
    );
    console.log(`| retrieval p50 (20 files, full-text) | ${p50.toFixed(1)} ms | <= 30 ms |`);
    console.log(`| retrieval p95 | ${percentile(times, 95).toFixed(1)} ms | |`);
    console.log(`| questions with passages | ${found}/${QUESTIONS} | |`);
    console.log(
      `| load average (1 min) before / after | ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} | |`,
    );
    const met = indexMs <= 30_000 && p50 <= 30;
    console.log(met ? '\nTargets met' : '\nBelow target');
    if (!met) process.exitCode = 1;
  } finally {
    await stack.stop();
    await rm(storageDir, { recursive: true, force: true });
  }
}
