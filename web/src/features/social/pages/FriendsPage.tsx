import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  type ButtonProps,
  Card,
  Flex,
  HStack,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { LuMessageSquare, LuUserMinus, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError, notifySuccess } from '../../../components/toaster';
import type { FriendFieldsFragment } from '../../../graphql/__generated__/graphql';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { t as translate, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { PersonSafetyMenu } from '../../moderation/PersonSafetyMenu';
import { AddFriendDialog } from '../components/AddFriendDialog';
import { FriendAvatar } from '../components/FriendAvatar';
import { isOnline, lastActiveText, nameOf } from '../components/lastActive';
import { useSocialEvents } from '../components/useSocialEvents';
import {
  AcceptFriendRequestMutation,
  DeclineFriendRequestMutation,
  FriendsQuery,
  RemoveFriendMutation,
  SendFriendRequestMutation,
} from '../graphql';

/** Spec §8: the server's reason in a toast titled Error, else the action's own text. */
function failed(error: unknown, fallback: string) {
  notifyFailure(translate('Error'), error, fallback);
}

/** Re-renders every 30 s so "N minutes ago" and the online dots stay true. */
function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

function FriendRow({
  friend,
  now,
  actions,
}: {
  friend: FriendFieldsFragment;
  now: number;
  actions: React.ReactNode;
}) {
  const t = useT();
  const online = isOnline(friend.lastActive, now);
  return (
    <Flex
      as="li"
      align={{ base: 'flex-start', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      gap="3"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <HStack gap="3" flex="1" minW="0">
        <FriendAvatar friend={friend} online={online} />
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {nameOf(friend)}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            @{friend.username} ·{' '}
            {online ? (
              <Text as="span" color="green.700" _dark={{ color: 'green.300' }}>
                {t('Online')}
              </Text>
            ) : (
              lastActiveText(friend.lastActive, now)
            )}
          </Text>
        </Box>
      </HStack>
      <HStack gap="2" flexWrap="wrap">
        {actions}
      </HStack>
    </Flex>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="center" textAlign="center" py="10" gap="2" color="fg.muted">
      <LuUsers size="28" aria-hidden="true" />
      <Text fontWeight="semibold" color="fg">
        {title}
      </Text>
      <Text fontSize="sm">{text}</Text>
    </Stack>
  );
}

export default function FriendsPage() {
  const t = useT();
  usePageMeta({
    title: t('Friends'),
    description: t('Find friends on Chorus, see who is online and manage requests.'),
  });
  const navigate = useNavigate();
  const now = useNow();
  const { data, loading, error, refetch } = useQuery(FriendsQuery);
  const [sendRequest] = useMutation(SendFriendRequestMutation);
  const [accept] = useMutation(AcceptFriendRequestMutation);
  const [decline] = useMutation(DeclineFriendRequestMutation);
  const [remove] = useMutation(RemoveFriendMutation);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (error) notifyError(translate('Error'), translate('Failed to fetch friends'));
  }, [error]);

  useSocialEvents(
    (event) => {
      if (!event.kind.startsWith('friend_')) return;
      void refetch();
      const who = event.friend ? nameOf(event.friend) : translate('Someone');
      if (event.kind === 'friend_request')
        notifySuccess(translate('Friend Request'), translate('{who} wants to be your friend.', { who }));
      if (event.kind === 'friend_accepted')
        notifySuccess(translate('Accepted'), translate('{who} is now your friend.', { who }));
    },
    () => void refetch(),
  );

  const friends = data?.friends ?? [];
  const online = friends.filter((f) => isOnline(f.lastActive, now));
  // Spec §4: only pending requests someone else started.
  const requests = (data?.friendships ?? []).filter(
    (f) => f.status === 'pending' && f.direction === 'incoming',
  );
  const sent = (data?.friendships ?? []).filter((f) => f.status === 'pending' && f.direction === 'outgoing');

  const run = async (
    key: string,
    action: () => Promise<unknown>,
    fallback: string,
    success?: [string, string?],
  ) => {
    setBusy(key);
    try {
      await action();
      if (success) notifySuccess(...success);
      await refetch();
      return true;
    } catch (e) {
      failed(e, fallback);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const addFriend = (username: string) =>
    run(
      'add',
      async () => {
        const result = await sendRequest({ variables: { username } });
        if (result.data?.sendFriendRequest.accepted) {
          notifySuccess(
            translate('Accepted'),
            translate('You and {who} are now friends.', { who: username }),
          );
        } else {
          notifySuccess(translate('Friend Request Sent'), translate('We let {username} know.', { username }));
        }
      },
      t('Failed to send friend request'),
    );

  /** A row's button that runs one mutation, busy under its own key. */
  const actionButton = (
    key: string,
    ariaLabel: string,
    action: () => Promise<unknown>,
    fallback: string,
    success: [string, string?],
    props: ButtonProps,
  ) => (
    <Button
      size="sm"
      {...props}
      loading={busy === key}
      aria-label={ariaLabel}
      onClick={() => void run(key, action, fallback, success)}
    />
  );

  /** One tab's people, each with its actions, or what the tab is for when it is empty. */
  const tabList = <T extends { id: string }>(
    items: T[],
    [title, text]: [string, string],
    friendOf: (item: T) => FriendFieldsFragment,
    actions: (item: T) => ReactNode,
  ) =>
    items.length ? (
      <Box as="ul" listStyleType="none" m="0" p="0">
        {items.map((item) => (
          <FriendRow key={item.id} friend={friendOf(item)} now={now} actions={actions(item)} />
        ))}
      </Box>
    ) : (
      <EmptyState title={title} text={text} />
    );

  // Report or block someone (features/moderation): a block ends the friendship or request, so the lists reload.
  const safetyMenu = (person: FriendFieldsFragment) => (
    <PersonSafetyMenu username={person.username} blocked={false} onBlockedChange={() => void refetch()} />
  );

  const friendActions = (friend: FriendFieldsFragment) => (
    <>
      <Button size="sm" variant="outline" onClick={() => navigate(`/messages?to=${friend.id}`)}>
        <LuMessageSquare aria-hidden="true" /> {t('Message')}
      </Button>
      {actionButton(
        `remove:${friend.id}`,
        t('Remove {name}', { name: nameOf(friend) }),
        () => remove({ variables: { friendId: friend.id } }),
        t('Failed to remove friend'),
        [t('Friend Removed'), t('{name} is no longer in your friends.', { name: nameOf(friend) })],
        {
          variant: 'ghost',
          colorPalette: 'red',
          children: (
            <>
              <LuUserMinus aria-hidden="true" /> {t('Remove')}
            </>
          ),
        },
      )}
      {safetyMenu(friend)}
    </>
  );
  const friendOf = (friend: FriendFieldsFragment) => friend;
  const otherOf = (request: (typeof requests)[number]) => request.other;

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageHeading
          title={t('Friends')}
          description={t('The people you chat and share videos with on Chorus.')}
        />
        <AddFriendDialog onSubmit={addFriend} />
      </Flex>
      {loading && !data ? (
        <PageSpinner label={t('Loading friends...')} />
      ) : error && !data ? (
        <Notice
          status="error"
          title={t('Failed to fetch friends')}
          action={
            <Button size="sm" ms="auto" onClick={() => void refetch()}>
              {t('Retry')}
            </Button>
          }
        />
      ) : (
        <Card.Root>
          <Card.Body pt="2">
            <Tabs.Root defaultValue="all" variant="line" lazyMount unmountOnExit>
              {/* Four tabs are wider than a phone (more so in German or Japanese): they wrap to a second
                  row rather than squash into each other or hide the last ones off the edge. */}
              <Tabs.List flexWrap="wrap" css={{ '& button, & svg': { flexShrink: 0 } }}>
                <Tabs.Trigger value="all">
                  {t('All')} <Badge size="sm">{friends.length}</Badge>
                </Tabs.Trigger>
                <Tabs.Trigger value="online">
                  {t('Online')} <Badge size="sm">{online.length}</Badge>
                </Tabs.Trigger>
                <Tabs.Trigger value="requests">
                  {t('Requests')}{' '}
                  <Badge size="sm" colorPalette={requests.length ? 'purple' : 'gray'}>
                    {requests.length}
                  </Badge>
                </Tabs.Trigger>
                <Tabs.Trigger value="sent">
                  {t('Sent')} <Badge size="sm">{sent.length}</Badge>
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="all">
                {tabList(
                  friends,
                  [t('No friends yet'), t('Add a friend by username, or invite someone new.')],
                  friendOf,
                  friendActions,
                )}
              </Tabs.Content>
              <Tabs.Content value="online">
                {tabList(
                  online,
                  [t('Nobody is online'), t('Friends active in the last 10 minutes show here.')],
                  friendOf,
                  friendActions,
                )}
              </Tabs.Content>
              <Tabs.Content value="requests">
                {tabList(
                  requests,
                  [t('No pending requests'), t('Requests other people send you show here.')],
                  otherOf,
                  (request) => (
                    <>
                      {actionButton(
                        `accept:${request.id}`,
                        t('Accept {name}', { name: nameOf(request.other) }),
                        () => accept({ variables: { id: request.id } }),
                        t('Failed to accept friend request'),
                        [t('Accepted'), t('You and {who} are now friends.', { who: nameOf(request.other) })],
                        { colorPalette: 'purple', children: t('Accept') },
                      )}
                      {actionButton(
                        `decline:${request.id}`,
                        t('Decline {name}', { name: nameOf(request.other) }),
                        () => decline({ variables: { id: request.id } }),
                        t('Failed to decline friend request'),
                        [t('Declined')],
                        { variant: 'outline', children: t('Decline') },
                      )}
                      {safetyMenu(request.other)}
                    </>
                  ),
                )}
              </Tabs.Content>
              <Tabs.Content value="sent">
                {tabList(
                  sent,
                  [t('No sent requests'), t('Requests you send show here until they are answered.')],
                  otherOf,
                  (request) => (
                    <>
                      <Badge variant="outline">{t('Waiting for an answer')}</Badge>
                      {actionButton(
                        `withdraw:${request.id}`,
                        t('Cancel the request to {name}', { name: nameOf(request.other) }),
                        () => remove({ variables: { friendId: request.other.id } }),
                        t('Failed to cancel friend request'),
                        [
                          t('Request Cancelled'),
                          t('Your request to {name} was withdrawn.', { name: nameOf(request.other) }),
                        ],
                        { variant: 'outline', children: t('Cancel request') },
                      )}
                    </>
                  ),
                )}
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
      )}
    </>
  );
}
