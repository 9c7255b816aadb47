import { apiFetch } from '../../lib/api';
import { t } from '../../lib/i18n';
import { keyBytes, type PushState, sameKey } from './pushRules';

/**
 * This browser's Web Push subscription (Settings → "Push notifications on this device"): made with
 * the server's public key through the service worker's pushManager, and given to the api
 * (`POST /api/push/subscriptions`), which pushes to it when the person has no Chorus tab open.
 *
 * The service worker: the app's own when it has one (it must `importScripts('/push-sw.js')`: see that
 * file); otherwise web/public/push-sw.js itself is registered here, on the first "on".
 *
 * Which account subscribed is kept in localStorage (OWNER_KEY): a subscription the browser still
 * holds for someone else (they signed out while this page wasn't looking, and another account signed
 * in) is dropped, never handed to the new account. The server ends its copy at logout by itself
 * (api/src/modules/push/core/subscriptions.ts).
 */

const OWNER_KEY = 'chorus:push-owner';

const owner = () => {
  try {
    return window.localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
};
const setOwner = (userId: string | null) => {
  try {
    if (userId) window.localStorage.setItem(OWNER_KEY, userId);
    else window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage off (a private window): the subscription still works; it just isn't tied to its owner.
  }
};

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(register: boolean): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing || !register) return existing ?? null;
  await navigator.serviceWorker.register('/push-sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await registration(false);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

const post = (subscription: PushSubscription) =>
  apiFetch('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });

/** The public key, or null when the server has push off. */
export async function pushPublicKey(): Promise<string | null> {
  return (await apiFetch<{ publicKey: string | null }>('/api/push/config')).publicKey;
}

/**
 * Where this device stands for `userId`. A subscription of theirs is given to the server again (it
 * may have dropped it: a session that ended); one of someone else's, or made with an old key, is dropped.
 */
export async function readPushState(publicKey: string | null, userId: string): Promise<PushState> {
  if (!publicKey) return 'unavailable';
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await browserSubscription();
  if (!subscription) return 'off';
  if (owner() !== userId || !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe().catch(() => false);
    setOwner(null);
    return 'off';
  }
  if (Notification.permission !== 'granted') return 'off';
  await post(subscription);
  return 'on';
}

/** Asks the browser (from the click), subscribes and tells the server; the state it ends in. */
export async function turnPushOn(publicKey: string, userId: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') throw new Error(t('Notifications were not allowed: nothing was turned on.'));
  const reg = await registration(true);
  if (!reg) throw new Error(t('The service worker could not be started.'));
  let subscription = await reg.pushManager.getSubscription();
  if (
    subscription &&
    (owner() !== userId || !sameKey(subscription.options.applicationServerKey, publicKey))
  ) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  try {
    await post(subscription);
  } catch (error) {
    // The server refused it: the browser must not keep a subscription nobody sends to.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  setOwner(userId);
  return 'on';
}

/** Tells the server to forget this device and drops the browser's subscription. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await browserSubscription();
  if (subscription) {
    try {
      await apiFetch('/api/push/subscriptions', {
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      });
    } finally {
      // Dropped here even if the server could not be told: its next push gets a 410 and it forgets it.
      await subscription.unsubscribe().catch(() => false);
    }
  }
  setOwner(null);
  return 'off';
}

/**
 * Drops the browser's subscription when it was made for another account than `userId`, who is
 * signed in now (liveAlerts.ts calls it as each account's session starts).
 */
export async function dropOtherAccountsPush(userId: string): Promise<void> {
  const subscribedBy = owner();
  if (!subscribedBy || subscribedBy === userId || !pushSupported()) return;
  const subscription = await browserSubscription();
  await subscription?.unsubscribe().catch(() => false);
  setOwner(null);
}
