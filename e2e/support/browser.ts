import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject, type TestContext } from 'vitest';
import { findChromium } from '../../scripts/lib/chromium.ts';

/**
 * What every journey's browser context starts with. Service workers are blocked (below), and the
 * person has "reduce motion" on: the app then skips its transitions and stops its spinners
 * (web/src/theme/system.ts), so the machine isn't drawing 60 frames a second of animation in every
 * page while the journeys run (a sixth of Chromium's CPU in a measured sample). A journey that is
 * about motion asks for `reducedMotion: 'no-preference'`.
 */
const journeyDefaults: BrowserContextOptions = { serviceWorkers: 'block', reducedMotion: 'reduce' };

/**
 * Contexts of `browser` start with service workers blocked unless a journey asks otherwise
 * (`serviceWorkers: 'allow'`, e2e/installable.e2e.test.ts). The app registers one (/sw.js) once a page
 * is idle; with it, a page's requests go through the worker, where page.route() no longer sees them,
 * and a later test's page could be answered by what an earlier one installed.
 */
export function blockServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ ...journeyDefaults, ...options });
  browser.newPage = (options = {}) => newPage({ ...journeyDefaults, ...options });
  return browser;
}

/**
 * The system Chromium, headless, without the background traffic a closed network refuses, and with
 * `extraArgs` (e2e/voice.e2e.test.ts adds a fake microphone).
 *
 * V8 runs the pages without its optimising compilers (Maglev, TurboFan). A journey's page lives for
 * seconds, mostly loading and running code once: the optimisers' background compiles of it were CPU
 * spent for nothing. Measured: ten loads of /chat, Chromium's CPU 11.0-11.7 s with them, 9.3-10.3 s
 * without (decision 163). What the code does is the same either way; only its speed differs.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--js-flags=--no-opt,--no-maglev',
      ...extraArgs,
    ],
  });
  return blockServiceWorkers(browser);
}

export const baseUrl = () => inject('baseUrl');

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Each journey run on both screens, named for `describe.each` titles ('… on %s'), desktop first. */
export const screens: [name: string, viewport: { width: number; height: number }][] = [
  ['desktop', viewports.desktop],
  ['mobile', viewports.mobile],
];

/** How a journey looks at the app: the window's size and the browser's colour scheme. */
export interface Mode {
  colorScheme: 'light' | 'dark';
  viewport: { width: number; height: number };
}

/**
 * The four looks a touched page is checked in (375 and 1280 px, light and dark), each named as its
 * screenshots and test titles name it.
 */
export const looks = [
  { name: '375-light', colorScheme: 'light', viewport: viewports.mobile },
  { name: '375-dark', colorScheme: 'dark', viewport: viewports.mobile },
  { name: '1280-light', colorScheme: 'light', viewport: viewports.desktop },
  { name: '1280-dark', colorScheme: 'dark', viewport: viewports.desktop },
] as const satisfies readonly (Mode & { name: string })[];

/** A signed-out context on the api in `mode` (`options` for what a journey needs besides). */
export const modeContext = (browser: Browser, mode: Mode, options: BrowserContextOptions = {}) =>
  browser.newContext({
    viewport: mode.viewport,
    colorScheme: mode.colorScheme,
    baseURL: baseUrl(),
    ...options,
  });

/**
 * Screenshots for a person to look at assert nothing, so the journeys take them only under
 * `npm run screenshots` (SCREENSHOTS=1): a full-page picture costs the test run up to a second each,
 * and some are taken in loops over the four looks. A failing journey still leaves one
 * (`screenshotOnFailure`).
 */
export const screenshotsWanted = process.env.SCREENSHOTS === '1';

/** `target.screenshot(options)` when screenshots are wanted (see `screenshotsWanted`). */
export async function screenshot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (screenshotsWanted) await target.screenshot(options);
}

/** Where a journey keeps the screenshots a person looks at (/tmp/shots/<journey>), made if missing. */
export function shotsFolder(journey: string): string {
  const folder = path.join('/tmp/shots', journey);
  mkdirSync(folder, { recursive: true });
  return folder;
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

/** True when the page is wider than the window (a horizontal scroll bar at 375 px is a layout bug). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * No horizontal scroll once the layout has settled. Right after a resize (or a navigation) React
 * redraws for the new breakpoint on the next frames, so a single look can catch the desktop layout
 * in a phone's window; an overflow that is really there stays for the whole poll and fails it.
 */
export async function expectNoSideScroll(page: Page): Promise<void> {
  await expect
    .poll(() => hasHorizontalScroll(page), { message: `horizontal scroll on ${page.url()}`, timeout: 3_000 })
    .toBe(false);
}

/** The page as it is, narrowed to a phone's width (375 px) for the side-scroll check, then widened back. */
export async function expectNoSideScrollOnPhone(page: Page): Promise<void> {
  await page.setViewportSize(viewports.mobile);
  await expectNoSideScroll(page);
  await page.setViewportSize(viewports.desktop);
}

export const uniqueName = (prefix = 'e2e') => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

/** On failure, a screenshot of the page as it was (named after the journey), to see what the assertion saw. */
export function screenshotOnFailure(
  test: TestContext,
  page: Page,
  journey: string,
  options: { fullPage?: boolean } = {},
) {
  test.onTestFailed(async () => {
    const file = path.join(os.tmpdir(), `${journey}-e2e-failure-${Date.now()}.png`);
    await page.screenshot({ path: file, ...options }).catch(() => {});
    console.error(`${journey} e2e failed at ${page.url()}; screenshot: ${file}`);
  });
}

/**
 * One Chromium for the journeys of a file (or describe block): launched before them and handed to
 * `use`, closed after them.
 */
export function useBrowser(use: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    use(browser);
  });
  afterAll(() => browser?.close());
}

/**
 * A journey file's setup: one Chromium for its tests (`useBrowser`), and pages opened in it that keep
 * their page errors (`newPage`) and leave a screenshot named after the journey when the test fails.
 */
export function useJourney(journey: string, screenshot: { fullPage?: boolean } = {}) {
  let browser: Browser | undefined;
  useBrowser((b) => {
    browser = b;
  });
  return {
    browser: (): Browser => browser!,
    async newPage(test: TestContext, viewport: { width: number; height: number }) {
      const opened = await newPage(browser!, viewport);
      screenshotOnFailure(test, opened.page, journey, screenshot);
      return opened;
    },
  };
}

/**
 * Waits until React has taken over the server's HTML. A pre-rendered form filled before then keeps
 * its typed text in the DOM but not in React's state, so its submit button stays disabled.
 */
export async function waitForHydration(page: Page, { settleMs = 0 } = {}): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  if (settleMs) await page.waitForTimeout(settleMs);
}
