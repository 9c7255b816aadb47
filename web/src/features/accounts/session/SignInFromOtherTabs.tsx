import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listenToOtherTabs } from '../../../lib/otherTabs';
import { useAuth } from './AuthContext';

/** The pages a signed-in visitor has no use for: a sign-in elsewhere takes them on to the chat. */
const SIGN_IN_PAGES = new Set(['/login', '/register']);

/**
 * A tab left on /login or /register follows a sign-in made in another tab of the browser to /chat,
 * once AuthProvider has learnt who signed in. (Sign-outs need nothing here: signed-in routes go to
 * /login by themselves, RequireAuth.)
 */
export function SignInFromOtherTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { status } = useAuth();
  const [following, setFollowing] = useState(false);
  useEffect(
    () =>
      listenToOtherTabs((news) => {
        if (news.kind === 'signedIn') setFollowing(true);
      }),
    [],
  );
  useEffect(() => {
    if (!following || status !== 'signedIn') return;
    setFollowing(false);
    if (SIGN_IN_PAGES.has(pathname.replace(/\/+$/, ''))) navigate('/chat', { replace: true });
  }, [following, status, pathname, navigate]);
  return null;
}
