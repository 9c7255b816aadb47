import type { PlanType } from '@chorus/shared/plans';
import { type AppError, badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { type Assistant, findAssistant } from '../../chat/core/catalogue.ts';
import { assistantKey } from '../../chat/core/customAssistant.ts';

/**
 * The decisions of a compare that need no database: who may be asked, how many at once, what a
 * merge asks the model, and how votes become a leaderboard. Unit-tested in rules.test.ts.
 */

/**
 * How a compare's assistant is named, normalised: a built-in id or a custom assistant's handle
 * (either may start with @), or `custom:<id>` (chat/core/customAssistant.ts).
 */
export const compareRef = (raw: string): string => raw.trim().replace(/^@/, '').toLowerCase();

/** The most assistants one compare may ask: 2 on Free, 4 on a paid plan. */
export const compareMaximum = (plan: PlanType): number => (plan === 'free' ? 2 : 4);

/**
 * The assistants a compare asks, checked: 2 to the plan's maximum, each a known chat assistant
 * (a picture or a video is not an answer to compare), none twice. Throws a 400 that says what to change.
 */
export function compareAssistants(
  ids: readonly string[],
  plan: PlanType,
  customs: ReadonlyMap<string, Assistant> = new Map(),
): Assistant[] {
  const picked: Assistant[] = [];
  for (const raw of ids) {
    const id = compareRef(raw);
    const assistant = findAssistant(id) ?? customs.get(id);
    if (!assistant)
      throw textError('BAD_USER_INPUT', msg('Unknown assistant: {name}'), { name: raw.slice(0, 40) });
    if (assistant.kind !== 'chat')
      throw textError(
        'BAD_USER_INPUT',
        msg("{command} can't be compared: pick assistants that answer in text"),
        {
          command: assistant.command,
        },
      );
    if (picked.some((p) => assistantKey(p) === assistantKey(assistant)))
      throw textError('BAD_USER_INPUT', msg('{name} is named twice; each assistant answers once'), {
        name: assistant.name,
      });
    picked.push(assistant);
  }
  if (picked.length < 2) throw badInput(msg('Pick at least 2 assistants to compare'));
  const maximum = compareMaximum(plan);
  if (picked.length > maximum) {
    throw textError(
      'BAD_USER_INPUT',
      plan === 'free'
        ? msg('Free compares {max} assistants at once. Upgrade to compare up to 4.')
        : msg('Compare at most {max} assistants at once'),
      { max: maximum },
    );
  }
  return picked;
}

/** What a compare that the allowance can't cover says (nothing was sent, nothing counted). */
export const compareTooBig = (
  asked: number,
  remaining: number,
  details?: Record<string, unknown>,
): AppError =>
  textError(
    'PAYMENT_REQUIRED',
    remaining >= 2
      ? msg(
          'This compare needs {asked} prompts and you have {remaining} left this month. Compare {remaining} assistants, or upgrade to Premium for unlimited prompts.',
        )
      : msg(
          'This compare needs {asked} prompts and you have {remaining} left this month. Upgrade to Premium for unlimited prompts.',
        ),
    { asked, remaining },
    details,
  );

/** One answer a merge combines: who wrote it and what it says. */
export interface MergeSource {
  name: string;
  content: string;
}

/**
 * What the merging assistant is asked instead of the turn's prompt: the question and every answer,
 * to be combined into one. The answers are numbered, not named, when the user has not voted on a
 * blind compare yet (`blind`), so the merged text can't give the names away.
 */
export function mergePrompt(question: string, answers: MergeSource[], blind: boolean): string {
  const parts = answers.map(
    (a, i) => `--- Answer ${i + 1}${blind ? '' : ` (${a.name})`} ---\n${a.content.trim()}`,
  );
  return [
    `Several assistants answered this question:\n\n${question.trim()}`,
    parts.join('\n\n'),
    '--- Your task ---\nWrite one answer to the question that keeps what each answer gets right, ' +
      'settles where they disagree (say so when it stays open), and leaves out what is wrong or repeated. ' +
      'Answer the question directly; do not describe the answers or mention that there were several.',
  ].join('\n\n');
}

/** A vote on a compare: the assistants compared, and the best one or a tie. */
export interface Vote {
  assistants: string[];
  winner: string | null;
  tie: boolean;
}

export interface LeaderboardEntry {
  assistant: string;
  wins: number;
  losses: number;
  ties: number;
  votes: number;
}

/** Most wins first, then fewest losses, then by name (the leaderboard's order, modules/compare/core/votes.ts). */
export const rankLeaderboard = (entries: LeaderboardEntry[]): LeaderboardEntry[] =>
  [...entries].sort(
    (a, b) => b.wins - a.wins || a.losses - b.losses || a.assistant.localeCompare(b.assistant),
  );

/** A vote as asked: the best answer's assistant (one of those compared), or a tie; exactly one. */
export function checkVote(assistants: readonly string[], winner: string | null, tie: boolean): Vote {
  if (tie && winner) throw badInput(msg('Vote for one answer or for a tie, not both'));
  if (!tie && !winner) throw badInput(msg('Vote for the best answer, or for a tie'));
  if (winner && !assistants.includes(winner)) throw badInput(msg('Vote for one of the assistants compared'));
  return { assistants: [...assistants], winner: tie ? null : winner, tie };
}
