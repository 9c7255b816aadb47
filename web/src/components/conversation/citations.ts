/**
 * An answer grounded in sources cites them as [1], [2]… (the api asks the model to; see
 * api/src/modules/knowledge). These helpers turn the markers into links to the numbered list drawn
 * under the answer (Sources.tsx), leaving any number with no source as the text it was.
 */

/** The id of source `n` of an answer, the target of its [n] links. */
export const sourceAnchor = (answerId: string, n: number) => `src-${answerId}-${n}`;

export type CitationPart = string | { n: number };

/** `text` cut into plain strings and the [n] markers whose n is between 1 and `count`. */
export function splitCitations(text: string, count: number): CitationPart[] {
  const parts: CitationPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > count) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ n });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/**
 * A remark plugin: [n] in the answer's text (not in code, and not already inside a link) becomes a
 * link to `#<sourceAnchor(answerId, n)>`, which Markdown.tsx draws as a small numbered chip.
 */
export function remarkCitations(options: { answerId: string; count: number }) {
  const walk = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    node.children = node.children.flatMap((child): MdNode[] => {
      if (child.type !== 'text' || !child.value) {
        walk(child);
        return [child];
      }
      return splitCitations(child.value, options.count).map((part) =>
        typeof part === 'string'
          ? { type: 'text', value: part }
          : {
              type: 'link',
              url: `#${sourceAnchor(options.answerId, part.n)}`,
              children: [{ type: 'text', value: `[${part.n}]` }],
            },
      );
    });
  };
  return (tree: MdNode) => {
    if (options.count > 0) walk(tree);
  };
}

/**
 * A source's passage as plain words for its list (Sources.tsx): a file's Markdown without its
 * heading marks, emphasis, code ticks and link syntax, whitespace folded.
 */
export function plainSnippet(text: string): string {
  return (
    text
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`{1,3}([^`]+)`{1,3}/g, '$1')
      // Emphasis only where it starts and ends a word: snake_case and 2 * 3 stay as they are.
      .replace(/(^|[^\w*])(\*\*|__|\*|_)(\S(?:.*?\S)?)\2(?=[^\w*]|$)/gm, '$1$3')
      .replace(/^\s*[-*+>]\s+/gm, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
