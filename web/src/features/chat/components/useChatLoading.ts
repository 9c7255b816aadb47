import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError } from '../../../components/toaster';
import { t } from '../../../lib/i18n';
import { logFailure } from '../../../lib/logFailure';
import { listenToOtherTabs } from '../../../lib/otherTabs';
import { ChatViewQuery, OlderMessagesQuery } from '../graphql';
import { type ChatMode, customKey, DEFAULT_ASSISTANT_ID, isChatMode } from './assistants';
import { toUi } from './chatMessages';
import type { SessionCore } from './sessionCore';

/**
 * Which chat is open and its messages: the URL decides (/chat/:id or ?c=id, or /chat for a new
 * one); the chat's path is loaded from the server, and its earlier pages when the list asks.
 */
export function useChatLoading(
  core: SessionCore,
  {
    urlChatId,
    urlMode,
    olderCursor,
    loadingOlder,
    settleModel,
    stopFollowing,
  }: {
    urlChatId: string | null;
    urlMode: string | null;
    olderCursor: string | null;
    loadingOlder: boolean;
    settleModel: (id: string) => void;
    stopFollowing: () => void;
  },
) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { dispatch, chatIdRef, generationRef, sendingRef, follow } = core;

  const startNewChat = useCallback(
    (nextMode: ChatMode | null = null) => {
      generationRef.current += 1;
      stopFollowing();
      chatIdRef.current = null;
      dispatch({ type: 'newChat', mode: nextMode });
      settleModel(DEFAULT_ASSISTANT_ID);
    },
    [chatIdRef, dispatch, generationRef, settleModel, stopFollowing],
  );

  const loadChat = useCallback(
    async (id: string) => {
      generationRef.current += 1;
      const generation = generationRef.current;
      stopFollowing();
      chatIdRef.current = id;
      dispatch({ type: 'loadStarted', chatId: id });
      try {
        const result = await client.query({
          query: ChatViewQuery,
          variables: { id },
          fetchPolicy: 'network-only',
        });
        if (generation !== generationRef.current) return;
        const fields = result.data?.chat;
        const page = result.data?.messagePage;
        if (!fields || !page) {
          notifyError(t('Error loading chat'), t('Could not load chat messages'));
          navigate('/chat', { replace: true });
          return;
        }
        const saved = page.messages;
        dispatch({
          type: 'loaded',
          chat: fields,
          messages: saved.map(toUi),
          olderCursor: page.olderCursor ?? null,
        });
        // Spec §4: the chat's model when it is one we know, else the default. The catalogue may still
        // be loading; useChatSession puts back the default if the model turns out unknown.
        settleModel(
          fields.activeCustomAssistant
            ? customKey(fields.activeCustomAssistant.id)
            : fields.activeModel || DEFAULT_ASSISTANT_ID,
        );
        for (const message of saved) if (message.status === 'streaming') follow(message.id);
      } catch (error) {
        if (generation !== generationRef.current) return;
        console.error('Could not load the chat', error);
        dispatch({ type: 'loadFailed' });
        notifyError(t('Error loading chat'), t('Could not load chat messages'));
      } finally {
        if (generation === generationRef.current) dispatch({ type: 'loadEnded' });
      }
    },
    [chatIdRef, client, dispatch, follow, generationRef, navigate, settleModel, stopFollowing],
  );

  /** The page of the chat's path above the messages shown, put above them (the list keeps its place). */
  const loadOlder = useCallback(async () => {
    const id = chatIdRef.current;
    if (!id || !olderCursor || loadingOlder) return;
    const generation = generationRef.current;
    dispatch({ type: 'olderStarted' });
    try {
      const result = await client.query({
        query: OlderMessagesQuery,
        variables: { chatId: id, before: olderCursor },
        fetchPolicy: 'no-cache',
      });
      const page = result.data?.messagePage;
      if (generation !== generationRef.current || !page) return;
      dispatch({
        type: 'olderLoaded',
        messages: page.messages.map(toUi),
        olderCursor: page.olderCursor ?? null,
      });
    } catch (error) {
      if (generation !== generationRef.current) return;
      logFailure('Could not load earlier messages', error);
      notifyError(t('Error loading chat'), t('Could not load earlier messages'));
    } finally {
      if (generation === generationRef.current) dispatch({ type: 'olderEnded' });
    }
  }, [chatIdRef, client, dispatch, generationRef, loadingOlder, olderCursor]);

  // The URL is the source of truth for which chat is open.
  useEffect(() => {
    if (urlChatId) {
      if (urlChatId !== chatIdRef.current) void loadChat(urlChatId);
      return;
    }
    const nextMode = isChatMode(urlMode) ? urlMode : null;
    if (chatIdRef.current !== null) startNewChat(nextMode);
    else dispatch({ type: 'modeChosen', mode: nextMode });
  }, [urlChatId, urlMode, loadChat, startNewChat, chatIdRef, dispatch]);

  /**
   * What the open chat has now, without a spinner: after another tab of this browser sent, answered
   * or changed something (its news, lib/otherTabs.ts). Skipped while this tab is sending: its own
   * send is on its way in.
   */
  const refreshChat = useCallback(async () => {
    const id = chatIdRef.current;
    if (!id || sendingRef.current) return;
    const generation = generationRef.current;
    try {
      const result = await client.query({
        query: ChatViewQuery,
        variables: { id },
        fetchPolicy: 'network-only',
      });
      const fields = result.data?.chat;
      const page = result.data?.messagePage;
      if (generation !== generationRef.current || sendingRef.current || !fields || !page) return;
      dispatch({
        type: 'refreshed',
        chat: fields,
        messages: page.messages.map(toUi),
        olderCursor: page.olderCursor ?? null,
      });
      // An answer another tab is waiting for is written here live too.
      for (const message of page.messages) if (message.status === 'streaming') follow(message.id);
    } catch (error) {
      logFailure('Could not refresh the chat', error);
    }
  }, [chatIdRef, client, dispatch, follow, generationRef, sendingRef]);

  useEffect(() => {
    let soon: ReturnType<typeof setTimeout> | undefined;
    const stop = listenToOtherTabs((news) => {
      if (news.kind !== 'chatsChanged') return;
      // A burst (a sent message, then its answer) is one refresh.
      clearTimeout(soon);
      soon = setTimeout(() => void refreshChat(), 150);
    });
    return () => {
      clearTimeout(soon);
      stop();
    };
  }, [refreshChat]);

  const retryLoad = useCallback(() => {
    if (chatIdRef.current) void loadChat(chatIdRef.current);
  }, [chatIdRef, loadChat]);

  return { startNewChat, loadOlder, retryLoad };
}
