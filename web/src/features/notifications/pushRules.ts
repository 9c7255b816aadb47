import { type Translate, t } from '../../lib/i18n';

/**
 * The pure half of "Push notifications on this device" (PushCard.tsx, pushDevice.ts): the card's
 * states and their words, and the public key as the browser's pushManager takes it. Unit tested.
 */

/**
 * - `unavailable`: the server has no VAPID keys (GET /api/push/config answered null);
 * - `unsupported`: this browser has no service workers or Push API (or the page is not https);
 * - `blocked`: the browser's notification permission for the site is "denied";
 * - `off` / `on`: whether this browser holds a subscription the server was given.
 */
export type PushState = 'loading' | 'unavailable' | 'unsupported' | 'blocked' | 'off' | 'on';

/** What the card says under its switch in each state. */
export function pushStateText(
  state: PushState,
  allowNotifications: boolean,
  translate: Translate = t,
): string {
  const t = translate;
  switch (state) {
    case 'loading':
      return t('Checking this device…');
    case 'unavailable':
      return t('Push notifications are not set up on this server.');
    case 'unsupported':
      return t(
        "This browser can't receive push notifications. (On an iPhone or iPad, add Chorus to your Home Screen first.)",
      );
    case 'blocked':
      return t(
        'Blocked by the browser: allow notifications for Chorus in its site settings (the icon beside the address) to turn this on.',
      );
    case 'off':
      return t('Off on this device.');
    case 'on':
      return allowNotifications
        ? t('On: this device gets a notification when Chorus is closed.')
        : t('On, but "Allow Notifications" is off above, so nothing is sent.');
  }
}

/** A VAPID public key (URL-safe base64, as GET /api/push/config gives it) as bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const text = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (after the server's keys change, it must be made again). */
export function sameKey(subscriptionKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!subscriptionKey) return true;
  const a = new Uint8Array(subscriptionKey);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
