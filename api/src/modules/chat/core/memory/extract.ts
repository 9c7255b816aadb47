/**
 * Finds durable facts in what a user wrote, without a model: their name, age, home, work, likes
 * and dislikes, and goals. Used when no assistant has an API key, and as a floor when one does.
 * Each fact is phrased about "the user", so it reads well in any assistant's prompt.
 */
const patterns: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /\b(?:[Mm]y name is|[Cc]all me)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)/u,
    (m) => `The user's name is ${m[1]}.`,
  ],
  [/\bI(?:'m| am)\s+(\d{1,3})\s+years?\s+old\b/i, (m) => `The user is ${m[1]} years old.`],
  [
    /\bI (?:live|am based) in\s+([\p{L}][\p{L} ,'-]{1,60}?)(?=[.!?\n]|$)/iu,
    (m) => `The user lives in ${m[1]!.trim()}.`,
  ],
  [
    /\bI work (?:as|at|for)\s+([\p{L}0-9][\p{L}0-9 ,'&-]{1,60}?)(?=[.!?\n]|$)/iu,
    (m) => `The user works ${m[0].match(/\bas|at|for\b/i)![0].toLowerCase()} ${m[1]!.trim()}.`,
  ],
  [
    /\bI(?:'m| am) (?:a|an)\s+((?:[\p{L}-]+\s?){1,4}?)(?=[.!?,\n]|$| and | who )/iu,
    (m) => `The user is a ${m[1]!.trim()}.`,
  ],
  [
    /\bI (?:really |absolutely )?(love|like|enjoy|prefer)\s+([\p{L}0-9][\p{L}0-9 ,'&-]{1,60}?)(?=[.!?\n]|$| but )/iu,
    (m) => `The user ${verb(m[1]!)} ${m[2]!.trim()}.`,
  ],
  [
    /\bI (?:really )?(hate|dislike|can't stand|don't like)\s+([\p{L}0-9][\p{L}0-9 ,'&-]{1,60}?)(?=[.!?\n]|$| but )/iu,
    (m) => `The user dislikes ${m[2]!.trim()}.`,
  ],
  [
    /\bmy (?:goal|dream|plan) is to\s+([\p{L}0-9][^.!?\n]{2,80})/iu,
    (m) => `The user's goal is to ${m[1]!.trim()}.`,
  ],
  [
    /\bI(?:'m| am) (?:learning|studying)\s+([\p{L}0-9][\p{L}0-9 +#.'-]{1,40}?)(?=[.!?,\n]|$| and )/iu,
    (m) => `The user is learning ${m[1]!.trim()}.`,
  ],
];

const verb = (v: string) =>
  ({ love: 'loves', like: 'likes', enjoy: 'enjoys', prefer: 'prefers' })[v.toLowerCase()] ?? 'likes';

export function extractFacts(text: string): string[] {
  const facts = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?\n])\s+/)) {
    for (const [re, phrase] of patterns) {
      const m = sentence.match(re);
      if (m) facts.add(phrase(m).replace(/\s+/g, ' '));
    }
  }
  return [...facts].slice(0, 10);
}
