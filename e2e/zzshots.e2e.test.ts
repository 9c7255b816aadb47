import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { baseUrl, launchBrowser, uniqueName, viewports } from './support/browser.ts';
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser.close());
const dir = '/tmp/shots/appux';
for (const [vname, viewport] of Object.entries(viewports)) {
  for (const scheme of ['light', 'dark'] as const) {
    it(`shots ${vname} ${scheme}`, async () => {
      const tag = `${vname}-${scheme}`;
      const visitor = await browser.newContext({ viewport, baseURL: baseUrl(), colorScheme: scheme });
      const v = await visitor.newPage();
      await v.goto('/pricing');
      await v.getByRole('group', { name: 'Premium plan' }).waitFor();
      await v.waitForTimeout(800);
      await v.screenshot({ path: `${dir}/pricing-${tag}.png`, fullPage: true });
      await v.goto('/register');
      await v.waitForTimeout(800);
      await v.getByLabel('Username').fill('jo');
      await v.getByLabel('Email').fill('not-an-email');
      await v.getByLabel('Password', { exact: true }).fill('123');
      await v.getByLabel('Confirm Password').fill('456');
      await v.getByRole('button', { name: 'Create Account' }).click();
      await v.waitForTimeout(700);
      await v.screenshot({ path: `${dir}/register-errors-${tag}.png`, fullPage: true });
      await v.goto('/ai-video-generator');
      await v.waitForTimeout(1500);
      await v.screenshot({ path: `${dir}/ai-video-generator-${tag}.png`, fullPage: true });
      await visitor.close();

      const context = await browser.newContext({ viewport, baseURL: baseUrl(), colorScheme: scheme });
      const u = uniqueName('shot');
      await context.request.post('/api/auth/register', { data: { username: u, email: `${u}@example.com`, password: 'secret123' } });
      await context.request.post('/graphql', { data: { query: `mutation { updateSettings(input: { darkMode: ${scheme === 'dark'} }) { darkMode } }` } });
      const other = await browser.newContext({ baseURL: baseUrl() });
      const o = uniqueName('pal');
      await other.request.post('/api/auth/register', { data: { username: o, email: `${o}@example.com`, password: 'secret123' } });
      await other.close();
      await context.request.post('/graphql', { data: { query: 'mutation($u: String!) { sendFriendRequest(username: $u) { accepted } }', variables: { u: o } } });
      const page = await context.newPage();
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Privacy' }).waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${dir}/settings-nav-${tag}.png` });
      await page.goto('/gallery');
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `${dir}/gallery-nav-${tag}.png` });
      await page.goto('/friends');
      await page.getByRole('tab', { name: /Sent/ }).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${dir}/friends-sent-${tag}.png`, fullPage: true });
      await context.close();
    });
  }
}
