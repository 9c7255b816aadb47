import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import NotFoundPage from '../../app/NotFoundPage';
import { PageSpinner } from '../../components/PageSpinner';
import { msg, useT } from '../../lib/i18n';
import { SideNavFrame, type SideNavItem } from '../accounts/components/SideNavFrame';
import { useAuth } from '../accounts/session/AuthContext';
import { startSession } from '../accounts/session/session';
import AuditPage from './pages/AuditPage';
import JobsPage from './pages/JobsPage';
import NumbersPage from './pages/NumbersPage';
import PlansPage from './pages/PlansPage';
import ProvidersPage from './pages/ProvidersPage';
import UserDetailPage from './pages/UserDetailPage';
import UsersPage from './pages/UsersPage';

/** The app's 404 for anyone but an admin (its own chunk: see NotFoundFrame.tsx). */
const NotFoundFrame = lazy(() => import('./NotFoundFrame'));

/**
 * The console's sections, in the side menu's order. Reports is the moderation queue's own page,
 * outside the console's frame (drawn by AccountLayout), hence `external`. SideNavFrame translates the
 * labels (and the frame's title) where it draws them.
 */
const SECTIONS: readonly SideNavItem[] = [
  { label: msg('Users'), to: '/admin/users' },
  { label: msg('Plans'), to: '/admin/plans' },
  { label: msg('Reports'), to: '/admin/reports', external: true },
  { label: msg('Audit log'), to: '/admin/audit' },
  { label: msg('Jobs'), to: '/admin/jobs' },
  { label: msg('Providers'), to: '/admin/providers' },
  { label: msg('Numbers'), to: '/admin/numbers' },
];

/**
 * The admin console at /admin (api: schema/admin.graphql). Anyone but an admin, signed out too, gets
 * the app's ordinary 404, so the console's existence is not advertised; the server checks the role
 * of every operation on its own (moderation/graphql.console.ts), this is only what is drawn.
 */
export default function AdminConsole() {
  const { status, user } = useAuth();
  const t = useT();
  if (status === 'checking') void startSession();
  if (status === 'checking') return <PageSpinner label={t('Checking authentication...')} minH="100dvh" />;
  if (user?.role !== 'admin')
    return (
      <Suspense fallback={<PageSpinner label={t('Loading...')} minH="100dvh" />}>
        <NotFoundFrame />
      </Suspense>
    );
  return (
    <SideNavFrame
      back="/chat"
      title={msg('Console')}
      maxW="7xl"
      nav={{ label: msg('Console'), items: SECTIONS, width: '48' }}
    >
      <Suspense fallback={<PageSpinner label={t('Loading...')} />}>
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
    </SideNavFrame>
  );
}
