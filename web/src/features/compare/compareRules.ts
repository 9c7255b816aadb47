/**
 * The pure rules of Compare (one prompt to several assistants side by side): reading leading
 * @commands as a compare, what the composer says before sending, blind labels and their fixed
 * shuffle, and the team suggested from the user's leaderboard. Tested in compareRules.test.ts.
 */

import { t as appT, type Translate } from '../../lib/i18n';

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

const LEADING = /^\s*(@[a-z][a-z0-9_]*)(?=\s|$)/i;

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
export function compareSummary(names: readonly string[], blind: boolean, t: Translate = appT): string {
  return blind
    ? t('Comparing {count} assistants, names hidden · uses {count} prompts', { count: names.length })
    : t('Comparing {names} · uses {count} prompts', { names: names.join(', '), count: names.length });
}

/**
 * A column's name as compareColumnName (and a share's snapshot, made by the api with it) writes it,
 * in English ("Assistant B", "Assistant B · Claude"), in the page's language: the letter's word is
 * translated, the assistant's name kept; any other name is returned as it is.
 */
export function shownColumnName(name: string, t: Translate = appT): string {
  const blind = /^Assistant ([A-Z])(?: · (.+))?$/.exec(name);
  if (!blind) return name;
  const [, letter, assistant] = blind;
  return assistant
    ? t('Assistant {letter} · {name}', { letter, name: assistant })
    : t('Assistant {letter}', { letter });
}

// Shared with the api, which orders a share link's blind compares the same way.
export { blindLabel, blindOrder, compareColumnName } from '@chorus/shared/compareOrder';

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

/** What is measured of an answer (null when unknown). */
export interface AnswerMeasures {
  ttftMs: number | null;
  totalMs: number | null;
  tokens: number | null;
  costEstimate: number | null;
}

/** "First token 850 ms", "Total 2.4 s", "120 tokens", "≈ $0.0012": those known, as written under an answer. */
export function answerNumbers(
  { ttftMs, totalMs, tokens, costEstimate }: AnswerMeasures,
  t: Translate = appT,
): string[] {
  return [
    ttftMs === null ? null : t('First token {duration}', { duration: formatDuration(ttftMs) }),
    totalMs === null ? null : t('Total {duration}', { duration: formatDuration(totalMs) }),
    tokens === null ? null : t('{count, plural, one {# token} other {# tokens}}', { count: tokens }),
    costEstimate === null ? null : `≈ ${formatCost(costEstimate)}`,
  ].filter((part): part is string => part !== null);
}
