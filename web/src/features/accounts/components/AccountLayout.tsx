import { Box, Button, Container, Flex, HStack } from '@chakra-ui/react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Outlet, Link as RouterLink, useLocation, useMatch } from 'react-router-dom';
import { ColorModeToggle } from '../../../components/ColorModeToggle';
import { Logo } from '../../../components/Logo';
import { PageSpinner } from '../../../components/PageSpinner';
import { SkipLink } from '../../../components/SkipLink';
import { UserMenu } from '../../../components/UserMenu';
import { useAuth } from '../session/AuthContext';
import { AccountNav } from './AccountNav';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/**
 * The account pages, drawn by this frame by their path: app/AppRoutes.tsx only names the paths, as
 * the route table is part of every public page's first download and each lazy page there costs the
 * public pages' JS budget.
 */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/profile': lazy(() => import('../pages/ProfilePage')),
  '/settings': lazy(() => import('../pages/SettingsPage')),
  // Your reports and whom you blocked (linked from Settings, which stays highlighted in the menu).
  '/settings/safety': lazy(() => import('../../moderation/pages/SafetyPage')),
  '/plans': lazy(() => import('../../billing/pages/PlansPage')),
  '/files': lazy(() => import('../../files/pages/FilesPage')),
  '/friends': lazy(() => import('../../social/pages/FriendsPage')),
  '/messages': lazy(() => import('../../social/pages/MessagesPage')),
  '/invitations': lazy(() => import('../../social/pages/InvitationsPage')),
  '/gallery': lazy(() => import('../../video/pages/GalleryPage')),
  '/leaderboard': lazy(() => import('../../compare/pages/LeaderboardPage')),
  '/admin/reports': lazy(() => import('../../moderation/pages/ReportsQueuePage')),
};
/** /admin, the admin console in a frame of its own (features/admin), drawn from here for the same reason. */
const AdminConsole = lazy(() => import('../../admin/AdminConsole'));
// /admin/reports (PAGES), the moderation queue, is for moderators too: drawn in this frame for a
// signed-in person (the page itself shows anyone below moderator the 404); the console answers the rest.

/** Shared frame of the account pages (profile, plan, files, friends, messages, invitations, settings, gallery). */
export default function AccountLayout() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
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
            <Suspense fallback={<PageSpinner label="Loading..." />}>{Page ? <Page /> : <Outlet />}</Suspense>
          </Box>
        </Flex>
      </Container>
    </>
  );
}
