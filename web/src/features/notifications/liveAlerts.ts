import { apolloClient } from '../../app/apollo';
import { MySettingsQuery } from '../accounts/graphql';
import { getSession, subscribeSession } from '../accounts/session/session';
import { SocialEventsSubscription } from '../social/graphql';
import { type Alert, notificationAlert, socialAlert } from './alerts';
import { playChime } from './chime';
import { askNotificationPermission, notificationsSupported, showDesktopAlert } from './desktopAlert';
import { NotificationAddedSubscription } from './graphql';
import { describeNotification } from './notificationText';
import { dropOtherAccountsPush } from './pushDevice';

/**
 * The two notification settings, read when something happens (the settings query is cached, and
 * Settings updates that cache on Save, so a change applies to the next alert without a reload).
 */
async function alertSettings(): Promise<{ allowNotifications: boolean; enableSounds: boolean }> {
  try {
    const { data } = await apolloClient.query({ query: MySettingsQuery, fetchPolicy: 'cache-first' });
    return {
      allowNotifications: data?.mySettings.allowNotifications ?? false,
      enableSounds: data?.mySettings.enableSounds ?? false,
    };
  } catch {
    return { allowNotifications: false, enableSounds: false };
  }
}

/** Tells the person of `alert` as their settings ask: a chime, a desktop notification, both or none. */
export async function deliverAlert(alert: Alert, chime = alert.chime): Promise<void> {
  const { allowNotifications, enableSounds } = await alertSettings();
  if (enableSounds && chime) playChime();
  if (allowNotifications) showDesktopAlert(alert);
}

/**
 * Chimes for an assistant's finished answer when "Enable Sounds" is on (chat/components/
 * useAnswerStreams.ts), if the person looked away while it was written (another tab or window): a
 * chime for the answer one is watching appear is only noise. Messages from people always chime.
 */
export async function chimeForReply(): Promise<void> {
  if (!document.hidden && document.hasFocus()) return;
  if ((await alertSettings()).enableSounds) playChime();
}

/**
 * The browser's permission for notifications is asked when someone does something they would want
 * to hear back about (writing to a friend, starting a video) while "Allow Notifications" is on, and
 * only once: never on page load. Call it from the click.
 */
export async function askForNotificationsNow(): Promise<void> {
  if (!notificationsSupported() || Notification.permission !== 'default') return;
  if ((await alertSettings()).allowNotifications) await askNotificationPermission();
}

/**
 * Keeps one subscription open, handing each answer to `next`; after a dropped socket (or an answer
 * that is an error) it subscribes again, a little later each time. The way to stop.
 */
function keepSubscribed<T>(
  subscribe: () => { subscribe(observer: object): { unsubscribe(): void } },
  next: (data: T) => void,
  pick: (result: { data?: unknown }) => T | null | undefined,
): () => void {
  let stopped = false;
  let retry: number | undefined;
  let delay = 2_000;
  let subscription: { unsubscribe(): void } | undefined;
  const again = () => {
    subscription?.unsubscribe();
    if (stopped) return;
    window.clearTimeout(retry);
    retry = window.setTimeout(start, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  function start() {
    if (stopped) return;
    subscription = subscribe().subscribe({
      next: (result: { data?: unknown; error?: unknown }) => {
        const data = pick(result);
        if (!data) return void (result.error && again());
        delay = 2_000;
        next(data);
      },
      error: again,
      complete: again,
    });
  }
  start();
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    subscription?.unsubscribe();
  };
}

/**
 * While someone is signed in, follows their friend and message events and their new notifications
 * (likes, comments, replies, followers…) on every page (not only Friends and Messages) and alerts
 * them. Started by accounts/session/followOtherTabs.ts, out of the public pages' first JS.
 */
function followAlertsOf(userId: string): () => void {
  const stops = [
    keepSubscribed<Parameters<typeof socialAlert>[0]>(
      () => apolloClient.subscribe({ query: SocialEventsSubscription, fetchPolicy: 'no-cache' }),
      (event) => {
        const alert = socialAlert(event, userId);
        if (alert) void deliverAlert(alert);
      },
      (result) =>
        (result.data as { socialEvents?: Parameters<typeof socialAlert>[0] } | undefined)?.socialEvents,
    ),
    keepSubscribed<Parameters<typeof describeNotification>[0] & { id: string }>(
      () => apolloClient.subscribe({ query: NotificationAddedSubscription, fetchPolicy: 'no-cache' }),
      (n) => {
        const alert = notificationAlert(n, () => describeNotification(n));
        if (alert) void deliverAlert(alert);
      },
      (result) =>
        (
          result.data as
            | { notificationAdded?: Parameters<typeof describeNotification>[0] & { id: string } }
            | undefined
        )?.notificationAdded,
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** Follows whoever is signed in (again for each new user), nobody while signed out. The way to stop. */
export function followLiveAlerts(): () => void {
  let following: { userId: string; stop: () => void } | null = null;
  const follow = () => {
    const { status, user } = getSession();
    const userId = status === 'signedIn' ? user?.id : undefined;
    if (following && following.userId === userId) return;
    following?.stop();
    following = userId ? { userId, stop: followAlertsOf(userId) } : null;
    // This browser's push subscription, if another account made it, is not this one's to keep.
    if (userId) void dropOtherAccountsPush(userId).catch(() => undefined);
  };
  follow();
  const unsubscribe = subscribeSession(follow);
  return () => {
    unsubscribe();
    following?.stop();
  };
}
