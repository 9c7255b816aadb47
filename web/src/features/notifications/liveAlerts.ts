import { apolloClient } from '../../app/apollo';
import { MySettingsQuery } from '../accounts/graphql';
import { getSession, subscribeSession } from '../accounts/session/session';
import { SocialEventsSubscription } from '../social/graphql';
import { type Alert, socialAlert } from './alerts';
import { playChime } from './chime';
import { askNotificationPermission, notificationsSupported, showDesktopAlert } from './desktopAlert';

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
 * While someone is signed in, follows their friend and message events on every page (not only
 * Friends and Messages) and alerts them. After a dropped socket it subscribes again, a little later
 * each time. Started by accounts/session/followOtherTabs.ts, out of the public pages' first JS.
 */
function followAlertsOf(userId: string): () => void {
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
    subscription = apolloClient
      .subscribe({ query: SocialEventsSubscription, fetchPolicy: 'no-cache' })
      .subscribe({
        next: (result) => {
          const event = result.data?.socialEvents;
          if (!event) return void (result.error && again());
          delay = 2_000;
          const alert = socialAlert(event, userId);
          if (alert) void deliverAlert(alert);
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

/** Follows whoever is signed in (again for each new user), nobody while signed out. The way to stop. */
export function followLiveAlerts(): () => void {
  let following: { userId: string; stop: () => void } | null = null;
  const follow = () => {
    const { status, user } = getSession();
    const userId = status === 'signedIn' ? user?.id : undefined;
    if (following && following.userId === userId) return;
    following?.stop();
    following = userId ? { userId, stop: followAlertsOf(userId) } : null;
  };
  follow();
  const unsubscribe = subscribeSession(follow);
  return () => {
    unsubscribe();
    following?.stop();
  };
}
