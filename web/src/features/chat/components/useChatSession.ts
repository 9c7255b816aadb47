import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useCompareSending } from '../../compare/components/useCompareSending';
import { PromptAllowanceQuery } from '../graphql';
import { type Assistant, DEFAULT_ASSISTANT_ID, findAssistant, withBadges } from './assistants';
import type { UiMessage } from './chatMessages';
import type { SessionCore } from './sessionCore';
import { initialSession, isStreaming, lastPromptId, sessionReducer } from './sessionState';
import { useAnswerActions } from './useAnswerActions';
import { useAnswerStreams } from './useAnswerStreams';
import { useChatLoading } from './useChatLoading';
import { useModelChoice } from './useModelChoice';
import { usePromptSending } from './usePromptSending';
import { useVersionPaths } from './useVersionPaths';

export type { UiMessage, UpgradeNotice } from './chatMessages';

/**
 * The state of the chat screen (spec §3 "Chat UI state"): the active chat, its messages, the
 * current model, and the answers being written. The state and its rules are a reducer
 * (sessionState.ts); the work is done by one hook per purpose: which chat is open
 * (useChatLoading), prompts on their way (usePromptSending), answers (useAnswerStreams,
 * useAnswerActions), versions (useVersionPaths) and the model answering (useModelChoice).
 */
export function useChatSession({
  urlChatId,
  urlMode,
  assistants: catalogue,
}: {
  urlChatId: string | null;
  urlMode: string | null;
  assistants: readonly Assistant[];
}) {
  const client = useApolloClient();
  const [state, dispatch] = useReducer(sessionReducer, urlMode, initialSession);
  const { messages } = state;
  // The catalogue, and the custom assistants this chat used that it doesn't list (assistants.ts).
  const activeCustom = state.chat?.activeCustomAssistant;
  const assistants = useMemo(
    () =>
      catalogue.length === 0
        ? catalogue
        : withBadges(catalogue, [activeCustom, ...messages.map((m) => m.customAssistant)]),
    [catalogue, activeCustom, messages],
  );

  const { currentModel, settleModel, switchModel, revertModel, answered, refused } = useModelChoice();

  // Async work compares against these, so a reply for a chat the user has left changes nothing.
  const chatIdRef = useRef<string | null>(null);
  const generationRef = useRef(0);
  const sendingRef = useRef(false);
  const patchMessage = useCallback(
    (id: string, patch: (message: UiMessage) => UiMessage) => dispatch({ type: 'patched', id, patch }),
    [],
  );
  const { follow, stopFollowing } = useAnswerStreams(generationRef, patchMessage);
  const core = useMemo<SessionCore>(
    () => ({ dispatch, chatIdRef, generationRef, sendingRef, follow }),
    [follow],
  );

  const refreshAllowance = useCallback(() => {
    client.refetchQueries({ include: [PromptAllowanceQuery] }).catch((error: unknown) => {
      console.error('Could not refresh the prompt allowance', error);
    });
  }, [client]);

  const { startNewChat, loadOlder, retryLoad } = useChatLoading(core, {
    urlChatId,
    urlMode,
    olderCursor: state.olderCursor,
    loadingOlder: state.loadingOlder,
    settleModel,
    stopFollowing,
  });
  const { submit, resend, editMessage } = usePromptSending(core, {
    assistants,
    messages,
    mode: state.mode,
    currentModel,
    switchModel,
    answered,
    refused,
    refreshAllowance,
  });
  // One prompt to several assistants side by side (features/compare).
  const submitCompare = useCompareSending(core, { refreshAllowance });
  const { stop, regenerate } = useAnswerActions(core, { messages, refreshAllowance });
  const { selectVersion, showMessage, returnToPreviousPath } = useVersionPaths(core, {
    messages,
    switchedFrom: state.switchedFrom,
  });

  // Unknown model ids fall back to the default (also when a catalogue refresh drops one).
  useEffect(() => {
    if (assistants.length > 0 && !findAssistant(assistants, currentModel)) settleModel(DEFAULT_ASSISTANT_ID);
  }, [assistants, currentModel, settleModel]);

  /** Up arrow in an empty composer: edit the last prompt of the chat. */
  const editLast = useCallback((): boolean => {
    const last = lastPromptId(messages);
    if (!last) return false;
    dispatch({ type: 'editing', id: last });
    return true;
  }, [messages]);

  /** Another answer took this one's place on the path (a compare's merged answer): shown, and followed. */
  const replaceAnswer = useCallback(
    (id: string, message: UiMessage) => {
      dispatch({ type: 'rewritten', id, message });
      if (message.id && message.status === 'streaming') follow(message.id);
    },
    [follow],
  );

  const setEditingId = useCallback((id: string | null) => dispatch({ type: 'editing', id }), []);

  /** The assistant list: the chat moves to it (to the video generator only until its dialog closes). */
  const chooseModel = useCallback(
    (id: string) => (findAssistant(assistants, id)?.kind === 'video' ? switchModel(id) : settleModel(id)),
    [assistants, settleModel, switchModel],
  );

  /** The video dialog closed: the composer goes back to the assistant before @video. */
  const closeVideo = useCallback(() => {
    dispatch({ type: 'videoClosed' });
    revertModel();
  }, [revertModel]);

  return {
    assistants,
    chatId: state.chatId,
    chat: state.chat,
    messages,
    loadingChat: state.loadingChat,
    loadFailed: state.loadFailed,
    hasOlder: state.olderCursor !== null,
    loadingOlder: state.loadingOlder,
    loadOlder,
    currentModel,
    /** The composer's @command chips and typing: undone when the command is refused or its dialog closes. */
    switchModel,
    chooseModel,
    mode: state.mode,
    sending: state.sending,
    streaming: isStreaming(messages),
    upgrade: state.upgrade,
    dismissUpgrade: () => dispatch({ type: 'upgradeDismissed' }),
    videoPrompt: state.videoPrompt,
    closeVideo,
    startNewChat,
    submit,
    submitCompare,
    resend,
    stop,
    regenerate,
    retryLoad,
    editingId: state.editingId,
    setEditingId,
    editMessage,
    editLast,
    selectVersion,
    replaceAnswer,
    showMessage,
    switchedFrom: state.switchedFrom,
    returnToPreviousPath,
    dismissSwitch: () => dispatch({ type: 'switchDismissed' }),
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
