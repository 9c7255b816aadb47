/**
 * The pure rules of Compare (one prompt to several assistants side by side): reading leading
 * @commands as a compare, what the composer says before sending, blind labels and their fixed
 * shuffle, and the team suggested from the user's leaderboard. Tested in compareRules.test.ts.
 */

/** The little of an assistant these rules read (features/chat/components/assistants.ts has the rest). */
export interface CompareAssistant {
  id: string;
  name: string;
  command: string;
  kind: string;
}

/** At least two assistants make a compare; the plan sets the most (the server checks both). */
export const MIN_COMPARED = 2;
export const FREE_MAX_COMPARED = 2;
export const PAID_MAX_COMPARED = 4;

/** The most assistants one compare may ask on a plan ('free' or any paid one). */
export function maxCompared(plan: string | null | undefined): number {
  return !plan || plan === 'free' ? FREE_MAX_COMPARED : PAID_MAX_COMPARED;
}

const LEADING = /^\s*(@[a-z]+)(?=\s|$)/i;

/**
 * "@claude @gemini why…": two or more leading commands of chat assistants start a compare of them
 * (each once, in the order typed), asking the text after them. Null when the text starts with
 * fewer, or with a command that is not a chat assistant's (@image, @video: those are single sends).
 */
export function parseCompare<T extends CompareAssistant>(
  text: string,
  assistants: readonly T[],
): { assistants: T[]; rest: string } | null {
  const picked: T[] = [];
  let rest = text;
  for (;;) {
    const match = LEADING.exec(rest);
    const command = match?.[1]?.toLowerCase();
    const assistant = command ? assistants.find((a) => a.command.toLowerCase() === command) : undefined;
    if (!match || !assistant) break;
    if (assistant.kind !== 'chat') return null;
    if (!picked.includes(assistant)) picked.push(assistant);
    rest = rest.slice(match[0].length);
  }
  return picked.length >= MIN_COMPARED ? { assistants: picked, rest: rest.trim() } : null;
}

/** What the composer says while a compare is set up: "Comparing Claude, Gemini, Grok · uses 3 prompts". */
export function compareSummary(names: readonly string[], blind: boolean): string {
  const who = blind ? `${names.length} assistants, names hidden` : names.join(', ');
  return `Comparing ${who} · uses ${names.length} prompts`;
}

/** "Assistant A", "Assistant B"… for the columns of a blind compare. */
export function blindLabel(index: number): string {
  return `Assistant ${String.fromCharCode(65 + (index % 26))}`;
}

/** A small stable hash of a string (FNV-1a), the seed of a compare's shuffle. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * The order a blind compare shows its `count` answers in: shuffled, but the same for the same
 * compare id every time (after a reload too), so "Assistant B" stays the same answer until the vote.
 */
export function blindOrder(compareId: string, count: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  let seed = hash(compareId) || 1;
  for (let i = count - 1; i > 0; i -= 1) {
    // xorshift32: enough to shuffle a handful of columns evenly.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

export interface LeaderboardRow {
  assistant: string;
  wins: number;
  losses: number;
  ties: number;
}

/**
 * The team to suggest from the user's own votes: the assistants with the most wins (those with
 * none left out), as many as the plan allows, still available; null when fewer than two qualify.
 */
export function suggestTeam(
  leaderboard: readonly LeaderboardRow[],
  available: readonly string[],
  max: number,
): string[] | null {
  const team = [...leaderboard]
    .filter((row) => row.wins > 0 && available.includes(row.assistant))
    .sort((a, b) => b.wins - a.wins || a.losses - b.losses || a.assistant.localeCompare(b.assistant))
    .slice(0, max)
    .map((row) => row.assistant);
  return team.length >= MIN_COMPARED ? team : null;
}

/** "1.2 s", "850 ms": a measured time, as written under an answer. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "$0.0012", "<$0.0001": an estimated cost in US dollars. */
export function formatCost(dollars: number): string {
  if (dollars > 0 && dollars < 0.0001) return '<$0.0001';
  return `$${dollars < 0.01 ? dollars.toFixed(4) : dollars.toFixed(2)}`;
}
