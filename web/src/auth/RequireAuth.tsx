import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useAuth } from './AuthContext';

/**
 * Gate for signed-in routes. Spec §2: show 'Checking authentication...' while unknown; a signed-out
 * answer or a network failure sends the visitor to /login (replacing history so Back doesn't loop).
 */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'checking') return <PageSpinner label="Checking authentication..." />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}
