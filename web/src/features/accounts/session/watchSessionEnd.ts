import { subscriptionClient } from '../../../app/apollo';
import { getSession, subscribeSession } from './session';

/** The server's close code for a socket whose session ended (api/src/platform/sessionSockets.ts). */
const SESSION_ENDED = 4401;
const WATCH = 'subscription SessionWatch { sessionWatch }';

/**
 * While signed in, the tab holds `sessionWatch` open (it never sends): when the session ends
 * anywhere, signed out from another device, a password reset, a ban, the server closes the socket
 * with 4401 and this tab signs out at once (RequireAuth then shows /login), rather than on its next
 * request. Any other end (a sign-in here reconnects the socket, the network drops) subscribes again,
 * a little later each time. Returns the way to stop.
 */
export function watchSessionEnd(onEnded: () => void): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  let retry: number | undefined;
  let delay = 1_000;

  const stopListening = subscriptionClient.on('closed', (event) => {
    if ((event as CloseEvent | undefined)?.code !== SESSION_ENDED || stopped) return;
    if (getSession().status === 'signedIn') onEnded();
  });

  const subscribe = () => {
    if (stopped) return;
    unsubscribe = subscriptionClient.subscribe(
      { query: WATCH, operationName: 'SessionWatch' },
      {
        // It never sends data: a result is its refusal, as a socket opened after the session ended
        // (signed out between the page loading and the socket opening) is answered.
        next: (result) => {
          const codes = (result.errors ?? []).map(
            (e) => (e as { extensions?: { code?: unknown } }).extensions?.code,
          );
          if (codes.includes('UNAUTHENTICATED') && getSession().status === 'signedIn') onEnded();
        },
        error: () => again(),
        complete: () => again(),
      },
    );
  };
  const again = () => {
    if (stopped || getSession().status !== 'signedIn') return;
    window.clearTimeout(retry);
    retry = window.setTimeout(subscribe, delay);
    delay = Math.min(delay * 2, 30_000);
  };

  subscribe();
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    stopListening();
    unsubscribe?.();
  };
}

/**
 * Watches whenever someone is signed in (restarting for each new user), not while signed out.
 * Started by followOtherTabs.ts, which AuthProvider loads after the page.
 */
export function followSessionEnd(onEnded: () => void): () => void {
  let watching: { userId: string; stop: () => void } | null = null;
  const follow = () => {
    const { status, user } = getSession();
    const userId = status === 'signedIn' ? user?.id : undefined;
    if (watching && watching.userId === userId) return;
    watching?.stop();
    watching = userId ? { userId, stop: watchSessionEnd(onEnded) } : null;
  };
  follow();
  const unsubscribe = subscribeSession(follow);
  return () => {
    unsubscribe();
    watching?.stop();
  };
}
