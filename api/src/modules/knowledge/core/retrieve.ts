import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import { isUuid } from '../../../platform/validation.ts';
import type { Embedder } from './embeddings.ts';
import { fuseRanks, withinChars } from './fuse.ts';
import type { KnowledgeStatus } from './KnowledgeFile.ts';
import { readableKind } from './read.ts';
import { fileSourceUrl, type Source } from './sources.ts';

/** A file attached to a question, as retrieval sees it. */
export interface AskedFile {
  id: string;
  name: string;
  status: KnowledgeStatus;
}

/** A passage found for a question. */
export interface FoundPassage {
  id: string;
  fileId: string;
  title: string;
  n: number;
  page: number | null;
  text: string;
}

/** What an answer is grounded in: its numbered sources, and the attached files not read yet. */
export interface Grounding {
  sources: Source[];
  /** Names of attached files still being read (their passages can't be asked yet). */
  unread: string[];
  /** Whether the web was searched for it (chat/core/webGrounding.ts): its results are among `sources`. */
  web?: 'searched' | 'failed';
}

/**
 * Ids as a PostgreSQL array literal for `?::uuid[]` (a bare array would be spread into a list of
 * parameters); only uuids, checked, ever reach it.
 */
export const pgArray = (ids: string[]) => `{${ids.join(',')}}`;

/** Candidates each ranking brings to the fusion. */
const CANDIDATES = 50;
/** The passages one question gets at most, and about how much of the prompt they take. */
export const MAX_SOURCES = 8;
export const SOURCES_BUDGET_CHARS = 6000;
/** A question's embedding waits this long before ranking goes on by words alone. */
const QUERY_EMBED_TIMEOUT_MS = 3000;

/**
 * The user's own files of My Files among `fileIds`, checked before anything is asked: any other
 * (someone else's, deleted, malformed) is "File not found" (404, as for every owned row), and one
 * Chorus can't read (its type, or its reading failed) a 400 saying why.
 */
export async function askableFiles(
  em: EntityManager,
  userId: string,
  fileIds: string[],
): Promise<AskedFile[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) throw notFound(msg('File not found'));
  const rows = await em.execute<
    { id: string; name: string; content_type: string; status: KnowledgeStatus | null; error: string | null }[]
  >(
    `select f.id, f.name, f.content_type, k.status, k.error from files f
       left join knowledge_files k on k.file_id = f.id
      where f.id = any(?::uuid[]) and f.user_id = ? and f.purpose in ('upload', 'video_frame')`,
    [pgArray(ids), userId],
  );
  if (rows.length !== ids.length) throw notFound(msg('File not found'));
  return rows.map((r) => {
    if (!readableKind(r.content_type, r.name))
      throw textError(
        'BAD_USER_INPUT',
        msg(
          "{name}: Chorus can't read this type of file yet ({type}): text, Markdown, HTML, CSV, JSON, PDF and Word (DOCX) files can be asked about",
        ),
        { name: r.name, type: r.content_type },
      );
    if (r.status === 'failed')
      throw textError(
        'BAD_USER_INPUT',
        r.error
          ? msg("{name} can't be asked about: {reason}")
          : msg("{name} can't be asked about: it could not be read"),
        { name: r.name, reason: r.error },
      );
    return { id: r.id, name: r.name, status: r.status ?? 'pending' };
  });
}

/**
 * Those of `fileIds` that can still be asked about (the user's, not deleted, readable): what an edited
 * prompt or a regenerated answer asks again, where a file gone since is left out rather than refused.
 */
export async function askableAmong(
  em: EntityManager,
  userId: string,
  fileIds: string[],
): Promise<AskedFile[]> {
  const ids = [...new Set(fileIds)].filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await em.execute<{ id: string }[]>(
    `select f.id from files f left join knowledge_files k on k.file_id = f.id
      where f.id = any(?::uuid[]) and f.user_id = ? and f.purpose in ('upload', 'video_frame')
        and k.status is distinct from 'failed'`,
    [pgArray(ids), userId],
  );
  if (rows.length === 0) return [];
  return askableFiles(
    em,
    userId,
    rows.map((r) => r.id),
  ).catch(() => []);
}

/** The most distinct words of a question that ranking looks at (the longest: the most telling). */
const MAX_WORDS = 8;
/** Under this many passages found sharing k words with the question, those sharing k - 1 are ranked too. */
const ENOUGH_STRICT = 20;
/** Passages ranked at most for one number of shared words: a common word can match most of a library. */
const TIER_CAP = 2000;

/** A lexeme as a tsquery operand (quoted; a quote inside doubled). */
const operand = (w: string) => `'${w.replace(/'/g, "''")}'`;

/** Every choice of `k` of the items, in order. */
function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((item, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [item, ...rest]));
}

/**
 * The tsqueries a question is ranked with, from its stemmed words (english configuration, stop words
 * dropped), most demanding first: passages with any three of them, any two, any one.
 */
export function wordQueries(lexemes: string[]): string[] {
  const words = lexemes.slice(0, MAX_WORDS).map(operand);
  const tiers: string[] = [];
  for (let k = Math.min(3, words.length); k >= 1; k--)
    tiers.push(
      combinations(words, k)
        .map((c) => (c.length > 1 ? `(${c.join(' & ')})` : c[0]!))
        .join(' | '),
    );
  return tiers;
}

/**
 * Finds the passages of the asker's files that answer a question: hybrid ranking, full-text
 * (ts_rank over the GIN-indexed tsvector) fused with vector similarity when an embedder is set
 * (reciprocal rank fusion, fuse.ts). Vectors are unit real[]: with pgvector installed the
 * similarity is its `<=>` over a cast, without it a dot product in SQL, both over the asked files'
 * passages only. Every query is scoped to the user and the files, so nothing else is ever read.
 */
export class Retriever {
  private vectorExtension: Promise<boolean> | undefined;

  constructor(readonly embedder: Embedder | null) {}

  /**
   * Whether PostgreSQL has pgvector, read once a process: what ranking uses of it, a `vector` type
   * this connection sees with its `<=>` (cosine distance) operator, whatever schema it was created in.
   */
  hasPgvector(em: EntityManager): Promise<boolean> {
    this.vectorExtension ??= em
      .execute<{ on: boolean }[]>(
        `select exists(select 1 from pg_operator where oprname = '<=>' and oprleft = to_regtype('vector')) as on`,
      )
      .then(([row]) => !!row?.on)
      .catch(() => false);
    return this.vectorExtension;
  }

  /** The best passages for `question` among the files, best first (at most `limit`). */
  async rank(
    em: EntityManager,
    userId: string,
    fileIds: string[],
    question: string,
    limit = MAX_SOURCES * 2,
  ): Promise<FoundPassage[]> {
    const scope = 'p.user_id = ? and p.file_id = any(?::uuid[])';
    const columns = 'p.id::text as id, p.file_id as "fileId", f.name as title, p.n, p.page, p.text';
    const byMeaning = this.byMeaning(em, userId, fileIds, question, columns, scope);
    const byWords = this.byWords(em, userId, fileIds, question, columns, scope);
    const [words, meaning] = await Promise.all([byWords, byMeaning]);
    const byId = new Map([...words, ...meaning].map((p) => [p.id, p]));
    const fused = fuseRanks([words.map((p) => p.id), meaning.map((p) => p.id)]);
    if (fused.length > 0) return fused.slice(0, limit).map((id) => byId.get(id)!);
    // Nothing matched ("summarise this"): the start of each file, in reading order.
    return em.execute<FoundPassage[]>(
      `select ${columns} from knowledge_passages p join files f on f.id = p.file_id
        where ${scope} and p.n <= 3 order by p.n, f.name limit ?`,
      [userId, pgArray(fileIds), Math.min(limit, MAX_SOURCES)],
    );
  }

  /**
   * Full-text ranking (ts_rank over the GIN-indexed tsvector). A question's words matched one by one
   * (OR) can hit most passages of a large library through one common word, and ranking them all was
   * 66 ms at 20,000 passages (`npm run bench knowledge`), so passages sharing three of its words are
   * ranked first, then those sharing two, then one, each only while too few were found, at most
   * TIER_CAP of each.
   */
  private async byWords(
    em: EntityManager,
    userId: string,
    fileIds: string[],
    question: string,
    columns: string,
    scope: string,
  ): Promise<FoundPassage[]> {
    const [row] = await em.execute<{ lexemes: string[] }[]>(
      `select array(select w from unnest(tsvector_to_array(to_tsvector('english', ?))) w
                     order by length(w) desc, w limit ?) as lexemes`,
      [question, MAX_WORDS],
    );
    const ranked = (query: string) =>
      em.execute<FoundPassage[]>(
        `select c.id, c."fileId", c.title, c.n, c.page, c.text from (
           select ${columns}, p.tsv from knowledge_passages p join files f on f.id = p.file_id
            where ${scope} and p.tsv @@ ?::tsquery limit ?) c
          order by ts_rank(c.tsv, ?::tsquery, 1) desc, c.n limit ?`,
        [userId, pgArray(fileIds), query, TIER_CAP, query, CANDIDATES],
      );
    const found: FoundPassage[] = [];
    const seen = new Set<string>();
    for (const query of wordQueries(row?.lexemes ?? [])) {
      for (const p of await ranked(query)) {
        if (seen.has(p.id)) continue;
        seen.add(p.id);
        found.push(p);
      }
      if (found.length >= ENOUGH_STRICT) break;
    }
    return found.slice(0, CANDIDATES);
  }

  private async byMeaning(
    em: EntityManager,
    userId: string,
    fileIds: string[],
    question: string,
    columns: string,
    scope: string,
  ): Promise<FoundPassage[]> {
    if (!this.embedder) return [];
    let vector: number[] | undefined;
    try {
      [vector] = await this.embedder.embed([question], { timeoutMs: QUERY_EMBED_TIMEOUT_MS });
    } catch (err) {
      logger.warn({ err }, 'the question could not be embedded; ranking by words only');
      return [];
    }
    if (!vector) return [];
    const literal = `{${vector.join(',')}}`;
    const similarity = (await this.hasPgvector(em))
      ? '1 - (p.embedding::vector <=> ?::real[]::vector)'
      : '(select sum(a * b) from unnest(p.embedding, ?::real[]) as v(a, b))';
    return em.execute<FoundPassage[]>(
      `select ${columns} from knowledge_passages p join files f on f.id = p.file_id
         join knowledge_files k on k.file_id = p.file_id and k.embedding_model = ?
        where ${scope} and p.embedding is not null
        order by ${similarity} desc nulls last limit ?`,
      [this.embedder.model, userId, pgArray(fileIds), literal, CANDIDATES],
    );
  }

  /**
   * What an answer about these files is grounded in: the best passages within the prompt's budget
   * for sources (SOURCES_BUDGET_CHARS, at most MAX_SOURCES), numbered [1], [2]... in rank order.
   */
  async ground(em: EntityManager, userId: string, files: AskedFile[], question: string): Promise<Grounding> {
    const found = await this.rank(
      em,
      userId,
      files.map((f) => f.id),
      question,
    );
    const kept = withinChars(found, (p) => p.text.length, SOURCES_BUDGET_CHARS, MAX_SOURCES);
    return {
      sources: kept.map((p, i) => ({
        n: i + 1,
        kind: 'file',
        title: p.title,
        url: fileSourceUrl(p.fileId, p.page),
        fileId: p.fileId,
        page: p.page,
        snippet: p.text,
      })),
      unread: files.filter((f) => f.status !== 'ready').map((f) => f.name),
    };
  }
}
