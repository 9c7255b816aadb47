import { useApolloClient } from '@apollo/client/react';
import { detectDuration } from '@chorus/shared/videoRules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Subscription } from 'rxjs';
import { notify, notifyError } from '../../../components/toaster';
import type { ChatFieldsFragment, MessageFieldsFragment } from '../../../graphql/__generated__/graphql';
import { readApiFailure } from '../../../graphql/errors';
import { logFailure } from '../../../lib/logFailure';
import { notifyFailure } from '../../../lib/mutationToast';
import {
  AnswerStreamSubscription,
  ChatsQuery,
  ChatViewQuery,
  PromptAllowanceQuery,
  RegenerateMutation,
  SendMessageMutation,
  StopGenerationMutation,
} from '../graphql';
import {
  type Assistant,
  type ChatMode,
  DEFAULT_ASSISTANT_ID,
  findAssistant,
  isChatMode,
  parseCommand,
} from './assistants';
import type { SentImage } from './useImageAttachments';

/** One entry of the message list: a saved message, or the user's prompt while it is being sent. */
export interface UiMessage {
  /** Stable React key: a temporary entry keeps it when the server's copy replaces it. */
  key: string;
  /** Null while the entry is temporary (not saved yet). */
  id: string | null;
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  /** complete, streaming, error or stopped. */
  status: string;
  error: string | null;
  createdAt: string;
  /** A temporary user entry waiting for the server. */
  pending?: boolean;
  /** A temporary user entry whose send failed; it stays, with a way to try again. */
  failed?: boolean;
  /** URLs of the images attached to a prompt (or generated as an answer). */
  images: readonly string[];
  /** The uploaded images' ids, kept on a temporary entry so a failed send can be tried again. */
  imageIds?: readonly string[];
}

export interface UpgradeNotice {
  message: string;
  url: string;
  /** The allowance that refused: prompts, image_analysis, image_generation or videos. */
  feature?: string;
}

const STREAM_RETRIES = 3;
const LOST_STREAM = 'Lost the connection while this answer was being written. Reload the page to see it.';

/** A saved message; a just-created answer comes without `images` (it has none yet). */
type SavedMessage = Omit<MessageFieldsFragment, 'images'> & { images?: readonly string[] };

function toUi(message: SavedMessage): UiMessage {
  return {
    key: message.id,
    id: message.id,
    role: message.role === 'user' ? 'user' : 'assistant',
    content: message.content,
    model: message.model ?? null,
    status: message.status,
    error: message.error ?? null,
    createdAt: message.createdAt,
    images: message.images ?? [],
  };
}

let tempCounter = 0;

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
  const [currentModel, setCurrentModelState] = useState(DEFAULT_ASSISTANT_ID);
  const [mode, setMode] = useState<ChatMode | null>(isChatMode(urlMode) ? urlMode : null);
  const [sending, setSending] = useState(false);
  const [upgrade, setUpgrade] = useState<UpgradeNotice | null>(null);
  const [videoPrompt, setVideoPrompt] = useState<string | null>(null);

  // The assistant shown in the composer, and the one to go back to when a command typed or picked
  // since is refused, or its video dialog closes: "@video …" or a refused "@image …" must not leave
  // the chat on that assistant, or the next plain message makes another video or fails again.
  const currentModelRef = useRef(DEFAULT_ASSISTANT_ID);
  const returnToRef = useRef<string | null>(null);
  const showModel = useCallback((id: string) => {
    currentModelRef.current = id;
    setCurrentModelState(id);
  }, []);
  /** The chat is on this assistant (loaded, sent to, chosen in the list): nothing to go back to. */
  const settleModel = useCallback(
    (id: string) => {
      showModel(id);
      returnToRef.current = null;
    },
    [showModel],
  );
  /** A command typed or picked: shown at once, undone if what it starts is refused or closed. */
  const switchModel = useCallback(
    (id: string) => {
      if (id === currentModelRef.current) return;
      if (returnToRef.current === null) returnToRef.current = currentModelRef.current;
      showModel(id);
    },
    [showModel],
  );
  /** Back to the assistant before the pending command, if there is one. */
  const revertModel = useCallback(() => {
    const back = returnToRef.current;
    returnToRef.current = null;
    if (back !== null) showModel(back);
  }, [showModel]);

  // Async work compares against these, so a reply for a chat the user has left changes nothing.
  const chatIdRef = useRef<string | null>(null);
  const generationRef = useRef(0);
  const sendingRef = useRef(false);
  const streams = useRef(new Map<string, Subscription>());
  const retryTimers = useRef(new Set<number>());

  const stopFollowing = useCallback(() => {
    for (const subscription of streams.current.values()) subscription.unsubscribe();
    streams.current.clear();
    for (const timer of retryTimers.current) window.clearTimeout(timer);
    retryTimers.current.clear();
  }, []);

  useEffect(() => stopFollowing, [stopFollowing]);

  const patchMessage = useCallback((id: string, patch: (message: UiMessage) => UiMessage) => {
    setMessages((current) => current.map((message) => (message.id === id ? patch(message) : message)));
  }, []);

  const refreshAllowance = useCallback(() => {
    client.refetchQueries({ include: [PromptAllowanceQuery] }).catch((error: unknown) => {
      console.error('Could not refresh the prompt allowance', error);
    });
  }, [client]);

  /** Follows an answer as it is written: a snapshot, then deltas, then `done` with the final text. */
  const follow = useCallback(
    (messageId: string, attempt = 0) => {
      streams.current.get(messageId)?.unsubscribe();
      const generation = generationRef.current;
      let finished = false;

      const lost = (error: unknown) => {
        streams.current.delete(messageId);
        if (generation !== generationRef.current) return;
        if (attempt < STREAM_RETRIES) {
          // The snapshot sent on resubscribing puts back anything missed meanwhile.
          const timer = window.setTimeout(
            () => {
              retryTimers.current.delete(timer);
              if (generation === generationRef.current) follow(messageId, attempt + 1);
            },
            500 * (attempt + 1),
          );
          retryTimers.current.add(timer);
          return;
        }
        console.error('Lost the answer stream', error);
        patchMessage(messageId, (message) => ({ ...message, status: 'error', error: LOST_STREAM }));
      };

      let subscription: Subscription | undefined;
      subscription = client
        .subscribe({ query: AnswerStreamSubscription, variables: { messageId }, fetchPolicy: 'no-cache' })
        .subscribe({
          next: (result) => {
            if (finished) return;
            const event = result.data?.answerStream;
            if (result.error || !event) {
              finished = true;
              subscription?.unsubscribe();
              lost(result.error);
              return;
            }
            if (event.kind === 'done') {
              finished = true;
              streams.current.delete(messageId);
            }
            patchMessage(messageId, (message) => {
              if (event.kind === 'snapshot') return { ...message, content: event.text, status: 'streaming' };
              if (event.kind === 'delta')
                return { ...message, content: message.content.slice(0, event.offset) + event.text };
              return { ...message, content: event.text, status: event.status, error: event.error ?? null };
            });
          },
          error: (error: unknown) => {
            if (finished) return;
            finished = true;
            lost(error);
          },
          complete: () => {
            if (finished) return;
            finished = true;
            lost(new Error('The answer stream ended before the answer was done'));
          },
        });
      if (!finished) streams.current.set(messageId, subscription);
      else subscription.unsubscribe();
    },
    [client, patchMessage],
  );

  const startNewChat = useCallback(
    (nextMode: ChatMode | null = null) => {
      generationRef.current += 1;
      stopFollowing();
      chatIdRef.current = null;
      setChatId(null);
      setChat(null);
      setMessages([]);
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
        const loaded = result.data?.chat;
        if (!loaded) {
          notifyError('Error loading chat', 'Could not load chat messages');
          navigate('/chat', { replace: true });
          return;
        }
        const { messages: saved, ...fields } = loaded;
        setChat(fields);
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

  const deliver = useCallback(
    async (text: string, assistantId: string, key: string, imageIds: readonly string[]) => {
      const generation = generationRef.current;
      const creating = chatIdRef.current === null;
      sendingRef.current = true;
      setSending(true);
      setUpgrade(null);
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
              list && !list.chats.some((c) => c.id === sent.id)
                ? { chats: [sent, ...list.chats] }
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
        const used = payload.activeModel ?? assistantId;
        // Unless another command has been typed meanwhile, the chat is now on the assistant that answered.
        if (currentModelRef.current === assistantId) settleModel(used);
        else if (returnToRef.current !== null) returnToRef.current = used;
        if (creating) navigate(`/chat/${payload.chat.id}`);
        follow(payload.aiMessage.id);
      } catch (error) {
        if (generation === generationRef.current) {
          // A refused command ("@image" on a free plan) leaves the chat on the assistant it was on.
          if (currentModelRef.current === assistantId) revertModel();
          setMessages((current) =>
            current.map((message) =>
              message.key === key ? { ...message, pending: false, failed: true } : message,
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
      } finally {
        sendingRef.current = false;
        setSending(false);
        refreshAllowance();
      }
    },
    [client, follow, mode, navigate, refreshAllowance, revertModel, settleModel, showRefusal],
  );

  /**
   * Sends what the composer holds. Returns false when nothing was sent and the text should stay
   * (empty text, a busy chat, a bare @command, or the video assistant, which opens its dialog).
   */
  const submit = useCallback(
    (raw: string, images: readonly SentImage[] = []): boolean => {
      const text = raw.trim();
      if (!text || sendingRef.current) return false;
      const { assistant: commanded, rest } = parseCommand(text, assistants);
      const target = commanded ?? findAssistant(assistants, currentModel);
      if (target?.kind === 'video' || (!commanded && currentModel === 'video')) {
        if (commanded) switchModel(commanded.id);
        const prompt = commanded ? rest : text;
        // Nothing to draw (a bare @video, or only a length like "8 seconds"): the text stays for
        // the user to finish, and no video is started (or counted).
        if (!detectDuration(prompt).prompt) {
          notify('info', 'Describe the video after @video', 'For example: @video a cat surfing at sunset');
          return false;
        }
        setVideoPrompt(prompt);
        // Taken: the dialog has it, and the composer is empty when the dialog closes.
        return true;
      }
      if (commanded && !rest) {
        switchModel(commanded.id);
        notify('info', `${commanded.name} is now answering`, `Add your message after ${commanded.command}.`);
        return false;
      }
      const assistantId = commanded?.id ?? currentModel;
      if (commanded) switchModel(commanded.id);
      tempCounter += 1;
      const key = `temp-${tempCounter}`;
      setMessages((current) => [
        ...current,
        {
          key,
          id: null,
          role: 'user',
          content: text,
          model: assistantId,
          status: 'complete',
          error: null,
          createdAt: new Date().toISOString(),
          pending: true,
          images: images.map((image) => image.url),
          imageIds: images.map((image) => image.id),
        },
      ]);
      void deliver(
        text,
        assistantId,
        key,
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
      if (!failed) return;
      setMessages((current) =>
        current.map((message) =>
          message.key === key ? { ...message, failed: false, pending: true } : message,
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
      try {
        const result = await client.mutate({ mutation: RegenerateMutation, variables: { messageId } });
        const rewritten = result.data?.regenerate;
        if (!rewritten || generation !== generationRef.current) return;
        patchMessage(messageId, (message) => ({ ...toUi(rewritten), key: message.key }));
        follow(messageId);
      } catch (error) {
        logFailure('Could not regenerate the answer', error);
        showRefusal(error, 'Could not write the answer again', 'Please try again.');
      } finally {
        refreshAllowance();
      }
    },
    [client, follow, patchMessage, refreshAllowance, showRefusal],
  );

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
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
