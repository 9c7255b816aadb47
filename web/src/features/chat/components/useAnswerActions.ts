import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { t } from '../../../lib/i18n';
import { logFailure } from '../../../lib/logFailure';
import { notifyFailure } from '../../../lib/mutationToast';
import { RegenerateMutation, StopGenerationMutation } from '../graphql';
import { toUi, type UiMessage } from './chatMessages';
import { type SessionCore, showRefusal } from './sessionCore';
import { writingIds } from './sessionState';

/** What the user does to answers: stop the ones being written, or have one written again. */
export function useAnswerActions(
  core: SessionCore,
  { messages, refreshAllowance }: { messages: readonly UiMessage[]; refreshAllowance: () => void },
) {
  const client = useApolloClient();
  const { dispatch, generationRef, follow } = core;

  const stop = useCallback(async () => {
    try {
      await Promise.all(
        writingIds(messages).map((messageId) =>
          client.mutate({ mutation: StopGenerationMutation, variables: { messageId } }),
        ),
      );
    } catch (error) {
      notifyFailure(t('Could not stop the answer'), error);
    }
  }, [client, messages]);

  /** Writes an answer again: "Retry" after an error or a stop, "Regenerate" for the last answer. */
  const regenerate = useCallback(
    async (messageId: string) => {
      const generation = generationRef.current;
      dispatch({ type: 'rewriteStarted' });
      try {
        const result = await client.mutate({ mutation: RegenerateMutation, variables: { messageId } });
        const rewritten = result.data?.regenerate;
        if (!rewritten || generation !== generationRef.current) return;
        dispatch({ type: 'rewritten', id: messageId, message: toUi(rewritten) });
        follow(rewritten.id);
      } catch (error) {
        logFailure('Could not regenerate the answer', error);
        showRefusal(dispatch, error, t('Could not write the answer again'), t('Please try again.'));
      } finally {
        refreshAllowance();
      }
    },
    [client, dispatch, follow, generationRef, refreshAllowance],
  );

  return { stop, regenerate };
}
