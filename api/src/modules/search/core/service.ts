import { type SnippetPart, snippetHtml } from '@chorus/shared/searchSnippet';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseInput } from '../../../platform/validation.ts';
import { type SearchInput, searchInput } from './schemas.ts';

/**
 * One hit: a message of one of the caller's chats, a canvas document of one (`documentId`), or
 * (both null) a chat by its title.
 */
export interface SearchResult {
  chatId: string;
  chatTitle: string;
  messageId: string | null;
  documentId: string | null;
  /** HTML-escaped text with `<mark>` around the matches (@chorus/shared/searchSnippet). */
  snippet: string;
  createdAt: Date;
  /**
   * perChat: how many of the chat's messages were found (among the newest RANK_WINDOW matches
   * ranked; 1 for a chat found by its title); otherwise 1.
   */
  matchCount: number;
}

// ts_headline marks matches with two private-use characters (removed from the text first), so
// the text around them can be escaped after; its own StartSel/StopSel would be raw HTML. It also
// drops anything that looks like an HTML tag, and chats are full of code: < and > go in as two
// more private-use characters and come back after.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const LT = '\uE002';
const GT = '\uE003';
const HEADLINE_OPTIONS = `StartSel=${OPEN}, StopSel=${CLOSE}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
const SNIPPET_CHARS = 160;

/**
 * Words for the tsquery: letters and digits only, so none can carry tsquery syntax (& | ! : *
 * quotes). The last is matched as a prefix, since people search while typing.
 */
function tsQueries(query: string): { anyWords: string; allWords: string } | null {
  const words = query
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
  if (words.length === 0) return null;
  const terms = words.map((w, i) => `'${w.toLowerCase()}'${i === words.length - 1 ? ':*' : ''}`);
  return { anyWords: terms.join(' | '), allWords: terms.join(' & ') };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

interface Row {
  message_id: string | null;
  document_id: string | null;
  chat_id: string;
  chat_title: string;
  created_at: Date;
  score: number;
  text: string;
  content: string | null;
  match_count: number;
}

/**
 * How many of the newest matching messages are ranked. A common word is in tens of thousands of a
 * long-time user's messages; reading and ranking all of them costs hundreds of milliseconds, while
 * the newest few hundred are a few milliseconds away on the (user_id, created_at) index. The best
 * of those, by rank, come first: for what people look up in their own chats, recent wins ties.
 */
export const RANK_WINDOW = 200;
/** How many of the user's newest messages are read for part of a word before all of them are. */
export const PART_WINDOW = 4_000;

/**
 * Searches the caller's chats, best first, in one statement (one round trip):
 * 1. messages by full-text search (stemmed words, last word as prefix): the newest RANK_WINDOW
 *    messages with every word, ranked by ts_rank_cd (a shorter message first (1), scaled to 0..1
 *    (32)) and lifted by 1 so they always come first; only when they do not fill the page, the
 *    newest RANK_WINDOW with some of the words, ranked below them;
 * 2. chats whose title contains the text or a word like it (trigram word similarity), unless
 *    a message of that chat was already found;
 * 3. only when neither found anything: messages containing the text inside a word, e.g. "ello" in
 *    "hello", which full-text search cannot find (ilike, answered by the trigram index or by the
 *    newest messages first), newest first.
 * Every part reads only rows whose user_id is the caller's (messages.user_id is the chat owner's,
 * kept by a trigger): nobody else's chats can appear.
 */
export async function searchChats(
  em: EntityManager,
  userId: string,
  input: SearchInput,
): Promise<SearchResult[]> {
  const { query, limit, perChat } = parseInput(searchInput, input);
  const ts = tsQueries(query);
  // perChat: every candidate is kept until they are grouped by chat at the end (a page of chats
  // may need many more messages than rows), and "enough found" counts chats.
  const messageWindow = perChat ? `${2 * RANK_WINDOW}` : ':limit';
  const found = (cte: string) => `(select count(${perChat ? 'distinct chat_id' : '*'}) from ${cte})`;
  const ctes: string[] = [];
  const parts: string[] = [];
  // The tsqueries stay literal arguments of to_tsquery in each WHERE (not a joined CTE), so the
  // planner sees them and picks per query: the GIN index for a rarer word, the newest-first index
  // for a common one.
  // The newest matches are picked by id and date alone, then only those rows are read again whole
  // to be ranked: sorting a thousand matches with their tsvectors cost more than the 200 lookups.
  const ranked = (where: string, lift: number) =>
    `select id, chat_id, created_at, ${lift} + ts_rank_cd(search_vector, to_tsquery('english', :any), 1 | 32) as score
       from messages
      where user_id = :user
        and id in (select id from messages where user_id = :user and ${where}
                    order by created_at desc limit ${RANK_WINDOW})`;
  if (ts) {
    const someWords = ts.allWords !== ts.anyWords;
    ctes.push(`every_word as (${ranked(`search_vector @@ to_tsquery('english', :all)`, 1)})`);
    if (someWords) {
      // Read only when the messages with every word do not fill the page (a one-time filter).
      ctes.push(
        `some_words as (${ranked(
          `search_vector @@ to_tsquery('english', :any) and not search_vector @@ to_tsquery('english', :all)
           and ${found('every_word')} < :limit`,
          0,
        )})`,
      );
    }
    ctes.push(`message_hits as (
       select * from every_word ${someWords ? 'union all select * from some_words' : ''}
        order by score desc, created_at desc limit ${messageWindow})`);
    parts.push(
      'select id as message_id, null::uuid as document_id, chat_id, created_at, score from message_hits',
    );
  }
  // The two ways a title matches are separate lookups, each answered by the (user_id, title)
  // trigram index; joined by OR the planner reads every one of the user's titles instead.
  ctes.push(`title_hits as (
     select c.id as chat_id, c.updated_at as created_at, 1 + word_similarity(:query, c.title) as score
       from chats c
      where c.id in (select id from chats where user_id = :user and :query <% title
                     union all
                     select id from chats where user_id = :user and title ilike :pattern escape '\\')
        ${ts ? 'and c.id not in (select chat_id from message_hits)' : ''}
      order by score desc, c.updated_at desc
      limit :limit)`);
  // Named here too: when the query has no words (only symbols) this is the union's first part,
  // which names its columns.
  parts.push(
    'select null::uuid as message_id, null::uuid as document_id, chat_id, created_at, score from title_hits',
  );
  // Canvas documents (modules/documents) by their title and text, ranked as messages with some of
  // the words are (0..1): under every message with all of them and every title.
  if (ts) {
    ctes.push(`document_hits as (
       select d.id, d.chat_id, d.updated_at as created_at,
              ts_rank_cd(d.search_vector, to_tsquery('english', :any), 1 | 32) as score
         from documents d
        where d.user_id = :user and d.search_vector @@ to_tsquery('english', :any)
        order by score desc, d.updated_at desc
        limit :limit)`);
    parts.push('select null::uuid, id, chat_id, created_at, score from document_hits');
  }
  // Substring only (the trigram index answers ilike); a fuzzy `<%` over whole messages would have
  // to compute word_similarity against every candidate's text, which long chats make slow.
  // Only when nothing whole matched: over many messages it is the costliest of the three. Newest
  // first, so the user's newest PART_WINDOW messages are read first: when they hold a page of
  // matches, that page is the answer; only a rarer text is looked up in all of them (by trigrams).
  if (query.length >= 3) {
    ctes.push(`part_recent as (
       select id, chat_id, created_at
         from (select id, chat_id, created_at, content from messages
                where user_id = :user
                  ${ts ? 'and not exists (select 1 from message_hits) and not exists (select 1 from document_hits)' : ''}
                  and not exists (select 1 from title_hits)
                order by created_at desc limit ${PART_WINDOW}) recent
        where content ilike :pattern escape '\\'
        order by created_at desc
        limit ${perChat ? RANK_WINDOW : ':limit'})`);
    ctes.push(`part_all as (
       select id, chat_id, created_at from messages
        where user_id = :user and content ilike :pattern escape '\\'
          and ${found('part_recent')} < :limit
          ${ts ? 'and not exists (select 1 from message_hits) and not exists (select 1 from document_hits)' : ''}
          and not exists (select 1 from title_hits)
        order by created_at desc
        limit ${perChat ? RANK_WINDOW : ':limit'})`);
    parts.push(
      `select id, null::uuid, chat_id, created_at, -1 from part_recent where ${found('part_recent')} >= :limit`,
      'select id, null::uuid, chat_id, created_at, -1 from part_all',
    );
  }
  // What a message is found by (Migration20261129100000_source_search): its words, then the title
  // and snippet of each source it cites, so a match in a source shows in the snippet too.
  const searched = `m.content || coalesce(E'\\n' || (select string_agg(concat_ws(': ', s->>'title', s->>'snippet'), E'\\n')
                                                     from jsonb_array_elements(m.sources) s), '')`;
  const headline = (text: string) =>
    ts
      ? `ts_headline('english', translate(${text}, :markers, :stand_ins), to_tsquery('english', :any), :options)`
      : text;
  const documentText = `d.title || E'\\n' || d.content`;
  const [sql, params] = positional(
    `with ${ctes.join(',\n')},
     candidates as (${parts.join(' union all ')}),
     hits as (${
       perChat
         ? `select * from (select *, row_number() over (partition by chat_id order by score desc, created_at desc) as nth,
                                  count(*) over (partition by chat_id) as match_count
                             from candidates) g
             where nth = 1`
         : 'select *, 1 as match_count from candidates'
     } order by score desc, created_at desc limit :limit)
     select h.message_id, h.document_id, h.chat_id, c.title as chat_title, h.created_at, h.score, h.match_count::int,
            case when h.document_id is not null then ${headline(documentText)}
                 when h.message_id is null then c.title
                 when h.score >= 0 then ${headline(searched)} else m.content end as text,
            ${ts ? `case when h.document_id is not null then ${documentText} else ${searched} end` : 'null'} as content
       from hits h join chats c on c.id = h.chat_id left join messages m on m.id = h.message_id
       left join documents d on d.id = h.document_id
      order by h.score desc, h.created_at desc`,
    {
      user: userId,
      any: ts?.anyWords,
      all: ts?.allWords,
      query,
      pattern: likePattern(query),
      limit,
      markers: `<>${OPEN}${CLOSE}`,
      stand_ins: LT + GT,
      options: HEADLINE_OPTIONS,
    },
  );
  const rows = await em.execute<Row[]>(sql, params);

  return rows.map((r) => ({
    chatId: r.chat_id,
    chatTitle: r.chat_title,
    messageId: r.message_id,
    documentId: r.document_id,
    snippet:
      (r.message_id || r.document_id) && ts && r.text.includes(OPEN)
        ? headlineSnippet(r.text, r.content ?? '')
        : substringSnippet(r.text, query),
    createdAt: new Date(r.created_at),
    matchCount: r.match_count,
  }));
}

/** `:name` placeholders (not `::type` casts) as `?` with their values in order. */
function positional(sql: string, values: Record<string, unknown>): [string, unknown[]] {
  const params: unknown[] = [];
  const text = sql.replace(/(?<!:):([a-z_]+)\b/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`search: no value for :${name}`);
    params.push(values[name]);
    return '?';
  });
  return [text, params];
}

const FRAGMENT_DELIMITER = ' … ';

/**
 * ts_headline's output: marked words between the private-use markers. Each fragment starts and
 * ends at a word, which drops what is glued to it in the message: `@` of `@claude` at the start,
 * `#` of `#ops`, a closing bracket. Those characters come back from the message itself.
 */
function headlineSnippet(headline: string, content: string): string {
  const parts: SnippetPart[] = [];
  const source = squash(content.replace(/[\uE000\uE001]/gu, ''));
  const text = squash(headline)
    .replaceAll(LT, '<')
    .replaceAll(GT, '>')
    .split(FRAGMENT_DELIMITER)
    .map((fragment) => restoreEdges(fragment, source))
    .join(FRAGMENT_DELIMITER);
  for (const piece of text.split(new RegExp(`(${OPEN}[^${CLOSE}]*${CLOSE})`, 'u'))) {
    if (piece.startsWith(OPEN)) parts.push({ text: piece.slice(1, -1), marked: true });
    else parts.push({ text: piece, marked: false });
  }
  return snippetHtml(parts);
}

/** `fragment` with the characters next to it in `source` up to the nearest whitespace. */
function restoreEdges(fragment: string, source: string): string {
  const plain = fragment.replace(/[\uE000\uE001]/gu, '');
  const at = plain ? source.indexOf(plain) : -1;
  if (at < 0) return fragment;
  let start = at;
  while (start > 0 && !/\s/u.test(source[start - 1]!)) start--;
  let end = at + plain.length;
  while (end < source.length && !/\s/u.test(source[end]!)) end++;
  return source.slice(start, at) + fragment + source.slice(at + plain.length, end);
}

/** A window of the text around the first place it contains the query, which is marked. */
function substringSnippet(text: string, query: string): string {
  const flat = squash(text);
  const at = flat.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return snippetHtml([{ text: clip(flat, 0), marked: false }]);
  const start = Math.max(0, at - Math.floor((SNIPPET_CHARS - query.length) / 2));
  const before = (start > 0 ? '…' : '') + flat.slice(start, at);
  const after = flat.slice(at + query.length, start + SNIPPET_CHARS);
  return snippetHtml([
    { text: before, marked: false },
    { text: flat.slice(at, at + query.length), marked: true },
    { text: after + (start + SNIPPET_CHARS < flat.length ? '…' : ''), marked: false },
  ]);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, start: number) =>
  text.slice(start, start + SNIPPET_CHARS) + (text.length > start + SNIPPET_CHARS ? '…' : '');
