import type { Grounding } from './retrieve.ts';

/** Passages quoted in an offline answer, and how much of each. */
const OFFLINE_QUOTES = 3;
const QUOTE_CHARS = 400;

const where = (s: { title: string; page: number | null }) =>
  s.page ? `${s.title}, page ${s.page}` : s.title;

/**
 * The system text that hands the model the passages of the user's files it may answer from, each
 * under its number, and asks it to cite them as [1], [2]...
 */
export function groundingPrompt(g: Grounding): string {
  const lines = [
    'The user attached files from My Files. Answer from the passages of them below where they are relevant,',
    'citing each passage you use with its number in square brackets, like [1] or [2][3], right after the claim it supports.',
    'If the passages do not contain the answer, say so plainly, then answer from general knowledge if you can, without citing.',
  ];
  if (g.unread.length) lines.push(`Still being read, so not searched yet: ${g.unread.join(', ')}.`);
  if (g.sources.length === 0) lines.push('No passage of the attached files matched this question.');
  for (const s of g.sources) lines.push('', `[${s.n}] ${where(s)}:`, s.snippet);
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
  const head = `**Offline:** add an API key for ${assistantName} to get real answers. Here is what your files say:`;
  const lines = [head, ''];
  if (g.sources.length === 0)
    lines.push(
      g.unread.length
        ? `Your files are still being read (${g.unread.join(', ')}): ask again in a moment.`
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
