import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import { t } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { toUi, type UiMessage } from '../../chat/components/chatMessages';
import { ChooseAnswerMutation, MergeAnswersMutation } from '../graphql';
import type { CompareActions } from './CompareTurnView';

interface ChatControls {
  /** Shows the chat's path through a message and follows what streams on it (useVersionPaths.ts). */
  selectVersion: (messageId: string) => Promise<void>;
  /** The assistant the composer sends to next (useChatSession.ts chooseModel). */
  chooseModel: (assistantId: string) => void;
  /** Puts an answer in another's place on the path shown, following it while it streams. */
  replaceAnswer: (id: string, message: UiMessage) => void;
}

/**
 * "Continue with this" and "Merge" on a compare: the server moves the chat's path (chooseAnswer,
 * mergeAnswers), then the chat shows it: the chosen answer's path the way the version arrows do,
 * the merged answer (still being written) in place of the answer shown after the compare.
 */
export function useCompareActions({
  selectVersion,
  chooseModel,
  replaceAnswer,
}: ChatControls): CompareActions {
  const client = useApolloClient();
  return useMemo(
    () => ({
      onChoose: async (messageId: string, assistant: string) => {
        try {
          await client.mutate({ mutation: ChooseAnswerMutation, variables: { messageId } });
          chooseModel(assistant);
          await selectVersion(messageId);
        } catch (error) {
          notifyFailure(t('Could not continue with that answer'), error);
        }
      },
      onMerge: async (messageIds: string[], assistant: string, replacing: string | null) => {
        try {
          const result = await client.mutate({
            mutation: MergeAnswersMutation,
            variables: { messageIds, assistant },
          });
          const merged = result.data?.mergeAnswers;
          // Now the chat's path: it takes the place of the answer shown after the compare.
          if (merged && replacing) replaceAnswer(replacing, toUi(merged));
          else if (merged) await selectVersion(merged.id);
        } catch (error) {
          notifyFailure(t('Could not merge the answers'), error);
        }
      },
    }),
    [chooseModel, client, replaceAnswer, selectVersion],
  );
}
