/**
 * The search snippet format, a contract between the api and every client: HTML-escaped text in
 * which the only tags are `<mark>` and `</mark>` around the matched words. An API client may put
 * it into a page as HTML as it is; the web app parses it back into text and <mark> elements, so
 * it never sets HTML from a string.
 */

export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const UNESCAPES = Object.fromEntries(Object.entries(ESCAPES).map(([ch, entity]) => [entity, ch]));

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
const unescapeHtml = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => UNESCAPES[e]!);

export function snippetHtml(parts: SnippetPart[]): string {
  return parts
    .filter((p) => p.text)
    .map((p) => (p.marked ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text)))
    .join('');
}

/** The inverse of snippetHtml; anything that is not one of its two tags stays text. */
export function parseSnippet(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}
