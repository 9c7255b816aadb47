import { type SnippetPart, snippetHtml } from '@chorus/shared/searchSnippet';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseInput } from '../../../platform/validation.ts';
import { type SearchInput, searchInput } from './schemas.ts';

/** One hit: a message of one of the caller's chats, or (messageId null) a chat by its title. */
export interface SearchResult {
  chatId: string;
  chatTitle: string;
  messageId: string | null;
  /** HTML-escaped text with `<mark>` around the matches (@chorus/shared/searchSnippet). */
  snippet: string;
  createdAt: Date;
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
  chat_id: string;
  chat_title: string;
  created_at: Date;
  score: number;
  text: string;
}

/**
 * Searches the caller's chats, best first:
 * 1. messages by full-text search (stemmed words, last word as prefix); a message with every word
 *    ranks above one with some; within each group ts_rank_cd decides, a shorter message first (1)
 *    and scaled to 0..1 (32) so the groups never overlap;
 * 2. chats whose title contains the text or a word like it (trigram word similarity), unless
 *    a message of that chat was already found;
 * 3. only when neither found anything: messages containing the text inside a word, e.g. "ello" in
 *    "hello", which full-text search cannot find (ilike, answered by the trigram index), newest first.
 * Every query joins chats on the caller's id: nobody else's chats can appear.
 */
export async function searchChats(
  em: EntityManager,
  userId: string,
  input: SearchInput,
): Promise<SearchResult[]> {
  const { query, limit } = parseInput(searchInput, input);
  const ts = tsQueries(query);
  const rows: Row[] = [];

  if (ts) {
    rows.push(
      ...(await em.execute<Row[]>(
        `with q as (select to_tsquery('english', ?) as any_words, to_tsquery('english', ?) as all_words),
         hits as (
           select m.id, m.chat_id, m.created_at,
                  ts_rank_cd(m.search_vector, q.any_words, 1 | 32)
                    + case when m.search_vector @@ q.all_words then 1 else 0 end as score
             from messages m join chats c on c.id = m.chat_id, q
            where c.user_id = ? and m.search_vector @@ q.any_words
            order by score desc, m.created_at desc
            limit ?)
         select h.id as message_id, h.chat_id, c.title as chat_title, h.created_at, h.score,
                ts_headline('english', translate(m.content, ?, ?), q.any_words, ?) as text
           from hits h join messages m on m.id = h.id join chats c on c.id = h.chat_id, q
          order by h.score desc, h.created_at desc`,
        [ts.anyWords, ts.allWords, userId, limit, `<>${OPEN}${CLOSE}`, LT + GT, HEADLINE_OPTIONS],
      )),
    );
  }

  const titleRows = await em.execute<Row[]>(
    `select null as message_id, c.id as chat_id, c.title as chat_title, c.updated_at as created_at,
            1 + word_similarity(?, c.title) as score, c.title as text
       from chats c
      where c.user_id = ? and (? <% c.title or c.title ilike ? escape '\\')
      order by score desc, c.updated_at desc
      limit ?`,
    [query, userId, query, likePattern(query), limit],
  );
  const chatsFound = new Set(rows.map((r) => r.chat_id));
  rows.push(...titleRows.filter((r) => !chatsFound.has(r.chat_id)));

  // Substring only (the trigram index answers ilike); a fuzzy `<%` over whole messages would have
  // to compute word_similarity against every candidate's text, which long chats make slow.
  // Only when nothing whole matched: over many messages it is the costliest of the three.
  if (rows.length === 0 && query.length >= 3) {
    rows.push(
      ...(await em.execute<Row[]>(
        `select m.id as message_id, m.chat_id, c.title as chat_title, m.created_at, -1 as score, m.content as text
           from messages m join chats c on c.id = m.chat_id
          where c.user_id = ? and m.content ilike ? escape '\\'
          order by m.created_at desc
          limit ?`,
        [userId, likePattern(query), limit],
      )),
    );
  }

  return rows
    .sort((a, b) => Number(b.score) - Number(a.score) || +new Date(b.created_at) - +new Date(a.created_at))
    .slice(0, limit)
    .map((r) => ({
      chatId: r.chat_id,
      chatTitle: r.chat_title,
      messageId: r.message_id,
      snippet:
        r.message_id && ts && r.text.includes(OPEN)
          ? headlineSnippet(r.text)
          : substringSnippet(r.text, query),
      createdAt: new Date(r.created_at),
    }));
}

/** ts_headline's output: marked words between the private-use markers. */
function headlineSnippet(headline: string): string {
  const parts: SnippetPart[] = [];
  const text = squash(headline).replaceAll(LT, '<').replaceAll(GT, '>');
  for (const piece of text.split(new RegExp(`(${OPEN}[^${CLOSE}]*${CLOSE})`, 'u'))) {
    if (piece.startsWith(OPEN)) parts.push({ text: piece.slice(1, -1), marked: true });
    else parts.push({ text: piece, marked: false });
  }
  return snippetHtml(parts);
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
