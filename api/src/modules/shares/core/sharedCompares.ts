import { blindLabel, blindOrder, compareColumnName } from '@chorus/shared/compareOrder';
import type { SharedCompare } from '@chorus/shared/sharedChat';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../accounts/core/User.ts';
import { findAssistant } from '../../chat/core/catalogue.ts';
import { Message } from '../../chat/core/Message.ts';
import { CompareTurn } from '../../compare/core/CompareTurn.ts';
import { answersOf, turnsOf } from '../../compare/core/reads.ts';
import type { SharedCompareAnswerSnapshot, SharedCompareSnapshot } from './ChatShare.ts';

/**
 * The compares of a shared chat (modules/compare): snapshotted with the link, shown to its readers
 * as the chat shows them (names hidden while a blind compare has no vote), copied with the chat.
 */

const isFinished = (m: Message): m is Message & { status: 'complete' | 'stopped' } =>
  m.status === 'complete' || (m.status === 'stopped' && m.content.trim() !== '');

/**
 * The compares of a chat's path as they are now, by prompt id: each one's finished answers in the
 * order the chat shows them (compare/core/reads.ts, the owner's own only), and which of them the
 * path goes on from. An answer still written or failed is left out, as the path's are.
 */
export async function snapshotCompares(
  em: EntityManager,
  userId: string,
  path: readonly Message[],
): Promise<Map<string, SharedCompareSnapshot>> {
  const turns = await turnsOf(
    em,
    userId,
    path.filter((m) => m.role === 'user').map((m) => m.id),
  );
  const snapshots = new Map<string, SharedCompareSnapshot>();
  for (const [promptId, turn] of turns) {
    const answers = await answersOf(em, turn);
    // The chat's own order (features/compare/components/CompareTurnView.tsx): a blind compare's
    // shuffle is by its id and its number of answers, each lettered by its place.
    const order = turn.blind ? blindOrder(turn.id, answers.length) : answers.map((_, i) => i);
    const shown: SharedCompareAnswerSnapshot[] = [];
    const shownIds: string[] = [];
    order.forEach((index, position) => {
      const answer = answers[index];
      if (!answer || !isFinished(answer)) return;
      const asked = turn.answerIds.indexOf(answer.id);
      shown.push({
        assistant: turn.assistants[asked] ?? answer.model ?? '',
        label: turn.blind ? blindLabel(position) : null,
        content: answer.content,
        status: answer.status,
        createdAt: answer.createdAt.toISOString(),
      });
      shownIds.push(answer.id);
    });
    const next = path[path.findIndex((m) => m.id === promptId) + 1];
    const chosen = next ? shownIds.indexOf(next.id) : -1;
    snapshots.set(promptId, {
      blind: turn.blind,
      voted: !!turn.votedAt,
      winner: turn.winner ?? null,
      tie: turn.tie,
      mode: turn.mode ?? null,
      answers: shown,
      chosen: chosen === -1 ? null : chosen,
    });
  }
  return snapshots;
}

/**
 * A snapshotted compare as its readers see it: a blind one without a vote shows letters only (no
 * assistant, no colour, not even in the JSON), as the chat does.
 */
export function sharedCompareView(compare: SharedCompareSnapshot): SharedCompare {
  const hidden = compare.blind && !compare.voted;
  const nameOf = (id: string) => findAssistant(id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
  return {
    blind: compare.blind,
    namesShown: !hidden,
    voted: compare.voted,
    tie: compare.voted && compare.tie,
    winnerName: compare.voted && compare.winner ? nameOf(compare.winner) : null,
    answers: compare.answers.map((answer, position) => ({
      // The letter the chat showed it under (kept when an unfinished answer before it was left out).
      name: answer.label
        ? hidden
          ? answer.label
          : `${answer.label} · ${nameOf(answer.assistant)}`
        : compareColumnName(position, nameOf(answer.assistant), { blind: compare.blind, hidden }),
      model: hidden ? null : answer.assistant,
      assistantColor: hidden ? null : (findAssistant(answer.assistant)?.color ?? null),
      content: answer.content,
      status: answer.status,
      createdAt: answer.createdAt,
      chosen: compare.chosen === position,
      winner: compare.voted && !compare.tie && compare.winner === answer.assistant,
    })),
  };
}

/**
 * A shared compare in the reader's copy of the chat: its answers become versions of the copied
 * prompt again, and the compare is theirs, without the owner's vote (a reader's leaderboard counts
 * their own votes only). A blind compare whose names the owner had revealed is no longer blind.
 * Returns the answer the copy's path goes on from, if the chat went on from one of them.
 */
export async function copyCompare(
  tem: EntityManager,
  prompt: Message,
  compare: SharedCompareSnapshot,
  userId: string,
): Promise<Message | null> {
  const answers = compare.answers.map((answer) =>
    tem.create(Message, {
      chat: prompt.chat,
      role: 'assistant',
      content: answer.content,
      model: answer.assistant,
      status: answer.status,
      images: [],
      parentId: prompt.id,
      createdAt: new Date(answer.createdAt),
    }),
  );
  // The messages first: the compare's key refers to its prompt, which the ORM does not know of.
  await tem.flush();
  tem.create(CompareTurn, {
    id: prompt.id,
    user: tem.getReference(User, userId),
    chat: prompt.chat,
    assistants: compare.answers.map((a) => a.assistant),
    answerIds: answers.map((a) => a.id),
    blind: compare.blind && !compare.voted,
    mode: compare.mode,
    tie: false,
    createdAt: prompt.createdAt,
  });
  return compare.chosen === null ? null : (answers[compare.chosen] ?? null);
}
