import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Card, Flex, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LuMessageSquare, LuSearch } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { SelectField } from '../../../components/forms/SelectField';
import { PageHeading } from '../../../components/PageHeading';
import { notifyError } from '../../../components/toaster';
import type {
  ConversationsQuery as ConversationsResult,
  DirectMessageFieldsFragment,
} from '../../../graphql/__generated__/graphql';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { t as translate, useLanguage, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { useAuth } from '../../accounts/session/AuthContext';
import { FriendAvatar } from '../components/FriendAvatar';
import { isOnline, messageTime, nameOf } from '../components/lastActive';
import { MessagePane } from '../components/MessagePane';
import { useSocialEvents } from '../components/useSocialEvents';
import {
  ConversationsQuery,
  FriendsQuery,
  MarkConversationReadMutation,
  OpenConversationMutation,
} from '../graphql';

/**
 * Direct messages: conversations (search, unread counts, last message) beside the open one. The
 * open conversation is in the address (?c=id); ?to=friendId opens, or starts, the one with a friend.
 */
export default function MessagesPage() {
  const t = useT();
  const language = useLanguage();
  usePageMeta({ title: t('Messages'), description: t('Direct messages with your friends on Chorus.') });
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const to = params.get('to');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const { data, loading, error, refetch } = useQuery(ConversationsQuery, {
    variables: { search: debouncedSearch || null },
  });
  const { data: friendsData } = useQuery(FriendsQuery);
  const [openConversation] = useMutation(OpenConversationMutation);
  const [markRead] = useMutation(MarkConversationReadMutation);
  const [incoming, setIncoming] = useState<DirectMessageFieldsFragment[]>([]);
  const selectedRef = useRef(selectedId);
  const lastSelected = useRef<ConversationsResult['conversations'][number] | null>(null);
  selectedRef.current = selectedId;

  const select = useCallback(
    (id: string | null) => setParams(id ? { c: id } : {}, { replace: false }),
    [setParams],
  );

  const startWith = useCallback(
    async (friendId: string) => {
      try {
        const result = await openConversation({ variables: { friendId } });
        if (result.data) {
          setParams({ c: result.data.openConversation.id }, { replace: true });
          void refetch();
        }
      } catch (e) {
        notifyFailure(translate('Error'), e, translate('Could not open the conversation'));
        setParams({}, { replace: true });
      }
    },
    [openConversation, refetch, setParams],
  );

  useEffect(() => {
    if (to) void startWith(to);
  }, [to, startWith]);

  // Selecting a conversation reads it (spec §4: unread goes to zero).
  useEffect(() => {
    if (!selectedId) return;
    void markRead({ variables: { conversationId: selectedId } })
      .then(() => refetch())
      .catch(() => {});
  }, [selectedId, markRead, refetch]);

  useEffect(() => {
    if (error) notifyError(translate('Error'), translate('Could not load conversations'));
  }, [error]);

  useSocialEvents(
    (event) => {
      if (event.kind === 'message' && event.message) {
        const message = event.message;
        setIncoming((current) => [...current.slice(-50), message]);
        if (message.conversationId === selectedRef.current && message.senderId !== user?.id) {
          void markRead({ variables: { conversationId: message.conversationId } }).catch(() => {});
        }
        void refetch();
      } else if (event.kind === 'read' || event.kind.startsWith('friend_')) {
        void refetch();
      }
    },
    () => void refetch(),
  );

  const conversations = data?.conversations ?? [];
  // The open conversation stays open while the list is filtered by a search it doesn't match.
  const found = conversations.find((c) => c.id === selectedId);
  if (found) lastSelected.current = found;
  const selected = found ?? (lastSelected.current?.id === selectedId ? lastSelected.current : null);
  const withConversation = new Set(conversations.map((c) => c.participant.id));
  const startable = (friendsData?.friends ?? []).filter((f) => !withConversation.has(f.id));

  const list = (
    <Flex direction="column" h="full" minH="0">
      <Stack gap="2" p="3" borderBottomWidth="1px">
        <InputGroup startElement={<LuSearch aria-hidden="true" />}>
          <Input
            placeholder={t('Search conversations')}
            aria-label={t('Search conversations')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        {startable.length ? (
          <SelectField
            size="sm"
            aria-label={t('New message to a friend')}
            value=""
            emptyOption={t('New message to…')}
            options={startable.map((f) => ({ value: f.id, label: `${nameOf(f)} (@${f.username})` }))}
            onValueChange={(id) => {
              if (id) void startWith(id);
            }}
          />
        ) : null}
      </Stack>
      <Box flex="1" minH="0" overflowY="auto">
        {loading && !data ? (
          <Text color="fg.muted" p="4">
            {t('Loading conversations...')}
          </Text>
        ) : conversations.length === 0 ? (
          <Stack align="center" textAlign="center" p="6" gap="2" color="fg.muted">
            <LuMessageSquare size="28" aria-hidden="true" />
            <Text fontWeight="semibold" color="fg">
              {debouncedSearch ? t('No matching conversations') : t('No conversations yet')}
            </Text>
            <Text fontSize="sm">
              {debouncedSearch
                ? t('Try another name or word.')
                : friendsData?.friends.length
                  ? t('Pick a friend above to send the first message.')
                  : t('Add friends on the Friends page to message them.')}
            </Text>
          </Stack>
        ) : (
          <Box as="ul" listStyleType="none" m="0" p="0" aria-label={t('Conversations')}>
            {conversations.map((c) => (
              <Box as="li" key={c.id}>
                <Box
                  as="button"
                  w="full"
                  textAlign="start"
                  px="3"
                  py="3"
                  borderBottomWidth="1px"
                  bg={c.id === selectedId ? 'bg.muted' : undefined}
                  _hover={{ bg: 'bg.subtle' }}
                  aria-current={c.id === selectedId ? 'true' : undefined}
                  onClick={() => select(c.id)}
                >
                  <HStack gap="3" align="center">
                    <FriendAvatar
                      friend={c.participant}
                      online={isOnline(c.participant.lastActive)}
                      size="sm"
                    />
                    <Box flex="1" minW="0">
                      <HStack justify="space-between" gap="2">
                        <Text fontWeight={c.unreadCount ? 'bold' : 'semibold'} truncate>
                          {nameOf(c.participant)}
                        </Text>
                        {c.lastMessage ? (
                          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                            {messageTime(c.lastMessage.createdAt)}
                          </Text>
                        ) : null}
                      </HStack>
                      <HStack justify="space-between" gap="2">
                        <Text fontSize="sm" color="fg.muted" truncate>
                          {c.lastMessage ? (
                            <>
                              {c.lastMessage.senderId === user?.id ? `${t('You:')} ` : ''}
                              {/* The friend's words in their own direction, apart from "You: ". */}
                              <bdi>{c.lastMessage.content}</bdi>
                            </>
                          ) : (
                            t('No messages yet')
                          )}
                        </Text>
                        {c.unreadCount ? (
                          <Badge
                            colorPalette="purple"
                            variant="solid"
                            size="sm"
                            aria-label={t('{count} unread', { count: c.unreadCount })}
                          >
                            {language === 'en' ? c.unreadCount : c.unreadCount.toLocaleString(language)}
                          </Badge>
                        ) : null}
                      </HStack>
                    </Box>
                  </HStack>
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Flex>
  );

  return (
    <>
      <PageHeading title={t('Messages')} description={t('Private conversations with your friends.')} />
      <Card.Root overflow="hidden">
        <Flex h={{ base: 'calc(100dvh - 220px)', md: '600px' }} minH="420px">
          <Box
            w={{ base: 'full', md: '320px' }}
            flexShrink={0}
            borderEndWidth={{ md: '1px' }}
            display={{ base: selectedId ? 'none' : 'block', md: 'block' }}
          >
            {list}
          </Box>
          <Box flex="1" minW="0" display={{ base: selectedId ? 'block' : 'none', md: 'block' }}>
            {selected && user ? (
              <MessagePane
                // A block changes which messages the thread shows: it loads again.
                key={`${selected.id}:${selected.youBlocked}`}
                conversationId={selected.id}
                participant={selected.participant}
                youBlocked={selected.youBlocked}
                canMessage={selected.canMessage}
                onBlockedChange={() => void refetch()}
                viewerId={user.id}
                incoming={incoming}
                onBack={() => select(null)}
                onSent={() => void refetch()}
              />
            ) : (
              <Stack h="full" align="center" justify="center" color="fg.muted" p="6" textAlign="center">
                <LuMessageSquare size="32" aria-hidden="true" />
                <Text>
                  {selectedId && loading ? t('Loading...') : t('Select a conversation to start messaging.')}
                </Text>
              </Stack>
            )}
          </Box>
        </Flex>
      </Card.Root>
    </>
  );
}
