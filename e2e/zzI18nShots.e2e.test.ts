import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpFree } from './support/accounts.ts';
import { hasHorizontalScroll, uniqueName, useJourney, viewports, waitForHydration } from './support/browser.ts';

// Temporary (not committed): screenshots of the translated pages.
const journey = useJourney('i18nShots');
const DIR = '/tmp/i18na/shots';
mkdirSync(DIR, { recursive: true });

async function shot(page: Page, name: string, scroll: string[]) {
  await waitForHydration(page, { settleMs: 800 });
  if (await hasHorizontalScroll(page)) scroll.push(name);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const view = page.viewportSize()!.height;
  for (let i = 0, y = 0; y < height && i < 12; i++, y += view) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${DIR}/${name}-${i}.png` });
  }
}

describe('i18n shots', () => {
  it('draws the public pages and the gallery in German and Japanese', async (test) => {
    const scroll: string[] = [];
    const { context, page } = await journey.newPage(test, viewports.desktop);
    await signUpFree(page, uniqueName('shots'), 'shots-pass-123');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('@video a cat surfing at sunset, 4 seconds');
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('Share to the community gallery').click();
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.locator('video').waitFor({ timeout: 60_000 });
    await dialog.getByText('Saved to your gallery and shared to the community gallery.').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    for (const language of ['de', 'ja'] as const) {
      const visitor = await context.browser()!.newContext({ viewport: viewports.mobile, baseURL: page.url() });
      const v = await visitor.newPage();
      for (const [path, name] of [
        ['/', 'home'],
        ['/pricing', 'pricing'],
        ['/community-videos', 'community'],
        ['/ai-video-generator', 'generator'],
      ] as const) {
        await v.goto(`/${language}${path === '/' ? '/' : path}`);
        await shot(v, `${language}-375-${name}`, scroll);
      }
      await v.goto(`/${language}/community-videos`);
      await v.locator('article a').first().click();
      await v.waitForURL(/\/videos\//);
      await shot(v, `${language}-375-video`, scroll);
      await visitor.close();

      await page.setViewportSize(viewports.mobile);
      await page.addInitScript((l) => localStorage.setItem('chorus.language', l), language);
      await page.goto('/gallery');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(1500);
      await shot(page, `${language}-375-gallery`, scroll);
      await page.goto('/plans');
      await page.waitForTimeout(1500);
      await shot(page, `${language}-375-plans`, scroll);
      await page.setViewportSize(viewports.desktop);
    }
    console.log('SIDE SCROLL:', JSON.stringify(scroll));
    expect(scroll).toEqual([]);
  });
});
