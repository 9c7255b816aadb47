import type { EntityManager } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { Embedder } from './embeddings.ts';
import { readableKind, readText, Unreadable, unsupportedReason } from './read.ts';
import { splitPassages } from './split.ts';

/** Files past this size are not read (a 50 MB PDF is thousands of pages); they stay downloadable. */
export const MAX_READ_BYTES = 50 * 1024 * 1024;
/** The most passages one file keeps (about 10 MB of text): what comes after is left out. */
export const MAX_PASSAGES = 10_000;
/** Passages written per INSERT. */
const INSERT_BATCH = 500;
/** How often, at most, a file's progress is written while it is read (My Files polls every 2 s). */
const PROGRESS_EVERY_MS = 500;

/**
 * Writes how far a file's reading got, as a percentage, at most every PROGRESS_EVERY_MS: reading
 * its pages is the first 70 (all of it for a file read at once), embedding its passages the next 25.
 */
function progressReporter(em: EntityManager, fileId: string) {
  let last = 0;
  let shown = 0;
  return (percent: number) => {
    const now = performance.now();
    const value = Math.min(99, Math.floor(percent));
    if (value <= shown || now - last < PROGRESS_EVERY_MS) return;
    last = now;
    shown = value;
    // Not awaited: progress is a courtesy, never what holds up or fails the reading.
    em.execute(`update knowledge_files set progress = ? where file_id = ? and status = 'indexing'`, [
      value,
      fileId,
    ]).catch((err: unknown) => logger.warn({ err, fileId }, 'progress not written'));
  };
}

interface FileRow {
  id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
}

export interface IndexDeps {
  em: EntityManager;
  storage: Pick<Storage, 'read'>;
  embedder: Embedder | null;
}

export interface IndexOutcome {
  status: 'ready' | 'failed' | 'gone';
  passages: number;
  error?: string;
  ms: number;
}

/**
 * Reads one file into passages (the `index_file` job): its text (read.ts), split (split.ts),
 * embedded when an embedder is set (a failure there keeps the passages, ranked by words alone),
 * then swapped in for the file's old passages in one transaction. A file that can't be read ends
 * `failed` with its reason; it stays a file like any other (downloadable, deletable).
 */
export async function indexFile(deps: IndexDeps, fileId: string): Promise<IndexOutcome> {
  const started = performance.now();
  const { em } = deps;
  const [file] = await em.execute<FileRow[]>(
    'select id, user_id, name, content_type, size::float8 as size, storage_key from files where id = ?',
    [fileId],
  );
  const took = () => Math.round(performance.now() - started);
  if (!file) return { status: 'gone', passages: 0, ms: took() };
  await em.execute(
    `insert into knowledge_files (file_id, user_id, status, progress) values (?, ?, 'indexing', 0)
     on conflict (file_id) do update set status = 'indexing', error = null, progress = 0, updated_at = now()`,
    [file.id, file.user_id],
  );
  const fail = async (error: string): Promise<IndexOutcome> => {
    await em.execute(
      `update knowledge_files set status = 'failed', error = ?, passages = 0, progress = null, embedding_model = null, updated_at = now()
        where file_id = ?`,
      [error, file.id],
    );
    await em.execute('delete from knowledge_passages where file_id = ?', [file.id]);
    return { status: 'failed', passages: 0, error, ms: took() };
  };

  if (!readableKind(file.content_type, file.name)) return fail(unsupportedReason(file.content_type));
  if (Number(file.size) > MAX_READ_BYTES)
    return fail('This file is too large to read (over 50 MB); split it into smaller files');
  let bytes: Buffer;
  try {
    bytes = await deps.storage.read(file.storage_key);
  } catch (err) {
    logger.warn({ err, fileId }, 'a file to index could not be read from storage');
    return fail('The stored file could not be read');
  }
  const kind = readableKind(file.content_type, file.name, bytes.subarray(0, 512).toString('utf8'));
  const progress = progressReporter(em.fork(), file.id);
  let passages: ReturnType<typeof splitPassages>;
  try {
    const pages = await readText(kind!, bytes, (done, total) => progress((70 * done) / total));
    passages = splitPassages(pages, MAX_PASSAGES);
  } catch (err) {
    if (err instanceof Unreadable) return fail(err.message);
    logger.warn({ err, fileId }, 'a file could not be read into passages');
    return fail('This file could not be read: it may be damaged');
  }
  if (passages.length === 0) return fail('There is no text in this file');

  let vectors: number[][] | null = null;
  if (deps.embedder) {
    try {
      vectors = await deps.embedder.embed(
        passages.map((p) => p.text),
        { onProgress: (done, total) => progress(70 + (25 * done) / total) },
      );
    } catch (err) {
      // Ranked by words alone until it is reindexed: better than a file that can't be asked.
      logger.warn({ err, fileId }, 'passages could not be embedded; full-text ranking only');
    }
  }

  try {
    await em.transactional(async (tem) => {
      await tem.execute('delete from knowledge_passages where file_id = ?', [file.id]);
      for (let i = 0; i < passages.length; i += INSERT_BATCH) {
        const rows = passages.slice(i, i + INSERT_BATCH).map((p, j) => ({
          n: p.n,
          page: p.page,
          text: p.text,
          // As PostgreSQL's array literal, cast to real[] below: far cheaper than a JSON array per row.
          embedding: vectors?.[i + j] ? `{${vectors[i + j]!.join(',')}}` : null,
        }));
        await tem.execute(
          `insert into knowledge_passages (user_id, file_id, n, page, text, embedding)
           select ?, ?, r.n, r.page, r.text, r.embedding::real[]
             from jsonb_to_recordset(?::jsonb) as r(n int, page int, text text, embedding text)`,
          [file.user_id, file.id, JSON.stringify(rows)],
        );
      }
      await tem.execute(
        `update knowledge_files set status = 'ready', error = null, progress = null, passages = ?, embedding_model = ?, updated_at = now()
          where file_id = ?`,
        [passages.length, vectors ? deps.embedder!.model : null, file.id],
      );
    });
  } catch (err) {
    // Deleted while it was read: its rows went with it.
    const [still] = await em.execute('select 1 from files where id = ?', [file.id]);
    if (!still) return { status: 'gone', passages: 0, ms: took() };
    throw err;
  }
  return { status: 'ready', passages: passages.length, ms: took() };
}
