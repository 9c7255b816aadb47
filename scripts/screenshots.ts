/**
 * Screenshots of pages as a person sees them, for looking at: `npx tsx scripts/screenshots.ts
 * [baseUrl] [outDir] [routes...]`. Signs up a fresh user for the signed-in pages (or signs in as
 * SHOT_USERNAME). Light and dark, 375, 768 and 1280 px wide.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { findChromium } from './lib/chromium.ts';

const [base = 'http://localhost:3000', out = '/tmp/shots', ...routeArgs] = process.argv.slice(2);
const routes = routeArgs.length
  ? routeArgs
  : [
      '/',
      '/login',
      '/register',
      '/features',
      '/chat',
      '/profile',
      '/settings',
      '/plans',
      '/gallery',
      '/nope',
    ];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
// SHOT_USERNAME and SHOT_PASSWORD: an existing account (one with videos and files) instead of a new one.
const username = process.env.SHOT_USERNAME ?? `shot_${Date.now().toString(36)}`;
const setup = await browser.newContext({ baseURL: base });
const res = process.env.SHOT_USERNAME
  ? await setup.request.post('/api/auth/login', {
      data: { username, password: process.env.SHOT_PASSWORD ?? '' },
    })
  : await setup.request.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, password: 'screenshot-pass' },
    });
if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
const storage = await setup.storageState();
for (const theme of ['light', 'dark'] as const) {
  // Signed in, the saved setting wins over the browser's remembered mode.
  await setup.request.post('/graphql', {
    data: { query: `mutation { updateSettings(input: { darkMode: ${theme === 'dark'} }) { darkMode } }` },
  });
  for (const width of [375, 768, 1280]) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width, height: 900 },
      storageState: storage,
    });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}-${theme}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
