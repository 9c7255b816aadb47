import { useApolloClient } from '@apollo/client/react';
import { messageLength } from '@chorus/shared/chatRules';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify, notifyError } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { t } from '../../../lib/i18n';
import { logFailure } from '../../../lib/logFailure';
import type { Grounding } from '../../knowledge/components/useGrounding';
import { EditMessageMutation, SendMessageMutation } from '../graphql';
import { type Assistant, type ChatMode, customKey } from './assistants';
import { pendingPrompt, toUi, type UiMessage } from './chatMessages';
import { addToMyChats } from './myChatsCache';
import { routePrompt } from './promptRouting';
import { sendFailureOf } from './sendFailure';
import { type SessionCore, showRefusal } from './sessionCore';
import { resendable } from './sessionState';
import type { SentImage } from './useImageAttachments';

interface SendingOptions {
  assistants: readonly Assistant[];
  messages: readonly UiMessage[];
  mode: ChatMode | null;
  currentModel: string;
  switchModel: (id: string) => void;
  answered: (asked: string, answeredBy: string) => void;
  refused: (asked: string) => void;
  /** Reads the prompt allowance again (it changes with every prompt sent). */
  refreshAllowance: () => void;
}

/**
 * Prompts on their way: what the composer sends (routed by its @command), a failed prompt sent
 * again, and an edited prompt. One at a time; the first prompt of a new chat creates it and moves
 * the URL to it.
 */
export function usePromptSending(core: SessionCore, options: SendingOptions) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { dispatch, chatIdRef, generationRef, sendingRef, follow } = core;
  const { assistants, messages, mode, currentModel, switchModel, answered, refused, refreshAllowance } =
    options;

  /**
   * A prompt on its way (sent, or edited and sent again): one at a time, the notices it answers
   * cleared, the allowance read again once it is through. `send` gets the generation it started in.
   */
  const sendingPrompt = useCallback(
    async <T>(send: (generation: number) => Promise<T>): Promise<T> => {
      const generation = generationRef.current;
      sendingRef.current = true;
      dispatch({ type: 'sendStarted' });
      try {
        return await send(generation);
      } finally {
        sendingRef.current = false;
        dispatch({ type: 'sendEnded' });
        refreshAllowance();
      }
    },
    [dispatch, generationRef, refreshAllowance, sendingRef],
  );

  const deliver = useCallback(
    (text: string, assistantId: string, key: string, imageIds: readonly string[], grounding?: Grounding) => {
      const creating = chatIdRef.current === null;
      return sendingPrompt(async (generation) => {
        try {
          const result = await client.mutate({
            mutation: SendMessageMutation,
            variables: {
              input: {
                chatId: chatIdRef.current,
                content: text,
                assistantId,
                mode: creating ? mode : undefined,
                imageIds: imageIds.length > 0 ? [...imageIds] : undefined,
                fileIds: grounding?.fileIds.length ? [...grounding.fileIds] : undefined,
                keepFiles: grounding?.fileIds.length ? grounding.keepFiles || undefined : undefined,
                webSearch: grounding?.webSearch || undefined,
              },
            },
            // A new chat joins the top of My Chats; the others are updated in place by their id.
            update: (cache, { data }) => addToMyChats(cache, data?.sendMessage.chat),
          });
          const payload = result.data?.sendMessage;
          if (!payload) throw new Error('sendMessage returned no data');
          if (generation !== generationRef.current) return;
          dispatch({
            type: 'sent',
            key,
            userMessage: toUi(payload.userMessage),
            aiMessage: toUi(payload.aiMessage),
            chat: payload.chat,
          });
          chatIdRef.current = payload.chat.id;
          answered(
            assistantId,
            payload.activeCustomAssistantId
              ? customKey(payload.activeCustomAssistantId)
              : (payload.activeModel ?? assistantId),
          );
          if (creating) navigate(`/chat/${payload.chat.id}`);
          follow(payload.aiMessage.id);
        } catch (error) {
          if (generation === generationRef.current) {
            refused(assistantId);
            dispatch({ type: 'sendFailed', key, failure: sendFailureOf(readApiFailure(error)) });
          }
          logFailure('Could not send the message', error);
          if (creating && readApiFailure(error).kind === 'unexpected') {
            notifyError(t('Error creating chat'), t('Could not create a new chat'));
          } else {
            // Spec §8's wording, followed by what the server said was wrong.
            showRefusal(dispatch, error, t('Error sending message'), t('Could not send message'), (reason) =>
              t('Could not send message: {reason}', { reason }),
            );
          }
        }
      });
    },
    [answered, chatIdRef, client, dispatch, follow, generationRef, mode, navigate, refused, sendingPrompt],
  );

  /**
   * Sends what the composer holds. Returns false when nothing was sent and the text should stay
   * (empty text, a busy chat, a bare @command, or the video assistant, which opens its dialog).
   */
  const submit = useCallback(
    (raw: string, images: readonly SentImage[] = [], grounding?: Grounding): boolean => {
      const text = raw.trim();
      // Too long: refused before anything is cleared (the composer says how much to cut).
      if (!text || sendingRef.current || messageLength(text).over) return false;
      const route = routePrompt(text, assistants, currentModel);
      if (route.kind === 'switchOnly') {
        switchModel(route.assistant.id);
        notify(
          'info',
          t('{name} is now answering', { name: route.assistant.name }),
          t('Add your message after {command}.', { command: route.assistant.command }),
        );
        return false;
      }
      if (route.switchTo) switchModel(route.switchTo);
      if (route.kind === 'emptyVideo') {
        // Nothing to draw: the text stays for the user to finish, and no video is started (or counted).
        notify(
          'info',
          t('Describe the video after @video'),
          t('For example: @video a cat surfing at sunset'),
        );
        return false;
      }
      if (route.kind === 'video') {
        dispatch({ type: 'videoAsked', prompt: route.prompt });
        // Taken: the dialog has it, and the composer is empty when the dialog closes.
        return true;
      }
      const pending = pendingPrompt(text, route.assistantId, images, grounding);
      dispatch({ type: 'promptAdded', message: pending });
      void deliver(
        text,
        route.assistantId,
        pending.key,
        images.map((image) => image.id),
        grounding,
      );
      return true;
    },
    [assistants, currentModel, deliver, dispatch, sendingRef, switchModel],
  );

  /** Sends a failed prompt again, in place of its failed entry. */
  const resend = useCallback(
    (key: string) => {
      if (sendingRef.current) return;
      const failed = resendable(messages, key);
      if (!failed) return;
      dispatch({ type: 'resendStarted', key });
      void deliver(
        failed.content,
        failed.model ?? currentModel,
        key,
        failed.imageIds ?? [],
        failed.grounding,
      );
    },
    [currentModel, deliver, dispatch, messages, sendingRef],
  );

  /**
   * Sends an edited prompt: a new version of it, answered anew. The conversation after it is
   * replaced by the new version and its answer (the old ones stay reachable as versions).
   */
  const editMessage = useCallback(
    async (messageId: string, raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || sendingRef.current) return false;
      return sendingPrompt(async (generation) => {
        try {
          const result = await client.mutate({
            mutation: EditMessageMutation,
            variables: { messageId, content: text },
          });
          const payload = result.data?.editMessage;
          if (!payload) throw new Error('editMessage returned no data');
          if (generation !== generationRef.current) return true;
          dispatch({
            type: 'edited',
            messageId,
            userMessage: toUi(payload.userMessage),
            aiMessage: toUi(payload.aiMessage),
          });
          follow(payload.aiMessage.id);
          return true;
        } catch (error) {
          logFailure('Could not edit the message', error);
          showRefusal(dispatch, error, t('Could not send the edited message'), t('Please try again.'));
          return false;
        }
      });
    },
    [client, dispatch, follow, generationRef, sendingPrompt, sendingRef],
  );

  return { submit, resend, editMessage };
}
