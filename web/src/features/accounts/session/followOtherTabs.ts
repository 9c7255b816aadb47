import { listenToOtherTabs } from '../../../lib/otherTabs';
import { getSession, refreshSession, rewatchSession, startSession, subscribeSession } from './session';
import { acceptSessionMark } from './sessionEpoch';

/**
 * The session-end watch (watchSessionEnd.ts) and the live alerts (notifications/liveAlerts.ts) hold
 * GraphQL subscriptions, so they need Apollo: they are loaded the first time someone is signed in,
 * and from then on follow each sign-in and sign-out themselves. A visitor's public pages never load
 * Apollo for them (it was a tenth of a second of blocked main thread on a phone). Returns the way
 * to stop.
 */
function followWhileSignedIn(onEnded: () => void): () => void {
  let started = false;
  let stopped = false;
  let stopFollowers: (() => void) | undefined;
  const start = () => {
    if (started || getSession().status !== 'signedIn') return;
    started = true;
    void Promise.all([import('./watchSessionEnd'), import('../../notifications/liveAlerts')]).then(
      ([{ followSessionEnd }, { followLiveAlerts }]) => {
        if (stopped) return;
        const stopWatching = followSessionEnd(onEnded);
        const stopAlerts = followLiveAlerts();
        stopFollowers = () => {
          stopWatching();
          stopAlerts();
        };
      },
    );
  };
  start();
  const unsubscribe = subscribeSession(start);
  return () => {
    stopped = true;
    unsubscribe();
    stopFollowers?.();
  };
}

/**
 * The tabs of a browser share one session cookie: a sign-out in one ends the session in all, at
 * once (a signed-in page then goes to /login, RequireAuth), and a sign-in in one is everyone's. A
 * session the server ends is followed as well (watchSessionEnd.ts).
 * Loaded by AuthProvider after the page, out of every public page's initial JavaScript (the budget
 * in web/vite.config.ts). Returns the way to stop listening.
 */
export function followOtherTabs(
  forgetInThisTab: () => Promise<void>,
  reconnectSubscriptions: () => Promise<void>,
): () => void {
  /** Another tab signed in (maybe as someone else): drop what this tab knew and ask who it is now. */
  async function followSignInElsewhere(userId: string) {
    const client = await startSession();
    const before = getSession().user;
    if (before && before.id !== userId) {
      await client.clearStore();
      await rewatchSession();
    }
    await refreshSession();
    await reconnectSubscriptions();
  }
  // The server ending the session (signed out on another device, a ban) is followed here too, and so
  // are the live events the notification settings alert on (notifications/liveAlerts.ts).
  const stopFollowers = followWhileSignedIn(() => void forgetInThisTab());
  const stopListening = listenToOtherTabs((news) => {
    if (news.kind === 'signedOut' && getSession().status === 'signedIn') {
      acceptSessionMark();
      void forgetInThisTab();
    } else if (news.kind === 'signedIn' && getSession().user?.id !== news.userId) {
      acceptSessionMark();
      void followSignInElsewhere(news.userId);
    }
  });
  return () => {
    stopListening();
    stopFollowers();
  };
}
