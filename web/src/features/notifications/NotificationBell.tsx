import { useSubscription } from '@apollo/client/react';
import { Box, IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { whenIdle } from '../../lib/whenIdle';
import { UnreadNotificationsSubscription } from './graphql';

/**
 * The bell in the account pages' and the chat's headers (accounts/components/SideNavFrame.tsx,
 * chat/components/ChatHeader.tsx): how many notifications are unread, live (the count arrives over
 * graphql-ws and again on every change), leading to /notifications. It subscribes once the page is
 * idle, as the live alerts do (liveAlerts.ts): subscribing as a fresh chat page rendered, the first
 * answer's stream arrived whole (the chat journey caught it; the cause was not pinned down).
 */
export function NotificationBell() {
  const [live, setLive] = useState(false);
  useEffect(() => whenIdle(() => setLive(true)), []);
  const { data } = useSubscription(UnreadNotificationsSubscription, { skip: !live });
  const unread = data?.unreadNotifications ?? 0;
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      position="relative"
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
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
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
