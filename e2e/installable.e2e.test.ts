import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe.ts';
import {
  baseUrl,
  looks,
  screenshot,
  screenshotsWanted,
  shotsFolder,
  useJourney,
  viewports,
  waitForHydration,
} from './support/browser.ts';

/**
 * The installable app (README "Installable app", web/vite-plugins/serviceWorker.ts): the manifest and
 * its icons, the service worker taking control of the site, the offline page when the network is
 * gone and the page back once it returns, and the "new version" prompt. The one journey whose
 * contexts allow service workers (the others block them: e2e/support/browser.ts).
 */

const SHOTS = shotsFolder('installable');
const journey = useJourney('installable');
const OFFLINE_HEADING = "You're offline";

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function allowingServiceWorkers(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser().newContext({
    viewport: viewports.desktop,
    baseURL: baseUrl(),
    serviceWorkers: 'allow',
  });
  return { context, page: await context.newPage() };
}

/** Opens /features and waits until the service worker (registered once the page is idle) is active. */
async function installed(page: Page): Promise<void> {
  await page.goto('/features');
  await waitForHydration(page);
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated')
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    return { scope: registration.scope, script: worker.scriptURL };
  });
  expect(state).toEqual({ scope: `${baseUrl()}/`, script: `${baseUrl()}/sw.js` });
}

describe('installable app', () => {
  it('has a valid manifest whose icons load at their sizes, linked from every page', async () => {
    const res = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Chorus',
      short_name: 'Chorus',
      start_url: '/chat',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl()}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    expect([...sizes]).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    // The public pages and the app link it, the iOS icon and the toolbar colour.
    for (const path of ['/', '/community-videos', '/chat']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
      expect(html, path).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/i);
    }
    const touch = await fetch(`${baseUrl()}/icons/apple-touch-icon.png`);
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });
  });

  it('the service worker controls the site after a reload, and keeps the app shell only', async (test) => {
    const { context, page } = await allowingServiceWorkers();
    test.onTestFinished(() => context.close());
    await installed(page);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseUrl()}/sw.js`,
    );

    // What it keeps: offline.html and the build's scripts, never a page, /api, /graphql or /media.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain('/offline.html');
    expect(kept).toContain('/offline.js');
    for (const url of kept) expect(url).toMatch(/^\/(offline\.(html|js)|assets\/[^/]+\.(js|css))$/);
    // The app shell, not every lazy chunk (there are hundreds).
    expect(kept.length).toBeLessThan(60);

    // Page visits and the api's answers still come from the network.
    const fromWorker = new Map<string, boolean>();
    page.on('response', (r) => fromWorker.set(new URL(r.url()).pathname, r.fromServiceWorker()));
    await page.goto('/community-videos');
    expect(fromWorker.get('/community-videos')).toBe(true);
    await page.evaluate(() => Promise.all(['/api/models', '/healthz'].map((url) => fetch(url))));
    await expect.poll(() => fromWorker.has('/api/models') && fromWorker.has('/healthz')).toBe(true);
    for (const [url, viaWorker] of fromWorker)
      if (/^\/(api|graphql|media|healthz)(\/|$)/.test(url)) expect(viaWorker, url).toBe(false);
    // The entry's scripts come from what it keeps.
    expect([...fromWorker].some(([url, viaWorker]) => /^\/assets\/index-/.test(url) && viaWorker)).toBe(true);
    await page.close();
  });

  it('offline, a page visit shows the offline page; back online, Try again loads it', async (test) => {
    const { context, page } = await allowingServiceWorkers();
    test.onTestFinished(() => context.close());
    await installed(page);

    await context.setOffline(true);
    // A page of the app, a public data page and the signed-in app: none is kept, all say offline.
    for (const path of ['/features', '/videos/a-kite-over-the-dunes', '/chat']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { name: OFFLINE_HEADING }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await expect.poll(() => page.getByRole('link', { name: 'Try again' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe("You're offline | Chorus");

    for (const look of looks) {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.colorScheme });
      const colours = await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return { bg: style.backgroundColor, fg: style.color };
      });
      expect(colours.bg, look.name).toBe(
        look.colorScheme === 'dark' ? 'rgb(9, 9, 11)' : 'rgb(255, 255, 255)',
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        look.name,
      ).toBe(true);
      expect(await axeProblems(page), look.name).toEqual([]);
      await screenshot(page, { path: `${SHOTS}/offline-${look.name}.png` });
    }

    // In the visitor's language (web/public/offline.js): the one they chose, kept in this browser.
    await page.evaluate(() => localStorage.setItem('chorus.language', 'ja'));
    await page.setViewportSize(viewports.mobile);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'オフラインです' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.title()).toBe('オフラインです | Chorus');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.getByRole('link', { name: '再試行' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, { path: `${SHOTS}/offline-ja-mobile.png` });
    await page.evaluate(() => localStorage.removeItem('chorus.language'));
    await page.setViewportSize(viewports.desktop);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: OFFLINE_HEADING }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL('**/chat');
    await expect
      .poll(() => page.getByRole('heading', { name: OFFLINE_HEADING }).count(), { timeout: 10_000 })
      .toBe(0);
    await page.goto('/features');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: OFFLINE_HEADING }).count()).toBe(0);
  });

  it('a new version is offered with Reload, which brings it in', async (test) => {
    const { context, page } = await allowingServiceWorkers();
    test.onTestFinished(() => context.close());
    await installed(page);
    // Notes when the app registers its worker (src/app/serviceWorker.ts, once the page is idle), so
    // the test's own registration below comes after it rather than racing it.
    await context.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args) {
        const registered = register.apply(this, args);
        (window as Window & { registered?: Promise<unknown> }).registered = registered;
        return registered;
      };
    });
    await page.reload();
    await waitForHydration(page);
    await page.waitForFunction(() => 'registered' in window);
    await page.evaluate(() => (window as Window & { registered?: Promise<unknown> }).registered);
    // A deploy, as the page sees it: another worker installs beside the one in control and waits.
    // (The browser's own check of /sw.js bypasses page.route, so the test registers the same file
    // under another address: a new worker for the browser, as new bytes would be.)
    const next = `${baseUrl()}/sw.js?next`;
    await page.evaluate((url) => navigator.serviceWorker.register(url, { scope: '/' }), next);
    const prompt = page.getByText('A new version of Chorus is ready');
    await expect.poll(() => prompt.isVisible(), { timeout: 15_000 }).toBe(true);
    if (screenshotsWanted) {
      await page.waitForTimeout(800); // the toast's entrance
      for (const look of looks) {
        await page.setViewportSize(look.viewport);
        await page.emulateMedia({ colorScheme: look.colorScheme });
        await page.waitForTimeout(200);
        await screenshot(page, { path: `${SHOTS}/update-prompt-${look.name}.png` });
      }
    }
    // Nothing changes under the person meanwhile: the new one waits, the page stays as it is.
    const versions = () =>
      page.evaluate(async () => ({
        controller: navigator.serviceWorker.controller?.scriptURL,
        waiting: (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL,
      }));
    expect(await versions()).toEqual({ controller: `${baseUrl()}/sw.js`, waiting: next });

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await waitForHydration(page);
    expect((await versions()).controller).toBe(next);
  });
});
