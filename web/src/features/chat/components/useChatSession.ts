import { useApolloClient } from '@apollo/client/react';
import { messageLength } from '@chorus/shared/chatRules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify, notifyError } from '../../../components/toaster';
import type { ChatFieldsFragment } from '../../../graphql/__generated__/graphql';
import { readApiFailure } from '../../../graphql/errors';
import { logFailure } from '../../../lib/logFailure';
import { notifyFailure } from '../../../lib/mutationToast';
import {
  ChatsQuery,
  ChatViewQuery,
  EditMessageMutation,
  OlderMessagesQuery,
  PromptAllowanceQuery,
  RegenerateMutation,
  SelectMessageVersionMutation,
  SendMessageMutation,
  StopGenerationMutation,
} from '../graphql';
import { type Assistant, type ChatMode, DEFAULT_ASSISTANT_ID, findAssistant, isChatMode } from './assistants';
import { pendingPrompt, toUi, type UiMessage, type UpgradeNotice } from './chatMessages';
import { routePrompt } from './promptRouting';
import { sendFailureOf } from './sendFailure';
import { useAnswerStreams } from './useAnswerStreams';
import type { SentImage } from './useImageAttachments';
import { useModelChoice } from './useModelChoice';

export type { UiMessage, UpgradeNotice } from './chatMessages';

/**
 * The state of the chat screen (spec §3 "Chat UI state"): the active chat, its messages, the
 * current model, and the answers being written. The URL decides which chat is open; sending the
 * first message of a new chat creates it on the server and moves the URL to it.
 */
export function useChatSession({
  urlChatId,
  urlMode,
  assistants,
}: {
  urlChatId: string | null;
  urlMode: string | null;
  assistants: readonly Assistant[];
}) {
  const client = useApolloClient();
  const navigate = useNavigate();

  const [chatId, setChatId] = useState<string | null>(null);
  const [chat, setChat] = useState<ChatFieldsFragment | null>(null);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [loadingChat, setLoadingChat] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // The cursor of the page above the messages shown (the first one's id); null at the chat's start.
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [mode, setMode] = useState<ChatMode | null>(isChatMode(urlMode) ? urlMode : null);
  const [sending, setSending] = useState(false);
  const [upgrade, setUpgrade] = useState<UpgradeNotice | null>(null);
  const [videoPrompt, setVideoPrompt] = useState<string | null>(null);
  /**
   * The path the chat was on before a search result switched it to another version (its last
   * message), so the user can go back; null when no such switch is on show.
   */
  const [switchedFrom, setSwitchedFrom] = useState<string | null>(null);

  const { currentModel, settleModel, switchModel, revertModel, answered, refused } = useModelChoice();

  // Async work compares against these, so a reply for a chat the user has left changes nothing.
  const chatIdRef = useRef<string | null>(null);
  const generationRef = useRef(0);
  const sendingRef = useRef(false);
  const patchMessage = useCallback((id: string, patch: (message: UiMessage) => UiMessage) => {
    setMessages((current) => current.map((message) => (message.id === id ? patch(message) : message)));
  }, []);

  const refreshAllowance = useCallback(() => {
    client.refetchQueries({ include: [PromptAllowanceQuery] }).catch((error: unknown) => {
      console.error('Could not refresh the prompt allowance', error);
    });
  }, [client]);

  const { follow, stopFollowing } = useAnswerStreams(generationRef, patchMessage);

  const startNewChat = useCallback(
    (nextMode: ChatMode | null = null) => {
      generationRef.current += 1;
      stopFollowing();
      chatIdRef.current = null;
      setChatId(null);
      setChat(null);
      setMessages([]);
      setOlderCursor(null);
      setLoadingOlder(false);
      setLoadingChat(false);
      setLoadFailed(false);
      settleModel(DEFAULT_ASSISTANT_ID);
      setMode(nextMode);
      setUpgrade(null);
    },
    [settleModel, stopFollowing],
  );

  const loadChat = useCallback(
    async (id: string) => {
      generationRef.current += 1;
      const generation = generationRef.current;
      stopFollowing();
      chatIdRef.current = id;
      setChatId(id);
      setChat(null);
      setMessages([]);
      setOlderCursor(null);
      setLoadingOlder(false);
      setLoadingChat(true);
      setLoadFailed(false);
      setUpgrade(null);
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
          notifyError('Error loading chat', 'Could not load chat messages');
          navigate('/chat', { replace: true });
          return;
        }
        const saved = page.messages;
        setChat(fields);
        setOlderCursor(page.olderCursor ?? null);
        setMode(isChatMode(fields.mode) ? fields.mode : null);
        // Spec §4: the chat's model when it is one we know, else the default. The catalogue may still
        // be loading; the check below puts back the default if the model turns out unknown.
        settleModel(fields.activeModel || DEFAULT_ASSISTANT_ID);
        setMessages(saved.map(toUi));
        for (const message of saved) if (message.status === 'streaming') follow(message.id);
      } catch (error) {
        if (generation !== generationRef.current) return;
        console.error('Could not load the chat', error);
        setLoadFailed(true);
        notifyError('Error loading chat', 'Could not load chat messages');
      } finally {
        if (generation === generationRef.current) setLoadingChat(false);
      }
    },
    [client, follow, navigate, settleModel, stopFollowing],
  );

  /** The page of the chat's path above the messages shown, put above them (the list keeps its place). */
  const loadOlder = useCallback(async () => {
    const id = chatIdRef.current;
    if (!id || !olderCursor || loadingOlder) return;
    const generation = generationRef.current;
    setLoadingOlder(true);
    try {
      const result = await client.query({
        query: OlderMessagesQuery,
        variables: { chatId: id, before: olderCursor },
        fetchPolicy: 'no-cache',
      });
      const page = result.data?.messagePage;
      if (generation !== generationRef.current || !page) return;
      setMessages((current) => {
        const shown = new Set(current.map((message) => message.id));
        return [...page.messages.filter((message) => !shown.has(message.id)).map(toUi), ...current];
      });
      setOlderCursor(page.olderCursor ?? null);
    } catch (error) {
      if (generation !== generationRef.current) return;
      logFailure('Could not load earlier messages', error);
      notifyError('Error loading chat', 'Could not load earlier messages');
    } finally {
      if (generation === generationRef.current) setLoadingOlder(false);
    }
  }, [client, loadingOlder, olderCursor]);

  // The URL is the source of truth for which chat is open: /chat/:id (or ?c=id), or /chat for a new one.
  useEffect(() => {
    if (urlChatId) {
      if (urlChatId !== chatIdRef.current) void loadChat(urlChatId);
      return;
    }
    const nextMode = isChatMode(urlMode) ? urlMode : null;
    if (chatIdRef.current !== null) startNewChat(nextMode);
    else setMode(nextMode);
  }, [urlChatId, urlMode, loadChat, startNewChat]);

  // Unknown model ids fall back to the default (also when a catalogue refresh drops one).
  useEffect(() => {
    if (assistants.length > 0 && !findAssistant(assistants, currentModel)) settleModel(DEFAULT_ASSISTANT_ID);
  }, [assistants, currentModel, settleModel]);

  /** A plan's refusal shows the upgrade notice; anything else a toast, with the server's reason if it gave one. */
  const showRefusal = useCallback(
    (error: unknown, title: string, fallback: string, explain = (reason: string) => reason) => {
      const failure = readApiFailure(error);
      if (failure.kind === 'rejected' && failure.code === 'PAYMENT_REQUIRED') {
        setUpgrade({
          message: failure.message,
          url: failure.upgradeUrl ?? '/plans',
          feature: failure.feature,
        });
      } else {
        notifyError(title, failure.kind === 'rejected' ? explain(failure.message) : fallback);
      }
    },
    [],
  );

  /**
   * A prompt on its way (sent, or edited and sent again): one at a time, the notices it answers
   * cleared, the allowance read again once it is through. `send` gets the generation it started in.
   */
  const sendingPrompt = useCallback(
    async <T>(send: (generation: number) => Promise<T>): Promise<T> => {
      const generation = generationRef.current;
      sendingRef.current = true;
      setSending(true);
      setUpgrade(null);
      // Writing on the version shown makes it the user's path: nothing left to go back to.
      setSwitchedFrom(null);
      try {
        return await send(generation);
      } finally {
        sendingRef.current = false;
        setSending(false);
        refreshAllowance();
      }
    },
    [refreshAllowance],
  );

  const deliver = useCallback(
    (text: string, assistantId: string, key: string, imageIds: readonly string[]) => {
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
              },
            },
            // A new chat joins the top of My Chats; the others are updated in place by their id.
            update: (cache, { data }) => {
              const sent = data?.sendMessage.chat;
              if (!sent) return;
              cache.updateQuery({ query: ChatsQuery }, (list) =>
                list && !list.chatPage.chats.some((c) => c.id === sent.id)
                  ? { chatPage: { ...list.chatPage, chats: [sent, ...list.chatPage.chats] } }
                  : undefined,
              );
            },
          });
          const payload = result.data?.sendMessage;
          if (!payload) throw new Error('sendMessage returned no data');
          if (generation !== generationRef.current) return;
          setMessages((current) => [
            ...current.map((message) =>
              message.key === key ? { ...toUi(payload.userMessage), key } : message,
            ),
            toUi(payload.aiMessage),
          ]);
          chatIdRef.current = payload.chat.id;
          setChatId(payload.chat.id);
          setChat(payload.chat);
          answered(assistantId, payload.activeModel ?? assistantId);
          if (creating) navigate(`/chat/${payload.chat.id}`);
          follow(payload.aiMessage.id);
        } catch (error) {
          if (generation === generationRef.current) {
            refused(assistantId);
            const failure = sendFailureOf(readApiFailure(error));
            setMessages((current) =>
              current.map((message) =>
                message.key === key ? { ...message, pending: false, failed: true, failure } : message,
              ),
            );
          }
          logFailure('Could not send the message', error);
          if (creating && readApiFailure(error).kind === 'unexpected') {
            notifyError('Error creating chat', 'Could not create a new chat');
          } else {
            // Spec §8's wording, followed by what the server said was wrong.
            showRefusal(
              error,
              'Error sending message',
              'Could not send message',
              (reason) => `Could not send message: ${reason}`,
            );
          }
        }
      });
    },
    [answered, client, follow, mode, navigate, refused, sendingPrompt, showRefusal],
  );

  /**
   * Sends what the composer holds. Returns false when nothing was sent and the text should stay
   * (empty text, a busy chat, a bare @command, or the video assistant, which opens its dialog).
   */
  const submit = useCallback(
    (raw: string, images: readonly SentImage[] = []): boolean => {
      const text = raw.trim();
      // Too long: refused before anything is cleared (the composer says how much to cut).
      if (!text || sendingRef.current || messageLength(text).over) return false;
      const route = routePrompt(text, assistants, currentModel);
      if (route.kind === 'switchOnly') {
        switchModel(route.assistant.id);
        notify(
          'info',
          `${route.assistant.name} is now answering`,
          `Add your message after ${route.assistant.command}.`,
        );
        return false;
      }
      if (route.switchTo) switchModel(route.switchTo);
      if (route.kind === 'emptyVideo') {
        // Nothing to draw: the text stays for the user to finish, and no video is started (or counted).
        notify('info', 'Describe the video after @video', 'For example: @video a cat surfing at sunset');
        return false;
      }
      if (route.kind === 'video') {
        setVideoPrompt(route.prompt);
        // Taken: the dialog has it, and the composer is empty when the dialog closes.
        return true;
      }
      const pending = pendingPrompt(text, route.assistantId, images);
      setMessages((current) => [...current, pending]);
      void deliver(
        text,
        route.assistantId,
        pending.key,
        images.map((image) => image.id),
      );
      return true;
    },
    [assistants, currentModel, deliver, switchModel],
  );

  /** Sends a failed prompt again, in place of its failed entry. */
  const resend = useCallback(
    (key: string) => {
      if (sendingRef.current) return;
      const failed = messages.find((message) => message.key === key && message.failed);
      // A refusal of the text or by the plan would only be refused again.
      if (!failed || (failed.failure && failed.failure.kind !== 'retry')) return;
      setMessages((current) =>
        current.map((message) =>
          message.key === key ? { ...message, failed: false, failure: undefined, pending: true } : message,
        ),
      );
      void deliver(failed.content, failed.model ?? currentModel, key, failed.imageIds ?? []);
    },
    [currentModel, deliver, messages],
  );

  const stop = useCallback(async () => {
    const writing = messages.filter((message) => message.status === 'streaming' && message.id);
    try {
      await Promise.all(
        writing.map((message) =>
          client.mutate({ mutation: StopGenerationMutation, variables: { messageId: message.id! } }),
        ),
      );
    } catch (error) {
      notifyFailure('Could not stop the answer', error);
    }
  }, [client, messages]);

  /** Writes an answer again: "Retry" after an error or a stop, "Regenerate" for the last answer. */
  const regenerate = useCallback(
    async (messageId: string) => {
      const generation = generationRef.current;
      setUpgrade(null);
      setSwitchedFrom(null);
      try {
        const result = await client.mutate({ mutation: RegenerateMutation, variables: { messageId } });
        const rewritten = result.data?.regenerate;
        if (!rewritten || generation !== generationRef.current) return;
        // Another version of an answer the user got is a new message in its place (the old one stays
        // a version); a retry rewrites the same one.
        patchMessage(messageId, (message) => ({ ...toUi(rewritten), key: message.key }));
        follow(rewritten.id);
      } catch (error) {
        logFailure('Could not regenerate the answer', error);
        showRefusal(error, 'Could not write the answer again', 'Please try again.');
      } finally {
        refreshAllowance();
      }
    },
    [client, follow, patchMessage, refreshAllowance, showRefusal],
  );

  /** The prompt being edited in place (its id), if any. */
  const [editingId, setEditingId] = useState<string | null>(null);

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
          setMessages((current) => {
            const at = current.findIndex((message) => message.id === messageId);
            return [
              ...current.slice(0, at < 0 ? current.length : at),
              toUi(payload.userMessage),
              toUi(payload.aiMessage),
            ];
          });
          setEditingId(null);
          follow(payload.aiMessage.id);
          return true;
        } catch (error) {
          logFailure('Could not edit the message', error);
          showRefusal(error, 'Could not send the edited message', 'Please try again.');
          return false;
        }
      });
    },
    [client, follow, sendingPrompt, showRefusal],
  );

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
        setEditingId(null);
        setMessages(path.map(toUi));
        // The cursor is the first message's id (schema/chat.graphql): it has messages above it when it follows one.
        setOlderCursor(path[0]?.parentId ? path[0].id : null);
        for (const message of path) if (message.status === 'streaming') follow(message.id);
        return path.at(-1)?.id ?? null;
      } catch (error) {
        notifyFailure(failure, error);
        return undefined;
      }
    },
    [client, follow],
  );

  /** Shows another version of a turn: the chat's path is loaded again through it. */
  const selectVersion = useCallback(
    async (messageId: string) => {
      await goThrough(messageId, 'Could not show that version');
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
      const leaf = [...messages].reverse().find((message) => message.id)?.id ?? null;
      const shownLeaf = await goThrough(messageId, 'Could not open the chat at that message');
      if (shownLeaf !== undefined && shownLeaf !== leaf) setSwitchedFrom(leaf);
    },
    [goThrough, messages],
  );

  /** Back to the path the chat was on before a search result switched it. */
  const returnToPreviousPath = useCallback(async () => {
    const leaf = switchedFrom;
    setSwitchedFrom(null);
    if (leaf) await selectVersion(leaf);
  }, [selectVersion, switchedFrom]);

  // Any other chat, or any other way of moving between versions, ends the notice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chatId is the trigger, not read
  useEffect(() => setSwitchedFrom(null), [chatId]);

  /** Up arrow in an empty composer: edit the last prompt of the chat. */
  const editLast = useCallback((): boolean => {
    const last = [...messages].reverse().find((message) => message.role === 'user' && message.id);
    if (!last?.id) return false;
    setEditingId(last.id);
    return true;
  }, [messages]);

  const retryLoad = useCallback(() => {
    if (chatIdRef.current) void loadChat(chatIdRef.current);
  }, [loadChat]);

  const streaming = messages.some((message) => message.status === 'streaming');

  /** The assistant list: the chat moves to it (to the video generator only until its dialog closes). */
  const chooseModel = useCallback(
    (id: string) => (findAssistant(assistants, id)?.kind === 'video' ? switchModel(id) : settleModel(id)),
    [assistants, settleModel, switchModel],
  );

  /** The video dialog closed: the composer goes back to the assistant before @video. */
  const closeVideo = useCallback(() => {
    setVideoPrompt(null);
    revertModel();
  }, [revertModel]);

  return {
    chatId,
    chat,
    messages,
    loadingChat,
    loadFailed,
    hasOlder: olderCursor !== null,
    loadingOlder,
    loadOlder,
    currentModel,
    /** The composer's @command chips and typing: undone when the command is refused or its dialog closes. */
    switchModel,
    chooseModel,
    mode,
    sending,
    streaming,
    upgrade,
    dismissUpgrade: () => setUpgrade(null),
    videoPrompt,
    closeVideo,
    startNewChat,
    submit,
    resend,
    stop,
    regenerate,
    retryLoad,
    editingId,
    setEditingId,
    editMessage,
    editLast,
    selectVersion,
    showMessage,
    switchedFrom,
    returnToPreviousPath,
    dismissSwitch: () => setSwitchedFrom(null),
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
