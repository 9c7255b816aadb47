import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { msg, t } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { SelectMessageVersionMutation } from '../graphql';
import { toUi, type UiMessage } from './chatMessages';
import type { SessionCore } from './sessionCore';
import { cursorAbove, lastSavedId } from './sessionState';

/**
 * Which version of the conversation is shown: the version arrows, a search result on another
 * version (remembered, with a way back), and the way back itself.
 */
export function useVersionPaths(
  core: SessionCore,
  { messages, switchedFrom }: { messages: readonly UiMessage[]; switchedFrom: string | null },
) {
  const client = useApolloClient();
  const { dispatch, chatIdRef, generationRef, follow } = core;

  /**
   * Makes the chat's path go through `messageId` (the server keeps the path when it already does)
   * and shows it; answers the new path's last message id, or undefined when nothing was shown.
   */
  const goThrough = useCallback(
    async (messageId: string, failure: string): Promise<string | null | undefined> => {
      const id = chatIdRef.current;
      if (!id) return undefined;
      const generation = generationRef.current;
      try {
        const result = await client.mutate({
          mutation: SelectMessageVersionMutation,
          variables: { chatId: id, messageId },
        });
        const path = result.data?.selectMessageVersion;
        if (!path || generation !== generationRef.current) return undefined;
        dispatch({ type: 'pathShown', path: path.map(toUi), olderCursor: cursorAbove(path) });
        for (const message of path) if (message.status === 'streaming') follow(message.id);
        return path.at(-1)?.id ?? null;
      } catch (error) {
        notifyFailure(t(failure), error);
        return undefined;
      }
    },
    [chatIdRef, client, dispatch, follow, generationRef],
  );

  /** Shows another version of a turn: the chat's path is loaded again through it. */
  const selectVersion = useCallback(
    async (messageId: string) => {
      await goThrough(messageId, msg('Could not show that version'));
    },
    [goThrough],
  );

  /**
   * Opens the chat at a message (a search result). One further up the path shown is loaded in
   * place; one on another version of the conversation (an edited prompt, an older answer) is shown
   * the way the version arrows show it: the chat's path goes through it. The path left is
   * remembered, and the screen says so, with a way back.
   */
  const showMessage = useCallback(
    async (messageId: string) => {
      if (messages.some((message) => message.id === messageId)) return;
      const leaf = lastSavedId(messages);
      const shownLeaf = await goThrough(messageId, msg('Could not open the chat at that message'));
      if (shownLeaf !== undefined && shownLeaf !== leaf) dispatch({ type: 'switched', from: leaf });
    },
    [dispatch, goThrough, messages],
  );

  /** Back to the path the chat was on before a search result switched it. */
  const returnToPreviousPath = useCallback(async () => {
    const leaf = switchedFrom;
    dispatch({ type: 'switchDismissed' });
    if (leaf) await selectVersion(leaf);
  }, [dispatch, selectVersion, switchedFrom]);

  return { selectVersion, showMessage, returnToPreviousPath };
}
