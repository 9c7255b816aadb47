import { Box, Button, Center, Heading, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { type CompareActions, CompareTurnView } from '../../compare/components/CompareTurnView';
import type { Assistant } from './assistants';
import {
  type Announcement,
  announcement,
  lastAnswerKey as findLastAnswerKey,
  pendingModel as findPendingModel,
  listRows,
} from './listRows';
import { MessageBubble, PendingAnswer } from './MessageBubble';
import type { ChatSession } from './useChatSession';
import { useFocusAfterPathChange } from './useFocusAfterPathChange';
import { EDGE_PX, OLDER_PX, useMessageScroll } from './useMessageScroll';

/**
 * What the list shows and does of the open chat's session: its path of messages (while `sending`, a
 * prompt is on its way and an answer bubble with the typing indicator stands for the answer), the
 * older pages above them (`hasOlder`: scrolling near the top loads them), resending, and editing a
 * prompt in place.
 */
type ShownSession = Pick<
  ChatSession,
  | 'chatId'
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
  /** "Continue with this" and "Merge" on the chat's compares (features/compare). */
  compareActions: CompareActions;
  /** The assistant picked (a custom one's starters are offered in an empty chat) and where they go. */
  current?: Assistant;
  onStarter?: (text: string) => void;
}

/**
 * A new chat. With a custom assistant picked, its name and its starter prompts, which go into the
 * message box (not sent) to be sent or changed.
 */
function EmptyChat({ current, onStarter }: { current?: Assistant; onStarter?: (text: string) => void }) {
  const t = useT();
  const starters = current?.starters ?? [];
  return (
    <Center flex="1" px="4" py="10">
      <Stack align="center" textAlign="center" gap="3" maxW="md">
        <Heading as="h2" size="lg">
          {t('How can I help you today?')}
        </Heading>
        {starters.length > 0 && onStarter && current ? (
          <Stack
            gap="2"
            align="center"
            as="section"
            aria-label={t('Starters for {name}', { name: current.name })}
          >
            <Text color="fg.muted">{t("Try one of {name}'s starters:", { name: current.name })}</Text>
            <Stack gap="2" align="stretch" w="full">
              {starters.map((starter) => (
                <Button
                  key={starter}
                  size="sm"
                  variant="outline"
                  whiteSpace="normal"
                  h="auto"
                  py="2"
                  onClick={() => onStarter(starter)}
                >
                  {starter}
                </Button>
              ))}
            </Stack>
          </Stack>
        ) : (
          <Text color="fg.muted">
            {t(
              'Ask anything. Start your message with @claude, @grok, @gemini or another command to choose who answers, or pick an assistant below.',
            )}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/**
 * The conversation, newest at the bottom; it follows new messages and tokens unless you scrolled up.
 * Only the rows on screen are rendered in a long chat (useMessageScroll.ts), so a chat scrolled
 * back through thousands of messages stays smooth.
 */
export function MessageList({
  session,
  assistants,
  streamingEnabled,
  onRegenerate,
  onSelectVersion,
  focusMessageId,
  compareActions,
  current,
  onStarter,
}: MessageListProps) {
  const {
    chatId,
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
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const count = messages.length;

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

  // The row holding keyboard focus stays rendered while the reader scrolls away from it.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const rows = useMemo(() => listRows(messages, sending), [messages, sending]);
  // A compare's prompt shows its answers side by side (features/compare); the path's answer after
  // it is one of those columns, so it is not shown again (a merged answer is, below them).
  const compares = useMemo(() => {
    const hidden = new Set<string>();
    const pathAnswers = new Map<string, string>();
    messages.forEach((message, index) => {
      const next = messages[index + 1];
      if (!message.compare || !message.id || !next?.id) return;
      pathAnswers.set(message.id, next.id);
      if (message.compare.answerIds.includes(next.id)) hidden.add(next.id);
    });
    return { hidden, pathAnswers };
  }, [messages]);
  const editingKey = editingId ? (messages.find((message) => message.id === editingId)?.key ?? null) : null;
  const { virtualizer, inner, onScroll, loadOlder, highlighted } = useMessageScroll({
    scroller,
    rows,
    messages,
    sending,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    keptKeys: [editingKey, focusedKey],
    focusMessageId,
  });

  const lastAnswerKey = findLastAnswerKey(messages);
  const idle = !sending && !streaming;
  const pendingModel = findPendingModel(messages, sending);
  // What would have been heard when this chat was opened: that is not news. A chat that gets its id
  // from the message being sent (a new one) has nothing old to keep quiet about.
  const [opened, setOpened] = useState<{ chatId: string | null; heard: Announcement | null } | null>(null);
  if (!loading && opened?.chatId !== chatId) {
    setOpened({ chatId, heard: sending || streaming ? null : announcement(messages) });
  }
  const heard = opened && opened.chatId === chatId ? announcement(messages, opened.heard) : null;

  let body: ReactNode;
  if (loading) {
    body = (
      <Center flex="1" role="status" gap="3" color="fg.muted">
        <Spinner size="sm" /> {t('Loading chat...')}
      </Center>
    );
  } else if (loadFailed) {
    body = (
      <Center flex="1" px="4">
        <Stack align="center" gap="3" textAlign="center">
          <Text fontWeight="medium">{t('Could not load chat messages')}</Text>
          <Button size="sm" variant="outline" onClick={onRetryLoad}>
            {t('Try again')}
          </Button>
        </Stack>
      </Center>
    );
  } else if (count === 0 && !sending) {
    body = <EmptyChat current={current} onStarter={onStarter} />;
  } else {
    body = (
      <>
        {/* The rows come and go as the reader scrolls, so the log itself is not live: the newest
            message is announced from here (listRows.ts announcement). */}
        <VisuallyHidden aria-live="polite">
          {heard ? <span key={heard.key}>{heard.text}</span> : null}
        </VisuallyHidden>
        <Box
          role="log"
          aria-label={t('Messages')}
          aria-live="off"
          aria-busy={streaming || sending}
          maxW="3xl"
          width="full"
          mx="auto"
          px={{ base: '3', md: '6' }}
          onFocus={(event) =>
            setFocusedKey(event.target.closest<HTMLElement>('[data-key]')?.dataset.key ?? null)
          }
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocusedKey(null);
          }}
        >
          <Box ref={inner} position="relative" width="full" style={{ height: virtualizer.getTotalSize() }}>
            {hasOlder ? (
              <Center position="absolute" left="0" right="0" style={{ top: EDGE_PX, height: OLDER_PX }}>
                <Button size="xs" variant="ghost" loading={loadingOlder} onClick={loadOlder}>
                  {t('Load earlier messages')}
                </Button>
              </Center>
            ) : null}
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              const message = row?.kind === 'message' ? row.message : null;
              return (
                <Box
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  data-key={message?.key}
                  data-message-id={message?.id ?? undefined}
                  data-highlighted={message?.id && message.id === highlighted ? '' : undefined}
                  position="absolute"
                  top="0"
                  left="0"
                  width="full"
                  style={{ transform: `translateY(${item.start}px)` }}
                  rounded="xl"
                  outlineOffset="4px"
                  transition="outline-color 0.6s"
                  outline="2px solid transparent"
                  _highlighted={{ outlineColor: 'yellow.solid' }}
                >
                  {message?.id && compares.hidden.has(message.id) ? null : message ? (
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
                  ) : (
                    <PendingAnswer assistants={assistants} model={pendingModel} />
                  )}
                  {message?.compare && message.id ? (
                    <CompareTurnView
                      key={message.compare.id}
                      compare={message.compare}
                      pathAnswerId={compares.pathAnswers.get(message.id) ?? null}
                      assistants={assistants}
                      streamingEnabled={streamingEnabled}
                      {...compareActions}
                    />
                  ) : null}
                </Box>
              );
            })}
          </Box>
        </Box>
      </>
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
      // Kept in place by the virtualiser (anchored to the end), the same in every browser.
      overflowAnchor="none"
      onScroll={onScroll}
    >
      <Box flex="1 0 auto" display="flex" flexDirection="column">
        {body}
      </Box>
    </Box>
  );
}
