import { useSubscription } from '@apollo/client/react';
import { Box, IconButton } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useT } from '../../lib/i18n';
import { UnreadNotificationsSubscription } from './graphql';

/**
 * The bell in the account pages' header (accounts/components/SideNavFrame.tsx): how many
 * notifications are unread, live (the count arrives over graphql-ws and again on every change),
 * leading to /notifications. Not in the chat's header yet: there, its subscription opened with the
 * page stopped the first answer of a fresh page from streaming (it arrived whole), which the chat
 * journey caught; to be understood before it goes there.
 */
export function NotificationBell() {
  const t = useT();
  const language = useLanguage();
  const { data } = useSubscription(UnreadNotificationsSubscription);
  const unread = data?.unreadNotifications ?? 0;
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      position="relative"
      aria-label={unread ? t('Notifications, {count} unread', { count: unread }) : t('Notifications')}
    >
      <RouterLink to="/notifications">
        <LuBell />
        {unread > 0 ? (
          <Box
            as="span"
            aria-hidden="true"
            position="absolute"
            top="0"
            insetEnd="0"
            minW="4"
            h="4"
            px="1"
            rounded="full"
            bg="red.600"
            color="white"
            fontSize="10px"
            fontWeight="bold"
            lineHeight="16px"
            textAlign="center"
            data-testid="unread-notifications"
          >
            {unread > 99 ? '99+' : language === 'en' ? unread : unread.toLocaleString(language)}
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
