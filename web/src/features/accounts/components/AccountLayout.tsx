import { Box, Button, Container, Flex, HStack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Outlet, Link as RouterLink, useMatch } from 'react-router-dom';
import { ColorModeToggle } from '../../../components/ColorModeToggle';
import { Logo } from '../../../components/Logo';
import { PageSpinner } from '../../../components/PageSpinner';
import { SkipLink } from '../../../components/SkipLink';
import { UserMenu } from '../../../components/UserMenu';
import { useAuth } from '../session/AuthContext';
import { AccountNav } from './AccountNav';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/**
 * /leaderboard and /invitations, pages of this frame drawn by it: app/AppRoutes.tsx only names their
 * paths, as the route table is part of every public page's first download and each lazy page there
 * costs the public pages' JS budget.
 */
const LeaderboardPage = lazy(() => import('../../compare/pages/LeaderboardPage'));
const InvitationsPage = lazy(() => import('../../social/pages/InvitationsPage'));
/** /admin, the admin console in a frame of its own (features/admin), drawn from here for the same reason. */
const AdminConsole = lazy(() => import('../../admin/AdminConsole'));
/**
 * /admin/reports, the moderation queue, for moderators too: drawn in this frame for a signed-in
 * person (the page itself shows anyone below moderator the 404); the console answers everyone else.
 */
const ReportsQueuePage = lazy(() => import('../../moderation/pages/ReportsQueuePage'));

/** Shared frame of the account pages (profile, plan, files, friends, messages, invitations, settings, gallery). */
export default function AccountLayout() {
  const leaderboard = useMatch('/leaderboard');
  const invitations = useMatch('/invitations');
  const reports = useMatch('/admin/reports');
  const { status } = useAuth();
  const adminConsole = useMatch('/admin/*');
  if (adminConsole && !(reports && status === 'signedIn'))
    return (
      <Suspense fallback={<PageSpinner label="Loading..." minH="100dvh" />}>
        <AdminConsole />
      </Suspense>
    );
  return (
    <>
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="6xl">
          <Flex h="16" align="center" justify="space-between" gap="3">
            <HStack gap="3">
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/">
                  <LuArrowLeft aria-hidden="true" /> Back
                </RouterLink>
              </Button>
              <Logo to="/chat" />
            </HStack>
            <HStack gap="2">
              <ColorModeToggle />
              <UserMenu showName={false} placement="bottom-end" />
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container maxW="6xl" flex="1" py={{ base: '4', md: '8' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }}>
          <AccountNav />
          <Box as="main" id="main" flex="1" minW="0">
            <VerifyEmailBanner />
            <Suspense fallback={<PageSpinner label="Loading..." />}>
              {leaderboard ? (
                <LeaderboardPage />
              ) : invitations ? (
                <InvitationsPage />
              ) : reports ? (
                <ReportsQueuePage />
              ) : (
                <Outlet />
              )}
            </Suspense>
          </Box>
        </Flex>
      </Container>
    </>
  );
}
