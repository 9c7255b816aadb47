import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isChatPath, removeAppShell } from '../lib/appShell';

/**
 * Removes the chat's server-drawn outline as soon as the app is on another screen (a signed-out
 * visitor sent to /login, say); on the chat itself, ChatPage removes it once it has drawn.
 */
export function useAppShellHandoff(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!isChatPath(pathname)) removeAppShell();
  }, [pathname]);
}
