import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Assistant } from './assistants';
import { MessageBubble, PendingAnswer } from './MessageBubble';
import type { ChatSession } from './useChatSession';
import { useFocusAfterPathChange } from './useFocusAfterPathChange';

/**
 * What the list shows and does of the open chat's session: its path of messages (while `sending`, a
 * prompt is on its way and an answer bubble with the typing indicator stands for the answer), the
 * older pages above them (`hasOlder`: scrolling near the top loads them), resending, and editing a
 * prompt in place.
 */
type ShownSession = Pick<
  ChatSession,
  | 'messages'
  | 'sending'
  | 'streaming'
  | 'loadingChat'
  | 'loadFailed'
  | 'retryLoad'
  | 'hasOlder'
  | 'loadingOlder'
  | 'loadOlder'
  | 'resend'
  | 'editingId'
  | 'setEditingId'
  | 'editMessage'
>;

interface MessageListProps {
  session: ShownSession;
  assistants: readonly Assistant[];
  streamingEnabled: boolean;
  onRegenerate: (messageId: string) => void;
  onSelectVersion: (messageId: string) => void;
  /** A message to bring into view and briefly highlight once it is loaded (a search result). */
  focusMessageId?: string | null;
}

const HIGHLIGHT_MS = 2500;

const NEAR_BOTTOM_PX = 96;
/** Earlier messages start loading this close to the top, before the reader gets there. */
const NEAR_TOP_PX = 400;

function EmptyChat() {
  return (
    <Center flex="1" px="4" py="10">
      <Stack align="center" textAlign="center" gap="3" maxW="md">
        <Heading as="h2" size="lg">
          How can I help you today?
        </Heading>
        <Text color="fg.muted">
          Ask anything. Start your message with @claude, @grok, @gemini or another command to choose who
          answers, or pick an assistant below.
        </Text>
      </Stack>
    </Center>
  );
}

/** The conversation, newest at the bottom; it follows new messages and tokens unless you scrolled up. */
export function MessageList({
  session,
  assistants,
  streamingEnabled,
  onRegenerate,
  onSelectVersion,
  focusMessageId,
}: MessageListProps) {
  const {
    messages,
    sending,
    streaming,
    loadingChat: loading,
    loadFailed,
    retryLoad: onRetryLoad,
    hasOlder,
    loadingOlder,
    loadOlder: onLoadOlder,
    resend: onResend,
    editingId,
    setEditingId: onEdit,
    editMessage: onSubmitEdit,
  } = session;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const followBottom = useRef(true);
  /** The message that was first when earlier ones were asked for, and where it was on screen. */
  const anchor = useRef<{ key: string; top: number } | null>(null);
  const count = messages.length;
  const last = messages[count - 1];
  const lastText = last?.content.length ?? 0;
  const firstKey = messages[0]?.key;

  const { rememberFocus, focusMessageBox } = useFocusAfterPathChange(scroller, messages);
  const selectVersion = useCallback(
    (messageId: string) => {
      rememberFocus();
      onSelectVersion(messageId);
    },
    [rememberFocus, onSelectVersion],
  );
  const submitEdit = useCallback(
    async (messageId: string, text: string) => {
      const sent = await onSubmitEdit(messageId, text);
      if (sent) focusMessageBox();
      return sent;
    },
    [onSubmitEdit, focusMessageBox],
  );

  const messageNode = useCallback(
    (key: string) => scroller.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) ?? null,
    [],
  );

  // A new message (yours, or an answer starting) always brings the newest into view; earlier
  // messages put above keep what the reader was looking at where it was on screen.
  const entries = count + (sending ? 1 : 0);
  // Only a change in the number of entries moves the view; the first key is read at that moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: firstKey is read, not followed
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || entries === 0) return;
    const kept = anchor.current;
    if (kept && firstKey !== kept.key) {
      anchor.current = null;
      const node = messageNode(kept.key);
      if (node) {
        element.scrollTop += node.getBoundingClientRect().top - kept.top;
        return;
      }
    }
    followBottom.current = true;
    element.scrollTop = element.scrollHeight;
  }, [entries]);

  const loadOlder = useCallback(() => {
    const node = firstKey ? messageNode(firstKey) : null;
    if (!hasOlder || loadingOlder || !firstKey || !node) return;
    anchor.current = { key: firstKey, top: node.getBoundingClientRect().top };
    onLoadOlder();
  }, [firstKey, hasOlder, loadingOlder, messageNode, onLoadOlder]);

  // A short page fills no screen, so it cannot be scrolled up: earlier messages load at once.
  useEffect(() => {
    const element = scroller.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight + NEAR_TOP_PX)
      loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  // Tokens keep it scrolled to the bottom, unless the reader scrolled up to read something earlier.
  useEffect(() => {
    const element = scroller.current;
    if (element && followBottom.current && lastText > 0) element.scrollTop = element.scrollHeight;
  }, [lastText]);

  // Whatever makes the conversation taller while it is followed keeps its very end in view: the
  // Copy/Regenerate row that appears when an answer is done, the answer's final formatting, images
  // loading. Following text length alone left that row 36 px under the composer.
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (followBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // A search result: once its message is there, scroll it to the middle (after the jump to the
  // newest above) and stop following the bottom, so the reader stays on it; once per message.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const focused = useRef<string | null>(null);
  // `messages`, not only their count: a result on another version arrives as a new path, often
  // just as long as the one it replaces.
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages is the trigger (the DOM is read)
  useLayoutEffect(() => {
    if (!focusMessageId || focused.current === focusMessageId || count === 0) return;
    const element = scroller.current?.querySelector(`[data-message-id="${CSS.escape(focusMessageId)}"]`);
    // Not shown yet: the chat page opens the chat at it (useChatSession's showMessage loads the
    // path through it, further up this one or on another version); this runs again when it arrives.
    if (!element) return;
    focused.current = focusMessageId;
    followBottom.current = false;
    element.scrollIntoView({ block: 'center' });
    setHighlighted(focusMessageId);
  }, [focusMessageId, count, messages]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    followBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX) loadOlder();
  };

  let lastAnswerKey: string | undefined;
  for (let index = count - 1; index >= 0; index -= 1) {
    if (messages[index]?.role === 'assistant') {
      lastAnswerKey = messages[index]?.key;
      break;
    }
  }
  const idle = !sending && !streaming;
  const pendingModel = sending ? ([...messages].reverse().find((m) => m.pending)?.model ?? null) : null;

  let body: ReactNode;
  if (loading) {
    body = (
      <Center flex="1" role="status" gap="3" color="fg.muted">
        <Spinner size="sm" /> Loading chat...
      </Center>
    );
  } else if (loadFailed) {
    body = (
      <Center flex="1" px="4">
        <Stack align="center" gap="3" textAlign="center">
          <Text fontWeight="medium">Could not load chat messages</Text>
          <Button size="sm" variant="outline" onClick={onRetryLoad}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  } else if (count === 0 && !sending) {
    body = <EmptyChat />;
  } else {
    body = (
      <Stack
        role="log"
        aria-label="Messages"
        aria-busy={streaming || sending}
        gap="5"
        maxW="3xl"
        width="full"
        mx="auto"
        px={{ base: '3', md: '6' }}
        py="6"
      >
        {hasOlder ? (
          <Center>
            <Button size="xs" variant="ghost" loading={loadingOlder} onClick={loadOlder}>
              Load earlier messages
            </Button>
          </Center>
        ) : null}
        {messages.map((message) => (
          <Box
            key={message.key}
            data-key={message.key}
            data-message-id={message.id ?? undefined}
            data-highlighted={message.id !== null && message.id === highlighted ? '' : undefined}
            rounded="xl"
            outlineOffset="4px"
            transition="outline-color 0.6s"
            outline="2px solid transparent"
            _highlighted={{ outlineColor: 'yellow.solid' }}
          >
            <MessageBubble
              message={message}
              assistants={assistants}
              streamingEnabled={streamingEnabled}
              isLastAnswer={message.key === lastAnswerKey}
              idle={idle}
              onResend={onResend}
              onRegenerate={onRegenerate}
              editing={message.id !== null && message.id === editingId}
              onEdit={onEdit}
              onSubmitEdit={submitEdit}
              onSelectVersion={selectVersion}
            />
          </Box>
        ))}
        {sending ? <PendingAnswer assistants={assistants} model={pendingModel} /> : null}
      </Stack>
    );
  }

  return (
    <Box
      ref={scroller}
      flex="1"
      minH="0"
      overflowY="auto"
      display="flex"
      flexDirection="column"
      // Kept in place by hand (above), the same in every browser.
      overflowAnchor="none"
      onScroll={onScroll}
    >
      <Box ref={content} flex="1 0 auto" display="flex" flexDirection="column">
        {body}
      </Box>
    </Box>
  );
}
