import { Box, Button, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import NotFoundPage from '../../app/NotFoundPage';
import { ColorModeToggle } from '../../components/ColorModeToggle';
import { Logo } from '../../components/Logo';
import { NavItemLink } from '../../components/NavItemLink';
import { PageSpinner } from '../../components/PageSpinner';
import { SkipLink } from '../../components/SkipLink';
import { UserMenu } from '../../components/UserMenu';
import { useAuth } from '../accounts/session/AuthContext';
import { startSession } from '../accounts/session/session';
import AuditPage from './pages/AuditPage';
import JobsPage from './pages/JobsPage';
import NumbersPage from './pages/NumbersPage';
import PlansPage from './pages/PlansPage';
import ProvidersPage from './pages/ProvidersPage';
import UserDetailPage from './pages/UserDetailPage';
import UsersPage from './pages/UsersPage';

/** The console's sections, in the side menu's order. Reports is the moderation queue's own page. */
/** The app's 404 for anyone but an admin (its own chunk: see NotFoundFrame.tsx). */
const NotFoundFrame = lazy(() => import('./NotFoundFrame'));

const SECTIONS = [
  { label: 'Users', to: '/admin/users' },
  { label: 'Plans', to: '/admin/plans' },
  { label: 'Reports', to: '/admin/reports', own: true },
  { label: 'Audit log', to: '/admin/audit' },
  { label: 'Jobs', to: '/admin/jobs' },
  { label: 'Providers', to: '/admin/providers' },
  { label: 'Numbers', to: '/admin/numbers' },
] as const;

/**
 * The admin console at /admin (api: schema/admin.graphql). Anyone but an admin, signed out too, gets
 * the app's ordinary 404, so the console's existence is not advertised; the server checks the role
 * of every operation on its own (moderation/graphql.console.ts), this is only what is drawn.
 */
export default function AdminConsole() {
  const { status, user } = useAuth();
  if (status === 'checking') void startSession();
  if (status === 'checking') return <PageSpinner label="Checking authentication..." minH="100dvh" />;
  if (user?.role !== 'admin')
    return (
      <Suspense fallback={<PageSpinner label="Loading..." minH="100dvh" />}>
        <NotFoundFrame />
      </Suspense>
    );
  return (
    <>
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="7xl">
          <Flex h="16" align="center" justify="space-between" gap="3">
            <HStack gap="3" minW="0">
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/chat">
                  <LuArrowLeft aria-hidden="true" /> Back
                </RouterLink>
              </Button>
              <Logo to="/chat" />
              <Text as="span" fontWeight="semibold" color="fg.muted" hideBelow="sm">
                Console
              </Text>
            </HStack>
            <HStack gap="2">
              <ColorModeToggle />
              <UserMenu showName={false} placement="bottom-end" />
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container maxW="7xl" flex="1" py={{ base: '4', md: '8' }}>
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }}>
          <ConsoleNav />
          <Box as="main" id="main" flex="1" minW="0">
            <Suspense fallback={<PageSpinner label="Loading..." />}>
              <Routes>
                <Route index element={<Navigate to="users" replace />} />
                <Route path="users" element={<UsersPage />} />
                <Route path="users/:userId" element={<UserDetailPage />} />
                <Route path="plans" element={<PlansPage />} />
                <Route path="audit" element={<AuditPage />} />
                <Route path="jobs" element={<JobsPage />} />
                <Route path="providers" element={<ProvidersPage />} />
                <Route path="numbers" element={<NumbersPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </Box>
        </Flex>
      </Container>
    </>
  );
}

/** The sections; on phones a horizontally scrolling strip, as the account pages' menu is. */
function ConsoleNav() {
  return (
    <Box
      as="nav"
      aria-label="Console"
      flexShrink={0}
      width={{ base: 'full', md: '48' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      position={{ md: 'sticky' }}
      top={{ md: '6' }}
      alignSelf="flex-start"
    >
      <Box
        as="ul"
        listStyleType="none"
        display="flex"
        flexDirection={{ base: 'row', md: 'column' }}
        gap="1"
        pb={{ base: '2', md: '0' }}
      >
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavItemLink
              to={section.to}
              display="flex"
              alignItems="center"
              gap="1.5"
              whiteSpace="nowrap"
              _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
            >
              {section.label}
              {/* The moderation queue is a page of its own, outside the console's frame. */}
              {'own' in section ? <LuExternalLink aria-hidden="true" /> : null}
            </NavItemLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
