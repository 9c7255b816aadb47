/**
 * The categories a check names, in the words of OpenAI's moderation categories (what any
 * OpenAI-compatible /moderations endpoint answers), the word list's own entries using the same
 * names. Most severe first: a text flagged for several is explained by the first of them.
 */
const PLAIN_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['sexual/minors', 'sexual content involving minors'],
  ['violence/graphic', 'graphic violence'],
  ['self-harm/instructions', 'self-harm'],
  ['self-harm/intent', 'self-harm'],
  ['self-harm', 'self-harm'],
  ['hate/threatening', 'hateful threats'],
  ['hate', 'hate'],
  ['harassment/threatening', 'threats'],
  ['illicit/violent', 'violent crime'],
  ['violence', 'violence'],
  ['sexual', 'sexual content'],
  ['harassment', 'harassment'],
  ['illicit', 'illegal activity'],
];

const ORDER = new Map(PLAIN_WORDS.map(([key], i) => [key, i]));
const WORDS = new Map(PLAIN_WORDS);

/** The categories most severe first (unknown ones last, in the order given), each once. */
export function bySeverity(categories: Iterable<string>): string[] {
  const unique = [...new Set(categories)];
  const rank = (c: string) => ORDER.get(c) ?? PLAIN_WORDS.length;
  return unique
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** A category as a person reads it: "violence/graphic" is "graphic violence"; an unknown one in plain letters. */
export function plainCategory(category: string): string {
  return WORDS.get(category) ?? category.replace(/[/_-]+/g, ' ').trim();
}
