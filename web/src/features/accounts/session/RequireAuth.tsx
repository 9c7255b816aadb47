import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { useT } from '../../../lib/i18n';
import { useAuth } from './AuthContext';
import { startSession } from './session';

/**
 * Gate for signed-in routes. Spec §2: show 'Checking authentication...' while unknown; a signed-out
 * answer or a network failure sends the visitor to /login (replacing history so Back doesn't loop).
 */
export function RequireAuth() {
  const { status } = useAuth();
  const t = useT();
  // A signed-in page can't wait for idle time to learn who is there.
  if (status === 'checking') void startSession();
  if (status === 'checking') return <PageSpinner label={t('Checking authentication...')} />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}
