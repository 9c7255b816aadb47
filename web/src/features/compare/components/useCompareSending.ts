import { useApolloClient } from '@apollo/client/react';
import { messageLength } from '@chorus/shared/chatRules';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { readApiFailure } from '../../../graphql/errors';
import { t } from '../../../lib/i18n';
import { logFailure } from '../../../lib/logFailure';
import { pendingPrompt, toUi } from '../../chat/components/chatMessages';
import { addToMyChats } from '../../chat/components/myChatsCache';
import { sendFailureOf } from '../../chat/components/sendFailure';
import { type SessionCore, showRefusal } from '../../chat/components/sessionCore';
import { CompareMutation } from '../graphql';

interface CompareSendingOptions {
  refreshAllowance: () => void;
}

/**
 * Sends one prompt to several assistants (the compare mutation, schema/compare.graphql) the way
 * features/chat/components/usePromptSending.ts sends one: the prompt shows at once, a refusal
 * (400/402) marks it not sent and shows as a send failure does. The chat's path goes through the
 * first answer, which the session follows; the compare's columns follow every answer
 * (CompareTurnView.tsx).
 */
export function useCompareSending(core: SessionCore, { refreshAllowance }: CompareSendingOptions) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { dispatch, chatIdRef, generationRef, sendingRef, follow } = core;

  return useCallback(
    (raw: string, assistantIds: readonly string[], blind: boolean): boolean => {
      const text = raw.trim();
      if (!text || sendingRef.current || messageLength(text).over || assistantIds.length === 0) return false;
      const creating = chatIdRef.current === null;
      const generation = generationRef.current;
      const pending = pendingPrompt(text, assistantIds[0] as string, []);
      dispatch({ type: 'promptAdded', message: pending });
      sendingRef.current = true;
      dispatch({ type: 'sendStarted' });
      void (async () => {
        try {
          const result = await client.mutate({
            mutation: CompareMutation,
            variables: { chatId: chatIdRef.current, content: text, assistants: [...assistantIds], blind },
            update: (cache, { data }) => addToMyChats(cache, data?.compare.chat),
          });
          const payload = result.data?.compare;
          const first = payload?.answers[0];
          if (!payload || !first) throw new Error('compare returned no answers');
          if (generation !== generationRef.current) return;
          dispatch({
            type: 'sent',
            key: pending.key,
            userMessage: toUi(payload.userMessage),
            aiMessage: toUi(first),
            chat: payload.chat,
          });
          chatIdRef.current = payload.chat.id;
          if (creating) navigate(`/chat/${payload.chat.id}`);
          follow(first.id);
        } catch (error) {
          if (generation === generationRef.current) {
            const failure = sendFailureOf(readApiFailure(error));
            // The entry's Retry sends to one assistant (usePromptSending.ts resend): a compare that
            // broke on the way says so instead, its text kept on screen to send again.
            dispatch({
              type: 'sendFailed',
              key: pending.key,
              failure:
                failure.kind === 'retry'
                  ? { kind: 'refused', reason: t('The compare could not be sent. Please send it again.') }
                  : failure,
            });
          }
          logFailure('Could not start the compare', error);
          showRefusal(dispatch, error, t('Error sending message'), t('Could not send message'), (reason) =>
            t('Could not send message: {reason}', { reason }),
          );
        } finally {
          sendingRef.current = false;
          dispatch({ type: 'sendEnded' });
          refreshAllowance();
        }
      })();
      return true;
    },
    [chatIdRef, client, dispatch, follow, generationRef, navigate, refreshAllowance, sendingRef],
  );
}
