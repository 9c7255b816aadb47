import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { msg, useT } from '../../../lib/i18n';
import { ACCOUNT_PAGES } from '../accountPages';
import { useAuth } from '../session/AuthContext';
import { SideNavFrame } from './SideNavFrame';
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
  // Outgoing webhooks (linked from Settings, like Safety).
  '/settings/webhooks': lazy(() => import('../../webhooks/pages/WebhooksPage')),
  // MCP servers whose tools the assistants may call (features/tools; in the user menu and Settings).
  '/settings/tools': lazy(() => import('../../tools/pages/ToolsPage')),
  // Personal API tokens (linked from Settings too).
  '/settings/tokens': lazy(() => import('../../tokens/pages/ApiTokensPage')),
  '/notifications': lazy(() => import('../../notifications/pages/NotificationsPage')),
  '/plans': lazy(() => import('../../billing/pages/PlansPage')),
  // This month's prompts, tokens, videos, storage and cost (features/usage).
  '/usage': lazy(() => import('../../usage/pages/UsagePage')),
  '/files': lazy(() => import('../../files/pages/FilesPage')),
  '/prompts': lazy(() => import('../../prompts/pages/PromptsPage')),
  '/assistants': lazy(() => import('../../assistants/pages/AssistantsPage')),
  '/friends': lazy(() => import('../../social/pages/FriendsPage')),
  '/messages': lazy(() => import('../../social/pages/MessagesPage')),
  '/invitations': lazy(() => import('../../social/pages/InvitationsPage')),
  '/gallery': lazy(() => import('../../video/pages/GalleryPage')),
  '/liked': lazy(() => import('../../video/pages/LikedVideosPage')),
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
  const t = useT();
  if (adminConsole && !(reports && status === 'signedIn'))
    return (
      <Suspense fallback={<PageSpinner label={t('Loading...')} minH="100dvh" />}>
        <AdminConsole />
      </Suspense>
    );
  return (
    <SideNavFrame back="/" maxW="6xl" nav={{ label: msg('Account'), items: ACCOUNT_PAGES, width: '56' }}>
      <VerifyEmailBanner />
      <Suspense fallback={<PageSpinner label={t('Loading...')} />}>{Page ? <Page /> : <Outlet />}</Suspense>
    </SideNavFrame>
  );
}
