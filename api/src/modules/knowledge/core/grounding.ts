import type { Grounding } from './retrieve.ts';

/** Passages quoted in an offline answer, and how much of each. */
const OFFLINE_QUOTES = 3;
const QUOTE_CHARS = 400;

const where = (s: { title: string; page: number | null }) =>
  s.page ? `${s.title}, page ${s.page}` : s.title;

/** What a grounding's sources are drawn from, in words: "your files", "the web" or both. */
function drawnFrom(g: Grounding): { files: boolean; web: boolean } {
  return {
    files:
      g.sources.some((s) => s.kind === 'file') || g.unread.length > 0 || (!g.web && g.sources.length === 0),
    web: g.web !== undefined,
  };
}

/**
 * The system text that hands the model the passages it may answer from (of the user's files, and
 * web results when the web was searched: chat/core/webGrounding.ts), each under its number, and
 * asks it to cite them as [1], [2]...
 */
export function groundingPrompt(g: Grounding): string {
  const from = drawnFrom(g);
  const what =
    from.files && from.web
      ? 'Passages of files the user attached from My Files and results of a web search for their message are below.'
      : from.web
        ? "Results of a web search for the user's message are below."
        : 'The user attached files from My Files; passages of them are below.';
  const lines = [
    `${what} Answer from them where they are relevant,`,
    'citing each one you use with its number in square brackets, like [1] or [2][3], right after the claim it supports.',
    'If they do not contain the answer, say so plainly, then answer from general knowledge if you can, without citing.',
  ];
  if (g.web === 'failed')
    lines.push('The web search failed this time: say that you could not search the web.');
  if (g.unread.length) lines.push(`Still being read, so not searched yet: ${g.unread.join(', ')}.`);
  if (g.sources.length === 0)
    lines.push(from.web ? 'Nothing was found.' : 'No passage of the attached files matched this question.');
  for (const s of g.sources)
    lines.push('', `[${s.n}] ${where(s)}${s.kind === 'web' && s.url ? ` (${s.url})` : ''}:`, s.snippet);
  return lines.join('\n');
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/\p{L}{4,}|\p{N}+/gu) ?? []);

/**
 * About `max` characters of a passage, cut at words, starting at the sentence that shares the most
 * words with the question (its start when none does), with ellipses where it was cut.
 */
export function quote(text: string, question = '', max = QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const asked = wordsOf(question);
  const sentences = flat.match(/[^.!?]+[.!?]*\s*/g) ?? [flat];
  let best = 0;
  let bestScore = 0;
  let offset = 0;
  for (const sentence of sentences) {
    const score = [...wordsOf(sentence)].filter((w) => asked.has(w)).length;
    if (score > bestScore) {
      bestScore = score;
      best = offset;
    }
    offset += sentence.length;
  }
  // The best sentence, with what follows it; moved back when it is near the end, so the quote stays full.
  const start = Math.max(0, Math.min(best, flat.length - max));
  const cut = flat.slice(start, start + max);
  const end = start + max >= flat.length ? cut.length : Math.max(cut.lastIndexOf(' '), max / 2);
  return `${start > 0 ? '…' : ''}${cut.slice(0, end).trim()}${start + end < flat.length ? '…' : ''}`;
}

/**
 * What an assistant with no key answers about files: the best passages quoted with their [n], so
 * asking one's files is useful without any key (chat/providers/offline.ts is the answer otherwise).
 */
export function offlineGroundedAnswer(assistantName: string, g: Grounding, question = ''): string {
  const from = drawnFrom(g);
  const say =
    from.files && from.web ? 'your files and the web say' : from.web ? 'the web says' : 'your files say';
  const head = `**Offline:** add an API key for ${assistantName} to get real answers. Here is what ${say}:`;
  const lines = [head, ''];
  if (g.web === 'failed') lines.push('The web search failed this time.', '');
  if (g.sources.length === 0)
    lines.push(
      g.unread.length
        ? `Your files are still being read (${g.unread.join(', ')}): ask again in a moment.`
        : from.web && !from.files
          ? 'Nothing was found.'
          : 'No passage of the attached files matches this question.',
    );
  for (const s of g.sources.slice(0, OFFLINE_QUOTES))
    lines.push(`> ${quote(s.snippet, question)} [${s.n}]`, '', `— ${where(s)}`, '');
  if (g.sources.length > OFFLINE_QUOTES)
    lines.push(
      `More in ${g.sources
        .slice(OFFLINE_QUOTES)
        .map((s) => `[${s.n}]`)
        .join(' ')}.`,
    );
  return lines.join('\n').trim();
}
