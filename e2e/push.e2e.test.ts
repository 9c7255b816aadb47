import { describe, expect, it } from 'vitest';
import { registerByApi } from './support/accounts.ts';
import { looks, modeContext, screenshot, shotsFolder, uniqueName, useBrowser } from './support/browser.ts';
import { useJourneyDatabase } from './support/database.ts';

/**
 * The browser's push service, stood in: Chromium's headless shell answers every notification
 * permission with "denied" and has no push service to subscribe with, so the permission reads
 * "granted" and pushManager's subscribe/getSubscription make and keep (in localStorage, across a
 * reload) a subscription as a browser's looks: an https endpoint, a 65-byte P-256 key, a 16-byte auth
 * secret. The service worker registered is the real one (the app's /sw.js, importing
 * web/public/push-sw.js, or push-sw.js itself).
 */
function standInPushService() {
  Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'granted' });
  Notification.requestPermission = async () => 'granted';
  const KEY = 'stand-in:push-subscription';
  const b64 = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const bytes = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  type Kept = { endpoint: string; p256dh: string; auth: string; serverKey: string };
  const subscriptionOf = (kept: Kept) => ({
    endpoint: kept.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(kept.serverKey).buffer },
    toJSON: () => ({
      endpoint: kept.endpoint,
      expirationTime: null,
      keys: { p256dh: kept.p256dh, auth: kept.auth },
    }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () => {
    const kept = localStorage.getItem(KEY);
    return kept ? (subscriptionOf(JSON.parse(kept)) as unknown as PushSubscription) : null;
  };
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const p256dh = crypto.getRandomValues(new Uint8Array(65));
    p256dh[0] = 4;
    const kept: Kept = {
      endpoint: `https://push.example.test/send/${crypto.randomUUID()}`,
      p256dh: b64(p256dh),
      auth: b64(crypto.getRandomValues(new Uint8Array(16))),
      serverKey: b64(new Uint8Array(options?.applicationServerKey as ArrayBuffer)),
    };
    localStorage.setItem(KEY, JSON.stringify(kept));
    return subscriptionOf(kept) as unknown as PushSubscription;
  };
}

/**
 * "Push notifications on this device" (web/src/features/notifications/PushCard.tsx): with the
 * browser's permission granted, turning it on registers web/public/push-sw.js as the service worker,
 * subscribes through its pushManager with the server's public key and posts the subscription
 * (api/src/modules/push); a reload finds it on; turning it off deletes it on both sides. Blocked,
 * the card says so and the switch stays off.
 */

const db = useJourneyDatabase();
const SHOTS = shotsFolder('push');
let browser: Parameters<Parameters<typeof useBrowser>[0]>[0];
useBrowser((b) => {
  browser = b;
});

const rowsOf = async (username: string) =>
  (
    await db().query(
      'select p.endpoint from push_subscriptions p join users u on u.id = p.user_id where u.username = $1',
      [username],
    )
  ).rows.map((r) => r.endpoint as string);

describe('push notifications on this device', () => {
  it('subscribes through the service worker and posts the subscription; off deletes it', async () => {
    // Its service worker must run (journeys block them by default: e2e/support/browser.ts).
    const context = await modeContext(browser, looks[2], { serviceWorkers: 'allow' });
    await context.addInitScript(standInPushService);
    const username = uniqueName('push');
    await registerByApi(context.request, username);
    const page = await context.newPage();
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByText('Off on this device.').waitFor();

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
    );
    await page.getByText('Push notifications on this device').click();
    const response = await posted;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    expect(sent.endpoint).toMatch(/^https:\/\//);
    expect(sent.keys.p256dh).toMatch(/^[\w-]{87}$/);
    expect(sent.keys.auth).toMatch(/^[\w-]{22}$/);
    await page.getByText('On: this device gets a notification when Chorus is closed.').waitFor();
    expect(await rowsOf(username)).toEqual([sent.endpoint]);
    const worker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL,
    );
    // The app's own worker (/sw.js, which imports push-sw.js) once it has registered; push-sw.js
    // itself when the push card got there first (web/src/features/notifications/pushDevice.ts).
    expect(worker).toMatch(/\/(push-)?sw\.js$/);

    // A reload finds it on (and gives it to the server again: still one row).
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByText('On: this device gets a notification when Chorus is closed.').waitFor();
    expect(await rowsOf(username)).toEqual([sent.endpoint]);

    for (const { name, colorScheme, viewport } of looks) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await screenshot(page, { path: `${SHOTS}/settings-on-${name}.png`, fullPage: true });
    }

    const deleted = page.waitForResponse(
      (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'DELETE',
    );
    await page.getByText('Push notifications on this device').click();
    expect((await deleted).status()).toBe(200);
    await page.getByText('Off on this device.').waitFor();
    expect(await rowsOf(username)).toEqual([]);
    expect(
      await page.evaluate(async () =>
        Boolean(await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()),
      ),
    ).toBe(false);
    await context.close();
  });

  it('says when the browser blocks notifications, and stays off', async () => {
    const context = await modeContext(browser, looks[2], { serviceWorkers: 'allow' });
    const username = uniqueName('pushb');
    await registerByApi(context.request, username);
    const page = await context.newPage();
    // The permission as a browser that was told "Block" reports it.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page
      .getByText('Blocked by the browser: allow notifications for Chorus', { exact: false })
      .waitFor();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Push notifications on this device' }).isDisabled())
      .toBe(true);
    for (const { name, colorScheme, viewport } of looks) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await screenshot(page, { path: `${SHOTS}/settings-blocked-${name}.png`, fullPage: true });
    }
    expect(await rowsOf(username)).toEqual([]);
    await context.close();
  });
});
