import { useApolloClient, useMutation } from '@apollo/client/react';
import { Box, Button, Flex, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LuArrowLeft, LuSend } from 'react-icons/lu';
import { notifyError } from '../../../components/toaster';
import type {
  DirectMessageFieldsFragment,
  FriendFieldsFragment,
} from '../../../graphql/__generated__/graphql';
import { t, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { PersonSafetyMenu } from '../../moderation/PersonSafetyMenu';
import { ReportButton } from '../../moderation/ReportButton';
import { askForNotificationsNow } from '../../notifications/liveAlerts';
import { DirectMessagesQuery, SendDirectMessageMutation } from '../graphql';
import { FriendAvatar } from './FriendAvatar';
import { activeText, isOnline, messageTime, nameOf } from './lastActive';

const PAGE = 30;

/** What stands where the composer would when the viewer may not write (the server says why in canMessage). */
function cannotWriteText(name: string, youBlocked: boolean, deleted: boolean) {
  if (deleted) return t('This account no longer exists.');
  if (youBlocked)
    return t('You blocked {name}. To write again, unblock them (the menu above) and become friends again.', {
      name,
    });
  return t("You can't message {name} now: only friends can write to each other.", { name });
}

/**
 * One open conversation: history a page at a time (newest first, "Load older" above), live
 * messages appended by the page (`incoming`), and the composer (Enter sends, Shift+Enter is a
 * new line, empty text is ignored). The header's menu reports or blocks the other person, each of
 * their messages can be reported, and where the viewer may not write (a block either way, no longer
 * friends) a line says so instead of the composer.
 */
export function MessagePane({
  conversationId,
  participant,
  viewerId,
  incoming,
  youBlocked,
  canMessage,
  onBlockedChange,
  onBack,
  onSent,
}: {
  conversationId: string;
  participant: FriendFieldsFragment;
  viewerId: string;
  incoming: DirectMessageFieldsFragment[];
  youBlocked: boolean;
  canMessage: boolean;
  onBlockedChange: () => void;
  onBack: () => void;
  onSent: () => void;
}) {
  // The server names a deleted account this way (social/core/directMessages.ts DELETED_USER_ID).
  const t = useT();
  const deleted = /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(participant.id);
  const client = useApolloClient();
  const [messages, setMessages] = useState<DirectMessageFieldsFragment[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const [send, { loading: sending }] = useMutation(SendDirectMessageMutation);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const merge = useCallback((more: DirectMessageFieldsFragment[]) => {
    setMessages((current) => {
      const byId = new Map(current.map((m) => [m.id, m]));
      for (const m of more) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the conversation changes, not the language (its error toast's words are read when it fails).
  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setLoading(true);
    stickToBottom.current = true;
    client
      .query({
        query: DirectMessagesQuery,
        variables: { conversationId, limit: PAGE },
        fetchPolicy: 'no-cache',
      })
      .then(({ data }) => {
        if (cancelled || !data) return;
        merge(data.directMessages.messages);
        setHasMore(data.directMessages.hasMore);
      })
      .catch(() => !cancelled && notifyError(t('Error'), t('Could not load messages')))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [client, conversationId, merge]);

  useEffect(() => {
    const mine = incoming.filter((m) => m.conversationId === conversationId);
    if (mine.length) {
      stickToBottom.current = true;
      merge(mine);
    }
  }, [incoming, conversationId, merge]);

  // Runs after every change of the list (new or older messages) to keep the newest in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the messages change
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    stickToBottom.current = false;
    try {
      const { data } = await client.query({
        query: DirectMessagesQuery,
        variables: { conversationId, before: first.id, limit: PAGE },
        fetchPolicy: 'no-cache',
      });
      if (data) {
        merge(data.directMessages.messages);
        setHasMore(data.directMessages.hasMore);
      }
    } catch {
      notifyError(t('Error'), t('Could not load messages'));
    } finally {
      setLoadingOlder(false);
    }
  };

  const submit = async () => {
    const content = text.trim();
    if (!content || sending) return;
    // Writing to someone is the moment to ask whether Chorus may tell of their answer.
    void askForNotificationsNow();
    try {
      const { data } = await send({ variables: { conversationId, content } });
      setText('');
      stickToBottom.current = true;
      if (data) merge([data.sendDirectMessage]);
      onSent();
    } catch (e) {
      notifyFailure(t('Error'), e, t('Could not send message'));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const online = isOnline(participant.lastActive);
  return (
    <Flex direction="column" h="full" minH="0">
      <HStack gap="3" px="3" py="2" borderBottomWidth="1px">
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('Back to conversations')}
          onClick={onBack}
          hideFrom="md"
        >
          <LuArrowLeft />
        </IconButton>
        <FriendAvatar friend={participant} online={online} size="sm" />
        <Box minW="0" flex="1">
          <Text fontWeight="semibold" truncate>
            {nameOf(participant)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {online ? t('Online') : activeText(participant.lastActive)}
          </Text>
        </Box>
        {deleted ? null : (
          <PersonSafetyMenu
            username={participant.username}
            blocked={youBlocked}
            onBlockedChange={onBlockedChange}
          />
        )}
      </HStack>
      <Box
        ref={listRef}
        flex="1"
        minH="0"
        overflowY="auto"
        px="3"
        py="3"
        role="log"
        aria-label={t('Messages with {name}', { name: nameOf(participant) })}
        aria-live="polite"
      >
        {hasMore ? (
          <Flex justify="center" mb="3">
            <Button size="xs" variant="outline" onClick={() => void loadOlder()} loading={loadingOlder}>
              {t('Load older messages')}
            </Button>
          </Flex>
        ) : null}
        {loading ? (
          <Text color="fg.muted" textAlign="center" py="6">
            {t('Loading messages...')}
          </Text>
        ) : messages.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            {t('No messages yet. Say hello!')}
          </Text>
        ) : (
          <Stack gap="2">
            {messages.map((m) => {
              const mine = m.senderId === viewerId;
              return (
                <Flex key={m.id} justify={mine ? 'flex-end' : 'flex-start'}>
                  <Box
                    maxW="80%"
                    px="3"
                    py="2"
                    rounded="lg"
                    bg={mine ? 'purple.600' : 'bg.muted'}
                    color={mine ? 'white' : 'fg'}
                    data-testid="direct-message"
                  >
                    <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
                      {m.content}
                    </Text>
                    <HStack justify="flex-end" gap="1" mt="0.5">
                      {mine || deleted ? null : (
                        <ReportButton
                          targetType="message"
                          targetId={m.id}
                          dialogTitle={t('Report this message')}
                          ownerUsername={youBlocked ? null : participant.username}
                          onBlocked={onBlockedChange}
                          label=""
                          aria-label={t('Report this message')}
                          size="2xs"
                          minW="0"
                          h="auto"
                          px="1"
                          opacity={0.75}
                        />
                      )}
                      <Text fontSize="2xs" opacity={0.75}>
                        {messageTime(m.createdAt)}
                      </Text>
                    </HStack>
                  </Box>
                </Flex>
              );
            })}
          </Stack>
        )}
      </Box>
      {canMessage ? null : (
        <Text p="3" borderTopWidth="1px" fontSize="sm" color="fg.muted" role="status">
          {cannotWriteText(nameOf(participant), youBlocked, deleted)}
        </Text>
      )}
      <HStack
        as="form"
        display={canMessage ? 'flex' : 'none'}
        gap="2"
        p="3"
        borderTopWidth="1px"
        align="flex-end"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Textarea
          aria-label={t('Message')}
          placeholder={t('Message {name}...', { name: nameOf(participant) })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          autoresize
          maxH="120px"
          resize="none"
        />
        <IconButton
          type="submit"
          aria-label={t('Send')}
          colorPalette="purple"
          disabled={!text.trim()}
          loading={sending}
        >
          <LuSend />
        </IconButton>
      </HStack>
    </Flex>
  );
}
