import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import type { CompareTurnData, UiMessage } from '../../chat/components/chatMessages';
import { useAnswerStreams } from '../../chat/components/useAnswerStreams';
import { RegenerateMutation, StopGenerationMutation } from '../../chat/graphql';
import { CompareNumbersQuery } from '../graphql';

/** One column of a compare: its answer as written so far, and its numbers (null when unknown). */
export type CompareColumn = UiMessage & {
  id: string;
  ttftMs: number | null;
  totalMs: number | null;
  costEstimate: number | null;
};

/**
 * The columns as last shown, by compare: a compare's row mounts again when the chat's path is
 * shown anew (Continue with this), and its prompt then still carries the compare as first loaded.
 */
const shownColumns = new Map<string, CompareColumn[]>();

/** The user's vote as last shown, by compare (the same reason as shownColumns). */
export const shownVotes = new Map<string, { winner: string | null; tie: boolean; voted: boolean }>();

type SavedAnswer = CompareTurnData['answers'][number];

function toColumn(answer: SavedAnswer): CompareColumn {
  return {
    key: answer.id,
    id: answer.id,
    role: 'assistant',
    content: answer.content,
    model: answer.model ?? null,
    status: answer.status,
    error: answer.error ?? null,
    createdAt: answer.createdAt,
    images: [],
    siblingIds: answer.siblingIds,
    tokens: answer.tokens ?? null,
    modelName: answer.modelName ?? null,
    ttftMs: answer.ttftMs ?? null,
    totalMs: answer.totalMs ?? null,
    costEstimate: answer.costEstimate ?? null,
  };
}

/**
 * The answers of one compare, each followed on its own (the chat's answerStream subscription,
 * features/chat/components/useAnswerStreams.ts) so a slow or failing one never holds the others:
 * as loaded (a reload picks up what was written and follows what still streams), stopped and
 * retried one by one.
 */
export function useCompareColumns(compare: CompareTurnData) {
  const client = useApolloClient();
  // In compare order (the order asked); the answer ids move when one is written again.
  const [columns, setColumns] = useState<CompareColumn[]>(
    () => shownColumns.get(compare.id) ?? compare.answers.map(toColumn),
  );
  useEffect(() => {
    shownColumns.set(compare.id, columns);
  }, [compare.id, columns]);
  // Never moves on: the columns unmount with their compare, which ends their streams.
  const generationRef = useRef(0);
  const chatId = compare.chatId;

  const refreshNumbers = useCallback(() => {
    client
      .query({ query: CompareNumbersQuery, variables: { chatId }, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        const saved = new Map(
          (data?.messagePage.messages ?? []).flatMap((m) => m.compare?.answers ?? []).map((a) => [a.id, a]),
        );
        setColumns((current) =>
          current.map((column) => {
            const answer = saved.get(column.id);
            if (!answer || column.status === 'streaming') return column;
            return {
              ...column,
              tokens: answer.tokens ?? column.tokens,
              modelName: answer.modelName ?? column.modelName,
              ttftMs: answer.ttftMs ?? null,
              totalMs: answer.totalMs ?? null,
              costEstimate: answer.costEstimate ?? null,
            };
          }),
        );
      })
      .catch((error: unknown) => console.error('Could not read the answers’ numbers', error));
  }, [chatId, client]);

  const patch = useCallback((id: string, change: (message: UiMessage) => UiMessage) => {
    setColumns((current) =>
      current.map((column) => (column.id === id ? { ...column, ...change(column), id: column.id } : column)),
    );
  }, []);
  const { follow, stopFollowing } = useAnswerStreams(generationRef, patch);

  // Followed once, as loaded (follow and stopFollowing never change): the columns' own state
  // carries on from there.
  const loaded = useRef(columns);
  useEffect(() => {
    for (const answer of loaded.current) if (answer.status === 'streaming') follow(answer.id);
    return stopFollowing;
  }, [follow, stopFollowing]);

  // Once a column stops writing, its numbers (times, cost) are read from the server.
  const writing = columns.filter((column) => column.status === 'streaming').length;
  const lastWriting = useRef(writing);
  useEffect(() => {
    if (writing < lastWriting.current) refreshNumbers();
    lastWriting.current = writing;
  }, [refreshNumbers, writing]);

  const stop = useCallback(
    async (id: string) => {
      try {
        await client.mutate({ mutation: StopGenerationMutation, variables: { messageId: id } });
      } catch (error) {
        notifyFailure(t('Could not stop the answer'), error);
      }
    },
    [client],
  );

  const retry = useCallback(
    async (id: string) => {
      try {
        const result = await client.mutate({ mutation: RegenerateMutation, variables: { messageId: id } });
        const again = result.data?.regenerate;
        if (!again) return;
        setColumns((current) =>
          current.map((column) =>
            column.id === id
              ? toColumn({ ...again, ttftMs: null, totalMs: null, costEstimate: null, mergedFrom: null })
              : column,
          ),
        );
        follow(again.id);
      } catch (error) {
        notifyFailure(t('Could not write the answer again'), error);
      }
    },
    [client, follow],
  );

  return { columns, stop, retry };
}
