import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The page the service worker answers a visit with when the network is down (web/public). */
const OFFLINE_PAGE = 'offline.html';
/** The script that puts it in the visitor's language (web/public): kept with it. */
const OFFLINE_SCRIPT = 'offline.js';

/**
 * The installable app's service worker (dist/sw.js, scope /), made by vite-plugin-pwa with Workbox.
 * - It keeps ahead of time only the app shell: offline.html (with offline.js) and the entry's own scripts and styles
 *   (what every page runs first), not the hundreds of lazy chunks (CodeMirror, Mermaid, each page):
 *   those stay with the browser's HTTP cache, where their hashed names keep them a year anyway.
 * - Page visits go to the network, always (Workbox's NetworkOnly, with navigation preload so the
 *   worker's start-up doesn't delay them); only when it can't be reached does offline.html answer.
 *   No page's HTML is ever stored: the api writes each one per request (head tags, CSP nonces, the
 *   signed-in chat's outline, the public data pages drawn with their data).
 * - Nothing else is routed: /api, /graphql, /media, /healthz and every other request pass straight
 *   to the network, never cached by the worker.
 * - registerType 'prompt': a new worker waits until the person chooses "Reload" (src/app/updatePrompt.ts).
 *   It is registered by src/app/serviceWorker.ts, loaded once the page is idle (main.tsx), so no
 *   page's first JavaScript grows.
 * The api serves sw.js, offline.html, offline.js and the manifest with `Cache-Control: no-cache` (api/src/http/web.ts).
 */
export function serviceWorker(): Plugin[] {
  // The entry chunks, everything they import statically, and their CSS: the app shell to precache.
  const shell = new Set<string>([OFFLINE_PAGE, OFFLINE_SCRIPT]);
  const collectShell: Plugin = {
    name: 'chorus:service-worker-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const stack = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      while (stack.length) {
        const name = stack.pop()!;
        const chunk = byName.get(name);
        if (!chunk || shell.has(name)) continue;
        shell.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
        stack.push(...chunk.imports);
      }
    },
  };
  return [
    collectShell,
    ...VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // Registered by our own code after the page is idle (src/app/serviceWorker.ts).
      injectRegister: false,
      // A file of its own, web/public/manifest.webmanifest, linked by index.html.
      manifest: false,
      includeManifestIcons: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: [OFFLINE_PAGE, OFFLINE_SCRIPT, 'assets/*.{js,css}'],
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((e) => shell.has(e.url)), warnings: [] }),
        ],
        // One file: the api serves it uncached, and no second script has to be allowed or kept fresh.
        inlineWorkboxRuntime: true,
        // Web Push: showing a push and opening its page on a click (web/public/push-sw.js, which
        // also serves as the worker on its own where this one isn't built: dev and tests).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        navigateFallback: null,
        navigationPreload: true,
        runtimeCaching: [
          {
            // A page visit, except to what the api answers itself (its JSON, files, the explorer,
            // the answers' preview frame): those stay plain network requests, offline or not.
            // Workbox copies this function into sw.js: it may use nothing from outside.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(api|graphql|graphiql|media|healthz|artifact-frame\.html)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: `/${OFFLINE_PAGE}` } },
          },
        ],
      },
    }),
  ];
}
