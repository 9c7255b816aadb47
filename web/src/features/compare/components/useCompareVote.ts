import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import type { CompareTurnData } from '../../chat/components/chatMessages';
import { VoteCompareMutation } from '../graphql';
import { shownVotes } from './useCompareColumns';

/**
 * The user's vote on a compare (the best answer's assistant, or a tie) as shown, kept across the
 * compare's row mounting again (shownVotes), and casting it.
 */
export function useCompareVote(compare: CompareTurnData) {
  const client = useApolloClient();
  const [vote, setVote] = useState(
    () =>
      shownVotes.get(compare.id) ?? {
        winner: compare.winner ?? null,
        tie: compare.tie,
        voted: !!compare.votedAt,
      },
  );
  useEffect(() => {
    shownVotes.set(compare.id, vote);
  }, [compare.id, vote]);
  const [voting, setVoting] = useState(false);

  /** A null winner is a tie. */
  const castVote = useCallback(
    async (winner: string | null) => {
      setVoting(true);
      try {
        const result = await client.mutate({
          mutation: VoteCompareMutation,
          variables: { userMessageId: compare.id, winner, tie: winner === null },
        });
        const saved = result.data?.voteCompare;
        if (saved) setVote({ winner: saved.winner ?? null, tie: saved.tie, voted: true });
      } catch (error) {
        notifyFailure(t('Could not save your vote'), error);
      } finally {
        setVoting(false);
      }
    },
    [client, compare.id],
  );

  return { vote, voting, castVote };
}
