import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from './AuthContext';

/** The pages a signed-in visitor has no use for: a sign-in elsewhere takes them on to the chat. */
const SIGN_IN_PAGES = new Set(['/login', '/register']);

/**
 * A tab left on /login or /register follows a sign-in made in another tab of the browser to /chat,
 * once AuthProvider has learnt who signed in. (Sign-outs need nothing here: signed-in routes go to
 * /login by themselves, RequireAuth.)
 */
export function useSignInFromOtherTabs(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { status } = useAuth();
  const [following, setFollowing] = useState(false);
  // The channel loads after the page (out of the public pages' initial JavaScript, as in AuthProvider).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../../../lib/otherTabs').then(({ listenToOtherTabs }) => {
      if (ended) return;
      stop = listenToOtherTabs((news) => {
        if (news.kind === 'signedIn') setFollowing(true);
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, []);
  useEffect(() => {
    if (!following || status !== 'signedIn') return;
    setFollowing(false);
    if (SIGN_IN_PAGES.has(pathname.replace(/\/+$/, ''))) navigate('/chat', { replace: true });
  }, [following, status, pathname, navigate]);
}
