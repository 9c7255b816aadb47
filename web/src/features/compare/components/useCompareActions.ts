import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import { notifyFailure } from '../../../lib/mutationToast';
import { ChooseAnswerMutation, MergeAnswersMutation } from '../graphql';
import type { CompareActions } from './CompareTurnView';

interface ChatControls {
  /** Shows the chat's path through a message and follows what streams on it (useVersionPaths.ts). */
  selectVersion: (messageId: string) => Promise<void>;
  /** The assistant the composer sends to next (useChatSession.ts chooseModel). */
  chooseModel: (assistantId: string) => void;
}

/**
 * "Continue with this" and "Merge" on a compare: the server moves the chat's path (chooseAnswer,
 * mergeAnswers), then the chat shows that path the way its version arrows do.
 */
export function useCompareActions({ selectVersion, chooseModel }: ChatControls): CompareActions {
  const client = useApolloClient();
  return useMemo(
    () => ({
      onChoose: async (messageId: string, assistant: string) => {
        try {
          await client.mutate({ mutation: ChooseAnswerMutation, variables: { messageId } });
          chooseModel(assistant);
          await selectVersion(messageId);
        } catch (error) {
          notifyFailure('Could not continue with that answer', error);
        }
      },
      onMerge: async (messageIds: string[], assistant: string) => {
        try {
          const result = await client.mutate({
            mutation: MergeAnswersMutation,
            variables: { messageIds, assistant },
          });
          const merged = result.data?.mergeAnswers;
          if (merged) await selectVersion(merged.id);
        } catch (error) {
          notifyFailure('Could not merge the answers', error);
        }
      },
    }),
    [chooseModel, client, selectVersion],
  );
}
