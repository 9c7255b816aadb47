import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser, uniqueName, viewports, baseUrl } from './support/browser.ts';
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(() => browser.close());
const title = (page: Page, t: string) => page.locator('[data-scope="toast"][data-part="title"]').filter({ hasText: new RegExp(`^${t}$`) });
for (const [vname, viewport] of Object.entries(viewports)) {
  for (const scheme of ['light', 'dark'] as const) {
    it(`video ${vname} ${scheme}`, async () => {
      const context = await browser.newContext({ viewport, baseURL: baseUrl(), colorScheme: scheme });
      const page = await context.newPage();
      const u = uniqueName('shot');
      await page.goto('/register?plan=free');
      await page.getByLabel('Username').fill(u);
      await page.getByLabel('Email').fill(`${u}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password').fill('secret123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/chat');
      await title(page, 'Registration successful').waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/shots/appux/toast-after-registration-${vname}-${scheme}.png` });
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('@video a paper boat on a puddle, 4 seconds');
      await box.press('Enter');
      await title(page, 'Video Saved!').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/shots/appux/toast-video-dialog-${vname}-${scheme}.png` });
      await context.close();
    });
  }
}
