/*
 * Chorus Web Push, in the browser's service worker (api/src/modules/push/README.md).
 *
 * Standalone on purpose: the app's own service worker (/sw.js, built by vite-plugin-pwa:
 * web/vite-plugins/serviceWorker.ts) loads this file with `importScripts('/push-sw.js')`, and
 * web/src/features/notifications/pushDevice.ts uses that worker's registration as it is. Where the
 * page has none yet (dev builds, tests, or before the app registered /sw.js once idle), pushDevice.ts
 * registers this file itself as the service worker (scope `/`); /sw.js then takes the registration
 * over, its subscription with it. This file neither claims clients, skips waiting nor handles
 * fetches, so it changes nothing of the other worker's lifecycle or caching.
 *
 * The server sends JSON { title, body, url, tag } (api/src/modules/push/core/payload.ts); it arrives
 * only when the person has no Chorus tab open.
 */

/** A path on this site, or the home page: a push never opens another origin. */
function sameOriginUrl(value) {
  try {
    const url = new URL(typeof value === 'string' && value ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title.slice(0, 120) : 'Chorus';
  const options = {
    body: typeof data.body === 'string' ? data.body.slice(0, 240) : '',
    data: { url: sameOriginUrl(data.url) },
  };
  if (typeof data.tag === 'string' && data.tag) {
    // A newer push of the same thing (a conversation's messages) replaces the older, and still alerts.
    options.tag = data.tag.slice(0, 120);
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A Chorus tab already there (opened since the push): bring it forward, on the page asked for.
      const same =
        windows.find((c) => c.url === url) ||
        windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (same) {
        await same.focus();
        if (same.url !== url && 'navigate' in same) {
          // Only a tab this worker controls can be navigated; another one is at least in front.
          await same.navigate(url).catch(() => undefined);
        }
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
