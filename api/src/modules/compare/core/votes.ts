import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { CompareTurn } from './CompareTurn.ts';
import { checkVote, type LeaderboardEntry, rankLeaderboard } from './rules.ts';
import { leaderboardInput, voteInput } from './schemas.ts';

/** The user's vote on one of their compares: the best answer's assistant, or a tie. A new vote replaces it. */
export async function voteCompare(em: EntityManager, userId: string, input: unknown): Promise<CompareTurn> {
  const { userMessageId, winner, tie } = parseInput(voteInput, input);
  const turn = await em.findOne(CompareTurn, { id: userMessageId, user: userId });
  if (!turn) throw notFound(msg('Compare not found'));
  const vote = checkVote(
    turn.assistants,
    winner?.trim().replace(/^@/, '').toLowerCase() || null,
    tie ?? false,
  );
  turn.winner = vote.winner;
  turn.tie = vote.tie;
  turn.votedAt = new Date();
  await em.flush();
  return turn;
}

/**
 * The user's own leaderboard: per assistant, the voted compares it was in, won (it was voted
 * best), lost (another was) and tied; `mode` narrows it to compares asked in that chat mode.
 * Counted by the database over every vote (one row per assistant, at most the catalogue's): the
 * built-in assistants' board; custom assistants (`custom:<id>` in a compare) are left out of it.
 */
export async function myLeaderboard(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<LeaderboardEntry[]> {
  const { mode } = parseInput(leaderboardInput, input);
  const rows = await em.execute<
    { assistant: string; wins: string; losses: string; ties: string; votes: string }[]
  >(
    `select a as assistant,
            count(*) filter (where not t.tie and t.winner = a) as wins,
            count(*) filter (where not t.tie and t.winner <> a) as losses,
            count(*) filter (where t.tie) as ties,
            count(*) as votes
       from compare_turns t cross join unnest(t.assistants) as a
      where t.user_id = ? and t.voted_at is not null and a not like 'custom:%'${mode ? ' and t.mode = ?' : ''}
      group by a`,
    mode ? [userId, mode] : [userId],
  );
  return rankLeaderboard(
    rows.map((r) => ({
      assistant: r.assistant,
      wins: Number(r.wins),
      losses: Number(r.losses),
      ties: Number(r.ties),
      votes: Number(r.votes),
    })),
  );
}
