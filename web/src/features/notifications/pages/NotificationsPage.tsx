import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import type { NotificationsQuery as NotificationsResult } from '../../../graphql/__generated__/graphql';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { t as translate, useLanguage, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { messageTime } from '../../social/components/lastActive';
import {
  MarkNotificationsReadMutation,
  NotificationsQuery,
  UnreadNotificationsSubscription,
} from '../graphql';
import { describeNotification } from '../notificationText';

type Item = NotificationsResult['notifications']['notifications'][number];

const PAGE = 20;

/**
 * /notifications: everything the bell counts, newest first, a page at a time. Opening one marks it
 * read and goes where it leads; "Mark all as read" empties the count. New ones appear as they come
 * (the live count changes, the first page is read again).
 */
export default function NotificationsPage() {
  const t = useT();
  useLanguage(); // redraws the times (messageTime) in a newly picked language
  usePageMeta({ title: t('Notifications'), description: t('What happened on Chorus while you were away.') });
  const navigate = useNavigate();
  const { data, loading, error, refetch, fetchMore } = useQuery(NotificationsQuery, {
    variables: { first: PAGE },
    fetchPolicy: 'cache-and-network',
  });
  const [older, setOlder] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [markRead, { loading: marking }] = useMutation(MarkNotificationsReadMutation);
  const live = useSubscription(UnreadNotificationsSubscription).data?.unreadNotifications;

  // A change of the live count (a new notification, some read elsewhere): the first page again.
  useEffect(() => {
    if (live !== undefined) void refetch().catch(() => {});
  }, [live, refetch]);
  const first = data?.notifications;
  useEffect(() => {
    if (first) {
      setCursor(first.nextCursor ?? null);
      setOlder([]);
    }
  }, [first]);

  const more = useLoadMore(
    cursor,
    async (after) => {
      const { data: next } = await fetchMore({ variables: { first: PAGE, after } });
      if (!next) return;
      setOlder((list) => [...list, ...next.notifications.notifications]);
      setCursor(next.notifications.nextCursor ?? null);
    },
    t('notifications'),
  );

  const items = [
    ...(first?.notifications ?? []),
    ...older.filter((n) => !first?.notifications.some((m) => m.id === n.id)),
  ];
  const unread = first?.unread ?? 0;

  const open = async (item: Item) => {
    const { path } = describeNotification(item, t);
    if (!item.readAt) await markRead({ variables: { ids: [item.id] } }).catch(() => {});
    navigate(path);
  };
  const readAll = async () => {
    try {
      await markRead({ variables: { ids: null } });
      await refetch();
    } catch (e) {
      notifyFailure(translate('Error'), e, translate('Could not mark your notifications read'));
    }
  };

  return (
    <>
      <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageHeading
          title={t('Notifications')}
          description={t('Friend requests, messages, your videos and your reports.')}
        />
        {unread > 0 ? (
          <Button variant="outline" size="sm" loading={marking} onClick={() => void readAll()}>
            {t('Mark all as read')}
          </Button>
        ) : null}
      </HStack>
      {!first && loading ? (
        <PageSpinner label={t('Loading notifications...')} />
      ) : !first && error ? (
        <LoadFailed title={t('Failed to load notifications')} onRetry={() => void refetch()} />
      ) : items.length === 0 ? (
        <Stack align="center" textAlign="center" py="10" gap="2" color="fg.muted">
          <LuBell size="28" aria-hidden="true" />
          <Text fontWeight="semibold" color="fg">
            {t('Nothing new')}
          </Text>
          <Text fontSize="sm">{t('Friend requests, messages and finished videos show here.')}</Text>
        </Stack>
      ) : (
        <Stack gap="3">
          <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" rounded="lg" overflow="hidden">
            {items.map((item) => {
              const { title, detail } = describeNotification(item, t);
              return (
                <Box as="li" key={item.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                  <chakra.button
                    type="button"
                    w="full"
                    textAlign="start"
                    px="4"
                    py="3"
                    display="flex"
                    gap="3"
                    alignItems="flex-start"
                    bg={item.readAt ? undefined : 'colorPalette.subtle'}
                    colorPalette="purple"
                    _hover={{ bg: 'bg.muted' }}
                    focusRing="inside"
                    onClick={() => void open(item)}
                  >
                    <Box
                      as="span"
                      mt="2"
                      boxSize="2"
                      rounded="full"
                      flexShrink={0}
                      bg={item.readAt ? 'transparent' : 'purple.500'}
                      aria-hidden="true"
                    />
                    <Box flex="1" minW="0">
                      <Text fontWeight={item.readAt ? 'normal' : 'semibold'} wordBreak="break-word">
                        {title}
                        {item.readAt ? null : (
                          <Text as="span" srOnly>
                            {t(', unread')}
                          </Text>
                        )}
                      </Text>
                      {detail ? (
                        <Text fontSize="sm" color="fg.muted" truncate dir="auto">
                          {detail}
                        </Text>
                      ) : null}
                    </Box>
                    <Text fontSize="xs" color="fg.muted" flexShrink={0} mt="0.5">
                      {messageTime(item.createdAt)}
                    </Text>
                  </chakra.button>
                </Box>
              );
            })}
          </Box>
          <LoadMoreButton more={more} />
        </Stack>
      )}
    </>
  );
}
