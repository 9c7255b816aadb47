/** A stretch of a file's text: a PDF page (numbered from 1), or the whole text of other files (null). */
export interface PageText {
  page: number | null;
  text: string;
}

/** One passage as it is stored (knowledge_passages): its order in the file, its page, its text. */
export interface PassageDraft {
  n: number;
  page: number | null;
  text: string;
}

/**
 * About this many characters a passage: a paragraph or two, small enough that the best few fit a
 * prompt beside the chat (the ranking looks at passages, not files) and large enough to make sense
 * quoted alone.
 */
export const PASSAGE_CHARS = 1000;
/** A passage is never longer than this: a paragraph with no break is cut at a sentence or a space. */
const HARD_MAX = 1500;
/** Tails shorter than this join the passage before them rather than stand alone. */
const MIN_CHARS = 200;

/** Text as it can be stored and ranked: no NULs (PostgreSQL text refuses them), no runs of blanks. */
export function cleanText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A block longer than HARD_MAX cut at sentence ends, else at spaces, else anywhere. */
function cutLong(block: string): string[] {
  const pieces: string[] = [];
  let rest = block;
  while (rest.length > HARD_MAX) {
    const window = rest.slice(0, HARD_MAX);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const space = window.lastIndexOf(' ');
    const at = sentence > PASSAGE_CHARS / 2 ? sentence + 1 : space > PASSAGE_CHARS / 2 ? space : HARD_MAX;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * Splits a file's text into passages of about PASSAGE_CHARS, along paragraphs (then lines, then
 * sentences), never across pages, so each passage names the one page it comes from. Numbered from 1
 * in reading order. At most `max` passages: what comes after is left out (the caller says so).
 */
export function splitPassages(pages: PageText[], max = Number.POSITIVE_INFINITY): PassageDraft[] {
  const out: PassageDraft[] = [];
  for (const { page, text } of pages) {
    const blocks = cleanText(text)
      .split(/\n\n|\n(?=[-*#•]|\d+[.)] )/)
      .flatMap((b) => (b.length > HARD_MAX ? b.split('\n') : [b]))
      .flatMap(cutLong)
      .map((b) => b.trim())
      .filter(Boolean);
    let current = '';
    const flush = () => {
      if (!current) return;
      const last = out.at(-1);
      if (
        current.length < MIN_CHARS &&
        last &&
        last.page === page &&
        last.text.length + current.length < HARD_MAX
      )
        last.text = `${last.text}\n${current}`;
      else out.push({ n: out.length + 1, page, text: current });
      current = '';
    };
    for (const block of blocks) {
      if (current && current.length + block.length + 1 > PASSAGE_CHARS) flush();
      current = current ? `${current}\n${block}` : block;
      if (out.length >= max) break;
    }
    flush();
    if (out.length >= max) return out.slice(0, max);
  }
  return out;
}
