import type { Alert } from './alerts';

/**
 * "Allow Notifications": the browser's own notification (the Notification API), shown only while
 * the tab is hidden: in view, the page itself already shows what happened. The permission is asked
 * when the person turns the setting on (Settings, a click), never on page load.
 */
export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

export function showDesktopAlert(alert: Alert): void {
  if (!notificationsSupported() || Notification.permission !== 'granted' || !document.hidden) return;
  try {
    const shown = new Notification(alert.title, { body: alert.body, tag: alert.tag, icon: '/favicon.svg' });
    shown.onclick = () => {
      window.focus();
      // The app's router follows history changes: the page opens without a reload.
      if (`${location.pathname}${location.search}` !== alert.path) {
        history.pushState(null, '', alert.path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
      shown.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
  }
}

/** Asks for the permission (call it from a click); what the browser answered. */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}
