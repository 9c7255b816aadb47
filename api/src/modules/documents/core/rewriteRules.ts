import type { ChatTurn } from '../../chat/core/models.ts';

/** How much of the document around the selection the model sees, on each side. */
const CONTEXT_CHARS = 2000;

/**
 * What the model is asked: the selection with some of the document around it, and to answer with
 * the rewritten selection only, so the answer can replace exactly it and nothing else.
 */
export function rewriteTurns(
  document: { title: string; kind: 'text' | 'code'; language?: string | null; content: string },
  start: number,
  end: number,
  instruction: string,
): ChatTurn[] {
  const before = document.content.slice(Math.max(0, start - CONTEXT_CHARS), start);
  const selection = document.content.slice(start, end);
  const after = document.content.slice(end, end + CONTEXT_CHARS);
  const what =
    document.kind === 'code'
      ? `a code file${document.language ? ` (${document.language})` : ''}`
      : 'a Markdown document';
  return [
    {
      role: 'system',
      content: [
        `You edit one passage of ${what} titled "${document.title}".`,
        'Rewrite only the passage between <selection> and </selection> as the instruction asks.',
        'Answer with the rewritten passage alone: no quotes, no code fences around it, no explanation,',
        'nothing from before or after it. Keep its language, its formatting and how it fits the text around it.',
      ].join(' '),
    },
    {
      role: 'user',
      content: `${before}<selection>${selection}</selection>${after}\n\nInstruction: ${instruction}`,
    },
  ];
}

/**
 * The model's answer as a replacement for the selection: the selection's own leading and trailing
 * whitespace kept, and what models wrap answers in (a code fence, the selection tags, quotes the
 * selection didn't have) taken off.
 */
export function cleanProposal(answer: string, selection: string): string {
  let text = answer.trim();
  const fence = /^```[^\n]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fence && !selection.trim().startsWith('```')) text = fence[1]!.trim();
  text = text
    .replace(/^<selection>/, '')
    .replace(/<\/selection>$/, '')
    .trim();
  const quoted = /^(["“])([\s\S]*)(["”])$/.exec(text);
  if (quoted && !/^["“]/.test(selection.trim())) text = quoted[2]!.trim();
  const lead = /^\s*/.exec(selection)![0];
  const trail = /\s*$/.exec(selection)![0];
  return lead + text + trail;
}

const SIMPLER: [RegExp, string][] = [
  [/\butili[sz]e\b/gi, 'use'],
  [/\bapproximately\b/gi, 'about'],
  [/\bcommence\b/gi, 'start'],
  [/\bdemonstrate\b/gi, 'show'],
  [/\bpurchase\b/gi, 'buy'],
  [/\bassistance\b/gi, 'help'],
  [/\bnumerous\b/gi, 'many'],
  [/\bindividuals\b/gi, 'people'],
  [/\bsubsequently\b/gi, 'later'],
  [/\bin order to\b/gi, 'to'],
];

/** Capital letters after sentence ends, single spaces, "i" as "I", and an ending full stop. */
function tidy(text: string): string {
  let out = text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?=[^\s\d])/g, '$1 ')
    .replace(/\bi\b/g, 'I')
    .replace(/(^|[.!?]\s+)([a-z])/g, (_, end: string, letter: string) => end + letter.toUpperCase());
  if (/\w$/.test(out)) out += '.';
  return out;
}

/**
 * The rewrite an assistant with no API key proposes, so the canvas works end to end offline: a
 * shorter selection keeps its first 60% of words (its ending punctuation kept), a simpler one
 * swaps long words for short ones, grammar is tidied; anything else is left as it is (the
 * proposal says it was offline). The same selection and instruction give the same proposal.
 */
export function offlineRewrite(selection: string, instruction: string): string {
  const lead = /^\s*/.exec(selection)![0];
  const trail = /\s*$/.exec(selection)![0];
  const body = selection.trim();
  if (!body) return selection;
  let text = body;
  if (/short|concise|brief|trim|cut/i.test(instruction)) {
    const words = body.split(/\s+/);
    const keep = Math.max(1, Math.ceil(words.length * 0.6));
    if (keep < words.length) {
      const ending = /[.!?]+$/.exec(body)?.[0] ?? '';
      text =
        words
          .slice(0, keep)
          .join(' ')
          .replace(/[,;:.!?]+$/, '') + ending;
    }
  } else if (/simpl|plain|easier/i.test(instruction)) {
    for (const [long, short] of SIMPLER) text = text.replace(long, short);
  } else if (/grammar|spelling|typo|fix/i.test(instruction)) {
    text = tidy(text);
  }
  return lead + text + trail;
}
